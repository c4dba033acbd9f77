import { fakeWindow, network } from '@plugin-center/test-fakes/analytics';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { pageLoadPlugin } from './pageload';
import { pageviewPlugin } from './pageview';
import { createTracker } from './tracker';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('$pageview (SPEC §3)', () => {
  it('tracks the page at start with its utm_* as $utm_*', async () => {
    const net = network();
    const w = fakeWindow(
      'https://plugins.example.com/plugins/?utm_source=newsletter&utm_campaign=spring&utm_x=1',
      {
        referrer: 'https://mail.example.org/',
      },
    );
    createTracker({ window: w, fetch: net.fetch, plugins: [pageviewPlugin()] }).init();
    expect(await net.records()).toMatchObject([
      {
        event: '$pageview',
        properties: {
          $url_path: '/plugins/',
          $referrer: 'https://mail.example.org/',
          $utm_source: 'newsletter',
          $utm_campaign: 'spring',
        },
      },
    ]);
    expect((await net.records())[0]!.properties.$utm_x).toBeUndefined();
  });

  it('with singlePage, tracks history route changes once each, the previous URL as $referrer', async () => {
    const net = network();
    const w = fakeWindow('https://plugins.example.com/plugins/');
    const push = w.history.pushState;
    const tracker = createTracker({
      window: w,
      fetch: net.fetch,
      plugins: [pageviewPlugin({ singlePage: true })],
    });
    tracker.init();
    w.history.pushState(null, '', '/plugins/?tag=2');
    w.history.replaceState(null, '', '/plugins/?tag=2'); // same URL: no page view
    w.location.href = 'https://plugins.example.com/plugins/#detail';
    w.dispatch('hashchange');
    w.location.href = 'https://plugins.example.com/plugins/';
    w.dispatch('popstate');
    expect((await net.records()).map((r) => [r.properties.$url, r.properties.$referrer])).toEqual([
      ['https://plugins.example.com/plugins/', ''],
      ['https://plugins.example.com/plugins/?tag=2', 'https://plugins.example.com/plugins/'],
      ['https://plugins.example.com/plugins/#detail', 'https://plugins.example.com/plugins/?tag=2'],
      ['https://plugins.example.com/plugins/', 'https://plugins.example.com/plugins/#detail'],
    ]);
    tracker.destroy();
    expect(w.history.pushState).toBe(push);
  });

  it('without singlePage leaves history alone: the app calls trackPageview()', async () => {
    const net = network();
    const w = fakeWindow('https://plugins.example.com/plugins/');
    const push = w.history.pushState;
    const tracker = createTracker({ window: w, fetch: net.fetch, plugins: [pageviewPlugin()] });
    tracker.init();
    expect(w.history.pushState).toBe(push);
    w.history.pushState(null, '', '/plugins/x');
    expect(await net.records()).toHaveLength(1);
    tracker.trackPageview();
    expect((await net.records())[1]!.properties.$referrer).toBe('https://plugins.example.com/plugins/');
  });
});

describe('$WebPageLoad (SPEC §3, §9)', () => {
  const loaded = (ms: number | undefined, readyState: DocumentReadyState = 'complete') => {
    const net = network();
    const w = fakeWindow();
    w.document.readyState = readyState;
    w.performance = {
      getEntriesByType: (type: string) =>
        (type === 'navigation' && ms !== undefined
          ? [{ domContentLoadedEventEnd: ms }]
          : []) as unknown as PerformanceEntryList,
    };
    createTracker({ window: w, fetch: net.fetch, plugins: [pageLoadPlugin()] }).init();
    return { net, w };
  };

  it('reports $page_load_time (s) from the Navigation Timing entry', async () => {
    const { net } = loaded(1234.5678);
    expect(await net.records()).toMatchObject([
      { event: '$WebPageLoad', properties: { $page_load_time: 1.235, event_duration: 1.235 } },
    ]);
  });

  it('waits for the load event', async () => {
    const { net, w } = loaded(800, 'interactive');
    expect(await net.records()).toHaveLength(0);
    w.dispatch('load');
    expect((await net.records())[0]!.properties.$page_load_time).toBe(0.8);
  });

  it('omits the time above 1800 s or when unknown', async () => {
    expect((await loaded(1_800_001).net.records())[0]!.properties.$page_load_time).toBeUndefined();
    expect((await loaded(1_800_000).net.records())[0]!.properties.$page_load_time).toBe(1800);
    expect((await loaded(undefined).net.records())[0]!.properties.event_duration).toBeUndefined();
  });
});
