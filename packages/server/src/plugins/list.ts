/**
 * The plugin list, search and tags (`GET plugin/list`, `GET plugin/tag/list`; SPEC §3/§4, §7): the
 * rules — order, keyset cursors, what is cached — over the queries of `data/list.ts`, and search
 * through the engine of `search/engine.ts`. Answers in wire shapes and shows approved plugins only.
 *
 * A list page is one statement: the keyset walk of one index with the page's summaries, tags and
 * the list's count (kept as the data changes: `catalogue_stat.approved_plugins`, `tag.plugin_count`),
 * never counted per request.
 */
import { pluginListSort, TRENDING_DAYS } from '@plugin-center/contract';
import { type Locale, type PluginListResult, PluginSort, type Tag } from '@plugin-center/contract/schemas';
import { COUNT_CACHE_TTL_MS, cachedRead, LIST_RESULT_TTL_MS } from '../cache';
import type { Database } from '../db/database';
import {
  filtersFingerprint,
  hasFilters,
  nameKeySql,
  type PluginListFilters,
  ratingScoreSql,
} from '../db/pluginFilters';
import { CATALOGUE, readFromReplica } from '../db/readReplica';
import { timeSearch } from '../metrics';
import { MAX_SEARCH_RESULTS, type SearchResult, searchPlugins } from '../search/engine';
import { normalizeKeyword } from '../search/keyword';
import { decodeCursor, encodeCursor, queryFingerprint } from '../shared/cursor';
import {
  approvedCount,
  filteredCount,
  type KeyRow,
  type ListOrder,
  listPageRows,
  tagsInUse,
  trendingIds,
} from './data/list';
import { parseTagsJson, summariesByIds, toSummary } from './data/summaries';

/** Parameters of {@link listPlugins} (the query of `GET plugin/list` with defaults applied). */
export interface ListParams {
  /** 0 = all tags. */
  tag_id: number;
  /** The order asked for; absent or RELEVANCE without a keyword: the contract's `pluginListSort`. */
  sort?: PluginSort | undefined;
  keyword?: string | undefined;
  cursor?: string | undefined;
  /** 1–100 */
  page_size: number;
  lang?: Locale | undefined;
  /** The list's filters (design tool, minimum rating); none when absent. */
  filters?: PluginListFilters | undefined;
  /** The time now, ms (the trending window ends here); `Date.now()` when absent. */
  now?: number | undefined;
}

/** A page of a list as ids (what the page cache keeps). */
interface PageIds {
  ids: number[];
  next_cursor: string | null;
  total: number;
  total_relation?: 'gte';
}

interface PageQuery {
  tagId: number;
  order: ListOrder;
  filters: PluginListFilters;
  /** Sort key of the last row of the previous page (cursor), or null for the first page. */
  after: (number | string)[] | null;
  pageSize: number;
  fingerprint: string;
}

/**
 * The keyset orders of the list without a keyword (every key descending but the name's), each
 * walked on an index of migrations 0001 (latest, most popular), 0039 (highest rated, name) and
 * 0041 (newest). Trending and
 * relevance are rankings instead ({@link listPlugins}).
 */
function keysetOrder(db: Database, sort: PluginSort): ListOrder {
  const sortTime = { sql: 'p.sort_time', tagCopy: 'sort_time', kind: 'number' } as const;
  switch (sort) {
    case PluginSort.MOST_POPULAR:
      return {
        keys: [{ sql: 'p.download_count', tagCopy: 'download_count', kind: 'number' }, sortTime],
        direction: 'desc',
      };
    case PluginSort.HIGHEST_RATED:
      return {
        keys: [
          { sql: ratingScoreSql(), kind: 'number' },
          { sql: 'p.rating_count', kind: 'number' },
        ],
        direction: 'desc',
      };
    case PluginSort.NAME:
      return { keys: [{ sql: nameKeySql(db), kind: 'string' }], direction: 'asc' };
    case PluginSort.NEWEST:
      // Every listed plugin is approved, so its approve_time is set (migration 0041).
      return { keys: [{ sql: 'p.approve_time', kind: 'number' }], direction: 'desc' };
    default:
      return { keys: [sortTime], direction: 'desc' };
  }
}

