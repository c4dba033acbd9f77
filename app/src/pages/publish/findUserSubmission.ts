import type { ApiClient } from '@plugin-center/api';
import { backofficeCalls } from '@plugin-center/api/backoffice';
import type { Submission } from '@plugin-center/contract';

/** Pages of `plugin/audit` read at most while looking for one plugin (100 per page). */
const MAX_PAGES = 20;

/**
 * The signed-in user's latest submission of `pluginKey`, read from `plugin.userPlugins()` page by
 * page (SubmissionPage, `next_cursor`); `null` when it is not among them.
 *
 * @throws the API client's `ApiError` on a failed call, or `Error` on a failed envelope
 */
export async function findUserSubmission(
  api: ApiClient,
  pluginKey: string,
  signal: AbortSignal,
): Promise<Submission | null> {
  let cursor: string | undefined;
  for (let i = 0; i < MAX_PAGES; i++) {
    const res = await api.plugin.userPlugins({ page_size: 100, ...(cursor ? { cursor } : {}) }, { signal });
    if (signal.aborted) return null;
    if ((res.code !== 0 && res.code !== 200) || !res.data) throw new Error(res.message ?? 'failed');
    const found = res.data.submission_list.find((s) => s.plugin_key === pluginKey);
    if (found) return found;
    if (!res.data.next_cursor) return null;
    cursor = res.data.next_cursor;
  }
  return null;
}

/**
 * For an administrator editing someone else's plugin (the contract lets an admin edit any plugin):
 * its latest submission from the audit list (`plugin.auditList`, all states, searched by the key),
 * matched exactly on `plugin_key`; `null` when not found.
 *
 * @throws the API client's `ApiError` on a failed call, or `Error` on a failed envelope
 */
export async function findAnySubmission(
  api: ApiClient,
  pluginKey: string,
  signal: AbortSignal,
): Promise<Submission | null> {
  const res = await backofficeCalls(api).auditList(
    { status: 0, keyword: pluginKey.slice(0, 100), page_size: 100 },
    { signal },
  );
  if (signal.aborted) return null;
  if ((res.code !== 0 && res.code !== 200) || !res.data) throw new Error(res.message ?? 'failed');
  return res.data.submission_list.find((s) => s.plugin_key === pluginKey) ?? null;
}
