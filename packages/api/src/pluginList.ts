import type { Locale, PluginSort, PluginSummary } from '@plugin-center/contract';
import { type ApiClient, isSuccess } from './client';
import type { LoaderStatus } from './loader';
import { createStore } from './store';

/**
 * Parameters of the plugin list (SPEC §2, §4): tag (0 = All), sort (0 latest, 1 most popular, 2
 * relevance; absent: relevance with a keyword, else latest), keyword.
 */
export interface PluginListParams {
  tagId?: number;
  sort?: PluginSort;
  keyword?: string;
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

const KEYS = ['tagId', 'sort', 'keyword', 'pageSize', 'lang'] as const;

/**
 * Creates the plugin list of the square over `GET /api/cmt/plugin/list` (SPEC §2, §4, §7): tag, sort
 * and keyword changes reset and reload; "load more" appends the page at `next_cursor`; answers for
 * parameters or requests that were superseded are discarded. Nothing is fetched until `load()`.
 *
 * @param client - from `createApiClient`
 * @param params - initial parameters
 */
export function createPluginListQuery(
  client: ApiClient,
  params: PluginListParams = {},
): PluginListQueryStore {
  const store = createStore<PluginListState>({
    status: 'unrequest',
    plugins: [],
    total: 0,
    totalRelation: 'eq',
    hasMore: false,
    isLoadingMore: false,
    error: undefined,
    params,
  });
  let cursor: string | null = null;
  let current: AbortController | undefined;
  let more: Promise<void> | undefined;

  const fetchPage = async (append: boolean) => {
    current?.abort();
    const controller = new AbortController();
    current = controller;
    const p = store.get().params;
    let next: Partial<PluginListState>;
    try {
      const res = await client.plugin.list(
        {
          tag_id: p.tagId,
          sort: p.sort,
          keyword: p.keyword?.trim() || undefined,
          page_size: p.pageSize,
          lang: p.lang,
          cursor: (append && cursor) || undefined,
        },
        { signal: controller.signal },
      );
      if (isSuccess(res)) {
        const page = res.data;
        next = {
          status: 'success',
          plugins: append ? [...store.get().plugins, ...page.plugin_list] : page.plugin_list,
          total: page.total,
          totalRelation: page.total_relation ?? 'eq',
          hasMore: !!page.next_cursor,
          error: undefined,
        };
        if (current === controller) cursor = page.next_cursor;
      } else next = { status: 'error', error: res };
    } catch (error) {
      next = { status: 'error', error };
    }
    if (current === controller) {
      current = undefined;
      store.set({ ...next, isLoadingMore: false });
    }
  };

  const load = () => {
    more = undefined;
    store.set({ status: 'requesting', isLoadingMore: false, error: undefined });
    return fetchPage(false);
  };

  const loadMore = () => {
    const { hasMore, status } = store.get();
    if (more) return more;
    if (!hasMore || status === 'requesting') return Promise.resolve();
    store.set({ isLoadingMore: true, error: undefined });
    const pending: Promise<void> = fetchPage(true).finally(() => {
      if (more === pending) more = undefined;
    });
    more = pending;
    return pending;
  };

  const cancel = () => {
    current?.abort();
    current = undefined;
    more = undefined;
    const { status } = store.get();
    store.set({ status: status === 'requesting' ? 'unrequest' : status, isLoadingMore: false });
  };

  const setParams = (next: PluginListParams) => {
    const prev = store.get().params;
    if (KEYS.every((k) => prev[k] === next[k])) return;
    cursor = null;
    store.set({ params: next, plugins: [], total: 0, totalRelation: 'eq', hasMore: false });
    void load();
  };

  return { setParams, load, loadMore, cancel, subscribe: store.subscribe, getSnapshot: store.get };
}
