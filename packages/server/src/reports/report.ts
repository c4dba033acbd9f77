/**
 * The analytics dashboards' reads (issue 4; SPEC §1 "page views are tracked", §3 analytics events):
 * aggregates over `analytics_event`, the append-only table the collector (`POST /sa`) writes. Every
 * number is a `count(*)` of stored events, so the dashboards equal the stored rows exactly.
 *
 * Days are UTC days, bucketed in SQL as `CAST(time / 86400000 AS INTEGER)` — integer division of a
 * non-negative BIGINT, identical on SQLite and PostgreSQL — and formatted in JavaScript
 * (`range.ts`); days without events are filled with zeros.
 */
import {
  type AnalyticsOverview,
  type DailyTraffic,
  PluginEvent,
  type PluginTraffic,
  type PublisherAnalytics,
} from '@plugin-center/contract/schemas';
import { type ExpressionBuilder, type SelectQueryBuilder, sql } from 'kysely';
import type { Database } from '../db/database';
import type { DatabaseSchema } from '../db/schema';
import { DAY_MS, formatDay, type ReportRange, rangeDays } from './range';

/** The Sensors page-view event (SPEC §3 events). */
export const PAGEVIEW_EVENT = '$pageview';

/** How many plugins `top_plugins` lists. */
export const TOP_PLUGINS = 10;

/** How many event names `events` lists (most frequent first); `total_events` counts them all. */
export const EVENT_NAMES_LIMIT = 100;

/** How many plugins a publisher report lists (most viewed first). */
export const PUBLISHER_PLUGINS_LIMIT = 50;

/** Filters of a report besides its range. */
export interface ReportFilter {
  /** Only events of this analytics project (`?project=` of the collector); all projects when absent. */
  project?: string | undefined;
}

/** One plugin of a publisher report. */
export type PublisherPlugin = PublisherAnalytics['plugins'][number];

type EventQuery<O> = SelectQueryBuilder<DatabaseSchema, 'analytics_event', O>;

/** The UTC day number of an event's `time`, the same expression on both dialects (no parameter). */
const eventDay = sql<number>`CAST(${sql.ref('time')} / ${sql.lit(DAY_MS)} AS INTEGER)`;

/** Restricts a query on `analytics_event` to the range and the filter. */
function inRange<O>(q: EventQuery<O>, range: ReportRange, filter: ReportFilter): EventQuery<O> {
  let out = q.where('time', '>=', range.from).where('time', '<', range.to);
  if (filter.project !== undefined) out = out.where('project', '=', filter.project);
  return out;
}

/** `count(*)` of the rows whose event is `event` (an aggregate with a FILTER clause). */
const countOf = (eb: ExpressionBuilder<DatabaseSchema, 'analytics_event'>, event: PluginEvent) =>
  eb.fn.countAll<number>().filterWhere('event', '=', event);

/** `pageviews` and `visitors` per UTC day of the range, zero-filled, oldest first. */
async function dailyTraffic(db: Database, range: ReportRange, filter: ReportFilter): Promise<DailyTraffic[]> {
  const rows = await inRange(
    db.kysely
      .selectFrom('analytics_event')
      .select((eb) => [
        eventDay.as('day'),
        eb.fn.countAll<number>().as('pageviews'),
        eb.fn.count<number>('distinct_id').distinct().as('visitors'),
      ])
      .where('event', '=', PAGEVIEW_EVENT),
    range,
    filter,
  )
    .groupBy(eventDay)
    .execute();
  const byDay = new Map(rows.map((r) => [Number(r.day), r]));
  return rangeDays(range).map((day) => {
    const row = byDay.get(day);
    return {
      day: formatDay(day),
      pageviews: Number(row?.pageviews ?? 0),
      visitors: Number(row?.visitors ?? 0),
    };
  });
}

/** Views, installs and likes per plugin key, most viewed first (ties: installs, likes, key). */
async function pluginCounts(
  db: Database,
  range: ReportRange,
  filter: ReportFilter,
  limit: number,
  developers?: readonly string[],
): Promise<PluginTraffic[]> {
  let q = inRange(
    db.kysely
      .selectFrom('analytics_event')
      .select((eb) => [
        'plugin_key',
        countOf(eb, PluginEvent.VIEW).as('views'),
        countOf(eb, PluginEvent.INSTALL).as('installs'),
        countOf(eb, PluginEvent.LIKE).as('likes'),
      ])
      .where('plugin_key', 'is not', null)
      .where('event', 'in', [PluginEvent.VIEW, PluginEvent.INSTALL, PluginEvent.LIKE]),
    range,
    filter,
  );
  if (developers) {
    q = q.where('plugin_key', 'in', (eb) =>
      eb
        .selectFrom('plugin')
        .select('plugin.plugin_key')
        .where('plugin.developer', 'in', [...developers]),
    );
  }
  const rows = await q
    .groupBy('plugin_key')
    .orderBy('views', 'desc')
    .orderBy('installs', 'desc')
    .orderBy('likes', 'desc')
    .orderBy('plugin_key')
    .limit(limit)
    .execute();
  const keys = rows.map((r) => r.plugin_key as string);
  const names = new Map<string, string>();
  if (keys.length > 0) {
    const plugins = await db.kysely
      .selectFrom('plugin')
      .select(['plugin_key', 'name'])
      .where('plugin_key', 'in', keys)
      .execute();
    for (const p of plugins) names.set(p.plugin_key, p.name);
  }
  return rows.map((r) => {
    const plugin_key = r.plugin_key as string;
    return {
      plugin_key,
      name: names.get(plugin_key) ?? plugin_key,
      views: Number(r.views),
      installs: Number(r.installs),
      likes: Number(r.likes),
    };
  });
}

