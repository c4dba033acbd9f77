/**
 * `@plugin-center/contract/schemas`: the TypeBox schemas of the Plugin Center wire, the one source of
 * truth for request and response shapes.
 *
 * The server validates requests and serialises responses with these schemas and generates its
 * OpenAPI document from them; the SDKs import only their static types (through the TypeBox-free
 * `@plugin-center/contract` entry), so none of this reaches a browser bundle.
 * Field names follow SPEC §3 (snake_case on the wire). Times are Unix epoch milliseconds.
 *
 * @packageDocumentation
 */
import { type Static, type TSchema, Type } from 'typebox';
import { BANNER_LIMITS, KEYWORD_MAX_LENGTH, LOCALES, PAGE_SIZE, PUBLISH_LIMITS } from './constants';

// The plain constants live in a TypeBox-free module so the client bundle can import them.
export {
  ALL_TAGS_ID,
  AnalyticsProject,
  ApiErrorCode,
  BIND_PAGE_PATH,
  COLLECTOR_PATH,
  DEEPLINK_PATH,
  isAdminRole,
  KEYWORD_MAX_LENGTH,
  LOCALES,
  LOGIN_PAGE_PATH,
  LoginStorage,
  PAGE_SIZE,
  PluginEvent,
  PluginSort,
  ResourcePositionStatus,
  ReviewStatus,
  Role,
  SUCCESS_CODES,
  USER_API,
  USER_API_BASE,
  VISUAL_CONFIG_PATH,
} from './constants';

/** Schema of the success envelope `{ code, data }` around a payload schema. */
export const Envelope = <T extends TSchema>(data: T) =>
  Type.Object({ code: Type.Union([Type.Literal(0), Type.Literal(200)]), data });

/** A failed response: `code` from {@link ApiErrorCode}, `error` its identifier, `message` a readable text. */
export const ErrorEnvelope = Type.Object(
  {
    code: Type.Integer(),
    error: Type.String(),
    message: Type.String(),
    data: Type.Null(),
    field: Type.Optional(
      Type.String({ description: 'the request field the error is about (publish form fields, issue 12)' }),
    ),
  },
  { $id: 'ErrorEnvelope' },
);
export type ErrorEnvelope = Static<typeof ErrorEnvelope>;

/** A tag (SPEC §3: `id`, `name`, `code`) with the number of approved plugins carrying it. */
export const Tag = Type.Object(
  {
    id: Type.Integer({ minimum: 1 }),
    name: Type.String(),
    code: Type.String(),
    plugin_count: Type.Integer({ minimum: 0 }),
  },
  { $id: 'Tag' },
);
export type Tag = Static<typeof Tag>;

const NullableString = Type.Union([Type.String(), Type.Null()]);

/** A plugin as it appears on a card of the square and in lists. */
export const PluginSummary = Type.Object(
  {
    plugin_key: Type.String(),
    name: Type.String(),
    intro: Type.String(),
    icon: NullableString,
    tags: Type.Array(Type.Object({ id: Type.Integer(), name: Type.String(), code: Type.String() })),
    developer: NullableString,
    platforms: Type.Array(Type.String()),
    current_version: Type.Union([Type.String(), Type.Null()], {
      description: 'null until a version is published (imported catalogue entries have none)',
    }),
    download_count: Type.Integer({ minimum: 0 }),
    view_count: Type.Integer({ minimum: 0 }),
    praise_count: Type.Integer({ minimum: 0 }),
    create_time: Type.Integer({ description: 'ms since the Unix epoch' }),
    update_time: Type.Union([Type.Integer(), Type.Null()], {
      description: 'ms since the Unix epoch; null when the source gave no date',
    }),
  },
  { $id: 'PluginSummary' },
);
export type PluginSummary = Static<typeof PluginSummary>;

/** One history version of a plugin. */
export const PluginVersion = Type.Object(
  {
    version: Type.String(),
    version_content: Type.String(),
    create_time: Type.Integer({ description: 'ms since the Unix epoch' }),
  },
  { $id: 'PluginVersion' },
);
export type PluginVersion = Static<typeof PluginVersion>;

/** Everything the detail dialog shows (SPEC §3 plugin fields), with the history versions, newest first. */
export const PluginDetail = Type.Object(
  {
    ...PluginSummary.properties,
    description: Type.String({ description: 'Markdown for published plugins (render it sanitised)' }),
    video: NullableString,
    images: Type.Array(Type.String(), {
      description: 'gallery image URLs (published plugins; at most 3 with the video)',
    }),
    cover: Type.Object({
      center: NullableString,
      panel: NullableString,
      reuse_center_cover: Type.Boolean(),
    }),
    code_file: NullableString,
    contact: NullableString,
    version_content: Type.String(),
    copyright_holder: Type.Object({
      type: Type.Union([Type.Literal('author'), Type.Literal('custom')]),
      name: NullableString,
    }),
    technical_support_link: NullableString,
    homepage: NullableString,
    license: NullableString,
    source: Type.Union([Type.String(), Type.Null()], {
      description: 'attribution of an imported entry: the public list it came from (owner/repo@commit:path)',
    }),
    review_status: Type.Union([Type.Literal(1), Type.Literal(2), Type.Literal(3)]),
    is_default_install: Type.Boolean(),
    is_praise: Type.Boolean(),
    is_installed: Type.Boolean(),
    versions: Type.Array(PluginVersion),
  },
  { $id: 'PluginDetail' },
);
export type PluginDetail = Static<typeof PluginDetail>;

/**
 * Largest value of a PostgreSQL `integer` column (int32, 2³¹ − 1): the bound of every request field
 * that is compared with such a column (ids), so both dialects answer 400 rather than PostgreSQL a
 * 500 "out of range for type integer" (issue 11 defect 3).
 */
export const INT32_MAX = 2_147_483_647;

/**
 * Latest instant a JavaScript `Date` can hold, ms since the epoch (ECMA-262 §21.4.1.1: ±8.64e15):
 * the bound of every request time, so no range turns into an `Invalid Date` (issue 11 defect 8).
 */
export const MAX_TIME_MS = 8_640_000_000_000_000;

// Type.Enum keeps the literal union in the static type (a Union over LOCALES.map(...) is typed `never`).
const Lang = Type.Enum(LOCALES, { description: 'interface locale' });

/** Query of `GET /api/cmt/plugin/list`. */
export const PluginListQuery = Type.Object(
  {
    tag_id: Type.Optional(
      Type.Integer({ minimum: 0, maximum: INT32_MAX, default: 0, description: '0 = All' }),
    ),
    sort: Type.Optional(
      Type.Union([Type.Literal(0), Type.Literal(1), Type.Literal(2)], {
        description: '0 latest, 1 most popular, 2 relevance; default 2 with a keyword, else 0',
      }),
    ),
    keyword: Type.Optional(Type.String({ maxLength: KEYWORD_MAX_LENGTH })),
    cursor: Type.Optional(Type.String({ maxLength: 512 })),
    page_size: Type.Optional(
      Type.Integer({ minimum: 1, maximum: PAGE_SIZE.MAX, default: PAGE_SIZE.DEFAULT }),
    ),
    lang: Type.Optional(Lang),
  },
  { additionalProperties: false },
);
export type PluginListQuery = Static<typeof PluginListQuery>;

/** Response data of `GET /api/cmt/plugin/list` (SPEC §3): `next_cursor` is null on the last page. */
export const PluginListResult = Type.Object({
  plugin_list: Type.Array(PluginSummary),
  total: Type.Integer({ minimum: 0 }),
  next_cursor: NullableString,
  /**
   * How `total` relates to the number of matches (the Elasticsearch `hits.total.relation` terms):
   * `eq` exact, `gte` a lower bound (a search whose count stopped at the bound; the square shows
   * "10,000+"). Absent = `eq`.
   */
  total_relation: Type.Optional(Type.Union([Type.Literal('eq'), Type.Literal('gte')])),
});
export type PluginListResult = Static<typeof PluginListResult>;

