/**
 * The one place the tracker touches browser globals (DESIGN: "browser globals behind one guard
 * module", like packages/sso/src/globals.ts). Access is lazy: importing the package, and creating a
 * tracker, is safe in Node and during server-side rendering; `init()` reads `window` once, and every
 * use of it is also injectable through the `window` option.
 *
 * @packageDocumentation
 */
import type { AnalyticsWindow } from './types';

/** `window`, or undefined on the server. Read at call time, never at import time. */
export const win = (): AnalyticsWindow | undefined =>
  typeof window === 'undefined' ? undefined : (window as unknown as AnalyticsWindow);
