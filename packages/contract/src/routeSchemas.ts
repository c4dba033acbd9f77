/**
 * The schemas of the route table: for every entry of `ROUTES` (same groups, same names) its OpenAPI
 * tag, summary and description, and the TypeBox schemas of its query string, path parameters, body
 * and response. The server registers each handler with these (validation, serialisation, the OpenAPI
 * document at `GET /api/openapi.json`); the compiler checks that no route of the table lacks an entry.
 *
 * `response` is the schema of `data` in the `{ code: 0, data }` envelope for `envelope` routes, and
 * of the whole 200 body for `raw` routes; other kinds have none.
 *
 * @packageDocumentation
 */
import { type TSchema, Type } from 'typebox';
import type { ROUTES } from './routes';
// Settings (issue 14).
import {
  ActivityInfo,
  ActivityInfoQuery,
  AdminInfo,
  AdminUser,
  AnalyticsOverview,
  AnalyticsRangeQuery,
  AssignOwnerBody,
  AssignOwnerResult,
  AuditListQuery,
  AuditLogPage,
  AuditLogQuery,
  AuditStatusBody,
  BannerListResult,
  BatchUploadResult,
  CodeExchangeQuery,
  CollectResult,
  CreatedPersonalToken,
  CreatePersonalTokenBody,
  CuratedRecommendation,
  CuratedRecommendationQuery,
  DeleteBannerBody,
  DeleteBannerResult,
  DownloadParams,
  EditorCodeQuery,
  EditorPluginsQuery,
  EditorPluginsResult,
  FeaturedQuery,
  FeaturedResult,
  FileParams,
  Health,
  IconfontBody,
  IconfontConfig,
  INT32_MAX,
  InstalledListQuery,
  InstalledListResult,
  InstallResult,
  LoginCodeQuery,
  LoginCodeResult,
  LoginResult,
  OAuth2LoginBody,
  PersonalTokenList,
  PexelsBody,
  PexelsConfig,
  PluginDetail,
  PluginDetailQuery,
  PluginKeyBody,
  PluginListQuery,
  PluginListResult,
  PluginViewResult,
  PraiseBody,
  PraiseResult,
  PrivateStandardConfig,
  PublisherAnalytics,
  PublishResult,
  QrCodeListResult,
  RecommendationPublishBody,
  RecommendationQuery,
  RecommendationResult,
  ResetTokenBody,
  ResourcePosition,
  ResourcePositionBody,
  ResourcePositionDisableQuery,
  ResourcePositionListQuery,
  ResourcePositionPage,
  RevokePersonalTokenBody,
  SaveBannerResult,
  SetUserRoleBody,
  SignInBody,
  SignInResult,
  SignUpBody,
  SilentInstallBody,
  SilentInstallList,
  SilentInstallListQuery,
  SilentInstallResult,
  SpaceSetting,
  SpaceSettingBody,
  SpaceSettingResource,
  SpaceSettingResourceQuery,
  SubmissionPage,
  SuggestQuery,
  SuggestResult,
  TagListResult,
  ThirdPartyAuthBody,
  ThirdPartyBindBody,
  TokenPair,
  UserInfo,
  UserListQuery,
  UserListResult,
  UserPluginsQuery,
  ValidResult,
} from './wire';

/** The schemas and OpenAPI texts of one route. */
export interface RouteSchema {
  /** OpenAPI tags (the first names the domain). */
  readonly tags: readonly string[];
  /** One line for the OpenAPI document. */
  readonly summary: string;
  /** Rules and errors beyond the summary. */
  readonly description?: string;
  /** Query string (text values converted strictly, see the server's `validation.ts`). */
  readonly querystring?: TSchema;
  /** Path parameters (`{name}` in the path). */
  readonly params?: TSchema;
  /** Request body. */
  readonly body?: TSchema;
  /** `data` of the success envelope, or the whole body of a `raw` route. */
  readonly response?: TSchema;
  /** Content types of the body, for the OpenAPI document, when not JSON. */
  readonly consumes?: readonly string[];
  /** Leave the route out of the OpenAPI document (pages and preflights are left out anyway). */
  readonly hide?: boolean;
}

/** Every route of a group of the table has an entry. */
type SchemasOf<T> = { readonly [K in keyof T]: RouteSchema };

