/**
 * Kysely table types of the Plugin Center database (snake_case, identical on SQLite and
 * PostgreSQL). Times are Unix epoch milliseconds (BIGINT on PostgreSQL, read back as JS numbers);
 * booleans are stored as 0/1 integers on both dialects so rows look the same everywhere.
 */
import type { Generated, Insertable, Selectable, Updateable } from 'kysely';
import type {
  AnalyticsDailyEventTable,
  AnalyticsDailyPluginTable,
  AnalyticsDailyVisitorAllTable,
  AnalyticsDailyVisitorsTable,
  AnalyticsDailyVisitorTable,
  AnalyticsEventTable,
  AnalyticsMonthlyPluginTable,
  AnalyticsVisitorGapsTable,
} from './schemaAnalytics';
import type {
  NotificationPreferenceTable,
  NotificationTable,
  PluginDailyStatTable,
  PluginRatingReportTable,
  PluginRatingTable,
  PluginRatingVoteTable,
  PublisherTable,
} from './schemaCommunity';
import type {
  LoginCodeTable,
  PersonalAccessTokenTable,
  RefreshTokenTable,
  ServerSecretTable,
  SsoAssertionTable,
  SsoRequestTable,
  ThirdPartyAccountTable,
  UserAccountTable,
} from './schemaIdentity';
import type { MirrorChangeTable, MirrorPullTable, MirrorStateTable } from './schemaMirror';
import type {
  CatalogueStatTable,
  SearchPostingTable,
  SearchTermTable,
  SearchWordTable,
} from './schemaSearch';
import type { WebhookDeliveryTable, WebhookEndpointTable } from './schemaWebhooks';

export type * from './schemaAnalytics';
export type * from './schemaCommunity';
export type * from './schemaIdentity';
export type * from './schemaMirror';
export type * from './schemaSearch';
export type * from './schemaWebhooks';

/** `plugin`: one row per plugin (SPEC §3), counters denormalised and search documents stored. */
export interface PluginTable {
  id: Generated<number>;
  /** Stable public identifier (see `derivePluginKey`). */
  plugin_key: string;
  name: string;
  intro: string;
  description: string;
  icon: string | null;
  video: string | null;
  cover_center: string | null;
  cover_panel: string | null;
  /** 0/1: the panel uses the plugin-center cover. */
  reuse_center_cover: number;
  code_file: string | null;
  contact: string | null;
  /** null until a version is published (imported entries have none). */
  current_version: string | null;
  version_content: string;
  /** 'author' (copyright holder is the developer) or 'custom' (copyright_name). */
  copyright_type: 'author' | 'custom';
  copyright_name: string | null;
  developer: string | null;
  technical_support_link: string | null;
  homepage: string | null;
  license: string | null;
  /** JSON array of platform codes, e.g. `["figma"]`. */
  platforms: string;
  /** Attribution of an imported entry (owner/repo@commit:path). */
  source: string | null;
  /** 1 unreviewed, 2 approved, 3 unapproved (wire `ReviewStatus`). */
  review_status: number;
  reject_reason: string | null;
  /** 0/1: silently installed for every user. */
  is_default_install: number;
  download_count: number;
  view_count: number;
  praise_count: number;
  /** ms */
  create_time: number;
  /** ms; null when the source gave no date. */
  update_time: number | null;
  /**
   * ms when the plugin was first approved (migration 0041; set by the review domain, never reset);
   * null while it was never approved. The newest order (`sort=5`) walks it.
   */
  approve_time: Generated<number | null>;
  /** Sort helper: `COALESCE(update_time, 0)`, kept in step by the data layer. */
  sort_time: number;
  /** The search terms posted for the plugin with their scores, `term_id:score` space-separated (migrations 0012, 0025; '' when none). */
  search_terms: Generated<string>;
  /** The owning account (publisher, or assigned by an administrator); null for imported plugins. */
  owner_id: number | null;
  /** JSON array of the gallery's stored-file URLs (migration 0011); `[]` for imports. */
  images: Generated<string>;
  /**
   * The `id` of the plugin's manifest (migration 0022), unique among plugins: whoever owns this
   * plugin owns the id. A catalogue plugin holds its `figma_plugin_id`; null when unknown or none.
   */
  manifest_id: Generated<string | null>;
  /** The batch upload that imported the plugin (migration 0024); null for any other plugin. */
  batch_id: Generated<string | null>;
  /** ms when its publisher unlisted it (migration 0036); null while listed. */
  unlisted_at: Generated<number | null>;
  /** Why it is deprecated, shown on the detail and to the editor (migration 0036); null when it is not. */
  deprecation_message: Generated<string | null>;
  /** ms when it was deprecated; null when it is not. */
  deprecation_time: Generated<number | null>;
  /** The plugin to use instead of this deprecated one; null when none (or that plugin was deleted). */
  replacement_plugin_id: Generated<number | null>;
  /** The source repository's URL as the publisher gave it (migration 0036); null when none. */
  repository: Generated<string | null>;
  /** Shown ratings (migration 0035): count, sum of stars and how many gave 1 … 5 stars (triggers). */
  rating_count: Generated<number>;
  rating_sum: Generated<number>;
  rating_1: Generated<number>;
  rating_2: Generated<number>;
  rating_3: Generated<number>;
  rating_4: Generated<number>;
  rating_5: Generated<number>;
  /** The upstream's origin of a plugin pulled from it (migration 0046); null for a local plugin. */
  mirrored_from: Generated<string | null>;
  /** The upstream's publisher of a mirrored plugin, JSON `{ handle, name }`; null when none. */
  mirror_publisher: Generated<string | null>;
}

