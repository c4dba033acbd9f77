import { fakeWindow, memoryStorage, network, settle } from '@plugin-center/test-fakes/analytics';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { batchPlugin } from './batch';
import { BATCH_KEY } from './constants';
import { createTracker } from './tracker';

const T0 = Date.parse('2026-03-01T08:00:00Z');
beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(T0);
});
afterEach(() => {
  vi.useRealTimers();
});

function open(answer?: Parameters<typeof network>[0], storage = memoryStorage(), interval?: number) {
  const net = network(answer);
  const w = fakeWindow('https://plugins.example.com/plugins/', { storage });
  const tracker = createTracker({
    window: w,
    fetch: net.fetch,
    plugins: [batchPlugin({ interval })],
    log: () => {},
  });
  tracker.init();
  const queued = () =>
    JSON.parse(storage.getItem(BATCH_KEY) ?? '[]') as { x: number; r: { event: string } }[];
  return { tracker, net, w, storage, queued };
}

describe('batch mode (SPEC §7, §9)', () => {
  it('queues records in localStorage and sends them as one data_list every 6 s', async () => {
    const { tracker, net, queued } = open();
    tracker.track('A');
    tracker.track('B', { name: '插件' });
    expect(await net.sent()).toHaveLength(0);
    expect(queued().map((e) => [e.r.event, e.x])).toEqual([
      ['A', T0 + 12_000],
      ['B', T0 + 12_000],
    ]);
    await vi.advanceTimersByTimeAsync(6000);
    expect(await net.sent()).toHaveLength(1);
    expect((await net.sent())[0]!.body).toMatch(/^data_list=[A-Za-z0-9%]+&gzip=0$/);
    expect((await net.records()).map((r) => r.event)).toEqual(['A', 'B']);
    expect((await net.records())[1]!.properties.name).toBe('插件');
    expect(queued()).toEqual([]);
    await vi.advanceTimersByTimeAsync(6000);
    expect(await net.sent()).toHaveLength(1); // nothing queued, nothing sent
  });

  it('sends at most 500 records a request (the collector refuses more), the rest at the next flush', async () => {
    const { tracker, net, queued } = open();
    for (let i = 0; i < 520; i += 1) tracker.track(`E${i}`);
    await tracker.flush();
    expect(await net.sent()).toHaveLength(1);
    expect(await net.records()).toHaveLength(500);
    expect(queued()).toHaveLength(20);
    await tracker.flush();
    expect(await net.records()).toHaveLength(520);
    expect(queued()).toEqual([]);
    // 520 tracks each store the whole queue: seconds of work when the machine is busy
  }, 20_000);

  it('sends at once after a $pageview or a track_signup, and on flush()', async () => {
    const { tracker, net } = open();
    tracker.track('A');
    tracker.trackPageview();
    expect((await net.records()).map((r) => r.event)).toEqual(['A', '$pageview']);
    tracker.login('u1');
    expect((await net.records()).at(-1)!.type).toBe('track_signup');
    tracker.track('C');
    await tracker.flush();
    expect((await net.records()).at(-1)!.event).toBe('C');
  });

  it('drops queued records older than twice the send interval', async () => {
    const storage = memoryStorage();
    const fail = open(() => new Response('', { status: 503 }), storage, 1000);
    fail.tracker.track('Lost'); // queued at T0, expires at T0 + 2000
    await vi.advanceTimersByTimeAsync(1000); // fails: queued again
    expect(fail.queued().map((e) => e.r.event)).toEqual(['Lost']);
    await vi.advanceTimersByTimeAsync(500);
    fail.tracker.track('Kept'); // queued at T0 + 1500, expires at T0 + 3500
    await vi.advanceTimersByTimeAsync(500); // T0 + 2000: 'Lost' is 2 intervals old, dropped unsent
    expect((await fail.net.records()).map((r) => r.event)).toEqual(['Lost', 'Kept']);
    expect(fail.queued().map((e) => e.r.event)).toEqual(['Kept']);
    fail.tracker.destroy(); // the tab is closed

    // The next page sends what is still fresh, not what expired meanwhile.
    const stale = { x: T0 + 2900, r: { type: 'track', event: 'Stale' } };
    storage.setItem(BATCH_KEY, JSON.stringify([...fail.queued(), stale]));
    vi.setSystemTime(T0 + 2000);
    const next = open(undefined, storage, 1000);
    await vi.advanceTimersByTimeAsync(1000); // T0 + 3000
    expect((await next.net.records()).map((r) => r.event)).toEqual(['Kept']);
    expect(next.queued()).toEqual([]);
  });

  it('sends the queue by beacon when the page is hidden or left', async () => {
    const { tracker, w, net } = open();
    tracker.track('A');
    w.hide();
    expect(w.beacons().map((r) => r.event)).toEqual(['A']);
    w.hide(false);
    tracker.track('B');
    w.dispatch('pagehide');
    await settle();
    expect(w.beacons().map((r) => r.event)).toEqual(['A', 'B']);
    expect(await net.sent()).toHaveLength(0);
  });
});
