import {
  FIRST_HEARTBEAT_DURATION,
  HEARTBEAT_INTERVAL,
  HEARTBEAT_KEY,
  HEARTBEAT_RETENTION,
  PAGE_LEAVE_DUPLICATE_WINDOW,
  PAGE_LEAVE_MAX_DURATION,
} from './constants';
import { scrollTop } from './stay';
import type { TrackedRecord, TrackerPlugin } from './types';
import { decode, isHidden, listen, pathOf, readJson, referrerOf, safe, track, writeJson } from './util';

/** Options of {@link pageLeavePlugin}. */
export interface PageLeaveOptions {
  /** Heartbeat interval, ms; default 5000 (SPEC §9). */
  heartbeatInterval?: number;
  /** Longest `event_duration`, seconds; a longer stay is sent without it. Default 432000 (5 days). */
  maxDuration?: number;
}

/**
 * `$WebPageLeave` (SPEC §3, §9, Sensors PageLeave plugin): when the page is hidden, left
 * (`pagehide`) or switched (a `$pageview` of another URL: a single-page route), reports `$url`,
 * `$url_path`, `$title`, `$referrer`, `$viewport_position` and `event_duration`
 * (seconds since the page was shown, 3 decimals; omitted beyond `maxDuration` or when the page was
 * hidden). Another page end within 5 s of a report is the same leave and is not reported again.
 *
 * While the page is visible a heartbeat stores the would-be `$WebPageLeave` record in localStorage
 * (`pcsa_pageleave-<page_id>`) every `heartbeatInterval` ms, the first one with the
 * marker `event_duration: 3.14`; a reported leave removes it. When a heartbeat starts, stored
 * heartbeats of other pages older than the interval plus 5 s (a killed tab, a crash) are sent and
 * removed.
 *
 * @example
 * ```ts
 * import { createTracker } from '@plugin-center/analytics/core';
 * import { pageLeavePlugin } from '@plugin-center/analytics';
 *
 * createTracker({ plugins: [pageLeavePlugin({ heartbeatInterval: 5000 })] }).init();
 * ```
 */
export function pageLeavePlugin({
  heartbeatInterval = HEARTBEAT_INTERVAL,
  maxDuration = PAGE_LEAVE_MAX_DURATION,
}: PageLeaveOptions = {}): TrackerPlugin {
  return {
    setup(host) {
      const { window: w, now, storage: s } = host;
      const key = `${HEARTBEAT_KEY}-${`${Math.random()}`.slice(2, 11)}`;
      let start: number;
      let shown: boolean;
      let ended: unknown;
      let url: string;
      let title: string;
      let referrer = w.document.referrer;
      let stop = () => {};

      const props = () => {
        const d = (now() - start) / 1000;
        return {
          $title: title,
          $url: decode(url),
          $url_path: pathOf(url),
          $referrer: referrerOf(referrer),
          $viewport_position: scrollTop(w),
          ...(shown && d > 0 && d <= maxDuration && { event_duration: +d.toFixed(3) }),
        };
      };
      const begin = () => {
        start = now();
        shown = !isHidden(w);
        url = w.location.href;
        title = w.document.title;
        ended = 0;
      };
      const beat = (first?: boolean) => {
        writeJson(
          s,
          key,
          host.build('track', '$WebPageLeave', {
            ...props(),
            ...(first && { event_duration: FIRST_HEARTBEAT_DURATION }),
          }),
        );
        stop = host.timer(beat, heartbeatInterval);
      };
      /** Starts the heartbeat; sends the heartbeats of pages that stopped beating (Sensors `reissueHeartBeatData`). */
      const run = () => {
        stop();
        beat(true);
        for (let i = s?.length ?? 0; i--; ) {
          const k = s!.key(i)!;
          const r = k.startsWith(HEARTBEAT_KEY) && k !== key && readJson<TrackedRecord>(s, k);
          if (r && now() - r.time > heartbeatInterval + HEARTBEAT_RETENTION) {
            host.send(r);
            s!.removeItem(k);
          }
        }
      };
      const end = (beacon?: boolean) => {
        stop();
        if (ended) return;
        track(host, '$WebPageLeave', props(), beacon);
        shown = false;
        ended = host.timer(() => (ended = 0), PAGE_LEAVE_DUPLICATE_WINDOW);
        safe(() => s!.removeItem(key));
      };

      begin();
      listen(host, w, 'pagehide', () => end(true));
      listen(host, w.document, 'visibilitychange', () => {
        if (isHidden(w)) {
          url = w.location.href;
          title = w.document.title;
          end(true);
        } else {
          begin();
          run();
        }
      });
      host.decorators.push((r) => {
        // A `$pageview` of another URL (a single-page route change): the page left is reported first.
        if (r.event === '$pageview' && w.location.href !== url) {
          end();
          referrer = url;
          begin();
          run();
        }
      });
      if (shown!) run();
      return () => stop();
    },
  };
}
