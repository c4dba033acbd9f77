/**
 * The desktop-client bridge (SPEC §1 "A desktop-client bridge exists with actions: open
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
 * Only the detection (`detect.ts`) is on the site's first load; this module is in the lazily loaded
 * chunk of the desktop header, which the desktop client alone loads.
 *
 * @packageDocumentation
 */
import { TOPIC_COLOR_VALUES } from '../topicColors';
import { findBridge } from './detect';

export { DESKTOP_BRIDGE_GLOBAL, isDesktopClient } from './detect';

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

/** Whether the desktop client offers `action` (false outside the client, never throws). */
export function supports(action: DesktopAction): boolean {
  try {
    return typeof (findBridge() as DesktopBridge | undefined)?.[action] === 'function';
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
  const b = findBridge() as DesktopBridge | undefined;
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

// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

/**
 * The URLs of an `openFiles` request fit to send: strings without control characters, at most
 * {@link MAX_URL_LENGTH} characters, resolved against `base` (default: this page) to absolute
 * `http:`/`https:` URLs; anything else is dropped, and only the first {@link MAX_OPEN_FILES} are kept.
 * Returns `null` when the request is no object with a `urls` array, or when every given URL was
 * dropped (so a request of only bad URLs never opens the client's dialog instead).
 */
export function cleanOpenFilesRequest(
  request: unknown,
  base: string | undefined = typeof location === 'undefined' ? undefined : location.href,
): OpenFilesRequest | null {
  const urls: unknown = request && typeof request === 'object' ? (request as OpenFilesRequest).urls : null;
  if (!Array.isArray(urls)) return null;
  const kept: string[] = [];
  for (const url of urls.slice(0, MAX_OPEN_FILES * 5)) {
    if (typeof url !== 'string' || url.length > MAX_URL_LENGTH || CONTROL.test(url)) continue;
    try {
      const parsed = new URL(url, base);
      if (parsed.protocol === 'http:' || parsed.protocol === 'https:') kept.push(parsed.href);
    } catch {
      // not a URL: dropped
    }
    if (kept.length === MAX_OPEN_FILES) break;
  }
  return urls.length > 0 && kept.length === 0 ? null : { urls: kept };
}

/**
 * Asks the desktop client to open files (SPEC §1): the given URLs, or with `{ urls: [] }` its own
 * open-file dialog (the desktop header's "Open file" button). Checked by {@link cleanOpenFilesRequest}.
 * Returns whether the client was called (false outside the client, without the action, or for a
 * refused request); never throws.
 */
export function openFiles(request: OpenFilesRequest = { urls: [] }): boolean {
  const clean = cleanOpenFilesRequest(request);
  return clean !== null && callBridge('openFiles', clean);
}

/**
 * Tells the desktop client that the app signed out, so it signs out too (SPEC §1). Returns whether
 * the client was called; never throws.
 */
export function logOut(): boolean {
  return callBridge('logOut');
}

/**
 * Tells the desktop client the space's topic colour (SPEC §1 "change theme", the topic colour):
 * `topicColor` must be a key of `TOPIC_COLOR_VALUES`; the accent sent is that key's `#rrggbb`. Returns
 * whether the client was called (false for an unknown key); never throws.
 */
export function changeTheme(topicColor: string): boolean {
  if (typeof topicColor !== 'string' || !Object.hasOwn(TOPIC_COLOR_VALUES, topicColor)) return false;
  const theme: ThemeChange = {
    topicColor,
    accent: TOPIC_COLOR_VALUES[topicColor as keyof typeof TOPIC_COLOR_VALUES],
  };
  return callBridge('changeTheme', theme);
}
