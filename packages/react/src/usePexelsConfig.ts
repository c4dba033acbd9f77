import type { LoaderState, PexelsConfig } from '@plugin-center/api';
import { backofficeCalls } from '@plugin-center/api/backoffice';
import { useApiClient } from './useApiClient';
import { useLoader } from './useLoader';

/**
 * The stock-photo (Pexels) account (`GET /api/cmt/srv/config/pexels`, admin; SPEC §2, §3):
 * `api_key` masked as the server sends it, `secret_status`, `update_time` (ms or null). Save with
 * `backofficeCalls(client).savePexels`.
 *
 * @returns the loader state and `reload()`
 */
export function usePexelsConfig(): LoaderState<PexelsConfig> & { reload(): void } {
  const client = useApiClient();
  return useLoader((signal) => backofficeCalls(client).getPexels({ signal }), [client]);
}
