/**
 * The space's topic colour, over the real API client with only `fetch` faked: the
 * server's key set on `<html>` and kept, the kept key set at the next start before any answer, and
 * failures logged only (SPEC §8). Also the palettes of tokens.css: one per key of `TOPIC_COLOR_VALUES` but
 * the default, each of its colour (shades and tints of it) and readable (white text on the accent
 * and its hover, the accent text on the soft tint, at 4.5:1).
 */
import { readFileSync } from 'node:fs';
import { createApiClient } from '@plugin-center/api';
import { DEFAULT_TOPIC_COLOR_KEY, TOPIC_COLOR_KEYS } from '@plugin-center/contract/schemas';
import { SPACE_SETTING_PATH } from '@plugin-center/react';
import { fakeFetch, json, ok } from '@plugin-center/test-fakes/fetch';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { applyStoredTopicColor, applyTopicColor, loadTopicColor, TOPIC_COLOR_STORAGE_KEY } from './theme';
import { TOPIC_COLOR_VALUES } from './topicColors';

const root = document.documentElement;
// Vitest runs from the repository's root (vitest.config.ts).
const tokensCss = readFileSync('app/src/tokens.css', 'utf8');
afterEach(() => {
  delete root.dataset.topicColor;
  localStorage.clear();
});

const setting = (topic_color_key: string) => ({
  ext: { brand: { enable: false, brand_key: '' }, template: { topic_color_key }, login_storage: 0 },
  update_time: 1,
});
function client(answer: () => Response | Promise<Response>) {
  const net = fakeFetch(answer);
  return { ...net, client: createApiClient({ fetch: net.fetch, logger: { error: vi.fn() } }) };
}

describe('topic colour', () => {
  it('applies the space setting’s colour and keeps it for the next start', async () => {
    const net = client(() => ok(setting('teal')));
    const logger = { warn: vi.fn() };
    await loadTopicColor(net.client, { logger });
    expect(net.requests.map((r) => `${r.method} ${r.url.pathname}`)).toEqual([`GET ${SPACE_SETTING_PATH}`]);
    expect(root.dataset.topicColor).toBe('teal');
    expect(localStorage.getItem(TOPIC_COLOR_STORAGE_KEY)).toBe('teal');
    expect(logger.warn).not.toHaveBeenCalled();

    // The next start: applied at once, before (and without) any request.
    delete root.dataset.topicColor;
    applyStoredTopicColor();
    expect(root.dataset.topicColor).toBe('teal');
  });

  it('logs a failed call, a failure envelope or an unknown key, and changes nothing', async () => {
    applyTopicColor('green');
    localStorage.setItem(TOPIC_COLOR_STORAGE_KEY, 'green');
    for (const answer of [
      () => json({ code: 50000, error: 'INTERNAL', message: 'x', data: null }, 500),
      () => json({ code: 40401, error: 'ROUTE_NOT_FOUND', message: 'x', data: null }, 404),
      () => json({ code: 40000, error: 'INVALID_PARAMETER', message: 'x', data: setting('red') }),
      () => ok(setting('chartreuse')),
      () => ok(setting('constructor')),
      () => ok({ ext: null }),
      () => ok(null),
      () => new Response('<html>', { status: 200, headers: { 'content-type': 'text/html' } }),
      () => Promise.reject(new TypeError('network down')),
    ]) {
      const logger = { warn: vi.fn() };
      await expect(loadTopicColor(client(answer).client, { logger })).resolves.toBeUndefined();
      expect(logger.warn).toHaveBeenCalledTimes(1);
      expect(logger.warn.mock.calls[0]![0]).toBe('[plugin-center] theme:');
      expect(root.dataset.topicColor).toBe('green');
      expect(localStorage.getItem(TOPIC_COLOR_STORAGE_KEY)).toBe('green');
    }
  });

  it('ignores a kept value that is not a colour key, and a storage that refuses', () => {
    localStorage.setItem(TOPIC_COLOR_STORAGE_KEY, 'constructor');
    applyStoredTopicColor();
    expect(root.dataset.topicColor).toBeUndefined();
    const refusing = {
      getItem() {
        throw new DOMException('denied', 'SecurityError');
      },
    } as unknown as Storage;
    expect(() => applyStoredTopicColor(refusing)).not.toThrow();
    expect(root.dataset.topicColor).toBeUndefined();
  });
});