const PLUGINS = ['plugins'] as const;
const IDENTITY = ['identity'] as const;
const ANALYTICS = ['analytics'] as const;
const PAGES = ['pages'] as const;
const OPERATIONS = ['operations'] as const;
/** Settings (issue 14): the space setting, the external accounts, people. */
const SETTINGS = ['settings'] as const;
/** How the secrets of the external accounts travel and rest (issue 14, docs/deployment.md). */
const SECRET_RULES =
  'Secrets are stored encrypted (AES-256-GCM, key outside the database) and never answered in full: `SECRET_MASK_PREFIX` (8 × U+2022) + the last 4 characters (when the secret has at least 12). Sending the masked text back keeps the stored secret. `secret_status` `undecryptable`: stored with another key than the server has.';

const RANGE_RULES =
  'Range `[from, to)` in epoch ms; default: `to` = now, `from` = 00:00 UTC 29 days before (30 UTC days). 400 INVALID_PARAMETER when `from` ≥ `to` or the range is longer than 366 days. Days are UTC days (`YYYY-MM-DD`), zero-filled.';

/** Path parameter `{source}`: a configured third-party (OAuth2/OIDC) provider. */
export const SourceParams = Type.Object({ source: Type.String({ minLength: 1, maxLength: 64 }) });
/** Path parameter `{product}` of the private-deployment login config. */
export const ProductParams = Type.Object({ product: Type.String({ minLength: 1, maxLength: 64 }) });
/** Query of `GET 3rd-party/oauth2/{source}/authorize`. */
export const AuthorizeQuery = Type.Object(
  {
    redirect_uri: Type.String({ minLength: 1, maxLength: 2048 }),
    state: Type.Optional(Type.String({ maxLength: 512 })),
  },
  { additionalProperties: false },
);
/** Query of `GET /api/pix/spaces/setting` (SPEC §7: `space_id=2`). */
export const SpaceSettingQuery = Type.Object({
  space_id: Type.Optional(Type.Integer({ minimum: 0, maximum: INT32_MAX })),
});

/** The collector's encoded fields, in a form body, a text body or the query string. */
const EncodedFields = {
  data: Type.Optional(Type.String({ description: 'urlencoded base64 of one record (UTF-8 JSON)' })),
  data_list: Type.Optional(
    Type.String({ description: 'urlencoded base64 of a JSON array of records (a batch)' }),
  ),
  ext: Type.Optional(Type.String({ description: '`crc=<n>`: the SDK hashCode of the base64 text' })),
  gzip: Type.Optional(
    Type.String({ description: '0 (default) plain, 1 gzip-compressed; 9 (encrypted) is refused' }),
  ),
};

/** Query of `/sa`: the project and, for the image transport, the encoded fields. */
export const CollectQuery = Type.Object({
  project: Type.Optional(
    Type.String({ maxLength: 64, description: 'analytics project (default `default`)' }),
  ),
  ...EncodedFields,
});

/** Query of the visual config (SPEC §7: `app_id`, `v`). */
export const VisualConfigQuery = Type.Object({
  app_id: Type.Optional(Type.String({ maxLength: 255 })),
  v: Type.Optional(Type.String({ maxLength: 255, description: 'the version the SDK holds' })),
  callbackName: Type.Optional(
    Type.String({
      pattern: '^[A-Za-z_$][A-Za-z0-9_$]{0,63}$',
      description:
        'JSONP (how the Sensors web SDK loads it): answer `callbackName(status[, config])` with HTTP 200',
    }),
  ),
});

/** Query of the deeplink parameters (SPEC §7: `key`, `system_type=JS`, `project`). */
export const DeeplinkQuery = Type.Object({
  key: Type.String({ minLength: 1, maxLength: 255 }),
  system_type: Type.Optional(Type.Literal('JS')),
  project: Type.Optional(Type.String({ maxLength: 64 })),
});

/**
 * Answer of `GET /sdk/deeplink/param`: the key's object of `ANALYTICS_DEEPLINKS` as configured, not
 * enveloped, as the Sensors deeplink API answers it (`app_key`, `android_info`, `ios_info`, page
 * parameters…), so the Sensors web SDK's deeplink plugin and ours both read it.
 */
export const DeeplinkResult = Type.Record(Type.String(), Type.Unknown(), {
  description: 'the configured object of the key, not enveloped (the Sensors deeplink API shape)',
});

