import { ApiError, isAdminRole, isSuccess } from '@plugin-center/api';
import { useEffect, useState } from 'react';
import { useApiClient } from './useApiClient';
import { useSession } from './useSession';

/** Outcome of {@link useAdminGuard}: `checking` → `allowed`, `forbidden` or `signing-in`. */
export type AdminGuardStatus = 'checking' | 'allowed' | 'forbidden' | 'signing-in';

/**
 * The admin route check of SPEC §2 ("Admin routes check login, load the user, redirect to sign-in on
 * 401 and to /403 if not admin"): waits for the SSO client, starts sign-in when nobody is signed in,
 * else asks the server for the caller's role (`GET /api/cmt/manager/verify`): role 1 or 2 →
 * `allowed`, role 0 → `forbidden` (the app then shows /403), a 401 → sign-in. Other failures count as
 * `forbidden`, so an admin page never shows on an unverified session.
 *
 * @returns the guard's status; while `signing-in` the page is navigating to the login page.
 */
export function useAdminGuard(): AdminGuardStatus {
  const api = useApiClient();
  const session = useSession();
  const [status, setStatus] = useState<AdminGuardStatus>('checking');
  const { signIn, signedIn } = session;
  const initializing = session.status === 'initializing';
  const userId = session.user?.user_id;

  // biome-ignore lint/correctness/useExhaustiveDependencies: verify again when another user signs in (another tab)
  useEffect(() => {
    if (initializing) return;
    if (!signedIn) {
      setStatus('signing-in');
      void signIn().catch(() => {});
      return;
    }
    let live = true;
    setStatus('checking');
    api.plugin.verify().then(
      (res) => {
        if (live) setStatus(isSuccess(res) && isAdminRole(res.data.role) ? 'allowed' : 'forbidden');
      },
      (error: unknown) => {
        if (!live) return;
        if (error instanceof ApiError && error.code === 'UNAUTHORIZED') {
          setStatus('signing-in');
          void signIn().catch(() => {});
        } else setStatus('forbidden');
      },
    );
    return () => {
      live = false;
    };
  }, [api, initializing, signedIn, signIn, userId]);

  return status;
}
