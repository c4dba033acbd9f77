import type { LoaderStatus, Locale, PublisherPage } from '@plugin-center/api';
import { useApiClient } from './useApiClient';
import { useLoader } from './useLoader';

/**
 * A publisher's page (`GET /api/cmt/plugin/publisher`): profile, totals and approved, listed
 * plugins (newest first, capped at 100), reloaded when the handle or `lang` changes. With an empty
 * handle nothing is requested and the status stays `unrequest`.
 *
 * @returns `page`, the loader `status` and `error` (an unknown handle is an `error` whose
 *   `error.error` is 'PUBLISHER_NOT_FOUND'), `reload()`
 */
export function usePublisherPage(
  handle: string | null | undefined,
  params: { lang?: Locale } = {},
): { page: PublisherPage | undefined; status: LoaderStatus; error: unknown; reload(): void } {
  const client = useApiClient();
  const { lang } = params;
  const s = useLoader(
    (signal) => client.plugin.publisherPage({ handle: handle ?? '', lang }, { signal }),
    [client, handle, lang],
    !!handle,
  );
  if (!handle) return { page: undefined, status: 'unrequest', error: undefined, reload: s.reload };
  return { page: s.data, status: s.status, error: s.error, reload: s.reload };
}