/** Schemas of {@link ROUTES}`.plugin` (SPEC §7 plugin calls). */
export const PLUGIN_ROUTE_SCHEMAS = {
  list: {
    tags: PLUGINS,
    summary: 'List or search approved plugins, one keyset page at a time',
    description:
      'Order: sort 0 latest (update time desc), 1 most popular (download_count desc, then latest), 2 relevance (the default with a keyword: matched words, then BM25 with field weights, typo and synonym penalties and a mild popularity signal; see docs/search.md). `total_relation` `gte` marks a search total that is a lower bound. `next_cursor` continues the same query; null on the last page.',
    querystring: PluginListQuery,
    response: PluginListResult,
  },
  suggest: {
    tags: PLUGINS,
    summary: 'As-you-type suggestions: plugin names and tags starting with what was typed',
    querystring: SuggestQuery,
    response: SuggestResult,
  },
  tagList: {
    tags: PLUGINS,
    summary: 'Tags with at least one approved plugin, most used first',
    response: TagListResult,
  },
  detail: {
    tags: PLUGINS,
    summary: 'Detail of an approved plugin with its history versions, newest first',
    description:
      "With a bearer access token the answer carries the caller's `is_praise` and `is_installed`. 404 PLUGIN_NOT_FOUND.",
    querystring: PluginDetailQuery,
    response: PluginDetail,
  },
  recommendationList: {
    tags: PLUGINS,
    summary: 'Recommended plugins: curated ones, else a seeded sample (another seed = refresh)',
    querystring: RecommendationQuery,
    response: RecommendationResult,
  },
  view: {
    tags: PLUGINS,
    summary: 'Count one view of a plugin; answers the new view count',
    body: PluginKeyBody,
    response: PluginViewResult,
  },
  install: {
    tags: PLUGINS,
    summary: 'Install an approved plugin for the signed-in user (idempotent)',
    body: PluginKeyBody,
    response: InstallResult,
  },
  uninstall: {
    tags: PLUGINS,
    summary: 'Uninstall a plugin for the signed-in user (idempotent)',
    body: PluginKeyBody,
    response: InstallResult,
  },
  installedList: {
    tags: PLUGINS,
    summary: "The signed-in user's installed plugins, most recently installed first",
    querystring: InstalledListQuery,
    response: InstalledListResult,
  },
  praise: {
    tags: PLUGINS,
    summary: 'Like (praise 1) or unlike (praise -1) a plugin (idempotent)',
    body: PraiseBody,
    response: PraiseResult,
  },
  newUserSilentInstall: {
    tags: PLUGINS,
    summary: 'Install the default-install plugins the signed-in user does not have yet',
    response: InstalledListResult,
  },
  // Issue 14, the editor's side (helper "editor").
  editorPlugins: {
    tags: PLUGINS,
    summary:
      "The design tool's plugins: the signed-in user's installs and the default-install plugins, with the approved version and code file URL",
    description:
      'Strong `ETag` of the answer; `If-None-Match` with a current tag answers 304 with no body. `Cache-Control: private, no-cache`. See docs/api.md "The editor\'s plugins".',
    querystring: EditorPluginsQuery,
    response: EditorPluginsResult,
  },
  editorCode: {
    tags: PLUGINS,
    summary:
      "The approved code file (the plugin manifest, JSON) of a plugin in the signed-in user's editor list",
    description:
      "The bytes as published, `application/json`; strong `ETag`, `If-None-Match` → 304; 404 PLUGIN_NOT_FOUND when the plugin is not in the caller's editor list or has no code file.",
    querystring: EditorCodeQuery,
  },
  // End of issue 14, the editor's side.
  verify: {
    tags: IDENTITY,
    summary: "The caller's role (bearer): admin means 1 or 2",
    response: AdminInfo,
  },
  analyticsOverview: {
    tags: ANALYTICS,
    summary: 'Back-office dashboard: page views, visitors, top plugins, events by name (admin)',
    description: RANGE_RULES,
    querystring: AnalyticsRangeQuery,
    response: AnalyticsOverview,
  },
  publisherAnalytics: {
    tags: ANALYTICS,
    summary: "A publisher's plugins: views, installs and likes, per day (signed in)",
    description: `${RANGE_RULES} The publisher's plugins are the ones their account owns (published by it, or assigned to it by an administrator); an administrator names a developer in \`developer\` instead (required for administrators).`,
    querystring: AnalyticsRangeQuery,
    response: PublisherAnalytics,
  },
  publish: {
    tags: PLUGINS,
    summary: 'Publish a plugin (multipart): stored as a submission waiting for review',
    description:
      'Text fields as `PublishFields`; files `icon` (square, ≤ 1 MB), `cover_center` and `cover_panel` (16:9, ≤ 5 MB), `video` (MP4 or WebM, ≤ 25 MB), `images` (≤ 5 MB each; images and video ≤ 3 in all), `code_file` (the manifest, JSON, ≤ 64 KiB). Types are read from the bytes. Errors: 400 `INVALID_PARAMETER` or `UPLOAD_REJECTED` with `field`; 413 beyond the limits. Nothing is kept when it fails.',
    consumes: ['multipart/form-data'],
    response: PublishResult,
  },
  edit: {
    tags: PLUGINS,
    summary: 'Edit a plugin (multipart): a new version, live once approved (owner or admin)',
    description:
      "As publish, with `plugin_key`; a file left out keeps the previous one. `version` must be greater (semver) than the last submitted (409 `VERSION_NOT_INCREASED`). A pending submission of the plugin is replaced. 403 for someone else's plugin.",
    consumes: ['multipart/form-data'],
    response: PublishResult,
  },
  remove: {
    tags: PLUGINS,
    summary: 'Delete a plugin with its versions, submissions and files (admin; audit-logged)',
    body: PluginKeyBody,
  },
  userPlugins: {
    tags: PLUGINS,
    summary: "The signed-in user's plugins: the latest submission of each, with its review status and reason",
    querystring: UserPluginsQuery,
    response: SubmissionPage,
  },
  auditList: {
    tags: PLUGINS,
    summary: 'The review list (admin): submissions with their checks and changes, newest first',
    querystring: AuditListQuery,
    response: SubmissionPage,
  },
  auditStatus: {
    tags: PLUGINS,
    summary: "Approve (2), or reject (3) with a required reason, a plugin's pending submission (admin)",
    description:
      'Approval makes the submission the live listing and a history version. 400 when rejecting without a reason; 404 when the plugin has no pending submission.',
    body: AuditStatusBody,
    response: PublishResult,
  },
  assignOwner: {
    tags: PLUGINS,
    summary: 'Give a plugin to an account by email, or to nobody (admin; audit-logged)',
    description:
      'The owner edits the plugin, finds it in `GET plugin/audit` once it has a submission, and reads its figures in `GET plugin/analytics`. 404 `PLUGIN_NOT_FOUND` for an unknown plugin, 400 `INVALID_PARAMETER` (field `email`) when no account has that email.',
    body: AssignOwnerBody,
    response: AssignOwnerResult,
  },
  personalTokenList: {
    tags: PLUGINS,
    summary:
      "The caller's personal access tokens for publishing from a terminal (never the tokens themselves)",
    response: PersonalTokenList,
  },
  createPersonalToken: {
    tags: PLUGINS,
    summary: 'Create a personal access token (shown once; stored hashed; scope publish)',
    description:
      'At most 20 per account. The token works as `Authorization: Bearer pcpat_…` on `POST`/`PUT plugin` and `GET plugin/audit` only (401 elsewhere); it cannot create tokens. A session access token is required here.',
    body: CreatePersonalTokenBody,
    response: CreatedPersonalToken,
  },
  revokePersonalToken: {
    tags: PLUGINS,
    summary: "Revoke one of the caller's personal access tokens (404 for anyone else's)",
    body: RevokePersonalTokenBody,
    response: Type.Object({ id: Type.Integer() }),
  },
  auditLog: {
    tags: PLUGINS,
    summary: 'The append-only audit log of administrative actions, newest first (admin)',
    querystring: AuditLogQuery,
    response: AuditLogPage,
  },
  download: {
    tags: PLUGINS,
    summary: "A plugin's code file (manifest JSON) as an attachment (admin; audit-logged)",
    params: DownloadParams,
  },
  batchUpload: {
    tags: PLUGINS,
    summary: 'Batch upload of plugins (admin, multipart, cancellable)',
    description:
      'One file `file`: a JSON array of catalogue records (the format of the shipped catalogue, docs/publishing.md), or a ZIP of such JSON files (at most 100 entries, 16 MiB each and 64 MiB in all once inflated: a zip bomb is refused before it is inflated). Each record is validated on its own; the ones that fail are reported with their index and reason, the others go in as approved plugins. Closing the request stops the import after the current plugin. 400 `UPLOAD_REJECTED` for a file that is neither.',
    consumes: ['multipart/form-data'],
    response: BatchUploadResult,
  },
  // Curation (issue 14, part "curation"): recommendations, silent install, resource positions.
  publishRecommendation: {
    tags: PLUGINS,
    summary: 'Choose and order the recommended plugins (admin; audit-logged)',
    description:
      'Replaces the previous choice with `plugin_keys` in order; `GET plugin/recommendation/list` shows it at once. An empty list returns to the automatic sample. 400 `INVALID_PARAMETER` (field `plugin_keys`) for a repeated key or a key that is not an approved plugin; nothing is changed then.',
    body: RecommendationPublishBody,
    response: CuratedRecommendation,
  },
  setSilentInstall: {
    tags: PLUGINS,
    summary: "Set or clear a plugin's default (silent) install flag (admin; audit-logged)",
    description:
      'New accounts (sign-up, third-party, admin-created) get the default plugins installed when they are created; `POST plugin/user/new/silent` installs the ones an existing account lacks. Setting the flag needs an approved plugin: 404 `PLUGIN_NOT_FOUND` otherwise. Idempotent.',
    body: SilentInstallBody,
    response: SilentInstallResult,
  },
  createResourceState: {
    tags: PLUGINS,
    summary: 'Create a resource position: feature an approved plugin for a time range (admin; audit-logged)',
    description:
      'Times in ms since the epoch; the slot shows from `start_time` (inclusive) to `end_time` (exclusive). SPEC §5: 400 `INVALID_PARAMETER` with field `end_time` and the message "The end time must not be before the start time" or "The end time must not be before now"; missing times fail validation. 404 `PLUGIN_NOT_FOUND` unless the plugin is approved.',
    body: ResourcePositionBody,
    response: ResourcePosition,
  },
  disableResourceState: {
    tags: PLUGINS,
    summary: 'Disable (is_disabled true/1) or restore (false/0) a resource position (admin; audit-logged)',
    description:
      'A disabled slot is `invalidated` and leaves the square at once; restored, its status follows the clock again. Idempotent. 404 `RESOURCE_POSITION_NOT_FOUND` for an unknown id.',
    querystring: ResourcePositionDisableQuery,
    response: ResourcePosition,
  },
  resourceStateList: {
    tags: PLUGINS,
    summary: 'The resource positions with their derived status, newest first (admin)',
    description:
      'Status from the server clock: `invalidated` when disabled, else `pending` before `start_time`, `active` until `end_time`, `expired` from then. `status` filters; `next_cursor` continues the same filter (400 `INVALID_CURSOR` for another).',
    querystring: ResourcePositionListQuery,
    response: ResourcePositionPage,
  },
  featuredList: {
    tags: PLUGINS,
    summary: "The square's featured area: active resource positions of approved plugins",
    description:
      'A slot appears at its `start_time` and disappears at its `end_time` without anyone acting; `next_change_time` says when the answer changes next. A cached answer never outlives that instant.',
    querystring: FeaturedQuery,
    response: FeaturedResult,
  },
  curatedRecommendation: {
    tags: PLUGINS,
    summary: 'The curated recommendation choice in order, for the back office to show and reorder (admin)',
    querystring: CuratedRecommendationQuery,
    response: CuratedRecommendation,
  },
  silentInstallList: {
    tags: PLUGINS,
    summary: 'The plugins installed by default for new accounts (admin)',
    querystring: SilentInstallListQuery,
    response: SilentInstallList,
  },
  // End of curation (issue 14).
  // --- issue 14, banners and contact QR codes (helper "banners") ---
  bannerList: {
    tags: PLUGINS,
    summary: "The banners of the square's carousel, in order (id, image URL, redirect_url, position)",
    response: BannerListResult,
  },
  saveBanner: {
    tags: PLUGINS,
    summary: 'Create a banner, or replace its image, link or place (admin, multipart; audit-logged)',
    description:
      "Text fields as `SaveBannerFields` (`id`, `redirect_url`, `position`), file `image` (PNG, JPEG, GIF or WebP read from the bytes, ≤ 5 MB, any shape). Without `id` a banner is created (`image` and `redirect_url` required; at most 50 banners); with `id` that banner's image and/or link are replaced (the old image removed once the banner points to the new one) and `position` moves it. A `redirect_url` that is not an absolute http(s) URL: 400 INVALID_PARAMETER 'Wrong url, please try again' (field `redirect_url`). Other errors: 400 INVALID_PARAMETER or UPLOAD_REJECTED with `field`, 404 BANNER_NOT_FOUND, 413 beyond the limits. Nothing is kept when it fails.",
    consumes: ['multipart/form-data'],
    response: SaveBannerResult,
  },
  deleteBanner: {
    tags: PLUGINS,
    summary: 'Delete a banner and its image file (admin; audit-logged)',
    description: 'The banners after it move up one place. 404 BANNER_NOT_FOUND for an unknown id.',
    body: DeleteBannerBody,
    response: DeleteBannerResult,
  },
  qrCodeList: {
    tags: PLUGINS,
    summary: 'The contact QR codes (name, img_url) of the server configuration CONTACT_QR_CODES (admin)',
    response: QrCodeListResult,
  },
  // --- end of issue 14, banners ---
  // Settings (issue 14): the icon-font and stock-photo accounts.
  getIconfont: {
    tags: SETTINGS,
    summary: 'The icon-font account (admin): client id, client secret masked',
    description: SECRET_RULES,
    response: IconfontConfig,
  },
  saveIconfont: {
    tags: SETTINGS,
    summary: 'Save the icon-font account (admin; audit-logged, never with the secret)',
    description: `${SECRET_RULES} Both fields empty remove the account; a client id without a secret (sent or stored), or a secret without a client id: 400 INVALID_PARAMETER with \`field\`. Answers the saved account, masked.`,
    body: IconfontBody,
    response: IconfontConfig,
  },
  getPexels: {
    tags: SETTINGS,
    summary: 'The stock-photo account (admin): the API key masked',
    description: SECRET_RULES,
    response: PexelsConfig,
  },
  savePexels: {
    tags: SETTINGS,
    summary: 'Save the stock-photo API key (admin; audit-logged, never with the key)',
    description: `${SECRET_RULES} An empty key removes it. Answers the saved account, masked.`,
    body: PexelsBody,
    response: PexelsConfig,
  },
  // --- issue 14, activity info (helper "banners") ---
  activityInfo: {
    tags: PLUGINS,
    summary: 'Activity info (view_num, participate_num, cover, tutorial_url); counts one view',
    description:
      "Activities are configured on the server (`ACTIVITIES`). `view_num` counts the calls for the activity (this one included); `participate_num` is the number of approved plugins carrying the activity's `tag` (0 without one). 404 ACTIVITY_NOT_FOUND for an unknown activity_id.",
    querystring: ActivityInfoQuery,
    response: ActivityInfo,
  },
  // --- Settings (issue 14, helper "settings")
  saveSpaceSetting: {
    tags: SETTINGS,
    summary: 'Change the space setting (admin; audit-logged): brand, topic colour, login storage',
    description:
      'Body `{ ext }` with the parts to change (at least one); the rest keeps its value. Colour keys are those of TOPIC_COLOR_KEYS, login_storage 0 local, 1 session, 2 cookie; anything else: 400 INVALID_PARAMETER. Answers the whole setting, as `GET /api/pix/mst/spaces/setting` then does.',
    body: SpaceSettingBody,
    response: SpaceSetting,
  },
  userList: {
    tags: SETTINGS,
    summary: 'The people of the back office (admin): accounts, newest first, searchable, with their role',
    description:
      '`keyword` matches part of the email, nick name or user name (case-insensitive); `role` keeps one role. `next_cursor` continues the same query (400 INVALID_CURSOR for a cursor of another query).',
    querystring: UserListQuery,
    response: UserListResult,
  },
  setUserRole: {
    tags: SETTINGS,
    summary:
      'Make a user a general administrator (2) or a general user again (0) (super admin; audit-logged)',
    description:
      "Only a super administrator (role 1): a general administrator gets 403 FORBIDDEN 'Current account has no permission'. Nobody changes their own role (400 INVALID_PARAMETER) or a super administrator's (403 FORBIDDEN). Unknown user_id: 400 INVALID_PARAMETER (field user_id). The new role applies to the user's next call. Answers the user.",
    body: SetUserRoleBody,
    response: AdminUser,
  },
  // --- end of settings (issue 14)
} as const satisfies SchemasOf<typeof ROUTES.plugin>;

