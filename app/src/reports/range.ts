/**
 * Time ranges of the analytics pages: the 7 / 30 / 90-day presets of the range picker, in UTC days
 * like the server's reports (`GET /api/cmt/manager/analytics/overview`, `GET /api/cmt/plugin/analytics`).
 *
 * @packageDocumentation
 */

import { formatUtcDay } from '../format';
import type { Translation } from '../i18n/i18n';

/** One UTC day, ms. */
export const DAY_MS = 86_400_000;

/** The range picker's presets, days. */
export const RANGE_PRESETS = [7, 30, 90] as const;
/** A value of {@link RANGE_PRESETS}. */
export type RangePreset = (typeof RANGE_PRESETS)[number];
/** The preset shown first (the server's default range is 30 days too). */
export const DEFAULT_PRESET: RangePreset = 30;

/** A report range: `from` inclusive, `to` exclusive, ms since the Unix epoch. */
export interface TimeRange {
  from: number;
  to: number;
}

/**
 * The range of a preset: from 00:00 UTC of the day `days − 1` days before `now`'s UTC day, to `now`
 * — so the report has exactly `days` UTC days, today included.
 */
export function presetRange(days: RangePreset, now: number = Date.now()): TimeRange {
  return { from: (Math.floor(now / DAY_MS) - (days - 1)) * DAY_MS, to: now };
}

/** The preset of a `?days=` query value, else the default. */
export function parsePreset(value: string | null): RangePreset {
  const n = Number(value);
  return (RANGE_PRESETS as readonly number[]).includes(n) ? (n as RangePreset) : DEFAULT_PRESET;
}

/**
 * A `YYYY-MM-DD` UTC day of the reports, short in the locale (`Mar 5` / `3月5日`); with `year`, the
 * medium date (`Mar 5, 2024` / `2024年3月5日`). See `formatUtcDay` in `format.ts`.
 */
export function formatDay(day: string, locale: string, year = false): string {
  return formatUtcDay(day, locale, year);
}

/** `Mar 1, 2024 – Mar 30, 2024 (UTC days)`: the first and last day of a report, `''` without days. */
export function rangeText(t: Translation['t'], locale: string, days: readonly { day: string }[]): string {
  const first = days[0]?.day;
  const last = days.at(-1)?.day;
  if (!first || !last) return '';
  return t('analytics.utcRange', { from: formatDay(first, locale, true), to: formatDay(last, locale, true) });
}
