import { type FakeWindow, fakeWindow, memoryStorage, network } from '@plugin-center/test-fakes/analytics';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HEARTBEAT_KEY } from './constants';
import { type PageLeaveOptions, pageLeavePlugin } from './pageleave';
import { pageviewPlugin } from './pageview';
import { createTracker } from './tracker';
import type { TrackedRecord } from './types';

const T0 = Date.parse('2026-03-01T08:00:00Z');
beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(T0);
});
afterEach(() => {
  vi.useRealTimers();
});

function open(w: FakeWindow = fakeWindow(), options?: PageLeaveOptions, more = {}) {
  const net = network();
  const tracker = createTracker({
    window: w,
    fetch: net.fetch,
    plugins: [pageLeavePlugin(options)],
    ...more,
  });
  tracker.init();
  const heartbeats = () =>
    [...w.localStorage.map]
      .filter(([k]) => k.startsWith(`${HEARTBEAT_KEY}-`))
      .map(([, v]) => JSON.parse(v) as TrackedRecord);
  const leaves = async () =>
    [...(await net.records()), ...w.beacons()].filter((r) => r.event === '$WebPageLeave');
  return { tracker, net, w, heartbeats, leaves };
}

describe('$WebPageLeave (SPEC §3, §9)', () => {
  it('reports the page when it is hidden, by beacon, with event_duration in seconds', async () => {
    const { w, leaves } = open(
      fakeWindow('https://plugins.example.com/plugins/a', {
        referrer: 'https://ref.example.org/x',
        title: 'A',
      }),
    );
    w.pageYOffset = 120;
    vi.advanceTimersByTime(12_345);
    w.hide();
    expect(w.navigator.sendBeacon).toHaveBeenCalledTimes(1);
    expect(await leaves()).toMatchObject([
      {
        event: '$WebPageLeave',
        properties: {
          $url: 'https://plugins.example.com/plugins/a',
          $url_path: '/plugins/a',
          $title: 'A',
          $referrer: 'https://ref.example.org/x',
          $viewport_position: 120,
          event_duration: 12.345,
        },
      },
    ]);
  });

  it('reports a leave once within the 5 s duplicate window (hidden, then pagehide)', async () => {
    const { w, leaves } = open();
    vi.advanceTimersByTime(3000);
    w.hide();
    vi.advanceTimersByTime(4999);
    w.dispatch('pagehide');
    expect(await leaves()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    w.dispatch('pagehide');
    expect(await leaves()).toHaveLength(2);
    // Reported again while hidden: no duration (the page was not shown).
    expect((await leaves())[1]!.properties.event_duration).toBeUndefined();
  });

  it('starts again when the page is shown again', async () => {
    const { w, leaves } = open();
    vi.advanceTimersByTime(1000);
    w.hide();
    vi.advanceTimersByTime(60_000);
    w.hide(false);
    vi.advanceTimersByTime(2500);
    w.dispatch('pagehide');
    expect((await leaves()).map((r) => r.properties.event_duration)).toEqual([1, 2.5]);
  });

  it('omits event_duration beyond max_duration', async () => {
    const { w, leaves } = open(undefined, { maxDuration: 10 });
    vi.advanceTimersByTime(10_001);
    w.hide();
    expect((await leaves())[0]!.properties.event_duration).toBeUndefined();
    expect((await leaves())[0]!.properties.$url).toBeDefined();
  });

  it('stores a heartbeat every 5 s, the first marked 3.14, removed by the leave', async () => {
    const { w, heartbeats, net } = open();
    expect(heartbeats()).toHaveLength(1);
    expect(heartbeats()[0]).toMatchObject({
      event: '$WebPageLeave',
      time: T0,
      properties: { event_duration: 3.14 },
    });
    vi.advanceTimersByTime(5000);
    expect(heartbeats()).toMatchObject([{ time: T0 + 5000, properties: { event_duration: 5 } }]);
    vi.advanceTimersByTime(5000);
    expect(heartbeats()[0]!.properties.event_duration).toBe(10);
    expect(await net.sent()).toHaveLength(0);
    w.hide();
    expect(heartbeats()).toHaveLength(0);
    // No heartbeat while hidden.
    vi.advanceTimersByTime(20_000);
    expect(heartbeats()).toHaveLength(0);
  });

  it('recovers a killed tab: its last heartbeat is reported by the next page', async () => {
    const storage = memoryStorage();
    const first = open(fakeWindow('https://plugins.example.com/a', { storage }));
    vi.advanceTimersByTime(7000); // heartbeats at 0 and 5 s
    first.tracker.destroy(); // the tab is killed: no leave is reported
    expect(await first.leaves()).toHaveLength(0);
    const killed = first.heartbeats()[0]!;
    expect(killed.properties.event_duration).toBe(5);

    // 5 s after the last heartbeat plus the 5 s retention: still a living page, not reported.
    vi.setSystemTime(T0 + 5000 + 10_000);
    const second = open(fakeWindow('https://plugins.example.com/b', { storage }));
    expect(await second.net.records()).toHaveLength(0);
    second.tracker.destroy();
    // Later: reported once, with the time and duration of its last heartbeat, and removed.
    vi.setSystemTime(T0 + 5000 + 10_001);
    const third = open(fakeWindow('https://plugins.example.com/c', { storage }));
    const recovered = await third.net.records();
    expect(recovered).toMatchObject([
      {
        event: '$WebPageLeave',
        time: T0 + 5000,
        properties: { $url: 'https://plugins.example.com/a', event_duration: 5 },
      },
    ]);
    expect(recovered[0]!._track_id).toEqual(expect.any(Number));
    // The second page's heartbeat is fresh (1 ms old): kept, with the third page's own.
    expect(third.heartbeats().map((r) => r.properties.$url)).toEqual([
      'https://plugins.example.com/b',
      'https://plugins.example.com/c',
    ]);
  });

  it('reports the page left on a single-page route change, before the new $pageview', async () => {
    const w = fakeWindow('https://plugins.example.com/plugins/', { title: 'Square' });
    const net = network();
    const tracker = createTracker({
      window: w,
      fetch: net.fetch,
      plugins: [pageLeavePlugin(), pageviewPlugin({ singlePage: true })],
    });
    tracker.init();
    vi.advanceTimersByTime(4000);
    w.history.pushState(null, '', '/plugins/detail');
    const events = (await net.records()).map((r) => [
      r.event,
      r.properties.$url,
      r.properties.$referrer,
      r.properties.event_duration,
    ]);
    expect(events).toEqual([
      ['$pageview', 'https://plugins.example.com/plugins/', '', undefined],
      ['$WebPageLeave', 'https://plugins.example.com/plugins/', '', 4],
      [
        '$pageview',
        'https://plugins.example.com/plugins/detail',
        'https://plugins.example.com/plugins/',
        undefined,
      ],
    ]);
    vi.advanceTimersByTime(1500);
    w.hide();
    expect(w.beacons()).toMatchObject([
      {
        event: '$WebPageLeave',
        properties: {
          $url: 'https://plugins.example.com/plugins/detail',
          $referrer: 'https://plugins.example.com/plugins/',
          event_duration: 1.5,
        },
      },
    ]);
  });
});
