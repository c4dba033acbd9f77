import type { LoaderState, PluginStats, PluginStatsQuery } from '@plugin-center/api';
import { useApiClient } from './useApiClient';
import { useLoader } from './useLoader';

/**
 * One plugin's statistics for its publisher (`GET /api/cmt/plugin/stats`, the plugin's owner or an
 * administrator): installs, uninstalls, views, likes and ratings per UTC day and per version over a
 * range of UTC days; loads again when the plugin or the range changes. Errors (403 FORBIDDEN, 404
 * PLUGIN_NOT_FOUND, 400 INVALID_PARAMETER) end in the loader's `error` status with the answer's code.
 *
 * @param query - `plugin_key`, and `from` / `to` as `YYYY-MM-DD` UTC days, both included (default:
 *   the 30 days up to today)
 * @returns the loader state and `reload()`
 */
export function usePluginStats(query: PluginStatsQuery): LoaderState<PluginStats> & { reload(): void } {
  const client = useApiClient();
  return useLoader(
    (signal) => client.plugin.pluginStats(query, { signal }),
    [client, query.plugin_key, query.from, query.to],
  );
}
