import { createAuditList } from '@plugin-center/api/backoffice';
import { usePagedList } from './usePagedList';

/**
 * The review list of the back office (`GET /api/cmt/plugin/audit/list`, admin) in cursor pages: submissions with their checks and changes, newest first.
 *
 * @param query - `status` (0 all, 1 unaudited, 2 passed, 3 not passed), `keyword`, `page_size`
 * @returns the list snapshot (`items`, `total`, `hasMore`, `status`, …) with `loadMore()` and `reload()`
 */
export function useAuditList(query: Parameters<typeof createAuditList>[1] = {}) {
  return usePagedList(createAuditList, query);
}
