import type { Banner, LoaderStatus } from '@plugin-center/api';
import { useApiClient } from './useApiClient';
import { useLoader } from './useLoader';

const NO_BANNERS: Banner[] = [];

/**
 * The banners of the square's carousel (issue 14, SPEC §3 Banner): `GET /api/cmt/plugin-banner/all`
 * (public), in carousel order (`position` ascending); each `{ id, image, redirect_url, position }`
 * with `image` a URL to load as is. Empty while loading, on a failure, or when there is none.
 *
 * @returns `banners`, the loader `status` and `error` (SPEC §4), `reload()`
 */
export function useBannerList(): {
  banners: Banner[];
  status: LoaderStatus;
  error: unknown;
  reload(): void;
} {
  const client = useApiClient();
  const s = useLoader((signal) => client.plugin.bannerList({ signal }), [client]);
  return {
    banners: Array.isArray(s.data) ? s.data : NO_BANNERS,
    status: s.status,
    error: s.error,
    reload: s.reload,
  };
}
