/**
 * Texts of plugin ratings and reviews (the detail's reviews section) and of their moderation queue
 * in the back office, in their own i18next namespace `ratings`, registered when one of those lazily
 * loaded parts is first imported, so the square's first load (100 KB gzip budget) does not carry
 * them. Every locale is complete, one file each beside this module: zh-CN bundled with them, the
 * others loaded on demand (see `lazyWithTexts`).
 *
 * @packageDocumentation
 */
import { registerNamespace, useTranslation } from '../i18n';
import type { RatingsMessages } from './messages';
import { texts as zhCN } from './zh-CN';

/** The i18next namespace of these texts. */
export const RATINGS_NS = 'ratings';

/** Resolves once the current locale's texts of this namespace are there. */
export const ratingsTextsReady = registerNamespace(
  RATINGS_NS,
  zhCN,
  import.meta.glob<{ texts: RatingsMessages }>(['./*-*.ts', '!./zh-CN.ts']),
);

/**
 * The ratings texts for a component: like the app's `useTranslation` (re-renders on a language
 * change) with `t` reading the `ratings` namespace; `locale` is the current interface locale.
 */
export function useRatingsTexts(): {
  t: (key: string, options?: Record<string, unknown>) => string;
  locale: string;
} {
  const { t, locale } = useTranslation();
  return { t: (key, options) => t(key, { ...options, ns: RATINGS_NS }) as string, locale };
}
