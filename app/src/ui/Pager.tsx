import type { LoaderStatus } from '@plugin-center/api';
import type { PageView } from '../paging/usePageView';
import { Button } from './Button';
import { ErrorState, LoadingState } from './States';

/**
 * "Load more" paging of a list that grows (a paged list of `@plugin-center/react/backoffice`, e.g.
 * `useAuditLog`): the texts of its footer.
 */
export interface MorePaging {
  /** The list as its paged-list hook answers it. */
  list: {
    status: LoaderStatus;
    pages: unknown[][];
    hasMore: boolean;
    isLoadingMore: boolean;
    loadMore(): void;
  };
  /** The "Load more" button's label. */
  more: string;
  /** The label of the line shown while the next page loads. */
  loading: string;
  /** The message shown (with Retry) when a next page failed; the items loaded stay. */
  error: string;
}

/** Previous/next paging of a list shown one page at a time ({@link PageView} of `usePageView`). */
export interface PagePaging {
  /** The page view as `usePageView` answers it; nothing is shown before its page loads. */
  pages: PageView;
  /** The previous button's label. */
  previous: string;
  /** The next button's label. */
  next: string;
  /** "page n · total" of the current page (also the navigation's accessible name). */
  pageOf(page: number, total: number): string;
}

/**
 * The app's one pager for cursor-paged lists (SPEC §3 `next_cursor`), in either of its two forms:
 * - with `list` ({@link MorePaging}): the footer of a growing list — a compact error with Retry when a
 *   next page failed, a small loading line while one loads, else a "Load more" button while there is
 *   a next page;
 * - with `pages` ({@link PagePaging}): previous and next buttons around "page n · total" in a
 *   navigation landmark, hidden before the first page loads and when there is a single page.
 */
export function Pager(props: MorePaging | PagePaging) {
  if ('list' in props) {
    const { list } = props;
    return (
      <>
        {list.status === 'error' && list.pages.length > 0 && (
          <ErrorState message={props.error} onRetry={list.loadMore} compact />
        )}
        {list.isLoadingMore && <LoadingState label={props.loading} variant="more" />}
        {list.hasMore && list.status === 'success' && !list.isLoadingMore && (
          <Button onClick={list.loadMore}>{props.more}</Button>
        )}
      </>
    );
  }
  const { pages } = props;
  if (!pages.items) return null;
  if (pages.page === 1 && !pages.hasNext) return null;
  const pageOf = props.pageOf(pages.page, pages.total);
  return (
    <nav className="ui-pager" aria-label={pageOf}>
      <Button disabled={pages.page === 1} onClick={pages.previous}>
        {props.previous}
      </Button>
      <span>{pageOf}</span>
      <Button disabled={!pages.hasNext} onClick={pages.next}>
        {props.next}
      </Button>
    </nav>
  );
}
