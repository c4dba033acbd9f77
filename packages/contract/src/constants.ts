/**
 * Plain constants of the Plugin Center wire, free of TypeBox so every SDK bundle can import them.
 * `schemas.ts` imports and re-exports these, so server and SDKs share one definition.
 *
 * @packageDocumentation
 */

/** Success codes of the response envelope (SPEC §3, §9): `0` or `200`. */
export const SUCCESS_CODES = [0, 200] as const;

/**
 * The response envelope of every Plugin Center call (SPEC §3): `code` 0 or 200 means success and
 * `data` carries the payload; otherwise `error` is a stable identifier (see {@link ApiErrorCode}) and
 * `message` a readable text.
 */
export interface ApiResponse<T> {
  code: number;
  data: T;
  message?: string;
  error?: string;
}

/**
 * Stable error identifiers the server returns in `error` of a failed envelope, with the numeric
 * `code` that goes with each (never 0 or 200). Listed in docs/api.md.
 */
export const ApiErrorCode = {
  /** A query or body field is missing, of the wrong type or out of range (HTTP 400). */
  INVALID_PARAMETER: { code: 40000, error: 'INVALID_PARAMETER' },
  /** The request body is not valid JSON (HTTP 400). */
  MALFORMED_BODY: { code: 40001, error: 'MALFORMED_BODY' },
  /** A pagination cursor that this server did not issue or that does not fit the query (HTTP 400). */
  INVALID_CURSOR: { code: 40002, error: 'INVALID_CURSOR' },
  /** Authentication required or failed (HTTP 401). */
  UNAUTHORIZED: { code: 401, error: 'UNAUTHORIZED' },
  /** Signed in without the rights for this call: 'Current account has no permission' (HTTP 403). */
  FORBIDDEN: { code: 40300, error: 'FORBIDDEN' },
  /** No plugin with that plugin_key (or not visible to the caller) (HTTP 404). */
  PLUGIN_NOT_FOUND: { code: 40400, error: 'PLUGIN_NOT_FOUND' },
  /** No route for this method and path (HTTP 404). */
  ROUTE_NOT_FOUND: { code: 40401, error: 'ROUTE_NOT_FOUND' },
  // Banners and activities.
  /** No banner with that id (HTTP 404). */
  BANNER_NOT_FOUND: { code: 40410, error: 'BANNER_NOT_FOUND' },
  /** No activity with that activity_id in the server's `ACTIVITIES` configuration (HTTP 404). */
  ACTIVITY_NOT_FOUND: { code: 40411, error: 'ACTIVITY_NOT_FOUND' },
  /** The body is larger than the server accepts (HTTP 413). */
  PAYLOAD_TOO_LARGE: { code: 41300, error: 'PAYLOAD_TOO_LARGE' },
  /**
   * Too many requests from this client, or too many publishes from this account
   * (`PUBLISH_RATE_LIMIT`) (HTTP 429); `Retry-After` says when to try again.
   */
  RATE_LIMITED: { code: 42900, error: 'RATE_LIMITED' },
  /**
   * Sign-in failed: wrong email or password. The same answer whether or not the email exists
   * (HTTP 401).
   */
  INVALID_CREDENTIALS: { code: 40101, error: 'INVALID_CREDENTIALS' },
  /**
   * A one-time login code that is unknown, used, expired or bound to another redirect_uri; the SSO
   * client reports it as 'code err' (SPEC §8) (HTTP 400).
   */
  INVALID_CODE: { code: 40003, error: 'INVALID_CODE' },
  /** A redirect_uri that is not on the server's allowlist: no open redirect (HTTP 400). */
  REDIRECT_NOT_ALLOWED: { code: 40004, error: 'REDIRECT_NOT_ALLOWED' },
  /** Sign-up with an email that already has an account (HTTP 409). */
  EMAIL_TAKEN: { code: 40900, error: 'EMAIL_TAKEN' },
  /** A third-party (OAuth2/OIDC) provider refused or failed; `message` carries its response body (HTTP 502). */
  THIRD_PARTY_FAILED: { code: 50200, error: 'THIRD_PARTY_FAILED' },
  /**
   * A directory sign-in (LDAP, OIDC, SAML, custom SSO) whose answer fails a check: an unsigned or
   * wrongly signed assertion, another audience or recipient, outside its time window, replayed, a
   * state or nonce that does not match, a forged or expired ticket. `message` names the check
   * (HTTP 401).
   */
  SSO_REJECTED: { code: 40102, error: 'SSO_REJECTED' },
  /**
   * A directory account that is disabled or no longer in the directory: it cannot sign in or
   * refresh (HTTP 403).
   */
  ACCOUNT_DISABLED: { code: 40301, error: 'ACCOUNT_DISABLED' },
  /** A sign-in method (ldap, oidc, saml, custom_sso) that this deployment has not enabled (HTTP 404). */
  LOGIN_METHOD_DISABLED: { code: 40413, error: 'LOGIN_METHOD_DISABLED' },
  /**
   * An uploaded file or a publish field refused by the automated checks: a type sniffed
   * from the bytes that is not allowed, too large, wrong dimensions, a manifest that fails its schema.
   * `field` names the form field (HTTP 400).
   */
  UPLOAD_REJECTED: { code: 40005, error: 'UPLOAD_REJECTED' },
  /** An edit whose version is not greater (semver) than the plugin's last submitted one (HTTP 409). */
  VERSION_NOT_INCREASED: { code: 40901, error: 'VERSION_NOT_INCREASED' },
  /**
   * A publish while the account already has as many submissions waiting for review as the server
   * allows (`PUBLISH_PENDING_MAX`); the message names the cap (HTTP 409).
   */
  PENDING_LIMIT_REACHED: { code: 40910, error: 'PENDING_LIMIT_REACHED' },
  /**
   * A publish or new version whose files would take the account's stored files over its storage
   * quota (`PUBLISH_STORAGE_QUOTA_MB`); the message names the quota and the account's usage (HTTP 413).
   */
  STORAGE_QUOTA_EXCEEDED: { code: 41310, error: 'STORAGE_QUOTA_EXCEEDED' },
  /**
   * A publish or an edit whose manifest `id` another plugin already holds (the id belongs to the
   * account owning that plugin, or to the catalogue); the message names that plugin, `field` is
   * `code_file` (HTTP 409).
   */
  MANIFEST_ID_TAKEN: { code: 40911, error: 'MANIFEST_ID_TAKEN' },
  /**
   * A review decision on a submission that is no longer waiting: another administrator approved
   * or rejected it first, or an edit replaced the version the decision names (HTTP 409). Nothing is
   * written, not even an audit entry.
   */
  ALREADY_REVIEWED: { code: 40902, error: 'ALREADY_REVIEWED' },
  /** Curation: no resource position (featured slot) with that id (HTTP 404). */
  RESOURCE_POSITION_NOT_FOUND: { code: 40412, error: 'RESOURCE_POSITION_NOT_FOUND' },
  /**
   * A batch upload naming a `batch_id` that plugins of an earlier batch already carry: one id names
   * one batch, so deleting it never takes another upload's plugins (HTTP 409).
   */
  BATCH_ID_TAKEN: { code: 40915, error: 'BATCH_ID_TAKEN' },
  /** Ratings: no plugin review with that id (or hidden from the caller) (HTTP 404). */
  RATING_NOT_FOUND: { code: 40416, error: 'RATING_NOT_FOUND' },
  // Publishers.
  /** No publisher with that handle (HTTP 404). */
  PUBLISHER_NOT_FOUND: { code: 40430, error: 'PUBLISHER_NOT_FOUND' },
  /** A publisher handle another account already holds, compared case-insensitively (HTTP 409). */
  HANDLE_TAKEN: { code: 40930, error: 'HANDLE_TAKEN' },
  /** The account already chose its handle; a handle is chosen once and never changed (HTTP 409). */
  HANDLE_ALREADY_SET: { code: 40931, error: 'HANDLE_ALREADY_SET' },
  /**
   * A domain check that did not find the expected TXT record (none, another value, no such domain,
   * or the resolver failed); `message` says which (HTTP 409). Nothing changes; check again later.
   */
  DOMAIN_NOT_VERIFIED: { code: 40932, error: 'DOMAIN_NOT_VERIFIED' },
  // Notifications.
  /** No notification with that id among the caller's own (another account's is never revealed) (HTTP 404). */
  NOTIFICATION_NOT_FOUND: { code: 40440, error: 'NOTIFICATION_NOT_FOUND' },
  // Webhooks.
  /** No webhook endpoint, or no delivery, with that id (HTTP 404). */
  WEBHOOK_NOT_FOUND: { code: 40460, error: 'WEBHOOK_NOT_FOUND' },
  /** Anything unexpected; details are in the server log, never in the response (HTTP 500). */
  INTERNAL: { code: 50000, error: 'INTERNAL' },
} as const;

