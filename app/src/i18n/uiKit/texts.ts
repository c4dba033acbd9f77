/**
 * Texts of the developer page `/plugins/ui-kit` in their own i18next namespace `uiKit`, registered
 * when the lazily loaded page is first imported, so the square's first load (100 KB gzip budget)
 * does not carry them. Every locale is complete, one file each beside this module: zh-CN bundled
 * with the page, the others loaded on demand (see `lazyWithTexts`). The kit's own default labels
 * (confirm, cancel, search…) are the `ui` section of the main namespace, since any page may use a
 * kit component.
 *
 * @packageDocumentation
 */
import { registerNamespace, useTranslation } from '../i18n';
import type { UiKitMessages } from './messages';
import { texts as zhCN } from './zh-CN';

/** The i18next namespace of these texts. */
export const UI_KIT_NS = 'uiKit';

/**
 * Resolves once the current locale's texts of this namespace are there. The lazily loaded page that
 * imports this module renders only after it (`lazyWithTexts` in `i18n.ts`), so no key name shows.
 */
export const uiKitTextsReady = registerNamespace(
  UI_KIT_NS,
  zhCN,
  import.meta.glob<{ texts: UiKitMessages }>(['./*-*.ts', '!./zh-CN.ts']),
);

/** A translate function bound to the `uiKit` namespace. */
export type UiKitT = (key: keyof UiKitMessages, options?: Record<string, unknown>) => string;

/** The developer page's texts for a component, re-rendering on a language change. */
export function useUiKitTexts(): { t: UiKitT } {
  const { t } = useTranslation();
  return { t: (key, options) => t(key, { ...options, ns: UI_KIT_NS }) as string };
}
