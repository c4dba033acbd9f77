/**
 * The space's topic colour (SPEC §3 space setting `ext.template.topic_color_key`, a key of
 * `TOPIC_COLOR_VALUES` in topicColors.ts) on the app's accent tokens: `<html data-topic-color="<key>">`, whose rules in
 * tokens.css set `--accent`, `--accent-hover`, `--accent-soft`, `--accent-soft-strong` and
 * `--accent-text` (indigo, the default, has none: tokens.css's own values). At start the key kept
 * from the last visit is set before the first render (no flash of the default colour), then the
 * public setting is asked for, applied and kept. A failure is logged only (SPEC §8 "Theme fetch
 * failure is logged only").
 *
 * @packageDocumentation
 */
import { type ApiClient, isSuccess, type SpaceSetting, type TopicColorKey } from '@plugin-center/api';
import { SPACE_SETTING_PATH } from '@plugin-center/react';
import { isTopicColorKey } from './topicColors';

/** The `localStorage` entry keeping the last topic colour key, applied at the next start. */
export const TOPIC_COLOR_STORAGE_KEY = 'plugin-center:topic-color';

/** Applies topic colour `key`: `data-topic-color` on `root` (default `<html>`), read by tokens.css. */
export function applyTopicColor(key: TopicColorKey, root: HTMLElement = document.documentElement): void {
  root.dataset.topicColor = key;
}

/** The browser's `localStorage`, or undefined where it is missing or refused (private modes). */
function browserStorage(): Storage | undefined {
  try {
    return globalThis.localStorage;
  } catch {
    return undefined;
  }
}

/**
 * Applies the topic colour kept from the last visit, if any (call before the first render, so a
 * returning visitor never sees the default colour flash). An unknown kept value is ignored.
 */
export function applyStoredTopicColor(storage = browserStorage(), root?: HTMLElement): void {
  try {
    const key = storage?.getItem(TOPIC_COLOR_STORAGE_KEY);
    if (isTopicColorKey(key)) applyTopicColor(key, root);
  } catch {
    // A refused storage: the server's colour comes with `loadTopicColor`.
  }
}

/**
 * Asks the public space setting ({@link SPACE_SETTING_PATH}) for the topic colour, applies it and keeps
 * it for the next start. Never rejects: a failed call, a failure envelope or an unknown key is logged
 * with `logger.warn` only (SPEC §8), leaving the colour as it is.
 */
export async function loadTopicColor(
  client: Pick<ApiClient, 'request'>,
  options: { storage?: Storage; root?: HTMLElement; logger?: Pick<Console, 'warn'> } = {},
): Promise<void> {
  const { storage = browserStorage(), root, logger = console } = options;
  try {
    const res = await client.request<SpaceSetting>('GET', SPACE_SETTING_PATH);
    const key = isSuccess(res) ? res.data?.ext?.template?.topic_color_key : undefined;
    if (!isTopicColorKey(key))
      throw new Error(`no known topic colour in the space setting (code ${res.code})`);
    applyTopicColor(key, root);
    try {
      storage?.setItem(TOPIC_COLOR_STORAGE_KEY, key);
    } catch {
      // A full or refused storage only costs the colour at the next start.
    }
  } catch (error) {
    logger.warn('[plugin-center] theme:', error);
  }
}
