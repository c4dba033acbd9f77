import type { LoaderStatus, Locale, PluginSummary } from '@plugin-center/api';
import { useState } from 'react';
import { useApiClient } from './useApiClient';
import { useLoader } from './useLoader';

const NO_PLUGINS: PluginSummary[] = [];
const MAX_SEED = 2147483647;

/**
 * Recommended plugins with refresh (`GET /api/cmt/plugin/recommendation/list`, SPEC §2, §7): the
 * administrators' curated choice when there is one (a window of `count` of it), else an
 * automatic sample. The first load uses a random `seed`; `refresh()` asks with the next seed (another
 * sample, or the next window of a curated choice longer than `count`) and reloads, keeping the current
 * plugins until the new ones arrive. Each load asks the server afresh (no HTTP cache), so a newly
 * published choice shows on the next mount or refresh.
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
  // The next seed: another sample, or with a curated choice longer than `count`  the next
  // window of it (the server starts the window at seed × count), never the same twice in a row.
  const refresh = () => setSeed((old) => (old + 1) % MAX_SEED);
  return { plugins: s.data?.plugin_list ?? NO_PLUGINS, status: s.status, error: s.error, refresh };
}
