/**
 * Migration 0007: `plugin_view`, who has been counted as viewing which plugin on which UTC day, so
 * `POST plugin/view` counts a visitor once per plugin per day, as large marketplaces count unique
 * views (every open or reload used to add one). `visitor` is `u:<user_id>` for
 * a signed-in user, else `a:<keyed hash of address and user agent>` (no address is stored). Only the
 * current day's rows are needed; older ones are deleted as the day changes (`day` index).
 */
import { type Kysely, sql } from 'kysely';

/** Creates `plugin_view` (same shape on both dialects). */
// biome-ignore lint/suspicious/noExplicitAny: migrations run against the untyped schema of their time
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('plugin_view')
    .addColumn('plugin_id', 'integer', (c) => c.notNull().references('plugin.id').onDelete('cascade'))
    .addColumn('day', 'integer', (c) => c.notNull())
    .addColumn('visitor', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('plugin_view_pk', ['plugin_id', 'day', 'visitor'])
    .execute();
  await sql`CREATE INDEX plugin_view_day_idx ON plugin_view (day)`.execute(db);
}

/** Drops `plugin_view`. */
// biome-ignore lint/suspicious/noExplicitAny: see up
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('plugin_view').execute();
}
