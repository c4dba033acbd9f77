import { createMyPlugins } from '@plugin-center/api/backoffice';
import { usePagedList } from './usePagedList';

/**
 * The signed-in user's plugins (`GET /api/cmt/plugin/audit`) in cursor pages: the latest submission of each with its review status and reason.
 *
 * @param query - `page_size`
 * @returns the list snapshot (`items`, `total`, `hasMore`, `status`, …) with `loadMore()` and `reload()`
 */
export function useMyPlugins(query: Parameters<typeof createMyPlugins>[1] = {}) {
  return usePagedList(createMyPlugins, query);
}