/** Query of `GET /api/cmt/plugin/suggest` (issue 13): what has been typed so far. */
export const SuggestQuery = Type.Object(
  {
    q: Type.String({ minLength: 1, maxLength: KEYWORD_MAX_LENGTH }),
    lang: Type.Optional(Lang),
  },
  { additionalProperties: false },
);
export type SuggestQuery = Static<typeof SuggestQuery>;

/** One as-you-type suggestion: a plugin (open its detail) or a tag (filter by it). */
export const Suggestion = Type.Object({
  kind: Type.Union([Type.Literal('plugin'), Type.Literal('tag')]),
  /** What to show: the plugin's (localised) name or the tag's (localised) name. */
  text: Type.String(),
  /** `plugin` only. */
  plugin_key: NullableString,
  /** `tag` only. */
  tag_id: Type.Union([Type.Integer(), Type.Null()]),
});
export type Suggestion = Static<typeof Suggestion>;

/** Response data of `GET /api/cmt/plugin/suggest`: at most 8 suggestions, best first. */
export const SuggestResult = Type.Object({ suggestion_list: Type.Array(Suggestion) });
export type SuggestResult = Static<typeof SuggestResult>;

/** Response data of `GET /api/cmt/plugin/tag/list`. */
export const TagListResult = Type.Object({ tag_list: Type.Array(Tag) });
export type TagListResult = Static<typeof TagListResult>;

/** Query of `GET /api/cmt/plugin` (detail). */
export const PluginDetailQuery = Type.Object(
  { plugin_key: Type.String({ minLength: 1, maxLength: 128 }), lang: Type.Optional(Lang) },
  { additionalProperties: false },
);
export type PluginDetailQuery = Static<typeof PluginDetailQuery>;

/** Query of `GET /api/cmt/plugin/recommendation/list`; a different `seed` gives another sample (refresh). */
export const RecommendationQuery = Type.Object(
  {
    count: Type.Optional(Type.Integer({ minimum: 1, maximum: 24, default: 4 })),
    seed: Type.Optional(Type.Integer({ minimum: 0, maximum: 2147483647 })),
    lang: Type.Optional(Lang),
  },
  { additionalProperties: false },
);
export type RecommendationQuery = Static<typeof RecommendationQuery>;

/** Response data of `GET /api/cmt/plugin/recommendation/list`. */
export const RecommendationResult = Type.Object({ plugin_list: Type.Array(PluginSummary) });
export type RecommendationResult = Static<typeof RecommendationResult>;

/** Body of `POST /api/cmt/plugin/view`. */
export const PluginKeyBody = Type.Object(
  { plugin_key: Type.String({ minLength: 1, maxLength: 128 }) },
  { additionalProperties: false },
);
export type PluginKeyBody = Static<typeof PluginKeyBody>;

/** Response data of `POST /api/cmt/plugin/view`: the view count after this view. */
export const PluginViewResult = Type.Object({ view_count: Type.Integer({ minimum: 0 }) });
export type PluginViewResult = Static<typeof PluginViewResult>;

/** Body of `POST /api/cmt/plugin/user/praise` (SPEC §4): 1 like, -1 unlike. */
export const PraiseBody = Type.Object(
  {
    plugin_key: Type.String({ minLength: 1, maxLength: 128 }),
    praise: Type.Union([Type.Literal(1), Type.Literal(-1)]),
  },
  { additionalProperties: false },
);
export type PraiseBody = Static<typeof PraiseBody>;

/** Data of `POST` / `DELETE /api/cmt/plugin/user` (install, uninstall): the caller's state and the new count. */
export const InstallResult = Type.Object({
  plugin_key: Type.String(),
  is_installed: Type.Boolean(),
  download_count: Type.Integer({
    minimum: 0,
    description: 'equals the number of users who have it installed',
  }),
});
export type InstallResult = Static<typeof InstallResult>;

/** Data of `POST /api/cmt/plugin/user/praise`: the caller's state and the new count. */
export const PraiseResult = Type.Object({
  plugin_key: Type.String(),
  is_praise: Type.Boolean(),
  praise_count: Type.Integer({ minimum: 0, description: 'equals the number of users who like it' }),
});
export type PraiseResult = Static<typeof PraiseResult>;

/** Query of `GET /api/cmt/plugin/user` (the caller's installed plugins, for the editor). */
export const InstalledListQuery = Type.Object({ lang: Type.Optional(Lang) }, { additionalProperties: false });
export type InstalledListQuery = Static<typeof InstalledListQuery>;

/**
 * Data of `GET /api/cmt/plugin/user` and `POST /api/cmt/plugin/user/new/silent`: installed plugins,
 * most recently installed first (silent install: the default-install plugins it added).
 */
export const InstalledListResult = Type.Object({ plugin_list: Type.Array(PluginSummary) });
export type InstalledListResult = Static<typeof InstalledListResult>;

// Issue 14, the editor's side (helper "editor"): `GET /api/cmt/plugin/user/editor`.

/** Query of `GET /api/cmt/plugin/user/editor`: `lang` picks the names' translation (issue 14). */
export const EditorPluginsQuery = Type.Object({ lang: Type.Optional(Lang) }, { additionalProperties: false });
export type EditorPluginsQuery = Static<typeof EditorPluginsQuery>;

/**
 * One plugin the design tool loads (issue 14 "the editor's side"): always the plugin's last approved
 * listing — a newer submission waiting for review, or rejected, changes nothing here.
 */
export const EditorPlugin = Type.Object(
  {
    plugin_key: Type.String(),
    name: Type.String({ description: 'in `lang` when a translation exists' }),
    icon: NullableString,
    version: Type.Union([Type.String(), Type.Null()], {
      description: 'the approved version; null for an imported catalogue entry that has none',
    }),
    version_id: Type.Union([Type.Integer(), Type.Null()], {
      description: 'id of that history version; null when there is no version row',
    }),
    code_file_url: Type.Union([Type.String(), Type.Null()], {
      description:
        'root-relative URL of the approved code file (the plugin manifest, JSON): `/api/cmt/plugin/user/editor/code?plugin_key=…` (bearer); null when the plugin has none',
    }),
    source: Type.Union([Type.Literal('installed'), Type.Literal('default')], {
      description:
        '`installed`: the user installed it; `default`: a default-install plugin the user never uninstalled',
    }),
    installed_time: Type.Union([Type.Integer(), Type.Null()], {
      description: 'ms since the Unix epoch when the user installed it; null for `default`',
    }),
  },
  { $id: 'EditorPlugin' },
);
export type EditorPlugin = Static<typeof EditorPlugin>;

/**
 * Data of `GET /api/cmt/plugin/user/editor`: the user's installed plugins (most recently installed
 * first), then the default-install plugins they have not installed and never uninstalled (by
 * plugin_key). Approved plugins only; no paging (a user's plugins are few).
 */
export const EditorPluginsResult = Type.Object({ plugin_list: Type.Array(EditorPlugin) });
export type EditorPluginsResult = Static<typeof EditorPluginsResult>;

/** Query of `GET /api/cmt/plugin/user/editor/code`: which plugin's approved code file (issue 14). */
export const EditorCodeQuery = Type.Object(
  { plugin_key: Type.String({ minLength: 1, maxLength: 128 }) },
  { additionalProperties: false },
);
export type EditorCodeQuery = Static<typeof EditorCodeQuery>;

// End of issue 14, the editor's side.

/** Body of `POST /api/cmt/plugin/audit/status`: reject needs a reason (SPEC §4, §5). */
export const AuditStatusBody = Type.Object({
  plugin_key: Type.String({ minLength: 1, maxLength: 128 }),
  status: Type.Union([Type.Literal(2), Type.Literal(3)]),
  reason: Type.Optional(Type.String({ maxLength: 1000 })),
});
export type AuditStatusBody = Static<typeof AuditStatusBody>;

/** Query of `GET /api/cmt/plugin/audit/list`: audit filter 0 all, 1 unaudited, 2 passed, 3 not passed. */
export const AuditListQuery = Type.Object({
  status: Type.Optional(Type.Union([Type.Literal(0), Type.Literal(1), Type.Literal(2), Type.Literal(3)])),
  keyword: Type.Optional(Type.String({ maxLength: KEYWORD_MAX_LENGTH })),
  cursor: Type.Optional(Type.String({ maxLength: 512 })),
  page_size: Type.Optional(Type.Integer({ minimum: 1, maximum: PAGE_SIZE.MAX })),
});
export type AuditListQuery = Static<typeof AuditListQuery>;

