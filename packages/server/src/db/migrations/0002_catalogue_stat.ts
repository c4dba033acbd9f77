/**
 * `catalogue_stat`: counters kept exact by triggers in the same transaction as the rows they count,
 * so a list never has to count 100,000 rows to answer `total`. One counter now:
 * `approved_plugins`, the number of plugins with review_status 2 (approved), which is the `total`
 * of the unfiltered `GET plugin/list`.
 */
import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../database';

/** Creates the table, fills it from the current rows and installs the triggers of both dialects. */
// biome-ignore lint/suspicious/noExplicitAny: migrations run against the untyped schema of their time
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('catalogue_stat')
    .addColumn('name', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('value', 'bigint', (c) => c.notNull())
    .execute();
  await sql`INSERT INTO catalogue_stat (name, value)
    SELECT 'approved_plugins', count(*) FROM plugin WHERE review_status = 2`.execute(db);

  if (dialect === 'postgres') {
    await sql`CREATE FUNCTION catalogue_stat_approved() RETURNS trigger LANGUAGE plpgsql AS $$
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
    return;
  }
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

/** Drops the triggers and the table. */
// biome-ignore lint/suspicious/noExplicitAny: see up
export async function down(db: Kysely<any>, dialect: Dialect): Promise<void> {
  if (dialect === 'postgres') {
    await sql`DROP TRIGGER catalogue_stat_approved ON plugin`.execute(db);
    await sql`DROP FUNCTION catalogue_stat_approved()`.execute(db);
  } else {
    for (const t of ['ai', 'ad', 'au'])
      await sql.raw(`DROP TRIGGER catalogue_stat_approved_${t}`).execute(db);
  }
  await db.schema.dropTable('catalogue_stat').execute();
}
