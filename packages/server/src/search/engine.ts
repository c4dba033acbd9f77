/**
 * The search engine of `GET plugin/list?keyword=` (docs/search.md explains it for plugin
 * authors): query words → alternatives (the word's term, prefix completions, typo corrections,
 * synonyms in both languages, English glosses of Chinese words, joined words, the exact name) → best-first posting reads (stored top lists, migration 0025) → BM25F
 * scores → matched-word ranking. Every step reads the plain index tables of migration 0012 and does
 * the arithmetic here, so SQLite and PostgreSQL give the same answer.
 *
 * Ranking (the Meilisearch "words" rule first, then relevance, in the manner of Open VSX's field
 * weights): (1) how many query words a plugin matches, (2) whether it matches them all without a
 * dictionary gloss, (3) the sum over words of the best alternative's weight × idf × stored BM25F
 * score, an exact-name match counting for every word with a boost, (4) × a mild popularity factor
 * (1 + 0.05 · log10(1 + downloads)) within the first {@link RERANK_DEPTH}, (5) id descending.
 */
import { PluginSort } from '@plugin-center/contract/schemas';
import type { Database } from '../db/database';
import { hasFilters, type PluginListFilters } from '../db/pluginFilters';
import { primaryOf } from '../db/readReplica';
import { baseAlternatives, indexAlternatives, WEIGHT } from './alternatives';
import { parseQuery } from './analyze';
import {
  bestPostings,
  firstLookup,
  type PluginPostings,
  type PostingRow,
  packTopList,
  pluginPostings,
  postedScore,
  storeTopLists,
  type TermRow,
  type TermTopRow,
  TOP_LIST_MIN_DF,
  TOP_LIST_SIZE,
  topListsAndPostings,
} from './data';
import { pluginSortKeys, pluginsPassing, pluginsWithTag, recentInstalls } from './matchData';
import { byRelevance, PostingTable, type Scored } from './scoring';

/** Results a search can page through (the Meilisearch `maxTotalHits` idea): deeper pages end. */
export const MAX_SEARCH_RESULTS = 1000;
/** Postings read per query word's own term, best first; a term in more plugins is read partially (counts become lower bounds). */
export const POSTINGS_PER_TERM = 1000;
/** Postings read per term of the other alternatives (completions, corrections, synonyms, joins). */
export const POSTINGS_PER_ALTERNATIVE_TERM = 250;
/** Candidates re-scored exactly (probed for the terms read partially) and re-ranked with popularity. */
export const RERANK_DEPTH = 300;
/** A query whose every word matches at least this many plugins shows only those ("enough"). */
const ENOUGH_FULL_MATCHES = 10;

/** What {@link searchPlugins} answers: ranked approved plugin ids and the total. */
export interface SearchResult {
  /** At most {@link MAX_SEARCH_RESULTS}, in the requested order. */
  ids: number[];
  total: number;
  /** `gte` when `total` is a lower bound (a frequent term was read partially). */
  relation: 'eq' | 'gte';
}

/** Parameters of {@link searchPlugins}. */
export interface SearchRequest {
  keyword: string;
  /** 0 = all tags. */
  tagId: number;
  sort: PluginSort;
  /** The list's filters (design tool, minimum rating); none when absent. */
  filters?: PluginListFilters | undefined;
  /** Start of the trending window, ms (sort TRENDING only). */
  since?: number | undefined;
}

const EMPTY: SearchResult = { ids: [], total: 0, relation: 'eq' };

/** BM25 inverse document frequency (with the +1 that keeps it positive, as Lucene does). */
function idf(df: number, documents: number): number {
  return Math.log(1 + (documents - df + 0.5) / (df + 0.5));
}

/**
 * Searches the approved catalogue (see the module comment for the ranking). `sort` LATEST or
 * MOST_POPULAR orders the same matches by update time or downloads instead (then id descending).
 *
 * Cost: 2–5 indexed statements whatever the catalogue's size: the terms with their top lists
 * (at most {@link POSTINGS_PER_TERM} postings of a term, best first, in one stored value), the
 * prefix range and the plugin count in one statement; top lists of completions, typo and split
 * look-ups when needed; one read of the first {@link RERANK_DEPTH} candidates' rows (postings of
 * the terms read partially, popularity). A top list dropped by a change to its term is built here
 * from the postings and stored (`storeTopLists`).
 */
