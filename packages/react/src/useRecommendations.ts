import type { LoaderStatus, Locale, PluginSummary } from '@plugin-center/api';
import { useState } from 'react';
import { useApiClient } from './useApiClient';
import { useLoader } from './useLoader';

const NO_PLUGINS: PluginSummary[] = [];
const MAX_SEED = 2147483647;

/**
 * Recommended plugins with refresh (`GET /api/cmt/plugin/recommendation/list`, SPEC §2, §7). The
 * sample is chosen by a random `seed`; `refresh()` picks another seed (always different) and reloads,
 * keeping the current plugins until the new ones arrive.
 *
 * @param params - `count` (1–24, server default 4), `lang`
 * @returns `plugins`, the loader `status` and `error` (SPEC §4), `refresh()`
 */
export function useRecommendations(params: { count?: number; lang?: Locale } = {}): {
  plugins: PluginSummary[];
  status: LoaderStatus;
  error: unknown;
  refresh(): void;
} {
  const client = useApiClient();
  const { count, lang } = params;
  const [seed, setSeed] = useState(() => Math.floor(Math.random() * MAX_SEED));
  const s = useLoader(
    (signal) => client.plugin.recommendationList({ count, lang, seed }, { signal }),
    [client, count, lang, seed],
  );
  const refresh = () => setSeed((old) => (old + 1 + Math.floor(Math.random() * 1000)) % MAX_SEED);
  return { plugins: s.data?.plugin_list ?? NO_PLUGINS, status: s.status, error: s.error, refresh };
}
