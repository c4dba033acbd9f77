import type { LoaderStatus, NotificationPreferences } from '@plugin-center/api';
import { useApiClient } from './useApiClient';
import { useLoader } from './useLoader';

/**
 * The signed-in account's e-mail preferences per kind of notification
 * (`GET /api/cmt/plugin/notification/preferences`): `email` (kind → on) and `email_available`
 * (false: the server sends no e-mail). Nothing is requested while `enabled` is false. Changes go
 * through `usePluginAction('saveNotificationPreferences')`, which answers the new preferences.
 */
export function useNotificationPreferences(enabled = true): {
  preferences: NotificationPreferences | undefined;
  status: LoaderStatus;
  error: unknown;
  reload(): void;
} {
  const client = useApiClient();
  const s = useLoader((signal) => client.plugin.notificationPreferences({ signal }), [client], enabled);
  return { preferences: s.data, status: s.status, error: s.error, reload: s.reload };
}
