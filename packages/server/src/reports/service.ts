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
import { DASHBOARD, readFromReplica } from '../db/readReplica';
import { accountName } from '../shared/accounts';
import {
  eventCounts,
  type PublisherScope,
  pluginDailyEvents,
  pluginDailyInstalls,
  pluginEventCounts,
  pluginNames,
  publisherPluginList,
  type ReportFilter,
  visitorTraffic,
} from './data';
import { formatDay, type ReportRange, rangeDays } from './range';

export { PAGEVIEW_EVENT, type ReportFilter } from './data';

/** How many plugins `top_plugins` lists. */
export const TOP_PLUGINS = 10;

/** How many event names `events` lists (most frequent first); `total_events` counts them all. */
export const EVENT_NAMES_LIMIT = 100;

/** How many plugins a publisher report lists at most (an account with more: the first by key). */
export const PUBLISHER_PLUGINS_LIMIT = 500;

/** One plugin of a publisher report. */
export type PublisherPlugin = PublisherAnalytics['plugins'][number];

/**
 * `pageviews` and `visitors` per UTC day of the range, zero-filled, oldest first, and the distinct
 * visitors of the whole range.
 */
async function traffic(
  db: Database,
  range: ReportRange,
  filter: ReportFilter,
): Promise<{ days: DailyTraffic[]; visitors: number }> {
  const counted = await visitorTraffic(db, range, filter);
  const byDay = new Map(counted.days.map((r) => [r.day, r]));
  const days = rangeDays(range).map((day) => {
    const row = byDay.get(day);
    return { day: formatDay(day), pageviews: row?.pageviews ?? 0, visitors: row?.visitors ?? 0 };
  });
  return { days, visitors: counted.visitors };
}

/** Views, installs and likes per plugin key, most viewed first, named (the key for an unknown plugin). */
async function pluginCounts(
  db: Database,
  range: ReportRange,
  filter: ReportFilter,
  limit: number,
): Promise<PluginTraffic[]> {
  const rows = await pluginEventCounts(db, range, filter, limit);
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
 *
 * Read from the read replica (`DATABASE_REPLICA_URL`) when it is at most `DATABASE_REPLICA_LAG_MS`
 * behind the primary (`db/readReplica.ts`, scope `dashboard`), else from the primary.
 */
export async function analyticsOverview(
  db: Database,
  range: ReportRange,
  filter: ReportFilter = {},
): Promise<AnalyticsOverview> {
  const [{ days, visitors }, top_plugins, named] = await readFromReplica(db, DASHBOARD, (reader) =>
    Promise.all([
      traffic(reader, range, filter),
      pluginCounts(reader, range, filter, TOP_PLUGINS),
      eventCounts(reader, range, filter, EVENT_NAMES_LIMIT),
    ]),
  );
  return {
    from: range.from,
    to: range.to,
    days,
    visitors,
    top_plugins,
    events: named.events,
    total_events: named.total,
  };
}

/**
 * A publisher's report (`GET /api/cmt/plugin/analytics`): every plugin of the publisher (see
 * {@link PublisherScope}; any review status, at most {@link PUBLISHER_PLUGINS_LIMIT}), with zeros
 * where nothing happened, most viewed first (ties: installs, likes, key), each with its totals and
 * its `views` / `installs` per UTC day of the range (zero-filled). `views` and `likes` count the
 * `PluginView` and `PluginLike` events; `installs` count installs as the detail page's
 * `download_count` does — the users' install rows made in the range ({@link pluginDailyInstalls}),
 * a default install included — not the `PluginInstall` events (a default install sends none; the
 * `project` filter applies to the events only). Read, the plugin list included, from the read replica
 * when it is at most `DATABASE_REPLICA_LAG_MS` behind the primary (scope `dashboard`), else from the
 * primary.
 */
export async function publisherPlugins(
  db: Database,
  range: ReportRange,
  publisher: PublisherScope,
  filter: ReportFilter = {},
): Promise<PublisherPlugin[]> {
  if ('developer' in publisher && publisher.developer === '') return [];
  const read = await readFromReplica(db, DASHBOARD, async (reader) => {
    const plugins = await publisherPluginList(reader, publisher, PUBLISHER_PLUGINS_LIMIT);
    if (plugins.length === 0) return undefined;
    const keys = plugins.map((p) => p.plugin_key);
    const [events, installs] = await Promise.all([
      pluginDailyEvents(reader, range, filter, keys),
      pluginDailyInstalls(reader, range, keys),
    ]);
    return { plugins, events, installs };
  });
  if (!read) return [];
  const { plugins, events, installs } = read;
  const cell = (key: string, day: number) => `${key}\u0000${day}`;
  const eventsOn = new Map(events.map((r) => [cell(r.plugin_key, r.day), r]));
  const installsOn = new Map(installs.map((r) => [cell(r.plugin_key, r.day), r.installs]));
  const days = rangeDays(range);
  const report = plugins.map(({ plugin_key, name }): PublisherPlugin => {
    const totals = { views: 0, installs: 0, likes: 0 };
    const perDay = days.map((day) => {
      const e = eventsOn.get(cell(plugin_key, day));
      const installed = installsOn.get(cell(plugin_key, day)) ?? 0;
      totals.views += e?.views ?? 0;
      totals.likes += e?.likes ?? 0;
      totals.installs += installed;
      return { day: formatDay(day), views: e?.views ?? 0, installs: installed };
    });
    return { plugin_key, name, ...totals, days: perDay };
  });
  return report.sort(
    (a, b) =>
      b.views - a.views ||
      b.installs - a.installs ||
      b.likes - a.likes ||
      (a.plugin_key < b.plugin_key ? -1 : a.plugin_key > b.plugin_key ? 1 : 0),
  );
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
