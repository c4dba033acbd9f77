import { createAuditLog } from '@plugin-center/api/backoffice';
import { usePagedList } from './usePagedList';

/**
 * The audit log of administrative actions (`GET /api/cmt/manager/audit-log`, admin) in cursor pages, newest first.
 *
 * @param query - `plugin_key` (one plugin's entries), `page_size`
 * @returns the list snapshot (`items`, `total`, `hasMore`, `status`, …) with `loadMore()` and `reload()`
 */
export function useAuditLog(query: Parameters<typeof createAuditLog>[1] = {}) {
  return usePagedList(createAuditLog, query);
}
