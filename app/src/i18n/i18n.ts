/**
 * Interface language of the marketplace (SPEC §1, §9): i18next without react-i18next, a tiny
 * `useTranslation` hook over its `languageChanged` event, the `lang` cookie, and a small registry of
 * text namespaces loaded per locale.
 *
 * Every locale of every namespace is complete (a test checks it), so nothing falls back to another
 * language; en-US stays i18next's fallback only as a safety net. zh-CN, the default, is bundled with
 * the main namespace (the square's first load: 100 KB gzip budget) but for the sections only lazily
 * loaded pages read, which come with those pages ({@link loadPagesTexts}); every other locale is its own
 * chunk, loaded on demand by {@link setLanguage} before the switch, for the main namespace and every
 * namespace registered with {@link registerNamespace} (the lazily loaded pages' texts).
 *
 * @packageDocumentation
 */
import type { Locale } from '@plugin-center/api';
import {
  DEFAULT_LOCALE as CONTRACT_DEFAULT_LOCALE,
  FALLBACK_LOCALE as CONTRACT_FALLBACK_LOCALE,
  LOCALE_ALIASES,
  LOCALES,
  localeFromCookieValue,
} from '@plugin-center/contract';
import { chooseOfferedLocale } from '@plugin-center/contract/locales';
import { createInstance, type i18n as I18n, type TFunction } from 'i18next';
import { type ComponentType, type LazyExoticComponent, lazy, useSyncExternalStore } from 'react';
import { readCookie, writeCookie } from '../cookies';
import { site } from '../site';
import type { Messages } from './translation/messages';
import { texts as zhCN } from './translation/zhCNSquare';

/** Default interface locale (SPEC §9). */
export const DEFAULT_LOCALE: Locale = CONTRACT_DEFAULT_LOCALE;
/** Fallback locale for missing keys (SPEC §9); with every locale complete, never used in practice. */
export const FALLBACK_LOCALE: Locale = CONTRACT_FALLBACK_LOCALE;
/** i18next's name of the main namespace (`app/src/i18n/translation/<locale>.ts`). */
export const MAIN_NS = 'translation';

/** Name of the cookie that keeps the chosen language (SPEC §9). */
export const LANG_COOKIE = 'lang';

/**
 * The locale a `lang` cookie value stands for (SPEC §9), or `undefined` for an unknown value; also
 * accepts the full locale names (`en-US`), case-insensitively. The one locale table is the
 * contract's `LOCALE_ALIASES`, shared with the server's login pages and catalogue importer.
 */
export { localeFromCookieValue };

/** Reads the `lang` cookie from a `document.cookie` string; `undefined` when absent or unknown. */
export function readLangCookie(cookie: string = typeof document === 'undefined' ? '' : document.cookie) {
  const raw = readCookie(cookie, LANG_COOKIE);
  let value: string | undefined;
  try {
    value = raw === null ? undefined : decodeURIComponent(raw);
  } catch {
    value = undefined; // a malformed %-escape: as if there were no cookie
  }
  return localeFromCookieValue(value);
}

/** Writes the `lang` cookie for a year on the whole site (path `/`, SameSite=Lax). */
function writeLangCookie(locale: Locale): void {
  writeCookie(LANG_COOKIE, LOCALE_ALIASES[locale].cookie, 31_536_000);
}

/**
 * The start-up locale, by the contract's `chooseOfferedLocale` (the server applies the same rule to
 * the login pages and the app's `index.html`): the `lang` cookie (SPEC §9 values) when it names one
 * of the site's locales; else the first of the browser's languages (`navigator.languages`, by primary
 * subtag: `en-GB` → en-US) that is one of them; else en-US (SPEC §1's fallback) when the browser
 * asks only for languages the site does not offer and the site offers en-US; else the site's first
 * locale. Never throws, whatever the inputs hold.
 */
export function chooseLocale({
  cookie,
  languages,
  locales = site.locales,
}: {
  /** The `document.cookie` string. */
  cookie: string;
  /** The browser's preferred languages, most preferred first (BCP 47 tags). */
  languages: readonly unknown[];
  /** The site's locales (SPEC §1), in its order; the first is the default. */
  locales?: readonly Locale[];
}): Locale {
  return chooseOfferedLocale(readLangCookie(cookie), languages, locales);
}

