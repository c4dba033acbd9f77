import type { CuratedRecommendation, LoaderState, Locale } from '@plugin-center/api';
import { backofficeCalls } from '@plugin-center/api/backoffice';
import { useApiClient } from './useApiClient';
import { useLoader } from './useLoader';

/**
 * The curated recommendation of the back office (`GET /api/cmt/plugin/recommendation/curated`,
 * admin; SPEC §2 "recommendation"): the chosen plugins in order and `is_curated` (false:
 * the square shows the automatic sample). Publish with `backofficeCalls(client).publishRecommendation`.
 *
 * @param params - `lang` of the plugin names
 * @returns the loader state and `reload()`
 */
export function useCuratedRecommendation(
  params: { lang?: Locale } = {},
): LoaderState<CuratedRecommendation> & { reload(): void } {
  const client = useApiClient();
  const { lang } = params;
  return useLoader(
    (signal) => backofficeCalls(client).curatedRecommendation({ lang }, { signal }),
    [client, lang],
  );
}
