/**
 * Publishing's wire: the publish form's fields, the submission with its checks and changes, batch
 * upload, personal access tokens, ownership, downloads and stored files.
 */
import { type Static, Type } from 'typebox';
import {
  BATCH_FILE_BYTES,
  IMAGE_CONTENT_TYPES,
  PAGE_SIZE,
  PLUGIN_PLATFORMS,
  PUBLISH_LIMITS,
} from '../constants';
import type { MultipartFile, MultipartForm } from '../routeSchemas/definition';
import { NullableString } from './fields';
import { ListingState } from './listing';

const L = PUBLISH_LIMITS;

/**
 * The design tools a publish declares (`platforms`): codes of {@link PLUGIN_PLATFORMS}, each at most
 * once. In the multipart form the field repeats or is comma-separated, as `tags`.
 */
export const PublishPlatforms = Type.Array(Type.Union(PLUGIN_PLATFORMS.map((code) => Type.Literal(code))), {
  maxItems: PLUGIN_PLATFORMS.length,
  uniqueItems: true,
  description: `design tools the plugin runs in (${PLUGIN_PLATFORMS.join(', ')}); each at most once. Left out: read from the manifest (code_file), else on an edit the previous ones`,
});
const Flag = Type.Union([Type.Literal('0'), Type.Literal('1'), Type.Literal('true'), Type.Literal('false')]);

/**
 * The text fields of `POST /api/cmt/plugin` and `PUT /api/cmt/plugin` (multipart/form-data, SPEC §3
 * plugin fields); the files travel beside them as `icon`, `cover_center`, `cover_panel`, `video`,
 * `images` (repeated) and `code_file`. `tags` is repeated or comma-separated. `developer` and
 * `is_default_install` are admin-only: a general user's are ignored (SPEC §5), their developer is
 * their nick name. `plugin_key` names the plugin on edit (PUT). `platforms`
 * ({@link PublishPlatforms}) are the design tools the square's filter finds the plugin by; left
 * out, the server reads them from the manifest. Limits: {@link PUBLISH_LIMITS}.
 */
export const PublishFields = Type.Object(
  {
    plugin_key: Type.Optional(Type.String({ minLength: 1, maxLength: 128 })),
    name: Type.String({ minLength: 1, maxLength: L.NAME }),
    intro: Type.String({ minLength: 1, maxLength: L.INTRO }),
    description: Type.String({ minLength: 1, maxLength: L.DESCRIPTION, description: 'Markdown' }),
    tags: Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: L.TAG }), { maxItems: L.TAGS })),
    platforms: Type.Optional(PublishPlatforms),
    contact: Type.Optional(Type.String({ maxLength: L.CONTACT })),
    version: Type.String({
      minLength: 1,
      maxLength: 64,
      description: 'semver, e.g. 1.0.0',
      example: '1.0.0',
    }),
    version_content: Type.String({ minLength: 1, maxLength: L.VERSION_CONTENT }),
    copyright_type: Type.Optional(Type.Union([Type.Literal('author'), Type.Literal('custom')])),
    copyright_name: Type.Optional(Type.String({ maxLength: L.NAME })),
    developer: Type.Optional(Type.String({ maxLength: L.NAME })),
    technical_support_link: Type.Optional(
      Type.String({ maxLength: L.URL, example: 'https://example.com/support' }),
    ),
    license: Type.Optional(
      Type.String({ maxLength: L.NAME, description: 'SPDX identifier or short name', example: 'MIT' }),
    ),
    homepage: Type.Optional(Type.String({ maxLength: L.URL, example: 'https://example.com' })),
    repository: Type.Optional(
      Type.String({ maxLength: L.URL, example: 'https://github.com/example/plugin' }),
    ),
    reuse_center_cover: Type.Optional(Flag),
    is_default_install: Type.Optional(Flag),
  },
  { additionalProperties: false },
);
export type PublishFields = Static<typeof PublishFields>;

/** The file fields of the publish form (the edit form's are the same, none required). */
const PUBLISH_FILES = {
  icon: {
    maxBytes: L.ICON_BYTES,
    contentTypes: IMAGE_CONTENT_TYPES,
    description: 'square icon (PNG, JPEG, GIF or WebP)',
  },
  cover_center: {
    maxBytes: L.COVER_BYTES,
    contentTypes: IMAGE_CONTENT_TYPES,
    description: 'cover of the plugin center (16:9)',
  },
  cover_panel: {
    maxBytes: L.COVER_BYTES,
    contentTypes: IMAGE_CONTENT_TYPES,
    description: "cover of the design tool's plugin panel (16:9)",
  },
  video: {
    maxBytes: L.VIDEO_BYTES,
    contentTypes: ['video/mp4', 'video/webm'],
    description: `demo video, MP4 or WebM (images and video at most ${L.MEDIA} in all)`,
  },
  images: {
    maxBytes: L.IMAGE_BYTES,
    contentTypes: IMAGE_CONTENT_TYPES,
    repeat: true,
    description: `screenshots, one per part (images and video at most ${L.MEDIA} in all)`,
  },
  code_file: {
    maxBytes: L.CODE_BYTES,
    contentTypes: ['application/json'],
    required: true,
    description: "the plugin's manifest (manifest.json)",
  },
} as const satisfies Record<string, MultipartFile>;

