/**
 * Migration 0019 (publishing limits): `file_size`, the size in bytes of each stored file by its
 * key. Keys are content addresses (`<sha256>.<ext>`), so a key's size never changes and a row never
 * goes stale: the storage an account uses is the sum over the distinct keys its rows name
 * (`publishing/quotas.ts`), read from here without touching the storage. Publishing writes a row
 * for each file it stores, in the transaction of the submission; a key stored before this migration
 * gets its row the first time an account's usage is counted (its size read once from the storage).
 */
import type { Kysely } from 'kysely';

/** Creates `file_size` (same shape on both dialects). */
// biome-ignore lint/suspicious/noExplicitAny: migrations run against the untyped schema of their time
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('file_size')
    .addColumn('file_key', 'text', (c) => c.primaryKey())
    .addColumn('bytes', 'bigint', (c) => c.notNull())
    .execute();
}

/** Drops what {@link up} created. */
// biome-ignore lint/suspicious/noExplicitAny: see up
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('file_size').execute();
}
