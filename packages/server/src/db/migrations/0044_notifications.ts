/**
 * Migration 0044: authors' notifications and their e-mail preferences.
 *
 * `notification`: one row per thing an account is told about (`notifications/`), never changed but
 * for `read_at`.
 * - `user_id`: the account told (deleted with it); `kind`: one of the contract's
 *   `NOTIFICATION_KINDS`.
 * - `plugin_id`: the plugin it is about, no foreign key: a notification of a deletion outlives its
 *   plugin, so the text reads `payload` instead.
 * - `payload`: JSON of what the text needs, as it was then (`plugin_key`, `plugin_name`, and by kind
 *   `version`, `reason`, `rating`, `title`).
 * - `create_time`, `read_at` (ms; null while unread).
 * - `notification_user_idx` `(user_id, id DESC)`: one account's list, newest first (ids grow with
 *   time); `notification_unread_idx` `(user_id) WHERE read_at IS NULL`: its unread count.
 *
 * `notification_preference`: one row per account and kind whose e-mail setting was ever saved
 * (in the app or by an e-mail's unsubscribe link); `email` 1 on, 0 off. No row: e-mail on. Rows
 * rather than one column per kind, so a new kind is a new value, not a migration.
 */
import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../database';

/** Creates both tables and their indexes. */
// biome-ignore lint/suspicious/noExplicitAny: migrations run against the untyped schema of their time
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  const id = dialect === 'postgres' ? 'serial' : 'integer';
  await db.schema
    .createTable('notification')
    .addColumn('id', id, (c) => (dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('user_account.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('plugin_id', 'integer')
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('create_time', 'bigint', (c) => c.notNull())
    .addColumn('read_at', 'bigint')
    .execute();
  await sql`CREATE INDEX notification_user_idx ON notification (user_id, id DESC)`.execute(db);
  await sql`CREATE INDEX notification_unread_idx ON notification (user_id) WHERE read_at IS NULL`.execute(db);
  await db.schema
    .createTable('notification_preference')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('user_account.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('email', 'integer', (c) => c.notNull().check(sql`email IN (0, 1)`))
    .addColumn('update_time', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('notification_preference_pk', ['user_id', 'kind'])
    .execute();
}

/** Drops both tables (and their indexes). */
// biome-ignore lint/suspicious/noExplicitAny: see up
export async function down(db: Kysely<any>, _dialect: Dialect): Promise<void> {
  await db.schema.dropTable('notification_preference').execute();
  await db.schema.dropTable('notification').execute();
}