const L = PUBLISH_LIMITS;
const Flag = Type.Union([Type.Literal('0'), Type.Literal('1'), Type.Literal('true'), Type.Literal('false')]);

/**
 * The text fields of `POST /api/cmt/plugin` and `PUT /api/cmt/plugin` (multipart/form-data, SPEC §3
 * plugin fields); the files travel beside them as `icon`, `cover_center`, `cover_panel`, `video`,
 * `images` (repeated) and `code_file`. `tags` is repeated or comma-separated. `developer` and
 * `is_default_install` are admin-only: a general user's are ignored (SPEC §5), their developer is
 * their nick name. `plugin_key` names the plugin on edit (PUT). Limits: {@link PUBLISH_LIMITS}.
 */
export const PublishFields = Type.Object(
  {
    plugin_key: Type.Optional(Type.String({ minLength: 1, maxLength: 128 })),
    name: Type.String({ minLength: 1, maxLength: L.NAME }),
    intro: Type.String({ minLength: 1, maxLength: L.INTRO }),
    description: Type.String({ minLength: 1, maxLength: L.DESCRIPTION, description: 'Markdown' }),
    tags: Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: L.TAG }), { maxItems: L.TAGS })),
    contact: Type.Optional(Type.String({ maxLength: L.CONTACT })),
    version: Type.String({ minLength: 1, maxLength: 64, description: 'semver, e.g. 1.0.0' }),
    version_content: Type.String({ minLength: 1, maxLength: L.VERSION_CONTENT }),
    copyright_type: Type.Optional(Type.Union([Type.Literal('author'), Type.Literal('custom')])),
    copyright_name: Type.Optional(Type.String({ maxLength: L.NAME })),
    developer: Type.Optional(Type.String({ maxLength: L.NAME })),
    technical_support_link: Type.Optional(Type.String({ maxLength: L.URL })),
    reuse_center_cover: Type.Optional(Flag),
    is_default_install: Type.Optional(Flag),
  },
  { additionalProperties: false },
);
export type PublishFields = Static<typeof PublishFields>;

/**
 * Outcome of one automated check of a submission, stored with it and shown to the reviewer (issue
 * 12): `pass`, `flag` (for the reviewer's attention) or `fail` (the upload was refused).
 */
export const CheckResult = Type.Object(
  {
    check: Type.String({ description: 'image, video, manifest, name, secrets' }),
    status: Type.Union([Type.Literal('pass'), Type.Literal('flag'), Type.Literal('fail')]),
    detail: Type.String(),
  },
  { $id: 'CheckResult' },
);
export type CheckResult = Static<typeof CheckResult>;

/** A field that differs between a submission and the live (last approved) version. */
export const FieldChange = Type.Object({
  field: Type.String(),
  before: NullableString,
  after: NullableString,
});
export type FieldChange = Static<typeof FieldChange>;

/**
 * One submitted version of a plugin (publish or edit) with its review state: what the author sees on
 * "my plugins" and the reviewer in the audit list. File fields are URLs under `/api/cmt/file/`.
 */
export const Submission = Type.Object(
  {
    id: Type.Integer(),
    plugin_key: Type.String(),
    name: Type.String(),
    intro: Type.String(),
    description: Type.String(),
    tags: Type.Array(Type.String()),
    icon: NullableString,
    cover_center: NullableString,
    cover_panel: NullableString,
    reuse_center_cover: Type.Boolean(),
    video: NullableString,
    images: Type.Array(Type.String()),
    has_code_file: Type.Boolean(),
    contact: NullableString,
    version: Type.String(),
    version_content: Type.String(),
    copyright_type: Type.Union([Type.Literal('author'), Type.Literal('custom')]),
    copyright_name: NullableString,
    developer: NullableString,
    technical_support_link: NullableString,
    is_default_install: Type.Boolean(),
    review_status: Type.Union([Type.Literal(1), Type.Literal(2), Type.Literal(3)]),
    reject_reason: NullableString,
    checks: Type.Array(CheckResult),
    /** The live (approved) version this one would replace; null for a plugin never approved. */
    live_version: NullableString,
    changes: Type.Array(FieldChange, { description: 'fields that differ from the live version' }),
    submitter: Type.Union([Type.Object({ user_id: Type.Integer(), nick_name: Type.String() }), Type.Null()]),
    create_time: Type.Integer({ description: 'ms since the Unix epoch' }),
    review_time: Type.Union([Type.Integer(), Type.Null()], { description: 'ms; null until reviewed' }),
  },
  { $id: 'Submission' },
);
export type Submission = Static<typeof Submission>;

/** Data of `POST` and `PUT /api/cmt/plugin`: the stored submission, waiting for review. */
export const PublishResult = Submission;
export type PublishResult = Submission;

/** Data of `GET /api/cmt/plugin/audit/list` and `GET /api/cmt/plugin/audit`: submissions, newest first. */
export const SubmissionPage = Type.Object({
  submission_list: Type.Array(Submission),
  total: Type.Integer({ minimum: 0 }),
  next_cursor: Type.Union([Type.String(), Type.Null()]),
});
export type SubmissionPage = Static<typeof SubmissionPage>;

/** Query of `GET /api/cmt/plugin/audit`: the signed-in user's plugins, their latest submission each. */
export const UserPluginsQuery = Type.Object({
  cursor: Type.Optional(Type.String({ maxLength: 512 })),
  page_size: Type.Optional(Type.Integer({ minimum: 1, maximum: PAGE_SIZE.MAX })),
});
export type UserPluginsQuery = Static<typeof UserPluginsQuery>;

/** One entry of the append-only audit log of administrative actions (issue 12). */
export const AuditLogEntry = Type.Object(
  {
    id: Type.Integer(),
    time: Type.Integer({ description: 'ms since the Unix epoch' }),
    actor: Type.Object({ user_id: Type.Union([Type.Integer(), Type.Null()]), nick_name: Type.String() }),
    action: Type.String({
      description:
        'approve, reject, delete, download, assign_owner; curation (issue 14): resource_create, resource_disable, resource_restore, recommendation_publish, silent_install_on, silent_install_off',
    }),
    plugin_key: Type.String(),
    version: NullableString,
    reason: NullableString,
  },
  { $id: 'AuditLogEntry' },
);
export type AuditLogEntry = Static<typeof AuditLogEntry>;

/** Query of `GET /api/cmt/manager/audit-log`: newest first, optionally one plugin's. */
export const AuditLogQuery = Type.Object({
  plugin_key: Type.Optional(Type.String({ minLength: 1, maxLength: 128 })),
  cursor: Type.Optional(Type.String({ maxLength: 512 })),
  page_size: Type.Optional(Type.Integer({ minimum: 1, maximum: PAGE_SIZE.MAX })),
});
export type AuditLogQuery = Static<typeof AuditLogQuery>;

/** Data of `GET /api/cmt/manager/audit-log`. */
export const AuditLogPage = Type.Object({
  entry_list: Type.Array(AuditLogEntry),
  next_cursor: Type.Union([Type.String(), Type.Null()]),
});
export type AuditLogPage = Static<typeof AuditLogPage>;

/**
 * Data of `POST /api/cmt/manager/plugins/upload` (batch upload): how many plugins went in, and each
 * record that did not with its file, index (0-based within that file) and reason — the UI shows
 * 'Plugin parsing failed' for those.
 */
export const BatchUploadResult = Type.Object({
  added: Type.Integer({ minimum: 0 }),
  skipped: Type.Integer({ minimum: 0, description: 'records whose plugin is already there' }),
  translations: Type.Integer({ minimum: 0 }),
  failed: Type.Array(Type.Object({ file: Type.String(), index: Type.Integer(), reason: Type.String() })),
  cancelled: Type.Boolean({
    description: 'the upload was cancelled: the records after the last whole plugin were not imported',
  }),
});
export type BatchUploadResult = Static<typeof BatchUploadResult>;

