import { useSession } from '@plugin-center/react';
import { useEffect, useRef } from 'react';

/**
 * Calls `reload` when the signed-in user changes (signs in, out, or another user), not on mount.
 * The plugin detail carries the caller's `is_praise` / `is_installed` (SPEC §3), and its first
 * request may go out before the SSO client has validated the stored login.
 *
 * @param reload - reloads the data that depends on the caller (a stable function, e.g. a loader's)
 */
export function useReloadOnUserChange(reload: () => void): void {
  const userId = useSession().user?.user_id;
  const seenUser = useRef(userId);
  useEffect(() => {
    if (seenUser.current === userId) return;
    seenUser.current = userId;
    reload();
  }, [userId, reload]);
}
