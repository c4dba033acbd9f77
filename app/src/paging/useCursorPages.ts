import type { ApiResponse } from '@plugin-center/api';
import type { SubmissionPage } from '@plugin-center/contract';
import { useCallback, useEffect, useRef, useState } from 'react';

/** What {@link useCursorPages} returns. */
export interface CursorPages<T> {
  /** `loading` for the first page, `more` while a next page loads, `error` when the last call failed. */
  status: 'loading' | 'ready' | 'more' | 'error';
  /** Every item loaded so far, in order. */
  items: T[];
  /** The total the server reported (0 when it does not report one). */
  total: number;
  /** Whether a next page exists (`next_cursor` not null). */
  hasMore: boolean;
  /** Whether the failed call was the first page (else a next page failed and the items stay). */
  firstFailed: boolean;
  /** Loads the next page. */
  loadMore(): void;
  /** Starts again from the first page (after an action, or Retry). */
  reload(): void;
}

/**
 * A cursor-paged list (SPEC §3 list responses: `next_cursor`): loads the first page on mount and
 * whenever `deps` change, appends the next page on `loadMore`, drops late answers of earlier loads.
 *
 * @param fetchPage - one page for a cursor (`undefined` for the first)
 * @param pick - the page's items, total and next cursor out of the envelope's data
 */
export function useCursorPages<T, D>(
  fetchPage: (cursor: string | undefined, signal: AbortSignal) => Promise<ApiResponse<D>>,
  pick: (data: D) => { items: T[]; total?: number; next_cursor: string | null },
  deps: unknown[],
): CursorPages<T> {
  const [state, setState] = useState<{
    status: CursorPages<T>['status'];
    items: T[];
    total: number;
    cursor: string | null;
    firstFailed: boolean;
  }>({ status: 'loading', items: [], total: 0, cursor: null, firstFailed: false });
  const latest = useRef({ fetchPage, pick });
  latest.current = { fetchPage, pick };
  const controller = useRef<AbortController | null>(null);
  const [generation, setGeneration] = useState(0);

  const load = useCallback(async (cursor: string | undefined) => {
    controller.current?.abort();
    const c = new AbortController();
    controller.current = c;
    setState((s) =>
      cursor === undefined
        ? { status: 'loading', items: [], total: 0, cursor: null, firstFailed: false }
        : { ...s, status: 'more' },
    );
    try {
      const res = await latest.current.fetchPage(cursor, c.signal);
      if (c.signal.aborted) return;
      if ((res.code !== 0 && res.code !== 200) || res.data == null) throw new Error(res.message ?? 'failed');
      const page = latest.current.pick(res.data);
      setState((s) => ({
        status: 'ready',
        items: cursor === undefined ? page.items : [...s.items, ...page.items],
        total: page.total ?? 0,
        cursor: page.next_cursor,
        firstFailed: false,
      }));
    } catch {
      if (c.signal.aborted) return;
      setState((s) => ({ ...s, status: 'error', firstFailed: cursor === undefined }));
    }
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: deps are the caller's, like an effect's
  useEffect(() => {
    void load(undefined);
    return () => controller.current?.abort();
  }, [load, generation, ...deps]);

  return {
    status: state.status,
    items: state.items,
    total: state.total,
    hasMore: state.cursor !== null,
    firstFailed: state.firstFailed,
    loadMore: () => {
      if (state.cursor !== null && state.status === 'ready') void load(state.cursor);
      else if (state.status === 'error' && !state.firstFailed && state.cursor !== null)
        void load(state.cursor);
    },
    reload: () => setGeneration((g) => g + 1),
  };
}

/** `pick` of a {@link SubmissionPage}. */
export const pickSubmissions = (d: SubmissionPage) => ({
  items: d.submission_list,
  total: d.total,
  next_cursor: d.next_cursor,
});
