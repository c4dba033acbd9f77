/**
 * Whether this page runs in the desktop client (SPEC §1): the one piece of desktop support on
 * the site's first load, used by `App.tsx` to choose the header. Everything else (the bridge's
 * actions, the header, its history) is in the lazily loaded chunk of `DesktopHeader`; see `bridge.ts`
 * for the bridge's shape.
 *
 * @packageDocumentation
 */

/** The name of the global the desktop client defines: `window.pluginCenterDesktop`. */
export const DESKTOP_BRIDGE_GLOBAL = 'pluginCenterDesktop';

/**
 * The object the desktop client injected as `window.pluginCenterDesktop`, or undefined: no `window`
 * (SSR, Node), no global, a global that is no object, or a getter that throws. Never throws.
 */
export function findBridge(): object | undefined {
  try {
    const b =
      typeof window === 'undefined'
        ? undefined
        : (window as unknown as Record<string, unknown>)[DESKTOP_BRIDGE_GLOBAL];
    return b && typeof b === 'object' ? b : undefined;
  } catch {
    return undefined;
  }
}

/** Whether this page runs inside the desktop client (its bridge global is an object). Never throws. */
export function isDesktopClient(): boolean {
  return findBridge() !== undefined;
}
