import type { Locale, Suggestion } from '@plugin-center/contract';
import { type ApiClient, isSuccess } from './client';
import { createStore } from './store';

/** Debounce of `GET plugin/suggest` after the last keystroke, ms. */
export const SUGGEST_DEBOUNCE_MS = 150;

/**
 * Snapshot of a {@link PluginSuggestStore}: `text` the trimmed text asked for (`''` none),
 * `suggestions` the server's answer for it (`[]` while none, on empty input and on any error),
 * `pending` a request is scheduled or in flight (the previous suggestions stay meanwhile).
 */
export interface PluginSuggestState {
  text: string;
  suggestions: readonly Suggestion[];
  pending: boolean;
}

/** As-you-type suggestions as an external store. */
export interface PluginSuggestStore {
  /** What has been typed (and the locale of the names): schedules a request after the debounce. */
  setText(text: string, lang?: Locale): void;
  /** Cancels what is scheduled or in flight and forgets the suggestions. */
  clear(): void;
  /** Adds a listener; returns the unsubscribe function. */
  subscribe(listener: () => void): () => void;
  /** The current immutable snapshot. */
  getSnapshot(): PluginSuggestState;
}

/** Options of {@link createPluginSuggest}: the debounce and the timer functions (injectable for tests). */
export interface PluginSuggestOptions {
  /** ms, default {@link SUGGEST_DEBOUNCE_MS} */
  debounceMs?: number;
  setTimeout?: (run: () => void, ms: number) => unknown;
  clearTimeout?: (id: unknown) => void;
}

const NONE: readonly Suggestion[] = [];

/**
 * Creates the search box's suggestions over `GET /api/cmt/plugin/suggest`: each
 * `setText` cancels the previous timer and aborts the request in flight, then asks after
 * `debounceMs` of no typing; empty (white-space) text asks nothing and clears; an answer for text
 * that has changed since is discarded; a failure (network, envelope error) clears the suggestions
 * without reporting anything — suggestions are optional.
 *
 * @param client - from `createApiClient`
 *
 * @example
 * ```ts
 * const suggest = createPluginSuggest(client);
 * suggest.subscribe(() => render(suggest.getSnapshot().suggestions));
 * input.addEventListener('input', () => suggest.setText(input.value));
 * ```
 */
export function createPluginSuggest(
  client: ApiClient,
  {
    debounceMs = SUGGEST_DEBOUNCE_MS,
    setTimeout: schedule = (run, ms) => globalThis.setTimeout(run, ms),
    clearTimeout: unschedule = (id) => globalThis.clearTimeout(id as number),
  }: PluginSuggestOptions = {},
): PluginSuggestStore {
  const store = createStore<PluginSuggestState>({ text: '', suggestions: NONE, pending: false });
  let timer: unknown;
  let controller: AbortController | undefined;
  let asked = '';

  const stop = () => {
    if (timer !== undefined) unschedule(timer);
    timer = undefined;
    controller?.abort();
    controller = undefined;
  };

  const request = async (text: string, lang: Locale | undefined) => {
    timer = undefined;
    const own = new AbortController();
    controller = own;
    let suggestions = NONE;
    try {
      const res = await client.plugin.suggest(lang ? { q: text, lang } : { q: text }, { signal: own.signal });
      if (isSuccess(res)) suggestions = res.data.suggestion_list;
    } catch {
      // Optional feature: a failure shows nothing.
    }
    if (controller !== own) return;
    controller = undefined;
    store.set({ suggestions, pending: false });
  };

  const setText = (raw: string, lang?: Locale) => {
    const text = raw.trim();
    const key = `${lang ?? ''}\u0000${text}`;
    if (key === asked) return;
    asked = key;
    stop();
    if (!text) {
      store.set({ text, suggestions: NONE, pending: false });
      return;
    }
    store.set({ text, pending: true });
    timer = schedule(() => void request(text, lang), debounceMs);
  };

  const clear = () => {
    stop();
    asked = '';
    store.set({ text: '', suggestions: NONE, pending: false });
  };

  return { setText, clear, subscribe: store.subscribe, getSnapshot: store.get };
}
