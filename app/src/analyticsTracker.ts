/**
 * The tracker of the marketplace, loaded lazily by `./analytics`: `@plugin-center/analytics` posting
 * to this server's collector (`/sa`, the site's collector project: `site.analyticsProject`, SPEC §9
 * "collector by deployment type") with `$pageview` on every route change
 * (single-page mode), `$WebClick`, `$WebStay`, `$WebPageLeave`, `$WebPageLoad`, and Sensors' preset
 * properties (`presetsPlugin`: screen, viewport, time zone, traffic source, first day / time).
 * Loaded only once the visitor's cookie consent allows marketing (or to clear what an earlier visit
 * stored, see {@link clearAnalytics}).
 *
 * @packageDocumentation
 */

import { createAnalytics, type Tracker } from '@plugin-center/analytics';
import { createTracker } from '@plugin-center/analytics/core';
import { presetsPlugin } from '@plugin-center/analytics/presets';
import { connectSession } from '@plugin-center/analytics/session';
import type { SsoClient } from '@plugin-center/sso';
import { site } from './site';

/** The started tracker and the consent switches of {@link connectAnalytics}. */
export interface AnalyticsHandle {
  readonly tracker: Tracker;
  /** Consent withdrawn: the tracker stops at once and removes its cookie and storage (`Tracker.deny`). */
  deny(): void;
  /** Consent given again: the tracker starts afresh (`Tracker.grant`) and the signed-in user is identified again. */
  grant(): void;
}

/**
 * Creates and starts the tracker (consent granted) and ties it to the SSO client with
 * `connectSession`: on sign-in (or a stored login found at start) the user is identified once
 * (`login(user_id)`, registered `uid`, profile `yt_uid`, `user_name`, `nick_name`, `email`, `mobile`);
 * on sign-out (this tab or another) the identity is reset (SPEC §4 "clear stored login and analytics
 * identity").
 */
export function connectAnalytics(sso: SsoClient): AnalyticsHandle {
  const tracker = createAnalytics({
    project: site.analyticsProject,
    autoTrack: { pageview: { singlePage: true }, deeplink: false },
    plugins: [presetsPlugin()],
  });
  const start = () => {
    tracker.register({ product: 'plugin-center' });
    return connectSession(tracker, sso);
  };
  tracker.init();
  let disconnect = start();
  return {
    tracker,
    deny() {
      disconnect();
      tracker.deny();
    },
    grant() {
      tracker.grant();
      disconnect = start();
    },
  };
}

/**
 * Removes what the tracker stored on an earlier visit (its identity cookie and `pcsa_` storage keys)
 * without starting it: a tracker created with consent `denied` (SPEC §1: a refusal clears).
 */
export function clearAnalytics(): void {
  createTracker({ consent: 'denied' }).init();
}