/** Schemas of {@link ROUTES}`.user` (SPEC §7 user API, the login page's form, third-party accounts). */
export const USER_ROUTE_SCHEMAS = {
  signIn: {
    tags: IDENTITY,
    summary: 'Password sign-in of the login page: answers where to send the browser (with a one-time code)',
    description:
      'Accepts JSON or `application/x-www-form-urlencoded`. 401 INVALID_CREDENTIALS whether the email is unknown or the password wrong; 400 REDIRECT_NOT_ALLOWED; 429 RATE_LIMITED per client IP and email.',
    body: SignInBody,
    response: SignInResult,
  },
  signUp: {
    tags: IDENTITY,
    summary: 'Create an account (role 0) and sign it in like user/login',
    description:
      'Accepts JSON or `application/x-www-form-urlencoded`. 409 EMAIL_TAKEN; 429 RATE_LIMITED per IP.',
    body: SignUpBody,
    response: SignInResult,
  },
  exchangeCode: {
    tags: IDENTITY,
    summary: 'Exchange a one-time login code for tokens and the user',
    description:
      'The code is single-use, short-lived (LOGIN_CODE_TTL, default 60 s) and bound to the redirect_uri it was issued for; otherwise 400 INVALID_CODE.',
    querystring: CodeExchangeQuery,
    response: LoginResult,
  },
  valid: {
    tags: IDENTITY,
    summary: 'The user of a refresh token (Authorization: Bearer <refresh token>)',
    response: ValidResult,
  },
  refreshToken: {
    tags: IDENTITY,
    summary: 'Rotate the refresh token (Authorization: Bearer <refresh token>) and issue a new access token',
    description:
      'The presented refresh token is spent; presenting it again revokes every token of its family (401).',
    response: TokenPair,
  },
  logout: {
    tags: IDENTITY,
    summary: 'Sign out: revoke the refresh token (Authorization: Bearer <refresh token>) and its family',
    response: Type.Null(),
  },
  userInfo: { tags: IDENTITY, summary: 'The signed-in user (bearer access token)', response: UserInfo },
  loginCode: {
    tags: IDENTITY,
    summary: 'A one-time login code that signs the caller in on another allowed site',
    querystring: LoginCodeQuery,
    response: LoginCodeResult,
  },
  resetToken: {
    tags: IDENTITY,
    summary:
      "Set the caller's enterprise id (e_id) and start a new session; earlier refresh tokens are revoked",
    body: ResetTokenBody,
    response: LoginResult,
  },
  privateStandard: {
    tags: IDENTITY,
    summary: 'Login methods of a private deployment and how each logs out (PRIVATE_LOGIN_CONFIG)',
    description:
      'The same for every product. A bearer token is accepted but not required: the login page reads this before anyone is signed in.',
    params: ProductParams,
    response: PrivateStandardConfig,
  },
  thirdPartyAuthorize: {
    tags: IDENTITY,
    summary: "Redirect (302) to a configured provider's authorization endpoint",
    description:
      'The provider sends the browser back to redirect_uri with `code` (and `state`), which the page then posts to 3rd-party/oauth2/{source}/auth.',
    params: SourceParams,
    querystring: AuthorizeQuery,
  },
  thirdPartyAuth: {
    tags: IDENTITY,
    summary: "Sign in with a provider's authorization code (the account is created on first sign-in)",
    params: SourceParams,
    body: ThirdPartyAuthBody,
    response: LoginResult,
  },
  oauth2Login: {
    tags: IDENTITY,
    summary: 'OAuth2 sign-in: `app` names the provider, `code` is its authorization code',
    body: OAuth2LoginBody,
    response: LoginResult,
  },
  thirdPartyBind: {
    tags: IDENTITY,
    summary: 'Bind a provider account to the signed-in user',
    description: '400 INVALID_PARAMETER when that provider account is bound to another user.',
    body: ThirdPartyBindBody,
    response: UserInfo,
  },
  spaceSetting: {
    tags: IDENTITY,
    summary: 'Space setting of a private deployment: where the SDK stores the login record',
    description:
      "The whole space setting (as `GET /api/pix/mst/spaces/setting`): brand, topic colour and `login_storage` (0 local, 1 session, 2 cookie), which the SSO client reads with `loginStorage: 'fetch'`. This server has one space: every `space_id` answers it.",
    querystring: SpaceSettingQuery,
    response: SpaceSetting,
  },
  // --- Settings (issue 14, helper "settings")
  mstSpaceSetting: {
    tags: SETTINGS,
    summary: 'The space setting: brand, topic colour, login storage (public; defaults until an admin saves)',
    response: SpaceSetting,
  },
  mstSpaceSettingResource: {
    tags: SETTINGS,
    summary: 'One part of the space setting by key: brand, template (topic colour) or login_storage (public)',
    querystring: SpaceSettingResourceQuery,
    response: SpaceSettingResource,
  },
  // --- end of settings (issue 14)
} as const satisfies SchemasOf<typeof ROUTES.user>;

