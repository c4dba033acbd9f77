import type { LoaderState, Locale, ResourcePositionPage, ResourcePositionStatus } from '@plugin-center/api';
import { backofficeCalls } from '@plugin-center/api/backoffice';
import { useApiClient } from './useApiClient';
import { useLoader } from './useLoader';

/**
 * One page of the resource positions (featured slots) of the back office
 * (`GET /api/cmt/plugin/resource_state/list`, admin; SPEC §2, §4): newest slot first, each
 * with the plugin's name and icon, its times (ms since the Unix epoch) and derived `status`. Loads
 * again when a parameter changes; `reload()` after a create or a disable.
 *
 * @param params - `status` (one of pending, active, expired, invalidated; all when absent), `cursor`
 *   (a page's `next_cursor`; the first page when absent), `page_size` (1–100), `lang`
 * @returns the loader state (`data`: `resource_state_list`, `total`, `next_cursor`) and `reload()`;
 *   `error` is an `ApiError` (e.g. `FORBIDDEN` for a general user)
 */
export function useResourcePositions(
  params: { status?: ResourcePositionStatus; cursor?: string; page_size?: number; lang?: Locale } = {},
): LoaderState<ResourcePositionPage> & { reload(): void } {
  const client = useApiClient();
  const { status, cursor, page_size, lang } = params;
  return useLoader(
    (signal) => backofficeCalls(client).resourceStateList({ status, cursor, page_size, lang }, { signal }),
    [client, status, cursor, page_size, lang],
  );
}
