/**
 * Migration 0014 (curation): `resource_position`, the time-limited featured slots of the
 * square (SPEC §3 "Resource position: start time, end time, new tag, status, disabled flag"). One
 * plugin per slot, shown from `start_time` (inclusive) to `end_time` (exclusive), ms; the status
 * (pending, active, expired, invalidated) is derived at read time from the clock and `is_disabled`,
 * never stored. Deleting the plugin deletes its slots. Also a partial index of the default-install
 * plugins, which every new account reads (the silent install). The curated recommendations reuse the
 * `recommendation` table of migration 0001 and the silent install the plugin's `is_default_install`.
 */
import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../database';

/**
 * Creates the table, its range check and the indexes of the square's and the back office's reads,
 * and a partial index of the default-install plugins.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations run against the untyped schema of their time
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  const pg = dialect === 'postgres';
  await db.schema
    .createTable('resource_position')
    .addColumn('id', pg ? 'serial' : 'integer', (c) => (pg ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn('plugin_id', 'integer', (c) => c.notNull().references('plugin.id').onDelete('cascade'))
    .addColumn('start_time', 'bigint', (c) => c.notNull())
    .addColumn('end_time', 'bigint', (c) => c.notNull())
    .addColumn('is_new', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_disabled', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('create_time', 'bigint', (c) => c.notNull())
    .addColumn('update_time', 'bigint', (c) => c.notNull())
    .addCheckConstraint('resource_position_range_check', sql`end_time >= start_time`)
    .execute();
  // The square: enabled slots whose end is still ahead, by start.
  await sql`CREATE INDEX resource_position_live_idx ON resource_position (is_disabled, end_time, start_time)`.execute(
    db,
  );
  await sql`CREATE INDEX resource_position_plugin_idx ON resource_position (plugin_id)`.execute(db);
  // Every new account (and every poll of the editor's list) reads the default-install
  // set: this index keeps that a few index entries instead of a scan of the whole catalogue (a
  // million plugins in `pnpm bench`). Not a partial index: SQLite does not match a bound parameter
  // (`where('is_default_install', '=', 1)`) against a partial index's WHERE.
  await sql`CREATE INDEX plugin_default_install_idx ON plugin (is_default_install, review_status)`.execute(
    db,
  );
}

/** Drops the table and the index. */
// biome-ignore lint/suspicious/noExplicitAny: see up
export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP INDEX IF EXISTS plugin_default_install_idx`.execute(db);
  await db.schema.dropTable('resource_position').execute();
}
