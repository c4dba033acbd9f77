/**
 * Migration 0017 (issue 14, the editor's side): what the design tool's plugin list
 * (`GET /api/cmt/plugin/user/editor`) needs beyond the install rows.
 *
 * - `plugin_uninstall`: one row per user and plugin the user uninstalled (`DELETE plugin/user`),
 *   removed again when they install it. A default-install plugin is in a user's editor list without
 *   an install row ("default installs included") unless it has such a row, so "the user uninstalled
 *   it" survives the plugin being flagged default-install later, and the silent install of
 *   `POST plugin/user/new/silent` does not bring it back either.
 * - `plugin_default_install_idx` on `plugin (is_default_install, review_status)`: the editor list
 *   reads the approved default-install plugins on every poll; without it that is a scan of the whole
 *   catalogue (1,000,000 rows in the benchmark), with it a look-up of the few flagged rows. Migration
 *   0014 (curation, merged alongside) created a partial index of the same name,
 *   `plugin (review_status) WHERE is_default_install = 1`, which a query with the flag as a bound
 *   parameter (Kysely's `where('is_default_install', '=', 1)`) cannot reliably use (SQLite does not match a bound parameter against a partial index's WHERE); this one
 *   replaces it (found by the issue-14 browser tests: on the merged branch the server did not start,
 *   "index plugin_default_install_idx already exists"). `down` restores 0014's partial index.
 */
import { type Kysely, sql } from 'kysely';

/**
 * Creates `plugin_uninstall` and the default-install index (same shape on both dialects), replacing
 * migration 0014's partial index of the same name.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations run against the untyped schema of their time
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('plugin_uninstall')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('user_account.id').onDelete('cascade'))
    .addColumn('plugin_id', 'integer', (c) => c.notNull().references('plugin.id').onDelete('cascade'))
    .addColumn('create_time', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('plugin_uninstall_pkey', ['user_id', 'plugin_id'])
    .execute();
  await sql`CREATE INDEX plugin_uninstall_plugin_idx ON plugin_uninstall (plugin_id)`.execute(db);
  await sql`DROP INDEX IF EXISTS plugin_default_install_idx`.execute(db);
  await sql`CREATE INDEX plugin_default_install_idx ON plugin (is_default_install, review_status)`.execute(
    db,
  );
}

/** Drops what {@link up} created and restores migration 0014's partial default-install index. */
// biome-ignore lint/suspicious/noExplicitAny: see up
export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP INDEX plugin_default_install_idx`.execute(db);
  await sql`CREATE INDEX plugin_default_install_idx ON plugin (review_status) WHERE is_default_install = 1`.execute(
    db,
  );
  await db.schema.dropTable('plugin_uninstall').execute();
}
