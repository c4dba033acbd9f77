import type { AdminInfo, LoaderState } from '@plugin-center/api';
import { useApiClient } from './useApiClient';
import { useLoader } from './useLoader';

/**
 * The caller's role as the server sees it (`GET /api/cmt/manager/verify`, bearer): `role` 1 (super
 * admin), 2 (general admin) or 0 (general user) with the `user_id`; loads on mount. The back office's
 * people page uses it to show the role controls to the super admin only.
 *
 * @returns the loader state (`data`: the admin info) and `reload()`
 */
export function useAdminInfo(): LoaderState<AdminInfo> & { reload(): void } {
  const client = useApiClient();
  return useLoader((signal) => client.plugin.verify({ signal }), [client]);
}
