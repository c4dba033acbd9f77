/**
 * The queries of the analytics dashboards (the rules are in `service.ts`): aggregates over the daily
 * rollups of migration 0026 (`analytics_daily_event`, `analytics_daily_plugin`,
 * `analytics_daily_visitor`), which triggers keep equal to the events of `analytics_event` in the
 * transaction of each insert, and over the events themselves only for the partial first and last
 * UTC day of a range ({@link splitRange}). So a year of events costs a year of days, while every
 * number is still a count of stored events, equal to a `count(*)` over `analytics_event`.
 *
 * Days are UTC days, bucketed in SQL as `CAST(time / 86400000 AS INTEGER)` — integer division of a
 * non-negative BIGINT, identical on SQLite and PostgreSQL, and the rollups' `day` — and formatted in
 * JavaScript (`range.ts`).
 */
import { PluginEvent } from '@plugin-center/contract/schemas';
import { type RawBuilder, sql } from 'kysely';
import type { Database } from '../db/database';
import { DAY_MS, type ReportRange } from './range';

/** The Sensors page-view event (SPEC §3 events). */
export const PAGEVIEW_EVENT = '$pageview';

/** Filters of a report besides its range. */
export interface ReportFilter {
  /** Only events of this analytics project (`?project=` of the collector); all projects when absent. */
  project?: string | undefined;
}

/** Events per plugin key (numbers already converted from the drivers' strings/bigints). */
export interface PluginEventCounts {
  plugin_key: string;
  views: number;
  installs: number;
  likes: number;
}

/**
 * A range cut into the whole UTC days the rollups answer and the partial edges read from events:
 * `days` is `[from, to)` in day numbers (null when the range holds no whole day), `edges` the at most
 * two `[from, to)` ms intervals before and after them (the whole range when `days` is null).
 */
export interface RangeSplit {
  days: { from: number; to: number } | null;
  edges: { from: number; to: number }[];
}

/** Cuts `range` into whole UTC days and partial edges (see {@link RangeSplit}). */
export function splitRange(range: ReportRange): RangeSplit {
  const first = Math.ceil(range.from / DAY_MS);
  const end = Math.floor(range.to / DAY_MS);
  if (first >= end) return { days: null, edges: [{ from: range.from, to: range.to }] };
  const edges: RangeSplit['edges'] = [];
  if (range.from < first * DAY_MS) edges.push({ from: range.from, to: first * DAY_MS });
  if (end * DAY_MS < range.to) edges.push({ from: end * DAY_MS, to: range.to });
  return { days: { from: first, to: end }, edges };
}

const EMPTY = sql``;

/** ` AND project = $project` when the filter names one. */
const projectIs = (filter: ReportFilter) =>
  filter.project === undefined ? EMPTY : sql` AND project = ${filter.project}`;

/** A rollup row's day in the whole days of the split (call only when `split.days` is set). */
const dayIn = (split: RangeSplit) => sql`day >= ${split.days!.from} AND day < ${split.days!.to}`;

/** An event's `time` in one of the split's edges (call only when there are edges). */
const timeIn = (split: RangeSplit) =>
  sql`(${sql.join(
    split.edges.map((e) => sql`("time" >= ${e.from} AND "time" < ${e.to})`),
    sql` OR `,
  )})`;

/** The UTC day number of an event's `time`, the same expression on both dialects. */
const EVENT_DAY = sql.raw(`CAST("time" / ${DAY_MS} AS INTEGER)`);

/** `parts` joined by UNION ALL (at least one). */
const unionAll = (parts: RawBuilder<unknown>[]) => sql.join(parts, sql` UNION ALL `);

