/**
 * Migration 0006 (PostgreSQL only): the full-text GIN indexes of `plugin` without GIN's "fast
 * update" pending list. With it, rows written since the last VACUUM sit in an unsorted list that
 * every search scans linearly: after importing the catalogue (or 100,000 plugins) each search paid
 * for it until autovacuum came by (measured on the 100,000-plugin bench: a count over 'icons':*
 * 30 ms with the list, 14 ms without). The catalogue is written rarely and read constantly, so
 * inserts pay the index update at once instead. The pending list is flushed here.
 */
import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../database';

const INDEXES = ['plugin_search_all_gin', 'plugin_search_name_gin'] as const;

/** Turns fast update off on both GIN indexes and flushes what is pending. SQLite: nothing to do. */
// biome-ignore lint/suspicious/noExplicitAny: migrations run against the untyped schema of their time
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  if (dialect !== 'postgres') return;
  for (const index of INDEXES) {
    await sql.raw(`ALTER INDEX ${index} SET (fastupdate = off)`).execute(db);
    await sql.raw(`SELECT gin_clean_pending_list('${index}'::regclass)`).execute(db);
  }
}

/** Restores PostgreSQL's default (fast update on). */
// biome-ignore lint/suspicious/noExplicitAny: see up
export async function down(db: Kysely<any>, dialect: Dialect): Promise<void> {
  if (dialect !== 'postgres') return;
  for (const index of INDEXES) await sql.raw(`ALTER INDEX ${index} RESET (fastupdate)`).execute(db);
}
