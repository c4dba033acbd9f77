/**
 * The per-account limits of publishing (configured by `PUBLISH_PENDING_MAX` and
 * `PUBLISH_STORAGE_QUOTA_MB`, `config/publishing.ts`; the hourly rate is the routes' limiter):
 * how many submissions of an account's plugins may wait for review, and how many bytes the stored
 * files of its plugins and submissions may take. Both are checked on the bytes in memory, before
 * anything is stored, so a refused request leaves no file and no row.
 *
 * The storage an account uses is counted from the database: the distinct storage keys named by its
 * plugins' rows and by every submission of those plugins (waiting, approved or rejected), each key
 * sized by `file_size` (a content address's size never changes). A file shared by two of the
 * account's plugins counts once; a file shared with another account counts for both. The plugin's
 * owner is the account: an administrator's new version of someone's plugin counts for the owner.
 */
import { ApiErrorCode, ReviewStatus } from '@plugin-center/contract/schemas';
import type { Kysely } from 'kysely';
import type { PublishLimits } from '../config/publishing';
import { chunks } from '../db/chunks';
import type { Database } from '../db/database';
import type { DatabaseSchema } from '../db/schema';
import { ApiError } from '../errors';
import { coordinationOf } from '../shared/coordination';
import { FILE_URL_PREFIX } from '../shared/storage/fileKeys';
import { type FileStorage, STORAGE_KEY } from '../shared/storage/fileStorage';
import { FILE_COLUMNS, fileKeysOf } from '../shared/storage/references';

type Db = Kysely<DatabaseSchema>;

/** Keys per statement when sizes are read or written (well under both dialects' parameter limits). */
const KEY_CHUNK = 500;

/**
 * A byte count as the limits' messages show it: `200 MB`, `60.5 KB`, `812 bytes` (binary units,
 * one decimal at most).
 */
export function formatBytes(bytes: number): string {
  const one = (n: number) => `${Number(n.toFixed(1))}`;
  if (bytes >= 1024 * 1024) return `${one(bytes / 1024 / 1024)} MB`;
  if (bytes >= 1024) return `${one(bytes / 1024)} KB`;
  return `${bytes} bytes`;
}

/** Rows of the account that a new submission replaces, left out of its usage and pending count. */
export interface Replaced {
  /** The plugin whose submissions waiting for review the new one replaces. */
  pendingOf?: number;
  /** The plugin whose row the new submission rewrites (a plugin never approved shows the new files). */
  pluginRow?: number;
}

/**
 * The storage keys the rows of `ownerId`'s plugins name: the plugins' file columns and those of
 * all their submissions, without the rows in `replaced`; only content addresses (imported plugins'
 * external URLs are not stored here).
 */
export async function accountFileKeys(
  db: Db,
  ownerId: number,
  replaced: Replaced = {},
): Promise<Set<string>> {
  let plugins = db.selectFrom('plugin').select(FILE_COLUMNS).where('owner_id', '=', ownerId);
  if (replaced.pluginRow !== undefined) plugins = plugins.where('id', '<>', replaced.pluginRow);
  let submissions = db
    .selectFrom('plugin_submission as s')
    .innerJoin('plugin as p', 'p.id', 's.plugin_id')
    .select(['s.icon', 's.cover_center', 's.cover_panel', 's.video', 's.code_file', 's.images'])
    .where('p.owner_id', '=', ownerId);
  const pendingOf = replaced.pendingOf;
  if (pendingOf !== undefined)
    submissions = submissions.where((eb) =>
      eb.or([eb('s.plugin_id', '<>', pendingOf), eb('s.status', '<>', ReviewStatus.UNREVIEWED)]),
    );
  const keys = fileKeysOf(
    await plugins.execute(),
    FILE_URL_PREFIX,
    fileKeysOf(await submissions.execute(), FILE_URL_PREFIX),
  );
  for (const key of keys) if (!STORAGE_KEY.test(key)) keys.delete(key);
  return keys;
}

/**
 * Records the size of each stored file (by key) in `file_size`; a key already there is left alone.
 * Call it in the transaction that writes the rows naming the files.
 */
export async function recordFileSizes(db: Db, files: ReadonlyMap<string, Uint8Array>): Promise<void> {
  const rows = [...files].map(([file_key, bytes]) => ({ file_key, bytes: bytes.byteLength }));
  for (const part of chunks(rows, KEY_CHUNK))
    await db
      .insertInto('file_size')
      .values(part)
      .onConflict((oc) => oc.column('file_key').doNothing())
      .execute();
}

/**
 * The sizes of `keys`, bytes, by key: from `file_size`; a key without a row (a file stored before
 * sizes were recorded) is read once from `storage` and recorded; a key in neither counts 0.
 */
export async function fileSizes(
  db: Db,
  storage: FileStorage,
  keys: Iterable<string>,
): Promise<Map<string, number>> {
  const wanted = [...new Set(keys)];
  const sizes = new Map<string, number>();
  for (const part of chunks(wanted, KEY_CHUNK)) {
    const rows = await db
      .selectFrom('file_size')
      .select(['file_key', 'bytes'])
      .where('file_key', 'in', part)
      .execute();
    for (const row of rows) sizes.set(row.file_key, Number(row.bytes));
  }
  const found = new Map<string, Uint8Array>();
  for (const key of wanted) {
    if (sizes.has(key)) continue;
    const bytes = await storage.get(key);
    sizes.set(key, bytes?.byteLength ?? 0);
    if (bytes) found.set(key, bytes);
  }
  if (found.size > 0) await recordFileSizes(db, found);
  return sizes;
}