/** A personal access token as its owner's list shows it (never the token itself). */
export const PersonalToken = Type.Object(
  {
    id: Type.Integer(),
    name: Type.String(),
    prefix: Type.String({ description: 'the first characters of the token, e.g. pcpat_Ab3dE9' }),
    scope: Type.String({ description: 'publish: POST/PUT plugin and GET plugin/audit only' }),
    create_time: Type.Integer({ description: 'ms since the Unix epoch' }),
    expire_time: Type.Union([Type.Integer(), Type.Null()], { description: 'ms; null: never expires' }),
    last_used_time: Type.Union([Type.Integer(), Type.Null()], { description: 'ms; null: never used' }),
  },
  { $id: 'PersonalToken' },
);
export type PersonalToken = Static<typeof PersonalToken>;

/** Data of `GET /api/cmt/user/tokens`: the caller's tokens, newest first. */
export const PersonalTokenList = Type.Object({ token_list: Type.Array(PersonalToken) });
export type PersonalTokenList = Static<typeof PersonalTokenList>;

/** Body of `POST /api/cmt/user/tokens`. */
export const CreatePersonalTokenBody = Type.Object({
  name: Type.String({ minLength: 1, maxLength: 100 }),
  /** Days until it expires (1–366); absent: never. */
  expires_in_days: Type.Optional(Type.Integer({ minimum: 1, maximum: 366 })),
});
export type CreatePersonalTokenBody = Static<typeof CreatePersonalTokenBody>;

/** Data of `POST /api/cmt/user/tokens`: the new token — `token` is shown this once, never again. */
export const CreatedPersonalToken = Type.Object({ ...PersonalToken.properties, token: Type.String() });
export type CreatedPersonalToken = Static<typeof CreatedPersonalToken>;

/** Body of `DELETE /api/cmt/user/tokens`. */
export const RevokePersonalTokenBody = Type.Object({ id: Type.Integer({ minimum: 1, maximum: INT32_MAX }) });
export type RevokePersonalTokenBody = Static<typeof RevokePersonalTokenBody>;

/**
 * Body of `POST /api/cmt/manager/plugin/owner`: give a plugin (an imported one, say) to the account
 * with this email, or to nobody (`email` null). The owner edits it, sees it in "my plugins" and in
 * their publisher analytics.
 */
export const AssignOwnerBody = Type.Object({
  plugin_key: Type.String({ minLength: 1, maxLength: 128 }),
  email: Type.Union([Type.String({ minLength: 3, maxLength: 320 }), Type.Null()]),
});
export type AssignOwnerBody = Static<typeof AssignOwnerBody>;

/** Data of `POST /api/cmt/manager/plugin/owner`. */
export const AssignOwnerResult = Type.Object({
  plugin_key: Type.String(),
  owner: Type.Union([Type.Object({ user_id: Type.Integer(), nick_name: Type.String() }), Type.Null()]),
});
export type AssignOwnerResult = Static<typeof AssignOwnerResult>;

/** Path parameters of `GET /api/cmt/manager/plugin/{id}/download` (`id`: the plugin_key). */
export const DownloadParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 128 }) });
export type DownloadParams = Static<typeof DownloadParams>;

/** Path parameters of `GET /api/cmt/file/{key}`: a stored upload (content hash and extension). */
export const FileParams = Type.Object({
  key: Type.String({ pattern: '^[0-9a-f]{64}\\.(png|jpg|gif|webp|mp4|webm)$' }),
});
export type FileParams = Static<typeof FileParams>;

// ---------------------------------------------------------------------------------------------
// Issue 14, banners (helper "banners"): the square's carousel, edited on /backstage-index/banner-config.
// ---------------------------------------------------------------------------------------------

/**
 * A banner of the square's carousel (SPEC §3 Banner: id, image, redirect_url), as
 * `GET /api/cmt/plugin-banner/all` lists it and `PUT /api/cmt/manager/plugin-banner` answers it.
 */
export const Banner = Type.Object({
  id: Type.Integer({
    minimum: 1,
    maximum: INT32_MAX,
    description: 'stable id; send it back to replace the banner (PUT) or to delete it (DELETE)',
  }),
  image: Type.String({
    description:
      'URL of the image, loadable as is (`<img src>`): `/api/cmt/file/<sha256>.<png|jpg|gif|webp>` on this server, served like plugin images',
  }),
  redirect_url: Type.String({
    description: 'absolute http(s) URL the banner opens when clicked (at most BANNER_LIMITS.URL characters)',
  }),
  position: Type.Integer({
    minimum: 0,
    description: '0-based place in the carousel: the list is sorted by it, and it runs 0, 1, 2… without gaps',
  }),
});
export type Banner = Static<typeof Banner>;

// ---------------------------------------------------------------------------------------------
// Curation (issue 14, part "curation"): resource positions (time-limited featured slots), the
// curated recommendations and the default (silent) install set. Times are epoch ms.
// ---------------------------------------------------------------------------------------------

/**
 * Schema of a resource position's status (the values of `ResourcePositionStatus` of the
 * constants; SPEC §4), derived at read time from the server's clock `now` and
 * the disabled flag, never stored:
 * - `invalidated`: disabled (`is_disabled`), whatever the times;
 * - `pending`: not disabled and `now < start_time` (SPEC's "pending (inactive)");
 * - `active`: not disabled and `start_time <= now < end_time` — shown on the square;
 * - `expired`: not disabled and `end_time <= now`.
 */
export const ResourcePositionStatusSchema = Type.Union(
  [Type.Literal('pending'), Type.Literal('active'), Type.Literal('expired'), Type.Literal('invalidated')],
  { description: 'derived from the clock and is_disabled: pending, active, expired, invalidated' },
);

/**
 * A resource position (featured slot, SPEC §3, §4) as the back office lists it: one plugin featured
 * from `start_time` (inclusive) to `end_time` (exclusive), with the plugin's name (localised by
 * `lang`) and icon.
 */
export const ResourcePosition = Type.Object(
  {
    id: Type.Integer({ minimum: 1 }),
    plugin_key: Type.String(),
    name: Type.String({ description: "the plugin's name, localised by the query's lang" }),
    icon: NullableString,
    start_time: Type.Integer({ description: 'ms since the Unix epoch; the slot shows from this instant' }),
    end_time: Type.Integer({ description: 'ms since the Unix epoch; the slot is gone from this instant' }),
    is_new: Type.Boolean({ description: "the 'new' tag shown on the featured card" }),
    is_disabled: Type.Boolean({ description: 'disabled by an administrator (status invalidated)' }),
    status: ResourcePositionStatusSchema,
    create_time: Type.Integer({ description: 'ms since the Unix epoch' }),
    update_time: Type.Integer({ description: 'ms since the Unix epoch; last create, disable or restore' }),
  },
  { $id: 'ResourcePosition' },
);
export type ResourcePosition = Static<typeof ResourcePosition>;

/**
 * Body of `POST /api/cmt/plugin/resource_state` (admin): feature an approved plugin from
 * `start_time` to `end_time` (ms). SPEC §5: the time range is required, the end must not be before
 * the start, and not before now (400 INVALID_PARAMETER with `field` `end_time`).
 */
export const ResourcePositionBody = Type.Object(
  {
    plugin_key: Type.String({ minLength: 1, maxLength: 128 }),
    start_time: Type.Integer({ minimum: 0, maximum: MAX_TIME_MS, description: 'ms since the Unix epoch' }),
    end_time: Type.Integer({ minimum: 0, maximum: MAX_TIME_MS, description: 'ms since the Unix epoch' }),
    is_new: Type.Optional(Type.Boolean({ default: false, description: "show the 'new' tag" })),
  },
  { additionalProperties: false },
);
export type ResourcePositionBody = Static<typeof ResourcePositionBody>;

/**
 * Query of `PUT /api/cmt/plugin/resource_state/disable` (admin, SPEC §7 "query id, is_disabled"):
 * `is_disabled` true (or 1) disables the slot, false (or 0) restores it. Idempotent.
 */
