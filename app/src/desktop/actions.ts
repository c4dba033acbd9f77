/**
 * The desktop bridge's actions besides the title (SPEC §1: open files, log out, change theme), with
 * their payloads checked before they reach the client. Loaded with the desktop header (a lazy chunk),
 * not on the square's first load; `setTitle` and the detection live in `bridge.ts`.
 *
 * @packageDocumentation
 */
import { TOPIC_COLOR_VALUES } from '../topicColors';
import {
  callBridge,
  MAX_OPEN_FILES,
  MAX_URL_LENGTH,
  type OpenFilesRequest,
  type ThemeChange,
} from './bridge';

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
 * Tells the desktop client the space's topic colour (SPEC §1 "change theme", issue 14's topic colour):
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
