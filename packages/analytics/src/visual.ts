import { VISUAL_CONFIG_PATH } from '@plugin-center/contract';
import { VISUAL_CONFIG_INTERVAL, VISUAL_CONFIG_KEY, VISUAL_CONFIG_TIMEOUT } from './constants';
import type { TrackerPlugin } from './types';
import { isHidden, listen, readJson, writeJson } from './util';

/** The visual (heat map) config of the web SDK as the server answers it; `version` is sent back as `v`. */
export interface VisualConfig {
  version?: string;
  os?: string;
  events?: unknown[];
  [key: string]: unknown;
}

/** Options of {@link visualConfigPlugin}. */
export interface VisualConfigOptions {
  /**
   * Poll interval, and longest age of a stored config used at start without a request (the session),
   * ms; default 30 min (SPEC §9).
   */
  interval?: number;
  /** Request timeout, ms; default 5000. */
  timeout?: number;
}

/** The visual-config plugin: a {@link TrackerPlugin} that also tells the config in use. */
export interface VisualConfigPlugin extends TrackerPlugin {
  /** The config in use, or null before the first one. */
  getConfig(): VisualConfig | null;
}

/**
 * Visual config (SPEC §7, §8, §9; Sensors `vtrackcollect`): `GET {server}/config/visualized/Web.conf
 * ?app_id=<page host name>&v=<version in use>`, aborted after `timeout`. Status 200: the JSON body
 * is used; 205: the config is cleared (`{}`); 304: kept; any other is logged as abnormal and the
 * config cleared; a failed request is logged and the config kept. The config, its server and its
 * time are stored in localStorage (`pcsa_vtrack`); at start a stored config younger than `interval`
 * (the session, for the same server) is used and the next request scheduled for when it is
 * `interval` old; an older one is used until the answer. Polled
 * every `interval` while the page is visible: hiding the page stops the timer, showing it requests
 * at once if the config is `interval` old, else schedules the rest.
 *
 * @example
 * ```ts
 * import { createTracker } from '@plugin-center/analytics/core';
 * import { visualConfigPlugin } from '@plugin-center/analytics';
 *
 * const visual = visualConfigPlugin({ interval: 30 * 60_000 });
 * createTracker({ plugins: [visual] }).init();
 * const config = visual.getConfig(); // null until the first answer
 * ```
 */
export function visualConfigPlugin({
  interval = VISUAL_CONFIG_INTERVAL,
  timeout = VISUAL_CONFIG_TIMEOUT,
}: VisualConfigOptions = {}): VisualConfigPlugin {
  let config: VisualConfig | null = null;
  return {
    getConfig: () => config,
    setup(host) {
      const { window: w, now, storage: s } = host;
      const server = host.options.server ?? '';
      const saved = readJson<{ time: number; server: string; config: VisualConfig }>(s, VISUAL_CONFIG_KEY);
      let updated = 0;
      let stop = () => {};
      const request = async () => {
        const v = config?.version;
        try {
          const res = await host.request(
            `${server}${VISUAL_CONFIG_PATH}?app_id=${encodeURIComponent(new URL(w.location.href).hostname)}${v ? `&v=${encodeURIComponent(v)}` : ''}`,
            undefined,
            timeout,
          );
          const status = res.status;
          if (status !== 304) {
            if (status !== 200 && status !== 205) host.log(Error(`visual config abnormal: ${status}`));
            config = status === 200 ? await res.json() : {};
          }
          writeJson(s, VISUAL_CONFIG_KEY, { time: now(), server, config });
        } catch (e) {
          host.log(e);
        }
        updated = now();
        stop = host.timer(request, interval);
      };
      /** Requests now if the config is `interval` old, else schedules the request for when it is. */
      const resume = () => {
        const age = now() - updated;
        stop();
        if (age >= 0 && age < interval) stop = host.timer(request, interval - age);
        else void request();
      };
      if (saved?.server === server) {
        config = saved.config;
        updated = saved.time;
      }
      resume();
      listen(host, w.document, 'visibilitychange', () => (isHidden(w) ? stop() : resume()));
      return () => stop();
    },
  };
}
