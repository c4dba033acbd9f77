/**
 * How a report range is read (the rules; `data.ts` turns them into SQL): whole UTC days from the
 * rollups, the partial first and last day from the events ({@link splitRange}); for counts, an edge
 * covering more than half its day as the day's rollup less the rest of it ({@link countPlan}); whole
 * days as monthly rollups where a month is more than half covered ({@link monthPlan}). Day numbers
 * are UTC days since the epoch (`range.ts`).
 */
import { DAY_MS, type ReportRange } from './range';

/**
 * A range cut into the whole UTC days the rollups answer and the partial edges read from events:
 * `days` is `[from, to)` in day numbers (null when the range holds no whole day), `edges` the at most
 * two `[from, to)` ms intervals before and after them, each inside one UTC day.
 */
export interface RangeSplit {
  days: { from: number; to: number } | null;
  edges: { from: number; to: number }[];
}

/** Cuts `range` into whole UTC days and partial edges (see {@link RangeSplit}). */
export function splitRange(range: ReportRange): RangeSplit {
  const first = Math.ceil(range.from / DAY_MS);
  const end = Math.floor(range.to / DAY_MS);
  if (first > end) return { days: null, edges: [{ from: range.from, to: range.to }] };
  const edges: RangeSplit['edges'] = [];
  if (range.from < first * DAY_MS) edges.push({ from: range.from, to: first * DAY_MS });
  if (end * DAY_MS < range.to) edges.push({ from: end * DAY_MS, to: range.to });
  return { days: first < end ? { from: first, to: end } : null, edges };
}

/** A `[from, to)` ms interval of events whose counts are added (`sign` 1) or taken away (-1). */
export interface SignedSpan {
  from: number;
  to: number;
  sign: 1 | -1;
}

/**
 * How a count over a range is summed (counts only: a number of distinct visitors is not a sum):
 * the rollups of the whole days `days`, plus or minus the events of `spans`. An edge covering more
 * than half of its UTC day is read as the whole day's rollup less the events of the rest of that
 * day, so no edge reads more than half a day of events — and a range ending "now" (nothing stored
 * after it) reads none for its last day.
 */
export interface CountPlan {
  days: { from: number; to: number } | null;
  spans: SignedSpan[];
}

/** The {@link CountPlan} of `range`. */
export function countPlan(range: ReportRange): CountPlan {
  const split = splitRange(range);
  let days = split.days;
  const spans: SignedSpan[] = [];
  for (const edge of split.edges) {
    if (edge.to - edge.from <= DAY_MS / 2) {
      spans.push({ ...edge, sign: 1 });
      continue;
    }
    // The edge's day is next to the whole days (or the range is inside it): extend them by it.
    const day = Math.floor(edge.from / DAY_MS);
    days = days
      ? { from: Math.min(days.from, day), to: Math.max(days.to, day + 1) }
      : { from: day, to: day + 1 };
    if (day * DAY_MS < edge.from) spans.push({ from: day * DAY_MS, to: edge.from, sign: -1 });
    if (edge.to < (day + 1) * DAY_MS) spans.push({ from: edge.to, to: (day + 1) * DAY_MS, sign: -1 });
  }
  return { days, spans };
}

/** The day number of the 1st of the UTC month of day number `day`. */
function monthStart(day: number): number {
  const d = new Date(day * DAY_MS);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1) / DAY_MS;
}

/** The day number of the 1st of the UTC month after the one starting on day number `month`. */
function nextMonth(month: number): number {
  const d = new Date(month * DAY_MS);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1) / DAY_MS;
}

/** A `[from, to)` range of day numbers whose rollup rows are added (`sign` 1) or taken away (-1). */
export interface SignedDays {
  from: number;
  to: number;
  sign: 1 | -1;
}

/**
 * Whole days `[from, to)` (day numbers) read as monthly rollups where they can be: the months
 * `[from, to)` (day numbers of their 1sts; null when none is used) plus or minus daily rollup
 * ranges. A whole month is read as its monthly row; a month more than half covered, as its monthly
 * row less the daily rows of its days outside the range; a month half covered or less, as daily
 * rows. So at most half of each of the two end months is read day by day.
 */
export function monthPlan(days: { from: number; to: number }): {
  months: { from: number; to: number } | null;
  days: SignedDays[];
} {
  let months: { from: number; to: number } | null = null;
  const out: SignedDays[] = [];
  for (let month = monthStart(days.from); month < days.to; month = nextMonth(month)) {
    const next = nextMonth(month);
    const from = Math.max(month, days.from);
    // The last month a Date holds (September 275760) has no next one: its days are read as days.
    const to = Number.isNaN(next) ? days.to : Math.min(next, days.to);
    if (Number.isNaN(next) || 2 * (to - from) <= next - month) {
      out.push({ from, to, sign: 1 });
      continue;
    }
    months = months ? { from: months.from, to: next } : { from: month, to: next };
    if (month < from) out.push({ from: month, to: from, sign: -1 });
    if (to < next) out.push({ from: to, to: next, sign: -1 });
  }
  return { months, days: out };
}