/** Schemas of {@link ROUTES}`.collector` (SPEC §7 Analytics, §8 visual config statuses). */
export const COLLECTOR_ROUTE_SCHEMAS = {
  collect: {
    tags: ANALYTICS,
    summary: 'Collect tracked records (one, or a batch) from the tracker',
    description:
      'Body `data=<base64>&ext=crc%3D<n>` or `data_list=<base64>[&gzip=0]`, base64 of the UTF-8 JSON of `TrackedEvent` (or an array of them), as `application/x-www-form-urlencoded` or `text/plain` (sendBeacon). Good records are stored in one statement and refused ones listed with index and reason; 400 when none was stored (`message` lists the reasons). At most 500 records per request.',
    consumes: ['application/x-www-form-urlencoded', 'text/plain'],
    // No body schema: the body is form text parsed by the collector (fields as in the query), and
    // an empty body falls back to the query string instead of failing validation.
    querystring: CollectQuery,
    response: CollectResult,
  },
  collectByImage: {
    tags: ANALYTICS,
    summary: 'Collect tracked records sent by the image transport (query string)',
    description:
      'Query `project`, `data`/`data_list`, `ext`, `gzip` as for POST. 200 with a 1×1 image/gif when stored; errors in the JSON envelope.',
    querystring: CollectQuery,
  },
  collectByPixel: {
    tags: ANALYTICS,
    summary: 'Collect tracked records sent by the image transport (query string), `.gif` path',
    description: 'As `GET /sa`.',
    querystring: CollectQuery,
  },
  visualConfig: {
    tags: ANALYTICS,
    summary: 'Visual (heat map) config of the web SDK',
    description:
      'SPEC §8 statuses: 200 with the config JSON (not enveloped) when `v` differs from its `version`; 304 keep (same version); 205 clear (no config). With `callbackName` (JSONP, as the Sensors web SDK asks): HTTP 200 `application/javascript` calling `callbackName(200, config)`, `callbackName(304)` or `callbackName(205)`.',
    querystring: VisualConfigQuery,
  },
  deeplink: {
    tags: ANALYTICS,
    summary: 'Parameters of a deeplink key',
    description:
      "The key's object of `ANALYTICS_DEEPLINKS`, not enveloped (the Sensors deeplink API shape); 404 ROUTE_NOT_FOUND for an unknown key, 400 for an unknown project.",
    querystring: DeeplinkQuery,
    response: DeeplinkResult,
  },
  collectPreflight: { tags: ANALYTICS, summary: 'CORS preflight of /sa' },
  pixelPreflight: { tags: ANALYTICS, summary: 'CORS preflight of /sa.gif' },
  visualConfigPreflight: { tags: ANALYTICS, summary: 'CORS preflight of the visual config' },
  deeplinkPreflight: { tags: ANALYTICS, summary: 'CORS preflight of the deeplink parameters' },
} as const satisfies SchemasOf<typeof ROUTES.collector>;

