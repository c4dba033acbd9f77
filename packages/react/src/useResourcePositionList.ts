import { createResourcePositionList } from '@plugin-center/api/backoffice';
import { usePagedList } from './usePagedList';

/**
 * The resource positions (featured slots) of the back office (`GET /api/cmt/plugin/resource_state/list`, admin) in cursor pages: newest slot first.
 *
 * @param query - `status` (pending, active, expired, invalidated; all when absent), `lang`, `page_size`
 * @returns the list snapshot (`items`, `pages`, `total`, `hasMore`, `status`, …) with `loadMore()` and `reload()`
 */
export function useResourcePositionList(query: Parameters<typeof createResourcePositionList>[1] = {}) {
  return usePagedList(createResourcePositionList, query);
}
