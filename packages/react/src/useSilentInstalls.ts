import type { LoaderState, Locale, SilentInstallList } from '@plugin-center/api';
import { backofficeCalls } from '@plugin-center/api/backoffice';
import { useApiClient } from './useApiClient';
import { useLoader } from './useLoader';

/**
 * The default (silent) install set (`GET /api/cmt/plugin/silent_install/list`, admin;
 * SPEC §2, §7): the plugins installed for every new account, by name. Toggle one with
 * `backofficeCalls(client).setSilentInstall`, then `reload()`.
 *
 * @param params - `lang` of the plugin names
 * @returns the loader state (`data.plugin_list`) and `reload()`
 */
export function useSilentInstalls(
  params: { lang?: Locale } = {},
): LoaderState<SilentInstallList> & { reload(): void } {
  const client = useApiClient();
  const { lang } = params;
  return useLoader(
    (signal) => backofficeCalls(client).silentInstallList({ lang }, { signal }),
    [client, lang],
  );
}