/**
 * The multipart body of `POST /api/cmt/plugin`: the text fields {@link PublishFields} but
 * `plugin_key`, and the files (`code_file` required). The server's form reader takes its file
 * fields and size caps from here (its text fields from {@link PublishFields}, which both forms are).
 */
export const PUBLISH_FORM = {
  fields: Type.Object(
    Object.fromEntries(Object.entries(PublishFields.properties).filter(([name]) => name !== 'plugin_key')),
    { additionalProperties: false },
  ),
  files: PUBLISH_FILES,
} as const satisfies MultipartForm;

/**
 * The multipart body of `PUT /api/cmt/plugin`: as {@link PUBLISH_FORM} with `plugin_key` (required),
 * every file optional (a file left out keeps the previous one).
 */
export const EDIT_FORM = {
  fields: Type.Object(
    { ...PublishFields.properties, plugin_key: Type.String({ minLength: 1, maxLength: 128 }) },
    { additionalProperties: false },
  ),
  files: { ...PUBLISH_FILES, code_file: { ...PUBLISH_FILES.code_file, required: false } },
} as const satisfies MultipartForm;

/**
 * Outcome of one automated check of a submission, stored with it and shown to the reviewer (issue
 * 12): `pass`, `flag` (for the reviewer's attention) or `fail` (the upload was refused).
 */
export const CheckResult = Type.Object(
  {
    check: Type.String({ description: 'image, video, manifest, name, secrets, text' }),
    status: Type.Union([Type.Literal('pass'), Type.Literal('flag'), Type.Literal('fail')]),
    detail: Type.String(),
  },
  { $id: 'CheckResult' },
);
export type CheckResult = Static<typeof CheckResult>;

/**
 * What a {@link FieldChange} compares, so a client knows how to show it: `text` a text (a list of
 * tags joined by `, `; cut to 500 characters with `…`), `image` one stored image's URL (`icon`,
 * `cover_center`, `cover_panel`), `images` the gallery (the URL lists in `before_list` /
 * `after_list`), `video` the demo video's URL, `file` the code file's content key (`<sha256>.json`,
 * which says only that the file was replaced; download the code to read it).
 */
export const FieldChangeKind = Type.Union([
  Type.Literal('text'),
  Type.Literal('image'),
  Type.Literal('images'),
  Type.Literal('video'),
  Type.Literal('file'),
]);
export type FieldChangeKind = Static<typeof FieldChangeKind>;

/**
 * A field that differs between a submission and the live (last approved) version: `before` the
 * live value, `after` the submitted one, null for none; `kind` says what they are
 * ({@link FieldChangeKind}). Media fields compare what the square shows: `cover_panel` is the
 * center cover when `reuse_center_cover` is set, `images` the gallery in order. For `images`,
 * `before` and `after` hold the URLs one per line (null for an empty gallery) and `before_list` /
 * `after_list` the same URLs as arrays; no other kind has the lists.
 */
export const FieldChange = Type.Object(
  {
    field: Type.String({
      description:
        'version, name, intro, description, tags, icon, cover_center, cover_panel, images, video, code_file, contact, developer, copyright, technical_support_link, license, homepage or repository',
    }),
    kind: FieldChangeKind,
    before: NullableString,
    after: NullableString,
    before_list: Type.Optional(Type.Array(Type.String(), { description: 'images only: the live gallery' })),
    after_list: Type.Optional(
      Type.Array(Type.String(), { description: 'images only: the submitted gallery' }),
    ),
  },
  { $id: 'FieldChange' },
);
export type FieldChange = Static<typeof FieldChange>;

/** How a submission resembles another plugin: the same manifest id, name or repository. */
export const MatchField = Type.Union([
  Type.Literal('manifest_id'),
  Type.Literal('name'),
  Type.Literal('repository'),
]);
export type MatchField = Static<typeof MatchField>;

/**
 * Another plugin a submission looks like (review list only): `fields` says on what — the same
 * manifest `id`, the same name (compared case-, white-space- and NFKC-insensitively) or the same
 * repository (`technical_support_link` on a public code host, compared without scheme, case,
 * trailing slash or `.git`).
 */
export const SubmissionMatch = Type.Object(
  {
    plugin_key: Type.String(),
    name: Type.String(),
    fields: Type.Array(MatchField, { minItems: 1 }),
  },
  { $id: 'SubmissionMatch' },
);
export type SubmissionMatch = Static<typeof SubmissionMatch>;

/** Most matches a submission of the review list carries. */
export const MAX_SUBMISSION_MATCHES = 10;

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
    platforms: Type.Array(Type.String(), {
      description:
        'design tools the submission declares (PLUGIN_PLATFORMS codes), which its approval gives the plugin; for a submission from before they were recorded, the plugin’s',
    }),
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
    license: NullableString,
    homepage: NullableString,
    repository: NullableString,
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
    listing: ListingState,
    matches: Type.Optional(
      Type.Array(SubmissionMatch, {
        maxItems: MAX_SUBMISSION_MATCHES,
        description:
          'review list only (administrators): other plugins with the same manifest id, name or repository; [] when none',
      }),
    ),
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

