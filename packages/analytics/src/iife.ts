/**
 * Entry of the script-tag build `dist/analytics.iife.js` (global `PluginCenterAnalytics`): boots the
 * tracker as `window.sa` from its own `<script>` tag and the snippet's queue.
 *
 * @packageDocumentation
 */
import { bootScriptTag } from './scriptTag';

/** The tracker this script started (also `window.sa`). */
export const tracker = bootScriptTag(window, document.currentScript as HTMLScriptElement | null);
export { createAnalytics } from './analytics';
export { createTracker } from './tracker';
