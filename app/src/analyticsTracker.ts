/**
 * The tracker of the marketplace, loaded lazily by `./analytics`: `@plugin-center/analytics` posting
 * to this server's collector (`/sa`, project `default`) with `$pageview` on every route change
 * (single-page mode), `$WebClick`, `$WebStay`, `$WebPageLeave`, `$WebPageLoad`, and Sensors' preset
 * properties (`presetsPlugin`: screen, viewport, time zone, traffic source, first day / time).
 *
 * @packageDocumentation
 */

import { createAnalytics, type Tracker } from '@plugin-center/analytics';
import { presetsPlugin } from '@plugin-center/analytics/presets';
import { connectSession } from '@plugin-center/analytics/session';
import type { SsoClient } from '@plugin-center/sso';

/**
 * Creates and starts the tracker and ties it to the SSO client with `connectSession`: on sign-in (or a
 * stored login found at start) the user is identified once (`login(user_id)`, registered `uid`,
 * profile `yt_uid`, `user_name`, `nick_name`, `email`, `mobile`); on sign-out (this tab or another)
 * the identity is reset (SPEC §4 "clear stored login and analytics identity").
 *
 * @returns the started tracker
 */
export function connectAnalytics(sso: SsoClient): Tracker {
  const analytics = createAnalytics({
    autoTrack: { pageview: { singlePage: true }, deeplink: false },
    plugins: [presetsPlugin()],
  });
  analytics.register({ product: 'plugin-center' });
  analytics.init();
  connectSession(analytics, sso);
  return analytics;
}
