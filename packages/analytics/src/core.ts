/**
 * `@plugin-center/analytics/core`: the tracker without automatic tracking (≤ 3 KB gzipped) — init
 * and its states, identity (anonymous → logged-in → logout), registered properties, profiles,
 * validation (SPEC §5, §8), `track` / `trackPageview`, sending (fetch, beacon) and the plugin kernel.
 * Add plugins from `@plugin-center/analytics`, or use its `createAnalytics`. Safe to import in Node
 * and during SSR.
 *
 * @packageDocumentation
 */

export type { PageMode } from './constants';
export { IDENTITY_KEY, TrackerState } from './constants';
export type { AnalyticsErrorCode } from './errors';
export { ANALYTICS_ERROR_MESSAGES, AnalyticsError } from './errors';
export { createTracker } from './tracker';
export type {
  AnalyticsWindow,
  Consent,
  Deployment,
  IdentityState,
  Listenable,
  PluginHost,
  ProfileProperties,
  RecordType,
  RegisteredProperties,
  StorageLike,
  TrackedRecord,
  Tracker,
  TrackerOptions,
  TrackerPlugin,
  TrackerSnapshot,
} from './types';
export type { Properties, PropertyValue } from './validate';
