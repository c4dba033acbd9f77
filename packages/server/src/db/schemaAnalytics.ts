/**
 * Kysely table types of the analytics tables (see `schema.ts` for the conventions): the events the
 * collector appends and the rollups its triggers keep (migrations 0005, 0026, 0029, 0030).
 */
import type { Generated, Insertable, Selectable } from 'kysely';

/**
 * `analytics_event`: one row per record accepted by the analytics collector (`POST /sa`, SPEC §3
 * and §7; migration 0005). Append-only: written by `collector/`, read by `reports/`.
 */
export interface AnalyticsEventTable {
  id: Generated<number>;
  /** The analytics project (`?project=` of the collector), e.g. `default`. */
  project: string;
  /** Record type: `track`, `track_signup`, `profile_set`, `profile_set_once`, … */
  type: string;
  /** Event name; null for profile records. */
  event: string | null;
  distinct_id: string;
  login_id: string | null;
  anonymous_id: string | null;
  /** ms: the event's own time (as sent by the tracker). */
  time: number;
  /** ms: when the collector stored the record. */
  received_at: number;
  /** `properties.plugin_key` when it is a string. */
  plugin_key: string | null;
  /** `properties.$url` when it is a string. */
  url: string | null;
  /** The record's properties, JSON text of an object. */
  properties: string;
}

/**
 * `analytics_daily_event` (migration 0026): named events per UTC day number
 * (`floor(time / 86 400 000)`), project and event name; kept by a trigger on `analytics_event`.
 */
export interface AnalyticsDailyEventTable {
  day: number;
  project: string;
  event: string;
  /** Events (a bigint on PostgreSQL: read it through `Number()`). */
  n: number;
}

/**
 * `analytics_daily_plugin` (migration 0026): `PluginView` / `PluginInstall` / `PluginLike` events
 * with a `plugin_key`, per UTC day number, project and key; kept by a trigger on `analytics_event`.
 */
export interface AnalyticsDailyPluginTable {
  day: number;
  project: string;
  plugin_key: string;
  views: number;
  installs: number;
  likes: number;
}

/**
 * `analytics_daily_visitor` (migration 0026): one row per `distinct_id` with a `$pageview` on that
 * UTC day number in that project; kept by a trigger on `analytics_event`.
 */
export interface AnalyticsDailyVisitorTable {
  day: number;
  project: string;
  distinct_id: string;
  /** The previous day with a `$pageview` of this id in this project (migration 0029); null: none. */
  prev: number | null;
}

/**
 * `analytics_daily_visitor_all` (migration 0029): one row per `distinct_id` with a `$pageview` on
 * that UTC day in any project, with the previous such day (`prev`, null: none); kept by a trigger
 * on `analytics_event`.
 */
export interface AnalyticsDailyVisitorAllTable {
  day: number;
  distinct_id: string;
  prev: number | null;
}

/** `analytics_daily_visitors` (migration 0029): visitors per UTC day and project (`''`: all projects). */
export interface AnalyticsDailyVisitorsTable {
  day: number;
  project: string;
  n: number;
}

/**
 * `analytics_visitor_gaps` (migration 0030): `n` visitor-days of `project` (`''`: across projects)
 * on `day` whose previous page-view day is `prev` (`-1`: none before); kept by triggers on the two
 * visitor-day tables.
 */
export interface AnalyticsVisitorGapsTable {
  project: string;
  day: number;
  prev: number;
  n: number;
}

/**
 * `analytics_monthly_plugin` (migration 0029): `analytics_daily_plugin` summed per UTC calendar
 * month (`month`: the day number of its 1st).
 */
export interface AnalyticsMonthlyPluginTable {
  month: number;
  project: string;
  plugin_key: string;
  views: number;
  installs: number;
  likes: number;
}

/** An `analytics_event` row as read. */
export type AnalyticsEventRow = Selectable<AnalyticsEventTable>;
/** An `analytics_event` row to insert. */
export type NewAnalyticsEventRow = Insertable<AnalyticsEventTable>;
