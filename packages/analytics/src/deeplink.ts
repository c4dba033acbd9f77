import { DEEPLINK_PATH } from '@plugin-center/contract';
import { DEEPLINK_TIMEOUT } from './constants';
import type { TrackerPlugin } from './types';
import { query } from './util';

/** What `GET /sdk/deeplink/param` answers (Sensors deeplink API). */
export interface DeeplinkInfo {
  app_key?: string;
  android_info?: { url_schemes?: string; download_url?: string };
  ios_info?: { url_schemes?: string; ios_wake_url?: string; download_url?: string };
  errorMsg?: string;
  /** The deeplink key (from the `deeplink` query parameter). */
  key?: string;
  [key: string]: unknown;
}

/** Options of {@link deeplinkPlugin}. */
export interface DeeplinkOptions {
  /** Request timeout, ms; at least (and by default) 2500 (SPEC §9). */
  timeout?: number;
}

/** The deeplink plugin: a {@link TrackerPlugin} with the deeplink answer. */
export interface DeeplinkPlugin extends TrackerPlugin {
  /**
   * Settles after `store done` with the answer and the `key`, or null: no `deeplink` query
   * parameter, an error (logged), the timeout. To open the app as Sensors does, navigate to
   * `ios_info.ios_wake_url`, or the platform's `url_schemes` + `://sensorsdata/sd/<app_key>/<key>`,
   * and to its `download_url` if the page is still visible 2.5 s later.
   */
  readonly ready: Promise<DeeplinkInfo | null>;
}

/**
 * Deeplink (SPEC §7, §9; Sensors Deeplink plugin): with a `deeplink` query parameter ending in
 * `/sd/<app>/<key>`, `GET {server}/sdk/deeplink/param?key=<key>&system_type=JS&project=<project>`,
 * aborted after `timeout` (at least 2500 ms); an answer with `errorMsg` is logged and ignored.
 *
 * @example
 * ```ts
 * import { createTracker } from '@plugin-center/analytics/core';
 * import { deeplinkPlugin } from '@plugin-center/analytics';
 *
 * const deeplink = deeplinkPlugin();
 * createTracker({ plugins: [deeplink] }).init();
 * const info = await deeplink.ready; // null without a `deeplink` query parameter
 * ```
 */
export function deeplinkPlugin(options: DeeplinkOptions = {}): DeeplinkPlugin {
  let done: (info: DeeplinkInfo | null) => void;
  return {
    ready: new Promise((resolve) => {
      done = resolve;
    }),
    setup(host) {
      const key = query(host.window.location.href, 'deeplink')?.match(/\/sd\/\w+\/(\w+)$/)?.[1];
      if (!key) return done(null);
      void host
        .request(
          `${host.options.server ?? ''}${DEEPLINK_PATH}?key=${encodeURIComponent(key)}&system_type=JS&project=${encodeURIComponent(host.project)}`,
          undefined,
          Math.max(DEEPLINK_TIMEOUT, options.timeout ?? 0),
        )
        .then((res) => res.json())
        .then((d: DeeplinkInfo) => {
          if (d.errorMsg) throw Error(d.errorMsg);
          done({ ...d, key });
        })
        .catch((e) => {
          host.log(e);
          done(null);
        });
    },
  };
}
