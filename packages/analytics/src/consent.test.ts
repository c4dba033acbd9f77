import { fakeWindow, memoryStorage, network } from '@plugin-center/test-fakes/analytics';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type AnalyticsOptions, createAnalytics } from './analytics';
import { IDENTITY_COOKIE, TrackerState } from './constants';
import { bootScriptTag } from './scriptTag';
import { SNIPPET } from './snippet';
import type { Tracker } from './types';

// Consent mode (SPEC §1 "marketing optional"): before consent and after a refusal the
// tracker stores nothing (cookies, localStorage) and sends nothing (collector, beacons, visual
// config, deeplink); after `grant()` it works as always.

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(new Date('2026-03-01T08:00:00Z'));
});
afterEach(() => {
  vi.useRealTimers();
  delete (window as unknown as Record<string, unknown>).sa;
});

const ids = () => {
  let n = 0;
  return () => `anon-${++n}`;
};

/** The full tracker with everything that stores or sends on: batch, visual config, deeplink. */
function setup(
  options: AnalyticsOptions = {},
  w = fakeWindow(
    'https://plugins.example.com/plugins/?deeplink=https%3A%2F%2Fx.example.com%2Fsd%2Fapp%2Fkey1',
  ),
) {
  const net = network();
  const tracker = createAnalytics({
    window: w,
    fetch: net.fetch,
    uuid: ids(),
    log: () => {},
    batch: { interval: 1000 },
    autoTrack: { visualConfig: true, pageview: { singlePage: true } },
    ...options,
  });
  return { tracker, net, w };
}

/** The tracker's keys in `w`'s localStorage, and whether its identity cookie is set. */
const stored = (w: ReturnType<typeof fakeWindow>) => ({
  keys: [...w.localStorage.map.keys()].filter((k) => k.startsWith('pcsa_') || k === IDENTITY_COOKIE),
  cookie: w.document.cookie.includes(IDENTITY_COOKIE),
});

/** Lets the page live: timers (batch, heartbeat, visual config) run, the page is hidden and shown, left. */
async function live(w: ReturnType<typeof fakeWindow>) {
  await vi.advanceTimersByTimeAsync(60_000);
  w.hide();
  w.hide(false);
  w.dispatch('scroll');
  await vi.advanceTimersByTimeAsync(10_000);
  w.dispatch('pagehide');
  await vi.advanceTimersByTimeAsync(1000);
}

describe('consent pending', () => {
  it('stores nothing and sends nothing before grant(), then starts and sends the held calls', async () => {
    const { tracker, net, w } = setup({ consent: 'pending' });
    tracker.register({ product: 'plugin-center' });
    tracker.init();
    tracker.track('PluginView', { plugin_key: 'k1' });
    await live(w);
    expect(w.cookieWrites).toEqual([]);
    expect(w.localStorage.map.size).toBe(0);
    expect(net.requests).toEqual([]);
    expect(w.navigator.sendBeacon).not.toHaveBeenCalled();
    expect(tracker.getSnapshot()).toMatchObject({
      state: TrackerState.INIT_STARTED,
      consent: 'pending',
      distinct_id: '',
    });

    tracker.grant();
    expect(tracker.getSnapshot()).toMatchObject({
      state: TrackerState.STORE_DONE,
      consent: 'granted',
      distinct_id: 'anon-1',
    });
    expect(stored(w).cookie).toBe(true);
    await tracker.flush();
    const records = await net.records();
    expect(records.map((r) => r.event)).toEqual(expect.arrayContaining(['$pageview', 'PluginView']));
    expect(records.find((r) => r.event === 'PluginView')!.properties).toMatchObject({
      plugin_key: 'k1',
      product: 'plugin-center',
    });
    // The visual config and the deeplink are asked for only now.
    expect(net.requests.map((r) => r.url.pathname)).toEqual(
      expect.arrayContaining(['/config/visualized/Web.conf', '/sdk/deeplink/param']),
    );
  });

  it('grant() before init() starts at init()', async () => {
    const { tracker, net, w } = setup({ consent: 'pending', batch: false });
    tracker.grant();
    expect(w.cookieWrites).toEqual([]);
    tracker.init();
    expect(stored(w).cookie).toBe(true);
    expect((await net.records()).map((r) => r.event)).toContain('$pageview');
  });

  it('init({ consent }) sets it too', async () => {
    const { tracker, net, w } = setup({ batch: false });
    tracker.init({ consent: 'pending' });
    await live(w);
    expect(w.cookieWrites).toEqual([]);
    expect(net.requests).toEqual([]);
  });
});