/**
 * Bytes the stored files of `ownerId`'s plugins and submissions take ({@link accountFileKeys}, each
 * distinct file once), without the rows in `replaced`.
 */
export async function storageUsage(
  db: Db,
  storage: FileStorage,
  ownerId: number,
  replaced: Replaced = {},
): Promise<number> {
  const sizes = await fileSizes(db, storage, await accountFileKeys(db, ownerId, replaced));
  let total = 0;
  for (const size of sizes.values()) total += size;
  return total;
}

/** Submissions of `ownerId`'s plugins waiting for review, without those of plugin `exceptPluginId`. */
export async function pendingCount(db: Db, ownerId: number, exceptPluginId?: number): Promise<number> {
  let query = db
    .selectFrom('plugin_submission as s')
    .innerJoin('plugin as p', 'p.id', 's.plugin_id')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('p.owner_id', '=', ownerId)
    .where('s.status', '=', ReviewStatus.UNREVIEWED);
  if (exceptPluginId !== undefined) query = query.where('s.plugin_id', '<>', exceptPluginId);
  return Number((await query.executeTakeFirstOrThrow()).n);
}

/** What {@link checkPublishLimits} checks a submission against. */
export interface SubmissionQuota {
  /** The account the submission counts for: the plugin's owner (the caller for a new plugin). */
  ownerId: number;
  /** Whether the caller is an administrator (exempt from the pending cap). */
  admin: boolean;
  /** Rows the submission replaces. */
  replaced: Replaced;
  /** Every storage key the new submission's row names (uploaded now or carried over). */
  keys: readonly string[];
  /** The files uploaded with it, by key (their sizes are known without the database). */
  uploads: ReadonlyMap<string, Uint8Array>;
}

/**
 * Refuses a submission beyond the account's limits, before anything is stored:
 * - unless the caller is an administrator, when the owner's plugins already have
 *   `limits.pendingMax` submissions waiting for review (the ones it replaces not counted);
 * - when the owner's stored files with the submission's files (each distinct file once; the
 *   replaced rows' files not counted) would take more than `limits.storageBytes`.
 * A limit of 0 is off.
 *
 * @throws ApiError 409 PENDING_LIMIT_REACHED, 413 STORAGE_QUOTA_EXCEEDED; messages name the limit
 */
export async function checkPublishLimits(
  db: Db,
  storage: FileStorage,
  limits: PublishLimits,
  quota: SubmissionQuota,
): Promise<void> {
  const { ownerId, replaced } = quota;
  if (!quota.admin && limits.pendingMax > 0) {
    const pending = await pendingCount(db, ownerId, replaced.pendingOf);
    if (pending >= limits.pendingMax)
      throw new ApiError(
        ApiErrorCode.PENDING_LIMIT_REACHED,
        `pending submissions limit: an account may have at most ${limits.pendingMax} submissions waiting for review; wait for a review, or submit a new version of a waiting plugin instead`,
        409,
      );
  }
  if (limits.storageBytes > 0) {
    const keys = await accountFileKeys(db, ownerId, replaced);
    const fresh = quota.keys.filter((key) => !keys.has(key));
    for (const key of fresh) if (STORAGE_KEY.test(key) && !quota.uploads.has(key)) keys.add(key);
    const sizes = await fileSizes(db, storage, keys);
    let total = 0;
    for (const size of sizes.values()) total += size;
    for (const key of new Set(fresh)) total += quota.uploads.get(key)?.byteLength ?? 0;
    if (total > limits.storageBytes)
      throw new ApiError(
        ApiErrorCode.STORAGE_QUOTA_EXCEEDED,
        `storage quota: the files of an account's plugins may take at most ${formatBytes(limits.storageBytes)}; with this submission they would take ${formatBytes(total)}. Use smaller files, or ask an administrator to remove plugins you no longer need`,
        413,
      );
  }
}

/**
 * Runs `task` for one account after that account's earlier tasks have settled, so that the limits
 * checked at its start still hold when it writes: in this process by a queue per account, and
 * across the processes on the database by the lock `publish:<account id>` in Redis when the
 * database has a coordination (`REDIS_URL`, `shared/coordination.ts` withLock). Without Redis (or
 * while it is unreachable) several processes may each let one submission of an account through at
 * once.
 */
export class AccountQueue {
  private readonly tails = new Map<number, Promise<unknown>>();

  /** @param db - whose coordination (if any) holds the cross-process lock */
  constructor(private readonly db?: Database) {}

  /** Runs `task` once the earlier tasks of `accountId` have settled; its result or error. */
  async run<T>(accountId: number, task: () => Promise<T>): Promise<T> {
    const previous = this.tails.get(accountId) ?? Promise.resolve();
    const coordination = this.db ? coordinationOf(this.db) : undefined;
    const locked = coordination ? () => coordination.withLock(`publish:${accountId}`, task) : task;
    const result = previous.then(locked, locked);
    const tail = result.catch(() => undefined);
    this.tails.set(accountId, tail);
    try {
      return await result;
    } finally {
      if (this.tails.get(accountId) === tail) this.tails.delete(accountId);
    }
  }
}