/**
 * Sort orders of the plugin list (SPEC §4): `0` latest (the default without a keyword: last update
 * first, so it is also the "recently updated" order), `1` most popular (installs), `2` relevance
 * (the default with a keyword; see docs/search.md), `3` highest rated (the Bayesian average of the
 * stars — {@link RATING_PRIOR} — then the number of ratings; unrated plugins last), `4` name (A–Z),
 * `5` newest (time the plugin was first approved, newest first: the square's "new and notable"), `6`
 * trending (installs in the last {@link TRENDING_DAYS} days, then installs overall). Ties are
 * broken by the plugin id; every order pages with a cursor.
 */
export const PluginSort = {
  LATEST: 0,
  MOST_POPULAR: 1,
  RELEVANCE: 2,
  HIGHEST_RATED: 3,
  NAME: 4,
  NEWEST: 5,
  TRENDING: 6,
} as const;
/** A value of {@link PluginSort}. */
export type PluginSort = (typeof PluginSort)[keyof typeof PluginSort];

/**
 * The prior of the highest-rated order (`PluginSort.HIGHEST_RATED`): a plugin's score is
 * `(rating_sum + WEIGHT × MEAN) / (rating_count + WEIGHT)`, as if every plugin had `WEIGHT` more
 * ratings of `MEAN` stars, so one 5-star rating does not outrank a hundred of 4.8 (the IMDb
 * "weighted rating"). Plugins without a rating come after every rated one.
 */
