/**
 * Migration 0011: `plugin.images`, the live listing's gallery (at most 3 images and
 * videos per plugin, SPEC §5): a JSON array of stored-file URLs, `[]` for imported plugins.
 */
import { type Kysely, sql } from 'kysely';

/** Adds the column. */
// biome-ignore lint/suspicious/noExplicitAny: migrations run against the untyped schema of their time
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('plugin')
    .addColumn('images', 'text', (c) => c.notNull().defaultTo(sql`'[]'`))
    .execute();
}

/** Drops the column. */
// biome-ignore lint/suspicious/noExplicitAny: see up
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('plugin').dropColumn('images').execute();
}
