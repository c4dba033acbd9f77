import type { IconfontConfig, LoaderState } from '@plugin-center/api';
import { backofficeCalls } from '@plugin-center/api/backoffice';
import { useApiClient } from './useApiClient';
import { useLoader } from './useLoader';

/**
 * The icon-font account (`GET /api/cmt/manager/space-setting/iconfont`, admin; SPEC §2, §3):
 * `client_id` in clear, `client_secret` masked as the server sends it (`SECRET_MASK_PREFIX` + last 4
 * characters), `secret_status` and `update_time` (ms or null). Save with `backofficeCalls(client).saveIconfont`.
 *
 * @returns the loader state and `reload()`
 */
export function useIconfontConfig(): LoaderState<IconfontConfig> & { reload(): void } {
  const client = useApiClient();
  return useLoader((signal) => backofficeCalls(client).getIconfont({ signal }), [client]);
}
