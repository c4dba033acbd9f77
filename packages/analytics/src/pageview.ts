import { UTM_PARAMS } from './constants';
import type { TrackerPlugin } from './types';
import { listen, query, referrerOf } from './util';

/** Options of {@link pageviewPlugin}. */
export interface PageviewOptions {
  /**
   * Single-page apps: also track a `$pageview` after `history.pushState` / `replaceState` and on
   * `popstate` / `hashchange`, whenever the URL changed (Sensors `is_track_single_page`). Default
   * false: call `trackPageview()` on route changes yourself.
   */
  singlePage?: boolean;
}

/**
 * `$pageview` (SPEC §3): gives each `$pageview` the `utm_*` query parameters as `$utm_*` and, after
 * the first, the previous page view's URL as `$referrer` (Sensors `autoTrackSinglePage`); tracks one
 * for the page at `store done` (Sensors `autoTrack`); with `singlePage` patches `history.pushState`
 * / `replaceState` (restored by `destroy()`) to track route changes. The page-leave plugin reports
 * the page left.
 *
 * @example
 * ```ts
 * import { createTracker } from '@plugin-center/analytics/core';
 * import { pageviewPlugin } from '@plugin-center/analytics';
 *
 * createTracker({ plugins: [pageviewPlugin({ singlePage: true })] }).init();
 * ```
 */
export function pageviewPlugin(options: PageviewOptions = {}): TrackerPlugin {
  return {
    setup(host) {
      const { tracker, window: w } = host;
      let previous: string | undefined;
      host.decorators.push((r) => {
        if (r.event !== '$pageview') return;
        const href = w.location.href;
        for (const k of UTM_PARAMS) {
          const v = query(href, k);
          if (v) r.properties[`$${k}`] = v;
        }
        if (previous) r.properties.$referrer = referrerOf(previous);
        previous = href;
      });
      tracker.trackPageview();
      const h = w.history;
      if (!options.singlePage || !h) return;
      const check = () => w.location.href !== previous && tracker.trackPageview();
      const { pushState, replaceState } = h;
      h.pushState = (...args) => {
        pushState.apply(h, args);
        check();
      };
      h.replaceState = (...args) => {
        replaceState.apply(h, args);
        check();
      };
      listen(host, w, 'popstate', check);
      listen(host, w, 'hashchange', check);
      return () => Object.assign(h, { pushState, replaceState });
    },
  };
}
