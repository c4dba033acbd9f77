/**
 * Interface language of the marketplace (SPEC §1, §9): i18next without react-i18next, a tiny
 * `useTranslation` hook over its `languageChanged` event, and the `lang` cookie.
 *
 * zh-CN is the default (bundled) and en-US the fallback. Every other locale module is loaded on demand:
 * en-US when it is chosen or a partial locale needs it as fallback; ja-JP, ko-KR, ru-RU and es-ES
 * are partial (their missing keys fall back to en-US). zh-CN is complete, so it never needs en-US,
 * which keeps the square's first load small.
 *
 * @packageDocumentation
 */
import type { Locale } from '@plugin-center/api';
import { LOCALE_ALIASES, localeFromCookieValue } from '@plugin-center/contract';
import { createInstance, type i18n as I18n, type TFunction } from 'i18next';
import { useSyncExternalStore } from 'react';
import { zhCN } from './locales/zh-CN';
import type { Messages, PartialMessages } from './messages';

/** Default interface locale (SPEC §9). */
export const DEFAULT_LOCALE: Locale = 'zh-CN';
/** Fallback locale for missing keys (SPEC §9). */
export const FALLBACK_LOCALE: Locale = 'en-US';

/**
 * The locales the language picker offers: the domestic site offers Chinese and English (SPEC §1).
 * A locale of the contract's `LOCALE_ALIASES` but not here still works when the cookie names it.
 */
export const PICKER_LOCALES = ['zh-CN', 'en-US'] as const satisfies readonly Locale[];

/** Each locale's own name, shown in the picker. */
export const LOCALE_NAMES = {
  'zh-CN': '简体中文',
  'en-US': 'English',
  'ja-JP': '日本語',
  'ko-KR': '한국어',
  'ru-RU': 'Русский',
  'es-ES': 'Español',
} as const satisfies Record<Locale, string>;

/** Name of the cookie that keeps the chosen language (SPEC §9). */
export const LANG_COOKIE = 'lang';

const LAZY_LOCALES: Partial<Record<Locale, () => Promise<Messages | PartialMessages>>> = {
  'en-US': () => import('./locales/en-US').then((m) => m.enUS),
  'ja-JP': () => import('./locales/ja-JP').then((m) => m.jaJP),
  'ko-KR': () => import('./locales/ko-KR').then((m) => m.koKR),
  'ru-RU': () => import('./locales/ru-RU').then((m) => m.ruRU),
  'es-ES': () => import('./locales/es-ES').then((m) => m.esES),
};

/**
 * The locale a `lang` cookie value stands for (SPEC §9), or `undefined` for an unknown value; also
 * accepts the full locale names (`en-US`), case-insensitively. The one locale table is the
 * contract's `LOCALE_ALIASES`, shared with the server's login pages and catalogue importer.
 */
export { localeFromCookieValue };

/** Reads the `lang` cookie from a `document.cookie` string; `undefined` when absent or unknown. */
export function readLangCookie(cookie: string = typeof document === 'undefined' ? '' : document.cookie) {
  const match = cookie.match(/(?:^|;\s*)lang=([^;]*)/);
  return localeFromCookieValue(match ? decodeURIComponent(match[1] ?? '') : undefined);
}

/** Writes the `lang` cookie for a year on the whole site (path `/`, SameSite=Lax). */
function writeLangCookie(locale: Locale): void {
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is not in every browser we serve
  document.cookie = `${LANG_COOKIE}=${LOCALE_ALIASES[locale].cookie}; path=/; max-age=31536000; SameSite=Lax${secure}`;
}

/** The i18next instance of the app (initialised synchronously with the bundled locales). */
export const i18n: I18n = createInstance();
void i18n.init({
  lng: DEFAULT_LOCALE,
  fallbackLng: FALLBACK_LOCALE,
  supportedLngs: Object.keys(LOCALE_NAMES),
  resources: { 'zh-CN': { translation: zhCN } },
  interpolation: { escapeValue: false }, // React escapes; texts are never set as HTML
  returnNull: false,
  initAsync: false,
});

let version = 0;
const listeners = new Set<() => void>();
const bump = () => {
  version += 1;
  for (const l of listeners) l();
};
i18n.on('languageChanged', (lng) => {
  if (typeof document !== 'undefined') document.documentElement.lang = lng;
  bump();
});
i18n.store.on('added', bump);

/** The current interface locale. */
export function currentLocale(): Locale {
  return (i18n.resolvedLanguage ?? i18n.language ?? DEFAULT_LOCALE) as Locale;
}

async function loadResources(locale: Locale): Promise<void> {
  const lazy = LAZY_LOCALES[locale];
  if (lazy && !i18n.hasResourceBundle(locale, 'translation')) {
    i18n.addResourceBundle(locale, 'translation', await lazy(), true, true);
  }
}

/**
 * Switches the interface language: loads the locale's resources (and en-US for fallback) first, then changes i18next's
 * language (which updates `<html lang>`), and keeps the choice in the `lang` cookie unless `persist`
 * is false (used at start-up, when the choice came from the cookie).
 */
export async function setLanguage(locale: Locale, { persist = true }: { persist?: boolean } = {}) {
  const needed = locale === DEFAULT_LOCALE ? [locale] : [locale, FALLBACK_LOCALE];
  await Promise.all(needed.map(loadResources));
  await i18n.changeLanguage(locale);
  if (persist) writeLangCookie(locale);
}

/**
 * Starts with the language of the `lang` cookie (SPEC §9), else zh-CN, and sets `<html lang>`.
 * Resolves once a lazily loaded locale is in place (at once for zh-CN).
 */
export function initLanguage(): Promise<void> {
  const locale = readLangCookie() ?? DEFAULT_LOCALE;
  document.documentElement.lang = locale;
  return locale === i18n.language ? Promise.resolve() : setLanguage(locale, { persist: false });
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const getVersion = () => version;

/** What {@link useTranslation} returns. */
export interface Translation {
  /** i18next's `t` of the app instance (fallback to en-US for missing keys). */
  t: TFunction;
  /** The current locale, also the `lang` to send to the API. */
  locale: Locale;
  /** Switches the language and keeps it in the `lang` cookie. */
  setLanguage: typeof setLanguage;
}

/**
 * Subscribes a component to the interface language (re-renders on `languageChanged` and when a lazy
 * locale's resources arrive) — the one piece of react-i18next the app needs, over
 * `useSyncExternalStore`.
 */
export function useTranslation(): Translation {
  useSyncExternalStore(subscribe, getVersion, getVersion);
  return { t: i18n.t, locale: currentLocale(), setLanguage };
}