export const ResourcePositionDisableQuery = Type.Object(
  {
    id: Type.Integer({ minimum: 1, maximum: INT32_MAX }),
    is_disabled: Type.Union([Type.Boolean(), Type.Literal(0), Type.Literal(1)], {
      description: 'true or 1: disable; false or 0: restore',
    }),
  },
  { additionalProperties: false },
);
export type ResourcePositionDisableQuery = Static<typeof ResourcePositionDisableQuery>;

/** Query of `GET /api/cmt/plugin/resource_state/list` (admin): newest slot first, optionally one status. */
export const ResourcePositionListQuery = Type.Object(
  {
    status: Type.Optional(ResourcePositionStatusSchema),
    cursor: Type.Optional(Type.String({ maxLength: 512 })),
    page_size: Type.Optional(
      Type.Integer({ minimum: 1, maximum: PAGE_SIZE.MAX, default: PAGE_SIZE.DEFAULT }),
    ),
    lang: Type.Optional(Lang),
  },
  { additionalProperties: false },
);
export type ResourcePositionListQuery = Static<typeof ResourcePositionListQuery>;

/** Data of `GET /api/cmt/plugin/resource_state/list`: `next_cursor` null on the last page. */
export const ResourcePositionPage = Type.Object({
  resource_state_list: Type.Array(ResourcePosition),
  total: Type.Integer({ minimum: 0, description: 'slots matching the status filter' }),
  next_cursor: NullableString,
});
export type ResourcePositionPage = Static<typeof ResourcePositionPage>;

/** Query of `GET /api/cmt/plugin/resource_state/active` (public: the square's featured area). */
export const FeaturedQuery = Type.Object({ lang: Type.Optional(Lang) }, { additionalProperties: false });
export type FeaturedQuery = Static<typeof FeaturedQuery>;

/** One active slot on the square: the featured plugin's card and the slot's times and 'new' tag. */
export const FeaturedSlot = Type.Object({
  id: Type.Integer({ minimum: 1 }),
  start_time: Type.Integer({ description: 'ms since the Unix epoch' }),
  end_time: Type.Integer({ description: 'ms since the Unix epoch; the slot disappears at this instant' }),
  is_new: Type.Boolean(),
  plugin: PluginSummary,
});
export type FeaturedSlot = Static<typeof FeaturedSlot>;

/**
 * Data of `GET /api/cmt/plugin/resource_state/active`: the active slots of approved plugins, the most
 * recently started first (then the newest slot); a plugin appears once (its most recently started
 * slot). `next_change_time` is the next instant (ms) a slot starts or ends — ask again then to see
 * the change — or null when nothing is scheduled.
 */
export const FeaturedResult = Type.Object({
  featured_list: Type.Array(FeaturedSlot),
  server_time: Type.Integer({ description: "the server clock's now (ms) the answer was computed at" }),
  next_change_time: Type.Union([Type.Integer(), Type.Null()], {
    description: 'ms since the Unix epoch of the next start or end of a slot; null: none scheduled',
  }),
});
export type FeaturedResult = Static<typeof FeaturedResult>;

/**
 * Body of `POST /api/cmt/plugin/recommendation/publish` (admin): the recommended plugins, in order.
 * Every key must name an approved plugin, without repeats (400 INVALID_PARAMETER, field
 * `plugin_keys`). Replaces the previous choice; an empty list returns to the automatic sample.
 */
export const RecommendationPublishBody = Type.Object(
  {
    plugin_keys: Type.Array(Type.String({ minLength: 1, maxLength: 128 }), { maxItems: 100 }),
  },
  { additionalProperties: false },
);
export type RecommendationPublishBody = Static<typeof RecommendationPublishBody>;

/** Query of `GET /api/cmt/plugin/recommendation/curated` (admin). */
export const CuratedRecommendationQuery = Type.Object(
  { lang: Type.Optional(Lang) },
  { additionalProperties: false },
);
export type CuratedRecommendationQuery = Static<typeof CuratedRecommendationQuery>;

/**
 * Data of `POST plugin/recommendation/publish` and `GET plugin/recommendation/curated`: the curated
 * choice in its order (approved plugins only; empty: the square shows the automatic sample).
 */
export const CuratedRecommendation = Type.Object({
  plugin_list: Type.Array(PluginSummary),
  is_curated: Type.Boolean({ description: 'false: no choice, the recommendation is the automatic sample' }),
});
export type CuratedRecommendation = Static<typeof CuratedRecommendation>;

/**
 * Body of `PUT /api/cmt/plugin/silent_install` (admin): mark (true) or unmark (false) a plugin as
 * installed by default for new accounts. Marking needs an approved plugin (404 PLUGIN_NOT_FOUND
 * otherwise); unmarking works on any plugin. Idempotent.
 */
export const SilentInstallBody = Type.Object(
  {
    plugin_key: Type.String({ minLength: 1, maxLength: 128 }),
    is_default_install: Type.Boolean(),
  },
  { additionalProperties: false },
);
export type SilentInstallBody = Static<typeof SilentInstallBody>;

/** Data of `PUT /api/cmt/plugin/silent_install`: the plugin's flag after the call. */
export const SilentInstallResult = Type.Object({
  plugin_key: Type.String(),
  is_default_install: Type.Boolean(),
});
export type SilentInstallResult = Static<typeof SilentInstallResult>;

/** Query of `GET /api/cmt/plugin/silent_install/list` (admin). */
export const SilentInstallListQuery = Type.Object(
  { lang: Type.Optional(Lang) },
  { additionalProperties: false },
);
export type SilentInstallListQuery = Static<typeof SilentInstallListQuery>;

/**
 * Data of `GET /api/cmt/plugin/silent_install/list` (admin): the approved plugins installed by
 * default for new accounts, by name. (A flagged plugin that is no longer approved is not installed
 * and not listed; `PUT plugin/silent_install` still unmarks it by key.)
 */
export const SilentInstallList = Type.Object({ plugin_list: Type.Array(PluginSummary) });
export type SilentInstallList = Static<typeof SilentInstallList>;

// ---------------------------------------------------------------------------------------------
// End of curation (issue 14).
// ---------------------------------------------------------------------------------------------

/**
 * Data of `GET /api/cmt/plugin-banner/all` (public): every banner in carousel order (`position`
 * ascending), at most {@link BANNER_LIMITS}.COUNT; an empty array when there is none.
 */
export const BannerListResult = Type.Array(Banner);
export type BannerListResult = Static<typeof BannerListResult>;

/**
 * The text fields of `PUT /api/cmt/manager/plugin-banner` (admin, multipart/form-data); the image
 * travels beside them as the file field `image` (PNG, JPEG, GIF or WebP, type read from the bytes,
 * at most {@link BANNER_LIMITS}.IMAGE_BYTES, any shape).
 *
 * - without `id`: creates a banner; `image` and `redirect_url` are required; it goes last unless
 *   `position` says otherwise;
 * - with `id`: replaces that banner's image and/or link and/or moves it; a field left out keeps its
 *   value (the old image file is removed once the banner points to the new one).
 *
 * `redirect_url` must be an absolute http or https URL, else 400 INVALID_PARAMETER (field
 * `redirect_url`) with the message exactly 'Wrong url, please try again' (SPEC §5,
 * `BANNER_URL_MESSAGE`). `position` (0-based) moves the banner to that place, the others shifting;
 * a number past the end puts it last. Numbers travel as decimal text (multipart).
 */
export const SaveBannerFields = Type.Object(
  {
    id: Type.Optional(
      Type.String({ pattern: '^[1-9][0-9]{0,9}$', description: 'the banner to replace (decimal)' }),
    ),
    redirect_url: Type.Optional(Type.String({ maxLength: BANNER_LIMITS.URL })),
    position: Type.Optional(
      Type.String({ pattern: '^[0-9]{1,10}$', description: '0-based place in the carousel (decimal)' }),
    ),
  },
  { additionalProperties: false },
);
export type SaveBannerFields = Static<typeof SaveBannerFields>;

/** Data of `PUT /api/cmt/manager/plugin-banner`: the banner as saved (its `position` after the move). */
export const SaveBannerResult = Banner;
export type SaveBannerResult = Banner;

