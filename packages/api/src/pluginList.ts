import type { Locale, PluginPlatform, PluginSort, PluginSummary } from '@plugin-center/contract';
import type { ApiClient } from './client';
import type { LoaderStatus } from './loader';
import { createPagedList, type PagedListState } from './pagedList';

/**
 * Parameters of the plugin list (SPEC §2, §4): tag (0 = All), sort (`PluginSort`: 0 latest, 1 most
 * popular, 2 relevance, 3 highest rated, 4 name, 5 newest, 6 trending; absent: relevance with a
 * keyword, else latest), keyword, and the filters: design tool (`platform`), minimum rating
 * (`rating`, 1–5 stars) and verified publishers only (`verified: 1`).
 */
export interface PluginListParams {
  tagId?: number;
  sort?: PluginSort;
  keyword?: string;
  platform?: PluginPlatform | undefined;
  rating?: number | undefined;
  verified?: 1 | undefined;
  pageSize?: number;
  lang?: Locale;
}

/**
 * Snapshot of a {@link PluginListQueryStore}.
 * - `status`: of the first page (SPEC §4 loader states); a failed "load more" also sets `error`;
 * - `plugins`: all pages loaded so far; `total`: the server's count (the search result count);
 * - `totalRelation`: `'gte'` when `total` is a lower bound (a search that stopped counting; show
 *   "10,000+"), else `'eq'` (also when the server leaves `total_relation` out);
 * - `hasMore`: the last page had a `next_cursor`; `isLoadingMore`: a next page is in flight.
 */
export interface PluginListState {
  status: LoaderStatus;
  plugins: PluginSummary[];
  total: number;
  totalRelation: 'eq' | 'gte';
  hasMore: boolean;
  isLoadingMore: boolean;
  error: unknown;
  params: PluginListParams;
}

/** The infinite plugin list as an external store. */
export interface PluginListQueryStore {
  /** Changes the parameters; when any differs, clears the list and loads the first page (a page in flight is discarded). */
  setParams(params: PluginListParams): void;
  /** (Re)loads the first page, aborting whatever is in flight; never rejects. */
  load(): Promise<void>;
  /** Appends the next page (`next_cursor`); concurrent calls share one request; no-op without `hasMore` or while the first page loads. */
  loadMore(): Promise<void>;
  /** Aborts whatever is in flight; a first page in flight leaves the status `unrequest`. */
  cancel(): void;
  /** Adds a listener; returns the unsubscribe function. */
  subscribe(listener: () => void): () => void;
  /** The current immutable snapshot. */
  getSnapshot(): PluginListState;
}

/**
 * Creates the plugin list of the square over `GET /api/cmt/plugin/list` (SPEC §2, §4, §7): tag, sort
 * and keyword changes reset and reload; "load more" appends the page at `next_cursor`; answers for
 * parameters or requests that were superseded are discarded. Nothing is fetched until `load()`.
 * The paging is {@link createPagedList}'s, the back office's lists' too.
 *
 * @param client - from `createApiClient`
 * @param params - initial parameters
 *
 * @example
 * ```ts
 * const list = createPluginListQuery(client, { keyword: 'grid' });
 * list.subscribe(() => console.log(list.getSnapshot().plugins.length));
 * await list.load();
 * list.setParams({ keyword: 'grid', sort: PluginSort.MOST_POPULAR });
 * ```
 */
export function createPluginListQuery(
  client: ApiClient,
  params: PluginListParams = {},
): PluginListQueryStore {
  const list = createPagedList(
    // sort, platform, rating, verified and lang go out under their own names.
    ({ tagId, keyword, pageSize, ...p }: PluginListParams, cursor, signal) =>
      client.plugin.list(
        { ...p, tag_id: tagId, keyword: keyword?.trim() || undefined, page_size: pageSize, cursor },
        { signal },
      ),
    (page) => ({ ...page, items: page.plugin_list }),
    params,
  );
  let seen: PagedListState<PluginSummary, PluginListParams> | undefined;
  let snapshot: PluginListState;
  const getSnapshot = () => {
    const s = list.getSnapshot();
    if (s !== seen) {
      seen = s;
      const { items, pages: _pages, query, ...rest } = s;
      snapshot = { ...rest, plugins: items, params: query };
    }
    return snapshot;
  };
  return { ...list, setParams: list.setQuery, getSnapshot };
}
