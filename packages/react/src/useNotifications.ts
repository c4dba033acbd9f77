import { createNotificationList } from '@plugin-center/api/backoffice';
import { usePagedList } from './usePagedList';

/**
 * The signed-in account's notifications (`GET /api/cmt/plugin/notification/list`) in cursor pages,
 * newest first: each `{ id, kind, payload, create_time, read_at }`. `total` is the account's unread
 * count as of the last page read. Marking read goes through `usePluginAction('readNotification')`
 * and `'readAllNotifications'`; call `reload()` after them.
 *
 * @param query - `page_size`
 * @returns the list snapshot (`items`, `total` (unread), `hasMore`, `status`, `error`, …) with
 *   `loadMore()` and `reload()`
 */
export function useNotifications(query: Parameters<typeof createNotificationList>[1] = {}) {
  return usePagedList(createNotificationList, query);
}
