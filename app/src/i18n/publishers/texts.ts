/**
 * Texts of publisher pages (`/plugins/publisher/<handle>`), of the publisher profile settings on
 * "My plugins" and of the back office's "verified" mark, in their own i18next namespace
 * `publishers`, registered when one of those lazily loaded parts is first imported, so the square's
 * first load does not carry them. Every locale is complete, one file each beside this module: zh-CN
 * bundled with them, the others loaded on demand (see `lazyWithTexts`).
 *
 * @packageDocumentation
 */
import { registerNamespace, useTranslation } from '../i18n';
import type { PublishersMessages } from './messages';
import { texts as zhCN } from './zh-CN';

/** The i18next namespace of these texts. */
export const PUBLISHERS_NS = 'publishers';

/** Resolves once the current locale's texts of this namespace are there. */
export const publishersTextsReady = registerNamespace(
  PUBLISHERS_NS,
  zhCN,
  import.meta.glob<{ texts: PublishersMessages }>(['./*-*.ts', '!./zh-CN.ts']),
);

/**
 * The publisher texts for a component: like the app's `useTranslation` (re-renders on a language
 * change) with `t` reading the `publishers` namespace; `locale` is the current interface locale.
 */
export function usePublishersTexts(): {
  t: (key: string, options?: Record<string, unknown>) => string;
  locale: string;
} {
  const { t, locale } = useTranslation();
  return { t: (key, options) => t(key, { ...options, ns: PUBLISHERS_NS }) as string, locale };
}
