/**
 * The desktop-client bridge (issue 15, SPEC §1 "A desktop-client bridge exists with actions: open
 * files, set title, log out, change theme"). The desktop client (an Electron-style shell that shows
 * `/plugins/` in its window) injects one global object before the page's scripts run, the way an
 * Electron preload does with `contextBridge.exposeInMainWorld('pluginCenterDesktop', {…})`:
 *
 * ```ts
 * window.pluginCenterDesktop = {
 *   openFiles(request: { urls: string[] }): void | Promise<void>,   // see OpenFilesRequest
 *   setTitle(title: string): void | Promise<void>,                 // the window's title
 *   logOut(): void | Promise<void>,                                // the app signed out
 *   changeTheme(theme: { topicColor: string; accent: string }): void | Promise<void>,
 * };
 * ```
 *
 * Every action is optional (an older client may lack one): {@link supports} tells. Every call here is
 * a no-op outside the client, when the client lacks the action or when the payload is invalid, and
 * never throws: a host method that throws (or returns a rejected promise) is caught, and the first
 * failure of each action is logged with `console.warn`. Safe without `window` (SSR, Node).
 *
 * This module is on the square's first load (the title follows every page), so it stays small; the
 * rest of the desktop support is lazily loaded with the desktop header.
 *
 * @packageDocumentation
 */

/** The name of the global the desktop client defines: `window.pluginCenterDesktop`. */
export const DESKTOP_BRIDGE_GLOBAL = 'pluginCenterDesktop';

/** Longest window title sent, in UTF-16 code units (a surrogate pair is never split). */
export const MAX_TITLE_LENGTH = 200;
/** Most URLs one `openFiles` call sends. */
export const MAX_OPEN_FILES = 20;
/** Longest URL `openFiles` sends, in characters. */
export const MAX_URL_LENGTH = 2048;

/**
 * Payload of `openFiles`: absolute `http:`/`https:` URLs of the files to open in the client (at most
 * {@link MAX_OPEN_FILES}); an empty list asks the client to show its own open-file dialog.
 */
export interface OpenFilesRequest {
  readonly urls: readonly string[];
}

/**
 * Payload of `changeTheme`: the space's topic colour (SPEC §3 `ext.template.topic_color_key`, a key
 * of `TOPIC_COLOR_VALUES`, e.g. `'teal'`) and its accent as a CSS hex colour `#rrggbb`, for the
 * client's own chrome.
 */
export interface ThemeChange {
  readonly topicColor: string;
  readonly accent: string;
}

/** What the desktop client injects as `window.pluginCenterDesktop`; every action optional. */
export interface DesktopBridge {
  openFiles?(request: OpenFilesRequest): unknown;
  setTitle?(title: string): unknown;
  logOut?(): unknown;
  changeTheme?(theme: ThemeChange): unknown;
}

/** The bridge's action names. */
export type DesktopAction = keyof DesktopBridge;

/** Actions whose failure has been logged already (each is logged once). */
const warned = new Set<string>();

/** The injected bridge object, or undefined (no `window`, no global, or a global that is no object). */
function bridge(): DesktopBridge | undefined {
  try {
    const b =
      typeof window === 'undefined'
        ? undefined
        : (window as unknown as Record<string, unknown>)[DESKTOP_BRIDGE_GLOBAL];
    return b && typeof b === 'object' ? (b as DesktopBridge) : undefined;
  } catch {
    return undefined;
  }
}

/** Whether this page runs inside the desktop client (its bridge global is an object). */
export function isDesktopClient(): boolean {
  return bridge() !== undefined;
}

/** Whether the desktop client offers `action` (false outside the client, never throws). */
export function supports(action: DesktopAction): boolean {
  try {
    return typeof bridge()?.[action] === 'function';
  } catch {
    return false;
  }
}

const fail = (action: string, error: unknown) => {
  if (warned.has(action)) return;
  warned.add(action);
  console.warn(`[plugin-center] desktop ${action}:`, error);
};

/**
 * Calls `action` on the bridge with `arg` (as a method of the bridge object). Returns whether the call
 * was made. A throw or a rejected promise is caught and logged once per action.
 */
export function callBridge(action: DesktopAction, arg?: unknown): boolean {
  const b = bridge();
  try {
    const method = b?.[action] as unknown;
    if (typeof method !== 'function') return false;
    const result: unknown = arg === undefined ? method.call(b) : method.call(b, arg);
    if (result && typeof (result as PromiseLike<unknown>).then === 'function')
      (result as PromiseLike<unknown>).then(undefined, (error) => fail(action, error));
    return true;
  } catch (error) {
    fail(action, error);
    return true;
  }
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is replaced
const SPACES = /[\u0000-\u001f\u007f-\u009f\s]+/g;

/**
 * A window title fit to send: control characters (NUL included) and line breaks become spaces, runs of
 * white space one space, trimmed, cut at {@link MAX_TITLE_LENGTH} UTF-16 units without splitting a
 * surrogate pair. `''` for a non-string or an empty result.
 */
export function cleanTitle(title: unknown): string {
  if (typeof title !== 'string') return '';
  // Only the first 4× the cap is looked at, so a 100k-character title costs nothing.
  let text = title
    .slice(0, MAX_TITLE_LENGTH * 4)
    .replace(SPACES, ' ')
    .trim();
  if (text.length > MAX_TITLE_LENGTH) {
    text = text.slice(0, MAX_TITLE_LENGTH);
    if (/[\ud800-\udbff]$/.test(text)) text = text.slice(0, -1);
    text = text.trimEnd();
  }
  return text;
}

/**
 * Sets the desktop window's title to `title` (cleaned by {@link cleanTitle}; nothing is sent for an
 * empty one). Returns whether the client was called.
 */
export function setTitle(title: string): boolean {
  const text = cleanTitle(title);
  return text !== '' && callBridge('setTitle', text);
}
