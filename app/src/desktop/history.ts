/**
 * The desktop header's own history (SPEC §2 "back and forward buttons using a session-stored history
 * list (path+query strings) and current index (back enabled when index above 0, forward when below
 * list end)"). The desktop client's window has no browser toolbar, so the app keeps the pages visited
 * in this window: a list of the router's `pathname + search` strings and the index of the current one,
 * in `sessionStorage` (one per window, surviving a reload, gone when the window closes).
 *
 * The functions here are pure over a {@link DesktopHistory} value; {@link readHistory} and
 * {@link writeHistory} move it in and out of a storage and never throw.
 *
 * @packageDocumentation
 */

/** The `sessionStorage` entry holding the history as JSON `{ "entries": string[], "index": number }`. */
export const HISTORY_STORAGE_KEY = 'plugin-center:desktop-history';
/** Most entries kept; older ones are dropped from the front. */
export const MAX_HISTORY_ENTRIES = 100;
/** Longest entry kept, in characters (a longer path is stored cut to nothing: it is not kept). */
export const MAX_ENTRY_LENGTH = 2048;
/** Longest stored JSON read, in characters; anything longer is treated as no history. */
const MAX_STORED_LENGTH = MAX_HISTORY_ENTRIES * (MAX_ENTRY_LENGTH + 8) + 64;

/** The visited pages (`pathname + search` under the router's basename) and the current one's index. */
export interface DesktopHistory {
  readonly entries: readonly string[];
  /** Index of the current page in `entries`; `-1` only when `entries` is empty. */
  readonly index: number;
}

/** No history yet. */
export const EMPTY_HISTORY: DesktopHistory = { entries: [], index: -1 };

// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

/**
 * Whether `entry` may be stored and navigated to: a string starting with one `/` (an app path, never
 * `//host` or a scheme), at most {@link MAX_ENTRY_LENGTH} characters, without control characters.
 */
export function isHistoryEntry(entry: unknown): entry is string {
  return (
    typeof entry === 'string' &&
    entry.length <= MAX_ENTRY_LENGTH &&
    entry.startsWith('/') &&
    !entry.startsWith('//') &&
    !entry.startsWith('/\\') &&
    !CONTROL.test(entry)
  );
}

/**
 * The history entry of a router location: `pathname + search`, without the sign-in `code` parameter
 * (the app removes it from the address after the login page's round trip, SPEC §2, so the page with
 * and without it is one page). The hash is not part of it.
 */
export function entryOf(pathname: string, search: string): string {
  if (!search.includes('code=')) return pathname + search;
  const params = new URLSearchParams(search);
  params.delete('code');
  const rest = params.toString();
  return rest ? `${pathname}?${rest}` : pathname;
}

/**
 * `state` after visiting `entry`: the same state when `entry` is already the current one (a reload,
 * or a back/forward move that set the index first); otherwise the entries after the current one are
 * dropped and `entry` appended (the oldest dropped beyond {@link MAX_HISTORY_ENTRIES}). With `replace`
 * (a navigation that replaced the address) the current entry is replaced instead. An invalid `entry`
 * leaves `state` as it is.
 */
export function visit(state: DesktopHistory, entry: string, replace = false): DesktopHistory {
  if (!isHistoryEntry(entry) || state.entries[state.index] === entry) return state;
  if (replace && state.index >= 0) {
    const entries = [...state.entries];
    entries[state.index] = entry;
    return { entries, index: state.index };
  }
  const entries = [...state.entries.slice(0, state.index + 1), entry].slice(-MAX_HISTORY_ENTRIES);
  return { entries, index: entries.length - 1 };
}

/**
 * `state` after a browser-initiated move (a `popstate`, e.g. the mouse's back button) that landed on
 * `entry`: the index moves to the neighbour holding `entry` when there is one, otherwise it is a visit.
 */
export function arrive(state: DesktopHistory, entry: string): DesktopHistory {
  if (state.entries[state.index] === entry) return state;
  if (state.entries[state.index - 1] === entry) return { entries: state.entries, index: state.index - 1 };
  if (state.entries[state.index + 1] === entry) return { entries: state.entries, index: state.index + 1 };
  return visit(state, entry);
}

/** Whether there is a page to go back to (index above 0). */
export function canGoBack(state: DesktopHistory): boolean {
  return state.index > 0;
}

/** Whether there is a page to go forward to (index below the list's end). */
export function canGoForward(state: DesktopHistory): boolean {
  return state.index >= 0 && state.index < state.entries.length - 1;
}

/** `state` moved by `delta` entries (−1 back, +1 forward), or `null` when that leaves the list. */
export function move(state: DesktopHistory, delta: number): DesktopHistory | null {
  const index = state.index + delta;
  if (!Number.isInteger(delta) || delta === 0 || index < 0 || index >= state.entries.length) return null;
  return { entries: state.entries, index };
}

/**
 * A stored value made safe: invalid entries dropped, the newest {@link MAX_HISTORY_ENTRIES} kept, the
 * index clamped into the list (a missing or wrong one points at the last entry). Anything that is not
 * `{ entries: [...] }` is {@link EMPTY_HISTORY}.
 */
export function sanitizeHistory(value: unknown): DesktopHistory {
  if (!value || typeof value !== 'object') return EMPTY_HISTORY;
  const { entries: raw, index: rawIndex } = value as { entries?: unknown; index?: unknown };
  if (!Array.isArray(raw)) return EMPTY_HISTORY;
  // Dropping an invalid entry shifts the ones after it: count how many before the index survive.
  const start = Math.max(0, raw.length - MAX_HISTORY_ENTRIES);
  const entries: string[] = [];
  let index = -1;
  const wanted = typeof rawIndex === 'number' && Number.isInteger(rawIndex) ? rawIndex : raw.length - 1;
  for (let i = start; i < raw.length; i++) {
    if (!isHistoryEntry(raw[i])) continue;
    entries.push(raw[i]);
    if (i <= wanted) index = entries.length - 1;
  }
  if (entries.length === 0) return EMPTY_HISTORY;
  return { entries, index: Math.max(0, Math.min(index, entries.length - 1)) };
}

/** The browser's `sessionStorage`, or undefined (no window, or storage refused). */
export function sessionStore(): Pick<Storage, 'getItem' | 'setItem'> | undefined {
  try {
    return globalThis.sessionStorage;
  } catch {
    return undefined;
  }
}

/**
 * The history kept in `storage` (default `sessionStorage`), sanitised by {@link sanitizeHistory};
 * {@link EMPTY_HISTORY} when nothing, bad JSON, an oversized value or a refused storage is found.
 */
export function readHistory(storage = sessionStore()): DesktopHistory {
  try {
    const text = storage?.getItem(HISTORY_STORAGE_KEY);
    if (!text || text.length > MAX_STORED_LENGTH) return EMPTY_HISTORY;
    return sanitizeHistory(JSON.parse(text));
  } catch {
    return EMPTY_HISTORY;
  }
}

/** Keeps `state` in `storage` (default `sessionStorage`); a full or refused storage is ignored. */
export function writeHistory(state: DesktopHistory, storage = sessionStore()): void {
  try {
    storage?.setItem(HISTORY_STORAGE_KEY, JSON.stringify({ entries: state.entries, index: state.index }));
  } catch {
    // Only the history across a reload is lost.
  }
}
