/**
 * The space's topic colour on the app's accent tokens (issue 14), over the real API client with only
 * `fetch` faked: the server's key painted on `<html>` and kept, the kept key painted at the next start
 * before any answer, the default colour leaving tokens.css alone, every colour readable (white text on
 * the accent, the accent text on the soft tint at 4.5:1), and failures logged only (SPEC §8).
 */
import { createApiClient, TOPIC_COLORS, type TopicColorKey } from '@plugin-center/api';
import { fakeFetch, json, ok } from '@plugin-center/test-fakes/fetch';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  ACCENT_TOKENS,
  applyStoredTopicColor,
  applyTopicColor,
  contrastRatio,
  loadTopicColor,
  SPACE_SETTING_PATH,
  TOPIC_COLOR_STORAGE_KEY,
  topicPalette,
} from './theme';

const root = document.documentElement;
afterEach(() => {
  for (const name of ACCENT_TOKENS) root.style.removeProperty(name);
  delete root.dataset.topicColor;
  localStorage.clear();
});

const setting = (topic_color_key: string) => ({
  ext: {
    brand: { enable: false, brand_key: '' },
    template: { topic_color_key },
    login_storage: 0,
  },
  update_time: 1,
});
function client(answer: () => Response) {
  const net = fakeFetch(answer);
  return { ...net, client: createApiClient({ fetch: net.fetch, logger: { error: vi.fn() } }) };
}
const accent = () => root.style.getPropertyValue('--accent');

describe('topic colour (issue 14)', () => {
  it('paints the space setting’s colour on the accent tokens and keeps it for the next start', async () => {
    const net = client(() => ok(setting('teal')));
    const logger = { warn: vi.fn() };
    await loadTopicColor(net.client, { logger });
    expect(net.requests.map((r) => `${r.method} ${r.url.pathname}`)).toEqual([`GET ${SPACE_SETTING_PATH}`]);
    expect(root.dataset.topicColor).toBe('teal');
    const palette = topicPalette(TOPIC_COLORS.teal);
    for (const name of ACCENT_TOKENS) expect(root.style.getPropertyValue(name)).toBe(palette[name]);
    expect(localStorage.getItem(TOPIC_COLOR_STORAGE_KEY)).toBe('teal');
    expect(logger.warn).not.toHaveBeenCalled();

    // The next start: painted at once, before (and without) any request.
    for (const name of ACCENT_TOKENS) root.style.removeProperty(name);
    applyStoredTopicColor();
    expect(accent()).toBe(palette['--accent']);
  });

  it('leaves tokens.css’s own values for the default colour', async () => {
    applyTopicColor('pink');
    expect(accent()).not.toBe('');
    await loadTopicColor(client(() => ok(setting('indigo'))).client, { logger: { warn: vi.fn() } });
    for (const name of ACCENT_TOKENS) expect(root.style.getPropertyValue(name)).toBe('');
    expect(root.dataset.topicColor).toBe('indigo');
  });

  it('keeps every colour readable: white on the accent and on its hover, the accent text on the soft tint', () => {
    for (const key of Object.keys(TOPIC_COLORS) as TopicColorKey[]) {
      const p = topicPalette(TOPIC_COLORS[key]);
      expect(contrastRatio(p['--accent']!, '#ffffff'), key).toBeGreaterThanOrEqual(4.5);
      expect(contrastRatio(p['--accent-hover']!, '#ffffff'), key).toBeGreaterThanOrEqual(4.5);
      expect(contrastRatio(p['--accent-text']!, p['--accent-soft']!), key).toBeGreaterThanOrEqual(4.5);
      for (const value of Object.values(p)) expect(value).toMatch(/^#[0-9a-f]{6}$/);
    }
    // A colour already readable is kept as it is.
    expect(topicPalette(TOPIC_COLORS.purple)['--accent']).toBe(TOPIC_COLORS.purple);
    // One that is not is darkened, staying of its hue.
    const orange = topicPalette(TOPIC_COLORS.orange)['--accent']!;
    expect(orange).not.toBe(TOPIC_COLORS.orange);
    const [r, g, b] = [1, 3, 5].map((i) => Number.parseInt(orange.slice(i, i + 2), 16));
    expect(r! > g! && g! > b!).toBe(true);
  });

  it('logs a failed call, a failure envelope or an unknown key, and changes nothing', async () => {
    applyTopicColor('green');
    localStorage.setItem(TOPIC_COLOR_STORAGE_KEY, 'green');
    const before = accent();
    for (const answer of [
      () => json({ code: 50000, error: 'INTERNAL', message: 'x', data: null }, 500),
      () => json({ code: 40401, error: 'ROUTE_NOT_FOUND', message: 'x', data: null }, 404),
      () => ok(setting('chartreuse')),
      () => ok({ ext: null }),
      () => ok(null),
      () => new Response('<html>', { status: 200, headers: { 'content-type': 'text/html' } }),
      () => Promise.reject(new TypeError('network down')),
    ]) {
      const logger = { warn: vi.fn() };
      await expect(
        loadTopicColor(client(answer as () => Response).client, { logger }),
      ).resolves.toBeUndefined();
      expect(logger.warn).toHaveBeenCalledTimes(1);
      expect(logger.warn.mock.calls[0]![0]).toBe('[plugin-center] theme:');
      expect(accent()).toBe(before);
      expect(localStorage.getItem(TOPIC_COLOR_STORAGE_KEY)).toBe('green');
    }
  });

  it('ignores a kept value that is not a colour key, and a storage that refuses', () => {
    localStorage.setItem(TOPIC_COLOR_STORAGE_KEY, 'constructor');
    applyStoredTopicColor();
    expect(accent()).toBe('');
    const refusing = {
      getItem() {
        throw new DOMException('denied', 'SecurityError');
      },
    } as unknown as Storage;
    expect(() => applyStoredTopicColor(refusing)).not.toThrow();
    expect(accent()).toBe('');
  });
});
