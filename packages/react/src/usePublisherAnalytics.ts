import type { AnalyticsRangeQuery, LoaderState, PublisherAnalytics } from '@plugin-center/api';
import { useApiClient } from './useApiClient';
import { useLoader } from './useLoader';

/**
 * A publisher's report (`GET /api/cmt/plugin/analytics`, signed in): views, installs and likes of
 * their plugins per day for a time range; loads again when it changes.
 *
 * @param range - `from` and `to` in ms (default the last 30 UTC days), `developer` (administrators name one)
 * @returns the loader state and `reload()`
 */
export function usePublisherAnalytics(
  range: AnalyticsRangeQuery = {},
): LoaderState<PublisherAnalytics> & { reload(): void } {
  const client = useApiClient();
  const { from, to, project, developer } = range;
  return useLoader(
    (signal) => client.plugin.publisherAnalytics({ from, to, project, developer }, { signal }),
    [client, from, to, project, developer],
  );
}
