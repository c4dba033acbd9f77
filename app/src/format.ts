/**
 * Number and date formatting in the interface locale, with `Intl` (cached formatters).
 *
 * @packageDocumentation
 */

const cache = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();

function numberFormat(locale: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `n|${locale}|${JSON.stringify(options)}`;
  let f = cache.get(key) as Intl.NumberFormat | undefined;
  if (!f) {
    f = new Intl.NumberFormat(locale, options);
    cache.set(key, f);
  }
  return f;
}

/** A count in full with grouping: `formatNumber(1448, 'en-US')` → `'1,448'`. */
export function formatNumber(value: number, locale: string): string {
  return numberFormat(locale, {}).format(value);
}

/**
 * A count in compact notation for cards: `12345` → `'12K'` (en-US) / `'1.2万'` (zh-CN); at most one
 * fraction digit; values below 1,000 unchanged.
 */
export function formatCount(value: number, locale: string): string {
  return numberFormat(locale, { notation: 'compact', maximumFractionDigits: 1 }).format(value);
}

/**
 * A time (ms since the Unix epoch) as a medium date in the locale (`Mar 15, 2020` / `2020年3月15日`);
 * `fallback` (the UI's "—") when the time is null or not a valid date.
 */
export function formatDate(ms: number | null | undefined, locale: string, fallback: string): string {
  if (ms == null || !Number.isFinite(ms)) return fallback;
  const key = `d|${locale}`;
  let f = cache.get(key) as Intl.DateTimeFormat | undefined;
  if (!f) {
    f = new Intl.DateTimeFormat(locale, { dateStyle: 'medium' });
    cache.set(key, f);
  }
  return f.format(ms);
}
