/**
 * The one place the SSO client touches browser globals (DESIGN: "browser globals behind one guard
 * module", like packages/api/src/globals.ts). Access is lazy: importing the package, and creating a
 * client, is safe in Node and during server-side rendering; `init()` reads `window` once, and every
 * use of it is also injectable through the `window` option.
 *
 * @packageDocumentation
 */

/** `window`, or undefined on the server. Read at call time, never at import time. */
export const win = (): (Window & typeof globalThis) | undefined =>
  typeof window === 'undefined' ? undefined : window;
