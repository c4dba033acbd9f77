/**
 * Migration 0038: publishers, the accounts that own plugins, with a public page.
 *
 * `publisher`: at most one row per account (`user_id`, the primary key), made the first time the
 * account chooses its handle, sets its website, starts a domain proof or is marked verified.
 * - `handle`: lower-cased, unique (the unique index allows many NULLs: accounts without one yet);
 *   set once, never changed.
 * - `website`: an http(s) URL (the contract's link rule); null when none.
 * - `verified_by` (`'admin'` or `'domain'`; null: not verified), `verified_domain` (the domain
 *   proven by DNS), `verified_at` (ms).
 * - `pending_domain`, `pending_token`, `pending_at` (ms): the domain proof started and not yet
 *   checked successfully.
 */
import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../database';

/** Creates the `publisher` table and its handle index. */
// biome-ignore lint/suspicious/noExplicitAny: migrations run against the untyped schema of their time
export async function up(db: Kysely<any>, _dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('publisher')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('user_account.id').onDelete('cascade'))
    .addColumn('handle', 'text')
    .addColumn('website', 'text')
    .addColumn('verified_by', 'text', (c) => c.check(sql`verified_by IN ('admin', 'domain')`))
    .addColumn('verified_domain', 'text')
    .addColumn('verified_at', 'bigint')
    .addColumn('pending_domain', 'text')
    .addColumn('pending_token', 'text')
    .addColumn('pending_at', 'bigint')
    .addColumn('create_time', 'bigint', (c) => c.notNull())
    .execute();
  await sql`CREATE UNIQUE INDEX publisher_handle_idx ON publisher (handle)`.execute(db);
}

/** Drops the table (and its index). */
// biome-ignore lint/suspicious/noExplicitAny: see up
export async function down(db: Kysely<any>, _dialect: Dialect): Promise<void> {
  await db.schema.dropTable('publisher').execute();
}
