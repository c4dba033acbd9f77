import { createPluginSuggest, type Locale, type PluginSuggestState } from '@plugin-center/api';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { useApiClient } from './useApiClient';

/**
 * As-you-type suggestions for `text` (`GET /api/cmt/plugin/suggest`) over
 * `createPluginSuggest`: asks 150 ms after the last change of `text` or `lang`, aborts stale
 * requests, asks nothing for empty text, and shows nothing on a failure; unmount cancels.
 *
 * @returns `{ text, suggestions, pending }`: at most 8 suggestions (`kind` plugin or tag) for the
 *   trimmed `text`, best first
 */
export function usePluginSuggestions(text: string, params: { lang?: Locale } = {}): PluginSuggestState {
  const client = useApiClient();
  const [store] = useState(() => createPluginSuggest(client));
  const { lang } = params;
  useEffect(() => store.setText(text, lang), [store, text, lang]);
  useEffect(() => store.clear, [store]);
  return useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot);
}
