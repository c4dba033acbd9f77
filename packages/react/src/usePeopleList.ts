import { createPeopleList } from '@plugin-center/api/backoffice';
import { usePagedList } from './usePagedList';

/**
 * The people of the back office (`GET /api/cmt/manager/users`, admin) in cursor pages: accounts newest first with their role.
 *
 * @param query - `keyword` (email, nick or user name; blank ignored), `role` (0, 1 or 2), `page_size`
 * @returns the list snapshot (`items`, `total`, `hasMore`, `status`, …) with `loadMore()` and `reload()`
 */
export function usePeopleList(query: Parameters<typeof createPeopleList>[1] = {}) {
  return usePagedList(createPeopleList, query);
}
