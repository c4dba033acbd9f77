import type { TopicColorKey } from '@plugin-center/contract';

/**
 * The space's topic colours (SPEC §3 `ext.template.topic_color_key`) by key, as CSS hex:
 * the accents the contract's `TOPIC_COLOR_KEYS` documents. `satisfies Record<TopicColorKey, string>`
 * makes the compiler refuse a missing or an unknown key, so this copy cannot drift from the contract,
 * whose list lives in its schemas entry (kept out of the browser's first load). The back office's
 * swatches show these; tokens.css holds each colour's palette.
 */
export const TOPIC_COLOR_VALUES = {
  indigo: '#4f46e5',
  blue: '#2563eb',
  teal: '#0d9488',
  green: '#16a34a',
  orange: '#ea580c',
  red: '#dc2626',
  pink: '#db2777',
  purple: '#9333ea',
} as const satisfies Record<TopicColorKey, string>;

/** Whether `key` names a topic colour (a key of {@link TOPIC_COLOR_VALUES}). */
export function isTopicColorKey(key: unknown): key is TopicColorKey {
  return typeof key === 'string' && Object.hasOwn(TOPIC_COLOR_VALUES, key);
}
