/**
 * Migration 0024: which batch upload imported a plugin.
 *
 * - `plugin.batch_id`: the id of the batch upload (`POST manager/plugins/upload`) that created the
 *   plugin; null for a published plugin, one of the shipped catalogue, or one imported before this
 *   migration. Indexed: `GET`/`DELETE manager/plugins/batch` read and delete exactly one batch.
 */
import { type Kysely, sql } from 'kysely';

/** Adds the column and its index (same shape on both dialects). */
// biome-ignore lint/suspicious/noExplicitAny: migrations run against the untyped schema of their time
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('plugin').addColumn('batch_id', 'text').execute();
  await sql`CREATE INDEX plugin_batch_id_idx ON plugin (batch_id)`.execute(db);
}

/** Drops what {@link up} added. */
// biome-ignore lint/suspicious/noExplicitAny: see up
export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP INDEX plugin_batch_id_idx`.execute(db);
  await db.schema.alterTable('plugin').dropColumn('batch_id').execute();
}
