/**
 * The interface locales (SPEC §1, §9) and their other names: the `lang` cookie values and the language
 * subtags, with the functions that read them.
 */

/**
 * Interface locales (SPEC §1): zh-CN default, en-US fallback. Sent as `lang` on reads, it picks a
 * plugin's translated name, intro and description where the catalogue has one (zh.json entries that
 * describe an English plugin); otherwise the plugin's own texts are returned.
 */
export const LOCALES = ['zh-CN', 'en-US', 'ja-JP', 'ko-KR', 'ru-RU', 'es-ES'] as const;
/** One of {@link LOCALES}. */
export type Locale = (typeof LOCALES)[number];

/**
 * The one table of what else names each interface locale (SPEC §9 "Default locale zh-CN, fallback
 * en-US; lang cookie values zh-CN, en, jp, kr, ru, es"):
 * - `cookie`: the value of the `lang` cookie the marketplace writes and every page reads;
 * - `language`: the ISO 639-1 primary language subtag (RFC 5646), what `Accept-Language` entries and
 *   the catalogue's `lang` field (`zh` in zh.json) start with;
 * - `name`: the locale's name in its own language, as the language pickers (the marketplace's and
 *   the login page's) show it.
 *
 * The marketplace, the login pages and the catalogue importer all match through the helpers below.
 */
export const LOCALE_ALIASES = {
  'zh-CN': { cookie: 'zh-CN', language: 'zh', name: '简体中文' },
  'en-US': { cookie: 'en', language: 'en', name: 'English' },
  'ja-JP': { cookie: 'jp', language: 'ja', name: '日本語' },
  'ko-KR': { cookie: 'kr', language: 'ko', name: '한국어' },
  'ru-RU': { cookie: 'ru', language: 'ru', name: 'Русский' },
  'es-ES': { cookie: 'es', language: 'es', name: 'Español' },
} as const satisfies Record<Locale, { cookie: string; language: string; name: string }>;

/** The first locale of {@link LOCALES} that `test` accepts, compared on lower-cased, trimmed text. */
function findLocale(
  value: string | null | undefined,
  test: (v: string, locale: Locale, alias: (typeof LOCALE_ALIASES)[Locale]) => boolean,
): Locale | undefined {
  const v = value?.trim().toLowerCase();
  if (!v) return undefined;
  return LOCALES.find((locale) => test(v, locale, LOCALE_ALIASES[locale]));
}

/**
 * The locale a `lang` cookie value stands for (SPEC §9: `zh-CN`, `en`, `jp`, `kr`, `ru`, `es`); the
 * full locale names (`en-US`) are accepted too. Case-insensitive, surrounding spaces ignored.
 *
 * @returns the locale, or `undefined` for an empty or unknown value (`zh`, `fr`…)
 *
 * @example
 * ```ts
 * localeFromCookieValue('jp'); // 'ja-JP'
 * localeFromCookieValue(' EN-us '); // 'en-US'
 * localeFromCookieValue('fr'); // undefined
 * ```
 */
export function localeFromCookieValue(value: string | null | undefined): Locale | undefined {
  return findLocale(
    value,
    (v, locale, alias) => v === alias.cookie.toLowerCase() || v === locale.toLowerCase(),
  );
}

/**
 * The locale of a BCP 47 language tag (RFC 5646) by its primary language subtag, as an
 * `Accept-Language` entry names it: `en-GB` and `en` → `en-US`, `zh-TW` → `zh-CN`.
 * Case-insensitive.
 *
 * @returns the locale, or `undefined` for a language we have no locale for (`fr`, `*`)
 *
 * @example
 * ```ts
 * localeFromLanguageTag('en-GB'); // 'en-US'
 * localeFromLanguageTag('zh-TW'); // 'zh-CN'
 * localeFromLanguageTag('fr-FR'); // undefined
 * ```
 */
export function localeFromLanguageTag(tag: string | null | undefined): Locale | undefined {
  const primary = tag?.trim().split('-')[0];
  return findLocale(primary, (v, _locale, alias) => v === alias.language);
}

/**
 * The locale any one of its names stands for, exactly: the full name (`ja-JP`), the `lang` cookie
 * value (`jp`) or the primary language subtag alone (`ja`). Case-insensitive. Used for the
 * catalogue's `lang` field (`catalogue/README.md`).
 *
 * @returns the locale, or `undefined` for anything else (`ja-XX`, `fr`)
 *
 * @example
 * ```ts
 * matchLocale('ja-JP'); // 'ja-JP'
 * matchLocale('jp'); // 'ja-JP'
 * matchLocale('ja'); // 'ja-JP'
 * matchLocale('ja-XX'); // undefined
 * ```
 */
export function matchLocale(code: string | null | undefined): Locale | undefined {
  return findLocale(
    code,
    (v, locale, alias) =>
      v === locale.toLowerCase() || v === alias.cookie.toLowerCase() || v === alias.language,
  );
}

/** The default interface locale (SPEC §1, §9 "Default locale zh-CN"). */
export const DEFAULT_LOCALE: Locale = 'zh-CN';
/** The fallback locale (SPEC §1, §9 "fallback en-US"): what a visitor asking only for languages a site does not offer gets. */
export const FALLBACK_LOCALE: Locale = 'en-US';
