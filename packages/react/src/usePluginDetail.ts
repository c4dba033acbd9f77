import type { LoaderStatus, Locale, PluginDetail } from '@plugin-center/api';
import { useApiClient } from './useApiClient';
import { useLoader } from './useLoader';

/**
 * One plugin's detail with its history versions (`GET /api/cmt/plugin`, SPEC §2, §7), reloaded when
 * the key or `lang` changes. With a `null`/`undefined`/empty key nothing is requested and the status
 * stays `unrequest`. `plugin` is only ever the detail of the current key.
 *
 * @returns `plugin`, the loader `status` and `error` (SPEC §4; a missing plugin is an `error` whose
 *   `error.error` is 'PLUGIN_NOT_FOUND'), `reload()` (e.g. after praise, SPEC §4)
 */
export function usePluginDetail(
  pluginKey: string | null | undefined,
  params: { lang?: Locale } = {},
): { plugin: PluginDetail | undefined; status: LoaderStatus; error: unknown; reload(): void } {
  const client = useApiClient();
  const { lang } = params;
  const s = useLoader(
    (signal) => client.plugin.detail({ plugin_key: pluginKey ?? '', lang }, { signal }),
    [client, pluginKey, lang],
    !!pluginKey,
  );
  if (!pluginKey) return { plugin: undefined, status: 'unrequest', error: undefined, reload: s.reload };
  const plugin = s.data?.plugin_key === pluginKey ? s.data : undefined;
  return { plugin, status: s.status, error: s.error, reload: s.reload };
}