export const RATING_PRIOR = { WEIGHT: 5, MEAN: 3 } as const;

/** The window of the trending order (`PluginSort.TRENDING`): installs over the last 7 days. */
export const TRENDING_DAYS = 7;

/**
 * The design tools the plugin list filters by (`GET plugin/list?platform=`): the slugs of a plugin's
 * `platforms`. `figma` also matches plugins for FigJam (`figjam`: Figma's whiteboard, which runs
 * Figma plugins with the same manifest and API).
 */
export const PLUGIN_PLATFORMS = ['figma', 'sketch', 'adobe-xd', 'penpot', 'mastergo'] as const;
/** A value of {@link PLUGIN_PLATFORMS}. */
export type PluginPlatform = (typeof PLUGIN_PLATFORMS)[number];

/**
 * The minimum-rating filter of the plugin list (`GET plugin/list?rating=`): 1–5 stars. A plugin
 * passes when its average, rounded to one decimal as the cards show it (`rating_average`), is at
 * least the value; plugins without ratings never pass.
 */
export const MIN_RATING = { MIN: 1, MAX: 5 } as const;

/**
 * The sort a plugin list applies (the one home of the default-sort rule): the requested sort, or
 * without one relevance when there is a keyword and latest otherwise; relevance without a keyword
 * (blank after trimming) is latest, as there is nothing to be relevant to.
 *
 * @param sort - the requested sort, undefined for none
 * @param keyword - the search keyword, if any
 * @returns the value of {@link PluginSort} the list is ordered by
 *
 * @example
 * ```ts
 * pluginListSort(undefined, 'grid'); // PluginSort.RELEVANCE (2)
 * pluginListSort(undefined, '');     // PluginSort.LATEST (0)
 * pluginListSort(PluginSort.RELEVANCE, '  '); // PluginSort.LATEST (0)
 * pluginListSort(PluginSort.MOST_POPULAR, 'grid'); // PluginSort.MOST_POPULAR (1)
 * ```
 */
export function pluginListSort(sort: PluginSort | undefined, keyword?: string | null): PluginSort {
  const searching = !!keyword?.trim();
  if (sort === undefined) return searching ? PluginSort.RELEVANCE : PluginSort.LATEST;
  return sort === PluginSort.RELEVANCE && !searching ? PluginSort.LATEST : sort;
}

/** Review (audit) status of a plugin; the numbers are the audit filter's (SPEC §3): 1 unaudited, 2 passed, 3 not passed. */
export const ReviewStatus = { UNREVIEWED: 1, APPROVED: 2, UNAPPROVED: 3 } as const;
/** A value of {@link ReviewStatus}. */
export type ReviewStatus = (typeof ReviewStatus)[keyof typeof ReviewStatus];

/**
 * Curation: the statuses of a resource position (featured slot, SPEC §4), derived from the
 * server clock and the disabled flag: `INVALIDATED` when disabled, else `PENDING` before the start
 * time, `ACTIVE` from the start (inclusive) to the end (exclusive), `EXPIRED` from the end on.
 */
export const ResourcePositionStatus = {
  PENDING: 'pending',
  ACTIVE: 'active',
  EXPIRED: 'expired',
  INVALIDATED: 'invalidated',
} as const;
/** A value of {@link ResourcePositionStatus}. */
export type ResourcePositionStatus = (typeof ResourcePositionStatus)[keyof typeof ResourcePositionStatus];

