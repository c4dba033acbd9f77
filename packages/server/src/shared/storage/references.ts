/**
 * Which stored files rows refer to, and the removal of those none does: the file columns of
 * plugins and submissions and the banners' images all point into the one content-addressed storage,
 * so a file is removed only when no row of any of them names it. Used by publishing (a failed or
 * replaced submission, a deleted plugin), by the banners, and by the hourly orphan collection.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database';
import type { DatabaseSchema } from '../../db/schema';
import { FILE_URL_PREFIX } from './fileKeys';
import type { FileStorage } from './fileStorage';

type Db = Kysely<DatabaseSchema>;

/** Age (ms) below which an unreferenced file is left alone: a publish may be between its two writes. */
export const ORPHAN_GRACE_MS = 10 * 60 * 1000;

/** The file columns of `plugin` and `plugin_submission` rows. */
export type FileColumns = {
  icon: string | null;
  cover_center: string | null;
  cover_panel: string | null;
  video: string | null;
  code_file: string | null;
  images: string;
};

/** The storage keys in file columns: keys as stored, URLs under `urlPrefix` cut to their key. */
export function fileKeysOf(
  rows: readonly FileColumns[],
  urlPrefix: string,
  into = new Set<string>(),
): Set<string> {
  const add = (value: string | null) => {
    if (value) into.add(value.startsWith(urlPrefix) ? value.slice(urlPrefix.length) : value);
  };
  for (const row of rows) {
    add(row.icon);
    add(row.cover_center);
    add(row.cover_panel);
    add(row.video);
    add(row.code_file);
    for (const value of JSON.parse(row.images) as string[]) add(value);
  }
  return into;
}

export const FILE_COLUMNS = ['icon', 'cover_center', 'cover_panel', 'video', 'code_file', 'images'] as const;

/**
 * Every storage key a row refers to: the file columns of submissions and of plugins (keys, or URLs
 * under `urlPrefix`), and the banners' images (keys). Files outside this set are orphans.
 * Reads every row: for the orphan collector (hourly); one request's own files go through
 * {@link referencedAmong}.
 */
export async function referencedFileKeys(db: Database, urlPrefix: string): Promise<Set<string>> {
  const submissions = await db.kysely.selectFrom('plugin_submission').select(FILE_COLUMNS).execute();
  const plugins = await db.kysely.selectFrom('plugin').select(FILE_COLUMNS).execute();
  const keys = fileKeysOf(plugins, urlPrefix, fileKeysOf(submissions, urlPrefix));
  // Banner images share the content-addressed storage.
  for (const { image } of await db.kysely.selectFrom('banner').select('image').execute()) keys.add(image);
  return keys;
}

/**
 * Which of `keys` a row refers to now (keys in submissions, keys or URLs under `urlPrefix` in
 * plugins, keys inside the `images` lists, banner images): the targeted form of {@link referencedFileKeys} for the
 * few files one request wrote or one deletion freed, reading only the rows that name them.
 */
export async function referencedAmong(
  db: Db,
  keys: readonly string[],
  urlPrefix: string,
): Promise<Set<string>> {
  const found = new Set<string>();
  if (keys.length === 0) return found;
  const values = [...keys, ...keys.map((key) => `${urlPrefix}${key}`)];
  const wanted = new Set(keys);
  const single = ['icon', 'cover_center', 'cover_panel', 'video', 'code_file'] as const;
  const rowsOf = (table: 'plugin' | 'plugin_submission') =>
    db
      .selectFrom(table)
      .select(FILE_COLUMNS)
      .where((eb) =>
        eb.or([
          ...single.map((column) => eb(column, 'in', values)),
          // Keys are hex digits and an extension: no LIKE wildcard can occur in them.
          ...keys.map((key) => eb('images', 'like', `%${key}%`)),
        ]),
      )
      .execute();
  for (const table of ['plugin_submission', 'plugin'] as const) {
    for (const key of fileKeysOf(await rowsOf(table), urlPrefix)) if (wanted.has(key)) found.add(key);
  }
  // Banner images share the content-addressed storage.
  const banners = await db.selectFrom('banner').select('image').where('image', 'in', keys).execute();
  for (const { image } of banners) found.add(image);
  return found;
}

/** Removes these keys from `storage` unless a row refers to them now. */
export async function removeUnreferenced(
  db: Db,
  storage: FileStorage,
  keys: readonly string[],
): Promise<void> {
  const referenced = await referencedAmong(db, keys, FILE_URL_PREFIX);
  for (const key of keys) if (!referenced.has(key)) await storage.delete(key);
}

/**
 * Deletes stored files that no row refers to and that are older than `graceMs` (interrupted
 * publishes, replaced submissions, deleted plugins), and leftovers of interrupted writes.
 * @param now current time, ms
 * @returns how many files were removed
 */
export async function collectOrphans(
  db: Database,
  storage: FileStorage,
  now: number,
  graceMs = ORPHAN_GRACE_MS,
): Promise<number> {
  const files = await storage.list();
  if (files.length === 0) return 0;
  const referenced = await referencedFileKeys(db, FILE_URL_PREFIX);
  const cutoff = now - graceMs;
  let removed = 0;
  for (const file of files) {
    if (referenced.has(file.key) || file.mtimeMs > cutoff) continue;
    await storage.delete(file.key);
    removed++;
  }
  return removed;
}
