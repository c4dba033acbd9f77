/**
 * The plugin list, search and tags (`GET plugin/list`, `GET plugin/tag/list`; SPEC §3/§4, §7): the
 * rules — order, keyset cursors, the two search groups, the SQLite plan choice, what is cached —
 * over the queries of `data/list.ts`. Answers in wire shapes and shows approved plugins only.
 *
 * Hot paths stay at 1–3 indexed queries: a list page is one page query + one query for the page's
 * tags (+ a count that is cached for the unfiltered list and read from the denormalised
 * `tag.plugin_count` for a tag filter).
 */
import { type Locale, type PluginListResult, PluginSort, type Tag } from '@plugin-center/contract/schemas';
import { COUNT_CACHE_TTL_MS, cachedRead, LIST_RESULT_TTL_MS } from '../cache';
import type { Database } from '../db/database';
import { parseSearchQuery, type QueryToken } from '../search/tokenize';
import { decodeCursor, encodeCursor, queryFingerprint } from './cursor';
import {
  approvedTotal,
  countApprovedMatches,
  countUnapprovedMatches,
  ftsMatchCount,
  type KeyRow,
  listPageKeys,
  SearchGroup,
  type SortColumn,
  searchGroupKeys,
  tagPageKeys,
  tagPluginCount,
  tagsInUse,
} from './data/list';
import { summariesByIds } from './data/summaries';

/** Parameters of {@link listPlugins} (the query of `GET plugin/list` with defaults applied). */
export interface ListParams {
  /** 0 = all tags. */
  tag_id: number;
  sort: PluginSort;
  keyword?: string | undefined;
  cursor?: string | undefined;
  /** 1–100 */
  page_size: number;
  lang?: Locale | undefined;
}

/** Counts of a search: `total` answered to the client; raw FTS counts choose the SQLite plan. */
interface SearchCounts {
  /** Approved plugins matching (and carrying the tag, when filtered). */
  total: number;
  /** Plugins of any status whose documents match (SQLite only; = total on PostgreSQL). */
  allMatches: number;
  /** Plugins of any status whose names match (SQLite only; = total on PostgreSQL). */
  nameMatches: number;
}

/** The counts of a search, cached for {@link COUNT_CACHE_TTL_MS}. */
async function searchCounts(
  db: Database,
  tokens: readonly QueryToken[],
  tagId: number,
): Promise<SearchCounts> {
  const key = `search\u0000${tagId}\u0000${tokens.map((t) => `${t.token}${t.prefix ? '*' : ''}`).join(' ')}`;
  return cachedRead(db, key, async () => {
    if (db.dialect === 'postgres') {
      const total = await countApprovedMatches(db, tokens, tagId, false);
      return { total, allMatches: total, nameMatches: total };
    }
    const allMatches = await ftsMatchCount(db, tokens, 'search_all');
    const nameMatches = await ftsMatchCount(db, tokens, 'search_name');
    const total =
      tagId > 0
        ? await countApprovedMatches(db, tokens, tagId, false)
        : // Matches minus the few that are not approved: walks only the non-approved part of the index.
          allMatches - (await countUnapprovedMatches(db, tokens));
    return { total, allMatches, nameMatches };
  });
}

/**
 * Whether walking the sort index and probing beats looking the `matches` up and sorting them
 * (SQLite): when they are at least 2% of the approved plugins and more than 500.
 */
function preferScan(matches: number, approved: number): boolean {
  return matches > 500 && matches * 50 >= approved;
}

/** A page of a list as ids (what the page cache keeps). */
interface PageIds {
  ids: number[];
  next_cursor: string | null;
  total: number;
}

interface PageQuery {
  tagId: number;
  sortColumns: SortColumn[];
  /** Sort key of the last row of the previous page (cursor), or null for the first page. */
  after: number[] | null;
  pageSize: number;
  fingerprint: string;
}

/**
 * One page of approved plugins (`GET plugin/list`, SPEC §3/§4).
 *
 * Order: latest = `COALESCE(update_time, 0)` desc, then id desc; most popular = download_count desc,
 * then latest. With a keyword (search, see docs/search.md), plugins whose name matches all terms
 * come first, then the others, each group in the chosen order. Keyset pagination: `next_cursor`
 * continues after the last row, so plugins added between pages cause no duplicates and no skipped
 * rows; `null` on the last page. `total` counts all matches of the query. An all-punctuation
 * keyword matches nothing (total 0).
 *
 * Queries: the page's ids come from one keyset walk of an index — the plugin sort index, the
 * per-tag sort index of `plugin_tag`, or the search plan (see {@link searchPageIds}) — then the
 * rows and their tags are read by id. Counts and page ids are cached per process (stale on any
 * catalogue write in this process, and after {@link COUNT_CACHE_TTL_MS}); the complete answer
 * is reused for {@link LIST_RESULT_TTL_MS} (counters in it may lag by that much).
 *
 * @throws ApiError INVALID_CURSOR (400) for a cursor that is forged or belongs to another query.
 */
