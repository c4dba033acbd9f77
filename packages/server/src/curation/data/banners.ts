/**
 * The queries of the banners: the `banner` table of migration 0015, Kysely only. The
 * rules (links, images, places, files) are in `banners.ts`.
 */
import { type Kysely, type Selectable, sql, type Transaction } from 'kysely';
import type { Dialect } from '../../db/database';
import type { BannerTable, DatabaseSchema } from '../../db/schema';

type Db = Kysely<DatabaseSchema> | Transaction<DatabaseSchema>;

/** A row of `banner`. */
export type BannerRow = Selectable<BannerTable>;

/**
 * Makes the caller's transaction the only writer of the banners until it ends, so that the count
 * and the places it reads are still true when it writes: on PostgreSQL `LOCK TABLE banner IN SHARE
 * ROW EXCLUSIVE MODE` (the carousel stays readable; a second save or delete waits); nothing on
 * SQLite, whose one connection runs one transaction at a time.
 */
export async function lockBanners(trx: Transaction<DatabaseSchema>, dialect: Dialect): Promise<void> {
  if (dialect === 'postgres') await sql`LOCK TABLE banner IN SHARE ROW EXCLUSIVE MODE`.execute(trx);
}

/** Every banner in carousel order: `position`, then `id` (ties after a concurrent write). */
export function listBanners(db: Db): Promise<BannerRow[]> {
  return db.selectFrom('banner').selectAll().orderBy('position').orderBy('id').execute();
}

/** One banner, or undefined. */
export function bannerById(db: Db, id: number): Promise<BannerRow | undefined> {
  return db.selectFrom('banner').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Inserts a banner. @returns its id */
export async function insertBanner(
  db: Db,
  row: Pick<BannerRow, 'image' | 'redirect_url' | 'position' | 'create_time' | 'update_time'>,
): Promise<number> {
  const inserted = await db.insertInto('banner').values(row).returning('id').executeTakeFirstOrThrow();
  return inserted.id;
}

/** Updates a banner's image, link or update time. */
export async function updateBanner(
  db: Db,
  id: number,
  changes: Partial<Pick<BannerRow, 'image' | 'redirect_url' | 'update_time'>>,
): Promise<void> {
  await db.updateTable('banner').set(changes).where('id', '=', id).execute();
}

/** Deletes a banner. @returns whether a row was deleted */
export async function deleteBannerRow(db: Db, id: number): Promise<boolean> {
  const result = await db.deleteFrom('banner').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Writes `position` = index for the banners whose place differs (`order`: ids in carousel order). */
export async function writePositions(
  db: Db,
  order: readonly { id: number; position: number }[],
): Promise<void> {
  for (const [index, banner] of order.entries()) {
    if (banner.position !== index)
      await db.updateTable('banner').set({ position: index }).where('id', '=', banner.id).execute();
  }
}