/** `plugin_version`: history versions of a plugin. */
export interface PluginVersionTable {
  id: Generated<number>;
  plugin_id: number;
  version: string;
  version_content: string;
  /** ms */
  create_time: number;
  /** Compact JWS over the version's description (migration 0042); null until signed. */
  signature: Generated<string | null>;
  /** Id of the key that made `signature`; null until signed. */
  signature_kid: Generated<string | null>;
}

/** `tag`: tags from the catalogue data (code = lowercase tag, name = readable English). */
export interface TagTable {
  id: Generated<number>;
  code: string;
  name: string;
  /** Denormalised number of approved plugins carrying the tag (updated with the rows that change it). */
  plugin_count: number;
}

/**
 * `plugin_tag`: which tags a plugin carries, with copies of the plugin's list sort keys for
 * keyset-indexed tag pages. The copies are written by database triggers (on insert here and on
 * every change of those plugin columns): never set them by hand.
 */
export interface PluginTagTable {
  plugin_id: number;
  tag_id: number;
  review_status: Generated<number>;
  sort_time: Generated<number>;
  download_count: Generated<number>;
}

/** `plugin_translation`: a plugin's texts in another locale (e.g. zh-CN from zh.json). */
export interface PluginTranslationTable {
  plugin_id: number;
  locale: string;
  name: string;
  intro: string;
  description: string;
}

/** `recommendation`: curated recommended plugins, shown by ascending position. */
export interface RecommendationTable {
  plugin_id: number;
  position: number;
}

