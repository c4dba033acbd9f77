/**
 * Texts of the back-office pages (resource positions, banners, recommendations and
 * default installs, people, space setting, icon font, Pexels, sign-in methods) in their own i18next namespace
 * `backoffice`, registered when one of those lazily loaded pages is first imported, so the square's
 * first load (100 KB gzip budget) does not carry them (same pattern as `publish/texts.ts`). Every
 * locale is complete (SPEC §1, §9), one file each beside this module: zh-CN bundled, the others loaded on
 * demand. SPEC §8 texts are exact in every locale (`spec.ts`): 'Save Successfully', 'Save
 * failure', 'Applied successfully', 'Please try again', 'Wrong url, please try again'.
 *
 * @packageDocumentation
 */

import { registerNamespace, useTranslation } from '../i18n';
import type { BackofficeMessages } from './messages';
import { texts as zhCN } from './zh-CN';

/** The i18next namespace of these texts. */
export const BACKOFFICE_NS = 'backoffice';

/**
 * Resolves once the current locale's texts of this namespace are there. The lazily loaded pages that
 * import this module render only after it (`lazyWithTexts` in `i18n.ts`), so no key name shows.
 */
export const backofficeTextsReady = registerNamespace(
  BACKOFFICE_NS,
  zhCN,
  import.meta.glob<{ texts: BackofficeMessages }>(['./*-*.ts', '!./zh-CN.ts']),
);

/** A translate function bound to the `backoffice` namespace: `t('resource.title')`, `t('banner.number', { n: 2 })`. */
export type BackofficeT = (key: string, options?: Record<string, unknown>) => string;

/**
 * The back-office texts for a component: like the app's `useTranslation` (re-renders on a language
 * change) with `t` reading the `backoffice` namespace; `locale` is the current interface locale.
 */
export function useBackofficeTexts(): { t: BackofficeT; locale: string } {
  const { t, locale } = useTranslation();
  return { t: (key, options) => t(key, { ...options, ns: BACKOFFICE_NS }) as string, locale };
}

/** The texts of a back-office list's previous/next `Pager` (`ui/Pager.tsx`), in the `backoffice` namespace. */
export function pagerTexts(t: BackofficeT) {
  return {
    previous: t('common.previous'),
    next: t('common.next'),
    pageOf: (page: number, total: number) => t('common.pageOf', { page, total }),
  };
}
