/**
 * Texts of publishing and review (the publish form, "my plugins", personal access tokens,
 * the audit list, the audit log and the batch upload) in their own i18next namespace `publish`, registered when one of those lazily loaded
 * pages is first imported, so the square's first load (100 KB gzip budget) does not carry them.
 * Every locale is complete (SPEC §1, §9), one file each beside this module (`<locale>.ts`): zh-CN (the default) is bundled
 * with these pages, every other locale is its own chunk, loaded for the current language before the
 * importing page renders (`lazyWithTexts` in `i18n.ts`) and on a language change.
 * SPEC §5 texts: the word-limit message does not show the limit; 'Wrong url, please try again'.
 *
 * @packageDocumentation
 */
import { registerNamespace, useTranslation } from '../i18n';
import type { PublishMessages } from './messages';
import { texts as zhCN } from './zh-CN';

/** The i18next namespace of these texts. */
export const PUBLISH_NS = 'publish';

/**
 * Resolves once the current locale's texts of this namespace are there. The lazily loaded pages that
 * import this module render only after it (`lazyWithTexts` in `i18n.ts`), so no key name shows.
 */
export const publishTextsReady = registerNamespace(
  PUBLISH_NS,
  zhCN,
  import.meta.glob<{ texts: PublishMessages }>(['./*-*.ts', '!./zh-CN.ts']),
);

/** A translate function bound to the `publish` namespace: `t('form.name')`, `t('error.imageFormat', { mb: 5 })`. */
export type PublishT = (key: string, options?: Record<string, unknown>) => string;

/**
 * The publishing texts for a component: like the app's `useTranslation` (re-renders on a language
 * change) with `t` reading the `publish` namespace; `locale` is the current interface locale.
 */
export function usePublishTexts(): { t: PublishT; locale: string } {
  const { t, locale } = useTranslation();
  return { t: (key, options) => t(key, { ...options, ns: PUBLISH_NS }) as string, locale };
}
