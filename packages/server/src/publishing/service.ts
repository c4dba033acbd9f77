/**
 * Publishing (SPEC §1, §3, §4, §5): a signed-in user publishes a plugin or a new version of their
 * own; the automated checks run on the upload (`checks.ts`), and the submission waits for review
 * (`review/`). An approved submission becomes the live listing and a history version. What a
 * publish or an edit submits is decided here; `submissionWrites.ts` writes it (limits, files, rows,
 * in that order); files no row refers to are collected by {@link PublishingService.collectOrphans}.
 */
import { randomBytes } from 'node:crypto';
import { isAdminRole } from '@plugin-center/contract';
import {
  ApiErrorCode,
  ReviewStatus,
  SUBMISSION_HISTORY_LIMIT,
  type Submission,
  type SubmissionHistory,
  type SubmissionPage,
} from '@plugin-center/contract/schemas';
import { asciiSlug } from '../catalogue/entry';
import { PUBLISH_DEFAULTS, type PublishLimits } from '../config/publishing';
import { markCatalogueChanged, markPluginChanged } from '../db/changes';
import type { Database } from '../db/database';
import type { NewPluginRow } from '../db/schema';
import { ApiError } from '../errors';
import type { AuthUser } from '../shared/auth';
import type { FileStorage } from '../shared/storage/fileStorage';
import { collectOrphans, ORPHAN_GRACE_MS, removeUnreferenced } from '../shared/storage/references';
import { runChecks, submissionTexts } from './checks';
import {
  deletePendingSubmissions,
  insertPlugin,
  isApproved,
  latestSubmission,
  lockPluginByKey,
  type PluginRow,
  pendingFileKeys,
  pluginByKey,
  type SubmissionRow,
  submissionHistoryRows,
  updatePlugin,
} from './data';
import type { PublishForm } from './form';
import { assertManifestIdFree, ownPluginOfManifest } from './identity';
import { checkPublishLimits, type Replaced, storageUsage } from './quotas';
import {
  livePluginColumns,
  type SubmissionFiles,
  submissionOf,
  submissionPage,
  submissionPlatforms,
} from './submissions';
import { SubmissionWriter } from './submissionWrites';
import { allowedPlugin, checkVersionIncreased, editedSubmission } from './versions';

/**
 * A plugin mirrored from an upstream (docs/mirroring.md) is read-only here: its versions come from
 * the upstream's pulls only.
 * @throws ApiError 403 FORBIDDEN naming the upstream.
 */
export function refuseMirrored(plugin: Pick<PluginRow, 'plugin_key' | 'mirrored_from'>): void {
  if (plugin.mirrored_from)
    throw new ApiError(
      ApiErrorCode.FORBIDDEN,
      `plugin ${plugin.plugin_key} is mirrored from ${plugin.mirrored_from}: publish its versions there`,
    );
}

/** A plugin_key for a new plugin: the ASCII slug of the name (as catalogue keys) and 10 random hex digits. */
function newPluginKey(name: string): string {
  return `${asciiSlug(name) || 'plugin'}-${randomBytes(5).toString('hex')}`;
}

/**
 * The design tools a publish or an edit declares: the form's choice (`platforms`) when it makes one;
 * else those the uploaded manifest is for (`manifest.ts` manifestPlatforms) when it is for any; else
 * `previous()` (a new plugin: none; an edit: the latest submission's, or the plugin's).
 */
function declaredPlatforms(
  form: PublishForm,
  fromManifest: readonly string[] | undefined,
  previous: () => string[],
): string[] {
  if (form.fields.platforms !== undefined && form.fields.platforms.length > 0)
    return [...form.fields.platforms];
  if (fromManifest !== undefined && fromManifest.length > 0) return [...fromManifest];
  return previous();
}

