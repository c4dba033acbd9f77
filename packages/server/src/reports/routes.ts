/**
 * The analytics dashboards' HTTP routes, registered under `/api/cmt/`: the back-office
 * overview for administrators and the publisher report for any signed-in user. Both read the events
 * the collector stored in `analytics_event` (see `service.ts`).
 */
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/database';
import { tableRoute } from '../routeTable';
import { pluginStats, pluginStatsCsv } from './pluginStats';
import { resolveRange } from './range';
import { analyticsOverview, publisherReport } from './service';

/** Options of {@link analyticsReportRoutes}. */
export interface AnalyticsReportRoutesOptions {
  db: Database;
  /** Current time, ms (default `Date.now`): the end of the default range. */
  clock?: () => number;
}

/**
 * Fastify plugin with the dashboard routes (entries `plugin.analyticsOverview` and
 * `plugin.publisherAnalytics` of the route table):
 *
 * - `GET /api/cmt/manager/analytics/overview` (administrators: 401 UNAUTHORIZED without a valid access token,
 *   403 FORBIDDEN 'Current account has no permission' for role 0, SPEC §6) → `AnalyticsOverview`:
 *   page views and visitors per UTC day, the top 10 plugins by views with installs and likes, event
 *   counts by name and the total. Query `AnalyticsRangeQuery`: `from`, `to` (ms), `project` (only
 *   that analytics project); `developer` is ignored.
 * - `GET /api/cmt/plugin/analytics` (signed in: 401 without a valid access token) →
 *   `PublisherAnalytics`: the plugins the caller's account owns, or for an administrator
 *   who names a `developer`, that developer's plugins (at most 50, most viewed first; only plugins
 *   with events in the range) with views, installs and likes and views / installs per UTC day.
 *
 * - `GET /api/cmt/plugin/stats` (signed in; the plugin's owner or an administrator, else 403
 *   FORBIDDEN; 404 PLUGIN_NOT_FOUND) → `PluginStats`: one plugin's installs, uninstalls, views,
 *   likes and ratings per UTC day and per version (`pluginStats.ts`).
 * - `GET /api/cmt/plugin/stats/csv` (same access) → the same numbers as a `text/csv` attachment.
 *
 * All: 400 INVALID_PARAMETER for a bad range (see {@link resolveRange}; the statistics:
 * `resolveStatsDays`) or an unknown query field.
 */
export async function analyticsReportRoutes(
  app: FastifyInstance,
  { db, clock = Date.now }: AnalyticsReportRoutesOptions,
): Promise<void> {
  tableRoute(app, 'backoffice', 'analyticsOverview', (request) => {
    const range = resolveRange(request.query, clock());
    return analyticsOverview(db, range, { project: request.query.project });
  });

  tableRoute(app, 'plugin', 'publisherAnalytics', (request) => {
    const q = request.query;
    return publisherReport(db, request.user!, q, resolveRange(q, clock()));
  });

  tableRoute(app, 'plugin', 'pluginStats', (request) =>
    pluginStats(db, request.user!, request.query, clock()),
  );

  tableRoute(app, 'plugin', 'pluginStatsCsv', async (request, reply) => {
    const { fileName, text } = await pluginStatsCsv(db, request.user!, request.query, clock());
    return reply
      .header('content-type', 'text/csv; charset=utf-8; header=present')
      .header('content-disposition', `attachment; filename="${fileName}"`)
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'private, no-store')
      .send(text);
  });
}
