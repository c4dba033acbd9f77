import { readFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { bootScriptTag } from './script-tag';
import { SNIPPET } from './snippet';
import { fakeWindow, network } from './test/fakes';
import type { Tracker } from './types';

const root = `${import.meta.dirname}/../../../`;
let started: Tracker | undefined;
beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  started?.destroy();
  vi.useRealTimers();
  delete (window as unknown as Record<string, unknown>).sa;
});

describe('the script tag (IIFE) snippet', () => {
  it('queues calls made before the script loads, and the script replays them', async () => {
    // The page: the snippet inline, calls right away, the script not loaded yet.
    new Function(SNIPPET)();
    const sa = (
      window as unknown as { sa: { q: unknown[]; init(o: object): void; track(...a: unknown[]): void } }
    ).sa;
    const net = network();
    const w = fakeWindow('https://shop.example.com/plugins/?utm_source=mail');
    sa.init({ fetch: net.fetch, window: w });
    (sa as unknown as Tracker).register({ product: 'shop' });
    sa.track('PluginView', { plugin_key: 'k1' });
    (sa as unknown as Tracker).login('u9');
    expect(sa.q.map((c) => (c as [string])[0])).toEqual(['init', 'register', 'track', 'login']);
    // Running the snippet again (a second include) keeps the queue.
    new Function(SNIPPET)();
    expect((window as unknown as { sa: typeof sa }).sa).toBe(sa);
    expect(await net.sent()).toHaveLength(0);

    // The script loads: its <script data-*> tag configures it.
    const script = document.createElement('script');
    script.dataset.server = 'https://collect.example.com';
    script.dataset.collectorPath = '/api/sa';
    script.dataset.deployment = 'www';
    started = bootScriptTag(window, script);
    expect((window as unknown as { sa: Tracker }).sa).toBe(started);
    const records = await net.records('/api/sa');
    expect((await net.posts('/api/sa'))[0]!.url.href).toBe(
      'https://collect.example.com/api/sa?project=production',
    );
    expect(records.map((r) => r.event)).toEqual(['PluginView', '$SignUp', '$pageview', '$WebPageLoad']);
    expect(records[0]!.properties).toMatchObject({ plugin_key: 'k1', product: 'shop' });
    expect(records[2]).toMatchObject({
      distinct_id: 'u9',
      properties: { product: 'shop', $utm_source: 'mail' },
    });
    started.track('Later');
    expect((await net.records('/api/sa')).at(-1)!.event).toBe('Later');
  });

  it('works without the snippet and with batch, single page and a global name from data attributes', async () => {
    const net = network();
    const w = fakeWindow();
    const g = {} as Record<string, unknown>;
    g.analytics = { q: [['init', [{ fetch: net.fetch, window: w }]]] };
    const script = document.createElement('script');
    script.dataset.name = 'analytics';
    script.dataset.batch = '2000';
    script.dataset.singlePage = 'true';
    started = bootScriptTag(g, script);
    expect(g.analytics).toBe(started);
    expect((await net.records()).map((r) => r.event)).toEqual(['$pageview']); // flushed at once as a batch
    w.history.pushState(null, '', '/plugins/next');
    expect((await net.records()).map((r) => r.event)).toContain('$WebPageLeave');
  });

  it('loads as the IIFE entry: snippet, calls, then the script', async () => {
    new Function(SNIPPET)();
    const net = network();
    const w = fakeWindow('https://docs.example.com/guide/');
    const sa = (window as unknown as { sa: Tracker & { init(o: object): void } }).sa;
    sa.init({ fetch: net.fetch, window: w, deployment: 'oversea' });
    sa.track('GuideRead', { chapter: 2 });
    const entry = await import('./iife');
    started = entry.tracker;
    expect((window as unknown as { sa: Tracker }).sa).toBe(entry.tracker);
    expect(typeof entry.createAnalytics).toBe('function');
    expect((await net.records()).map((r) => r.event)).toEqual(['GuideRead', '$pageview', '$WebPageLoad']);
    expect((await net.posts())[0]!.url.searchParams.get('project')).toBe('oversea_production');
  });

  it('is the snippet of the example page and of the docs', async () => {
    const example = readFileSync(`${root}examples/script-tag/index.html`, 'utf8');
    const docs = readFileSync(`${root}docs/analytics.md`, 'utf8');
    expect(example).toContain(SNIPPET);
    expect(docs).toContain(SNIPPET);
    expect(SNIPPET.length).toBeLessThan(400);
  });
});
