/**
 * The queries of the analytics dashboards (the rules are in `service.ts`): aggregates over
 * `analytics_event`, the append-only table the collector (`POST /sa`) writes, and the plugin names.
 * Every number is a `count(*)` of stored events, so the dashboards equal the stored rows exactly.
 *
 * Days are UTC days, bucketed in SQL as `CAST(time / 86400000 AS INTEGER)` — integer division of a
 * non-negative BIGINT, identical on SQLite and PostgreSQL — and formatted in JavaScript
 * (`range.ts`).
 */
import { PluginEvent } from '@plugin-center/contract/schemas';
import { type ExpressionBuilder, type SelectQueryBuilder, sql } from 'kysely';
import type { Database } from '../db/database';
import type { DatabaseSchema } from '../db/schema';
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

/** `$pageview` events and distinct `distinct_id`s per UTC day number, days without events absent. */
export async function dailyPageviews(
  db: Database,
  range: ReportRange,
  filter: ReportFilter,
): Promise<{ day: number; pageviews: number; visitors: number }[]> {
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
  return rows.map((r) => ({
    day: Number(r.day),
    pageviews: Number(r.pageviews),
    visitors: Number(r.visitors),
  }));
}

/** Distinct `distinct_id`s with a `$pageview` in the range. */
export async function distinctVisitors(
  db: Database,
  range: ReportRange,
  filter: ReportFilter,
): Promise<number> {
  const row = await inRange(
    db.kysely.selectFrom('analytics_event').where('event', '=', PAGEVIEW_EVENT),
    range,
    filter,
  )
    .select((eb) => eb.fn.count<number>('distinct_id').distinct().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Whose plugins a publisher report covers: the plugins an account owns (`plugin.owner_id`), or,
 * for an administrator's query, those with exactly this `developer` name.
 */
export type PublisherScope = { ownerId: number } | { developer: string };

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
  q = q.where('plugin_key', 'in', (eb) => eb.selectFrom('plugin').select('plugin.plugin_key'));
  const rows = await q
    .groupBy('plugin_key')
    .orderBy('views', 'desc')
    .orderBy('installs', 'desc')
    .orderBy('likes', 'desc')
    .orderBy('plugin_key')
    .limit(limit)
    .execute();
  return rows.map((r) => ({
    plugin_key: r.plugin_key as string,
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

/** Events per name (events with a name only), most first, then by name, at most `limit` names. */
export async function eventCounts(
  db: Database,
  range: ReportRange,
  filter: ReportFilter,
  limit: number,
): Promise<{ event: string; count: number }[]> {
  const rows = await inRange(
    db.kysely.selectFrom('analytics_event').where('event', 'is not', null),
    range,
    filter,
  )
    .select((eb) => ['event', eb.fn.countAll<number>().as('count')])
    .groupBy('event')
    .orderBy('count', 'desc')
    .orderBy('event')
    .limit(limit)
    .execute();
  return rows.map((e) => ({ event: e.event as string, count: Number(e.count) }));
}

/** All events with a name in the range (`track` and `track_signup` records). */
export async function namedEventTotal(
  db: Database,
  range: ReportRange,
  filter: ReportFilter,
): Promise<number> {
  const row = await inRange(
    db.kysely.selectFrom('analytics_event').where('event', 'is not', null),
    range,
    filter,
  )
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
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
  const rows = await inRange(
    db.kysely
      .selectFrom('analytics_event')
      .select((eb) => [
        'plugin_key',
        eventDay.as('day'),
        countOf(eb, PluginEvent.VIEW).as('views'),
        countOf(eb, PluginEvent.LIKE).as('likes'),
      ])
      .where('plugin_key', 'in', [...keys])
      .where('event', 'in', [PluginEvent.VIEW, PluginEvent.LIKE]),
    range,
    filter,
  )
    .groupBy('plugin_key')
    .groupBy(eventDay)
    .execute();
  return rows.map((r) => ({
    plugin_key: r.plugin_key as string,
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
