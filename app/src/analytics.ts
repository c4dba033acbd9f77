/**
 * The marketplace's analytics (issue 4; SPEC §1 "page views are tracked and logged-in users are
 * identified to an analytics collector"). The tracker (`./analyticsTracker`, `@plugin-center/analytics`)
 * is loaded after the page has started, so it costs the square's first load nothing; calls made
 * before it arrives wait in a queue and run in order once it has (as the script-tag snippet does).
 *
 * @packageDocumentation
 */

import type { Tracker } from '@plugin-center/analytics';
import type { PluginEvent } from '@plugin-center/contract';
import type { SsoClient } from '@plugin-center/sso';

/**
 * The cookie-consent seam (SPEC §1 "marketing optional"): the consent notice will set this, and
 * marketing properties will be sent only when it is true. Nothing reads marketing properties yet.
 */
export const analyticsConsent = { marketing: false };

let tracker: Tracker | undefined;
const pending: ((t: Tracker) => void)[] = [];

/** Runs `call` with the tracker now, or once it has loaded. */
function withTracker(call: (t: Tracker) => void): void {
  if (tracker) call(tracker);
  else pending.push(call);
}

/**
 * Loads and starts the tracker, tied to the SSO client (see `connectAnalytics`), then runs the
 * queued calls. A failed load is logged and leaves the app working without analytics.
 */
export function startAnalytics(sso: SsoClient): void {
  import('./analyticsTracker').then(
    ({ connectAnalytics }) => {
      tracker = connectAnalytics(sso);
      for (const call of pending.splice(0)) call(tracker);
    },
    (error: unknown) => console.warn('[plugin-center] analytics did not load:', error),
  );
}

/** Tracks one of the marketplace's plugin events with its `plugin_key` (what the dashboards count). */
export function trackPluginEvent(event: PluginEvent, pluginKey: string): void {
  withTracker((t) => t.track(event, { plugin_key: pluginKey }));
}