export async function searchPlugins(db: Database, req: SearchRequest): Promise<SearchResult> {
  const words = parseQuery(req.keyword);
  if (words.length === 0) return EMPTY;
  const base = baseAlternatives(req.keyword, words);
  const known = new Map<string, TermRow>();
  const tops = new Map<number, TermTopRow>();
  // One statement: the terms with their top lists, the prefix range of the last word, the count.
  const typing = words.find((w) => w.prefix && w.raw.length >= 2);
  const first = await firstLookup(
    db,
    base.flatMap((a) => a.terms),
    typing ? typing.raw : null,
  );
  for (const row of first.terms) {
    known.set(row.term, row);
    tops.set(row.id, row);
  }
  // The completions' top lists came with them.
  for (const row of first.prefixed) tops.set(row.id, row);
  const prefixed = new Map(typing ? [[typing.raw, first.prefixed]] : []);
  const alts = [...base, ...(await indexAlternatives(db, words, known, base, prefixed))].filter((a) =>
    a.terms.every((t) => (known.get(t)?.df ?? 0) > 0),
  );
  if (alts.length === 0) return EMPTY;
  // Corrections and split halves looked up with their top lists.
  for (const row of known.values())
    if ('top' in row && !tops.has(row.id)) tops.set(row.id, row as TermTopRow);

  const documents = Math.max(1, first.documents);
  const termInfo = new Map<string, { id: number; idf: number; df: number }>();
  for (const t of new Set(alts.flatMap((a) => a.terms))) {
    const row = known.get(t)!;
    termInfo.set(t, { id: row.id, idf: idf(row.df, documents), df: row.df });
  }
  const primary = new Set(alts.filter((a) => a.weight >= WEIGHT.exact).flatMap((a) => a.terms));
  const limitOf = (term: string) => (primary.has(term) ? POSTINGS_PER_TERM : POSTINGS_PER_ALTERNATIVE_TERM);
  const postings = new PostingTable();
  // A frequent term's best postings come from its stored top list (one row); a top list not built
  // yet, or dropped by a change to the term, is built from the postings and stored. A term held by
  // few plugins is read whole (with the terms, or in the statement that reads the other top lists).
  const small = [...termInfo.values()].filter((t) => t.df <= TOP_LIST_MIN_DF);
  const frequent = [...termInfo.values()].filter((t) => t.df > TOP_LIST_MIN_DF);
  const smallRead = new Set(first.terms.filter((t) => t.df <= TOP_LIST_MIN_DF).map((t) => t.id));
  const more = await topListsAndPostings(
    db,
    frequent.filter((t) => !tops.has(t.id)).map((t) => t.id),
    small.filter((t) => !smallRead.has(t.id)).map((t) => t.id),
  );
  for (const row of more.terms) tops.set(row.id, row);
  const smallIds = new Set(small.map((t) => t.id));
  for (const r of [...first.postings, ...more.postings]) {
    if (smallIds.has(r.term_id)) postings.add(r.term_id, r.plugin_id, r.score);
  }
  const stale = frequent.filter((t) => !tops.get(t.id)?.top);
  if (stale.length > 0) {
    const built = new Map<number, PostingRow[]>(stale.map((t) => [t.id, []]));
    for (const r of await bestPostings(
      db,
      stale.map((t) => ({ id: t.id, limit: TOP_LIST_SIZE })),
    ))
      built.get(r.term_id)!.push(r);
    const lists = stale.map((t) => ({
      id: t.id,
      gen: tops.get(t.id)?.top_gen ?? 0,
      top: packTopList(built.get(t.id)!),
    }));
    for (const l of lists) {
      const row = tops.get(l.id);
      if (row) tops.set(l.id, { ...row, top: l.top });
    }
    // Stored only if the term's generation is still the one read with it; on the primary when the
    // search reads a replica (the stored list reaches the replica by replication).
    await storeTopLists(primaryOf(db), lists);
  }
  for (const [term, t] of termInfo) {
    const top = t.df > TOP_LIST_MIN_DF ? tops.get(t.id)?.top : null;
    if (top) postings.addPacked(t.id, top, limitOf(term));
  }
  const partial = [...termInfo].filter(([term, t]) => t.df > limitOf(term)).map(([, t]) => t.id);

  let scored = postings.score(alts, words.length, termInfo);
  // Rows of the leading candidates read for the probe: their sort keys come with them.
  const probed = new Map<number, PluginPostings>();
  if (partial.length > 0) {
    // The leading candidates may hold a frequent term below its best postings: probe them.
    scored.sort(byRelevance);
    for (const p of await pluginPostings(
      db,
      scored.slice(0, RERANK_DEPTH).map((s) => s.id),
    )) {
      probed.set(p.id, p);
      for (const termId of partial) {
        const score = postedScore(p.search_terms, termId);
        if (score !== undefined && !postings.has(termId, p.id)) postings.add(termId, p.id, score);
      }
    }
    scored = postings.score(alts, words.length, termInfo);
  }
  if (req.tagId > 0) {
    const tagged = await pluginsWithTag(
      db,
      req.tagId,
      scored.map((s) => s.id),
    );
    scored = scored.filter((s) => tagged.has(s.id));
  }
  const filters = req.filters ?? {};
  const filtered = hasFilters(filters);
  if (filtered) {
    const passing = await pluginsPassing(
      db,
      filters,
      scored.map((s) => s.id),
    );
    scored = scored.filter((s) => passing.has(s.id));
  }

  // All words when enough plugins have them all, otherwise most of them; when no candidate has
  // most of them (frequent words whose best postings do not meet, in a large catalogue), the most
  // any candidate has, down to one word (Meilisearch's "last" matching strategy), never nothing.
  const n = words.length;
  const full = scored.filter((s) => s.matched === n).length;
  const most = scored.reduce((m, s) => Math.max(m, s.matched), 0);
  const minMatched = Math.min(n === 1 || full >= ENOUGH_FULL_MATCHES ? n : Math.ceil(n / 2), most);
  const results = scored.filter((s) => s.matched >= minMatched);
  results.sort(byRelevance);

  let total = results.length;
  let relation: 'eq' | 'gte' = partial.length > 0 ? 'gte' : 'eq';
  if (n === 1 && req.tagId === 0 && !filtered && relation === 'gte') {
    // One word: at least as many matches as its most frequent alternative term has plugins.
    const single = alts.filter((a) => a.terms.length === 1).map((a) => termInfo.get(a.terms[0]!)!.df);
    total = Math.max(total, ...single);
    if (alts.length === 1) relation = 'eq';
  }

  let ordered: Scored[];
  if (req.sort === PluginSort.RELEVANCE) {
    const head = results.slice(0, RERANK_DEPTH);
    const keys = new Map<number, { download_count: number }>(probed);
    for (const k of await pluginSortKeys(
      db,
      head.filter((s) => !keys.has(s.id)).map((s) => s.id),
    ))
      keys.set(k.id, k);
    const popularity = (s: Scored) =>
      s.score * (1 + 0.05 * Math.log10(1 + (keys.get(s.id)?.download_count ?? 0)));
    const final = new Map(head.map((s) => [s.id, popularity(s)]));
    head.sort(
      (a, b) =>
        b.matched - a.matched || b.direct - a.direct || final.get(b.id)! - final.get(a.id)! || b.id - a.id,
    );
    ordered = [...head, ...results.slice(RERANK_DEPTH)];
  } else {
    const keys = new Map(
      (
        await pluginSortKeys(
          db,
          results.map((s) => s.id),
        )
      ).map((k) => [k.id, k]),
    );
    const recent =
      req.sort === PluginSort.TRENDING
        ? await recentInstalls(
            db,
            results.map((s) => s.id),
            req.since ?? 0,
          )
        : new Map<number, number>();
    const compare = matchOrder(req.sort, recent);
    ordered = [...results].sort((a, b) => compare(keys.get(a.id)!, keys.get(b.id)!));
  }
  return { ids: ordered.slice(0, MAX_SEARCH_RESULTS).map((s) => s.id), total, relation };
}

