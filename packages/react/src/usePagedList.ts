import type { ApiClient, PagedList, PagedListState } from '@plugin-center/api';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { useApiClient } from './useApiClient';

/**
 * Runs a list read in cursor pages (a store of `createPagedList`, such as `createAuditList`) for the
 * component: loads on mount, starts over when a field of `query` changes (stale pages discarded),
 * `loadMore()` appends the next page, unmount cancels. The one pager of the back office.
 *
 * @param create - makes the store from the client and the first query, e.g. `createAuditLog`
 * @param query - the query; compared field by field
 * @returns the list snapshot (`status`, `items`, `total`, `hasMore`, `isLoadingMore`, `error`,
 *   `query`) with `loadMore()` and `reload()`
 */
export function usePagedList<T, Q extends object>(
  create: (client: ApiClient, query: Q) => PagedList<T, Q>,
  query: Q,
): PagedListState<T, Q> & { loadMore(): void; reload(): void } {
  const client = useApiClient();
  const [store] = useState(() => create(client, query));
  const state = useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot);
  useEffect(() => {
    store.setQuery(query);
  });
  useEffect(() => {
    void store.load();
    return store.cancel;
  }, [store]);
  return { ...state, loadMore: store.loadMore, reload: store.load };
}