/** `$pageview` events and distinct `distinct_id`s per UTC day number, days without events absent. */
export async function dailyPageviews(
  db: Database,
  range: ReportRange,
  filter: ReportFilter,
): Promise<{ day: number; pageviews: number; visitors: number }[]> {
  const split = splitRange(range);
  const out = new Map<number, { day: number; pageviews: number; visitors: number }>();
  const at = (day: number) => {
    const found = out.get(day);
    if (found) return found;
    const row = { day, pageviews: 0, visitors: 0 };
    out.set(day, row);
    return row;
  };
  const reads: Promise<void>[] = [];
  if (split.days) {
    reads.push(
      sql<{ day: number; n: string | number }>`SELECT day, sum(n) AS n FROM analytics_daily_event
        WHERE ${dayIn(split)} AND event = ${PAGEVIEW_EVENT}${projectIs(filter)} GROUP BY day`
        .execute(db.kysely)
        .then((r) => {
          for (const row of r.rows) at(Number(row.day)).pageviews = Number(row.n);
        }),
    );
    // The visitors of each day: of the project, or across projects (project '').
    reads.push(
      sql<{ day: number; n: string | number }>`SELECT day, n FROM analytics_daily_visitors
        WHERE ${dayIn(split)} AND project = ${filter.project ?? ''}`
        .execute(db.kysely)
        .then((r) => {
          for (const row of r.rows) at(Number(row.day)).visitors = Number(row.n);
        }),
    );
  }
  if (split.edges.length > 0) {
    reads.push(
      sql<{ day: number; pageviews: string | number; visitors: string | number }>`
        SELECT ${EVENT_DAY} AS day, count(*) AS pageviews, count(DISTINCT distinct_id) AS visitors
        FROM analytics_event WHERE ${timeIn(split)} AND event = ${PAGEVIEW_EVENT}${projectIs(filter)}
        GROUP BY ${EVENT_DAY}`
        .execute(db.kysely)
        .then((r) => {
          for (const row of r.rows) {
            const day = at(Number(row.day));
            day.pageviews = Number(row.pageviews);
            day.visitors = Number(row.visitors);
          }
        }),
    );
  }
  await Promise.all(reads);
  return [...out.values()];
}

/**
 * Distinct `distinct_id`s with a `$pageview` in the range. Whole days: the visitor-days whose
 * previous page-view day (`prev`, migration 0029) is before the first whole day — each visitor once,
 * on their first day of the range — a count of rows, not of distinct ids. Partial edge days: their
 * visitors from the events, less those already counted on a whole day.
 */
export async function distinctVisitors(
  db: Database,
  range: ReportRange,
  filter: ReportFilter,
): Promise<number> {
  const split = splitRange(range);
  const visitorDays =
    filter.project === undefined ? sql`analytics_daily_visitor_all` : sql`analytics_daily_visitor`;
  const parts: RawBuilder<unknown>[] = [];
  if (split.days) {
    parts.push(sql`(SELECT count(*) FROM ${visitorDays} WHERE ${dayIn(split)}${projectIs(filter)}
      AND (prev IS NULL OR prev < ${split.days.from}))`);
  }
  if (split.edges.length > 0) {
    // One index probe per edge visitor (LIMIT … OFFSET keeps the planners from turning it into a
    // join that reads every visitor-day of the range).
    const counted = split.days
      ? sql` WHERE NOT EXISTS (SELECT 1 FROM ${visitorDays} AS w
          WHERE w.distinct_id = e.distinct_id AND w.day >= ${split.days.from} AND w.day < ${split.days.to}${
            filter.project === undefined ? EMPTY : sql` AND w.project = ${filter.project}`
          } LIMIT 1 OFFSET 0)`
      : EMPTY;
    parts.push(sql`(SELECT count(*) FROM (SELECT DISTINCT distinct_id FROM analytics_event
        WHERE ${timeIn(split)} AND event = ${PAGEVIEW_EVENT}${projectIs(filter)}) AS e${counted})`);
  }
  const r = await sql<{ n: string | number }>`SELECT ${sql.join(parts, sql` + `)} AS n`.execute(db.kysely);
  return Number(r.rows[0]?.n ?? 0);
}

/**
 * Whose plugins a publisher report covers: the plugins an account owns (`plugin.owner_id`), or,
 * for an administrator's query, those with exactly this `developer` name.
 */
export type PublisherScope = { ownerId: number } | { developer: string };

/** `1` when an event row's `event` is `name`, else `0` (a summable flag, both dialects). */
const flag = (name: string) => sql`CASE WHEN event = ${name} THEN 1 ELSE 0 END`;

/** The plugin events of the rollup `analytics_daily_plugin`. */
const PLUGIN_EVENTS = [PluginEvent.VIEW, PluginEvent.INSTALL, PluginEvent.LIKE];

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

/**
 * The whole UTC months `[from, to)` (day numbers of their 1sts) inside the whole days of a split,
 * and the days left around them; null when no month is whole.
 */
export function splitMonths(days: {
  from: number;
  to: number;
}): { months: { from: number; to: number }; days: { from: number; to: number }[] } | null {
  const first = monthStart(days.from) === days.from ? days.from : nextMonth(monthStart(days.from));
  let end = first;
  while (nextMonth(end) <= days.to) end = nextMonth(end);
  if (end === first) return null;
  const rest: { from: number; to: number }[] = [];
  if (days.from < first) rest.push({ from: days.from, to: first });
  if (end < days.to) rest.push({ from: end, to: days.to });
  return { months: { from: first, to: end }, days: rest };
}

