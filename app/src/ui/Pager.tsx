import type { CursorPages } from '../paging/useCursorPages';
import type { CursorStack } from '../paging/useCursorStack';
import { Button } from './Button';
import { ErrorState, LoadingState } from './States';

/**
 * "Load more" paging of a list that grows ({@link CursorPages} of `useCursorPages`): the texts of
 * its footer.
 */
export interface MorePaging {
  /** The list as `useCursorPages` answers it. */
  list: CursorPages<unknown>;
  /** The "Load more" button's label. */
  more: string;
  /** The label of the line shown while the next page loads. */
  loading: string;
  /** The message shown (with Retry) when a next page failed; the items loaded stay. */
  error: string;
}

/** Previous/next paging of a list shown one page at a time ({@link CursorStack} of `useCursorStack`). */
export interface PagePaging {
  /** The page stack as `useCursorStack` answers it. */
  pages: CursorStack;
  /** The page loaded (its total and next cursor); nothing is shown before it loads. */
  data: { total: number; next_cursor: string | null } | undefined;
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
        {list.status === 'error' && !list.firstFailed && (
          <ErrorState message={props.error} onRetry={list.loadMore} compact />
        )}
        {list.status === 'more' && <LoadingState label={props.loading} variant="more" />}
        {list.hasMore && list.status === 'ready' && <Button onClick={list.loadMore}>{props.more}</Button>}
      </>
    );
  }
  const { pages, data } = props;
  if (!data) return null;
  const nextCursor = data.next_cursor;
  if (pages.page === 1 && nextCursor === null) return null;
  const pageOf = props.pageOf(pages.page, data.total);
  return (
    <nav className="ui-pager" aria-label={pageOf}>
      <Button disabled={pages.page === 1} onClick={pages.previous}>
        {props.previous}
      </Button>
      <span>{pageOf}</span>
      <Button disabled={nextCursor === null} onClick={() => nextCursor && pages.next(nextCursor)}>
        {props.next}
      </Button>
    </nav>
  );
}
