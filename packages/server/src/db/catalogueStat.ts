/**
 * The `catalogue_stat` rows: named numbers read in O(1) — the approved-plugin counter kept exact by
 * triggers (migration 0002), and the analyzer version the search index was built with.
 */
import type { Database } from './database';

/** The names of the `catalogue_stat` rows. */
export type CatalogueStatName = 'approved_plugins' | 'search_index_version';

/** The value of the `catalogue_stat` row `name`, 0 when there is none. */
export async function readCatalogueStat(db: Database, name: CatalogueStatName): Promise<number> {
  const row = await db.kysely
    .selectFrom('catalogue_stat')
    .select('value')
    .where('name', '=', name)
    .executeTakeFirst();
  return Number(row?.value ?? 0);
}

/** Sets the `catalogue_stat` row `name` to `value`. */
export async function writeCatalogueStat(
  db: Database,
  name: CatalogueStatName,
  value: number,
): Promise<void> {
  await db.kysely.updateTable('catalogue_stat').set({ value }).where('name', '=', name).execute();
}

/** Number of approved plugins: the `approved_plugins` counter (exact, O(1)). */
export function approvedTotal(db: Database): Promise<number> {
  // One row kept exact by triggers (migration 0002), so no request counts the whole catalogue.
  return readCatalogueStat(db, 'approved_plugins');
}
