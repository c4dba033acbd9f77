/**
 * Migration 0010: `personal_access_token`: tokens a user
 * creates in the app to publish from a terminal or CI. Only the SHA-256 of a token is stored (the
 * token is shown once); `prefix` is its first characters, for telling tokens apart in the list.
 * Deleting the account deletes its tokens.
 */
import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../database';

/** Creates the table and its indexes. */
// biome-ignore lint/suspicious/noExplicitAny: migrations run against the untyped schema of their time
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  const pg = dialect === 'postgres';
  await db.schema
    .createTable('personal_access_token')
    .addColumn('id', pg ? 'serial' : 'integer', (c) => (pg ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('user_account.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('prefix', 'text', (c) => c.notNull())
    .addColumn('scope', 'text', (c) => c.notNull().defaultTo('publish'))
    .addColumn('create_time', 'bigint', (c) => c.notNull())
    .addColumn('expire_time', 'bigint')
    .addColumn('last_used_time', 'bigint')
    .execute();
  await sql`CREATE INDEX personal_access_token_user_idx ON personal_access_token (user_id, id DESC)`.execute(
    db,
  );
}

/** Drops the table. */
// biome-ignore lint/suspicious/noExplicitAny: see up
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('personal_access_token').execute();
}
