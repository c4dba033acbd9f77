/**
 * The writes of the curated recommendations: the `recommendation` table of
 * migration 0001, read by `plugins/data/recommendations.ts` (`curatedPluginIds`).
 */
import { ReviewStatus } from '@plugin-center/contract/schemas';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { Dialect } from '../../db/database';
import type { DatabaseSchema } from '../../db/schema';

type Executor = Kysely<DatabaseSchema> | Transaction<DatabaseSchema>;

/**
 * Ids of the approved plugins among `keys`, by key (one query; empty for no key). On PostgreSQL the
 * rows are share-locked (`FOR KEY SHARE`) until the caller's transaction ends, so a plugin deleted
 * at the same moment is either not found here or deleted after the curated rows are written (and
 * they go with it), never a foreign-key failure.
 */
export async function approvedIdsByKey(
  db: Executor,
  dialect: Dialect,
  keys: readonly string[],
): Promise<Map<string, number>> {
  if (keys.length === 0) return new Map();
  let query = db
    .selectFrom('plugin')
    .select(['id', 'plugin_key'])
    .where('plugin_key', 'in', keys)
    .where('review_status', '=', ReviewStatus.APPROVED);
  if (dialect === 'postgres') query = query.forKeyShare();
  const rows = await query.execute();
  return new Map(rows.map((r) => [r.plugin_key, r.id]));
}

/**
 * Makes the caller's transaction the only writer of the curated choice until it ends: on
 * PostgreSQL `LOCK TABLE recommendation IN SHARE ROW EXCLUSIVE MODE` (readers go on; a second
 * publish waits, so two at once leave one whole choice, never a mix of both); nothing on SQLite,
 * whose one connection runs one transaction at a time.
 */
export async function lockCurated(trx: Transaction<DatabaseSchema>, dialect: Dialect): Promise<void> {
  if (dialect === 'postgres') await sql`LOCK TABLE recommendation IN SHARE ROW EXCLUSIVE MODE`.execute(trx);
}

/** Replaces every curated row with `pluginIds`, at positions 0, 1, 2… in that order. */
export async function replaceCurated(db: Executor, pluginIds: readonly number[]): Promise<void> {
  await db.deleteFrom('recommendation').execute();
  if (pluginIds.length === 0) return;
  await db
    .insertInto('recommendation')
    .values(pluginIds.map((plugin_id, position) => ({ plugin_id, position })))
    .execute();
}
