/** The catalogue counters kept exact by triggers (migration 0002), read in O(1). */
import type { Database } from './database';

/** Number of approved plugins: the `approved_plugins` counter of `catalogue_stat` (exact, O(1)). */
export async function approvedTotal(db: Database): Promise<number> {
  // One row kept exact by triggers (migration 0002), so no request counts the whole catalogue.
  const row = await db.kysely
    .selectFrom('catalogue_stat')
    .select('value')
    .where('name', '=', 'approved_plugins')
    .executeTakeFirst();
  return Number(row?.value ?? 0);
}
