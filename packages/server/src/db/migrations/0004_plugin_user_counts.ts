/**
 * Migration 0004: `plugin.download_count` and `plugin.praise_count` kept equal to their rows
 * (`plugin_install`, `plugin_praise` of migration 0003) by triggers that run in the same
 * transaction as the insert or delete, so no code path and no concurrent request can leave a
 * counter out of step with its rows. Existing counts are recomputed from the rows where rows
 * exist; counts of plugins nobody installed yet are left as they are.
 */
import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../database';

/** Each row table and the plugin counter it drives. */
const COUNTED = [
  { table: 'plugin_install', column: 'download_count' },
  { table: 'plugin_praise', column: 'praise_count' },
] as const;

/** Installs the counting triggers of both dialects. */
// biome-ignore lint/suspicious/noExplicitAny: migrations run against the untyped schema of their time
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  for (const { table, column } of COUNTED) {
    await sql
      .raw(
        `UPDATE plugin SET ${column} = (SELECT count(*) FROM ${table} r WHERE r.plugin_id = plugin.id)
         WHERE id IN (SELECT plugin_id FROM ${table})`,
      )
      .execute(db);
    if (dialect === 'postgres') {
      await sql
        .raw(`CREATE FUNCTION ${table}_count() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          IF TG_OP = 'INSERT' THEN
            UPDATE plugin SET ${column} = ${column} + 1 WHERE id = NEW.plugin_id;
          ELSE
            UPDATE plugin SET ${column} = ${column} - 1 WHERE id = OLD.plugin_id;
          END IF;
          RETURN NULL;
        END $$`)
        .execute(db);
      await sql
        .raw(`CREATE TRIGGER ${table}_count AFTER INSERT OR DELETE ON ${table}
          FOR EACH ROW EXECUTE FUNCTION ${table}_count()`)
        .execute(db);
    } else {
      await sql
        .raw(`CREATE TRIGGER ${table}_count_ai AFTER INSERT ON ${table} BEGIN
          UPDATE plugin SET ${column} = ${column} + 1 WHERE id = new.plugin_id;
        END`)
        .execute(db);
      await sql
        .raw(`CREATE TRIGGER ${table}_count_ad AFTER DELETE ON ${table} BEGIN
          UPDATE plugin SET ${column} = ${column} - 1 WHERE id = old.plugin_id;
        END`)
        .execute(db);
    }
  }
}

/** Drops the triggers (the counts stay as they are). */
// biome-ignore lint/suspicious/noExplicitAny: see up
export async function down(db: Kysely<any>, dialect: Dialect): Promise<void> {
  for (const { table } of COUNTED) {
    if (dialect === 'postgres') {
      await sql.raw(`DROP TRIGGER ${table}_count ON ${table}`).execute(db);
      await sql.raw(`DROP FUNCTION ${table}_count()`).execute(db);
    } else {
      await sql.raw(`DROP TRIGGER ${table}_count_ai`).execute(db);
      await sql.raw(`DROP TRIGGER ${table}_count_ad`).execute(db);
    }
  }
}