/** Body of `DELETE /api/cmt/manager/plugin-banner` (admin, JSON): the banner to delete. */
export const DeleteBannerBody = Type.Object(
  { id: Type.Integer({ minimum: 1, maximum: INT32_MAX }) },
  { additionalProperties: false },
);
export type DeleteBannerBody = Static<typeof DeleteBannerBody>;

/** Data of `DELETE /api/cmt/manager/plugin-banner`: the id of the banner deleted. */
export const DeleteBannerResult = Type.Object({ id: Type.Integer() });
export type DeleteBannerResult = Static<typeof DeleteBannerResult>;
// --- end of issue 14, banners ---

// --- issue 14, contact QR codes and activity info (helper "banners") ---
/**
 * A contact QR code (SPEC §3 Contact QR: name, img_url), from the server's `CONTACT_QR_CODES`
 * configuration.
 */
export const ContactQr = Type.Object({
  name: Type.String({ description: 'what the code reaches, shown under it (e.g. "WeChat support")' }),
  img_url: Type.String({
    description: 'the QR image: an absolute http(s) URL or a path on this site (starting with `/`)',
  }),
});
export type ContactQr = Static<typeof ContactQr>;

/** Data of `GET /api/cmt/manager/qr-code/list` (admin): the configured codes in their order; may be empty. */
export const QrCodeListResult = Type.Array(ContactQr);
export type QrCodeListResult = Static<typeof QrCodeListResult>;

/** Query of `GET /api/cmt/activity/activity/info`: an `id` of the server's `ACTIVITIES` configuration. */
export const ActivityInfoQuery = Type.Object(
  { activity_id: Type.String({ minLength: 1, maxLength: 64 }) },
  { additionalProperties: false },
);
export type ActivityInfoQuery = Static<typeof ActivityInfoQuery>;

/**
 * Activity info (SPEC §3: view_num, participate_num, cover, tutorial_url) of
 * `GET /api/cmt/activity/activity/info`. Each call counts one view.
 */
export const ActivityInfo = Type.Object({
  view_num: Type.Integer({ minimum: 0, description: 'views of the activity, this call included' }),
  participate_num: Type.Integer({
    minimum: 0,
    description: "approved plugins carrying the activity's tag (0 when the activity has no tag)",
  }),
  cover: Type.String({ description: 'cover image: an absolute http(s) URL or a path on this site' }),
  tutorial_url: Type.String({ description: 'the tutorial: an absolute http(s) URL or a path on this site' }),
});
export type ActivityInfo = Static<typeof ActivityInfo>;
// --- end of issue 14, contact QR codes and activity info ---

const RoleSchema = Type.Union([Type.Literal(0), Type.Literal(1), Type.Literal(2)], {
  description: '0 general user, 1 super admin, 2 general admin (SPEC §1)',
});

/** Admin info of `GET /api/cmt/manager/verify` (bearer): the caller's role; admin means 1 or 2. */
export const AdminInfo = Type.Object({
  role: RoleSchema,
  user_id: Type.Integer(),
  is_administrator: Type.Boolean(),
});
export type AdminInfo = Static<typeof AdminInfo>;

// ---------------------------------------------------------------------------------------------
// User API (SPEC §3 User, §4 sign-in, §7 User API), paths in `USER_API` under `USER_API_BASE`.
// ---------------------------------------------------------------------------------------------

/** A user (SPEC §3). Without `avatar_url` the app shows a generated initial-style avatar. */
export const UserInfo = Type.Object(
  {
    user_id: Type.Integer(),
    account_id: Type.String({ description: 'stable public id of the account' }),
    user_name: Type.String(),
    nick_name: Type.String(),
    email: NullableString,
    mobile: NullableString,
    avatar_url: NullableString,
    created_at: Type.Integer({ description: 'ms since the Unix epoch' }),
    department: NullableString,
    e_id: NullableString,
    is_administrator: Type.Boolean({ description: 'role is 1 or 2' }),
    is_owner: Type.Boolean(),
    staff_status: Type.Integer({ description: '1 active, 0 disabled' }),
    identification: NullableString,
    role: RoleSchema,
  },
  { $id: 'UserInfo' },
);
export type UserInfo = Static<typeof UserInfo>;

/**
 * Tokens of a session: a short-lived signed JWT access token (`exp` inside) and an opaque refresh
 * token, rotated at every refresh. The expiry times let a client store the login record (a cookie
 * expires with the refresh token, SPEC §9) without decoding anything.
 */
export const TokenPair = Type.Object(
  {
    access_token: Type.String(),
    refresh_token: Type.String(),
    access_token_expire_time: Type.Integer({ description: 'ms since the Unix epoch' }),
    refresh_token_expire_time: Type.Integer({ description: 'ms since the Unix epoch' }),
  },
  { $id: 'TokenPair' },
);
export type TokenPair = Static<typeof TokenPair>;

/** Tokens and the user: answer of the code exchange, OAuth2 login, reset token and third-party auth. */
export const LoginResult = Type.Object(
  { ...TokenPair.properties, user_info: UserInfo },
  { $id: 'LoginResult' },
);
export type LoginResult = Static<typeof LoginResult>;

/** Query of `GET user/login/code/user`: the one-time code and the redirect_uri it was issued for. */
export const CodeExchangeQuery = Type.Object(
  {
    code: Type.String({ minLength: 1, maxLength: 256 }),
    redirect_uri: Type.String({ minLength: 1, maxLength: 2048 }),
  },
  { additionalProperties: false },
);
export type CodeExchangeQuery = Static<typeof CodeExchangeQuery>;

/** Data of `GET user/valid` (SPEC §7 "returns data.info"). */
export const ValidResult = Type.Object({ info: UserInfo });
export type ValidResult = Static<typeof ValidResult>;

/** Query of `GET user/login/code` (bearer): the site the code is for. */
export const LoginCodeQuery = Type.Object(
  { redirect_uri: Type.String({ minLength: 1, maxLength: 2048 }) },
  { additionalProperties: false },
);
export type LoginCodeQuery = Static<typeof LoginCodeQuery>;

/** Data of `GET user/login/code`: a single-use code, valid until `expire_time` (ms). */
export const LoginCodeResult = Type.Object({ code: Type.String(), expire_time: Type.Integer() });
export type LoginCodeResult = Static<typeof LoginCodeResult>;

/** Body of `POST /user/oauth2/login`: `app` names a configured OAuth2 provider, `code` its authorization code. */
export const OAuth2LoginBody = Type.Object(
  {
    app: Type.String({ minLength: 1, maxLength: 64 }),
    code: Type.String({ minLength: 1, maxLength: 2048 }),
    redirect_uri: Type.Optional(Type.String({ maxLength: 2048 })),
  },
  { additionalProperties: false },
);
export type OAuth2LoginBody = Static<typeof OAuth2LoginBody>;

/** Body of `POST /user/reset_token` (bearer). */
export const ResetTokenBody = Type.Object(
  { e_id: Type.String({ minLength: 1, maxLength: 128 }) },
  { additionalProperties: false },
);
export type ResetTokenBody = Static<typeof ResetTokenBody>;

/** Body of `POST 3rd-party/oauth2/{source}/auth`: the provider's authorization code. */
export const ThirdPartyAuthBody = Type.Object(
  {
    code: Type.String({ minLength: 1, maxLength: 2048 }),
    redirect_uri: Type.String({ minLength: 1, maxLength: 2048 }),
    state: Type.Optional(Type.String({ maxLength: 512 })),
  },
  { additionalProperties: false },
);
export type ThirdPartyAuthBody = Static<typeof ThirdPartyAuthBody>;

/** Body of `POST 3rd-party/bind` (bearer): binds a provider account to the signed-in user. */
export const ThirdPartyBindBody = Type.Object(
  {
    source: Type.String({ minLength: 1, maxLength: 64 }),
    code: Type.String({ minLength: 1, maxLength: 2048 }),
    redirect_uri: Type.String({ minLength: 1, maxLength: 2048 }),
  },
  { additionalProperties: false },
);
export type ThirdPartyBindBody = Static<typeof ThirdPartyBindBody>;

/** Logout mode of a private-deployment login method: `redirect` sends the browser to `logout_url`. */
export const LogoutMode = Type.Union([Type.Literal('default'), Type.Literal('redirect')]);
export type LogoutMode = Static<typeof LogoutMode>;

