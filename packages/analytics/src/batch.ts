import { BATCH_INTERVAL, BATCH_KEY } from './constants';
import { encodeBatch } from './encode';
import type { TrackedRecord, TrackerPlugin } from './types';
import { isHidden, listen, readJson, writeJson } from './util';

/** Options of {@link batchPlugin}. */
export interface BatchOptions {
  /** Send interval, ms; default 6000 (Sensors `batch_send.send_interval`). Queued records expire after twice this. */
  interval?: number;
}

/**
 * Batch mode (SPEC §7 "batch mode sends data_list", §9 "batch expiry twice the send interval";
 * Sensors `batch_send`): records are queued in localStorage (`pcsa_batch`, shared by the
 * site's tabs, so a closed tab's records go with the next page) and sent together as
 * `data_list=<base64 JSON array>&gzip=0` every `interval` ms, at once after a `$pageview` or
 * `track_signup`, and by beacon when the page is hidden or left. A queued record expires `2 ×
 * interval` after it was queued and is then dropped unsent; a failed batch is queued again (until
 * its records expire). Without localStorage, records are sent one by one.
 *
 * @example
 * ```ts
 * import { createTracker } from '@plugin-center/analytics/core';
 * import { batchPlugin } from '@plugin-center/analytics';
 *
 * createTracker({ plugins: [batchPlugin({ interval: 10_000 })] }).init();
 * ```
 */
export function batchPlugin({ interval = BATCH_INTERVAL }: BatchOptions = {}): TrackerPlugin {
  return {
    setup(host) {
      const { storage: s, now, window: w } = host;
      /** Queued records with when each expires (ms since the Unix epoch). */
      const read = () => readJson<{ x: number; r: TrackedRecord }[]>(s, BATCH_KEY) ?? [];
      /**
       * Sends the first 500 unexpired queued records (the collector refuses a larger batch
       * whole) as one batch, the rest at the next flush; queues them again if that fails.
       */
      const flush = async (beacon?: boolean) => {
        const q = read().filter((e) => e.x > now());
        const b = q.splice(0, 500);
        writeJson(s, BATCH_KEY, q);
        if (b.length && !(await host.post(encodeBatch(b.map((e) => e.r)), beacon)))
          writeJson(s, BATCH_KEY, [...b, ...read()]);
      };
      const tick = () => {
        void flush();
        host.timer(tick, interval);
      };
      if (!s) return;
      host.transport = (r, beacon) => {
        writeJson(s, BATCH_KEY, [...read(), { x: now() + 2 * interval, r }]);
        if (r.event === '$pageview' || r.type === 'track_signup') void flush(beacon);
      };
      host.flush = flush;
      host.timer(tick, interval);
      listen(host, w.document, 'visibilitychange', () => isHidden(w) && flush(true));
      listen(host, w, 'pagehide', () => flush(true));
    },
  };
}
