/**
 * Every text of every namespace and locale, read from the locale files present (for the tests and
 * the key-count report; not imported by the app, so it adds nothing to any bundle).
 *
 * @packageDocumentation
 */
import type { Locale } from '@plugin-center/contract';
import { localeFileTexts, localeOfPath } from './i18n';
import type { UiKitMessages } from './uiKit/messages';

/** The app's text namespaces: i18next name → the locale files' modules (eager). */
const MODULES = {
  translation: import.meta.glob('./translation/*-*.ts', { eager: true }),
  publish: import.meta.glob('./publish/*-*.ts', { eager: true }),
  backoffice: import.meta.glob('./backoffice/*-*.ts', { eager: true }),
  backofficeNav: import.meta.glob('./backofficeNav/*-*.ts', { eager: true }),
  uiKit: import.meta.glob('./uiKit/*-*.ts', { eager: true }),
  ratings: import.meta.glob('./ratings/*-*.ts', { eager: true }),
  notifications: import.meta.glob('./notifications/*-*.ts', { eager: true }),
} as const;

/** A namespace's name. */
export type Namespace = keyof typeof MODULES;
/** The namespaces. */
export const NAMESPACES = Object.keys(MODULES) as Namespace[];

/** Flat texts: `section.key` → value (numbers and nested sections flattened with dots). */
export type FlatTexts = Record<string, unknown>;

function flatten(value: unknown, prefix: string, out: FlatTexts): FlatTexts {
  if (value !== null && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) flatten(v, prefix ? `${prefix}.${k}` : k, out);
  } else out[prefix] = value;
  return out;
}

/** The flat texts of each namespace and each locale that has a file, by the files present. */
export function readCatalog(): Record<Namespace, Partial<Record<Locale, FlatTexts>>> {
  const catalog = {} as Record<Namespace, Partial<Record<Locale, FlatTexts>>>;
  for (const ns of NAMESPACES) {
    catalog[ns] = {};
    for (const [path, module] of Object.entries(MODULES[ns])) {
      const locale = localeOfPath(path);
      if (!locale) continue;
      catalog[ns][locale] = flatten(localeFileTexts(module), '', {});
    }
  }
  return catalog;
}

/** The `{{name}}` placeholders of a text, sorted, without repeats. */
export function placeholders(text: unknown): string[] {
  return [...new Set(String(text).match(/\{\{\s*[\w.]+\s*\}\}/g) ?? [])]
    .map((p) => p.replace(/\s/g, ''))
    .sort();
}

/** `square.results_few` → `square.results` when `few` is a plural category; else `undefined`. */
export function pluralBase(key: string): { base: string; category: string } | undefined {
  const m = key.match(/^(.*)_(zero|one|two|few|many|other)$/);
  return m ? { base: m[1]!, category: m[2]! } : undefined;
}

/** The `uiKit` namespace's texts by locale, as its locale files hold them (for the developer page's test). */
export const UI_KIT_TEXTS = Object.fromEntries(
  Object.entries(MODULES.uiKit).flatMap(([path, module]) => {
    const locale = localeOfPath(path);
    const texts = localeFileTexts(module);
    return locale && texts ? [[locale, texts as UiKitMessages]] : [];
  }),
) as Record<Locale, UiKitMessages>;