/** The whole database as Kysely sees it. */
export interface DatabaseSchema {
  plugin: PluginTable;
  plugin_version: PluginVersionTable;
  tag: TagTable;
  plugin_tag: PluginTagTable;
  plugin_translation: PluginTranslationTable;
  recommendation: RecommendationTable;
  catalogue_stat: CatalogueStatTable;
  search_term: SearchTermTable;
  search_word: SearchWordTable;
  search_posting: SearchPostingTable;
  user_account: UserAccountTable;
  refresh_token: RefreshTokenTable;
  login_code: LoginCodeTable;
  third_party_account: ThirdPartyAccountTable;
  sso_request: SsoRequestTable;
  sso_assertion: SsoAssertionTable;
  server_secret: ServerSecretTable;
  // Also has `version` (migration 0040: the plugin's `current_version` at the insert, set by a trigger;
  // null before that migration or for a plugin without a version), read only by the triggers and the
  // statistics; typed as the other per-user tables so queries over either stay one shape.
  plugin_install: PluginUserTable;
  plugin_praise: PluginUserTable;
  plugin_view: PluginViewTable;
  analytics_event: AnalyticsEventTable;
  analytics_daily_event: AnalyticsDailyEventTable;
  analytics_daily_plugin: AnalyticsDailyPluginTable;
  analytics_daily_visitor: AnalyticsDailyVisitorTable;
  analytics_daily_visitor_all: AnalyticsDailyVisitorAllTable;
  analytics_daily_visitors: AnalyticsDailyVisitorsTable;
  analytics_visitor_gaps: AnalyticsVisitorGapsTable;
  analytics_monthly_plugin: AnalyticsMonthlyPluginTable;
  plugin_submission: PluginSubmissionTable;
  audit_log: AuditLogTable;
  personal_access_token: PersonalAccessTokenTable;
  // Banners and activities (migration 0015)
  banner: BannerTable;
  activity_view: ActivityViewTable;
  // The editor's side, migration 0017: one row per plugin the user
  // uninstalled and has not installed again (keeps a default-install plugin out of their editor).
  plugin_uninstall: PluginUserTable;
  // Curation.
  resource_position: ResourcePositionTable;
  // Settings.
  app_setting: AppSettingTable;
  // Publishing limits (migration 0019): the size of each stored file by key.
  file_size: FileSizeTable;
  // Ratings and reviews of plugins (migration 0035).
  plugin_rating: PluginRatingTable;
  plugin_rating_vote: PluginRatingVoteTable;
  plugin_rating_report: PluginRatingReportTable;
  // A publisher's statistics per plugin, day and version (migration 0040).
  plugin_daily_stat: PluginDailyStatTable;
  // Publishers (migration 0038).
  publisher: PublisherTable;
  // Notifications and their e-mail preferences (migration 0044).
  notification: NotificationTable;
  notification_preference: NotificationPreferenceTable;
  // Mirroring (migration 0046).
  mirror_change: MirrorChangeTable;
  mirror_state: MirrorStateTable;
  mirror_pull: MirrorPullTable;
  // Webhooks (migration 0047).
  webhook_endpoint: WebhookEndpointTable;
  webhook_delivery: WebhookDeliveryTable;
}

/**
 * `file_size` (migration 0019): the size of a stored file by its content address. A key's size never
 * changes, so rows are written once (publishing) and never updated; the per-account storage quota
 * sums them over the keys an account's rows name (`publishing/quotas.ts`).
 */
export interface FileSizeTable {
  /** The storage key, `<sha256 hex>.<ext>`. */
  file_key: string;
  /** Size of the file, bytes. */
  bytes: number;
}

/**
 * `resource_position` (migration 0014, curation): a time-limited featured slot of one
 * plugin, shown from `start_time` (inclusive) to `end_time` (exclusive); the status is derived from
 * the clock and `is_disabled` (curation/resourcePositions.ts).
 */
export interface ResourcePositionTable {
  id: Generated<number>;
  plugin_id: number;
  /** ms */
  start_time: number;
  /** ms; never before start_time (check constraint) */
  end_time: number;
  /** 0/1: the 'new' tag */
  is_new: number;
  /** 0/1: disabled by an administrator (status invalidated) */
  is_disabled: number;
  /** ms */
  create_time: number;
  /** ms: last create, disable or restore */
  update_time: number;
}

/**
 * `plugin_submission` (migration 0009): one submitted version of a plugin with every field, the
 * storage keys of its files, its automated check results and its review state.
 */
export interface PluginSubmissionTable {
  id: Generated<number>;
  plugin_id: number;
  /** 1 unreviewed, 2 approved, 3 rejected (wire `ReviewStatus`). */
  status: number;
  submitter_id: number | null;
  reviewer_id: number | null;
  /** ms */
  create_time: number;
  /** ms; null until reviewed. */
  review_time: number | null;
  version: string;
  name: string;
  intro: string;
  /** JSON array of tag codes. */
  tags: string;
  /** Storage keys (`<sha256>.<ext>`), or the live plugin's URL when carried over from an import. */
  icon: string | null;
  cover_center: string | null;
  cover_panel: string | null;
  /** 0/1 */
  reuse_center_cover: number;
  video: string | null;
  /** JSON array of storage keys. */
  images: string;
  /** Storage key of the manifest (`<sha256>.json`). */
  code_file: string | null;
  contact: string | null;
  copyright_type: 'author' | 'custom';
  copyright_name: string | null;
  developer: string | null;
  technical_support_link: string | null;
  /** 0/1 */
  is_default_install: number;
  /** JSON array of wire `CheckResult`. */
  checks: string;
  reject_reason: string | null;
  version_content: string;
  description: string;
  /** The `id` of the submitted manifest (migration 0022); null when it has none. */
  manifest_id: Generated<string | null>;
  /** The licence, homepage and source repository the form gave (migration 0036); null when none. */
  license: Generated<string | null>;
  homepage: Generated<string | null>;
  repository: Generated<string | null>;
  /**
   * JSON array of the design tools the submission declares (contract `PLUGIN_PLATFORMS`, migration
   * 0041), copied to `plugin.platforms` on approval; null on rows before it (approval keeps the plugin's).
   */
  platforms: Generated<string | null>;
}

