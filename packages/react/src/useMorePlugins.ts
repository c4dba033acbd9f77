import type { LoaderStatus, Locale, PluginSummary } from '@plugin-center/api';
import { useApiClient } from './useApiClient';
import { useLoader } from './useLoader';

const NO_PLUGINS: PluginSummary[] = [];

/**
 * "More from this publisher" of a plugin (`GET /api/cmt/plugin/more`): the other listed approved
 * plugins of its owner (or, for an imported plugin without one, of its developer), most installed
 * first, reloaded when the key, `count` or `lang` changes. With a `null`/`undefined`/empty key
 * nothing is requested and the status stays `unrequest`. `plugins` is empty until the first answer;
 * after a key change the previous key's stay until the new ones arrive (status `requesting`), so a
 * page that must never show them mounts the caller per key.
 *
 * @param pluginKey - the plugin whose publisher's other plugins are wanted
 * @param params - `count` (1–12, server default 6), `lang`
 * @returns `plugins`, the loader `status` and `error` (a key of no approved plugin is an `error`
 *   whose `error.error` is 'PLUGIN_NOT_FOUND')
 */
export function useMorePlugins(
  pluginKey: string | null | undefined,
  params: { count?: number; lang?: Locale } = {},
): { plugins: PluginSummary[]; status: LoaderStatus; error: unknown } {
  const client = useApiClient();
  const { count, lang } = params;
  const s = useLoader(
    (signal) => client.plugin.more({ plugin_key: pluginKey ?? '', count, lang }, { signal }),
    [client, pluginKey, count, lang],
    !!pluginKey,
  );
  if (!pluginKey) return { plugins: NO_PLUGINS, status: 'unrequest', error: undefined };
  return { plugins: s.data?.plugin_list ?? NO_PLUGINS, status: s.status, error: s.error };
}
