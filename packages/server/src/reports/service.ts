/**
 * The analytics dashboards (SPEC §1 "page views are tracked", §3 analytics events): the
 * rules — which events count, zero-filled UTC days, top lists, who a publisher is — over the
 * queries of `data.ts`. Every number is a `count(*)` of stored events, so the dashboards equal the
 * stored rows exactly; days without events are filled with zeros.
 */
import {
  type AnalyticsOverview,
  type AnalyticsRangeQuery,
  type DailyTraffic,
  isAdminRole,
  type PluginTraffic,
  type PublisherAnalytics,
} from '@plugin-center/contract/schemas';
import type { Database } from '../db/database';
import { accountName } from '../shared/accounts';
import {
  dailyPageviews,
  distinctVisitors,
  eventCounts,
  namedEventTotal,
  type PublisherScope,
  pluginDailyCounts,
  pluginEventCounts,
  pluginNames,
  type ReportFilter,
} from './data';
import { formatDay, type ReportRange, rangeDays } from './range';

export { PAGEVIEW_EVENT, type ReportFilter } from './data';

/** How many plugins `top_plugins` lists. */
export const TOP_PLUGINS = 10;

/** How many event names `events` lists (most frequent first); `total_events` counts them all. */
export const EVENT_NAMES_LIMIT = 100;

/** How many plugins a publisher report lists (most viewed first). */
export const PUBLISHER_PLUGINS_LIMIT = 50;

/** One plugin of a publisher report. */
export type PublisherPlugin = PublisherAnalytics['plugins'][number];

/** `pageviews` and `visitors` per UTC day of the range, zero-filled, oldest first. */
async function dailyTraffic(db: Database, range: ReportRange, filter: ReportFilter): Promise<DailyTraffic[]> {
  const byDay = new Map((await dailyPageviews(db, range, filter)).map((r) => [r.day, r]));
  return rangeDays(range).map((day) => {
    const row = byDay.get(day);
    return { day: formatDay(day), pageviews: row?.pageviews ?? 0, visitors: row?.visitors ?? 0 };
  });
}

/** Views, installs and likes per plugin key, most viewed first, named (the key for an unknown plugin). */
async function pluginCounts(
  db: Database,
  range: ReportRange,
  filter: ReportFilter,
  limit: number,
  publisher?: PublisherScope,
): Promise<PluginTraffic[]> {
  const rows = await pluginEventCounts(db, range, filter, limit, publisher);
  const names = await pluginNames(
    db,
    rows.map((r) => r.plugin_key),
  );
  return rows.map((r) => ({
    plugin_key: r.plugin_key,
    name: names.get(r.plugin_key) ?? r.plugin_key,
    views: r.views,
    installs: r.installs,
    likes: r.likes,
  }));
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
  const [days, visitors, top_plugins, events, total_events] = await Promise.all([
    dailyTraffic(db, range, filter),
    distinctVisitors(db, range, filter),
    pluginCounts(db, range, filter, TOP_PLUGINS),
    eventCounts(db, range, filter, EVENT_NAMES_LIMIT),
    namedEventTotal(db, range, filter),
  ]);
  return { from: range.from, to: range.to, days, visitors, top_plugins, events, total_events };
}

/**
 * A publisher's report (`GET /api/cmt/plugin/analytics`): the publisher's plugins (see
 * {@link PublisherScope}) that have at least one `PluginView`, `PluginInstall` or `PluginLike`
 * event in the range — at most {@link PUBLISHER_PLUGINS_LIMIT}, most viewed first — each with its
 * totals and its `views` / `installs` per UTC day of the range (zero-filled).
 */
export async function publisherPlugins(
  db: Database,
  range: ReportRange,
  publisher: PublisherScope,
  filter: ReportFilter = {},
): Promise<PublisherPlugin[]> {
  if ('developer' in publisher && publisher.developer === '') return [];
  const totals = await pluginCounts(db, range, filter, PUBLISHER_PLUGINS_LIMIT, publisher);
  if (totals.length === 0) return [];
  const rows = await pluginDailyCounts(
    db,
    range,
    filter,
    totals.map((p) => p.plugin_key),
  );
  const perDay = new Map(rows.map((r) => [`${r.plugin_key}\u0000${r.day}`, r]));
  const days = rangeDays(range);
  return totals.map((p) => ({
    ...p,
    days: days.map((day) => {
      const row = perDay.get(`${p.plugin_key}\u0000${day}`);
      return { day: formatDay(day), views: row?.views ?? 0, installs: row?.installs ?? 0 };
    }),
  }));
}

/**
 * The publisher report (`GET /api/cmt/plugin/analytics`, signed in): the plugins the caller's
 * account owns (ownership, not a name — anyone can sign up with a publisher's name). An
 * administrator may name a `developer` instead and read that developer's plugins; a general user's
 * `developer` is ignored. `developer` in the answer is the caller's name, or the one asked for.
 */
export async function publisherReport(
  db: Database,
  caller: { user_id: number; role: number },
  query: Pick<AnalyticsRangeQuery, 'developer' | 'project'>,
  range: ReportRange,
): Promise<PublisherAnalytics> {
  const byName = isAdminRole(caller.role) && query.developer ? query.developer : undefined;
  const scope: PublisherScope = byName !== undefined ? { developer: byName } : { ownerId: caller.user_id };
  const developer = byName ?? (await accountName(db.kysely, caller.user_id));
  const plugins = await publisherPlugins(db, range, scope, { project: query.project });
  return { from: range.from, to: range.to, developer, plugins };
}
