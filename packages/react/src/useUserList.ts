import type { LoaderState, UserListResult } from '@plugin-center/api';
import { backofficeCalls } from '@plugin-center/api/backoffice';
import { useApiClient } from './useApiClient';
import { useLoader } from './useLoader';

/**
 * One page of the people of the back office (`GET /api/cmt/manager/users`, admin; SPEC §1
 * roles, §2 user info): accounts newest first with their role and `staff_status` (1 active, 0
 * disabled). Change a role with `backofficeCalls(client).setUserRole` (super admin only), disable or enable an
 * account with `backofficeCalls(client).setUserStatus` (any administrator for a general user, a super admin
 * for a general administrator), then `reload()`.
 *
 * @param params - `keyword` (part of the email, nick or user name; at most 254 characters; ignored
 *   when blank), `role` (0, 1 or 2), `cursor` (a page's `next_cursor`), `page_size` (1–100)
 * @returns the loader state (`data`: `user_list`, `total`, `next_cursor`) and `reload()`
 */
export function useUserList(
  params: { keyword?: string; role?: 0 | 1 | 2; cursor?: string; page_size?: number } = {},
): LoaderState<UserListResult> & { reload(): void } {
  const client = useApiClient();
  const keyword = params.keyword?.trim() || undefined;
  const { role, cursor, page_size } = params;
  return useLoader(
    (signal) => backofficeCalls(client).userList({ keyword, role, cursor, page_size }, { signal }),
    [client, keyword, role, cursor, page_size],
  );
}