export async function listPlugins(db: Database, params: ListParams): Promise<PluginListResult> {
  const keyword = params.keyword?.trim() ?? '';
  const searching = keyword !== '';
  const tokens = searching ? parseSearchQuery(keyword) : [];
  if (searching && tokens.length === 0) return { plugin_list: [], total: 0, next_cursor: null };

  const sortColumns: SortColumn[] =
    params.sort === PluginSort.MOST_POPULAR ? ['download_count', 'sort_time'] : ['sort_time'];
  const tokenKey = tokens.map((t) => `${t.token}${t.prefix ? '*' : ''}`).join(' ');
  const fingerprint = queryFingerprint([params.sort, params.tag_id, tokenKey]);
  const arity = sortColumns.length + (searching ? 2 : 1);
  const after = params.cursor ? decodeCursor(params.cursor, fingerprint, arity) : null;

  const pageKey = `page\u0000${fingerprint}\u0000${params.page_size}\u0000${params.cursor ?? ''}`;
  const query: PageQuery = {
    tagId: params.tag_id,
    sortColumns,
    after,
    pageSize: params.page_size,
    fingerprint,
  };
  return cachedRead(
    db,
    `result\u0000${pageKey}\u0000${params.lang ?? ''}`,
    async () => {
      const page = await cachedRead<PageIds>(db, pageKey, () =>
        searching ? searchPageIds(db, { ...query, tokens }) : listPageIds(db, query),
      );
      return {
        plugin_list: await summariesByIds(db, page.ids, params.lang),
        total: page.total,
        next_cursor: page.next_cursor,
      };
    },
    { ttl: LIST_RESULT_TTL_MS },
  );
}

function sortKey(row: KeyRow, sortColumns: readonly SortColumn[], group?: number): number[] {
  return [...(group === undefined ? [] : [group]), ...sortColumns.map((c) => Number(row[c])), row.id];
}

/** Ids of one page of the plain or tag-filtered list: a keyset walk of one index. */
async function listPageIds(db: Database, q: PageQuery): Promise<PageIds> {
  const walk = { sortColumns: q.sortColumns, after: q.after, limit: q.pageSize + 1 };
  let rows: KeyRow[];
  let total: number;
  if (q.tagId > 0) {
    total = await tagPluginCount(db, q.tagId);
    if (total === 0) return { ids: [], next_cursor: null, total: 0 };
    rows = await tagPageKeys(db, { ...walk, tagId: q.tagId });
  } else {
    total = await approvedTotal(db);
    rows = await listPageKeys(db, walk);
  }
  const page = rows.slice(0, q.pageSize);
  const last = page[page.length - 1];
  return {
    ids: page.map((r) => r.id),
    next_cursor:
      rows.length > q.pageSize && last ? encodeCursor(q.fingerprint, sortKey(last, q.sortColumns)) : null,
    total,
  };
}

/**
 * Ids of one page of search results: group 1 (name matches all terms) then group 2 (matches
 * elsewhere only), each a keyset walk in the list order; the cursor carries the group. On SQLite
 * the plan of each group is chosen from the cached FTS counts ({@link preferScan}).
 */
async function searchPageIds(
  db: Database,
  q: PageQuery & { tokens: readonly QueryToken[] },
): Promise<PageIds> {
  const counts = await searchCounts(db, q.tokens, q.tagId);
  if (counts.total === 0) return { ids: [], next_cursor: null, total: 0 };
  const approved = await approvedTotal(db);
  const limit = q.pageSize + 1;
  const search = { tokens: q.tokens, tagId: q.tagId, sortColumns: q.sortColumns, excludeNameMatches: false };

  const rows: (KeyRow & { group: number })[] = [];
  // Group 1: the name matches all terms.
  if ((!q.after || q.after[0] === 1) && counts.nameMatches > 0) {
    const group = await searchGroupKeys(db, {
      ...search,
      group: SearchGroup.NAME,
      scan: preferScan(counts.nameMatches, approved),
      after: q.after ? q.after.slice(1) : null,
      limit,
    });
    rows.push(...group.map((r) => ({ ...r, group: 1 })));
  }
  // Group 2: matches elsewhere only.
  if (rows.length < limit) {
    const group = await searchGroupKeys(db, {
      ...search,
      group: SearchGroup.OTHER,
      scan: preferScan(counts.allMatches, approved),
      excludeNameMatches: counts.nameMatches > 0,
      after: q.after && q.after[0] === 0 ? q.after.slice(1) : null,
      limit: limit - rows.length,
    });
    rows.push(...group.map((r) => ({ ...r, group: 0 })));
  }
  const page = rows.slice(0, q.pageSize);
  const last = page[page.length - 1];
  return {
    ids: page.map((r) => r.id),
    next_cursor:
      rows.length > q.pageSize && last
        ? encodeCursor(q.fingerprint, sortKey(last, q.sortColumns, last.group))
        : null,
    total: counts.total,
  };
}

/**
 * Tags carrying at least one approved plugin, with `plugin_count`, ordered by plugin_count desc,
 * then name, then id (`GET plugin/tag/list`). Reads the denormalised counts: one query.
 */
export async function listTags(db: Database): Promise<Tag[]> {
  const rows = await tagsInUse(db);
  return rows.sort(
    (a, b) => b.plugin_count - a.plugin_count || (a.name < b.name ? -1 : a.name > b.name ? 1 : a.id - b.id),
  );
}