/** Schemas of {@link ROUTES}`.page`: pages and files, not part of the OpenAPI document. */
export const PAGE_ROUTE_SCHEMAS = {
  loginPage: { tags: PAGES, summary: 'The login page (SPEC §2 /user/login/)' },
  loginPageSlash: { tags: PAGES, summary: '308 to /user/login/ with the query' },
  bindPage: { tags: PAGES, summary: 'The bind page (SPEC §2 /user/login/bind)' },
  bindPageSlash: { tags: PAGES, summary: '308 to /user/login/bind with the query' },
  loginScript: { tags: PAGES, summary: 'The login pages’ script' },
  loginStyle: { tags: PAGES, summary: 'The login pages’ stylesheet' },
  root: { tags: PAGES, summary: '302 to /plugins/' },
  appBare: { tags: PAGES, summary: '301 to /plugins/ with the query' },
  app: { tags: PAGES, summary: 'The built marketplace, with history fallback to index.html' },
  uploadedFile: {
    tags: PAGES,
    summary: 'An uploaded image or video, by content hash (nosniff, sandboxed, cached for a year)',
    params: FileParams,
  },
  trackerScript: { tags: PAGES, summary: "The tracker's script-tag build" },
  trackerSourceMap: { tags: PAGES, summary: "The source map of the tracker's script-tag build" },
} as const satisfies SchemasOf<typeof ROUTES.page>;

/** Schemas of {@link ROUTES}`.operation`. */
export const OPERATION_ROUTE_SCHEMAS = {
  health: { tags: OPERATIONS, summary: 'Ready: migrations and first import done', response: Health },
  openApi: { tags: OPERATIONS, summary: 'This OpenAPI document', hide: true },
} as const satisfies SchemasOf<typeof ROUTES.operation>;

/** The schemas of every route of the table, by group and name as in {@link ROUTES}. */
export const ROUTE_SCHEMAS = {
  plugin: PLUGIN_ROUTE_SCHEMAS,
  user: USER_ROUTE_SCHEMAS,
  collector: COLLECTOR_ROUTE_SCHEMAS,
  page: PAGE_ROUTE_SCHEMAS,
  operation: OPERATION_ROUTE_SCHEMAS,
} as const;