/**
 * Data of `GET /config/private/standard/{product}`: per login method (ldap, oauth2, oidc, saml,
 * custom_sso, password) whether it is enabled and how logout works.
 */
export const PrivateStandardConfig = Type.Record(
  Type.String(),
  Type.Object({
    enable: Type.Boolean(),
    logout_mode: LogoutMode,
    logout_url: NullableString,
  }),
);
export type PrivateStandardConfig = Static<typeof PrivateStandardConfig>;

/** Body of the login page's sign-in (`POST user/login`). */
export const SignInBody = Type.Object(
  {
    email: Type.String({ minLength: 3, maxLength: 254 }),
    password: Type.String({ minLength: 1, maxLength: 1024 }),
    redirect_uri: Type.String({ minLength: 1, maxLength: 2048 }),
  },
  { additionalProperties: false },
);
export type SignInBody = Static<typeof SignInBody>;

/** Body of the login page's sign-up (`POST user/sign_up`): passwords of 8 to 1024 characters. */
export const SignUpBody = Type.Object(
  {
    email: Type.String({ minLength: 3, maxLength: 254 }),
    password: Type.String({ minLength: 8, maxLength: 1024 }),
    nick_name: Type.Optional(Type.String({ maxLength: 64 })),
    redirect_uri: Type.String({ minLength: 1, maxLength: 2048 }),
  },
  { additionalProperties: false },
);
export type SignUpBody = Static<typeof SignUpBody>;

/** Data of sign-in and sign-up: where the login page sends the browser (redirect_uri with `code`). */
export const SignInResult = Type.Object({ redirect_to: Type.String() });
export type SignInResult = Static<typeof SignInResult>;

// ---------------------------------------------------------------------------------------------
// Settings (issue 14, helper "settings"): the space setting (SPEC §3 brand, topic colour, login
// storage), the icon-font and stock-photo accounts (SPEC §3, secrets masked), and the people of the
// back office (SPEC §1 roles, §2 "user info"; super admins make and unmake general admins).
// ---------------------------------------------------------------------------------------------

/**
 * The topic colours an administrator may choose for the space (SPEC §3 `ext.template.topic_color_key`).
 * The app maps each key to its accent tokens (a `Record<TopicColorKey, …>` keeps it complete); the
 * intended accents: indigo `#4f46e5` (the house `--accent` of `app/src/tokens.css`, the default),
 * blue `#2563eb`, teal `#0d9488`, green `#16a34a`, orange `#ea580c`, red `#dc2626`, pink `#db2777`,
 * purple `#9333ea`. (Here, not in the TypeBox-free entry, to keep that one within its size budget.)
 */
export const TOPIC_COLOR_KEYS = [
  'indigo',
  'blue',
  'teal',
  'green',
  'orange',
  'red',
  'pink',
  'purple',
] as const;
/** A value of {@link TOPIC_COLOR_KEYS}. */
export type TopicColorKey = (typeof TOPIC_COLOR_KEYS)[number];
/** The topic colour of a space nobody has configured. */
export const DEFAULT_TOPIC_COLOR_KEY: TopicColorKey = 'indigo';

/**
 * How a stored secret (icon-font client secret, stock-photo API key) is shown: never in full, but
 * as this prefix (eight U+2022 bullets) followed by its last 4 characters when it has at least 12,
 * else the prefix alone. Sending the masked text back unchanged keeps the stored secret (issue 14).
 */
export const SECRET_MASK_PREFIX = '\u2022'.repeat(8);

const LoginStorageSchema = Type.Union([Type.Literal(0), Type.Literal(1), Type.Literal(2)], {
  description: 'where the SSO client keeps the login record: 0 local storage, 1 session storage, 2 cookie',
});

/** A value of `TOPIC_COLOR_KEYS` (contract constants): the space's topic colour. */
export const TopicColorKeySchema = Type.Unsafe<TopicColorKey>(
  Type.Union(
    TOPIC_COLOR_KEYS.map((key) => Type.Literal(key)),
    { description: `one of TOPIC_COLOR_KEYS: ${TOPIC_COLOR_KEYS.join(', ')} (default indigo)` },
  ),
);

/** A brand key: lower-case letters, digits, `-` and `_`, at most 64; empty for none. */
const BrandKey = Type.String({
  maxLength: 64,
  pattern: '^(?:[a-z0-9][a-z0-9_-]{0,63})?$',
  description: 'the brand shown by the product (lower-case letters, digits, - and _), empty for none',
});

/** SPEC §3 `ext.brand`: whether the space shows its own brand, and which one. Default `{ enable: false, brand_key: '' }`. */
export const SpaceBrand = Type.Object({ enable: Type.Boolean(), brand_key: BrandKey });
export type SpaceBrand = Static<typeof SpaceBrand>;

/** SPEC §3 `ext.template`: the topic colour. Default `{ topic_color_key: 'indigo' }`. */
export const SpaceTemplate = Type.Object({ topic_color_key: TopicColorKeySchema });
export type SpaceTemplate = Static<typeof SpaceTemplate>;

/**
 * Data of `GET /api/pix/spaces/setting` (query space_id=2), `GET /api/pix/mst/spaces/setting` and
 * `PUT /api/cmt/manager/space-setting` (SPEC §3 space setting): the one space of this server. Public.
 * `login_storage` defaults to the `LOGIN_STORAGE` environment variable until an administrator saves one.
 */
export const SpaceSetting = Type.Object(
  {
    ext: Type.Object({
      brand: SpaceBrand,
      template: SpaceTemplate,
      login_storage: LoginStorageSchema,
    }),
    update_time: Type.Union([Type.Integer(), Type.Null()], {
      description: 'ms since the Unix epoch of the last save; null while everything is a default',
    }),
  },
  { $id: 'SpaceSetting' },
);
export type SpaceSetting = Static<typeof SpaceSetting>;

/**
 * Body of `PUT /api/cmt/manager/space-setting` (admin): the parts to change, each optional (at least
 * one); what is left out keeps its value. Unknown colour keys, a storage outside 0–2, unknown fields:
 * 400 INVALID_PARAMETER.
 */
export const SpaceSettingBody = Type.Object(
  {
    ext: Type.Object(
      {
        brand: Type.Optional(
          Type.Object(
            { enable: Type.Optional(Type.Boolean()), brand_key: Type.Optional(BrandKey) },
            { additionalProperties: false, minProperties: 1 },
          ),
        ),
        template: Type.Optional(
          Type.Object({ topic_color_key: TopicColorKeySchema }, { additionalProperties: false }),
        ),
        login_storage: Type.Optional(LoginStorageSchema),
      },
      { additionalProperties: false, minProperties: 1 },
    ),
  },
  { additionalProperties: false },
);
export type SpaceSettingBody = Static<typeof SpaceSettingBody>;

/** The keys of `GET /api/pix/mst/spaces/setting/resource`: one part of the space setting's `ext`. */
export const SpaceSettingResourceKey = Type.Union([
  Type.Literal('brand'),
  Type.Literal('template'),
  Type.Literal('login_storage'),
]);
export type SpaceSettingResourceKey = Static<typeof SpaceSettingResourceKey>;

/** Query of `GET /api/pix/mst/spaces/setting/resource` (SPEC §7 "query key"). */
export const SpaceSettingResourceQuery = Type.Object(
  { key: SpaceSettingResourceKey },
  { additionalProperties: false },
);
export type SpaceSettingResourceQuery = Static<typeof SpaceSettingResourceQuery>;

/**
 * Data of `GET /api/pix/mst/spaces/setting/resource?key=`: the part of `ext` named by `key`
 * (`brand` → `SpaceBrand`, `template` → `SpaceTemplate`, `login_storage` → 0, 1 or 2).
 */
export const SpaceSettingResource = Type.Union([
  Type.Object({ key: Type.Literal('brand'), value: SpaceBrand }),
  Type.Object({ key: Type.Literal('template'), value: SpaceTemplate }),
  Type.Object({ key: Type.Literal('login_storage'), value: LoginStorageSchema }),
]);
export type SpaceSettingResource = Static<typeof SpaceSettingResource>;

