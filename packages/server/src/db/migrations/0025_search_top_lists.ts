/**
 * Migration 0025: what lets a search read a frequent term in one row instead of a thousand.
 *
 * - `search_term.top`: the term's best postings, packed (`search/data.ts`: up to 1,000
 *   `(plugin_id, score)` pairs, highest score first, ties by plugin id), or null when not built yet
 *   or stale. A search builds a missing one from `search_posting` and stores it.
 * - `search_term.top_gen`: bumped with every change to the term's postings (the indexer sets `top`
 *   back to null in the same statement), so a top list built from postings read before a change
 *   is never stored after it.
 * - `plugin.search_terms` now holds each posted term with its score (`term_id:score`, space
 *   separated): the leading candidates of a search are probed for a term in one primary-key read of
 *   their rows (with their sort keys), not one index probe per candidate and term. Rewritten here
 *   from `search_posting`.
 *
 * No `down`: the columns are harmless to an older server, which would not read the scores.
 */
import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../database';

/** Adds the top-list columns and writes the scores into `plugin.search_terms`. */
// biome-ignore lint/suspicious/noExplicitAny: migrations run against the untyped schema of their time
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  if (dialect === 'postgres') {
    await sql`ALTER TABLE search_term ADD COLUMN top bytea, ADD COLUMN top_gen integer NOT NULL DEFAULT 0`.execute(
      db,
    );
    await sql`UPDATE plugin SET search_terms = s.list
      FROM (SELECT plugin_id, string_agg(term_id || ':' || score, ' ' ORDER BY term_id) AS list
            FROM search_posting GROUP BY plugin_id) AS s
      WHERE plugin.id = s.plugin_id`.execute(db);
  } else {
    await sql`ALTER TABLE search_term ADD COLUMN top blob`.execute(db);
    await sql`ALTER TABLE search_term ADD COLUMN top_gen integer NOT NULL DEFAULT 0`.execute(db);
    await sql`UPDATE plugin SET search_terms = s.list
      FROM (SELECT plugin_id, group_concat(term_id || ':' || score, ' ') AS list
            FROM search_posting GROUP BY plugin_id) AS s
      WHERE plugin.id = s.plugin_id`.execute(db);
  }
}
