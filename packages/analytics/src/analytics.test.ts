import { fakeWindow, network } from '@plugin-center/test-fakes/analytics';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BATCH_KEY } from './constants';
import { createAnalytics, type Tracker } from './index';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('createAnalytics', () => {
  it('sets up the automatic tracking: page view at start, leave heartbeat, channel', async () => {
    const net = network();
    const w = fakeWindow('https://plugins.example.com/plugins/?utm_source=x');
    const analytics: Tracker = createAnalytics({ window: w, fetch: net.fetch, deployment: 'oversea' });
    analytics.register({ product: 'design' });
    analytics.init();
    expect(await net.records()).toMatchObject([
      {
        event: '$pageview',
        properties: {
          $utm_source: 'x',
          $latest_utm_source: 'x',
          product: 'design',
          _sa_channel_landing_url: '',
        },
      },
      { event: '$WebPageLoad' },
    ]);
    expect((await net.posts())[0]!.url.searchParams.get('project')).toBe('oversea_production');
    expect([...w.localStorage.map.keys()].some((k) => k.startsWith('pcsa_pageleave-'))).toBe(true);
    w.hide();
    expect(w.beacons().map((r) => r.event)).toEqual(['$WebPageLeave']);
  });

  it('turns plugins off and on through autoTrack and batch', async () => {
    const net = network();
    const w = fakeWindow();
    const visual = vi.fn();
    const analytics = createAnalytics({
      window: w,
      fetch: net.fetch,
      batch: { interval: 1000 },
      autoTrack: { pageview: false, pageLoad: false, pageLeave: false, visualConfig: true },
      plugins: [{ setup: visual }],
    });
    analytics.init();
    expect(visual).toHaveBeenCalledTimes(1);
    analytics.track('A');
    expect(JSON.parse(w.localStorage.getItem(BATCH_KEY)!)).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1000);
    expect((await net.records()).map((r) => r.event)).toEqual(['A']);
    expect((await net.sent()).some((r) => r.url.pathname === '/config/visualized/Web.conf')).toBe(true);
    expect([...w.localStorage.map.keys()].some((k) => k.startsWith('pcsa_pageleave-'))).toBe(false);
    analytics.destroy();
  });
});
