import type { LoaderStatus } from '@plugin-center/api';
import { useApiClient } from './useApiClient';
import { useLoader } from './useLoader';

/**
 * How many of the signed-in account's notifications are unread (`unread_count` of
 * `GET /api/cmt/plugin/notification/list?page_size=1`), for a bell with a count. Nothing is
 * requested while `enabled` is false (signed out); `reload()` asks again (after marking read).
 *
 * @returns `unread` (undefined until loaded), the loader `status` and `error`, `reload()`
 */
export function useUnreadNotificationCount(enabled = true): {
  unread: number | undefined;
  status: LoaderStatus;
  error: unknown;
  reload(): void;
} {
  const client = useApiClient();
  const s = useLoader(
    (signal) => client.plugin.notificationList({ page_size: 1 }, { signal }),
    [client],
    enabled,
  );
  return { unread: s.data?.unread_count, status: s.status, error: s.error, reload: s.reload };
}