/** Query of `GET /api/cmt/plugin/audit/history`: the plugin whose submissions to list. */
export const SubmissionHistoryQuery = Type.Object(
  { plugin_key: Type.String({ minLength: 1, maxLength: 128 }) },
  { additionalProperties: false },
);
export type SubmissionHistoryQuery = Static<typeof SubmissionHistoryQuery>;

/** One submission of a plugin's history: its version, review state, dates and reject reason. */
export const SubmissionHistoryEntry = Type.Object({
  id: Type.Integer(),
  version: Type.String(),
  version_content: Type.String(),
  review_status: Type.Union([Type.Literal(1), Type.Literal(2), Type.Literal(3)]),
  reject_reason: NullableString,
  create_time: Type.Integer({ description: 'ms since the Unix epoch' }),
  review_time: Type.Union([Type.Integer(), Type.Null()], { description: 'ms; null until reviewed' }),
});
export type SubmissionHistoryEntry = Static<typeof SubmissionHistoryEntry>;

/**
 * Data of `GET /api/cmt/plugin/audit/history` (the plugin's owner, or an administrator): the
 * plugin's key and its submissions, newest first, at most {@link SUBMISSION_HISTORY_LIMIT}.
 */
export const SubmissionHistory = Type.Object({
  plugin_key: Type.String(),
  submission_list: Type.Array(SubmissionHistoryEntry),
});
export type SubmissionHistory = Static<typeof SubmissionHistory>;

/** How many submissions `GET /api/cmt/plugin/audit/history` lists at most (the newest). */
export const SUBMISSION_HISTORY_LIMIT = 100;

/**
 * A batch's id: names the plugins one batch upload imported (sent by the uploader, or made by the
 * server), for reading and deleting exactly that batch. Letters, digits, `-` and `_`, 8–64 long.
 */
export const BatchId = Type.String({ pattern: '^[A-Za-z0-9_-]{8,64}$', minLength: 8, maxLength: 64 });

/**
 * Data of `POST /api/cmt/manager/plugins/upload` (batch upload): the batch's id, how many plugins
 * went in, each record that did not with its file, index (0-based within that file) and reason —
 * the UI shows 'Plugin parsing failed' for those — and each file of a ZIP that was not read at all
 * (not JSON, not an array) with its reason; the other files were imported.
 */
export const BatchUploadResult = Type.Object({
  batch_id: BatchId,
  added: Type.Integer({ minimum: 0 }),
  skipped: Type.Integer({ minimum: 0, description: 'records whose plugin is already there' }),
  translations: Type.Integer({ minimum: 0 }),
  failed: Type.Array(Type.Object({ file: Type.String(), index: Type.Integer(), reason: Type.String() })),
  rejected_files: Type.Array(Type.Object({ file: Type.String(), reason: Type.String() }), {
    description: 'files of a ZIP that were not read (not UTF-8 JSON, not an array); the others were imported',
  }),
  cancelled: Type.Boolean({
    description: 'the upload was cancelled: the records after the last whole plugin were not imported',
  }),
});
export type BatchUploadResult = Static<typeof BatchUploadResult>;

/**
 * The multipart body of `POST /api/cmt/manager/plugins/upload`: one file `file` (a JSON array of
 * catalogue records or a ZIP of such files, at most {@link BATCH_FILE_BYTES}) and, optionally before
 * it, the text field `batch_id` ({@link BatchId}; made by the server when absent) so that an uploader
 * who cancels can still ask what the batch imported.
 */
export const BATCH_UPLOAD_FORM = {
  fields: Type.Object({ batch_id: Type.Optional(BatchId) }),
  files: {
    file: {
      maxBytes: BATCH_FILE_BYTES,
      contentTypes: ['application/json', 'application/zip'],
      required: true,
      description: 'a JSON array of catalogue records, or a ZIP of such JSON files',
    },
  },
} as const satisfies MultipartForm;

/** Query of `GET /api/cmt/manager/plugins/batch` and body of `DELETE /api/cmt/manager/plugins/batch`. */
export const BatchRef = Type.Object({ batch_id: BatchId }, { additionalProperties: false });
export type BatchRef = Static<typeof BatchRef>;

/** Data of `GET /api/cmt/manager/plugins/batch`: how many plugins of the batch are in the database now. */
export const BatchStatus = Type.Object({
  batch_id: Type.String(),
  plugin_count: Type.Integer({ minimum: 0 }),
});
export type BatchStatus = Static<typeof BatchStatus>;

/** Data of `DELETE /api/cmt/manager/plugins/batch`: how many plugins of the batch were deleted. */
export const BatchRemoveResult = Type.Object({
  batch_id: Type.String(),
  deleted: Type.Integer({ minimum: 0 }),
});
export type BatchRemoveResult = Static<typeof BatchRemoveResult>;

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
