import { type LoaderState, type SpaceSetting, USER_ROUTES } from '@plugin-center/api';
import { useApiClient } from './useApiClient';
import { useLoader } from './useLoader';

/** Path of the public read of the space setting (SPEC §7 `GET /api/pix/mst/spaces/setting`). */
export const SPACE_SETTING_PATH = USER_ROUTES.mstSpaceSetting.path;

/**
 * The space setting (`GET /api/pix/mst/spaces/setting`, public; SPEC §3): `ext.brand`
 * (`enable`, `brand_key`), `ext.template.topic_color_key` (a key of `TOPIC_COLORS`),
 * `ext.login_storage` (0 local storage, 1 session storage, 2 cookie) and `update_time` (ms or null).
 * Change it with `backofficeCalls(client).saveSpaceSetting` (admin).
 *
 * @returns the loader state and `reload()`
 */
export function useSpaceSetting(): LoaderState<SpaceSetting> & { reload(): void } {
  const client = useApiClient();
  return useLoader((signal) => client.user.mstSpaceSetting({ signal }), [client]);
}
