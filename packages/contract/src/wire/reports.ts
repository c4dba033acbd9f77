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

/** A UTC calendar day, `YYYY-MM-DD`. */
const UtcDate = Type.String({ pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2}$', minLength: 10, maxLength: 10 });

/**
 * Query of `GET /api/cmt/plugin/stats` and `GET /api/cmt/plugin/stats/csv`: one plugin and a range
 * of UTC days, both ends included (default: the 30 days up to today; at most 366 days).
 */
export const PluginStatsQuery = Type.Object(
  {
    plugin_key: Type.String({ minLength: 1, maxLength: 128 }),
    from: Type.Optional({ ...UtcDate, description: 'first UTC day, YYYY-MM-DD (inclusive)' }),
    to: Type.Optional({ ...UtcDate, description: 'last UTC day, YYYY-MM-DD (inclusive)' }),
  },
  { additionalProperties: false },
);
export type PluginStatsQuery = Static<typeof PluginStatsQuery>;

/**
 * What happened to a plugin (in a day, under a version, or in the whole range): installs and
 * uninstalls, detail views (a visitor once per plugin and day), likes and unlikes, ratings given and
 * the sum of their stars (their average is `rating_sum / ratings`).
 */
export const PluginStatsCounts = Type.Object({
  installs: Type.Integer({ minimum: 0 }),
  uninstalls: Type.Integer({ minimum: 0 }),
  views: Type.Integer({ minimum: 0 }),
  likes: Type.Integer({ minimum: 0 }),
  unlikes: Type.Integer({ minimum: 0 }),
  ratings: Type.Integer({ minimum: 0 }),
  rating_sum: Type.Integer({ minimum: 0, description: 'stars of the ratings given, summed' }),
});
export type PluginStatsCounts = Static<typeof PluginStatsCounts>;

/** One UTC day of a plugin's statistics, every version together. */
export const PluginStatsDay = Type.Object({ day: Type.String(), ...PluginStatsCounts.properties });
export type PluginStatsDay = Static<typeof PluginStatsDay>;

/** One version's statistics over the range; `version` null: not recorded (before versions were kept). */
export const PluginStatsVersion = Type.Object({ version: NullableString, ...PluginStatsCounts.properties });
export type PluginStatsVersion = Static<typeof PluginStatsVersion>;

/**
 * Data of `GET /api/cmt/plugin/stats` (the plugin's owner or an administrator): every UTC day of
 * the range (zero-filled, oldest first), the versions with anything in the range (newest first),
 * the totals of the range, and `current_version`.
 */
export const PluginStats = Type.Object({
  plugin_key: Type.String(),
  name: Type.String(),
  current_version: NullableString,
  from: Type.String({ description: 'first UTC day, YYYY-MM-DD' }),
  to: Type.String({ description: 'last UTC day, YYYY-MM-DD' }),
  days: Type.Array(PluginStatsDay),
  versions: Type.Array(PluginStatsVersion),
  totals: PluginStatsCounts,
});
export type PluginStats = Static<typeof PluginStats>;
