import type { LoaderStatus, Locale, Tag } from '@plugin-center/api';
import { useApiClient } from './useApiClient';
import { useLoader } from './useLoader';

const NO_TAGS: Tag[] = [];

/**
 * The tags of the square's tag row (`GET /api/cmt/plugin/tag/list`, SPEC §2, §7), reloaded when
 * `lang` changes. The "All" entry (id 0) is not part of the list: the UI adds it.
 *
 * @returns `tags` (empty until loaded), the loader `status` and `error` (SPEC §4), `reload()`
 */
export function useTagList(params: { lang?: Locale } = {}): {
  tags: Tag[];
  status: LoaderStatus;
  error: unknown;
  reload(): void;
} {
  const client = useApiClient();
  const { lang } = params;
  const s = useLoader((signal) => client.plugin.tagList({ lang }, { signal }), [client, lang]);
  return { tags: s.data?.tag_list ?? NO_TAGS, status: s.status, error: s.error, reload: s.reload };
}