/** The id of the "All" entry of the tag row (SPEC §2). */
export const ALL_TAGS_ID = 0;

/** Page size limits of `GET plugin/list`: default 20, at most 100. */
export const PAGE_SIZE = { DEFAULT: 20, MAX: 100 } as const;

/**
 * Limits of the publish form (SPEC §5, §9), checked in the browser before sending and again by the
 * server. Text limits are in characters ("over {limit} words"); file limits in bytes.
 */
export const PUBLISH_LIMITS = {
  NAME: 50,
  INTRO: 120,
  DESCRIPTION: 20000,
  VERSION_CONTENT: 2000,
  CONTACT: 200,
  /** Tags per plugin, and characters per tag. */
  TAGS: 5,
  TAG: 30,
  URL: 2048,
  /** A review's reason, and a deprecation message. */
  REASON: 1000,
  /** Images and videos together (SPEC §5: at most 3). */
  MEDIA: 3,
  ICON_BYTES: 1024 * 1024,
  COVER_BYTES: 5 * 1024 * 1024,
  IMAGE_BYTES: 5 * 1024 * 1024,
  /** SPEC §9: video 25M. */
  VIDEO_BYTES: 25 * 1024 * 1024,
  /** The code file (manifest, JSON only). */
  CODE_BYTES: 64 * 1024,
} as const;

/** Bytes: the largest file of an administrators' batch upload (a JSON array or a ZIP of them). */
export const BATCH_FILE_BYTES = 32 * 1024 * 1024;

/** Content types of the images the server accepts (the type is read from the bytes). */
export const IMAGE_CONTENT_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;

// Banners of the square's carousel.
/**
 * Limits of the banners of the square's carousel (`PUT /api/cmt/manager/plugin-banner`):
 * the app can check them before uploading; the server enforces them.
 */
export const BANNER_LIMITS = {
  /** Bytes: the largest banner image (PNG, JPEG, GIF or WebP, the type read from the bytes; any shape). */
  IMAGE_BYTES: 5 * 1024 * 1024,
  /** Characters: the longest `redirect_url`. */
  URL: 2048,
  /** Banners at most (a save that would create one more is refused). */
  COUNT: 50,
} as const;

/** The message of a banner link that is not an absolute http(s) URL (SPEC §5: exactly this text). */
export const BANNER_URL_MESSAGE = 'Wrong url, please try again';

/** Longest search keyword accepted, in characters. */
export const KEYWORD_MAX_LENGTH = 100;

/** Roles by number (SPEC §1): 0 general user, 1 super admin, 2 general admin. */
export const Role = { GENERAL_USER: 0, SUPER_ADMIN: 1, GENERAL_ADMIN: 2 } as const;
/** A value of {@link Role}. */
export type Role = (typeof Role)[keyof typeof Role];

/**
 * Admin means role 1 or 2 (SPEC §4 "Admin means admin-verify role is 1 or 2").
 *
 * @example
 * ```ts
 * const { data } = await client.plugin.verify();
 * if (isAdminRole(data?.role)) showBackOffice();
 * isAdminRole(Role.GENERAL_USER); // false
 * ```
 */
export function isAdminRole(role: number | null | undefined): boolean {
  return role === Role.SUPER_ADMIN || role === Role.GENERAL_ADMIN;
}

/** Where the stored login record lives (SPEC §3 "Login storage codes"): 0 local, 1 session, 2 cookie. */
export const LoginStorage = { LOCAL: 0, SESSION: 1, COOKIE: 2 } as const;
/** A value of {@link LoginStorage}. */
export type LoginStorage = (typeof LoginStorage)[keyof typeof LoginStorage];

/**
 * Default prefix of the user API (SPEC §7 "User API (configurable base)") on this server; the
 * paths below are relative to it, e.g. `GET /api/uc/user/valid`.
 */
export const USER_API_BASE = '/api/uc/';

/**
 * The access tokens' claim naming how the session was signed in: a key of the answer of
 * `GET /config/private/standard/{product}` (`password`, `oauth2`, `ldap`, `oidc`, `saml`,
 * `custom_sso`), so sign-out follows that method's `logout_mode` (SPEC §7). Absent when unknown.
 */
export const LOGIN_METHOD_CLAIM = 'login_method';

