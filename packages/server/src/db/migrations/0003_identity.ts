/**
 * Migration 0003: the identity service (SPEC §1 roles and login methods, §3 User, §4
 * sign-in) and the per-user plugin relations built on it:
 * - `user_account`: accounts (email unique, stored lower-cased; `password_hash` null for
 *   third-party-only accounts; `role` 0 general user, 1 super admin, 2 general admin);
 * - `refresh_token`: opaque refresh tokens stored as SHA-256 hashes, grouped in rotation families
 *   (`family_id`), each rotated token pointing at its successor (`replaced_by`);
 * - `login_code`: one-time login codes (hashed) bound to the redirect_uri they were issued for;
 * - `third_party_account`: a provider's subject mapped to an account;
 * - `server_secret`: secrets every server process must share (the JWT signing key);
 * - `plugin_install`, `plugin_praise`: one row per user and plugin (counted by migration 0004).
 *
 * Times are epoch milliseconds (BIGINT); booleans 0/1 integers, as everywhere in this schema.
 */
import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../database';

/** Creates the identity tables and indexes (same shape on both dialects). */
// biome-ignore lint/suspicious/noExplicitAny: migrations run against the untyped schema of their time
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  const pg = dialect === 'postgres';
  const id = pg ? 'serial' : 'integer';
  const idColumn = pg
    ? // biome-ignore lint/suspicious/noExplicitAny: Kysely's column builder type
      (c: any) => c.primaryKey()
    : // biome-ignore lint/suspicious/noExplicitAny: Kysely's column builder type
      (c: any) => c.primaryKey().autoIncrement();

  await db.schema
    .createTable('user_account')
    .addColumn('id', id, idColumn)
    .addColumn('account_id', 'text', (c) => c.notNull().unique())
    .addColumn('email', 'text', (c) => c.unique())
    .addColumn('password_hash', 'text')
    .addColumn('role', 'integer', (c) => c.notNull().defaultTo(0).check(sql`role in (0, 1, 2)`))
    .addColumn('is_owner', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('staff_status', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('user_name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('nick_name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('mobile', 'text')
    .addColumn('avatar_url', 'text')
    .addColumn('department', 'text')
    .addColumn('e_id', 'text')
    .addColumn('identification', 'text')
    .execute();
  // "Is there an administrator?" on every start.
  await sql`CREATE INDEX user_account_role_idx ON user_account (role)`.execute(db);

  await db.schema
    .createTable('refresh_token')
    .addColumn('id', id, idColumn)
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('family_id', 'text', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('user_account.id').onDelete('cascade'))
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('revoked_at', 'bigint')
    .addColumn('replaced_by', 'integer')
    .execute();
  await sql`CREATE INDEX refresh_token_family_idx ON refresh_token (family_id)`.execute(db);
  await sql`CREATE INDEX refresh_token_user_idx ON refresh_token (user_id)`.execute(db);
  await sql`CREATE INDEX refresh_token_expires_idx ON refresh_token (expires_at)`.execute(db);

  await db.schema
    .createTable('login_code')
    .addColumn('code_hash', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('user_account.id').onDelete('cascade'))
    .addColumn('redirect_uri', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('used_at', 'bigint')
    .execute();
  await sql`CREATE INDEX login_code_expires_idx ON login_code (expires_at)`.execute(db);

  await db.schema
    .createTable('third_party_account')
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('user_account.id').onDelete('cascade'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('third_party_account_pkey', ['source', 'subject'])
    .execute();
  await sql`CREATE INDEX third_party_account_user_idx ON third_party_account (user_id)`.execute(db);

  await db.schema
    .createTable('server_secret')
    .addColumn('name', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .execute();

  for (const table of ['plugin_install', 'plugin_praise']) {
    await db.schema
      .createTable(table)
      .addColumn('user_id', 'integer', (c) => c.notNull().references('user_account.id').onDelete('cascade'))
      .addColumn('plugin_id', 'integer', (c) => c.notNull().references('plugin.id').onDelete('cascade'))
      .addColumn('create_time', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint(`${table}_pkey`, ['user_id', 'plugin_id'])
      .execute();
    await sql.raw(`CREATE INDEX ${table}_plugin_idx ON ${table} (plugin_id)`).execute(db);
  }
}

/** Drops everything {@link up} created. */
// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'plugin_praise',
    'plugin_install',
    'server_secret',
    'third_party_account',
    'login_code',
    'refresh_token',
    'user_account',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
