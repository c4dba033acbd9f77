/**
 * Migration 0017 (the editor's side): what the design tool's plugin list
 * (`GET /api/cmt/plugin/user/editor`) needs beyond the install rows.
 *
 * - `plugin_uninstall`: one row per user and plugin the user uninstalled (`DELETE plugin/user`),
 *   removed again when they install it. A default-install plugin is in a user's editor list without
 *   an install row ("default installs included") unless it has such a row, so "the user uninstalled
 *   it" survives the plugin being flagged default-install later, and the silent install of
 *   `POST plugin/user/new/silent` does not bring it back either.
 * - The default-install plugins it reads use `plugin_default_install_idx` of migration 0014.
 */
import { type Kysely, sql } from 'kysely';

/** Creates `plugin_uninstall` (same shape on both dialects). */
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
}

/** Drops what {@link up} created. */
// biome-ignore lint/suspicious/noExplicitAny: see up
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('plugin_uninstall').execute();
}
