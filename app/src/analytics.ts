/**
 * The marketplace's analytics (SPEC §1 "page views are tracked and logged-in users are
 * identified to an analytics collector"), under the visitor's cookie consent (SPEC §1
 * "marketing optional"). The tracker (`./analyticsTracker`, `@plugin-center/analytics`) is loaded
 * after the page has started, so it costs the square's first load nothing, and only when
 * marketing is allowed (`marketingAllowed`: accepted, or no choice on a site that does not ask);
 * calls made before it arrives wait in a queue and run in order once it has (as the script-tag
 * snippet does). While marketing is not allowed, calls are dropped.
 *
 * @packageDocumentation
 */

import type { Tracker } from '@plugin-center/analytics';
import type { PluginEvent } from '@plugin-center/contract';
import type { SsoClient } from '@plugin-center/sso';
import type { AnalyticsHandle } from './analyticsTracker';
import { type ConsentStore, consentStore, marketingAllowed } from './consent/consentStore';

/**
 * The tracker's identity cookie and storage-key prefix (`IDENTITY_COOKIE`, `STORAGE_PREFIX` of
 * `@plugin-center/analytics/constants`, written out here: importing that module would bring all of
 * its constants into the square's first load).
 */
const IDENTITY_COOKIE = 'plugincenter2015jssdkcross';
const STORAGE_PREFIX = 'pcsa_';

let handle: AnalyticsHandle | undefined;
/** Whether marketing is allowed, as last applied (undefined before `startAnalytics`). */
let allowed: boolean | undefined;
const pending: ((t: Tracker) => void)[] = [];
let chunk: Promise<typeof import('./analyticsTracker')> | undefined;
const load = () => {
  chunk ??= import('./analyticsTracker');
  return chunk;
};

/** Runs `call` with the tracker now, or once it has loaded; drops it while marketing is not allowed. */
function withTracker(call: (t: Tracker) => void): void {
  if (allowed === false) return;
  if (handle) call(handle.tracker);
  else pending.push(call);
}

/** Whether the tracker's identity cookie or storage keys are in this browser (from an earlier visit). */
function trackerLeftovers(): boolean {
  try {
    if (document.cookie.includes(`${IDENTITY_COOKIE}=`)) return true;
    for (let i = 0; i < localStorage.length; i += 1) {
      const key = localStorage.key(i) ?? '';
      if (key === IDENTITY_COOKIE || key.startsWith(STORAGE_PREFIX)) return true;
    }
  } catch {
    // storage blocked: nothing of ours there
  }
  return false;
}

/**
 * Follows the consent `store` (default this page's): when marketing is allowed, loads and starts the
 * tracker tied to the SSO client (see `connectAnalytics`) and runs the queued calls; when it is not
 * (any more), stops the tracker and clears its cookie and storage, or, if the tracker never loaded,
 * clears what an earlier visit left (loading the tracker's chunk only then). A failed load is logged
 * and leaves the app working without analytics.
 *
 * @returns the function that stops following the store
 */
export function startAnalytics(sso: SsoClient, store: ConsentStore = consentStore): () => void {
  const apply = () => {
    const now = marketingAllowed(store.getSnapshot());
    if (now === allowed) return;
    allowed = now;
    if (!now) pending.length = 0;
    if (!now && !handle && !trackerLeftovers()) return;
    load().then(
      (m) => {
        if (allowed !== now) return; // changed meanwhile: the later change applies itself
        if (!now) {
          if (handle) handle.deny();
          else m.clearAnalytics();
        } else if (handle) handle.grant();
        else {
          handle = m.connectAnalytics(sso);
          for (const call of pending.splice(0)) call(handle.tracker);
        }
      },
      (error: unknown) => console.warn('[plugin-center] analytics did not load:', error),
    );
  };
  apply();
  return store.subscribe(apply);
}

/** Tracks one of the marketplace's plugin events with its `plugin_key` (what the dashboards count). */
export function trackPluginEvent(event: PluginEvent, pluginKey: string): void {
  withTracker((t) => t.track(event, { plugin_key: pluginKey }));
}