describe('consent denied', () => {
  it('after a grant: stops sending at once, cancels timers, removes its cookie and storage keys', async () => {
    const storage = memoryStorage();
    storage.setItem('theirs', 'kept');
    const w = fakeWindow('https://plugins.example.com/plugins/', { storage });
    const { tracker, net } = setup({}, w);
    tracker.init();
    tracker.track('PluginInstall', { plugin_key: 'k1' });
    await vi.advanceTimersByTimeAsync(6000); // a heartbeat, a batch sent, the visual config stored
    expect(stored(w).cookie).toBe(true);
    expect(stored(w).keys).toEqual(expect.arrayContaining(['pcsa_batch', 'pcsa_channel', 'pcsa_vtrack']));
    expect(stored(w).keys.some((k) => k.startsWith('pcsa_pageleave-'))).toBe(true);
    const before = net.requests.length;
    expect(before).toBeGreaterThan(0);

    tracker.track('Unsent'); // waiting in the batch queue: dropped with it
    tracker.deny();
    expect(stored(w)).toEqual({ keys: [], cookie: false });
    expect(storage.getItem('theirs')).toBe('kept');
    expect(tracker.getSnapshot()).toMatchObject({
      state: TrackerState.INIT_STARTED,
      consent: 'denied',
      distinct_id: '',
    });
    tracker.track('AfterDeny');
    tracker.login('u1');
    w.history.pushState(null, '', '/plugins/detail/k2');
    w.dispatch('click');
    await live(w);
    expect(net.requests.length).toBe(before);
    expect(w.navigator.sendBeacon).not.toHaveBeenCalled();
    expect(stored(w)).toEqual({ keys: [], cookie: false });
    expect(vi.getTimerCount()).toBe(0); // the timers set before deny() fired without effect, and set no more
  });

  it('a request answered after deny() writes nothing (a failed batch is not queued again)', async () => {
    let answer!: (r: Response) => void;
    const w = fakeWindow();
    const net = network(() => new Promise<Response>((r) => (answer = r)));
    const tracker = createAnalytics({
      window: w,
      fetch: net.fetch,
      log: () => {},
      batch: { interval: 1000 },
      autoTrack: { pageLeave: false },
    });
    tracker.init(); // the $pageview is sent at once, and hangs
    await vi.advanceTimersByTimeAsync(0);
    expect(net.requests).toHaveLength(1);
    tracker.deny();
    answer(new Response('', { status: 500 }));
    await vi.advanceTimersByTimeAsync(5000);
    expect(stored(w)).toEqual({ keys: [], cookie: false });
    expect(net.requests).toHaveLength(1);
  });

  it('consent denied at init() removes what an earlier visit stored, and starts nothing', async () => {
    const w = fakeWindow();
    const first = setup({ batch: false }, w);
    first.tracker.init();
    await vi.advanceTimersByTimeAsync(6000);
    first.tracker.destroy();
    expect(stored(w).cookie).toBe(true);
    const { tracker, net } = setup({ consent: 'denied' }, w);
    tracker.init();
    tracker.track('Dropped');
    await live(w);
    expect(stored(w)).toEqual({ keys: [], cookie: false });
    expect(net.requests).toEqual([]);
  });

  it('grant() after deny() starts afresh with a new anonymous id', async () => {
    const { tracker, net, w } = setup({ batch: false });
    tracker.init();
    tracker.login('u1');
    tracker.deny();
    tracker.track('Dropped');
    tracker.grant();
    expect(tracker.getSnapshot()).toMatchObject({ distinct_id: 'anon-2', first_id: '', consent: 'granted' });
    tracker.track('Again');
    const records = await net.records();
    expect(records.map((r) => r.event)).not.toContain('Dropped');
    expect(records.at(-1)).toMatchObject({ event: 'Again', distinct_id: 'anon-2' });
    expect(stored(w).cookie).toBe(true);
  });
});

describe('consent in the script-tag build', () => {
  it('data-consent="pending" waits for sa.grant(), which the snippet queues before the script loads', async () => {
    new Function(SNIPPET)();
    const sa = (window as unknown as { sa: Tracker & { q: unknown[] } }).sa;
    const net = network();
    const w = fakeWindow();
    sa.init({ fetch: net.fetch, window: w });
    const script = document.createElement('script');
    script.dataset.consent = 'pending';
    const tracker = bootScriptTag(window, script);
    await live(w);
    expect(w.cookieWrites).toEqual([]);
    expect(net.requests).toEqual([]);
    // The site's own banner: accepted.
    tracker.grant();
    expect((await net.records()).map((r) => r.event)).toContain('$pageview');
    tracker.destroy();

    // A visitor who accepted before the script loaded: the queued grant() is replayed.
    delete (window as unknown as Record<string, unknown>).sa;
    new Function(SNIPPET)();
    const again = (window as unknown as { sa: Tracker }).sa;
    const net2 = network();
    again.init({ fetch: net2.fetch, window: fakeWindow() });
    again.grant();
    const t2 = bootScriptTag(window, script);
    expect((await net2.records()).map((r) => r.event)).toContain('$pageview');
    t2.destroy();
  });
});
