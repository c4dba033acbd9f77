/**
 * The writes of a publish or an edit (`service.ts` decides what they submit), one account at a time:
 * the per-account limits (`quotas.ts`), then the files, then the rows; once committed, the webhooks'
 * `plugin.submitted` event (`webhooks/emit.ts`).
 *
 * Order of writes (nothing half-done survives a failure or a `kill -9`): every check runs on the
 * bytes in memory first; the files are then written to storage (content-addressed, atomic); then
 * one database transaction writes the rows that refer to them. When the transaction fails the files
 * this request added are removed again; files no row refers to (after a crash) are collected by
 * `PublishingService.collectOrphans` once older than `ORPHAN_GRACE_MS` (`shared/storage/references.ts`).
 */
import { isAdminRole } from '@plugin-center/contract';
import { type CheckResult, ReviewStatus } from '@plugin-center/contract/schemas';
import type { Transaction } from 'kysely';
import type { PublishLimits } from '../config/publishing';
import type { Database } from '../db/database';
import type { DatabaseSchema } from '../db/schema';
import type { AuthUser } from '../shared/auth';
import { type FileStorage, STORAGE_KEY } from '../shared/storage/fileStorage';
import { removeUnreferenced } from '../shared/storage/references';
import { emitSubmitted } from '../webhooks/emit';
import type { SubmissionTexts } from './checks';
import { insertSubmission } from './data';
import { isManifestIdConflict, manifestIdHolder, manifestIdTaken } from './identity';
import { AccountQueue, checkPublishLimits, type Replaced, recordFileSizes } from './quotas';
import type { SubmissionFiles } from './submissions';

/** What one publish or edit submits: its texts, files and manifest id. */
export interface PendingSubmission {
  /** The submission's texts (name, version, descriptions…), checked. */
  texts: SubmissionTexts;
  /** Its files' storage keys (uploaded now or carried over). */
  files: SubmissionFiles;
  /** The `id` of the submission's manifest; null when it has none. */
  manifestId: string | null;
  /** The design tools it declares (contract `PLUGIN_PLATFORMS` codes; `service.ts` declaredPlatforms). */
  platforms: string[];
}

/** What the plugin write of a publish or an edit decided, on what it read in its transaction. */
export interface WrittenPlugin extends PendingSubmission {
  /** The id of the plugin row written. */
  pluginId: number;
}

/**
 * The plugin write of a publish or an edit, in the submission's transaction: creates or updates the
 * plugin row and decides the submission's texts, files, manifest id and design tools on what it reads.
 */
export type WritePlugin = (trx: Transaction<DatabaseSchema>) => Promise<WrittenPlugin>;

/** Writes the submissions of publishes and edits, over one database and one file storage. */
export class SubmissionWriter {
  /** Each account's submissions, one at a time (across processes with Redis): a limit checked holds until the write. */
  private readonly queue: AccountQueue;

  /**
   * @param limits - the per-account limits checked before a write (the pending cap, the storage quota)
   * @param clock - current time, ms: the submissions' `create_time`
   */
  constructor(
    private readonly db: Database,
    private readonly storage: FileStorage,
    private readonly limits: PublishLimits,
    private readonly clock: () => number,
  ) {
    this.queue = new AccountQueue(db);
  }

  /**
   * The limits, then the two writes of a publish or an edit, in their order, one account at a time:
   * the pending cap and the storage quota of `ownerId` (with `replaced` left out) are checked on
   * `submission` as decided before the write; then the uploads go to storage, then one transaction
   * in which `writePlugin` creates or updates the plugin row (returning its id and the submission's
   * texts, files and manifest id, decided on what it read there), the submission row is inserted
   * and the files' sizes recorded. When the transaction fails, the files this call added are removed.
   * @returns the new submission's id
   * @throws ApiError 409 PENDING_LIMIT_REACHED, 413 STORAGE_QUOTA_EXCEEDED (nothing written); 409
   *   MANIFEST_ID_TAKEN when another publish claimed the manifest id first
   */
  commit(
    user: AuthUser,
    ownerId: number,
    replaced: Replaced,
    submission: PendingSubmission,
    checks: CheckResult[],
    uploads: Map<string, Buffer>,
    writePlugin: WritePlugin,
  ): Promise<number> {
    const { files } = submission;
    return this.queue.run(ownerId, async () => {
      const keys = [
        files.icon,
        files.cover_center,
        files.cover_panel,
        files.video,
        files.code_file,
        ...files.images,
      ];
      await checkPublishLimits(this.db.kysely, this.storage, this.limits, {
        ownerId,
        admin: isAdminRole(user.role),
        replaced,
        keys: keys.filter((key): key is string => !!key && STORAGE_KEY.test(key)),
        uploads,
      });
      return this.write(user, submission.manifestId, checks, uploads, writePlugin);
    });
  }

  /** The writes of {@link SubmissionWriter.commit}. */
  private async write(
    user: AuthUser,
    claimed: string | null,
    checks: CheckResult[],
    uploads: Map<string, Buffer>,
    writePlugin: WritePlugin,
  ): Promise<number> {
    // The manifest id this write claims: the one decided before it, until the plugin write decides.
    let manifestId = claimed;
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
        const { pluginId, texts, files, platforms, ...written } = await writePlugin(trx);
        manifestId = written.manifestId;
        const submission = await insertSubmission(trx, {
          plugin_id: pluginId,
          status: ReviewStatus.UNREVIEWED,
          submitter_id: user.user_id,
          create_time: this.clock(),
          ...texts,
          ...files,
          images: JSON.stringify(files.images),
          checks: JSON.stringify(checks),
          manifest_id: manifestId,
          platforms: JSON.stringify(platforms),
        });
        await recordFileSizes(trx, uploads);
        return submission;
      });
    } catch (error) {
      await removeUnreferenced(this.db.kysely, this.storage, added);
      if (manifestId !== null && isManifestIdConflict(error)) {
        const holder = await manifestIdHolder(this.db.kysely, manifestId);
        if (holder) throw manifestIdTaken(manifestId, holder, user.user_id);
      }
      throw error;
    }
    // Files are shared by content: a failed publish of the same bytes may have removed one of ours
    // between our write and our commit (it saw no row yet). Putting again is a no-op when the file is
    // there and restores it when it is not, so no committed row points to a missing file.
    for (const [key, bytes] of uploads) await this.storage.put(key, bytes).catch(() => false);
    await emitSubmitted(this.db, id);
    return id;
  }
}
