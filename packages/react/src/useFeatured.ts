import type { FeaturedSlot, LoaderStatus, Locale } from '@plugin-center/api';
import { useEffect } from 'react';
import { useApiClient } from './useApiClient';
import { useLoader } from './useLoader';

const NO_SLOTS: FeaturedSlot[] = [];
/** Waited past `next_change_time` (ms) so the server's clock has surely reached it. */
const MARGIN_MS = 100;
/** The longest delay `setTimeout` keeps (ms, 2^31 − 1); a later change is asked for again then. */
const MAX_DELAY_MS = 2147483647;

/**
 * The square's featured area (SPEC §2, §4 resource positions): the active slots of
 * `GET /api/cmt/plugin/resource_state/active` (public), most recently started first. When the answer
 * names a `next_change_time` (ms) it asks again then, so a slot appears and disappears on time without
 * a reload. The wait is `next_change_time − server_time` counted from the answer's arrival, which
 * corrects a local clock that differs from the server's (plus {@link MARGIN_MS}). A failure (or a reload
 * failure) leaves no slots and no timer.
 *
 * @param params - `lang` of the plugins' names and intros
 * @returns `slots` (each `{ id, start_time, end_time, is_new, plugin }`), the loader `status` and
 *   `error` (SPEC §4), `reload()`
 */
export function useFeatured(params: { lang?: Locale } = {}): {
  slots: FeaturedSlot[];
  status: LoaderStatus;
  error: unknown;
  reload(): void;
} {
  const client = useApiClient();
  const { lang } = params;
  const s = useLoader((signal) => client.plugin.featuredList({ lang }, { signal }), [client, lang]);
  const data = s.data;
  const reload = s.reload;
  useEffect(() => {
    const next = data?.next_change_time;
    if (next == null || data?.server_time == null) return;
    const delay = Math.min(Math.max(next - data.server_time, 0) + MARGIN_MS, MAX_DELAY_MS);
    const timer = setTimeout(reload, delay);
    return () => clearTimeout(timer);
  }, [data, reload]);
  return { slots: data?.featured_list ?? NO_SLOTS, status: s.status, error: s.error, reload };
}
