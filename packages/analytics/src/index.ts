/**
 * `@plugin-center/analytics`: the framework-free tracker (SPEC §1, §3, §4, §5, §7, §8, §9)
 * speaking the Sensors Data web SDK wire — the core of `@plugin-center/analytics/core`, plus the
 * automatic tracking plugins ($pageview with single-page routes, $WebClick, $WebStay,
 * $WebPageLeave with heartbeat, $WebPageLoad, channel and $ChannelLinkReaching, visual config,
 * deeplink, batch) and `createAnalytics` that wires them. The limits, storage names and preset
 * event names are in `@plugin-center/analytics/constants`. Safe to import in Node
 * and during SSR.
 *
 * @packageDocumentation
 */

export type { AnalyticsOptions, AutoTrackOptions } from './analytics';
export { createAnalytics } from './analytics';
export type { BatchOptions } from './batch';
export { batchPlugin } from './batch';
export { channelPlugin } from './channel';
export type { ClickOptions } from './click';
export { clickPlugin } from './click';
export * from './core';
export type { DeeplinkInfo, DeeplinkOptions, DeeplinkPlugin } from './deeplink';
export { deeplinkPlugin } from './deeplink';
export { pageModePlugin } from './mode';
export type { PageLeaveOptions } from './pageleave';
export { pageLeavePlugin } from './pageleave';
export type { PageLoadOptions } from './pageload';
export { pageLoadPlugin } from './pageload';
export type { PageviewOptions } from './pageview';
export { pageviewPlugin } from './pageview';
export type { StayOptions } from './stay';
export { stayPlugin } from './stay';
export type { VisualConfig, VisualConfigOptions, VisualConfigPlugin } from './visual';
export { visualConfigPlugin } from './visual';
