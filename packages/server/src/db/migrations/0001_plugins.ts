/**
 * Migration 0001: the plugin catalogue — `plugin`, `plugin_version`, `tag`, `plugin_tag` (with
 * trigger-maintained copies of the plugin's sort keys), `plugin_translation`, `recommendation` —
 * and the full-text structures over the plugin's token
 * documents (`search_name`, `search_all`, built by `src/search/tokenize.ts`):
 * - SQLite: an external-content FTS5 table `plugin_fts` kept in step by triggers (`detail=column`:
 *   no positions are needed, every query term is a single token);
 * - PostgreSQL: generated `tsvector` columns (`array_to_tsvector`, so lexemes are exactly our
 *   tokens, no dictionary) with a GIN index.
 */
import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../database';

/**
 * FTS5 tokenizer of `plugin_fts`: unicode61 without diacritic folding (our tokenizer already did it)
 * and with every category except separators and controls as token characters, so that each
 * space-separated token of a document is indexed unchanged (identical to PostgreSQL's lexemes).
 */
export const FTS5_TOKENIZE = "unicode61 remove_diacritics 0 categories 'L* M* N* P* S* Co Cn'";

/** Creates the catalogue tables, indexes, triggers and the dialect's full-text structures. */
// biome-ignore lint/suspicious/noExplicitAny: migrations run against the untyped schema of their time
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  const pg = dialect === 'postgres';
  const id = pg ? 'serial' : 'integer';
  const idColumn = pg
    ? // biome-ignore lint/suspicious/noExplicitAny: Kysely's column builder type
      (c: any) => c.primaryKey()
    : // biome-ignore lint/suspicious/noExplicitAny: Kysely's column builder type
      (c: any) => c.primaryKey().autoIncrement();

  // Column order matters on SQLite: small, hot columns (keys, counters, list fields) first, long
  // texts last, so reading a list row never walks the overflow pages of a long description.
  await db.schema
    .createTable('plugin')
    .addColumn('id', id, idColumn)
    .addColumn('plugin_key', 'text', (c) => c.notNull().unique())
    .addColumn('review_status', 'integer', (c) =>
      c.notNull().defaultTo(1).check(sql`review_status in (1, 2, 3)`),
    )
    .addColumn('sort_time', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('download_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('view_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('praise_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('create_time', 'bigint', (c) => c.notNull())
    .addColumn('update_time', 'bigint')
    .addColumn('current_version', 'text')
    .addColumn('platforms', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('icon', 'text')
    .addColumn('developer', 'text')
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('intro', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('is_default_install', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('reuse_center_cover', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('copyright_type', 'text', (c) =>
      c.notNull().defaultTo('author').check(sql`copyright_type in ('author', 'custom')`),
    )
    .addColumn('copyright_name', 'text')
    .addColumn('technical_support_link', 'text')
    .addColumn('homepage', 'text')
    .addColumn('license', 'text')
    .addColumn('source', 'text')
    .addColumn('video', 'text')
    .addColumn('cover_center', 'text')
    .addColumn('cover_panel', 'text')
    .addColumn('code_file', 'text')
    .addColumn('contact', 'text')
    .addColumn('reject_reason', 'text')
    .addColumn('version_content', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('search_name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('search_all', 'text', (c) => c.notNull().defaultTo(''))
    .execute();

  // Keyset orders of the list (SPEC §4 sorts), approved plugins first in each index.
  await sql`CREATE INDEX plugin_latest_idx ON plugin (review_status, sort_time DESC, id DESC)`.execute(db);
  await sql`CREATE INDEX plugin_popular_idx ON plugin (review_status, download_count DESC, sort_time DESC, id DESC)`.execute(
    db,
  );
  await sql`CREATE INDEX plugin_viewed_idx ON plugin (review_status, view_count DESC, sort_time DESC, id DESC)`.execute(
    db,
  );

  await db.schema
    .createTable('plugin_version')
    .addColumn('id', id, idColumn)
    .addColumn('plugin_id', 'integer', (c) => c.notNull().references('plugin.id').onDelete('cascade'))
    .addColumn('version', 'text', (c) => c.notNull())
    .addColumn('version_content', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('create_time', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('plugin_version_plugin_version_key', ['plugin_id', 'version'])
    .execute();
  await sql`CREATE INDEX plugin_version_plugin_idx ON plugin_version (plugin_id, create_time DESC, id DESC)`.execute(
    db,
  );

  await db.schema
    .createTable('tag')
    .addColumn('id', id, idColumn)
    .addColumn('code', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('plugin_count', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  // plugin_tag carries copies of the plugin's list sort keys (kept by triggers below) so a tag
  // page is a keyset walk of one index, whatever the tag's frequency.
  await db.schema
    .createTable('plugin_tag')
    .addColumn('plugin_id', 'integer', (c) => c.notNull().references('plugin.id').onDelete('cascade'))
    .addColumn('tag_id', 'integer', (c) => c.notNull().references('tag.id').onDelete('cascade'))
    .addColumn('review_status', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('sort_time', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('download_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('plugin_tag_pkey', ['plugin_id', 'tag_id'])
    .execute();
  await sql`CREATE INDEX plugin_tag_latest_idx ON plugin_tag (tag_id, review_status, sort_time DESC, plugin_id DESC)`.execute(
    db,
  );
  await sql`CREATE INDEX plugin_tag_popular_idx ON plugin_tag (tag_id, review_status, download_count DESC, sort_time DESC, plugin_id DESC)`.execute(
    db,
  );
  if (pg) {
    await sql`CREATE FUNCTION plugin_tag_copy_keys() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        SELECT p.review_status, p.sort_time, p.download_count
          INTO NEW.review_status, NEW.sort_time, NEW.download_count
          FROM plugin p WHERE p.id = NEW.plugin_id;
        RETURN NEW;
      END $$`.execute(db);
    await sql`CREATE TRIGGER plugin_tag_copy_keys BEFORE INSERT OR UPDATE OF plugin_id ON plugin_tag
      FOR EACH ROW EXECUTE FUNCTION plugin_tag_copy_keys()`.execute(db);
    await sql`CREATE FUNCTION plugin_sync_tag_keys() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        UPDATE plugin_tag SET review_status = NEW.review_status, sort_time = NEW.sort_time,
          download_count = NEW.download_count
          WHERE plugin_id = NEW.id;
        RETURN NULL;
      END $$`.execute(db);
    await sql`CREATE TRIGGER plugin_sync_tag_keys AFTER UPDATE OF review_status, sort_time, download_count ON plugin
      FOR EACH ROW WHEN (OLD.review_status IS DISTINCT FROM NEW.review_status OR OLD.sort_time IS DISTINCT FROM NEW.sort_time
        OR OLD.download_count IS DISTINCT FROM NEW.download_count)
      EXECUTE FUNCTION plugin_sync_tag_keys()`.execute(db);
  } else {
    await sql`CREATE TRIGGER plugin_tag_copy_keys AFTER INSERT ON plugin_tag BEGIN
        UPDATE plugin_tag SET
          review_status = (SELECT review_status FROM plugin WHERE id = new.plugin_id),
          sort_time = (SELECT sort_time FROM plugin WHERE id = new.plugin_id),
          download_count = (SELECT download_count FROM plugin WHERE id = new.plugin_id)
        WHERE plugin_id = new.plugin_id AND tag_id = new.tag_id;
      END`.execute(db);
    await sql`CREATE TRIGGER plugin_sync_tag_keys AFTER UPDATE OF review_status, sort_time, download_count ON plugin
      WHEN old.review_status IS NOT new.review_status OR old.sort_time IS NOT new.sort_time
        OR old.download_count IS NOT new.download_count
      BEGIN
        UPDATE plugin_tag SET review_status = new.review_status, sort_time = new.sort_time,
          download_count = new.download_count
        WHERE plugin_id = new.id;
      END`.execute(db);
  }

  await db.schema
    .createTable('plugin_translation')
    .addColumn('plugin_id', 'integer', (c) => c.notNull().references('plugin.id').onDelete('cascade'))
    .addColumn('locale', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('intro', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addPrimaryKeyConstraint('plugin_translation_pkey', ['plugin_id', 'locale'])
    .execute();

  await db.schema
    .createTable('recommendation')
    .addColumn('plugin_id', 'integer', (c) => c.primaryKey().references('plugin.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('recommendation_position_idx')
    .on('recommendation')
    .columns(['position'])
    .execute();

  if (pg) {
    await sql`ALTER TABLE plugin
      ADD COLUMN search_name_tsv tsvector GENERATED ALWAYS AS (array_to_tsvector(string_to_array(search_name, ' '))) STORED,
      ADD COLUMN search_all_tsv tsvector GENERATED ALWAYS AS (array_to_tsvector(string_to_array(search_all, ' '))) STORED`.execute(
      db,
    );
    await sql`CREATE INDEX plugin_search_all_gin ON plugin USING gin (search_all_tsv)`.execute(db);
    await sql`CREATE INDEX plugin_search_name_gin ON plugin USING gin (search_name_tsv)`.execute(db);
    return;
  }

  await sql
    .raw(
      `CREATE VIRTUAL TABLE plugin_fts USING fts5(search_name, search_all, content='plugin', content_rowid='id', tokenize="${FTS5_TOKENIZE}", prefix='2 3', detail=column)`,
    )
    .execute(db);
  await sql`CREATE TRIGGER plugin_fts_ai AFTER INSERT ON plugin BEGIN
      INSERT INTO plugin_fts(rowid, search_name, search_all) VALUES (new.id, new.search_name, new.search_all);
    END`.execute(db);
  await sql`CREATE TRIGGER plugin_fts_ad AFTER DELETE ON plugin BEGIN
      INSERT INTO plugin_fts(plugin_fts, rowid, search_name, search_all) VALUES ('delete', old.id, old.search_name, old.search_all);
    END`.execute(db);
  await sql`CREATE TRIGGER plugin_fts_au AFTER UPDATE OF search_name, search_all ON plugin BEGIN
      INSERT INTO plugin_fts(plugin_fts, rowid, search_name, search_all) VALUES ('delete', old.id, old.search_name, old.search_all);
      INSERT INTO plugin_fts(rowid, search_name, search_all) VALUES (new.id, new.search_name, new.search_all);
    END`.execute(db);
}

/** Drops everything {@link up} created. */
// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>, dialect: Dialect): Promise<void> {
  if (dialect === 'sqlite') await sql`DROP TABLE IF EXISTS plugin_fts`.execute(db);
  else {
    await sql`DROP FUNCTION IF EXISTS plugin_sync_tag_keys() CASCADE`.execute(db);
    await sql`DROP FUNCTION IF EXISTS plugin_tag_copy_keys() CASCADE`.execute(db);
  }
  for (const table of [
    'recommendation',
    'plugin_translation',
    'plugin_tag',
    'tag',
    'plugin_version',
    'plugin',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
