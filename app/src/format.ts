/**
 * Number and date formatting in the interface locale, with `Intl` (cached formatters): the one place
 * the app turns numbers, percentages, dates and times into text (each language's own
 * digits grouping, compact forms and date order), so nothing uses `toLocale*String` or hand-made
 * date strings.
 *
 * @packageDocumentation
 */

const cache = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();

function dateFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `d|${locale}|${JSON.stringify(options)}`;
  let f = cache.get(key) as Intl.DateTimeFormat | undefined;
  if (!f) {
    f = new Intl.DateTimeFormat(locale, options);
    cache.set(key, f);
  }
  return f;
}

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
  return dateFormat(locale, { dateStyle: 'medium' }).format(ms);
}

/**
 * A time (ms since the Unix epoch) as date and time in the locale (`Nov 25, 2026, 11:31 AM` /
 * `2026年11月25日 11:31`), in the browser's time zone; `fallback` when missing or invalid.
 */
export function formatDateTime(ms: number | null | undefined, locale: string, fallback = '—'): string {
  if (ms == null || !Number.isFinite(ms)) return fallback;
  return dateFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(ms);
}

/**
 * A `YYYY-MM-DD` UTC day (the analytics reports' days), short in the locale (`Mar 5` / `3月5日`) or,
 * with `year`, the medium date (`Mar 5, 2024` / `2024年3月5日`); the input itself when it is not a day.
 */
export function formatUtcDay(day: string, locale: string, year = false): string {
  const ms = Date.parse(`${day}T00:00:00Z`);
  if (!Number.isFinite(ms)) return day;
  return dateFormat(
    locale,
    year ? { dateStyle: 'medium', timeZone: 'UTC' } : { month: 'short', day: 'numeric', timeZone: 'UTC' },
  ).format(ms);
}

/** A share (0…1) as a percentage with at most one fraction digit: `0.125` → `'12.5%'` / `'12,5 %'`. */
export function formatPercent(share: number, locale: string): string {
  return numberFormat(locale, { style: 'percent', maximumFractionDigits: 1 }).format(share);
}
