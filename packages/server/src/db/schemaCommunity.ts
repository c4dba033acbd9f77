/**
 * Kysely table types of what people and publishers add to the catalogue: ratings and reviews with
 * their helpful votes and reports (migration 0035), publishers (migration 0038) and a plugin's
 * statistics per day and version (migration 0040). Re-exported by `schema.ts`, whose `Database`
 * names them.
 */
import type { Generated } from 'kysely';

/** `plugin_rating` (migration 0035): one user's stars and review of one plugin. */
export interface PluginRatingTable {
  id: Generated<number>;
  plugin_id: number;
  user_id: number;
  /** 1 … 5 */
  rating: number;
  title: string;
  body: string;
  /** ms */
  create_time: number;
  /** ms */
  update_time: number;
  /** Equal to its `plugin_rating_vote` rows (triggers). */
  helpful_count: Generated<number>;
  /** The publisher's reply; null without one. */
  reply_body: string | null;
  reply_create_time: number | null;
  reply_update_time: number | null;
  /** ms when a moderator hid it; null while shown. */
  hidden_at: number | null;
  hidden_reason: string | null;
}

/** `plugin_rating_vote` (migration 0035): a user marked a review helpful. */
export interface PluginRatingVoteTable {
  rating_id: number;
  user_id: number;
  /** ms */
  create_time: number;
}

/** `plugin_rating_report` (migration 0035): a user reported a review; open while `resolved_at` is null. */
export interface PluginRatingReportTable {
  rating_id: number;
  user_id: number;
  reason: string;
  /** ms */
  create_time: number;
  resolved_at: number | null;
  /** `hidden` or `dismissed` once resolved. */
  resolution: string | null;
}

/** `publisher` (migration 0038): an account's publisher profile, at most one per account. */
export interface PublisherTable {
  /** The account (primary key). */
  user_id: number;
  /** Lower-cased, unique; null until chosen (once). */
  handle: string | null;
  /** http(s) URL; null when none. */
  website: string | null;
  /** How the publisher is verified; null: not verified. */
  verified_by: 'admin' | 'domain' | null;
  /** The domain proven by DNS (`verified_by` `'domain'`); null otherwise. */
  verified_domain: string | null;
  /** ms */
  verified_at: number | null;
  /** The domain proof started and not yet checked successfully; all three null when none. */
  pending_domain: string | null;
  pending_token: string | null;
  /** ms */
  pending_at: number | null;
  /** ms */
  create_time: number;
}

/**
 * `plugin_daily_stat` (migration 0040): what happened to a plugin on one UTC day under one version
 * (`''`: not known), kept by triggers on `plugin_install`, `plugin_praise`, `plugin_view` and
 * `plugin_rating` in the statements that change them.
 */
export interface PluginDailyStatTable {
  plugin_id: number;
  /** UTC day number, `floor(ms / 86 400 000)`. */
  day: number;
  version: string;
  installs: number;
  uninstalls: number;
  views: number;
  likes: number;
  unlikes: number;
  ratings: number;
  /** The stars of `ratings`, summed as they were when each was given. */
  rating_sum: number;
}

/** `notification` (migration 0044): one thing an account is told about. */
export interface NotificationTable {
  id: Generated<number>;
  /** The account told. */
  user_id: number;
  /** One of the contract's `NOTIFICATION_KINDS`. */
  kind: string;
  /** The plugin it is about (no foreign key: it may be deleted since). */
  plugin_id: number | null;
  /** JSON of the contract's `NotificationPayload`. */
  payload: string;
  /** ms */
  create_time: number;
  /** ms; null while unread. */
  read_at: number | null;
}

/** `notification_preference` (migration 0044): a saved e-mail setting of one account and kind (none: on). */
export interface NotificationPreferenceTable {
  user_id: number;
  kind: string;
  /** 1 e-mail on, 0 off. */
  email: number;
  /** ms */
  update_time: number;
}