/** Options of {@link PublishingService}. */
export interface PublishingOptions {
  /** Current time, ms (default `Date.now`). */
  clock?: () => number;
  /**
   * Per-account limits (default `PUBLISH_DEFAULTS`); this service checks the pending cap and the
   * storage quota, the routes the hourly rate.
   */
  limits?: PublishLimits;
}

/** The publishing operations of authors, over one database and one file storage. */
export class PublishingService {
  private readonly clock: () => number;
  /** The per-account limits in force. */
  readonly limits: PublishLimits;
  /** The writes of publishes and edits: the limits, the files, the rows, one account at a time. */
  private readonly writer: SubmissionWriter;

  constructor(
    private readonly db: Database,
    readonly storage: FileStorage,
    options: PublishingOptions = {},
  ) {
    this.clock = options.clock ?? Date.now;
    this.limits = options.limits ?? PUBLISH_DEFAULTS;
    this.writer = new SubmissionWriter(db, storage, this.limits, this.clock);
  }

  /**
   * Bytes the stored files of the account's plugins and of all their submissions take, each
   * distinct file once: what the storage quota (`PUBLISH_STORAGE_QUOTA_MB`) is checked against.
   */
  storageUsage(accountId: number): Promise<number> {
    return storageUsage(this.db.kysely, this.storage, accountId);
  }

  /**
   * Deletes stored files that no row refers to and that are older than `graceMs` (interrupted
   * publishes, replaced submissions, deleted plugins), and leftovers of interrupted writes.
   * @returns how many files were removed
   */
  collectOrphans(graceMs = ORPHAN_GRACE_MS): Promise<number> {
    return collectOrphans(this.db, this.storage, this.clock(), graceMs);
  }

  /**
   * `POST plugin`: publishes a new plugin owned by the caller, or — when the caller's account
   * already owns the plugin holding the code file's manifest `id` — a new version of that plugin
   * (`identity.ts` {@link ownPluginOfManifest}; exactly as {@link edit} with its key: the version
   * must increase, it waits for review, the same limits). Either waits for review (a new plugin is
   * not on the square until approved). The code file is required; a new plugin claims its manifest
   * `id`: an id another account's or the catalogue's plugin holds is refused before anything is
   * stored, and of two publishes of one new id at once the unique index lets exactly one commit
   * (the other, of the same account, becomes a new version of the plugin that did). The caller's
   * limits are checked before anything is stored (see {@link checkPublishLimits}).
   * @throws ApiError 400 INVALID_PARAMETER / UPLOAD_REJECTED (with `field`), 409
   *   MANIFEST_ID_TAKEN / PENDING_LIMIT_REACHED / VERSION_NOT_INCREASED (a new version), 413
   *   STORAGE_QUOTA_EXCEEDED
   */
  async publish(user: AuthUser, form: PublishForm): Promise<Submission> {
    if (form.fields.plugin_key !== undefined)
      throw new ApiError(
        ApiErrorCode.INVALID_PARAMETER,
        'plugin_key: only for an edit (PUT)',
        400,
        'plugin_key',
      );
    const asVersionOf = (plugin_key: string) =>
      this.edit(user, { ...form, fields: { ...form.fields, plugin_key } });
    const own = await ownPluginOfManifest(this.db.kysely, form, user.user_id);
    if (own !== undefined) return asVersionOf(own);
    try {
      return await this.publishNew(user, form);
    } catch (error) {
      // Another publish of this account claimed the id between the look-up and the write.
      if (!(error instanceof ApiError) || error.entry.code !== ApiErrorCode.MANIFEST_ID_TAKEN.code)
        throw error;
      const claimed = await ownPluginOfManifest(this.db.kysely, form, user.user_id);
      if (claimed === undefined) throw error;
      return asVersionOf(claimed);
    }
  }

