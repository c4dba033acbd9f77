/**
 * Time ranges and UTC days of the analytics dashboards. A range is `[from, to)` in epoch
 * ms; a day is the UTC calendar day, numbered `floor(ms / 86 400 000)` — the same integer division
 * the SQL of `data.ts` does on both dialects, so SQLite and PostgreSQL bucket every event into the
 * same day — and written `YYYY-MM-DD` only here, in JavaScript.
 */
import { ApiErrorCode } from '@plugin-center/contract/schemas';
import { ApiError } from '../errors';

/** One UTC day, ms. */
export const DAY_MS = 86_400_000;

/** Days of the default range: today (UTC) and the 29 days before it. */
export const DEFAULT_RANGE_DAYS = 30;

/** Longest range a dashboard answers, days (`to - from` ≤ 366 × 24 h). */
export const MAX_RANGE_DAYS = 366;

/** A resolved dashboard range: `from` inclusive, `to` exclusive, epoch ms. */
export interface ReportRange {
  from: number;
  to: number;
}

/**
 * The range of a dashboard query: `to` defaults to `now`; `from` defaults to the start (00:00 UTC)
 * of the day {@link DEFAULT_RANGE_DAYS} − 1 days before `to`'s day (so the default range has 30
 * UTC days, today included).
 *
 * @param query - `from` / `to` as sent (ms; already checked to be integers ≥ 0 by the schema)
 * @param now - the current time, ms
 * @throws ApiError INVALID_PARAMETER (400) when `from` ≥ `to`, or when `to - from` is longer than
 *   {@link MAX_RANGE_DAYS} days.
 */
export function resolveRange(
  query: { from?: number | undefined; to?: number | undefined },
  now: number,
): ReportRange {
  const to = query.to ?? now;
  const from = query.from ?? Math.max(0, (dayNumber(to - 1) - (DEFAULT_RANGE_DAYS - 1)) * DAY_MS);
  if (from >= to) {
    throw new ApiError(ApiErrorCode.INVALID_PARAMETER, 'querystring.from: must be earlier than to');
  }
  if (to - from > MAX_RANGE_DAYS * DAY_MS) {
    throw new ApiError(
      ApiErrorCode.INVALID_PARAMETER,
      `querystring.from: the range must not be longer than ${MAX_RANGE_DAYS} days`,
    );
  }
  return { from, to };
}

/** The UTC day number of an instant: whole days since 1970-01-01 (`floor(ms / DAY_MS)`). */
export function dayNumber(ms: number): number {
  return Math.floor(ms / DAY_MS);
}

/** `YYYY-MM-DD` of a UTC day number. */
export function formatDay(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

/** Every UTC day number the range touches, oldest first (the first and the last may be partial). */
export function rangeDays({ from, to }: ReportRange): number[] {
  const days: number[] = [];
  for (let d = dayNumber(from), last = dayNumber(to - 1); d <= last; d += 1) days.push(d);
  return days;
}
