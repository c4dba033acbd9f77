/**
 * The tracker of the marketplace, loaded lazily by `./analytics`: `@plugin-center/analytics` posting
 * to this server's collector (`/sa`, project `default`) with `$pageview` on every route change
 * (single-page mode), `$WebClick`, `$WebStay`, `$WebPageLeave`, `$WebPageLoad`.
 *
 * @packageDocumentation
 */

import { createAnalytics, type Tracker } from '@plugin-center/analytics';
import type { UserInfo } from '@plugin-center/api';
import type { SsoClient } from '@plugin-center/sso';

/**
 * Creates and starts the tracker and ties it to the SSO client: on sign-in (or a stored login found at
 * start) the user is identified (`login(user_id)`, profile `yt_uid`, `user_name`, `nick_name`,
 * `email`, `mobile`; registered `uid`); on sign-out (this tab or another) the identity is reset
 * (SPEC §4 "clear stored login and analytics identity").
 *
 * @returns the started tracker
 */
export function connectAnalytics(sso: SsoClient): Tracker {
  const analytics = createAnalytics({ autoTrack: { pageview: { singlePage: true }, deeplink: false } });
  analytics.register({ product: 'plugin-center' });
  analytics.init();
  let identified: number | null = null;
  const identify = (user: UserInfo | null) => {
    if (!user || user.user_id === identified) return;
    identified = user.user_id;
    analytics.login(String(user.user_id));
    analytics.register({ uid: String(user.user_id) });
    analytics.setProfile({
      yt_uid: user.account_id,
      user_name: user.user_name,
      nick_name: user.nick_name,
      ...(user.email ? { email: user.email } : {}),
      ...(user.mobile ? { mobile: user.mobile } : {}),
    });
  };
  identify(sso.getSnapshot().user);
  sso.subscribe(() => identify(sso.getSnapshot().user));
  sso.onSignOut(() => {
    identified = null;
    analytics.register({ uid: null });
    analytics.logout();
  });
  return analytics;
}
