import { type BatchOptions, batchPlugin } from './batch';
import { channelPlugin } from './channel';
import { type ClickOptions, clickPlugin } from './click';
import { type DeeplinkOptions, deeplinkPlugin } from './deeplink';
import { pageModePlugin } from './mode';
import { type PageLeaveOptions, pageLeavePlugin } from './pageleave';
import { type PageLoadOptions, pageLoadPlugin } from './pageload';
import { type PageviewOptions, pageviewPlugin } from './pageview';
import { type StayOptions, stayPlugin } from './stay';
import { createTracker } from './tracker';
import type { Tracker, TrackerOptions, TrackerPlugin } from './types';
import { type VisualConfigOptions, visualConfigPlugin } from './visual';

/**
 * Which automatic tracking {@link createAnalytics} sets up: `true`/`false`, or the plugin's options
 * (meaning on). Defaults: pageMode, channel, pageLeave, pageview (without `singlePage`), click
 * (without `div`), stay, pageLoad and deeplink on; visualConfig off.
 */
export interface AutoTrackOptions {
  pageMode?: boolean;
  channel?: boolean;
  pageLeave?: boolean | PageLeaveOptions;
  pageview?: boolean | PageviewOptions;
  click?: boolean | ClickOptions;
  stay?: boolean | StayOptions;
  pageLoad?: boolean | PageLoadOptions;
  visualConfig?: boolean | VisualConfigOptions;
  deeplink?: boolean | DeeplinkOptions;
}

/**
 * Options of {@link createAnalytics}: the tracker's, `batch` (batch mode with the batch plugin's
 * options, default off) and `autoTrack`. `plugins` come after these.
 */
export interface AnalyticsOptions extends TrackerOptions {
  batch?: boolean | BatchOptions;
  autoTrack?: AutoTrackOptions;
}

/**
 * Creates the full tracker: `createTracker` with these plugins in this order: page mode, batch
 * (when `batch` is set), channel, page leave, page view, click, stay, page load, visual config,
 * deeplink (see {@link AutoTrackOptions}); then `options.plugins`. Call `init()` in the browser to
 * start.
 *
 * @example
 * ```ts
 * import { createAnalytics } from '@plugin-center/analytics';
 *
 * const analytics = createAnalytics({ deployment: 'www', autoTrack: { pageview: { singlePage: true } } });
 * analytics.init(); // in the browser: the identity, then a $pageview of this page
 * analytics.login(user.user_id);
 * analytics.track('PluginInstalled', { plugin_key: 'color-picker' });
 * ```
 */
export function createAnalytics(options: AnalyticsOptions = {}): Tracker {
  const a: AutoTrackOptions = options.autoTrack ?? {};
  /** The plugin `make` returns, unless `value` (default true) is false; an object is its options. */
  const use = <T>(make: (o?: T) => TrackerPlugin, value: boolean | T = true) =>
    value ? [make(value === true ? undefined : value)] : [];
  return createTracker({
    ...options,
    plugins: [
      ...use(pageModePlugin, a.pageMode),
      ...use(batchPlugin, options.batch ?? false),
      ...use(channelPlugin, a.channel),
      ...use(pageLeavePlugin, a.pageLeave),
      ...use(pageviewPlugin, a.pageview),
      ...use(clickPlugin, a.click),
      ...use(stayPlugin, a.stay),
      ...use(pageLoadPlugin, a.pageLoad),
      ...use(visualConfigPlugin, a.visualConfig ?? false),
      ...use(deeplinkPlugin, a.deeplink),
      ...(options.plugins ?? []),
    ],
  });
}
