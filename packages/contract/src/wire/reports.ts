/**
 * The reports' wire: the dashboards' time range and the traffic of the back office and of a
 * publisher's plugins.
 */
import { type Static, Type } from 'typebox';
import { MAX_TIME_MS } from './common';
import { NullableString } from './fields';

/** A day of the dashboards: `day` is `YYYY-MM-DD` in UTC. */
export const DailyTraffic = Type.Object({
  day: Type.String(),
  pageviews: Type.Integer({ minimum: 0 }),
  visitors: Type.Integer({ minimum: 0, description: 'distinct distinct_id with a $pageview that day' }),
});
export type DailyTraffic = Static<typeof DailyTraffic>;

/** Query of the dashboards: a time range in ms (default: the last 30 days), optional project. */
export const AnalyticsRangeQuery = Type.Object(
  {
    from: Type.Optional(
      Type.Integer({ minimum: 0, maximum: MAX_TIME_MS, description: 'ms since the Unix epoch, inclusive' }),
    ),
    to: Type.Optional(
      Type.Integer({ minimum: 0, maximum: MAX_TIME_MS, description: 'ms since the Unix epoch, exclusive' }),
    ),
    project: Type.Optional(Type.String({ maxLength: 64 })),
    developer: Type.Optional(Type.String({ maxLength: 200, description: 'publisher (admins only)' })),
  },
  { additionalProperties: false },
);
export type AnalyticsRangeQuery = Static<typeof AnalyticsRangeQuery>;

/** Per-plugin counts of the dashboards, from the stored `PluginEvent` events. */
export const PluginTraffic = Type.Object({
  plugin_key: Type.String(),
  name: Type.String(),
  views: Type.Integer({ minimum: 0 }),
  installs: Type.Integer({ minimum: 0 }),
  likes: Type.Integer({ minimum: 0 }),
});
export type PluginTraffic = Static<typeof PluginTraffic>;

/** Data of `GET /api/cmt/manager/analytics/overview` (admin): the back-office dashboard. */
export const AnalyticsOverview = Type.Object({
  from: Type.Integer(),
  to: Type.Integer(),
  days: Type.Array(DailyTraffic),
  visitors: Type.Integer({
    minimum: 0,
    description: 'distinct distinct_id with a $pageview in the range (a visitor of several days counts once)',
  }),
  top_plugins: Type.Array(PluginTraffic),
  events: Type.Array(Type.Object({ event: Type.String(), count: Type.Integer({ minimum: 0 }) })),
  total_events: Type.Integer({ minimum: 0 }),
});
export type AnalyticsOverview = Static<typeof AnalyticsOverview>;

/**
 * Data of `GET /api/cmt/plugin/analytics` (bearer): a publisher's own plugins, views and installs per
 * day. Until plugins carry an owner (the publishing issue), a general user's plugins are those whose
 * `developer` equals their nick_name or user_name; an admin names the `developer` in the query.
 */
export const PublisherAnalytics = Type.Object({
  from: Type.Integer(),
  to: Type.Integer(),
  developer: NullableString,
  plugins: Type.Array(
    Type.Object({
      ...PluginTraffic.properties,
      days: Type.Array(
        Type.Object({
          day: Type.String(),
          views: Type.Integer({ minimum: 0 }),
          installs: Type.Integer({ minimum: 0 }),
        }),
      ),
    }),
  ),
});
export type PublisherAnalytics = Static<typeof PublisherAnalytics>;
