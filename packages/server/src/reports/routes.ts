/**
 * The analytics dashboards' HTTP routes (issue 4), registered under `/api/cmt/`: the back-office
 * overview for administrators and the publisher report for any signed-in user. Both read the events
 * the collector stored in `analytics_event` (see `service.ts`).
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  AnalyticsOverview,
  AnalyticsRangeQuery,
  Envelope,
  ErrorEnvelope,
  PublisherAnalytics,
} from '@plugin-center/contract/schemas';
import type { Database } from '../db/database';
import { resolveRange } from './range';
import { analyticsOverview, publisherReport } from './service';

/** Options of {@link analyticsReportRoutes}. */
export interface AnalyticsReportRoutesOptions {
  db: Database;
  /** Current time, ms (default `Date.now`): the end of the default range. */
  clock?: () => number;
}

const errors = { '4xx': ErrorEnvelope, '5xx': ErrorEnvelope };

const RANGE_RULES =
  'Range `[from, to)` in epoch ms; default: `to` = now, `from` = 00:00 UTC 29 days before (30 UTC days). 400 INVALID_PARAMETER when `from` ≥ `to` or the range is longer than 366 days. Days are UTC days (`YYYY-MM-DD`), zero-filled.';

/**
 * Fastify plugin with the dashboard routes (register with `prefix: '/api/cmt'`):
 *
 * - `GET manager/analytics/overview` (administrators: 401 UNAUTHORIZED without a valid access token,
 *   403 FORBIDDEN 'Current account has no permission' for role 0, SPEC §6) → `AnalyticsOverview`:
 *   page views and visitors per UTC day, the top 10 plugins by views with installs and likes, event
 *   counts by name and the total. Query `AnalyticsRangeQuery`: `from`, `to` (ms), `project` (only
 *   that analytics project); `developer` is ignored.
 * - `GET plugin/analytics` (signed in: 401 without a valid access token) → `PublisherAnalytics`: the
 *   publisher's plugins (at most 50, most viewed first; only plugins with events in the range) with
 *   views, installs and likes and views / installs per UTC day. Until plugins carry an owner
 *   (publishing comes with a later issue) the publisher is matched by name, as an interim rule:
 *   - a general user gets the plugins whose `developer` equals their `nick_name` or `user_name`;
 *     `developer` in the query may only name one of those two (else 403 FORBIDDEN) and then narrows
 *     to it;
 *   - an administrator must name the publisher in `developer` (400 INVALID_PARAMETER without it)
 *     and gets the plugins whose `developer` equals it.
 *
 * Both: 400 INVALID_PARAMETER for a bad range (see {@link resolveRange}) or an unknown query field.
 */
export const analyticsReportRoutes: FastifyPluginAsyncTypebox<AnalyticsReportRoutesOptions> = async (
  app,
  { db, clock = Date.now },
) => {
  app.get(
    '/manager/analytics/overview',
    {
      preHandler: app.requireAdmin,
      schema: {
        tags: ['analytics'],
        summary: 'Back-office dashboard: page views, visitors, top plugins, events by name (admin)',
        description: RANGE_RULES,
        querystring: AnalyticsRangeQuery,
        response: { 200: Envelope(AnalyticsOverview), ...errors },
      },
    },
    async (request) => {
      const range = resolveRange(request.query, clock());
      return {
        code: 0 as const,
        data: await analyticsOverview(db, range, { project: request.query.project }),
      };
    },
  );

  app.get(
    '/plugin/analytics',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['analytics'],
        summary: "A publisher's plugins: views, installs and likes, per day (signed in)",
        description: `${RANGE_RULES} The publisher: for a general user their own name (\`developer\` equal to their nick_name or user_name, an interim rule until plugins carry an owner); an administrator names one in \`developer\` (required for administrators).`,
        querystring: AnalyticsRangeQuery,
        response: { 200: Envelope(PublisherAnalytics), ...errors },
      },
    },
    async (request) => {
      const q = request.query;
      const range = resolveRange(q, clock());
      return { code: 0 as const, data: await publisherReport(db, request.user!.user_id, q, range) };
    },
  );
};
