/**
 * The queries of the search index (tables of migration 0012): term look-ups by value, by
 * prefix and by deletion variant, best-first posting reads, posting probes, and the writes that keep
 * postings and document counts in step. Plain SQL that SQLite and PostgreSQL run alike, so both
 * dialects return the same rows (see docs/search.md).
 */
import { ReviewStatus } from '@plugin-center/contract/schemas';
import { type Kysely, sql } from 'kysely';
import { chunks as chunksOf } from '../db/chunks';
import type { Database } from '../db/database';
import type { DatabaseSchema } from '../db/schema';

/** A term of the index. */
export interface TermRow {
  id: number;
  term: string;
  /** Approved plugins holding the term. */
  df: number;
}

/** One posting: the stored score of a term in a plugin. */
export interface PostingRow {
  term_id: number;
  plugin_id: number;
  score: number;
}

/** Rows per statement of the batched reads and writes (well under both dialects' parameter limits). */
const CHUNK = 500;

const chunks = <T>(items: readonly T[], size = CHUNK): T[][] => chunksOf(items, size);

type Executor = Kysely<DatabaseSchema>;

/** The terms among `terms` that the index holds (any df). */
export async function termsByValue(kysely: Executor, terms: readonly string[]): Promise<TermRow[]> {
  const out: TermRow[] = [];
  for (const part of chunks([...new Set(terms)])) {
    if (part.length === 0) continue;
    out.push(
      ...(await kysely
        .selectFrom('search_term')
        .select(['id', 'term', 'df'])
        .where('term', 'in', part)
        .execute()),
    );
  }
  return out;
}

/**
 * Terms starting with `prefix` held by at least one approved plugin, most frequent first, at most
 * `limit`; reads at most `scan` terms of the prefix range (the index on `term`).
 */
export async function termsByPrefix(
  db: Database,
  prefix: string,
  limit: number,
  scan = 200,
): Promise<TermRow[]> {
  // The range [prefix, prefix + U+FFFF): code-point order on SQLite (BINARY) and PostgreSQL ("C").
  const rows = await db.kysely
    .selectFrom('search_term')
    .select(['id', 'term', 'df'])
    .where('term', '>', prefix)
    .where('term', '<', `${prefix}\uffff`)
    .orderBy('term')
    .limit(scan)
    .execute();
  return rows
    .filter((r) => r.df > 0)
    .sort((a, b) => b.df - a.df || (a.term < b.term ? -1 : 1))
    .slice(0, limit);
}

/** A catalogue word sharing a deletion variant with a query word, with the term it stems to. */
export interface WordRow extends TermRow {
  word: string;
}

/** Words sharing a deletion variant with the query (`variants`: the query word and its deletions), in use. */
export async function wordsByVariant(db: Database, variants: readonly string[]): Promise<WordRow[]> {
  if (variants.length === 0) return [];
  const out = new Map<string, WordRow>();
  for (const part of chunks([...new Set(variants)])) {
    const rows = await db.kysely
      .selectFrom('search_word as w')
      .innerJoin('search_term as t', 't.id', 'w.term_id')
      .select(['w.word', 't.id', 't.term', 't.df'])
      .where('w.variant', 'in', part)
      .where('t.df', '>', 0)
      .execute();
    for (const row of rows) out.set(row.word, row);
  }
  return [...out.values()];
}

/**
 * The best postings of each term, highest score first (ties: lowest plugin id first, the order of
 * `search_posting_best_idx`, so no sort step): `limit` rows per term, in one statement (a `UNION ALL`
 * of index range reads).
 */
export async function bestPostings(
  db: Database,
  terms: ReadonlyArray<{ id: number; limit: number }>,
): Promise<PostingRow[]> {
  if (terms.length === 0) return [];
  const parts = terms.map(
    (t, i) =>
      sql`SELECT * FROM (SELECT term_id, plugin_id, score FROM search_posting WHERE term_id = ${t.id} ORDER BY score DESC, plugin_id LIMIT ${t.limit}) AS ${sql.raw(`b${i}`)}`,
  );
  const result = await sql<PostingRow>`${sql.join(parts, sql` UNION ALL `)}`.execute(db.kysely);
  return result.rows.map((r) => ({
    term_id: Number(r.term_id),
    plugin_id: Number(r.plugin_id),
    score: Number(r.score),
  }));
}

/** Parameters of one probe statement at most (terms × plugins), under both databases' limits. */
const PROBE_PARAMETERS = 5000;

