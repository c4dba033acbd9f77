import type { AnalyticsOverview, AnalyticsRangeQuery, LoaderState } from '@plugin-center/api';
import { backofficeCalls } from '@plugin-center/api/backoffice';
import { useApiClient } from './useApiClient';
import { useLoader } from './useLoader';

/**
 * The back office's dashboard (`GET /api/cmt/manager/analytics/overview`, admin): page views,
 * visitors, top plugins and events by name for a time range; loads again when it changes.
 *
 * @param range - `from` and `to` in ms (default the last 30 UTC days), `project`
 * @returns the loader state and `reload()`
 */
export function useAnalyticsOverview(
  range: AnalyticsRangeQuery = {},
): LoaderState<AnalyticsOverview> & { reload(): void } {
  const client = useApiClient();
  const { from, to, project, developer } = range;
  return useLoader(
    (signal) => backofficeCalls(client).analyticsOverview({ from, to, project, developer }, { signal }),
    [client, from, to, project, developer],
  );
}
