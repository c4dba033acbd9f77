/**
 * Type tests of {@link MessageShape}, checked by `pnpm typecheck` (tsc), imported by
 * nothing: a locale typed `Messages` may add the plural forms its language needs (`_zero`, `_two`,
 * `_few`, `_many`) beside any `<key>_one`, and nothing else.
 *
 * @packageDocumentation
 */

import type { MessageShape } from './messageShape';
import type { Messages } from './translation/messages';
import { texts as zhCN } from './translation/zh-CN';

type Shape = MessageShape<{ s: { n_one: string; n_other: string; plain: string } }>;

/** Russian's four forms are accepted. */
export const russianLike: Shape = { s: { n_one: 'a', n_few: 'b', n_many: 'c', n_other: 'd', plain: 'e' } };

/** A plural suffix on a key without a `_one` form is not a key of en-US. */
// @ts-expect-error plain_few: `plain` has no `_one` form
export const wrongBase: Shape = { s: { n_one: 'a', n_other: 'd', plain: 'e', plain_few: 'x' } };

/** `_one` and `_other` stay required. */
// @ts-expect-error n_other is missing
export const missingOther: Shape = { s: { n_one: 'a', plain: 'e' } };

/** The real `Messages`: a Russian square section with `_few` and `_many` compiles. */
export const ruSquare: Messages['square'] = {
  ...zhCN.square,
  results_few: '{{n}} результата',
  results_many: '{{n}} результатов',
  total_few: '{{n}} плагина',
  total_many: '{{n}} плагинов',
};

/** …but a made-up plural form does not. */
// @ts-expect-error results_several is not a CLDR plural category
export const ruWrong: Messages['square'] = { ...zhCN.square, results_several: 'x' };
