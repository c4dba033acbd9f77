import type { ApiResponse } from '@plugin-center/contract';
import { isSuccess } from './client';
import { createStore } from './store';

/** Status of a data loader (SPEC §4). */
export type LoaderStatus = 'unrequest' | 'requesting' | 'success' | 'error';

/**
 * Snapshot of a {@link Loader}.
 * - `data`: the payload of the last success; kept while a reload is `requesting`; `undefined` after an error;
 * - `response`: the last envelope on success, and on error when its code is not 0/200 but data is present (SPEC §4);
 * - `error`: on `error`, the thrown error (e.g. `ApiError`) or the failed envelope.
 */
export interface LoaderState<T> {
  status: LoaderStatus;
  data: T | undefined;
  response: ApiResponse<T> | undefined;
  error: unknown;
}

/** A data loader: the state machine of SPEC §4 as an external store. */
export interface Loader<T> {
  /** Starts a request (cancelling the one in flight); resolves once it settles or is superseded; never rejects. */
  load(): Promise<void>;
  /** Aborts the request in flight; a loader that was `requesting` goes back to `unrequest` (earlier data kept). */
  cancel(): void;
  /** Adds a listener called on every change; returns the unsubscribe function. */
  subscribe(listener: () => void): () => void;
  /** The current immutable snapshot. */
  getSnapshot(): LoaderState<T>;
}

/**
 * Creates the data loader of SPEC §4: `unrequest` → `requesting` → `success` when the envelope's code
 * is 0 or 200 and data is present, else `error` (the response is kept when code is not 0 and data is
 * present; a rejection, e.g. `ApiError`, goes to `error` with that error). A new `load()` aborts the
 * previous request through its signal and its late answer is discarded.
 *
 * @param fetcher - performs the call with the given AbortSignal, e.g. `(signal) => client.plugin.tagList({}, { signal })`
 *
 * @example
 * ```ts
 * const tags = createLoader((signal) => client.plugin.tagList({}, { signal }));
 * tags.subscribe(() => {
 *   const { status, data } = tags.getSnapshot();
 *   if (status === 'success') render(data.tag_list);
 * });
 * await tags.load();
 * ```
 */
export function createLoader<T>(fetcher: (signal: AbortSignal) => Promise<ApiResponse<T>>): Loader<T> {
  const store = createStore<LoaderState<T>>({
    status: 'unrequest',
    data: undefined,
    response: undefined,
    error: undefined,
  });
  let current: AbortController | undefined;

  const cancel = () => {
    current?.abort();
    current = undefined;
    if (store.get().status === 'requesting') store.set({ status: 'unrequest' });
  };

  const load = async () => {
    current?.abort();
    const controller = new AbortController();
    current = controller;
    store.set({ status: 'requesting', error: undefined });
    let next: Partial<LoaderState<T>>;
    try {
      const res = await fetcher(controller.signal);
      next = isSuccess(res)
        ? { status: 'success', data: res.data, response: res, error: undefined }
        : { status: 'error', data: undefined, response: res?.data != null ? res : undefined, error: res };
    } catch (error) {
      next = { status: 'error', data: undefined, response: undefined, error };
    }
    if (current === controller) {
      current = undefined;
      store.set(next);
    }
  };

  return { load, cancel, subscribe: store.subscribe, getSnapshot: store.get };
}
