import type { RatingReportListQuery } from '@plugin-center/api';
import { createPagedList } from '@plugin-center/api';
import { backofficeCalls } from '@plugin-center/api/backoffice';
import { usePagedList } from './usePagedList';

/**
 * The back office's moderation queue of plugin reviews (`GET /api/cmt/manager/rating/report/list`,
 * admin) in cursor pages: `open` — reviews with open reports, most recently reported first, each
 * with its reports; `hidden` — hidden reviews, most recently hidden first.
 *
 * @param query - `status` (`open` default, or `hidden`), `page_size`
 * @returns the list snapshot (`items`: `ReportedRating[]`, `hasMore`, `status`, …) with `loadMore()` and `reload()`
 */
export function useRatingReports(query: Omit<RatingReportListQuery, 'cursor'> = {}) {
  return usePagedList(
    (client, q: Omit<RatingReportListQuery, 'cursor'>) =>
      createPagedList(
        (p, cursor, signal) => backofficeCalls(client).ratingReportList({ ...p, cursor }, { signal }),
        (d) => ({ items: d.entry_list, next_cursor: d.next_cursor }),
        q,
      ),
    query,
  );
}
