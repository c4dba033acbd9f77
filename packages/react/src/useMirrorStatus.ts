import type { LoaderState, MirrorStatus } from '@plugin-center/api';
import { backofficeCalls } from '@plugin-center/api/backoffice';
import { useApiClient } from './useApiClient';
import { useLoader } from './useLoader';

/**
 * The deployment's mirroring (`GET /api/cmt/manager/mirror`, admin; docs/mirroring.md): `upstream`
 * (null when it is not a mirror), the allowlist, the interval of automatic pulls, the cursor, how
 * many mirrored plugins it holds, whether a pull runs, and the last pull with its counts and
 * failures. "Pull now" is `useBackofficeAction('mirrorPull')`, which answers the same status.
 *
 * @returns the loader state and `reload()`
 */
export function useMirrorStatus(): LoaderState<MirrorStatus> & { reload(): void } {
  const client = useApiClient();
  return useLoader((signal) => backofficeCalls(client).mirrorStatus({ signal }), [client]);
}
