import type { LoaderState, SubmissionHistory } from '@plugin-center/api';
import { useApiClient } from './useApiClient';
import { useLoader } from './useLoader';

/**
 * A plugin's submission history (`GET /api/cmt/plugin/audit/history`, its owner or an
 * administrator): each submission's version, review status, submitted and reviewed times and
 * reject reason, newest first. Loads when `enabled` (e.g. once a disclosure opens) and again when
 * the key changes.
 *
 * @param pluginKey - the plugin's key
 * @param enabled - when false nothing is loaded; default true
 * @returns the loader state (`data.submission_list`) and `reload()`; an error is the server's
 *   (403 FORBIDDEN for someone else's plugin, 404 PLUGIN_NOT_FOUND)
 */
export function useSubmissionHistory(
  pluginKey: string,
  enabled = true,
): LoaderState<SubmissionHistory> & { reload(): void } {
  const client = useApiClient();
  return useLoader(
    (signal) => client.plugin.submissionHistory({ plugin_key: pluginKey }, { signal }),
    [client, pluginKey],
    enabled,
  );
}
