/**
 * Migration 0012: the search index, as plain tables that both dialects hold alike, in
 * place of SQLite FTS5 (`plugin_fts`) and PostgreSQL `tsvector` columns, which ranked, matched and
 * counted differently and could not rank by relevance on both:
 *
 * - `search_term(id, term, df)`: the distinct terms of the approved catalogue and how many approved
 *   plugins hold each (`df`, kept in the same transaction as the postings); PostgreSQL keeps `term`
 *   in the "C" collation so a prefix range uses the index;
 * - `search_word(variant, word, term_id)`: the typo index (`src/search/typo.ts`): every distinct
 *   Latin word of the approved catalogue as written (not stemmed), under itself and under each of
 *   its single-character deletions, with the term it stems to;
 * - `search_posting(term_id, plugin_id, score)`: one row per term of an approved plugin with its
 *   stored BM25F weight, keyed by term then plugin, and indexed by term then score for the
 *   best-first reads;
 * - `plugin.search_terms`: the ids of the terms posted for the plugin (space-separated), so
 *   re-indexing or removing it deletes exactly its rows.
 *
 * The index starts empty with `catalogue_stat.search_index_version` = 0: the server builds it on
 * start (`ensureSearchIndex`), as it does whenever the analyzer's version changes. The old search
 * columns (`search_name`, `search_all`) go. No `down`: the FTS5 / tsvector search it replaces is
 * not restored.
 */
import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../database';

/** Drops the old full-text search and creates the index tables. */
// biome-ignore lint/suspicious/noExplicitAny: migrations run against the untyped schema of their time
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  if (dialect === 'postgres') {
    await sql`DROP INDEX IF EXISTS plugin_search_all_gin`.execute(db);
    await sql`DROP INDEX IF EXISTS plugin_search_name_gin`.execute(db);
    await sql`ALTER TABLE plugin DROP COLUMN IF EXISTS search_name_tsv, DROP COLUMN IF EXISTS search_all_tsv`.execute(
      db,
    );
    await sql`CREATE TABLE search_term (
      id serial PRIMARY KEY,
      term text COLLATE "C" NOT NULL UNIQUE,
      df integer NOT NULL DEFAULT 0
    )`.execute(db);
    await sql`CREATE TABLE search_word (
      variant text COLLATE "C" NOT NULL,
      word text COLLATE "C" NOT NULL,
      term_id integer NOT NULL,
      PRIMARY KEY (variant, word)
    )`.execute(db);
    await sql`CREATE TABLE search_posting (
      term_id integer NOT NULL,
      plugin_id integer NOT NULL,
      score integer NOT NULL,
      PRIMARY KEY (term_id, plugin_id)
    )`.execute(db);
  } else {
    for (const trigger of ['plugin_fts_ai', 'plugin_fts_ad', 'plugin_fts_au'])
      await sql.raw(`DROP TRIGGER IF EXISTS ${trigger}`).execute(db);
    await sql`DROP TABLE IF EXISTS plugin_fts`.execute(db);
    await sql`CREATE TABLE search_term (
      id integer PRIMARY KEY AUTOINCREMENT,
      term text NOT NULL UNIQUE,
      df integer NOT NULL DEFAULT 0
    )`.execute(db);
    await sql`CREATE TABLE search_word (
      variant text NOT NULL,
      word text NOT NULL,
      term_id integer NOT NULL,
      PRIMARY KEY (variant, word)
    ) WITHOUT ROWID`.execute(db);
    await sql`CREATE TABLE search_posting (
      term_id integer NOT NULL,
      plugin_id integer NOT NULL,
      score integer NOT NULL,
      PRIMARY KEY (term_id, plugin_id)
    ) WITHOUT ROWID`.execute(db);
  }
  await sql`CREATE INDEX search_posting_best_idx ON search_posting (term_id, score DESC, plugin_id)`.execute(
    db,
  );
  await db.schema.alterTable('plugin').dropColumn('search_name').execute();
  await db.schema.alterTable('plugin').dropColumn('search_all').execute();
  await db.schema
    .alterTable('plugin')
    .addColumn('search_terms', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await sql`INSERT INTO catalogue_stat (name, value) VALUES ('search_index_version', 0)`.execute(db);
}
