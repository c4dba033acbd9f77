/**
 * Ties the tracker's identity to the SSO session (SPEC §4: "Anonymous analytics visitors convert to
 * logged-in identities on login"; "Sign-out: … clear stored login and analytics identity").
 */
import type { Tracker } from '@plugin-center/analytics';
import type { UserInfo } from '@plugin-center/api';
import type { SsoClient } from '@plugin-center/sso';

/**
 * Identifies the signed-in user once: `login(user_id)` (a `$SignUp` whose `original_id` is the
 * anonymous id) and the SPEC §3 profile (`setProfile`). A visitor already identified as this user
 * (a reload, another page of the site) sends nothing again.
 */
function identify(analytics: Tracker, user: UserInfo): void {
  const id = String(user.user_id);
  if (analytics.getSnapshot().history_login_id.value === id) return;
  analytics.login(id);
  analytics.setProfile({
    yt_uid: user.account_id,
    user_name: user.user_name,
    nick_name: user.nick_name,
    ...(user.email ? { email: user.email } : {}),
    ...(user.mobile ? { mobile: user.mobile } : {}),
  });
}

/**
 * Keeps `analytics` in step with `sso`: identifies the user whenever one is signed in, and starts a
 * new anonymous id on sign-out (this tab's, another tab's, or a rejected refresh). Call it before
 * `sso.init()`.
 *
 * @returns `settled`, to call once `sso.init()` has settled: a visitor signed out while away (the
 *   session ended without this page seeing it) whose tracker still holds a login id is reset too.
 */
export function connectIdentity(sso: SsoClient, analytics: Tracker): { settled(): void } {
  sso.subscribe(() => {
    const { user } = sso.getSnapshot();
    if (user) identify(analytics, user);
  });
  sso.onSignOut(() => analytics.logout());
  return {
    settled() {
      const { status } = sso.getSnapshot();
      if (status === 'signed-out' && analytics.getSnapshot().history_login_id.value) analytics.logout();
    },
  };
}
