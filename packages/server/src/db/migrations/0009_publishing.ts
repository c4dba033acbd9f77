/**
 * Migration 0009: publishing and review.
 * - `plugin.owner_id`: the account a plugin belongs to (its publisher, or whom an administrator
 *   assigned it to); null for imported catalogue plugins. Deleting the account leaves the plugin
 *   ownerless.
 * - `plugin_submission`: every submitted version (publish or edit) with all its fields, the storage
 *   keys of its files, the automated check results and its review state. The `plugin` row stays the
 *   live listing (the last approved version) until a submission is approved.
 * - `audit_log`: the append-only log of administrative actions; triggers refuse UPDATE and DELETE on
 *   both dialects, so not even a bug in the server can rewrite it.
 */
import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../database';

/** Creates the columns, tables, indexes and triggers. */
// biome-ignore lint/suspicious/noExplicitAny: migrations run against the untyped schema of their time
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  const pg = dialect === 'postgres';
  const id = pg ? 'serial' : 'integer';
  // biome-ignore lint/suspicious/noExplicitAny: Kysely's column builder type
  const idColumn = pg ? (c: any) => c.primaryKey() : (c: any) => c.primaryKey().autoIncrement();

  await db.schema
    .alterTable('plugin')
    .addColumn('owner_id', 'integer', (c) => c.references('user_account.id').onDelete('set null'))
    .execute();
  await sql`CREATE INDEX plugin_owner_idx ON plugin (owner_id)`.execute(db);

  await db.schema
    .createTable('plugin_submission')
    .addColumn('id', id, idColumn)
    .addColumn('plugin_id', 'integer', (c) => c.notNull().references('plugin.id').onDelete('cascade'))
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1).check(sql`status in (1, 2, 3)`))
    .addColumn('submitter_id', 'integer', (c) => c.references('user_account.id').onDelete('set null'))
    .addColumn('reviewer_id', 'integer', (c) => c.references('user_account.id').onDelete('set null'))
    .addColumn('create_time', 'bigint', (c) => c.notNull())
    .addColumn('review_time', 'bigint')
    .addColumn('version', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('intro', 'text', (c) => c.notNull())
    .addColumn('tags', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('icon', 'text')
    .addColumn('cover_center', 'text')
    .addColumn('cover_panel', 'text')
    .addColumn('reuse_center_cover', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('video', 'text')
    .addColumn('images', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('code_file', 'text')
    .addColumn('contact', 'text')
    .addColumn('copyright_type', 'text', (c) =>
      c.notNull().defaultTo('author').check(sql`copyright_type in ('author', 'custom')`),
    )
    .addColumn('copyright_name', 'text')
    .addColumn('developer', 'text')
    .addColumn('technical_support_link', 'text')
    .addColumn('is_default_install', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('checks', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('reject_reason', 'text')
    .addColumn('version_content', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .execute();
  await sql`CREATE INDEX plugin_submission_plugin_idx ON plugin_submission (plugin_id, id DESC)`.execute(db);
  await sql`CREATE INDEX plugin_submission_status_idx ON plugin_submission (status, id DESC)`.execute(db);

  await db.schema
    .createTable('audit_log')
    .addColumn('id', id, idColumn)
    .addColumn('time', 'bigint', (c) => c.notNull())
    .addColumn('actor_id', 'integer')
    .addColumn('actor_name', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('plugin_key', 'text', (c) => c.notNull())
    .addColumn('version', 'text')
    .addColumn('reason', 'text')
    .execute();
  await sql`CREATE INDEX audit_log_plugin_idx ON audit_log (plugin_key, id DESC)`.execute(db);

  if (pg) {
    await sql`CREATE FUNCTION audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'audit_log is append-only'; END $$`.execute(db);
    await sql`CREATE TRIGGER audit_log_no_change BEFORE UPDATE OR DELETE ON audit_log
      FOR EACH ROW EXECUTE FUNCTION audit_log_append_only()`.execute(db);
  } else {
    for (const event of ['UPDATE', 'DELETE']) {
      await sql
        .raw(`CREATE TRIGGER audit_log_no_${event.toLowerCase()} BEFORE ${event} ON audit_log
          BEGIN SELECT RAISE(ABORT, 'audit_log is append-only'); END`)
        .execute(db);
    }
  }
}

/** Drops what `up` created. */
// biome-ignore lint/suspicious/noExplicitAny: see up
export async function down(db: Kysely<any>, dialect: Dialect): Promise<void> {
  await db.schema.dropTable('audit_log').execute();
  if (dialect === 'postgres') await sql`DROP FUNCTION IF EXISTS audit_log_append_only()`.execute(db);
  await db.schema.dropTable('plugin_submission').execute();
  await sql`DROP INDEX plugin_owner_idx`.execute(db);
  await db.schema.alterTable('plugin').dropColumn('owner_id').execute();
}
