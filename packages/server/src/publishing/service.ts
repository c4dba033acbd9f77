/**
 * Publishing (SPEC §1, §3, §4, §5): a signed-in user publishes a plugin or a new version of their
 * own; the automated checks run on the upload (`checks.ts`), and the submission waits for review
 * (`review/`). An approved submission becomes the live listing and a history version.
 *
 * Order of writes (nothing half-done survives a failure or a `kill -9`): every check runs on the
 * bytes in memory first; the files are then written to storage (content-addressed, atomic); then
 * one database transaction writes the rows that refer to them. When the transaction fails the files
 * this request added are removed again; files no row refers to (after a crash) are collected by
 * {@link PublishingService.collectOrphans} once older than {@link ORPHAN_GRACE_MS}.
 */
import { randomBytes } from 'node:crypto';
import { isAdminRole, PUBLISH_LIMITS } from '@plugin-center/contract';
import {
  ApiErrorCode,
  type CheckResult,
  ReviewStatus,
  type Submission,
  type SubmissionPage,
} from '@plugin-center/contract/schemas';
import type { Transaction } from 'kysely';
import semver from 'semver';
import { asciiSlug } from '../catalogue/entry';
import { markCatalogueChanged, markPluginChanged } from '../db/changes';
import type { Database } from '../db/database';
import type { DatabaseSchema, NewPluginRow } from '../db/schema';
import { ApiError } from '../errors';
import type { AuthUser } from '../shared/auth';
import { keyOf } from '../shared/storage/fileKeys';
import type { FileStorage } from '../shared/storage/fileStorage';
import { collectOrphans, ORPHAN_GRACE_MS, removeUnreferenced } from '../shared/storage/references';
import { fail, runChecks, type SubmissionTexts, submissionTexts } from './checks';
import {
  deletePendingSubmissions,
  insertPlugin,
  insertSubmission,
  isApproved,
  latestSubmission,
  lockPluginByKey,
  type PluginRow,
  pluginByKey,
  type SubmissionRow,
  updatePlugin,
} from './data';
import type { PublishForm } from './form';
import { livePluginColumns, type SubmissionFiles, submissionOf, submissionPage } from './submissions';

/** A plugin_key for a new plugin: the ASCII slug of the name (as catalogue keys) and 10 random hex digits. */
function newPluginKey(name: string): string {
  return `${asciiSlug(name) || 'plugin'}-${randomBytes(5).toString('hex')}`;
}

/** Options of {@link PublishingService}. */
export interface PublishingOptions {
  /** Current time, ms (default `Date.now`). */
  clock?: () => number;
}

/** The publishing operations of authors, over one database and one file storage. */
export class PublishingService {
  private readonly clock: () => number;