/** The i18next instance of the app (initialised synchronously with the bundled zh-CN texts of the square). */
export const i18n: I18n = createInstance();
void i18n.init({
  lng: DEFAULT_LOCALE,
  fallbackLng: FALLBACK_LOCALE,
  supportedLngs: [...LOCALES],
  resources: { [DEFAULT_LOCALE]: { [MAIN_NS]: zhCN } },
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

/** Loads one locale's texts of a namespace: the module's resource object. */
export type LocaleLoader = () => Promise<object>;

/** The locale of a locale file's path (`…/ja-JP.ts`), or `undefined` for another file. */
export const localeOfPath = (path: string): Locale | undefined =>
  LOCALES.find((l) => path.endsWith(`/${l}.ts`));

/** The texts a locale file's module exports (every namespace's locale files export `texts`). */
export function localeFileTexts(module: unknown): object | undefined {
  return (module as { texts?: object }).texts;
}

/**
 * The loaders of a namespace's locale files, from `import.meta.glob('./<namespace>/*-*.ts')` (paths ending
 * in `/<locale>.ts`, {@link localeOfPath}; other files are ignored), each module exporting its texts
 * as {@link localeFileTexts} reads them.
 */
export function localeLoaders(
  modules: Record<string, () => Promise<unknown>>,
): Partial<Record<Locale, LocaleLoader>> {
  const loaders: Partial<Record<Locale, LocaleLoader>> = {};
  for (const [path, load] of Object.entries(modules)) {
    const locale = localeOfPath(path);
    if (!locale) continue;
    loaders[locale] = async () => {
      const texts = localeFileTexts(await load());
      if (!texts) throw new Error(`${path} exports no texts for ${locale}`);
      return texts;
    };
  }
  return loaders;
}

const namespaces = new Map<string, Partial<Record<Locale, LocaleLoader>>>([
  [MAIN_NS, localeLoaders(import.meta.glob(['./translation/*-*.ts', '!./translation/zh-CN.ts']))],
]);
const inFlight = new Map<string, Promise<void>>();

/** Loads `locale`'s texts of namespace `ns` unless they are there or the locale has no file. */
function loadNamespace(ns: string, locale: Locale): Promise<void> {
  if (i18n.hasResourceBundle(locale, ns)) return Promise.resolve();
  const load = namespaces.get(ns)?.[locale];
  if (!load) return Promise.resolve();
  const key = `${locale}|${ns}`;
  let pending = inFlight.get(key);
  if (!pending) {
    pending = load()
      .then((texts) => {
        i18n.addResourceBundle(locale, ns, texts, true, true);
      })
      .finally(() => inFlight.delete(key));
    inFlight.set(key, pending);
  }
  return pending;
}

/** Loads `locale`'s texts of every registered namespace (the main one included). */
function loadLocale(locale: Locale): Promise<void> {
  return Promise.all([...namespaces.keys()].map((ns) => loadNamespace(ns, locale))).then(() => undefined);
}

/**
 * Registers a text namespace of a lazily loaded part of the app (`publish`, `backoffice`, …):
 * `defaults` (the zh-CN texts, bundled with the caller) at once, and `modules` — the
 * `import.meta.glob` of its other locale files, see {@link localeLoaders} — loaded on demand by
 * {@link setLanguage} from now on. Resolves once the current locale's texts are there (at once for
 * zh-CN); the lazily loaded pages that import the caller wait for it through {@link lazyWithTexts},
 * so they never render a key name. A failed load (network) is logged and resolves all the same: the
 * page then renders with whatever texts are there rather than not at all. Registering a namespace
 * again keeps the first texts.
 */
export function registerNamespace(
  ns: string,
  defaults: object,
  modules: Record<string, () => Promise<unknown>>,
): Promise<void> {
  if (!i18n.hasResourceBundle(DEFAULT_LOCALE, ns))
    i18n.addResourceBundle(DEFAULT_LOCALE, ns, defaults, true, true);
  if (!namespaces.has(ns)) namespaces.set(ns, localeLoaders(modules));
  return loadNamespace(ns, currentLocale()).catch((error: unknown) => {
    console.warn(`[plugin-center] texts ${ns}/${currentLocale()}:`, error);
  });
}

/**
 * Resolves once every text chunk now loading has arrived (or failed; never rejects): what a lazily
 * loaded page waits for after its module is imported, since importing it registered its namespaces.
 */
export function textsReady(): Promise<void> {
  return Promise.allSettled([...inFlight.values()]).then(() => undefined);
}

let pagesTexts: Promise<void> | undefined;

/**
 * Adds the zh-CN texts of the main namespace's sections that only lazily loaded pages read
 * (`translation/zhCNPages.ts`: detail, back-office header, reports, 403, sign-in, not found, protocol,
 * desktop header), a chunk of their own, kept out of the square's first load; the other locales'
 * main files carry those sections. Loads once; a failed load (network) is logged, resolves all the
 * same and is tried again by the next call.
 */
export function loadPagesTexts(): Promise<void> {
  pagesTexts ??= import('./translation/zhCNPages').then(
    (m) => {
      i18n.addResourceBundle(DEFAULT_LOCALE, MAIN_NS, m.texts, true, false);
    },
    (error: unknown) => {
      pagesTexts = undefined;
      console.warn(`[plugin-center] texts ${MAIN_NS}/${DEFAULT_LOCALE}:`, error);
    },
  );
  return pagesTexts;
}

/**
 * `React.lazy` for a lazily loaded page: the import resolves only once the current locale's texts
 * are there (the zh-CN texts of the main namespace's page sections, {@link loadPagesTexts}, and the
 * namespaces its module registers, {@link textsReady}), so the page's first render never shows a key
 * name (Suspense shows its fallback meanwhile).
 */
// biome-ignore lint/suspicious/noExplicitAny: React.lazy's own constraint (any props)
export function lazyWithTexts<T extends ComponentType<any>>(
  load: () => Promise<{ default: T }>,
): LazyExoticComponent<T> {
  return lazy(() =>
    Promise.all([load(), loadPagesTexts()]).then(async ([module]) => {
      await textsReady();
      return module;
    }),
  );
}

/**
 * Switches the interface language: loads the locale's texts of the main namespace and of every
 * registered one first (rejects, without switching, when a chunk fails to load), then changes
 * i18next's language (which updates `<html lang>`), and keeps the choice in the `lang` cookie (SPEC
 * §9 values: zh-CN, en, jp, kr, ru, es) unless `persist` is false (start-up).
 */
export async function setLanguage(locale: Locale, { persist = true }: { persist?: boolean } = {}) {
  await loadLocale(locale);
  await i18n.changeLanguage(locale);
  await loadLocale(locale); // a namespace registered during the switch loaded the previous locale
  if (persist) writeLangCookie(locale);
}

/**
 * Starts in the locale {@link chooseLocale} picks from the `lang` cookie, the browser's languages and
 * `site.locales`, and sets `<html lang>` at once. Resolves once a lazily loaded locale is in place
 * (at once for zh-CN); never rejects (a failed chunk leaves zh-CN).
 */
export function initLanguage(): Promise<void> {
  const locale = chooseLocale({
    cookie: document.cookie,
    languages: typeof navigator === 'undefined' ? [] : (navigator.languages ?? [navigator.language]),
  });
  document.documentElement.lang = locale;
  if (locale === i18n.language) return Promise.resolve();
  return setLanguage(locale, { persist: false }).catch((error: unknown) => {
    console.warn('[plugin-center] language:', error);
    document.documentElement.lang = i18n.language;
  });
}

/** The main namespace's texts of the current locale, for tests and tools: `Messages`. */
export type { Messages };

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const getVersion = () => version;

/** What {@link useTranslation} returns. */
export interface Translation {
  /** i18next's `t` of the app instance (main namespace; `{ ns }` for another). */
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
