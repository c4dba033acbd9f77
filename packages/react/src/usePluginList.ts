import { createPluginListQuery, type PluginListParams, type PluginListState } from '@plugin-center/api';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { useApiClient } from './useApiClient';

/**
 * The plugin list of the square (SPEC §2, §4) over `createPluginListQuery`: loads on mount; a change of
 * `tagId`, `sort`, `keyword`, `platform`, `rating`, `verified`, `pageSize` or `lang` resets the list and reloads (stale pages discarded);
 * `loadMore()` appends the page at `next_cursor` (concurrent calls share one request); unmount cancels.
 *
 * @returns the list snapshot (`status`, `plugins`, `total` = result count, `hasMore`, `isLoadingMore`,
 *   `error`, `params`) with `loadMore()` and `reload()`
 */
export function usePluginList(
  params: PluginListParams,
): PluginListState & { loadMore(): void; reload(): void } {
  const client = useApiClient();
  const [store] = useState(() => createPluginListQuery(client, params));
  const state = useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot);
  const { tagId, sort, keyword, platform, rating, verified, pageSize, lang } = params;
  useEffect(() => {
    store.setParams({ tagId, sort, keyword, platform, rating, verified, pageSize, lang });
  }, [store, tagId, sort, keyword, platform, rating, verified, pageSize, lang]);
  useEffect(() => {
    void store.load();
    return store.cancel;
  }, [store]);
  return { ...state, loadMore: store.loadMore, reload: store.load };
}
