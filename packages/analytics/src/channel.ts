import { CHANNEL_KEY, CHANNEL_MEMORY, CHANNEL_STRING_LENGTH, UTM_PARAMS } from './constants';
import type { TrackerPlugin } from './types';
import { query, readJson, writeJson } from './util';
import type { Properties } from './validate';

/** What the channel plugin keeps in localStorage. */
interface Channel {
  /** Start of the channel window, ms since the Unix epoch. */
  since: number;
  /** Events already seen in the window. */
  events: string[];
  /** `_sa_channel_landing_url` of the last visit from another site. */
  landing: string;
}

/**
 * Channel tracking (SPEC §3, §9; Sensors SensorsChannel plugin and its `$latest_utm_*` rule). Raises
 * the longest string value to 1024. At `store done`:
 * - `utm_*` query parameters are registered as `$latest_utm_*`;
 * - on traffic from another site (an empty referrer or one of another origin), the landing
 *   URL is this page's URL when the query has `sat_cf` (a channel link: a `$ChannelLinkReaching` is
 *   tracked and the channel window restarts), else `''`; it is kept in localStorage
 *   (`pcsa_channel`) and sent as `_sa_channel_landing_url` with every event, also on
 *   later pages of the site;
 * - every event other than `$WebClick`, `$pageview`, `$WebStay`, `$SignUp` gets
 *   `$is_channel_callback_event`: true the first time its name is seen in the channel window (30
 *   days), false after.
 *
 * @example
 * ```ts
 * import { createTracker } from '@plugin-center/analytics/core';
 * import { channelPlugin } from '@plugin-center/analytics';
 *
 * createTracker({ plugins: [channelPlugin()] }).init();
 * ```
 */
export function channelPlugin(): TrackerPlugin {
  return {
    setup(host) {
      const { window: w, tracker, storage: s, now } = host;
      const href = w.location.href;
      const ref = w.document.referrer;
      const cf = query(href, 'sat_cf');
      let c = readJson<Channel>(s, CHANNEL_KEY);
      if (!c || !(now() - c.since < CHANNEL_MEMORY) || cf) c = { since: now(), events: [], landing: '' };
      if (!ref.startsWith(new URL(href).origin)) c.landing = cf ? href : '';
      writeJson(s, CHANNEL_KEY, c);
      host.maxString = CHANNEL_STRING_LENGTH;
      host.decorators.push((r) => {
        const e = r.event!;
        const p = r.properties;
        if (r.type === 'track') {
          p._sa_channel_landing_url = c.landing;
          if (!/^\$(WebClick|pageview|WebStay|SignUp)$/.test(e)) {
            const first = !c.events.includes(e);
            p.$is_channel_callback_event = first;
            if (first) {
              c.events.push(e);
              writeJson(s, CHANNEL_KEY, c);
            }
          }
        }
      });
      const latest: Properties = {};
      for (const k of UTM_PARAMS) {
        const v = query(href, k);
        if (v) latest[`$latest_${k}`] = v;
      }
      tracker.register(latest);
      if (cf) tracker.track('$ChannelLinkReaching');
    },
  };
}
