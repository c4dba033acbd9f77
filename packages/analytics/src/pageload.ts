import { PAGE_LOAD_MAX_DURATION } from './constants';
import type { TrackerPlugin } from './types';
import { listen, referrerOf } from './util';

/** Options of {@link pageLoadPlugin}. */
export interface PageLoadOptions {
  /** Longest load time reported, seconds; default 1800 (SPEC §9). */
  maxDuration?: number;
}

/**
 * `$WebPageLoad` (SPEC §3, §9, Sensors PageLoad plugin): once the page has loaded (at once if it
 * already has), reports `$page_load_time` and `event_duration` (the same value: seconds from
 * navigation start to the end of `DOMContentLoaded`, 3 decimals, from the Navigation Timing entry;
 * omitted when unknown or above `maxDuration`), with `$referrer`.
 *
 * @example
 * ```ts
 * import { createTracker } from '@plugin-center/analytics/core';
 * import { pageLoadPlugin } from '@plugin-center/analytics';
 *
 * createTracker({ plugins: [pageLoadPlugin()] }).init();
 * ```
 */
export function pageLoadPlugin(options: PageLoadOptions = {}): TrackerPlugin {
  const { maxDuration = PAGE_LOAD_MAX_DURATION } = options;
  return {
    setup(host) {
      const { window: w } = host;
      const report = () => {
        const entry = w.performance?.getEntriesByType?.('navigation')[0] as
          | PerformanceNavigationTiming
          | undefined;
        const seconds = +((entry?.domContentLoadedEventEnd ?? 0) / 1000).toFixed(3);
        host.tracker.track('$WebPageLoad', {
          $referrer: referrerOf(w.document.referrer),
          ...(seconds > 0 && seconds <= maxDuration && { $page_load_time: seconds, event_duration: seconds }),
        });
      };
      if (w.document.readyState === 'complete') report();
      else listen(host, w, 'load', report);
    },
  };
}