/**
 * One page of approved plugins (`GET plugin/list`, SPEC §3/§4, with search and filters).
 *
 * Without a keyword, a keyset walk (`next_cursor` continues after the last row, so plugins added
 * between pages cause no duplicates and no skipped rows; `null` on the last page), ties broken by
 * the id: latest = `COALESCE(update_time, 0)` desc (the recently-updated order); most popular =
 * download_count desc, then latest; highest rated = the Bayesian score of `db/pluginFilters.ts`
 * ratingScoreSql desc, then rating_count desc (unrated plugins last); name = lower-cased name
 * ascending (byte order), id ascending; newest = `approve_time` desc (when the plugin was first
 * approved, migration 0041: the square's "new and notable"). `total` is exact: the counts kept
 * as the data changes without a filter, a count of the filtered rows with one. Trending is a
 * ranking (`data/list.ts` trendingIds: installs of the last {@link TRENDING_DAYS} days, only
 * plugins installed in that window, at most `MAX_SEARCH_RESULTS`), paged by position like a search.
 *
 * With a keyword: the search engine's ranked matches (`search/engine.ts`, docs/search.md) in
 * relevance order (the default) or the chosen sort, with the same filters; at most
 * `MAX_SEARCH_RESULTS` can be paged through, the cursor holds the position in that ranking; `total`
 * is exact, or a lower bound with `total_relation: 'gte'` when a frequent term was read partially.
 * A keyword with no letter or digit matches nothing (total 0).
 *
 * The rows are read from the read replica when it has replayed every catalogue change the process
 * has seen (`db/readReplica.ts`, scope `catalogue`), else from the primary.
 *
 * Rankings (search, trending), their pages' ids and filtered counts are cached per process (stale
 * on any catalogue write in this process, and after {@link COUNT_CACHE_TTL_MS}); the complete
 * answer is reused for {@link LIST_RESULT_TTL_MS} (counters in it may lag by that much). A ranking
 * computed by the engine is timed in the search histogram of `/metrics` (`metrics.ts` timeSearch).
 *
 * @throws ApiError INVALID_CURSOR (400) for a cursor that is forged or belongs to another query
 *   (another sort, tag, keyword or filter).
 */
export async function listPlugins(db: Database, params: ListParams): Promise<PluginListResult> {
  const keyword = normalizeKeyword(params.keyword);
  const searching = keyword !== '';
  const sort = pluginListSort(params.sort, keyword);
  const filters = params.filters ?? {};
  const ranked = searching || sort === PluginSort.TRENDING;
  const order = keysetOrder(db, sort);
  const fingerprint = queryFingerprint([
    sort,
    params.tag_id,
    keyword,
    ...filtersFingerprint(filters),
    // The newest order's key was create_time before migration 0041: a cursor of then is refused.
    ...(sort === PluginSort.NEWEST ? ['approve_time'] : []),
  ]);
  const after = params.cursor
    ? decodeCursor(
        params.cursor,
        fingerprint,
        ranked ? ['number'] : [...order.keys.map((k) => k.kind), 'number'],
      )
    : null;

  const pageKey = `page\u0000${fingerprint}\u0000${params.page_size}\u0000${params.cursor ?? ''}`;
  const query: PageQuery = {
    tagId: params.tag_id,
    order,
    filters,
    after,
    pageSize: params.page_size,
    fingerprint,
  };
  return cachedRead(
    db,
    `result\u0000${pageKey}\u0000${params.lang ?? ''}`,
    async () => {
      if (!ranked) return readFromReplica(db, CATALOGUE, (reader) => listPage(reader, query, params.lang));
      const since = (params.now ?? Date.now()) - TRENDING_DAYS * 24 * 60 * 60 * 1000;
      const ranking = () =>
        searching
          ? timeSearch(db, () =>
              readFromReplica(db, CATALOGUE, (reader) =>
                searchPlugins(reader, { keyword, tagId: params.tag_id, sort, filters, since }),
              ),
            )
          : readFromReplica(db, CATALOGUE, async (reader): Promise<SearchResult> => {
              const ids = await trendingIds(reader, {
                since,
                tagId: params.tag_id,
                filters,
                limit: MAX_SEARCH_RESULTS,
              });
              return { ids, total: ids.length, relation: ids.length >= MAX_SEARCH_RESULTS ? 'gte' : 'eq' };
            });
      const page = await cachedRead<PageIds>(db, pageKey, async () =>
        searchPage(await cachedRead<SearchResult>(db, `search\u0000${fingerprint}`, ranking), query),
      );
      return {
        plugin_list: await readFromReplica(db, CATALOGUE, (reader) =>
          summariesByIds(reader, page.ids, params.lang),
        ),
        total: page.total,
        next_cursor: page.next_cursor,
        ...(page.total_relation ? { total_relation: page.total_relation } : {}),
      };
    },
    { ttl: LIST_RESULT_TTL_MS },
  );
}