/**
 * Rows `(plugin_key, views, installs, likes)` of the split: `analytics_monthly_plugin` rows for the
 * whole months, `analytics_daily_plugin` rows for the other whole days, events of the edges.
 */
function pluginTotals(split: RangeSplit, filter: ReportFilter) {
  const parts: RawBuilder<unknown>[] = [];
  if (split.days) {
    const months = splitMonths(split.days);
    const dayRanges = months ? months.days : [split.days];
    if (months) {
      parts.push(sql`SELECT plugin_key, views, installs, likes FROM analytics_monthly_plugin
        WHERE month >= ${months.months.from} AND month < ${months.months.to}${projectIs(filter)}`);
    }
    for (const d of dayRanges) {
      parts.push(sql`SELECT plugin_key, views, installs, likes FROM analytics_daily_plugin
        WHERE day >= ${d.from} AND day < ${d.to}${projectIs(filter)}`);
    }
  }
  if (split.edges.length > 0) {
    parts.push(sql`SELECT plugin_key, ${flag(PluginEvent.VIEW)} AS views,
        ${flag(PluginEvent.INSTALL)} AS installs, ${flag(PluginEvent.LIKE)} AS likes
      FROM analytics_event
      WHERE ${timeIn(split)} AND event IN (${sql.join(PLUGIN_EVENTS)})${projectIs(filter)}
        AND plugin_key IS NOT NULL`);
  }
  return unionAll(parts);
}

/**
 * Rows `(plugin_key, day, views, installs, likes)` of the split for the plugins `keys`: rollup rows
 * for whole days, events of the edges counted per key and day.
 */
function pluginRows(split: RangeSplit, filter: ReportFilter, keys: readonly string[]) {
  const parts: RawBuilder<unknown>[] = [];
  const keyIn = sql` AND plugin_key IN (${sql.join([...keys])})`;
  if (split.days) {
    parts.push(sql`SELECT plugin_key, day, views, installs, likes FROM analytics_daily_plugin
      WHERE ${dayIn(split)}${projectIs(filter)}${keyIn}`);
  }
  if (split.edges.length > 0) {
    parts.push(sql`SELECT plugin_key, ${EVENT_DAY} AS day, sum(${flag(PluginEvent.VIEW)}) AS views,
        sum(${flag(PluginEvent.INSTALL)}) AS installs, sum(${flag(PluginEvent.LIKE)}) AS likes
      FROM analytics_event
      WHERE ${timeIn(split)} AND event IN (${sql.join(PLUGIN_EVENTS)})${projectIs(filter)}${keyIn}
      GROUP BY plugin_key, ${EVENT_DAY}`);
  }
  return unionAll(parts);
}

/**
 * `PluginView`, `PluginInstall` and `PluginLike` events per plugin key, most viewed first (ties:
 * installs, likes, key), at most `limit` keys; only keys of plugins that exist (anyone can send the
 * collector an event with a made-up key: it must not reach the charts).
 */
export async function pluginEventCounts(
  db: Database,
  range: ReportRange,
  filter: ReportFilter,
  limit: number,
): Promise<PluginEventCounts[]> {
  // Summed per key first, then only the keys of existing plugins: the existence check runs once a
  // key, not once a rollup row (LIMIT -1 OFFSET 0 keeps both databases from pushing it inside).
  const rows = await sql<{ plugin_key: string; views: string; installs: string; likes: string }>`
    SELECT plugin_key, views, installs, likes FROM (
      SELECT plugin_key, sum(views) AS views, sum(installs) AS installs, sum(likes) AS likes
      FROM (${pluginTotals(splitRange(range), filter)}) AS r
      GROUP BY plugin_key
      ${db.dialect === 'postgres' ? sql`OFFSET 0` : sql`LIMIT -1 OFFSET 0`}) AS t
    WHERE plugin_key IN (SELECT plugin.plugin_key FROM plugin)
    ORDER BY views DESC, installs DESC, likes DESC, plugin_key
    LIMIT ${limit}`.execute(db.kysely);
  return rows.rows.map((r) => ({
    plugin_key: r.plugin_key,
    views: Number(r.views),
    installs: Number(r.installs),
    likes: Number(r.likes),
  }));
}

/** plugin_key → name of the plugins with these keys (any review status; unknown keys absent). */
export async function pluginNames(db: Database, keys: readonly string[]): Promise<Map<string, string>> {
  const names = new Map<string, string>();
  if (keys.length === 0) return names;
  const plugins = await db.kysely
    .selectFrom('plugin')
    .select(['plugin_key', 'name'])
    .where('plugin_key', 'in', keys)
    .execute();
  for (const p of plugins) names.set(p.plugin_key, p.name);
  return names;
}

