import { type AnalyticsOptions, createAnalytics } from './analytics';
import { presetsPlugin } from './presets';
import { siteLinkerPlugin } from './siteLinker';
import type { Deployment, Tracker, TrackerOptions } from './types';

/** The stub the {@link SNIPPET} defines: calls queued as `[method, arguments]`. */
export interface QueueStub {
  q?: [string, unknown[]][];
}

/**
 * Starts the script-tag build (`dist/analytics.iife.js`): reads the options from the `data-*`
 * attributes of `script`, merges the options of queued `init` calls, creates the full tracker as
 * `window[data-name]` (default `sa`), replays the other queued calls, then inits it.
 *
 * Attributes: `data-server` (collector origin, default the page's), `data-collector-path` (default
 * `/sa`), `data-project`, `data-deployment` (`www`, `oversea`, `test`), `data-batch` (`true`, or the
 * interval in ms), `data-single-page` (`true`: track history route changes), `data-visual-config`
 * (`true`: poll the visual config), `data-presets` (`false`: leave out `presetsPlugin`, Sensors'
 * preset properties, on by default after the other plugins), `data-linker` (sites to carry the
 * identity to by `_sasdk`, comma separated `part_url`s with `after_hash` false: turns on
 * `siteLinkerPlugin`, last), `data-consent` (`pending`: start only after `sa.grant()`, the site's own
 * consent banner calling it; `denied`), `data-name`.
 */
export function bootScriptTag(w: object, script: { dataset?: DOMStringMap } | null): Tracker {
  const d = script?.dataset ?? {};
  const g = w as Record<string, unknown>;
  const name = d.name || 'sa';
  const queued = (g[name] as QueueStub | undefined)?.q ?? [];
  let options: AnalyticsOptions = {
    server: d.server,
    collectorPath: d.collectorPath,
    project: d.project,
    deployment: d.deployment as Deployment | undefined,
    consent: d.consent === 'pending' || d.consent === 'denied' ? d.consent : undefined,
    batch: d.batch === 'true' || (+d.batch! > 0 && { interval: +d.batch! }),
    autoTrack: { pageview: { singlePage: d.singlePage === 'true' }, visualConfig: d.visualConfig === 'true' },
  };
  for (const [m, args] of queued) if (m === 'init') options = { ...options, ...(args[0] as TrackerOptions) };
  const linker = d.linker?.split(',').map((p) => ({ part_url: p.trim(), after_hash: false }));
  const plugins = [
    ...(options.plugins ?? []),
    ...(d.presets === 'false' ? [] : [presetsPlugin()]),
    ...(linker ? [siteLinkerPlugin({ linker })] : []),
  ];
  const tracker = createAnalytics({ ...options, plugins });
  g[name] = tracker;
  for (const [m, args] of queued)
    if (m !== 'init') (tracker[m as keyof Tracker] as ((...a: unknown[]) => void) | undefined)?.(...args);
  tracker.init();
  return tracker;
}