describe('topic colour palettes of tokens.css', () => {
  type Rgb = [number, number, number];
  const rgb = (hex: string) => [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16)) as Rgb;
  const luminance = (hex: string) => {
    const [r, g, b] = rgb(hex).map((c) => {
      const s = c / 255;
      return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
    }) as Rgb;
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const contrast = (a: string, b: string) => {
    const [x, y] = [luminance(a), luminance(b)];
    return (Math.max(x, y) + 0.05) / (Math.min(x, y) + 0.05);
  };
  /**
   * Whether `hex` is `base` moved one same share of the way towards `to` (0 black: a shade, 255 white:
   * a tint) on every channel, within the rounding to whole channel values.
   */
  const isMixOf = (hex: string, base: string, to: number) => {
    const [b, c] = [rgb(base), rgb(hex)];
    const widest = [0, 1, 2].reduce((w, i) => (Math.abs(to - b[i]!) > Math.abs(to - b[w]!) ? i : w), 0);
    const share = (to - c[widest]!) / (to - b[widest]!);
    return c.every((v, i) => Math.abs(v - (to - (to - b[i]!) * share)) <= 1);
  };
  const palettes = new Map<string, Record<string, string>>();
  for (const m of tokensCss.matchAll(/:root\[data-topic-color="([a-z]+)"\] \{([^}]*)\}/g)) {
    palettes.set(
      m[1]!,
      Object.fromEntries([...m[2]!.matchAll(/(--[a-z-]+): (#[0-9a-f]{6});/g)].map((d) => [d[1], d[2]])),
    );
  }

  it("knows exactly the contract's colours", () => {
    expect(Object.keys(TOPIC_COLOR_VALUES).sort()).toEqual([...TOPIC_COLOR_KEYS].sort());
  });

  it('has one palette for each colour but the default', () => {
    expect([...palettes.keys()].sort()).toEqual(
      Object.keys(TOPIC_COLOR_VALUES)
        .filter((k) => k !== DEFAULT_TOPIC_COLOR_KEY)
        .sort(),
    );
  });

  it('keeps each palette of its colour and readable', () => {
    for (const [key, p] of palettes) {
      const base = TOPIC_COLOR_VALUES[key as keyof typeof TOPIC_COLOR_VALUES];
      expect(Object.keys(p), key).toEqual([
        '--accent',
        '--accent-hover',
        '--accent-soft',
        '--accent-soft-strong',
        '--accent-text',
      ]);
      expect(contrast(p['--accent']!, '#ffffff'), key).toBeGreaterThanOrEqual(4.5);
      expect(contrast(p['--accent-hover']!, '#ffffff'), key).toBeGreaterThanOrEqual(4.5);
      expect(contrast(p['--accent-text']!, p['--accent-soft']!), key).toBeGreaterThanOrEqual(4.5);
      // The colour itself when already readable on white, else a shade of it, not darker than needed.
      if (contrast(base, '#ffffff') >= 4.5) expect(p['--accent'], key).toBe(base);
      else expect(contrast(p['--accent']!, '#ffffff'), key).toBeLessThan(5.2);
      for (const [name, to] of [
        ['--accent', 0],
        ['--accent-text', 0],
        ['--accent-soft', 255],
        ['--accent-soft-strong', 255],
      ] as const) {
        expect(isMixOf(p[name]!, base, to), `${key} ${name}`).toBe(true);
      }
      expect(luminance(p['--accent-hover']!), key).toBeLessThan(luminance(p['--accent']!));
    }
  });
});
