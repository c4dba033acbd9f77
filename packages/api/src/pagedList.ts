import type { ApiResponse } from '@plugin-center/contract';
import { isSuccess } from './client';
import type { LoaderStatus } from './loader';
import { createStore } from './store';

/** One page of a list as {@link createPagedList} reads it from a call's `data`. */
export interface Page<T> {
  items: T[];
  /** The number of matches (0 when the route gives none). */
  total?: number;
  /** The cursor of the next page; null on the last. */
  next_cursor: string | null;
  /** `gte` when `total` is a lower bound (a search that stopped counting); absent = `eq`. */
  total_relation?: 'eq' | 'gte';
}

/**
 * Snapshot of a {@link PagedList}, the one pager of the back office (cursor pages, "load more"):
 * - `status`: of the last request (SPEC §4 loader states); a failed next page keeps the items;
 * - `items`: every page loaded so far, in order; `pages`: the same items page by page, for a
 *   previous/next view ("page n of m": show `pages[n - 1]`, call `loadMore()` to reach the next
 *   one); `total`: the server's count of matches; `totalRelation`:
 *   `'gte'` when `total` is a lower bound, else `'eq'`;
 * - `hasMore`: the last page had a `next_cursor`; `isLoadingMore`: a next page is in flight;
 * - `query`: the query the items are for.
 */
export interface PagedListState<T, Q> {
  status: LoaderStatus;
  items: T[];
  pages: T[][];
  total: number;
  totalRelation: 'eq' | 'gte';
  hasMore: boolean;
  isLoadingMore: boolean;
  error: unknown;
  query: Q;
}

/** A list read page by page as an external store. */
export interface PagedList<T, Q> {
  /** Changes the query; when it differs (by its fields), clears the list and loads the first page. */
  setQuery(query: Q): void;
  /** (Re)loads the first page, aborting whatever is in flight; never rejects. */
  load(): Promise<void>;
  /** Appends the next page; concurrent calls share one request; no-op without `hasMore` or while the first page loads. */
  loadMore(): Promise<void>;
  /** Aborts whatever is in flight; a first page in flight leaves the status `unrequest`. */
  cancel(): void;
  /** Adds a listener; returns the unsubscribe function. */
  subscribe(listener: () => void): () => void;
  /** The current immutable snapshot. */
  getSnapshot(): PagedListState<T, Q>;
}

const sameQuery = (a: object, b: object) =>
  Object.keys({ ...a, ...b }).every(
    (k) => (a as Record<string, unknown>)[k] === (b as Record<string, unknown>)[k],
  );

/**
 * Creates a list read in cursor pages (the back office's audit list, audit log, "my plugins",
 * people): `load()` reads the first page for the query, `loadMore()` appends the page at
 * `next_cursor`; answers for a query or a request that was superseded are discarded. Nothing is
 * fetched until `load()`.
 *
 * @param fetchPage - one call for the query and a cursor (undefined for the first page)
 * @param pick - reads the items, total and next cursor from the call's `data`
 * @param query - the initial query
 *
 * @example
 * ```ts
 * const log = createPagedList(
 *   (q, cursor, signal) => backofficeCalls(client).auditLog({ ...q, cursor }, { signal }),
 *   (d) => ({ items: d.entry_list, next_cursor: d.next_cursor }),
 *   { plugin_key: 'grid' },
 * );
 * log.subscribe(() => render(log.getSnapshot().items));
 * await log.load();
 * await log.loadMore();
 * ```
 */
export function createPagedList<T, Q extends object, D>(
  fetchPage: (query: Q, cursor: string | undefined, signal: AbortSignal) => Promise<ApiResponse<D>>,
  pick: (data: D) => Page<T>,
  query: Q,
): PagedList<T, Q> {
  // The state of a list with no page (at first, and when the query changes).
  const empty = (): Pick<
    PagedListState<T, Q>,
    'items' | 'pages' | 'total' | 'totalRelation' | 'hasMore'
  > => ({
    items: [],
    pages: [],
    total: 0,
    totalRelation: 'eq',
    hasMore: false,
  });
  const store = createStore<PagedListState<T, Q>>({
    status: 'unrequest',
    ...empty(),
    isLoadingMore: false,
    error: undefined,
    query,
  });
  let cursor: string | null = null;
  let current: AbortController | undefined;
  let more: Promise<void> | undefined;

  const fetchInto = async (append: boolean) => {
    current?.abort();
    const controller = new AbortController();
    current = controller;
    let next: Partial<PagedListState<T, Q>>;
    try {
      const res = await fetchPage(store.get().query, (append && cursor) || undefined, controller.signal);
      // A failed envelope is the error, like a thrown one.
      if (!isSuccess(res)) throw res;
      const page = pick(res.data);
      const pages = append ? [...store.get().pages, page.items] : [page.items];
      next = {
        status: 'success',
        items: pages.flat() as T[],
        pages,
        total: page.total ?? 0,
        totalRelation: page.total_relation ?? 'eq',
        hasMore: !!page.next_cursor,
        error: undefined,
      };
      if (current === controller) cursor = page.next_cursor;
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
    return fetchInto(false);
  };

  const loadMore = () => {
    const { hasMore, status } = store.get();
    if (more) return more;
    if (!hasMore || status === 'requesting') return Promise.resolve();
    store.set({ isLoadingMore: true, error: undefined });
    const pending: Promise<void> = fetchInto(true).finally(() => {
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

  const setQuery = (next: Q) => {
    if (sameQuery(store.get().query, next)) return;
    cursor = null;
    store.set({ query: next, ...empty() });
    void load();
  };

  return { setQuery, load, loadMore, cancel, subscribe: store.subscribe, getSnapshot: store.get };
}
