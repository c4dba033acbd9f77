/**
 * The back-office navigation labels of the curation and settings pages (resource positions, banners,
 * recommendations, people, space setting, icon font, Pexels, sign-in methods) in their own small i18next namespace
 * `backofficeNav`, registered by `BackstageHeader` — which only back-office (lazily loaded) pages
 * render — so the square's first load (100 KB gzip budget) does not carry them. Every locale is
 * complete (SPEC §1, §9), one file each beside this module: zh-CN bundled, the others loaded on demand
 * (see `lazyWithTexts`).
 *
 * @packageDocumentation
 */
import { registerNamespace } from '../i18n';
import type { BackofficeNavMessages } from './messages';
import { texts as zhCN } from './zh-CN';

/** The i18next namespace of the navigation labels. */
export const BACKOFFICE_NAV_NS = 'backofficeNav';

/**
 * Resolves once the current locale's texts of this namespace are there. The lazily loaded pages that
 * import this module render only after it (`lazyWithTexts` in `i18n.ts`), so no key name shows.
 */
export const backofficeNavTextsReady = registerNamespace(
  BACKOFFICE_NAV_NS,
  zhCN,
  import.meta.glob<{ texts: BackofficeNavMessages }>(['./*-*.ts', '!./zh-CN.ts']),
);