  /** The publish of a new plugin (see {@link publish}). */
  private async publishNew(user: AuthUser, form: PublishForm): Promise<Submission> {
    const texts = await submissionTexts(this.db.kysely, user, form.fields);
    const {
      checks,
      uploads,
      keys,
      manifestId = null,
      manifestPlatforms,
    } = await runChecks(this.db.kysely, form, undefined, true);
    const platforms = declaredPlatforms(form, manifestPlatforms, () => []);
    await assertManifestIdFree(this.db.kysely, manifestId, undefined, user.user_id);
    const files: SubmissionFiles = {
      icon: keys.icon ?? null,
      cover_center: keys.cover_center ?? null,
      cover_panel: keys.cover_panel ?? null,
      video: keys.video ?? null,
      images: keys.images ?? [],
      code_file: keys.code_file ?? null,
    };
    const now = this.clock();
    const submission = { texts, files, manifestId, platforms };
    const submissionId = await this.writer.commit(
      user,
      user.user_id,
      {},
      submission,
      checks,
      uploads,
      async (trx) => {
        const row: NewPluginRow = {
          plugin_key: newPluginKey(texts.name),
          manifest_id: manifestId,
          ...livePluginColumns(texts, files),
          current_version: null,
          version_content: '',
          review_status: ReviewStatus.UNREVIEWED,
          create_time: now,
          update_time: null,
          sort_time: 0,
          owner_id: user.user_id,
          // Shown to its owner before approval, as the texts; the square lists approved plugins only.
          platforms: JSON.stringify(platforms),
          download_count: 0,
          view_count: 0,
          praise_count: 0,
          // Not searchable until approved: approval indexes it, with the tags.
        };
        return { pluginId: await insertPlugin(trx, row), ...submission };
      },
    );
    markCatalogueChanged(this.db);
    return submissionOf(this.db.kysely, submissionId);
  }