/** `audit_log` (migration 0009): append-only (triggers refuse UPDATE and DELETE). */
export interface AuditLogTable {
  id: Generated<number>;
  /** ms */
  time: number;
  actor_id: number | null;
  actor_name: string;
  /** approve, reject, delete, download, assign_owner, unlist, relist, deprecate, undeprecate; curation, settings; rating_hide, rating_restore, rating_dismiss; webhook_create, webhook_update, webhook_delete */
  action: string;
  plugin_key: string;
  version: string | null;
  reason: string | null;
  /** Position in the hash chain, 1 for the first entry (migration 0021, `shared/auditChain.ts`). */
  seq: number;
  /** The previous entry's `hash` (64 zeros for the first). */
  prev_hash: string;
  /** Lowercase hex SHA-256 of the entry's canonical serialisation, `prev_hash` included. */
  hash: string;
}

/** `plugin_view` (migration 0007): a visitor counted as viewing a plugin on a UTC day. */
export interface PluginViewTable {
  plugin_id: number;
  /** UTC day number, `floor(ms / 86 400 000)`. */
  day: number;
  /** `u:<user_id>` or `a:<keyed hash of address and user agent>`. */
  visitor: string;
}

/** `plugin_install` / `plugin_praise` / `plugin_uninstall`: one row per user and plugin. */
export interface PluginUserTable {
  user_id: number;
  plugin_id: number;
  /** ms */
  create_time: number;
}

/** A `plugin` row as read. */
export type PluginRow = Selectable<PluginTable>;
/** A `plugin` row to insert. */
export type NewPluginRow = Insertable<PluginTable>;
/** Columns of a `plugin` update. */
export type PluginUpdate = Updateable<PluginTable>;
/** A `plugin_submission` row to insert. */
export type NewPluginSubmissionRow = Insertable<PluginSubmissionTable>;
/** A `tag` row as read. */
export type TagRow = Selectable<TagTable>;
/** A `user_account` row as read. */
export type UserAccountRow = Selectable<UserAccountTable>;
/** A `plugin_version` row as read. */
export type PluginVersionRow = Selectable<PluginVersionTable>;

// --- banners and activities (migration 0015) ---
/** `banner` (migration 0015): the banners of the square's carousel. */
export interface BannerTable {
  id: Generated<number>;
  /** storage key of the image (`<sha256>.<ext>`), served at `/api/cmt/file/<key>` */
  image: string;
  /** absolute http(s) URL opened on click (normalised by the WHATWG URL parser) */
  redirect_url: string;
  /** 0-based place in the carousel */
  position: number;
  /** ms */
  create_time: number;
  /** ms */
  update_time: number;
}

/** `activity_view` (migration 0015): views of a configured activity (`ACTIVITIES`), one row each. */
export interface ActivityViewTable {
  activity_id: string;
  /** views counted so far (bigint; int8 is parsed to a number on PostgreSQL, see `database.ts`) */
  view_num: number;
}
// --- end of banners and activities ---
// --- Settings ------------------------------------------------------------------------

/**
 * `app_setting` (migration 0016): the administrator's settings by name (`space`, `iconfont`,
 * `pexels`), each a JSON document; secrets inside are sealed (`settings/secrets.ts`), never clear.
 */
export interface AppSettingTable {
  name: string;
  /** JSON text. */
  value: string;
  /** ms */
  update_time: number;
  /** The administrator who saved it last; null when that account is gone. */
  updated_by: number | null;
}
