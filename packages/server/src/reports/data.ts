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
import { type CountPlan, countPlan, monthPlan, type RangeSplit, splitRange } from './plan';
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

const EMPTY = sql``;

/** ` AND project = $project` when the filter names one. */
const projectIs = (filter: ReportFilter) =>
  filter.project === undefined ? EMPTY : sql` AND project = ${filter.project}`;

/** A rollup row's day in the whole days of the split (call only when `split.days` is set). */
const dayIn = (split: RangeSplit) => sql`day >= ${split.days!.from} AND day < ${split.days!.to}`;

/** `parts` joined by UNION ALL (at least one). */
const unionAll = (parts: RawBuilder<unknown>[]) => sql.join(parts, sql` UNION ALL `);

/**
 * `select(edge)` for each edge of the split, joined by UNION ALL: one range of `time` a statement
 * part, which both databases answer from the covering time index alone (an OR of two ranges made
 * PostgreSQL read the table through a bitmap instead).
 */
const perEdge = (split: RangeSplit, select: (edge: { from: number; to: number }) => RawBuilder<unknown>) =>
  unionAll(split.edges.map(select));

/** An event's `time` in one span. */
const timeInSpan = (span: { from: number; to: number }) =>
  sql`"time" >= ${span.from} AND "time" < ${span.to}`;

/** The UTC day number of an event's `time`, the same expression on both dialects. */
const EVENT_DAY = sql.raw(`CAST("time" / ${DAY_MS} AS INTEGER)`);

/** Page views and visitors of a range: per UTC day number (days without page views absent) and in all. */
export interface VisitorTraffic {
  days: { day: number; pageviews: number; visitors: number }[];
  /** Distinct `distinct_id`s with a `$pageview` anywhere in the range. */
  visitors: number;
}

/**
 * `$pageview` events and distinct `distinct_id`s per UTC day, and the distinct visitors of the
 * whole range. Whole days come from the rollups: page views from `analytics_daily_event`, visitors
 * per day from `analytics_daily_visitors`, and the range's visitors as the visitor-days whose
 * previous page-view day (`prev`, migration 0029) is before the first whole day — each visitor once,
 * on their first day of the range — summed from their counts per day and `prev`
 * (`analytics_visitor_gaps`, migration 0030), not counted row by row. The partial edge days are read
 * from the events once, in one statement: their page views and visitors per day, and how many of
 * their visitors no whole day of the range has.
 */
