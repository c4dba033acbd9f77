import type { TrackerPlugin } from './types';
import { query } from './util';

/**
 * Page mode (SPEC §7 query parameters `sa-request-id`, `sa-request-type`, `sa-request-url`,
 * `sa-visual-mode`; Sensors `detectMode`): a page opened with `sa-request-id` is a heat-map view
 * (mode `heatmap`), a page inside a frame opened with `sa-visual-mode=true` a visual-tracking view
 * (mode `visual`). In either mode nothing is sent: the Sensors analysis page renders over the site,
 * and `sa-request-type` / `sa-request-url` are its business. Set this plugin up first, so that
 * nothing is sent before.
 *
 * @example
 * ```ts
 * import { createTracker } from '@plugin-center/analytics/core';
 * import { pageModePlugin } from '@plugin-center/analytics';
 *
 * createTracker({ plugins: [pageModePlugin()] }).init();
 * ```
 */
export function pageModePlugin(): TrackerPlugin {
  return {
    setup(host) {
      const { window: w } = host;
      const href = w.location.href;
      if (query(href, 'sa-request-id')) host.mode = 'heatmap';
      else if (w.parent !== w && query(href, 'sa-visual-mode') === 'true') host.mode = 'visual';
    },
  };
}
