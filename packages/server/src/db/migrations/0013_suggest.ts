/**
 * Migration 0013: the indexes of the as-you-type suggestions (`GET plugin/suggest`,
 * `plugins/data/suggest.ts`). A suggestion is a prefix of a lower-cased name, so each index is on
 * the expression `lower(name)` and a suggestion is one range scan of it (`>= prefix` and
 * `< prefix || U+10FFFF`) with a small LIMIT, whatever the number of plugins:
 * - `plugin_suggest_name_idx`: approved plugins only (partial, `review_status = 2`), covering
 *   (`download_count`, `plugin_key`, `name`; the id is the rowid on SQLite, included on PostgreSQL)
 *   so a suggestion reads no table page: with cold caches 200 heap fetches of names that sort
 *   together but were written apart cost tens of ms (measured at 1,000,000 plugins), index pages a few;
 * - `plugin_translation_suggest_idx`: translated names per locale (the zh-CN names).
 *
 * On PostgreSQL the key is `lower(name) COLLATE "C"`: under the database's default (linguistic)
 * collation a range on text cannot serve a prefix, under "C" it compares bytes like SQLite's BINARY.
 * `lower()` itself still folds case with the database's locale (SQLite's folds ASCII only).
 */
import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../database';

/** Creates the two expression indexes. */
// biome-ignore lint/suspicious/noExplicitAny: migrations run against the untyped schema of their time
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  if (dialect === 'postgres') {
    await sql`CREATE INDEX plugin_suggest_name_idx ON plugin ((lower(name) COLLATE "C"), download_count) INCLUDE (id, plugin_key, name) WHERE review_status = 2`.execute(
      db,
    );
    await sql`CREATE INDEX plugin_translation_suggest_idx ON plugin_translation (locale, (lower(name) COLLATE "C"))`.execute(
      db,
    );
    return;
  }
  await sql`CREATE INDEX plugin_suggest_name_idx ON plugin (lower(name), download_count, plugin_key, name) WHERE review_status = 2`.execute(
    db,
  );
  await sql`CREATE INDEX plugin_translation_suggest_idx ON plugin_translation (locale, lower(name))`.execute(
    db,
  );
}

/** Drops them. */
// biome-ignore lint/suspicious/noExplicitAny: see up
export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP INDEX IF EXISTS plugin_translation_suggest_idx`.execute(db);
  await sql`DROP INDEX IF EXISTS plugin_suggest_name_idx`.execute(db);
}