export async function visitorTraffic(
  db: Database,
  range: ReportRange,
  filter: ReportFilter,
): Promise<VisitorTraffic> {
  const split = splitRange(range);
  const out = new Map<number, { day: number; pageviews: number; visitors: number }>();
  const at = (day: number) => {
    const found = out.get(day);
    if (found) return found;
    const row = { day, pageviews: 0, visitors: 0 };
    out.set(day, row);
    return row;
  };
  let visitors = 0;
  const reads: Promise<void>[] = [];
  if (split.days) {
    const days = split.days;
    // Page views and visitors per day (project '': across projects), and the first visitor-days.
    reads.push(
      sql<{ kind: string; day: number; n: string | number }>`
        SELECT 'p' AS kind, day, sum(n) AS n FROM analytics_daily_event
          WHERE ${dayIn(split)} AND event = ${PAGEVIEW_EVENT}${projectIs(filter)} GROUP BY day
        UNION ALL
        SELECT 'v', day, n FROM analytics_daily_visitors WHERE ${dayIn(split)} AND project = ${filter.project ?? ''}
        UNION ALL
        SELECT 'f', NULL, coalesce(sum(n), 0) FROM analytics_visitor_gaps
          WHERE project = ${filter.project ?? ''} AND ${dayIn(split)} AND prev < ${days.from}`
        .execute(db.kysely)
        .then((r) => {
          for (const row of r.rows) {
            if (row.kind === 'f') visitors += Number(row.n);
            else if (row.kind === 'p') at(Number(row.day)).pageviews = Number(row.n);
            else at(Number(row.day)).visitors = Number(row.n);
          }
        }),
    );
  }
  if (split.edges.length > 0) {
    const visitorDays =
      filter.project === undefined ? sql`analytics_daily_visitor_all` : sql`analytics_daily_visitor`;
    // The edge visitors no whole day has: one index probe each (LIMIT … OFFSET keeps the planners
    // from turning it into a join that reads every visitor-day of the range).
    const fresh = split.days
      ? sql` WHERE NOT EXISTS (SELECT 1 FROM ${visitorDays} AS w
          WHERE w.distinct_id = v.distinct_id AND w.day >= ${split.days.from} AND w.day < ${split.days.to}${
            filter.project === undefined ? EMPTY : sql` AND w.project = ${filter.project}`
          } LIMIT 1 OFFSET 0)`
      : EMPTY;
    reads.push(
      sql<{ day: number | null; pageviews: string | number; visitors: string | number }>`
        WITH e AS (${perEdge(
          split,
          (edge) => sql`SELECT ${EVENT_DAY} AS day, distinct_id, count(*) AS pageviews
            FROM analytics_event WHERE ${timeInSpan(edge)} AND event = ${PAGEVIEW_EVENT}${projectIs(filter)}
            GROUP BY ${EVENT_DAY}, distinct_id`,
        )})
        SELECT day, sum(pageviews) AS pageviews, count(*) AS visitors FROM e GROUP BY day
        UNION ALL
        SELECT NULL, 0, count(*) FROM (SELECT DISTINCT distinct_id FROM e) AS v${fresh}`
        .execute(db.kysely)
        .then((r) => {
          for (const row of r.rows) {
            if (row.day === null) {
              visitors += Number(row.visitors);
              continue;
            }
            const day = at(Number(row.day));
            day.pageviews = Number(row.pageviews);
            day.visitors = Number(row.visitors);
          }
        }),
    );
  }
  await Promise.all(reads);
  return { days: [...out.values()], visitors };
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

/** `column` or `-column` (a rollup row counted with `sign`). */
const signed = (sign: 1 | -1, column: string) => sql.raw(sign === 1 ? column : `-${column}`);

/**
 * Rows `(plugin_key, views, installs, likes)` whose sums per key are the counts of the range (see
 * {@link countPlan} and {@link monthPlan}): `analytics_monthly_plugin` rows, `analytics_daily_plugin`
 * rows and events counted per key, each added or taken away.
 */
function pluginTotals(plan: CountPlan, filter: ReportFilter) {
  const parts: RawBuilder<unknown>[] = [];
  if (plan.days) {
    const { months, days } = monthPlan(plan.days);
    if (months) {
      parts.push(sql`SELECT plugin_key, views, installs, likes FROM analytics_monthly_plugin
        WHERE month >= ${months.from} AND month < ${months.to}${projectIs(filter)}`);
    }
    for (const d of days) {
      parts.push(sql`SELECT plugin_key, ${signed(d.sign, 'views')} AS views,
          ${signed(d.sign, 'installs')} AS installs, ${signed(d.sign, 'likes')} AS likes
        FROM analytics_daily_plugin WHERE day >= ${d.from} AND day < ${d.to}${projectIs(filter)}`);
    }
  }
  for (const span of plan.spans) {
    const sum = (name: string) => sql`${sql.lit(span.sign)} * sum(${flag(name)})`;
    parts.push(sql`SELECT plugin_key, ${sum(PluginEvent.VIEW)} AS views,
        ${sum(PluginEvent.INSTALL)} AS installs, ${sum(PluginEvent.LIKE)} AS likes
      FROM analytics_event
      WHERE ${timeInSpan(span)} AND event IN (${sql.join(PLUGIN_EVENTS)})${projectIs(filter)}
        AND plugin_key IS NOT NULL
      GROUP BY plugin_key`);
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
    parts.push(
      perEdge(
        split,
        (edge) => sql`SELECT plugin_key, ${EVENT_DAY} AS day, sum(${flag(PluginEvent.VIEW)}) AS views,
            sum(${flag(PluginEvent.INSTALL)}) AS installs, sum(${flag(PluginEvent.LIKE)}) AS likes
          FROM analytics_event
          WHERE ${timeInSpan(edge)} AND event IN (${sql.join(PLUGIN_EVENTS)})${projectIs(filter)}${keyIn}
          GROUP BY plugin_key, ${EVENT_DAY}`,
      ),
    );
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
  // A key whose events all fell in the parts taken away sums to zero: it had none in the range.
  const rows = await sql<{ plugin_key: string; views: string; installs: string; likes: string }>`
    SELECT plugin_key, views, installs, likes FROM (
      SELECT plugin_key, sum(views) AS views, sum(installs) AS installs, sum(likes) AS likes
      FROM (${pluginTotals(countPlan(range), filter)}) AS r
      GROUP BY plugin_key
      HAVING sum(views) <> 0 OR sum(installs) <> 0 OR sum(likes) <> 0
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

/**
 * Rows `(event, n)` whose sums per name are the counts of the range (see {@link countPlan}): rollup
 * rows of the whole days, named events of the spans counted per name, each added or taken away.
 */
function eventRows(plan: CountPlan, filter: ReportFilter) {
  const parts: RawBuilder<unknown>[] = [];
  if (plan.days) {
    parts.push(sql`SELECT event, n FROM analytics_daily_event
      WHERE day >= ${plan.days.from} AND day < ${plan.days.to}${projectIs(filter)}`);
  }
  for (const span of plan.spans) {
    parts.push(sql`SELECT event, ${sql.lit(span.sign)} * count(*) AS n FROM analytics_event
      WHERE ${timeInSpan(span)} AND event IS NOT NULL${projectIs(filter)} GROUP BY event`);
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
    FROM (${eventRows(countPlan(range), filter)}) AS r
    GROUP BY event HAVING sum(n) <> 0 ORDER BY count DESC, event LIMIT ${limit}`.execute(db.kysely);
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
