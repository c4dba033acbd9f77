/**
 * Texts of the login pages (SPEC §2 `/user/login/`, `/user/login/bind`) in all six interface locales
 * of SPEC §1, and how a request's locale is chosen: the marketplace's rule on the site's locales
 * (`SiteConfig.locales`): the `lang` cookie (SPEC §9 values zh-CN, en, jp, kr, ru, es) when
 * it names an offered locale, else the first offered `Accept-Language` language, else en-US (SPEC §1's
 * fallback) when the browser asked only for other languages, else the site's first locale. So the overseas site never shows Chinese and the domestic one
 * never Japanese.
 */
import { type Locale, localeFromCookieValue } from '@plugin-center/contract';
import { chooseOfferedLocale } from '@plugin-center/contract/locales';
import type { LoginTexts } from './loginTexts';
import { enUS } from './textsByLocale/en-US';
import { esES } from './textsByLocale/es-ES';
import { jaJP } from './textsByLocale/ja-JP';
import { koKR } from './textsByLocale/ko-KR';
import { ruRU } from './textsByLocale/ru-RU';
import { zhCN } from './textsByLocale/zh-CN';

export type { LoginTexts } from './loginTexts';

/** The texts of every interface locale (SPEC §1): all six complete, none falls back to another. */
export const LOGIN_TEXTS: Readonly<Record<Locale, LoginTexts>> = {
  'zh-CN': zhCN,
  'en-US': enUS,
  'ja-JP': jaJP,
  'ko-KR': koKR,
  'ru-RU': ruRU,
  'es-ES': esES,
};

/** What a request says about its language, as the Fastify plugins parse it (see `loginPageRoutes`). */
export interface LocaleWish {
  /** The `lang` cookie's value (`request.cookies.lang` of `@fastify/cookie`), URL-decoded. */
  lang?: string | undefined;
  /**
   * The `Accept-Language` languages with q > 0, most wanted first (`request.languages()` of
   * `@fastify/accepts`: by q-value, then as listed).
   */
  languages?: readonly string[] | undefined;
}

/**
 * The locale of a login page request and its texts, by the marketplace's rule on the site's locales
 * (SPEC §1, §9):
 *
 * 1. the `lang` cookie when it names one of `locales` (zh-CN, en, jp, kr, ru, es, or a full locale
 *    name, case-insensitive; the contract's `LOCALE_ALIASES`); a cookie naming another locale, or
 *    nothing we know, is ignored;
 * 2. else the first `Accept-Language` language (most wanted first) whose primary subtag is that of
 *    one of `locales` (`en-GB` → en-US, `zh-TW` → zh-CN);
 * 3. else, when `Accept-Language` asked only for languages none of `locales` is, en-US (SPEC §1's
 *    fallback) if offered;
 * 4. else `locales[0]`, the site's default (zh-CN when `locales` is empty).
 *
 * (The contract's `chooseOfferedLocale`, which the marketplace applies at start too.)
 *
 * Never throws: a non-string or oversized value simply matches nothing.
 *
 * @param wish the request's `lang` cookie and `Accept-Language` languages (both optional)
 * @param locales the site's locales (`SiteConfig.locales`), its first the default
 * @returns the locale to put in `<html lang>` and its texts
 */
export function pickLoginLocale(
  wish: LocaleWish,
  locales: readonly Locale[],
): { locale: Locale; texts: LoginTexts } {
  const lang = typeof wish.lang === 'string' && wish.lang.length <= 64 ? wish.lang : undefined;
  const languages = Array.isArray(wish.languages) ? wish.languages : [];
  const locale = chooseOfferedLocale(localeFromCookieValue(lang), languages, locales);
  return { locale, texts: LOGIN_TEXTS[locale] };
}