/** The sign-in method of a session started by a third-party account (SPEC §1 "oauth2"). */
export const THIRD_PARTY_LOGIN_METHOD = 'oauth2';
/** The sign-in method of a session started with e-mail and password. */
export const PASSWORD_LOGIN_METHOD = 'password';

/**
 * Paths of the user API (SPEC §7), relative to {@link USER_API_BASE}. "(refresh token)" calls carry
 * the refresh token as `Authorization: Bearer <refresh_token>`; "(bearer)" calls the access token.
 */
export const USER_API = {
  /** GET (refresh token) → `{ info: UserInfo }` */
  VALID: 'user/valid',
  /** GET (bearer), query `redirect_uri` → `LoginCodeResult`: a one-time code for another site */
  LOGIN_CODE: 'user/login/code',
  /** GET, query `code`, `redirect_uri` → `LoginResult` (tokens and user) */
  LOGIN_CODE_USER: 'user/login/code/user',
  /** POST body `{ app, code, redirect_uri? }` → `LoginResult` */
  OAUTH2_LOGIN: 'user/oauth2/login',
  /** POST (refresh token), empty body → `null`; revokes the refresh token's family */
  LOGOUT: 'user/logout',
  /** GET (bearer) → `UserInfo` */
  USERINFO: 'user/userinfo',
  /** POST (refresh token) → `TokenPair` (the refresh token is rotated); the `Date` header gives server time */
  REFRESH_TOKEN: 'user/refresh_token',
  /** POST (bearer) body `{ e_id }` → `LoginResult` */
  RESET_TOKEN: 'user/reset_token',
  /** POST (bearer) body `ThirdPartyBindBody` → `UserInfo` */
  THIRD_PARTY_BIND: '3rd-party/bind',
  /** POST body `ThirdPartyAuthBody` → `LoginResult`; `{source}` names the configured provider */
  THIRD_PARTY_AUTH: '3rd-party/oauth2/{source}/auth',
  /** GET (bearer) → `PrivateStandardConfig` */
  PRIVATE_STANDARD: 'config/private/standard/{product}',
  /** POST (the login page's form) body `SignInBody` → `SignInResult` */
  SIGN_IN: 'user/login',
  /** POST (the login page's form) body `SignUpBody` → `SignInResult` */
  SIGN_UP: 'user/sign_up',
} as const;

/** Full-page login route (SPEC §2): `/user/login/`; `page=sign_up` shows sign-up. */
export const LOGIN_PAGE_PATH = '/user/login/';
/** Bind page (SPEC §2): `/user/login/bind` with query id, mainUrl, txDocFolderId. */
export const BIND_PAGE_PATH = '/user/login/bind';

/** The analytics collector's path on the site's own origin (SPEC §7 "POST to collector path /sa"). */
export const COLLECTOR_PATH = '/sa';
/** Visual (heat map) config of the web SDK (SPEC §7): query `app_id`, `v`. */
export const VISUAL_CONFIG_PATH = '/config/visualized/Web.conf';
/** Deeplink parameters (SPEC §7): query `key`, `system_type=JS`, `project`. */
export const DEEPLINK_PATH = '/sdk/deeplink/param';

/**
 * Collector projects by deployment type (SPEC §9 "collector by deployment type (www or oversea
 * production project, test default project)"): the `project` query of `POST /sa`.
 */
export const AnalyticsProject = {
  WWW: 'production',
  OVERSEA: 'oversea_production',
  TEST: 'default',
} as const;
/** A value of {@link AnalyticsProject}. */
export type AnalyticsProject = (typeof AnalyticsProject)[keyof typeof AnalyticsProject];

/**
 * The marketplace's own events (beyond the Sensors presets `$pageview`, `$WebClick`, …), each with
 * the property `plugin_key`: the dashboards count views, installs and likes per plugin from them.
 */
export const PluginEvent = {
  VIEW: 'PluginView',
  INSTALL: 'PluginInstall',
  UNINSTALL: 'PluginUninstall',
  LIKE: 'PluginLike',
  UNLIKE: 'PluginUnlike',
} as const;
/** A value of {@link PluginEvent}. */
export type PluginEvent = (typeof PluginEvent)[keyof typeof PluginEvent];

/**
 * What an author is told about (in the app's notification list and, unless turned off, by e-mail):
 * a submission approved or rejected (with the reason), a review posted on their plugin (a new
 * rating with a text, not their own, not an edit), their plugin deleted by an administrator.
 */
export const NOTIFICATION_KINDS = [
  'submission_approved',
  'submission_rejected',
  'review_posted',
  'plugin_deleted_by_admin',
] as const;
/** A value of {@link NOTIFICATION_KINDS}. */
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];