/**
 * State of a stored secret: `unset` (none saved), `set` (stored, shown masked), `undecryptable` (stored
 * with another key than the server's: restore the key, or save the secret again; docs/deployment.md).
 */
export const SecretStatus = Type.Union([
  Type.Literal('unset'),
  Type.Literal('set'),
  Type.Literal('undecryptable'),
]);
export type SecretStatus = Static<typeof SecretStatus>;

/** An identifier of an external account: printable ASCII without spaces, at most 256; empty for none. */
const AccountId = Type.String({ maxLength: 256, pattern: '^[\\x21-\\x7E]*$' });
/**
 * A secret as sent by the back office: printable ASCII without spaces (at most 512), empty to remove
 * it, or exactly the masked text it was shown (`SECRET_MASK_PREFIX` + last 4) to keep the stored one.
 */
const SecretInput = Type.String({
  maxLength: 512,
  pattern: `^(?:[\\x21-\\x7E]*|${SECRET_MASK_PREFIX}[\\x21-\\x7E]{0,4})$`,
  description: 'the secret; empty removes it; the masked text it was shown keeps the stored one',
});
const MaskedSecret = Type.String({
  description:
    'never the secret: SECRET_MASK_PREFIX (8 × U+2022) + its last 4 characters (when ≥ 12), empty when unset',
});
const UpdateTime = Type.Union([Type.Integer(), Type.Null()], {
  description: 'ms since the Unix epoch of the last save; null: never saved',
});

/**
 * Data of `GET` and `PUT /api/cmt/manager/space-setting/iconfont` (admin; SPEC §3 icon-font
 * account): the client id in clear, the client secret masked.
 */
export const IconfontConfig = Type.Object({
  client_id: Type.String(),
  client_secret: MaskedSecret,
  secret_status: SecretStatus,
  update_time: UpdateTime,
});
export type IconfontConfig = Static<typeof IconfontConfig>;

/**
 * Body of `PUT /api/cmt/manager/space-setting/iconfont`: both empty removes the account; a client id
 * needs a secret (stored or sent) and a secret a client id, else 400 INVALID_PARAMETER (`field`).
 */
export const IconfontBody = Type.Object(
  { client_id: AccountId, client_secret: SecretInput },
  { additionalProperties: false },
);
export type IconfontBody = Static<typeof IconfontBody>;

/** Data of `GET` and `POST /api/cmt/srv/config/pexels` (admin; SPEC §3 stock-photo account): the API key masked. */
export const PexelsConfig = Type.Object({
  api_key: MaskedSecret,
  secret_status: SecretStatus,
  update_time: UpdateTime,
});
export type PexelsConfig = Static<typeof PexelsConfig>;

/** Body of `POST /api/cmt/srv/config/pexels`: the API key; empty removes it; the masked text keeps it. */
export const PexelsBody = Type.Object({ api_key: SecretInput }, { additionalProperties: false });
export type PexelsBody = Static<typeof PexelsBody>;

/** A person as the back office's people page shows them (SPEC §3 user fields, §1 roles). */
export const AdminUser = Type.Object(
  {
    user_id: Type.Integer(),
    email: NullableString,
    user_name: Type.String(),
    nick_name: Type.String(),
    avatar_url: NullableString,
    created_at: Type.Integer({ description: 'ms since the Unix epoch' }),
    role: RoleSchema,
    staff_status: Type.Integer({ description: '1 active, 0 disabled' }),
  },
  { $id: 'AdminUser' },
);
export type AdminUser = Static<typeof AdminUser>;

/**
 * Query of `GET /api/cmt/manager/users` (admin): newest accounts first; `keyword` matches part of the
 * email, nick name or user name (case-insensitive); `role` keeps one role.
 */
export const UserListQuery = Type.Object(
  {
    keyword: Type.Optional(Type.String({ maxLength: 254 })),
    role: Type.Optional(RoleSchema),
    cursor: Type.Optional(Type.String({ maxLength: 512 })),
    page_size: Type.Optional(Type.Integer({ minimum: 1, maximum: PAGE_SIZE.MAX })),
  },
  { additionalProperties: false },
);
export type UserListQuery = Static<typeof UserListQuery>;

/** Data of `GET /api/cmt/manager/users`: one page, the number of matches, the next page's cursor (null on the last). */
export const UserListResult = Type.Object({
  user_list: Type.Array(AdminUser),
  total: Type.Integer({ minimum: 0 }),
  next_cursor: NullableString,
});
export type UserListResult = Static<typeof UserListResult>;

/**
 * Body of `PUT /api/cmt/manager/users/role` (super admin only): make a user a general administrator
 * (2) or a general user again (0). Role 1 cannot be given or taken here (`plugin-center admin`).
 */
export const SetUserRoleBody = Type.Object(
  {
    user_id: Type.Integer({ minimum: 1, maximum: INT32_MAX }),
    role: Type.Union([Type.Literal(0), Type.Literal(2)], { description: '0 general user, 2 general admin' }),
  },
  { additionalProperties: false },
);
export type SetUserRoleBody = Static<typeof SetUserRoleBody>;

// --- end of settings (issue 14) ------------------------------------------------------------

/** Health answer of `GET /healthz`. */
export const Health = Type.Object({ status: Type.Literal('ok'), database: Type.String() });
export type Health = Static<typeof Health>;

// ---------------------------------------------------------------------------------------------
// Analytics (SPEC §3 analytics profile and events, §7 collector, visual config, deeplink; issue 4).
// The event is the Sensors Data web SDK's (sa-sdk-javascript) JSON, which the collector decodes from
// `data` / `data_list` (base64 of the UTF-8 JSON, with `crc` = the SDK's hashCode of that base64).
// ---------------------------------------------------------------------------------------------

/** A property value as Sensors allows it: string (≤ 500 chars), number, boolean, string list, null. */
const PropertyValue = Type.Union([
  Type.String(),
  Type.Number(),
  Type.Boolean(),
  Type.Array(Type.String()),
  Type.Null(),
]);

/**
 * One tracked record as the tracker sends it (the Sensors Data JSON): `type` `track` (an event),
 * `track_signup` (anonymous → logged-in, `original_id` the anonymous id), or `profile_*` (user
 * properties in `properties`). `time` in ms. `lib` names the SDK.
 */
export const TrackedEvent = Type.Object(
  {
    type: Type.Union([
      Type.Literal('track'),
      Type.Literal('track_signup'),
      Type.Literal('profile_set'),
      Type.Literal('profile_set_once'),
      Type.Literal('profile_unset'),
      Type.Literal('profile_delete'),
      Type.Literal('profile_append'),
      Type.Literal('profile_increment'),
      Type.Literal('track_id_bind'),
      Type.Literal('track_id_unbind'),
    ]),
    event: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
    distinct_id: Type.String({ minLength: 1, maxLength: 255 }),
    original_id: Type.Optional(Type.String({ maxLength: 255 })),
    anonymous_id: Type.Optional(Type.String({ maxLength: 255 })),
    login_id: Type.Optional(Type.String({ maxLength: 255 })),
    identities: Type.Optional(Type.Record(Type.String(), Type.String())),
    time: Type.Integer({ description: 'ms since the Unix epoch' }),
    _track_id: Type.Optional(Type.Integer()),
    _flush_time: Type.Optional(Type.Integer()),
    lib: Type.Optional(Type.Record(Type.String(), Type.Union([Type.String(), Type.Number()]))),
    properties: Type.Record(Type.String(), PropertyValue),
  },
  { $id: 'TrackedEvent' },
);
export type TrackedEvent = Static<typeof TrackedEvent>;

/**
 * Answer of `POST /sa`: how many records were stored, and each rejected one with its index in the
 * batch and the reason (the SPEC §8 validation texts where they apply). HTTP 200 when at least one
 * was stored (or the batch was empty), 400 when none was.
 */
export const CollectResult = Type.Object({
  accepted: Type.Integer({ minimum: 0 }),
  rejected: Type.Array(Type.Object({ index: Type.Integer({ minimum: 0 }), reason: Type.String() })),
});
export type CollectResult = Static<typeof CollectResult>;

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