/**
 * The postings of `termIds` in `pluginIds`: primary-key probes, one `term_id = ? AND plugin_id IN
 * (…)` per term joined by UNION ALL. Written per term because with `term_id IN (…)` too, SQLite's
 * planner walks every posting of the terms (60 ms for a term in 400,000 plugins at 1,000,000)
 * instead of probing the key (under 1 ms).
 */
export async function probePostings(
  db: Database,
  termIds: readonly number[],
  pluginIds: readonly number[],
): Promise<PostingRow[]> {
  if (termIds.length === 0 || pluginIds.length === 0) return [];
  const terms = [...new Set(termIds)];
  const out: PostingRow[] = [];
  for (const part of chunks(pluginIds, Math.max(1, Math.floor(PROBE_PARAMETERS / terms.length)))) {
    const ids = sql.join(part);
    const parts = terms.map(
      (termId) =>
        sql`SELECT term_id, plugin_id, score FROM search_posting WHERE term_id = ${termId} AND plugin_id IN (${ids})`,
    );
    const result = await sql<PostingRow>`${sql.join(parts, sql` UNION ALL `)}`.execute(db.kysely);
    for (const r of result.rows) {
      out.push({ term_id: Number(r.term_id), plugin_id: Number(r.plugin_id), score: Number(r.score) });
    }
  }
  return out;
}

/** Sort keys and popularity of approved plugins among `ids`. */
export async function pluginSortKeys(
  db: Database,
  ids: readonly number[],
): Promise<{ id: number; sort_time: number; download_count: number }[]> {
  const out: { id: number; sort_time: number; download_count: number }[] = [];
  for (const part of chunks(ids)) {
    if (part.length === 0) continue;
    const rows = await db.kysely
      .selectFrom('plugin')
      .select(['id', 'sort_time', 'download_count'])
      .where('id', 'in', part)
      .execute();
    for (const r of rows)
      out.push({ id: r.id, sort_time: Number(r.sort_time), download_count: Number(r.download_count) });
  }
  return out;
}

/** The plugins among `ids` that carry tag `tagId`. */
export async function pluginsWithTag(
  db: Database,
  tagId: number,
  ids: readonly number[],
): Promise<Set<number>> {
  const out = new Set<number>();
  for (const part of chunks(ids)) {
    if (part.length === 0) continue;
    const rows = await db.kysely
      .selectFrom('plugin_tag')
      .select('plugin_id')
      .where('tag_id', '=', tagId)
      .where('plugin_id', 'in', part)
      .execute();
    for (const r of rows) out.add(r.plugin_id);
  }
  return out;
}

// ---------------------------------------------------------------- writes (inside a transaction)

/** The ids of `terms`, inserting the missing ones (df 0). */
export async function ensureTerms(trx: Executor, terms: readonly string[]): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  for (const row of await termsByValue(trx, terms)) ids.set(row.term, row.id);
  const missing = [...new Set(terms)].filter((t) => !ids.has(t));
  for (const part of chunks(missing)) {
    const inserted = await trx
      .insertInto('search_term')
      .values(part.map((term) => ({ term, df: 0 })))
      .onConflict((oc) => oc.column('term').doNothing())
      .returning(['id', 'term'])
      .execute();
    for (const row of inserted) ids.set(row.term, row.id);
  }
  // Terms another transaction inserted meanwhile.
  const raced = missing.filter((t) => !ids.has(t));
  for (const row of await termsByValue(trx, raced)) ids.set(row.term, row.id);
  return ids;
}

/**
 * Adds the words the typo index does not hold yet (`words`: word → its term id), each under itself
 * and its `variantsOf` deletions.
 */
export async function ensureWords(
  trx: Executor,
  words: ReadonlyMap<string, number>,
  variantsOf: (word: string) => readonly string[],
): Promise<void> {
  const known = new Set<string>();
  for (const part of chunks([...words.keys()])) {
    const rows = await trx
      .selectFrom('search_word')
      .select('word')
      .where('variant', 'in', part)
      .whereRef('word', '=', 'variant')
      .execute();
    for (const r of rows) known.add(r.word);
  }
  const rows: { variant: string; word: string; term_id: number }[] = [];
  for (const [word, termId] of words) {
    if (known.has(word)) continue;
    for (const variant of variantsOf(word)) rows.push({ variant, word, term_id: termId });
  }
  for (const part of chunks(rows, 1000)) {
    await trx
      .insertInto('search_word')
      .values(part)
      .onConflict((oc) => oc.columns(['variant', 'word']).doNothing())
      .execute();
  }
}

