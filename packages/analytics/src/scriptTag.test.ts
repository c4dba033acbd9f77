import { readFileSync } from 'node:fs';
import { fakeWindow, network } from '@plugin-center/test-fakes/analytics';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { IDENTITY_COOKIE } from './constants';
import { bootScriptTag } from './scriptTag';
import { SNIPPET } from './snippet';
import type { Tracker } from './types';
import { setCookie } from './util';

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

  it('turns the site linker on with data-linker: reads _sasdk, and writes it on links to those sites', async () => {
    // The real (happy-dom) page, landing with an anonymous id from another site.
    history.replaceState(null, '', '/guide/?_sasdk=avisitor-7');
    document.body.innerHTML =
      '<a id="shop" href="https://shop.example.com/cart">Cart</a><a id="blog" href="https://blog.example.com/">Blog</a>';
    const net = network();
    const g = { sa: { q: [['init', [{ fetch: net.fetch, window, storage: localStorage }]]] } };
    const script = document.createElement('script');
    script.dataset.linker = 'docs.example.com, shop.example.com';
    try {
      started = bootScriptTag(g, script);
      expect(started.getSnapshot().distinct_id).toBe('visitor-7');
      expect((await net.records())[0]).toMatchObject({ event: '$pageview', distinct_id: 'visitor-7' });
      for (const id of ['shop', 'blog'])
        document.getElementById(id)!.dispatchEvent(new MouseEvent('mousedown', { bubbles: true }));
      // 'd' + url-safe base64 of the anonymous id, padding trimmed; in the query (after_hash false).
      const encoded = btoa('visitor-7').replace(/=+$/, '');
      expect(document.getElementById('shop')!.getAttribute('href')).toBe(
        `https://shop.example.com/cart?_sasdk=d${encoded}`,
      );
      expect(document.getElementById('blog')!.getAttribute('href')).toBe('https://blog.example.com/');
    } finally {
      setCookie(document, IDENTITY_COOKIE, '', 0); // the page's identity, for the tests after this one
      history.replaceState(null, '', '/');
      document.body.innerHTML = '';
      localStorage.clear();
    }
  });

  it('leaves _sasdk alone without data-linker', async () => {
    const net = network();
    const g = {
      sa: {
        q: [['init', [{ fetch: net.fetch, window: fakeWindow('https://docs.example.com/?_sasdk=av1') }]]],
      },
    };
    started = bootScriptTag(g, document.createElement('script'));
    expect(started.getSnapshot().distinct_id).not.toBe('v1');
  });

  it('sends Sensors’ preset properties by default, not with data-presets="false"', async () => {
    const presets = async (value?: string) => {
      const net = network();
      const w = fakeWindow('https://docs.example.com/', { referrer: 'https://www.baidu.com/s?wd=sdk' });
      const g = { sa: { q: [['init', [{ fetch: net.fetch, window: w }]]] } };
      const script = document.createElement('script');
      if (value) script.dataset.presets = value;
      started = bootScriptTag(g, script);
      const [pageview] = await net.records();
      started.destroy();
      return pageview!.properties;
    };
    expect(await presets()).toMatchObject({
      $latest_traffic_source_type: '自然搜索流量',
      $latest_search_keyword: 'sdk',
      $latest_referrer: 'https://www.baidu.com/s',
      $referrer_host: 'www.baidu.com',
      $is_first_day: true,
      $is_first_time: true,
      $timezone_offset: new Date().getTimezoneOffset(),
    });
    const off = await presets('false');
    expect(off).toHaveProperty('$referrer', 'https://www.baidu.com/s?wd=sdk');
    for (const k of ['$latest_traffic_source_type', '$is_first_day', '$timezone_offset', '$referrer_host'])
      expect(off).not.toHaveProperty(k);
  });

  it('is the snippet of the example page and of the docs', async () => {
    const example = readFileSync(`${root}examples/script-tag/index.html`, 'utf8');
    const docs = readFileSync(`${root}docs/analytics.md`, 'utf8');
    expect(example).toContain(SNIPPET);
    expect(docs).toContain(SNIPPET);
    expect(SNIPPET.length).toBeLessThan(400);
  });
});
