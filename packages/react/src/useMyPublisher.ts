import type { LoaderStatus, MyPublisher } from '@plugin-center/api';
import { useApiClient } from './useApiClient';
import { useLoader } from './useLoader';

/**
 * The signed-in caller's publisher profile (`GET /api/cmt/plugin/publisher/me`): handle (null until
 * chosen once), website, verification and the pending domain proof. Nothing is requested while
 * `enabled` is false (signed out). Changes go through `usePluginAction('saveMyPublisher')`,
 * `'startDomainVerification'` and `'checkDomainVerification'`; call `reload()` after them.
 */
export function useMyPublisher(enabled = true): {
  publisher: MyPublisher | undefined;
  status: LoaderStatus;
  error: unknown;
  reload(): void;
} {
  const client = useApiClient();
  const s = useLoader((signal) => client.plugin.myPublisher({ signal }), [client], enabled);
  return { publisher: s.data, status: s.status, error: s.error, reload: s.reload };
}
