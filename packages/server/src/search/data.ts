/**
 * The queries of the search index (tables of migration 0012): term look-ups by value, by
 * prefix and by deletion variant, best-first posting reads, stored top lists, posting probes (the
 * writes that keep postings and document counts in step: `indexWrites.ts`). Plain SQL that SQLite and PostgreSQL run alike, so both
 * dialects return the same rows (see docs/search.md).
 */
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

/** `items` in statements of {@link CHUNK} rows. */
export const chunks = <T>(items: readonly T[], size = CHUNK): T[][] => chunksOf(items, size);

/** A connection or a transaction. */
export type Executor = Kysely<DatabaseSchema>;

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

/** Terms scanned in the prefix range of a word being typed (the index on `term`). */
export const PREFIX_SCAN = 200;

/** Completions of a word being typed: the most frequent terms of its prefix range. */
export const PREFIX_COMPLETIONS = 8;

/** The `limit` most frequent of `rows` held by at least one approved plugin (ties: term order). */
export function mostFrequent(rows: readonly TermRow[], limit: number): TermRow[] {
  return rows
    .filter((r) => r.df > 0)
    .sort((a, b) => b.df - a.df || (a.term < b.term ? -1 : 1))
    .slice(0, limit);
}

/**
 * Terms starting with `prefix` held by at least one approved plugin, most frequent first, at most
 * `limit`; reads at most `scan` terms of the prefix range (the index on `term`).
 */
