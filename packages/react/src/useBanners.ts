import type { BannerListResult, LoaderState } from '@plugin-center/api';
import { useApiClient } from './useApiClient';
import { useLoader } from './useLoader';

/**
 * The banners of the square's carousel (`GET /api/cmt/plugin-banner/all`, public; SPEC §2
 * banner config): every banner (`id`, `image` URL, `redirect_url`, 0-based `position`) in carousel
 * order. `reload()` after a save, delete or move.
 *
 * @returns the loader state (`data`: the banners, `[]` when there is none) and `reload()`
 */
export function useBanners(): LoaderState<BannerListResult> & { reload(): void } {
  const client = useApiClient();
  return useLoader((signal) => client.plugin.bannerList({ signal }), [client]);
}
