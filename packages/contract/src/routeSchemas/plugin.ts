/**
 * The schemas of the `plugin` group of the route table (the square, publishing) and of the
 * `backoffice` group (review, curation, settings, people, moderation), which `ROUTE_SCHEMAS` splits
 * as the table groups them.
 */
import { Type } from 'typebox';
import type { ROUTES } from '../routes';
import { AdminInfo } from '../wire/identity';
import { DeprecateBody, ListingState } from '../wire/listing';
import {
  CreatedPersonalToken,
  CreatePersonalTokenBody,
  PersonalTokenList,
  RevokePersonalTokenBody,
} from '../wire/personalTokens';
import {
  EditorCodeQuery,
  EditorPluginsQuery,
  EditorPluginsResult,
  InstalledListQuery,
  InstalledListResult,
  InstallResult,
  MorePluginsQuery,
  MorePluginsResult,
  PluginDetail,
  PluginDetailQuery,
  PluginKeyBody,
  PluginListQuery,
  PluginListResult,
  PluginViewResult,
  PraiseBody,
  PraiseResult,
  RecommendationQuery,
  RecommendationResult,
  SuggestQuery,
  SuggestResult,
  TagListResult,
} from '../wire/plugins';
import {
  AssignOwnerBody,
  AssignOwnerResult,
  BATCH_UPLOAD_FORM,
  BatchRef,
  BatchRemoveResult,
  BatchStatus,
  BatchUploadResult,
  DownloadParams,
  EDIT_FORM,
  PUBLISH_FORM,
  PublishResult,
  SubmissionHistory,
  SubmissionHistoryQuery,
  SubmissionPage,
  UserPluginsQuery,
} from '../wire/publishing';
import { AnalyticsOverview, AnalyticsRangeQuery, PublisherAnalytics } from '../wire/reports';
import { AuditListQuery, AuditLogPage, AuditLogQuery, AuditStatusBody } from '../wire/review';
import { ANALYTICS, IDENTITY, PLUGINS, RANGE_RULES, type SchemasOf } from './definition';
import { PLUGIN_CURATION_ROUTE_SCHEMAS } from './pluginCuration';
import { PLUGIN_MIRROR_ROUTE_SCHEMAS } from './pluginMirror';
import { PLUGIN_NOTIFICATION_ROUTE_SCHEMAS } from './pluginNotifications';
import { PLUGIN_PUBLISHER_ROUTE_SCHEMAS } from './pluginPublishers';
import { PLUGIN_RATING_ROUTE_SCHEMAS } from './pluginRatings';
import { PLUGIN_STATS_ROUTE_SCHEMAS } from './pluginStats';
import { PLUGIN_WEBHOOK_ROUTE_SCHEMAS } from './pluginWebhooks';

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
  more: {
    tags: PLUGINS,
    summary: "More from this plugin's publisher: other listed approved plugins of the same owner",
    description:
      'The same owning account, or for a plugin without one (an imported entry) the same `developer` among plugins without one; the plugin itself and unlisted plugins left out; most installed first, at most `count` (default 6, at most 12). 404 PLUGIN_NOT_FOUND when no approved plugin has `plugin_key`.',
    querystring: MorePluginsQuery,
    response: MorePluginsResult,
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
  // The editor's side.
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
      'Text fields as `PublishFields`; files `icon` (square, ≤ 1 MB), `cover_center` and `cover_panel` (16:9, ≤ 5 MB), `video` (MP4 or WebM, ≤ 25 MB), `images` (≤ 5 MB each; images and video ≤ 3 in all), `code_file` (the manifest, JSON, ≤ 64 KiB). Types are read from the bytes. Errors: 400 `INVALID_PARAMETER` or `UPLOAD_REJECTED` with `field`; 409 `MANIFEST_ID_TAKEN` (`field: code_file`) when another plugin holds the manifest `id`; 413 beyond the limits. Per account (administrators exempt from the first two): 429 `RATE_LIMITED` with `Retry-After` beyond the publishes and new versions per hour, 409 `PENDING_LIMIT_REACHED` with as many submissions waiting for review as allowed, 413 `STORAGE_QUOTA_EXCEEDED` when the files would take the account over its storage quota. Nothing is kept when it fails.',
    consumes: ['multipart/form-data'],
    multipart: PUBLISH_FORM,
    response: PublishResult,
  },
  edit: {
    tags: PLUGINS,
    summary: 'Edit a plugin (multipart): a new version, live once approved (owner or admin)',
    description:
      "As publish, with `plugin_key`; a file left out keeps the previous one. `version` must be greater (semver) than the last submitted (409 `VERSION_NOT_INCREASED`). A pending submission of the plugin is replaced (so it does not count towards the pending cap, and its files no longer count towards the storage quota). The per-account limits of publish apply (the pending cap and the storage quota are those of the plugin's owner). 403 for someone else's plugin; 409 `MANIFEST_ID_TAKEN` when another plugin holds the new code file's manifest `id`.",
    consumes: ['multipart/form-data'],
    multipart: EDIT_FORM,
    response: PublishResult,
  },
  remove: {
    tags: PLUGINS,
    summary: 'Delete a plugin with its versions, submissions and files (owner or admin; audit-logged)',
    description:
      "Tag counts, the search index and the list's count follow in the same transaction; the plugin's stored files no other plugin uses are removed afterwards. 403 `FORBIDDEN` for someone else's plugin; 404 `PLUGIN_NOT_FOUND`.",
    body: PluginKeyBody,
  },
  unlist: {
    tags: PLUGINS,
    summary: 'Unlist a plugin (owner or admin; audit-logged): out of the square, search and suggestions',
    description:
      "The plugin leaves the list, the tag counts, search, suggestions and recommendations; its detail by key, installs and the editor lists still answer it. Unlisting an unlisted plugin changes nothing (no second audit entry). 403 `FORBIDDEN` for someone else's plugin; 404 `PLUGIN_NOT_FOUND`.",
    body: PluginKeyBody,
    response: ListingState,
  },
  relist: {
    tags: PLUGINS,
    summary: 'List an unlisted plugin again (owner or admin; audit-logged)',
    description:
      "Undoes unlist; a listed plugin stays as it is. 403 `FORBIDDEN` for someone else's plugin; 404 `PLUGIN_NOT_FOUND`.",
    body: PluginKeyBody,
    response: ListingState,
  },
  deprecate: {
    tags: PLUGINS,
    summary: 'Deprecate a plugin with a message and an optional replacement (owner or admin; audit-logged)',
    description:
      "The message follows the description's text rules (hidden characters removed; 400 `INVALID_PARAMETER` field `message` when blank). `replacement_plugin_key` names an approved plugin to use instead: 400 `INVALID_PARAMETER` field `replacement_plugin_key` when no approved plugin has it or it is the plugin itself. Deprecating again replaces the message and replacement. Shown on the detail and in the editor's list. 403 `FORBIDDEN` for someone else's plugin; 404 `PLUGIN_NOT_FOUND`.",
    body: DeprecateBody,
    response: ListingState,
  },
  undeprecate: {
    tags: PLUGINS,
    summary: 'Withdraw the deprecation of a plugin (owner or admin; audit-logged)',
    description: "403 `FORBIDDEN` for someone else's plugin; 404 `PLUGIN_NOT_FOUND`.",
    body: PluginKeyBody,
    response: ListingState,
  },
  userPlugins: {
    tags: PLUGINS,
    summary: "The signed-in user's plugins: the latest submission of each, with its review status and reason",
    querystring: UserPluginsQuery,
    response: SubmissionPage,
  },
  submissionHistory: {
    tags: PLUGINS,
    summary:
      "A plugin's submissions (its owner, or an administrator): version, review status, dates and reject reason, newest first",
    querystring: SubmissionHistoryQuery,
    response: SubmissionHistory,
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
      'Approval makes the submission the live listing and a history version. 400 when rejecting without a reason; 404 when the plugin has never had a submission; 409 `ALREADY_REVIEWED` when its latest submission was already approved or rejected, or `version` is not the version waiting (of two decisions sent at once, exactly one is taken; the other gets this 409 and writes nothing).',
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
    multipart: BATCH_UPLOAD_FORM,
    response: BatchUploadResult,
  },
  batchStatus: {
    tags: PLUGINS,
    summary: 'How many plugins of one batch upload are in the database (admin)',
    description:
      'For an uploader who cancelled after sending the file: the plugins carrying this `batch_id` now (0 when none, also for an id never used).',
    querystring: BatchRef,
    response: BatchStatus,
  },
  batchRemove: {
    tags: PLUGINS,
    summary: 'Delete every plugin of one batch upload (admin; audit-logged)',
    description:
      'Deletes exactly the plugins carrying this `batch_id` (batch imports go live without review; this is their undo), each as `DELETE plugin` does: versions, submissions, tags and their counts, installs, likes, search documents, and the files no other row names. One audit entry per plugin. 0 when none is left.',
    body: BatchRef,
    response: BatchRemoveResult,
  },
  ...PLUGIN_CURATION_ROUTE_SCHEMAS,
  ...PLUGIN_RATING_ROUTE_SCHEMAS,
  ...PLUGIN_STATS_ROUTE_SCHEMAS,
  ...PLUGIN_PUBLISHER_ROUTE_SCHEMAS,
  ...PLUGIN_NOTIFICATION_ROUTE_SCHEMAS,
  ...PLUGIN_MIRROR_ROUTE_SCHEMAS,
  ...PLUGIN_WEBHOOK_ROUTE_SCHEMAS,
} as const satisfies SchemasOf<typeof ROUTES.plugin & typeof ROUTES.backoffice>;
