/**
 * The entry `@plugin-center/contract/locales`: the rule that picks a visit's interface locale, which
 * the marketplace applies at start and the server to its login pages and the app's `index.html`.
 * Its own entry, so an SDK that imports the contract's constants does not carry it.
 *
 * @packageDocumentation
 */
import { DEFAULT_LOCALE, FALLBACK_LOCALE, type Locale, localeFromLanguageTag } from './locales';

/**
 * The interface locale of a visit among the site's `offered` locales (SPEC §1, §9), the one rule of
 * the marketplace (at start) and the server (login pages, the app's `index.html`):
 *
 * 1. `cookieLocale` (the `lang` cookie's locale, see {@link localeFromCookieValue}) when offered;
 * 2. else the first of the browser's `languages` (most wanted first: `navigator.languages`, or the
 *    `Accept-Language` entries with q > 0 by q-value) whose primary subtag is an offered locale's
 *    (`en-GB` → en-US, `zh-TW` → zh-CN);
 * 3. else, when the browser asked for some language (any entry but `*`) and none is offered,
 *    {@link FALLBACK_LOCALE} en-US if offered;
 * 4. else the site's first locale ({@link DEFAULT_LOCALE} when `offered` is empty).
 *
 * Never throws: entries that are not strings, or longer than 64 characters, count for nothing.
 *
 * @example
 * ```ts
 * chooseOfferedLocale(undefined, ['fr-FR', 'de'], ['zh-CN', 'en-US']); // 'en-US' (fallback)
 * chooseOfferedLocale(undefined, [], ['zh-CN', 'en-US']); // 'zh-CN' (nothing asked: the default)
 * chooseOfferedLocale('ja-JP', ['en'], ['en-US', 'ja-JP']); // 'ja-JP' (the cookie)
 * ```
 */
export function chooseOfferedLocale(
  cookieLocale: Locale | undefined,
  languages: readonly unknown[],
  offered: readonly Locale[],
): Locale {
  const ok = (l: Locale | undefined): l is Locale => l !== undefined && offered.includes(l);
  if (ok(cookieLocale)) return cookieLocale;
  let asked = false;
  for (const tag of languages) {
    if (typeof tag !== 'string' || tag.length > 64) continue;
    const l = localeFromLanguageTag(tag);
    if (ok(l)) return l;
    asked ||= tag.trim() !== '*' && tag.trim() !== '';
  }
  return asked && ok(FALLBACK_LOCALE) ? FALLBACK_LOCALE : (offered[0] ?? DEFAULT_LOCALE);
}