/**
 * The back-office dashboard (`GET /api/cmt/manager/analytics/overview`) over `[range.from, range.to)`:
 * - `days`: every UTC day the range touches, zero-filled: `pageviews` = `$pageview` events,
 *   `visitors` = distinct `distinct_id` with a `$pageview` that day (a visitor of two days counts
 *   on both);
 * - `visitors`: distinct `distinct_id` with a `$pageview` in the range (each visitor once; an
 *   anonymous visitor who logs in counts under both ids, as events carry no merged identity);
 * - `top_plugins`: the {@link TOP_PLUGINS} plugins with the most `PluginView` events (then installs,
 *   likes, key), with their `PluginInstall` and `PluginLike` counts, named from `plugin` by
 *   `plugin_key` (the key itself for a key no plugin has);
 * - `events`: events per name, most first (then by name), at most {@link EVENT_NAMES_LIMIT} names;
 * - `total_events`: all events with a name (`track` and `track_signup` records; profile records
 *   have none).
 */
export async function analyticsOverview(
  db: Database,
  range: ReportRange,
  filter: ReportFilter = {},
): Promise<AnalyticsOverview> {
  const named = (q: EventQuery<object>) => inRange(q.where('event', 'is not', null), range, filter);
  const [days, visitors, top_plugins, events, total] = await Promise.all([
    dailyTraffic(db, range, filter),
    inRange(db.kysely.selectFrom('analytics_event').where('event', '=', PAGEVIEW_EVENT), range, filter)
      .select((eb) => eb.fn.count<number>('distinct_id').distinct().as('n'))
      .executeTakeFirstOrThrow(),
    pluginCounts(db, range, filter, TOP_PLUGINS),
    named(db.kysely.selectFrom('analytics_event'))
      .select((eb) => ['event', eb.fn.countAll<number>().as('count')])
      .groupBy('event')
      .orderBy('count', 'desc')
      .orderBy('event')
      .limit(EVENT_NAMES_LIMIT)
      .execute(),
    named(db.kysely.selectFrom('analytics_event'))
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return {
    from: range.from,
    to: range.to,
    days,
    visitors: Number(visitors.n),
    top_plugins,
    events: events.map((e) => ({ event: e.event as string, count: Number(e.count) })),
    total_events: Number(total.n),
  };
}

/**
 * A publisher's report (`GET /api/cmt/plugin/analytics`): the plugins whose `developer` is one of
 * `developers` (exact match) and that have at least one `PluginView`, `PluginInstall` or
 * `PluginLike` event in the range — at most {@link PUBLISHER_PLUGINS_LIMIT}, most viewed first —
 * each with its totals and its `views` / `installs` per UTC day of the range (zero-filled).
 * No developer name → no plugin.
 */
export async function publisherPlugins(
  db: Database,
  range: ReportRange,
  developers: readonly string[],
  filter: ReportFilter = {},
): Promise<PublisherPlugin[]> {
  const names = [...new Set(developers.filter((d) => d !== ''))];
  if (names.length === 0) return [];
  const totals = await pluginCounts(db, range, filter, PUBLISHER_PLUGINS_LIMIT, names);
  if (totals.length === 0) return [];
  const rows = await inRange(
    db.kysely
      .selectFrom('analytics_event')
      .select((eb) => [
        'plugin_key',
        eventDay.as('day'),
        countOf(eb, PluginEvent.VIEW).as('views'),
        countOf(eb, PluginEvent.INSTALL).as('installs'),
      ])
      .where(
        'plugin_key',
        'in',
        totals.map((p) => p.plugin_key),
      )
      .where('event', 'in', [PluginEvent.VIEW, PluginEvent.INSTALL]),
    range,
    filter,
  )
    .groupBy('plugin_key')
    .groupBy(eventDay)
    .execute();
  const perDay = new Map(rows.map((r) => [`${r.plugin_key}\u0000${Number(r.day)}`, r]));
  const days = rangeDays(range);
  return totals.map((p) => ({
    ...p,
    days: days.map((day) => {
      const row = perDay.get(`${p.plugin_key}\u0000${day}`);
      return { day: formatDay(day), views: Number(row?.views ?? 0), installs: Number(row?.installs ?? 0) };
    }),
  }));
}