  /**
   * `PUT plugin`: a new version of the caller's plugin (an administrator may edit any). Files left
   * out are carried over from the latest submission; the version must be greater (semver) than the
   * latest submitted one. A pending submission is replaced. The live listing is unchanged until the
   * new version is approved; a plugin never approved shows the new texts to its owner at once.
   * A new code file whose manifest `id` differs from the plugin's makes the plugin hold that id
   * instead (refused when another plugin holds it); the same id is the plugin's own.
   * The limits are the owner's (the caller's for a plugin without owner); the replaced submission
   * counts towards neither the pending cap nor the quota, and its files no longer referenced are
   * removed once the new one is written.
   * @throws ApiError 404 PLUGIN_NOT_FOUND, 403 FORBIDDEN (someone else's plugin, or one mirrored
   *   from an upstream), 409
   *   VERSION_NOT_INCREASED / MANIFEST_ID_TAKEN, 400, 409 and 413 as for {@link publish}
   */
  async edit(user: AuthUser, form: PublishForm): Promise<Submission> {
    const key = form.fields.plugin_key;
    if (key === undefined)
      throw new ApiError(ApiErrorCode.INVALID_PARAMETER, 'plugin_key: is required', 400, 'plugin_key');
    const admin = isAdminRole(user.role);
    const plugin = allowedPlugin(await pluginByKey(this.db.kysely, key), key, user);
    refuseMirrored(plugin);
    const texts = await submissionTexts(this.db.kysely, user, form.fields);
    const reuseGiven = form.fields.reuse_center_cover !== undefined;
    // Checked first on what is read now, so that a refused edit stores nothing; checked again in the
    // transaction that writes, on the plugin row locked there (another edit, a review or an owner
    // change may have committed in between).
    const previous = await latestSubmission(this.db.kysely, plugin.id);
    checkVersionIncreased(texts.version, plugin, previous);
    const {
      checks,
      uploads,
      keys,
      manifestId: uploadedId,
      manifestPlatforms,
    } = await runChecks(this.db.kysely, form, plugin.id, false);
    await assertManifestIdFree(this.db.kysely, uploadedId ?? null, plugin.id, user.user_id);
    const manifestOf = (current: PluginRow, latest: SubmissionRow | undefined) =>
      uploadedId === undefined ? (latest?.manifest_id ?? current.manifest_id) : uploadedId;
    const platformsOf = (current: PluginRow, latest: SubmissionRow | undefined) =>
      declaredPlatforms(form, manifestPlatforms, () =>
        latest ? submissionPlatforms(latest, current) : (JSON.parse(current.platforms) as string[]),
      );
    const submission = {
      ...editedSubmission(texts, keys, plugin, previous, admin, reuseGiven),
      manifestId: manifestOf(plugin, previous),
      platforms: platformsOf(plugin, previous),
    };
    const replaced: Replaced = {
      pendingOf: plugin.id,
      ...(isApproved(plugin) ? {} : { pluginRow: plugin.id }),
    };
    const ownerId = plugin.owner_id ?? user.user_id;
    let freed: string[] = [];
    const submissionId = await this.writer.commit(
      user,
      ownerId,
      replaced,
      submission,
      checks,
      uploads,
      async (trx) => {
        const current = allowedPlugin(await lockPluginByKey(trx, this.db.dialect, key), key, user);
        const latest = await latestSubmission(trx, current.id);
        checkVersionIncreased(texts.version, current, latest);
        const row = editedSubmission(texts, keys, current, latest, admin, reuseGiven);
        const platforms = platformsOf(current, latest);
        freed = await pendingFileKeys(trx, current.id, !isApproved(current));
        await deletePendingSubmissions(trx, current.id);
        if (uploadedId && uploadedId !== current.manifest_id)
          await updatePlugin(trx, current.id, { manifest_id: uploadedId });
        if (!isApproved(current)) {
          await updatePlugin(trx, current.id, {
            ...livePluginColumns(row.texts, row.files),
            platforms: JSON.stringify(platforms),
            review_status: ReviewStatus.UNREVIEWED,
            reject_reason: null,
          });
        }
        return { pluginId: current.id, ...row, manifestId: manifestOf(current, latest), platforms };
      },
    );
    // The replaced submission's files that nothing else names leave the storage now, so the
    // account's usage is what its files take.
    await removeUnreferenced(this.db.kysely, this.storage, freed).catch(() => undefined);
    markPluginChanged(this.db, plugin.plugin_key);
    markCatalogueChanged(this.db);
    return submissionOf(this.db.kysely, submissionId);
  }

  /** `GET plugin/audit`: the caller's plugins, the newest submission of each, newest first. */
  userPlugins(
    user: AuthUser,
    cursor: string | undefined,
    pageSize: number | undefined,
  ): Promise<SubmissionPage> {
    return submissionPage(this.db.kysely, { ownerId: user.user_id }, 'mine', cursor, pageSize);
  }

  /**
   * `GET plugin/audit/history`: the submissions of the plugin `key` — version, version notes,
   * review state, submitted and reviewed times, reject reason — newest first, at most
   * `SUBMISSION_HISTORY_LIMIT`; for its owner or an administrator. A submission replaced while
   * pending is not kept, so it is not listed.
   * @throws ApiError 404 PLUGIN_NOT_FOUND, 403 FORBIDDEN (someone else's plugin)
   */
  async submissionHistory(user: AuthUser, key: string): Promise<SubmissionHistory> {
    const plugin = allowedPlugin(await pluginByKey(this.db.kysely, key), key, user);
    const rows = await submissionHistoryRows(this.db.kysely, plugin.id, SUBMISSION_HISTORY_LIMIT);
    return {
      plugin_key: plugin.plugin_key,
      submission_list: rows.map(({ status, ...row }) => ({
        ...row,
        review_status: status as SubmissionHistory['submission_list'][number]['review_status'],
      })),
    };
  }

  /** One submission on the wire. */
  submission(id: number): Promise<Submission> {
    return submissionOf(this.db.kysely, id);
  }
}