function sortKey(row: KeyRow, order: ListOrder): (number | string)[] {
  return [
    ...order.keys.map((key, i) => {
      const value = row[`k${i}`];
      return key.kind === 'string' ? String(value) : Number(value);
    }),
    Number(row.id),
  ];
}

/**
 * One page of the plain, tag-filtered or filtered list: one statement (`data/list.ts` listPageRows:
 * the keyset walk of one index, the page's summaries, tags and the list's count), and one more for
 * the count when the page is empty or a filter is set (cached for {@link COUNT_CACHE_TTL_MS}).
 */
async function listPage(db: Database, q: PageQuery, lang: Locale | undefined): Promise<PluginListResult> {
  const rows = await listPageRows(db, {
    tagId: q.tagId,
    order: q.order,
    filters: q.filters,
    after: q.after,
    limit: q.pageSize + 1,
    lang,
  });
  const page = rows.slice(0, q.pageSize);
  const last = page[page.length - 1];
  const total = hasFilters(q.filters)
    ? await cachedRead(db, `count\u0000${q.fingerprint}`, () => filteredCount(db, q.tagId, q.filters))
    : rows.length > 0
      ? Number(rows[0]!.total ?? 0)
      : await approvedCount(db, q.tagId);
  return {
    plugin_list: page.map((row) => toSummary(row, parseTagsJson(row.tags_json))),
    total,
    next_cursor:
      rows.length > q.pageSize && last ? encodeCursor(q.fingerprint, sortKey(last, q.order)) : null,
  };
}

/** One page of a ranking (search, trending): the cursor is the position of the page's first result. */
function searchPage(result: SearchResult, q: PageQuery): PageIds {
  const offset = q.after ? Number(q.after[0]) : 0;
  const end = offset + q.pageSize;
  return {
    ids: result.ids.slice(offset, end),
    next_cursor: end < result.ids.length ? encodeCursor(q.fingerprint, [end]) : null,
    total: result.total,
    ...(result.relation === 'gte' ? { total_relation: 'gte' as const } : {}),
  };
}

/**
 * Tags carrying at least one approved plugin, with `plugin_count`, ordered by plugin_count desc,
 * then name, then id (`GET plugin/tag/list`). Reads the denormalised counts: one query.
 */
export async function listTags(db: Database): Promise<Tag[]> {
  const rows = await readFromReplica(db, CATALOGUE, (reader) => tagsInUse(reader));
  return rows.sort(
    (a, b) => b.plugin_count - a.plugin_count || (a.name < b.name ? -1 : a.name > b.name ? 1 : a.id - b.id),
  );
}
