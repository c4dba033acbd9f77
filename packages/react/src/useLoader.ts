import { type ApiResponse, createLoader, type LoaderState } from '@plugin-center/api';
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';

/**
 * Runs a data loader (SPEC §4: `unrequest` → `requesting` → `success` | `error`, see `createLoader`)
 * for the component: loads on mount and whenever `deps` change, cancels on unmount and on change
 * (the late answer is discarded). One loader per component (TanStack Query `useBaseQuery` style).
 *
 * @param fetcher - performs the call with the AbortSignal, e.g. `(signal) => client.plugin.tagList({}, { signal })`;
 *   the latest one is used, so it may close over render values listed in `deps`
 * @param deps - values whose change triggers a new load, like an effect's dependencies
 * @param enabled - when false nothing is loaded (a request in flight is cancelled); default true
 * @returns the loader snapshot and `reload()`
 */
export function useLoader<T>(
  fetcher: (signal: AbortSignal) => Promise<ApiResponse<T>>,
  deps: unknown[],
  enabled = true,
): LoaderState<T> & { reload(): void } {
  const latest = useRef(fetcher);
  useEffect(() => {
    latest.current = fetcher;
  });
  const [loader] = useState(() => createLoader<T>((signal) => latest.current(signal)));
  const state = useSyncExternalStore(loader.subscribe, loader.getSnapshot, loader.getSnapshot);
  useEffect(() => {
    if (!enabled) return;
    void loader.load();
    return loader.cancel;
  }, [loader, enabled, ...deps]);
  return { ...state, reload: loader.load };
}
