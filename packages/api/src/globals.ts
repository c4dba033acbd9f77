/**
 * The one place the API client touches browser globals (DESIGN: "browser globals behind one guard
 * module", after posthog-js `utils/globals.ts`). Every access is lazy and guarded, so the package
 * imports and runs in Node and during server-side rendering, where `window` does not exist.
 *
 * @packageDocumentation
 */

/**
 * Whether the code runs on a server (no `window`), e.g. during server-side rendering (SPEC §7:
 * "server-side rendering uses a separate base URL"). Read at call time, never at import time.
 */
export const isServer = (): boolean => typeof window === 'undefined';

/**
 * The current page path (`window.location.pathname`), or `''` on the server.
 */
export const currentPath = (): string => (isServer() ? '' : window.location.pathname);
