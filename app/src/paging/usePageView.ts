import type { LoaderStatus } from '@plugin-center/api';
import { useState } from 'react';

/** The part of a paged list (`usePagedList` of `@plugin-center/react/backoffice`) a page view reads. */
export interface PagedListView<T> {
  status: LoaderStatus;
  pages: T[][];
  total: number;
  hasMore: boolean;
  loadMore(): void;
  reload(): void;
}

/**
 * Previous/next paging over a paged list (SPEC §3 `next_cursor`) for a page that shows one page at
 * a time: `items` are the current page's (undefined while it loads or when it failed), `page` is
 * 1-based; `next()` shows the next page (loading it the first time), `previous()` goes back one
 * without a request, `reset()` goes to the first page (after a filter change), `reload()` reads the
 * list again from its first page. The `pages` form of `ui/Pager.tsx` draws its buttons.
 */
export function usePageView<T>(list: PagedListView<T>) {
  const [page, setPage] = useState(1);
  return {
    page,
    items: list.pages[page - 1] as T[] | undefined,
    total: list.total,
    hasNext: page < list.pages.length || list.hasMore,
    next: () => {
      if (page >= list.pages.length) list.loadMore();
      setPage(page + 1);
    },
    previous: () => setPage((p) => Math.max(1, p - 1)),
    reset: () => setPage(1),
    reload: () => {
      setPage(1);
      list.reload();
    },
  };
}

/** What {@link usePageView} answers. */
export type PageView = ReturnType<typeof usePageView>;
