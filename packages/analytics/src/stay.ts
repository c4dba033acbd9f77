import { SCROLL_DELAY, STAY_MAX_DURATION, STAY_MIN } from './constants';
import type { AnalyticsWindow, TrackerPlugin } from './types';
import { listen, track } from './util';

/** Options of {@link stayPlugin}. */
export interface StayOptions {
  /** Report a stay only when longer than this, ms (Sensors `scroll_delay_time`); default 4000. */
  minStay?: number;
  /** Longest `event_duration`, seconds (Sensors `scroll_event_duration`); default 18000. */
  maxDuration?: number;
}

/** The vertical scroll position in px, rounded (Sensors `$viewport_position`). */
export const scrollTop = (w: AnalyticsWindow): number =>
  Math.round(w.document.documentElement?.scrollTop || w.pageYOffset || 0);

/**
 * `$WebStay` (SPEC §3, Sensors `heatmap.initScrollmap`): at the first `scroll` event of a gesture
 * the position is noted and checked 1 s later (SPEC §9 "scroll delay 1 s"); if the page has moved
 * since and more than `minStay` passed since the last report, a `$WebStay` reports the noted
 * position (`$viewport_position`, px) and the time since the last report (`event_duration`, s, at
 * most `maxDuration`). On `pagehide` the current position is reported by beacon.
 *
 * @example
 * ```ts
 * import { createTracker } from '@plugin-center/analytics/core';
 * import { stayPlugin } from '@plugin-center/analytics';
 *
 * createTracker({ plugins: [stayPlugin({ minStay: 4000 })] }).init();
 * ```
 */
export function stayPlugin({
  minStay = STAY_MIN,
  maxDuration = STAY_MAX_DURATION,
}: StayOptions = {}): TrackerPlugin {
  return {
    setup(host) {
      const { window: w, now } = host;
      let last = now();
      let pending: unknown;
      const report = (position: number, close?: boolean) => {
        const stayed = now() - last;
        pending = 0;
        if (close || (stayed > minStay && scrollTop(w) !== position))
          track(
            host,
            '$WebStay',
            {
              $viewport_position: position,
              event_duration: Math.min(maxDuration, stayed / 1000),
            },
            close,
          );
        last = now();
      };
      listen(host, w, 'scroll', () => {
        const position = scrollTop(w);
        pending ||= host.timer(() => report(position), SCROLL_DELAY);
      });
      listen(host, w, 'pagehide', () => pending || report(scrollTop(w), true));
    },
  };
}
