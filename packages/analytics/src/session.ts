/**
 * `@plugin-center/analytics/session`: keeps the tracker's identity in step with a sign-in session,
 * such as the SSO client of `@plugin-center/sso` (SPEC §4 "Anonymous analytics visitors convert to
 * logged-in identities on login", "Sign-out: … clear stored login and analytics identity"). The
 * marketplace and any product site that reuses both packages call {@link connectSession} once.
 *
 * @packageDocumentation
 */
import type { Tracker } from './types';

/**
 * The signed-in user as a session reports it: the fields of `UserInfo` (SPEC §3) that identify and
 * profile the visitor. `@plugin-center/api`'s `UserInfo` fits.
 */
export interface SessionUser {
  user_id: number | string;
  account_id?: string | null;
  user_name?: string | null;
  nick_name?: string | null;
  email?: string | null;
  mobile?: string | null;
}

/**
 * What {@link connectSession} needs of a session: `@plugin-center/sso`'s `SsoClient` fits, structurally,
 * so the tracker takes no dependency on the SSO package.
 */
export interface SessionSource {
  /** `status` `signed-out` once the session is known to have none; `user` the signed-in user or null. */
  getSnapshot(): { readonly status: string; readonly user: SessionUser | null };
  /** Calls `listener` after every snapshot change; returns the unsubscribe. */
  subscribe(listener: () => void): () => void;
  /** Calls `listener` when the session goes from signed in to signed out; returns the unsubscribe. */
  onSignOut(listener: () => void): () => void;
}

/**
 * Ties `analytics` to `session` (call it after `analytics.init()`):
 * - a signed-in user the tracker does not hold yet (its `history_login_id`) is identified once:
 *   `login(String(user_id))` (a `$SignUp` whose `original_id` is the anonymous id), `register({ uid })`
 *   and `setProfile` with `yt_uid` (the account id), `user_name`, `nick_name`, and `email` / `mobile`
 *   when set (SPEC §3 analytics profile). A reload, or another page of the same site, sends nothing again;
 * - sign-out (this tab's, another tab's, a rejected refresh), or a session found `signed-out` while
 *   the tracker still holds a login id (the session ended while the site was closed), clears `uid`
 *   and starts a new anonymous id (`logout()`).
 *
 * @returns the function that disconnects them
 *
 * @example
 * ```ts
 * import { connectSession } from '@plugin-center/analytics/session';
 *
 * const ready = sso.init(); // first: it removes ?code= before the first page view is sent
 * analytics.init();
 * const disconnect = connectSession(analytics, sso);
 * ```
 */
export function connectSession(analytics: Tracker, session: SessionSource): () => void {
  const held = () => analytics.getSnapshot().history_login_id.value;
  /** Once per sign-out: both the sign-out hook and the `signed-out` snapshot may call it. */
  const reset = () => {
    if (!held()) return;
    analytics.register({ uid: null });
    analytics.logout();
  };
  const sync = () => {
    const { status, user } = session.getSnapshot();
    if (!user) {
      if (status === 'signed-out') reset();
      return;
    }
    const id = String(user.user_id);
    if (held() === id) return;
    analytics.login(id);
    analytics.register({ uid: id });
    const profile: Record<string, string> = {};
    for (const [key, value] of [
      ['yt_uid', user.account_id],
      ['user_name', user.user_name],
      ['nick_name', user.nick_name],
      ['email', user.email],
      ['mobile', user.mobile],
    ] as const)
      if (value) profile[key] = value;
    analytics.setProfile(profile);
  };
  const off = [session.subscribe(sync), session.onSignOut(reset)];
  sync();
  return () => {
    for (const f of off) f();
  };
}