/** Adds `delta` to the df of each term (one statement per chunk). */
export async function adjustDocumentCounts(
  trx: Executor,
  deltas: ReadonlyMap<number, number>,
): Promise<void> {
  const entries = [...deltas].filter(([, d]) => d !== 0);
  for (const part of chunks(entries)) {
    const values = sql.join(part.map(([id, d]) => sql`(CAST(${id} AS integer), CAST(${d} AS integer))`));
    await sql`UPDATE search_term SET df = df + v.column2 FROM (VALUES ${values}) AS v WHERE search_term.id = v.column1`.execute(
      trx,
    );
  }
}

/** Inserts postings. */
export async function insertPostings(trx: Executor, rows: readonly PostingRow[]): Promise<void> {
  for (const part of chunks(rows, 2000)) await trx.insertInto('search_posting').values(part).execute();
}

/** Deletes the postings of one plugin for the given terms. */
export async function deletePostings(
  trx: Executor,
  pluginId: number,
  termIds: readonly number[],
): Promise<void> {
  for (const part of chunks(termIds)) {
    await trx
      .deleteFrom('search_posting')
      .where('plugin_id', '=', pluginId)
      .where('term_id', 'in', part)
      .execute();
  }
}

/** The posted term ids of plugins (their `search_terms` column). */
export async function postedTerms(
  trx: Executor,
  pluginIds: readonly number[],
): Promise<Map<number, number[]>> {
  const out = new Map<number, number[]>();
  for (const part of chunks(pluginIds)) {
    const rows = await trx
      .selectFrom('plugin')
      .select(['id', 'search_terms'])
      .where('id', 'in', part)
      .execute();
    for (const r of rows) out.set(r.id, r.search_terms ? r.search_terms.split(' ').map(Number) : []);
  }
  return out;
}

/** Records the posted term ids of plugins (one statement per chunk). */
export async function setPostedTerms(
  trx: Executor,
  posted: ReadonlyArray<{ pluginId: number; termIds: readonly number[] }>,
): Promise<void> {
  for (const part of chunks(posted)) {
    const values = sql.join(
      part.map((p) => sql`(CAST(${p.pluginId} AS integer), CAST(${p.termIds.join(' ')} AS text))`),
    );
    await sql`UPDATE plugin SET search_terms = v.column2 FROM (VALUES ${values}) AS v WHERE plugin.id = v.column1`.execute(
      trx,
    );
  }
}

/** The stored texts {@link readIndexEntries} indexes: plugin rows, their tags and translations. */
export async function indexSources(trx: Executor, pluginIds: readonly number[]) {
  const plugins = await trx
    .selectFrom('plugin')
    .select(['id', 'name', 'intro', 'description', 'developer', 'review_status'])
    .where('id', 'in', [...pluginIds])
    .execute();
  const tagRows = await trx
    .selectFrom('plugin_tag as pt')
    .innerJoin('tag as t', 't.id', 'pt.tag_id')
    .select(['pt.plugin_id', 't.code', 't.name'])
    .where('pt.plugin_id', 'in', [...pluginIds])
    .orderBy('t.code')
    .execute();
  const translationRows = await trx
    .selectFrom('plugin_translation')
    .select(['plugin_id', 'name', 'intro', 'description'])
    .where('plugin_id', 'in', [...pluginIds])
    .orderBy('locale')
    .execute();
  return { plugins, tagRows, translationRows };
}

/** Empties the index: terms, words, postings and every plugin's posted terms. */
export async function clearIndex(trx: Executor): Promise<void> {
  await trx.deleteFrom('search_posting').execute();
  await trx.deleteFrom('search_word').execute();
  await trx.deleteFrom('search_term').execute();
  await trx.updateTable('plugin').set({ search_terms: '' }).where('search_terms', '!=', '').execute();
}

/** Up to `limit` ids of approved plugins after id `after`, ascending. */
export async function approvedPluginIdsAfter(db: Database, after: number, limit: number): Promise<number[]> {
  const rows = await db.kysely
    .selectFrom('plugin')
    .select('id')
    .where('review_status', '=', ReviewStatus.APPROVED)
    .where('id', '>', after)
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map((r) => r.id);
}
