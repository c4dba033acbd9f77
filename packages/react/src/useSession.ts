import type { UserInfo } from '@plugin-center/api';
import type { SsoStatus } from '@plugin-center/sso';
import { useSyncExternalStore } from 'react';
import { useSsoClient } from './useSsoClient';

/** What {@link useSession} returns. */
export interface Session {
  /** `initializing` until the SSO client's `init()` settles, then `signed-in` or `signed-out`. */
  status: SsoStatus;
  /** The signed-in user (SPEC §3 User), null when signed out or not known yet. */
  user: UserInfo | null;
  /** Logged in means the stored login record has an access token (SPEC §4). */
  signedIn: boolean;
  /** Admin means role 1 or 2 (SPEC §4). */
  isAdmin: boolean;
  /** Full-page navigation to the login page; `{ page: 'sign_up' }` opens sign-up (SPEC §2). */
  signIn(query?: Record<string, string>): Promise<void>;
  /** Logs out with the refresh token and clears the login record (SPEC §4 "Sign-out"). */
  signOut(): Promise<void>;
}

/**
 * The session of the nearest `SsoClientProvider`, re-rendering when it changes (this tab's sign-in,
 * refresh, sign-out, or another tab's). A thin `useSyncExternalStore` over the SSO client's
 * `subscribe`/`getSnapshot`.
 */
export function useSession(): Session {
  const client = useSsoClient();
  const state = useSyncExternalStore(client.subscribe, client.getSnapshot, client.getSnapshot);
  return {
    status: state.status,
    user: state.user,
    signedIn: state.status === 'signed-in' && state.accessToken !== null,
    isAdmin: state.isAdmin,
    signIn: client.signIn,
    signOut: client.signOut,
  };
}