export async function termsByPrefix(
  db: Database,
  prefix: string,
  limit: number,
  scan = PREFIX_SCAN,
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
  return mostFrequent(rows, limit);
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

/** Postings a top list holds at most: the most any search reads of one term. */
export const TOP_LIST_SIZE = 1000;
/**
 * Terms held by at most this many plugins have no stored top list: their postings are read whole
 * (a few rows), so only frequent terms are written back by searches.
 */
export const TOP_LIST_MIN_DF = 100;

/** A term with its packed top list as stored (migration 0025). */
export interface TermTopRow extends TermRow {
  /** {@link packTopList} bytes, or null when not built yet or stale. */
  top: Uint8Array | null;
  top_gen: number;
}

/** Packs postings of one term, best first, as little-endian int32 pairs (plugin id, score). */
export function packTopList(rows: readonly PostingRow[]): Buffer {
  const out = Buffer.alloc(rows.length * 8);
  rows.forEach((r, i) => {
    out.writeInt32LE(r.plugin_id, i * 8);
    out.writeInt32LE(r.score, i * 8 + 4);
  });
  return out;
}

/** A row of the `UNION ALL` reads below: `part` says which branch it comes from. */
interface LookupRow {
  part: number;
  id: number;
  term: string;
  df: number;
  top: Uint8Array | null;
  top_gen: number;
  plugin_id: number | null;
  score: number | null;
}

/** Branches of the look-ups: a term, a term of the prefix range, the plugin count, a posting. */
const PART = { term: 0, prefix: 1, count: 2, posting: 3 } as const;

/** The postings of the terms `ids` held by at most {@link TOP_LIST_MIN_DF} plugins, whole (a `UNION ALL` branch). */
function smallPostingsById(ids: readonly number[]) {
  return sql`SELECT ${PART.posting} AS part, term_id AS id, '' AS term, 0 AS df, NULL AS top, 0 AS top_gen, plugin_id, score FROM search_posting WHERE term_id IN (${sql.join(ids)})`;
}

function toPosting(r: LookupRow): PostingRow {
  return { term_id: Number(r.id), plugin_id: Number(r.plugin_id), score: Number(r.score) };
}

function toTopRow(r: {
  id: number;
  term: string;
  df: number;
  top: Uint8Array | null;
  top_gen: number;
}): TermTopRow {
  return { id: r.id, term: r.term, df: Number(r.df), top: r.top, top_gen: Number(r.top_gen) };
}

/** What {@link firstLookup} reads. */
export interface FirstLookup {
  /** The terms among those asked that the index holds (any df), with their top lists. */
  terms: TermTopRow[];
  /**
   * The {@link PREFIX_COMPLETIONS} most frequent terms held by a plugin among the first
   * {@link PREFIX_SCAN} of the prefix range, with their top lists, when a prefix was asked.
   */
  prefixed: TermTopRow[];
  /** Approved plugins (the `approved_plugins` counter). */
  documents: number;
  /** All postings of the terms found held by at most {@link TOP_LIST_MIN_DF} plugins. */
  postings: PostingRow[];
}

/**
 * The first statement of a search, one `UNION ALL`: the query's terms with their top lists, the
 * postings of those held by at most {@link TOP_LIST_MIN_DF} plugins, the prefix range of the word
 * being typed (`prefix`, or null) and the number of approved plugins.
 */
export async function firstLookup(
  db: Database,
  terms: readonly string[],
  prefix: string | null,
): Promise<FirstLookup> {
  const unique = [...new Set(terms)];
  const parts = [
    sql`SELECT ${PART.count} AS part, 0 AS id, '' AS term, value AS df, NULL AS top, 0 AS top_gen, CAST(NULL AS integer) AS plugin_id, CAST(NULL AS integer) AS score FROM catalogue_stat WHERE name = 'approved_plugins'`,
  ];
  if (unique.length > 0) {
    const list = sql.join(unique);
    parts.push(
      sql`SELECT ${PART.term} AS part, id, term, df, top, top_gen, NULL AS plugin_id, NULL AS score FROM search_term WHERE term IN (${list})`,
      sql`SELECT ${PART.posting} AS part, p.term_id AS id, '' AS term, 0 AS df, NULL AS top, 0 AS top_gen, p.plugin_id, p.score FROM search_term t INNER JOIN search_posting p ON p.term_id = t.id WHERE t.term IN (${list}) AND t.df <= ${TOP_LIST_MIN_DF}`,
    );
  }
  if (prefix !== null) {
    // The range [prefix, prefix + U+FFFF): code-point order on SQLite (BINARY) and PostgreSQL ("C").
    // The most frequent of the range with their top lists (as `mostFrequent` picks them), so the
    // completions need no second statement.
    parts.push(
      sql`SELECT ${PART.prefix} AS part, t.id, t.term, t.df, t.top, t.top_gen, NULL AS plugin_id, NULL AS score FROM (SELECT id, term, df FROM (SELECT id, term, df FROM search_term WHERE term > ${prefix} AND term < ${`${prefix}\uffff`} ORDER BY term LIMIT ${PREFIX_SCAN}) AS r WHERE df > 0 ORDER BY df DESC, term LIMIT ${PREFIX_COMPLETIONS}) AS p INNER JOIN search_term t ON t.id = p.id`,
    );
  }
  const result = await sql<LookupRow>`${sql.join(parts, sql` UNION ALL `)}`.execute(db.kysely);
  const out: FirstLookup = { terms: [], prefixed: [], documents: 0, postings: [] };
  for (const r of result.rows) {
    const part = Number(r.part);
    if (part === PART.count) out.documents = Number(r.df);
    else if (part === PART.prefix) out.prefixed.push(toTopRow(r));
    else if (part === PART.posting) out.postings.push(toPosting(r));
    else out.terms.push(toTopRow(r));
  }
  return out;
}

/**
 * The top lists of the terms `frequent` and all postings of the terms `small` (held by at most
 * {@link TOP_LIST_MIN_DF} plugins): one statement.
 */
export async function topListsAndPostings(
  db: Database,
  frequent: readonly number[],
  small: readonly number[],
): Promise<{ terms: TermTopRow[]; postings: PostingRow[] }> {
  const out = { terms: [] as TermTopRow[], postings: [] as PostingRow[] };
  const parts = [];
  if (frequent.length > 0) {
    parts.push(
      sql`SELECT ${PART.term} AS part, id, term, df, top, top_gen, CAST(NULL AS integer) AS plugin_id, CAST(NULL AS integer) AS score FROM search_term WHERE id IN (${sql.join([...new Set(frequent)])})`,
    );
  }
  if (small.length > 0) parts.push(smallPostingsById([...new Set(small)]));
  if (parts.length === 0) return out;
  const result = await sql<LookupRow>`${sql.join(parts, sql` UNION ALL `)}`.execute(db.kysely);
  for (const r of result.rows) {
    if (Number(r.part) === PART.posting) out.postings.push(toPosting(r));
    else out.terms.push(toTopRow(r));
  }
  return out;
}

/** A word of the catalogue sharing a deletion variant with a query word, with its term's top list. */
export interface WordTopRow extends TermTopRow {
  word: string;
}

/**
 * The typo and split look-ups of a query in one statement: the catalogue words sharing a deletion
 * variant among `variants` (as {@link wordsByVariant}) and the terms among `terms` (as
 * {@link termsByValue}), each with its term's top list. Falls back to those two (in chunks, without
 * top lists) when the lists are longer than one statement takes.
 */
export async function variantsAndTerms(
  db: Database,
  variants: readonly string[],
  terms: readonly string[],
): Promise<{ words: (WordRow | WordTopRow)[]; terms: (TermRow | TermTopRow)[] }> {
  const v = [...new Set(variants)];
  const t = [...new Set(terms)];
  if (v.length + t.length > CHUNK) {
    // Without top lists: the engine reads those it needs in its next statement.
    const [words, found] = await Promise.all([wordsByVariant(db, v), termsByValue(db.kysely, t)]);
    return { words, terms: found };
  }
  const parts = [];
  if (v.length > 0) {
    parts.push(
      sql`SELECT ${PART.posting} AS part, w.word, t.id, t.term, t.df, t.top, t.top_gen FROM search_word w INNER JOIN search_term t ON t.id = w.term_id WHERE w.variant IN (${sql.join(v)}) AND t.df > 0`,
    );
  }
  if (t.length > 0) {
    parts.push(
      sql`SELECT ${PART.term} AS part, '' AS word, id, term, df, top, top_gen FROM search_term WHERE term IN (${sql.join(t)})`,
    );
  }
  const out = { words: [] as WordTopRow[], terms: [] as TermTopRow[] };
  if (parts.length === 0) return out;
  const result = await sql<LookupRow & { word: string }>`${sql.join(parts, sql` UNION ALL `)}`.execute(
    db.kysely,
  );
  const seen = new Set<string>();
  for (const r of result.rows) {
    if (Number(r.part) === PART.term) out.terms.push(toTopRow(r));
    else if (!seen.has(r.word)) {
      seen.add(r.word);
      out.words.push({ ...toTopRow(r), word: r.word });
    }
  }
  return out;
}

/**
 * Stores built top lists, each only if its term's postings have not changed since `gen` was read
 * (the indexer bumps `top_gen` in the transaction that changes them): one statement.
 */
export async function storeTopLists(
  db: Database,
  lists: ReadonlyArray<{ id: number; gen: number; top: Buffer }>,
): Promise<void> {
  for (const part of chunks(lists, 100)) {
    const values = sql.join(
      part.map(
        (l) =>
          sql`(CAST(${l.id} AS integer), CAST(${l.gen} AS integer), CAST(${l.top} AS ${sql.raw(db.dialect === 'postgres' ? 'bytea' : 'blob')}))`,
      ),
    );
    await sql`UPDATE search_term SET top = v.column3 FROM (VALUES ${values}) AS v WHERE search_term.id = v.column1 AND search_term.top_gen = v.column2`.execute(
      db.kysely,
    );
  }
}

/** A plugin's sort keys and its posted terms as stored (`term_id:score …`). */
export interface PluginPostings {
  id: number;
  sort_time: number;
  download_count: number;
  search_terms: string;
}

/** Parses `plugin.search_terms` (`term_id:score …`; a bare `term_id` has score 0). */
export function parsePostedTerms(text: string): Map<number, number> {
  const out = new Map<number, number>();
  if (!text) return out;
  for (const item of text.split(' ')) {
    const colon = item.indexOf(':');
    if (colon < 0) out.set(Number(item), 0);
    else out.set(Number(item.slice(0, colon)), Number(item.slice(colon + 1)));
  }
  return out;
}

/** The score of term `termId` in a plugin's `search_terms` text, or undefined when it is not posted. */
export function postedScore(text: string, termId: number): number | undefined {
  const key = `${termId}:`;
  let at = text.startsWith(key) ? 0 : -1;
  if (at < 0) {
    const inner = text.indexOf(` ${key}`);
    if (inner < 0) return undefined;
    at = inner + 1;
  }
  const start = at + key.length;
  const end = text.indexOf(' ', start);
  return Number(end < 0 ? text.slice(start) : text.slice(start, end));
}

/**
 * Sort keys, popularity and postings of the approved plugins among `ids`: one primary-key read of
 * their rows (the probe of the leading candidates for the terms read partially).
 */
export async function pluginPostings(db: Database, ids: readonly number[]): Promise<PluginPostings[]> {
  const out: PluginPostings[] = [];
  for (const part of chunks(ids)) {
    if (part.length === 0) continue;
    const rows = await db.kysely
      .selectFrom('plugin')
      .select(['id', 'sort_time', 'download_count', 'search_terms'])
      .where('id', 'in', part)
      .execute();
    for (const r of rows) {
      out.push({
        id: r.id,
        sort_time: Number(r.sort_time),
        download_count: Number(r.download_count),
        search_terms: r.search_terms,
      });
    }
  }
  return out;
}
