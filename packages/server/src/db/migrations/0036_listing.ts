/**
 * Migration 0036: a publisher's hold on the listing of a plugin, and the listing fields of the
 * publish form.
 *
 * - `plugin.unlisted_at` (ms, null = listed): an unlisted plugin is left out of the square's list,
 *   tag counts, search, suggestions and recommendations, while its detail (by key) and the editor's
 *   lists still answer it. The `approved_plugins` counter of `catalogue_stat` (migration 0002) now
 *   counts listed approved plugins: its triggers are replaced by ones that also watch
 *   `unlisted_at`, and the counter is recounted.
 * - `plugin.deprecation_message` and `plugin.deprecation_time` (ms; both null = not deprecated),
 *   `plugin.replacement_plugin_id` (the plugin to use instead; null when none, or when that plugin
 *   is deleted).
 * - `plugin.repository` and `plugin_submission.license`, `homepage`, `repository`: the licence,
 *   homepage and source repository a publisher gives in the form (live when approved; `plugin`
 *   already had `license` and `homepage` from the catalogue import).
 */
import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../database';

/** The condition of a counted plugin on the row `row` (`NEW`, `OLD`, `new`, `old`). */
const listed = (row: string) => `(${row}.review_status = 2 AND ${row}.unlisted_at IS NULL)`;

/** Adds the columns, replaces the counter's triggers and recounts it. */
// biome-ignore lint/suspicious/noExplicitAny: migrations run against the untyped schema of their time
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  await db.schema.alterTable('plugin').addColumn('unlisted_at', 'bigint').execute();
  await db.schema.alterTable('plugin').addColumn('deprecation_message', 'text').execute();
  await db.schema.alterTable('plugin').addColumn('deprecation_time', 'bigint').execute();
  await db.schema
    .alterTable('plugin')
    .addColumn('replacement_plugin_id', 'integer', (c) => c.references('plugin.id').onDelete('set null'))
    .execute();
  await db.schema.alterTable('plugin').addColumn('repository', 'text').execute();
  for (const column of ['license', 'homepage', 'repository'])
    await db.schema.alterTable('plugin_submission').addColumn(column, 'text').execute();

  if (dialect === 'postgres') {
    await sql`DROP TRIGGER catalogue_stat_approved ON plugin`.execute(db);
    await sql
      .raw(`CREATE OR REPLACE FUNCTION catalogue_stat_approved() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE delta integer := 0;
      BEGIN
        IF TG_OP IN ('INSERT', 'UPDATE') AND ${listed('NEW')} THEN delta := delta + 1; END IF;
        IF TG_OP IN ('DELETE', 'UPDATE') AND ${listed('OLD')} THEN delta := delta - 1; END IF;
        IF delta <> 0 THEN
          UPDATE catalogue_stat SET value = value + delta WHERE name = 'approved_plugins';
        END IF;
        RETURN NULL;
      END $$`)
      .execute(db);
    await sql`CREATE TRIGGER catalogue_stat_approved AFTER INSERT OR DELETE OR UPDATE OF review_status, unlisted_at ON plugin
      FOR EACH ROW EXECUTE FUNCTION catalogue_stat_approved()`.execute(db);
  } else {
    for (const t of ['ai', 'ad', 'au'])
      await sql.raw(`DROP TRIGGER catalogue_stat_approved_${t}`).execute(db);
    await sql
      .raw(`CREATE TRIGGER catalogue_stat_approved_ai AFTER INSERT ON plugin WHEN ${listed('new')} BEGIN
      UPDATE catalogue_stat SET value = value + 1 WHERE name = 'approved_plugins';
    END`)
      .execute(db);
    await sql
      .raw(`CREATE TRIGGER catalogue_stat_approved_ad AFTER DELETE ON plugin WHEN ${listed('old')} BEGIN
      UPDATE catalogue_stat SET value = value - 1 WHERE name = 'approved_plugins';
    END`)
      .execute(db);
    await sql
      .raw(`CREATE TRIGGER catalogue_stat_approved_au AFTER UPDATE OF review_status, unlisted_at ON plugin
      WHEN ${listed('old')} IS NOT ${listed('new')} BEGIN
      UPDATE catalogue_stat SET value = value + (CASE WHEN ${listed('new')} THEN 1 ELSE -1 END)
        WHERE name = 'approved_plugins';
    END`)
      .execute(db);
  }
  await sql`UPDATE catalogue_stat SET value = (SELECT count(*) FROM plugin WHERE review_status = 2 AND unlisted_at IS NULL)
    WHERE name = 'approved_plugins'`.execute(db);
}

/** Restores the counter's triggers of migration 0002 and drops the columns. */
// biome-ignore lint/suspicious/noExplicitAny: see up
export async function down(db: Kysely<any>, dialect: Dialect): Promise<void> {
  if (dialect === 'postgres') {
    await sql`DROP TRIGGER catalogue_stat_approved ON plugin`.execute(db);
    await sql`CREATE OR REPLACE FUNCTION catalogue_stat_approved() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE delta integer := 0;
      BEGIN
        IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.review_status = 2 THEN delta := delta + 1; END IF;
        IF TG_OP IN ('DELETE', 'UPDATE') AND OLD.review_status = 2 THEN delta := delta - 1; END IF;
        IF delta <> 0 THEN
          UPDATE catalogue_stat SET value = value + delta WHERE name = 'approved_plugins';
        END IF;
        RETURN NULL;
      END $$`.execute(db);
    await sql`CREATE TRIGGER catalogue_stat_approved AFTER INSERT OR DELETE OR UPDATE OF review_status ON plugin
      FOR EACH ROW EXECUTE FUNCTION catalogue_stat_approved()`.execute(db);
  } else {
    for (const t of ['ai', 'ad', 'au'])
      await sql.raw(`DROP TRIGGER catalogue_stat_approved_${t}`).execute(db);
    await sql`CREATE TRIGGER catalogue_stat_approved_ai AFTER INSERT ON plugin WHEN new.review_status = 2 BEGIN
      UPDATE catalogue_stat SET value = value + 1 WHERE name = 'approved_plugins';
    END`.execute(db);
    await sql`CREATE TRIGGER catalogue_stat_approved_ad AFTER DELETE ON plugin WHEN old.review_status = 2 BEGIN
      UPDATE catalogue_stat SET value = value - 1 WHERE name = 'approved_plugins';
    END`.execute(db);
    await sql`CREATE TRIGGER catalogue_stat_approved_au AFTER UPDATE OF review_status ON plugin
      WHEN (old.review_status = 2) IS NOT (new.review_status = 2) BEGIN
      UPDATE catalogue_stat SET value = value + (CASE WHEN new.review_status = 2 THEN 1 ELSE -1 END)
        WHERE name = 'approved_plugins';
    END`.execute(db);
  }
  for (const column of ['license', 'homepage', 'repository'])
    await db.schema.alterTable('plugin_submission').dropColumn(column).execute();
  for (const column of [
    'repository',
    'replacement_plugin_id',
    'deprecation_time',
    'deprecation_message',
    'unlisted_at',
  ])
    await db.schema.alterTable('plugin').dropColumn(column).execute();
  await sql`UPDATE catalogue_stat SET value = (SELECT count(*) FROM plugin WHERE review_status = 2)
    WHERE name = 'approved_plugins'`.execute(db);
}