/** The columns a matched plugin is ordered by under a sort other than relevance. */
type SortKeys = Awaited<ReturnType<typeof pluginSortKeys>>[number];

/** Byte order of lower-cased names, as the list's name order compares them on both databases. */
const byName = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * The order of the matches under `sort` (the list's orders without a keyword, `plugins/list.ts`):
 * latest, most popular, highest rated (the Bayesian score of `RATING_PRIOR`), name, newest, or
 * trending (`recent`: installs in the window by id); ties by id (ascending for the name order,
 * descending otherwise).
 */
function matchOrder(
  sort: PluginSort,
  recent: ReadonlyMap<number, number>,
): (a: SortKeys, b: SortKeys) => number {
  switch (sort) {
    case PluginSort.MOST_POPULAR:
      return (a, b) => b.download_count - a.download_count || b.sort_time - a.sort_time || b.id - a.id;
    case PluginSort.HIGHEST_RATED:
      return (a, b) => b.rating_score - a.rating_score || b.rating_count - a.rating_count || b.id - a.id;
    case PluginSort.NAME:
      return (a, b) => byName(a.name_key, b.name_key) || a.id - b.id;
    case PluginSort.NEWEST:
      return (a, b) => b.approve_time - a.approve_time || b.id - a.id;
    case PluginSort.TRENDING:
      return (a, b) =>
        (recent.get(b.id) ?? 0) - (recent.get(a.id) ?? 0) ||
        b.download_count - a.download_count ||
        b.id - a.id;
    default:
      return (a, b) => b.sort_time - a.sort_time || b.id - a.id;
  }
}