  constructor(
    private readonly db: Database,
    readonly storage: FileStorage,
    options: PublishingOptions = {},
  ) {
    this.clock = options.clock ?? Date.now;
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
   * `POST plugin`: publishes a new plugin owned by the caller; it waits for review (not on the
   * square until approved). The code file is required.
   * @throws ApiError 400 INVALID_PARAMETER / UPLOAD_REJECTED (with `field`)
   */
  async publish(user: AuthUser, form: PublishForm): Promise<Submission> {
    if (form.fields.plugin_key !== undefined)
      throw new ApiError(
        ApiErrorCode.INVALID_PARAMETER,
        'plugin_key: only for an edit (PUT)',
        400,
        'plugin_key',
      );
    const texts = await submissionTexts(this.db.kysely, user, form.fields);
    const { checks, uploads, keys } = await runChecks(this.db.kysely, form, undefined, true);
    const files: SubmissionFiles = {
      icon: keys.icon ?? null,
      cover_center: keys.cover_center ?? null,
      cover_panel: keys.cover_panel ?? null,
      video: keys.video ?? null,
      images: keys.images ?? [],
      code_file: keys.code_file ?? null,
    };
    const now = this.clock();
    const submissionId = await this.commitSubmission(user, checks, uploads, async (trx) => {
      const row: NewPluginRow = {
        plugin_key: newPluginKey(texts.name),
        ...livePluginColumns(texts, files),
        current_version: null,
        version_content: '',
        review_status: ReviewStatus.UNREVIEWED,
        create_time: now,
        update_time: null,
        sort_time: 0,
        owner_id: user.user_id,
        platforms: '[]',
        download_count: 0,
        view_count: 0,
        praise_count: 0,
        // Not searchable until approved: approval indexes it, with the tags.
      };
      return { pluginId: await insertPlugin(trx, row), texts, files };
    });
    markCatalogueChanged(this.db);
    return submissionOf(this.db.kysely, submissionId);
  }

  /**
   * `PUT plugin`: a new version of the caller's plugin (an administrator may edit any). Files left
   * out are carried over from the latest submission; the version must be greater (semver) than the
   * latest submitted one. A pending submission is replaced. The live listing is unchanged until the
   * new version is approved; a plugin never approved shows the new texts to its owner at once.
   * @throws ApiError 404 PLUGIN_NOT_FOUND, 403 FORBIDDEN (someone else's plugin), 409
   *   VERSION_NOT_INCREASED, 400 as for {@link publish}
   */
  async edit(user: AuthUser, form: PublishForm): Promise<Submission> {
    const key = form.fields.plugin_key;
    if (key === undefined)
      throw new ApiError(ApiErrorCode.INVALID_PARAMETER, 'plugin_key: is required', 400, 'plugin_key');
    const admin = isAdminRole(user.role);
    const plugin = allowedPlugin(await pluginByKey(this.db.kysely, key), key, user);
    const texts = await submissionTexts(this.db.kysely, user, form.fields);
    // Checked first on what is read now, so that a refused edit stores nothing; checked again in the
    // transaction that writes, on the plugin row locked there (another edit, a review or an owner
    // change may have committed in between).
    const previous = await latestSubmission(this.db.kysely, plugin.id);
    checkVersionIncreased(texts.version, plugin, previous);
    const { checks, uploads, keys } = await runChecks(this.db.kysely, form, plugin.id, false);
    editedSubmission(texts, keys, plugin, previous, admin);
    const submissionId = await this.commitSubmission(user, checks, uploads, async (trx) => {
      const current = allowedPlugin(await lockPluginByKey(trx, this.db.dialect, key), key, user);
      const latest = await latestSubmission(trx, current.id);
      checkVersionIncreased(texts.version, current, latest);
      const row = editedSubmission(texts, keys, current, latest, admin);
      await deletePendingSubmissions(trx, current.id);
      if (!isApproved(current)) {
        await updatePlugin(trx, current.id, {
          ...livePluginColumns(row.texts, row.files),
          review_status: ReviewStatus.UNREVIEWED,
          reject_reason: null,
        });
      }
      return { pluginId: current.id, ...row };
    });
    markPluginChanged(this.db, plugin.plugin_key);
    markCatalogueChanged(this.db);
    return submissionOf(this.db.kysely, submissionId);
  }

  /**
   * The two writes of a publish or an edit, in their order: the uploads to storage first, then one
   * transaction in which `writePlugin` creates or updates the plugin row (returning its id and the
   * submission's texts and files, decided on what it read there) and the submission row is inserted. When the transaction fails, the files this call added are removed.
   * @returns the new submission's id
   */
  private async commitSubmission(
    user: AuthUser,
    checks: CheckResult[],
    uploads: Map<string, Buffer>,
    writePlugin: (trx: Transaction<DatabaseSchema>) => Promise<{
      pluginId: number;
      texts: SubmissionTexts;
      files: SubmissionFiles;
    }>,
  ): Promise<number> {
    const added: string[] = [];
    try {
      for (const [key, bytes] of uploads) if (await this.storage.put(key, bytes)) added.push(key);
    } catch (error) {
      await removeUnreferenced(this.db.kysely, this.storage, added);
      throw error;
    }
    let id: number;
    try {
      id = await this.db.kysely.transaction().execute(async (trx) => {
        const { pluginId, texts, files } = await writePlugin(trx);
        return insertSubmission(trx, {
          plugin_id: pluginId,
          status: ReviewStatus.UNREVIEWED,
          submitter_id: user.user_id,
          create_time: this.clock(),
          ...texts,
          ...files,
          images: JSON.stringify(files.images),
          checks: JSON.stringify(checks),
        });
      });
    } catch (error) {
      await removeUnreferenced(this.db.kysely, this.storage, added);
      throw error;
    }
    // Files are shared by content: a failed publish of the same bytes may have removed one of ours
    // between our write and our commit (it saw no row yet). Putting again is a no-op when the file is
    // there and restores it when it is not, so no committed row points to a missing file.
    for (const [key, bytes] of uploads) await this.storage.put(key, bytes).catch(() => false);
    return id;
  }

  /** `GET plugin/audit`: the caller's plugins, the newest submission of each, newest first. */
  userPlugins(
    user: AuthUser,
    cursor: string | undefined,
    pageSize: number | undefined,
  ): Promise<SubmissionPage> {
    return submissionPage(this.db.kysely, { ownerId: user.user_id }, 'mine', cursor, pageSize);
  }

  /** One submission on the wire. */
  submission(id: number): Promise<Submission> {
    return submissionOf(this.db.kysely, id);
  }
}

/**
 * `plugin` when `user` may edit it (its owner, or an administrator).
 * @throws ApiError 404 PLUGIN_NOT_FOUND (no plugin), 403 FORBIDDEN (someone else's plugin)
 */
function allowedPlugin(plugin: PluginRow | undefined, key: string, user: AuthUser): PluginRow {
  if (!plugin) throw new ApiError(ApiErrorCode.PLUGIN_NOT_FOUND, `no plugin with plugin_key ${key}`);
  if (plugin.owner_id !== user.user_id && !isAdminRole(user.role))
    throw new ApiError(ApiErrorCode.FORBIDDEN, 'Current account has no permission');
  return plugin;
}

/**
 * Checks that an edit's `version` is greater (semver) than both the plugin's latest submitted one
 * (`previous`) and its live one.
 * @throws ApiError 409 VERSION_NOT_INCREASED (field `version`)
 */
function checkVersionIncreased(
  version: string,
  plugin: PluginRow,
  previous: SubmissionRow | undefined,
): void {
  const last = [previous?.version, plugin.current_version].filter(
    (v): v is string => !!v && !!semver.valid(v),
  );
  const highest = last.sort(semver.rcompare)[0];
  if (highest && !semver.gt(version, highest))
    throw new ApiError(
      ApiErrorCode.VERSION_NOT_INCREASED,
      `version: must be greater than ${highest}`,
      409,
      'version',
    );
}

/**
 * The texts and files of an edit of `plugin` whose latest submission is `previous`: files left out
 * are carried over from `previous` (else the live listing); an author's edit keeps the plugin's
 * default-install flag (the administrators' to set, so approving it does not undo
 * `PUT plugin/silent_install`) and its developer unless it names one.
 * @throws ApiError 400 UPLOAD_REJECTED (field `code_file`: no code file at all; field `images`:
 *   more than `PUBLISH_LIMITS.MEDIA` images and videos)
 */
function editedSubmission(
  texts: SubmissionTexts,
  keys: Partial<SubmissionFiles>,
  plugin: PluginRow,
  previous: SubmissionRow | undefined,
  admin: boolean,
): { texts: SubmissionTexts; files: SubmissionFiles } {
  const files: SubmissionFiles = {
    icon: keys.icon ?? previous?.icon ?? keyOf(plugin.icon),
    cover_center: keys.cover_center ?? previous?.cover_center ?? keyOf(plugin.cover_center),
    cover_panel: keys.cover_panel ?? previous?.cover_panel ?? keyOf(plugin.cover_panel),
    video: keys.video ?? previous?.video ?? keyOf(plugin.video),
    images: keys.images ?? (previous ? (JSON.parse(previous.images) as string[]) : []),
    code_file: keys.code_file ?? previous?.code_file ?? plugin.code_file,
  };
  if (!files.code_file) throw fail('code_file', 'the code file (manifest.json) is required');
  if (files.images.length + (files.video ? 1 : 0) > PUBLISH_LIMITS.MEDIA)
    throw fail('images', `at most ${PUBLISH_LIMITS.MEDIA} images and videos in total`);
  if (admin) return { texts, files };
  return {
    texts: {
      ...texts,
      is_default_install: plugin.is_default_install,
      ...(plugin.developer ? { developer: texts.developer ?? plugin.developer } : {}),
    },
    files,
  };
}