/** Rows `(event, n)` of the split: rollup rows for whole days, named events of the edges. */
function eventRows(split: RangeSplit, filter: ReportFilter) {
  const parts: RawBuilder<unknown>[] = [];
  if (split.days) {
    parts.push(sql`SELECT event, n FROM analytics_daily_event WHERE ${dayIn(split)}${projectIs(filter)}`);
  }
  if (split.edges.length > 0) {
    parts.push(sql`SELECT event, count(*) AS n FROM analytics_event
      WHERE ${timeIn(split)} AND event IS NOT NULL${projectIs(filter)} GROUP BY event`);
  }
  return unionAll(parts);
}

/**
 * Events per name (events with a name only), most first, then by name, at most `limit` names, and
 * `total`: all events with a name in the range (`track` and `track_signup` records), the names past
 * `limit` included. One statement: the total is a window sum over the grouped rows, computed before
 * the LIMIT, so the rollups and the edge events are read once for both.
 */
export async function eventCounts(
  db: Database,
  range: ReportRange,
  filter: ReportFilter,
  limit: number,
): Promise<{ events: { event: string; count: number }[]; total: number }> {
  const rows = await sql<{ event: string; count: string | number; total: string | number }>`
    SELECT event, sum(n) AS count, sum(sum(n)) OVER () AS total
    FROM (${eventRows(splitRange(range), filter)}) AS r
    GROUP BY event ORDER BY count DESC, event LIMIT ${limit}`.execute(db.kysely);
  return {
    events: rows.rows.map((e) => ({ event: e.event, count: Number(e.count) })),
    total: Number(rows.rows[0]?.total ?? 0),
  };
}

/**
 * The plugins of a publisher report's scope (any review status), by key, at most `limit`.
 */
export async function publisherPluginList(
  db: Database,
  publisher: PublisherScope,
  limit: number,
): Promise<{ plugin_key: string; name: string }[]> {
  const q = db.kysely.selectFrom('plugin').select(['plugin_key', 'name']);
  return (
    'ownerId' in publisher
      ? q.where('owner_id', '=', publisher.ownerId)
      : q.where('developer', '=', publisher.developer)
  )
    .orderBy('plugin_key')
    .limit(limit)
    .execute();
}

/** `PluginView` and `PluginLike` events per plugin key and UTC day number (days without events absent). */
export async function pluginDailyEvents(
  db: Database,
  range: ReportRange,
  filter: ReportFilter,
  keys: readonly string[],
): Promise<{ plugin_key: string; day: number; views: number; likes: number }[]> {
  const rows = await sql<{ plugin_key: string; day: number; views: string | number; likes: string | number }>`
    SELECT plugin_key, day, views, likes FROM (${pluginRows(splitRange(range), filter, keys)}) AS r
    WHERE views > 0 OR likes > 0`.execute(db.kysely);
  return rows.rows.map((r) => ({
    plugin_key: r.plugin_key,
    day: Number(r.day),
    views: Number(r.views),
    likes: Number(r.likes),
  }));
}

/** The UTC day number of an install row's `create_time` (as {@link eventDay}). */
const installDay = sql<number>`CAST(${sql.ref('i.create_time')} / ${sql.lit(DAY_MS)} AS INTEGER)`;

/**
 * Installs per plugin key and UTC day number in the range (days without installs absent): the
 * `plugin_install` rows, one per user and plugin — those the detail page's `download_count` counts
 * (kept equal by the triggers of migration 0004), so an install by hand and a default install
 * (`POST plugin/user/new/silent`, which sends no event) count alike, and an uninstalled one no more.
 */
export async function pluginDailyInstalls(
  db: Database,
  range: ReportRange,
  keys: readonly string[],
): Promise<{ plugin_key: string; day: number; installs: number }[]> {
  const rows = await db.kysely
    .selectFrom('plugin_install as i')
    .innerJoin('plugin as p', 'p.id', 'i.plugin_id')
    .select((eb) => ['p.plugin_key', installDay.as('day'), eb.fn.countAll<number>().as('installs')])
    .where('p.plugin_key', 'in', [...keys])
    .where('i.create_time', '>=', range.from)
    .where('i.create_time', '<', range.to)
    .groupBy('p.plugin_key')
    .groupBy(installDay)
    .execute();
  return rows.map((r) => ({ plugin_key: r.plugin_key, day: Number(r.day), installs: Number(r.installs) }));
}
