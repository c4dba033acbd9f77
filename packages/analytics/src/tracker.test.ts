import type { TrackedEvent } from '@plugin-center/contract';
import { fakeWindow, hang, memoryStorage, network, settle } from '@plugin-center/test-fakes/analytics';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { IDENTITY_COOKIE, TrackerState } from './constants';
import { createTracker } from './tracker';
import type { TrackedRecord, TrackerOptions } from './types';

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(new Date('2026-03-01T08:00:00Z'));
});
afterEach(() => {
  vi.useRealTimers();
});

const ids = () => {
  let n = 0;
  return () => `anon-${++n}`;
};

function start(options: TrackerOptions = {}, w = fakeWindow()) {
  const net = network();
  const log = vi.fn();
  const tracker = createTracker({ window: w, fetch: net.fetch, uuid: ids(), log, ...options });
  tracker.init();
  return { tracker, net, w, log };
}

describe('states (SPEC §4)', () => {
  it('goes not started → init started → store done, queueing calls until then', async () => {
    const net = network();
    const w = fakeWindow();
    const tracker = createTracker({ fetch: net.fetch, uuid: ids() });
    const seen: string[] = [];
    tracker.subscribe(() => seen.push(tracker.getSnapshot().state));
    expect(tracker.getSnapshot()).toMatchObject({
      state: TrackerState.NOT_STARTED,
      distinct_id: '',
      mode: 'track',
    });
    tracker.register({ product: 'plugin-center' });
    tracker.track('PluginView', { plugin_key: 'k1' });
    expect(await net.sent()).toHaveLength(0);
    tracker.init({ window: w });
    expect(seen[0]).toBe('init started');
    expect(seen.at(-1)).toBe('store done');
    expect(tracker.getSnapshot().state).toBe('store done');
    const [record] = await net.records();
    expect(record).toMatchObject({
      event: 'PluginView',
      properties: { plugin_key: 'k1', product: 'plugin-center' },
    });
    tracker.init({ project: 'other' }); // once only
    tracker.track('Again');
    expect((await net.posts())[1]!.url.searchParams.get('project')).toBe('default');
  });

  it('returns the same snapshot object until something changes', async () => {
    const { tracker } = start();
    const a = tracker.getSnapshot();
    expect(tracker.getSnapshot()).toBe(a);
    tracker.track('PluginView');
    expect(tracker.getSnapshot()).toBe(a);
    tracker.register({ tid: 't1' });
    expect(tracker.getSnapshot()).not.toBe(a);
  });
});

describe('the record and its sending (SPEC §7)', () => {
  it('POSTs the Sensors JSON form-encoded to {server}/sa?project=, with keepalive', async () => {
    const { tracker, net } = start({ server: 'https://collect.example.com' });
    tracker.track('PluginInstall', { plugin_key: 'p1', tags: ['a'], price: 0, free: true, note: null });
    const [req] = await net.sent();
    expect(req!.url.href).toBe('https://collect.example.com/sa?project=default');
    expect(req!.init).toMatchObject({ method: 'POST', keepalive: true });
    // What fetch puts on the wire: a form, with Sensors' `data` and `ext` fields.
    const sent = new Request(req!.url, req!.init);
    expect(sent.headers.get('content-type')).toBe('application/x-www-form-urlencoded;charset=UTF-8');
    expect(await sent.text()).toMatch(/^data=[A-Za-z0-9%]+&ext=crc%3D-?\d+$/);
    const [r] = await net.records();
    const contract: TrackedEvent = r!; // the collector's TrackedEvent accepts the record
    expect(contract).toEqual({
      type: 'track',
      event: 'PluginInstall',
      distinct_id: 'anon-1',
      anonymous_id: 'anon-1',
      identities: { $identity_cookie_id: 'anon-1' },
      time: Date.parse('2026-03-01T08:00:00Z'),
      _track_id: expect.any(Number),
      lib: { $lib: 'js', $lib_method: 'code', $lib_version: '0.1.0' },
      properties: {
        $lib: 'js',
        $lib_version: '0.1.0',
        $url: 'https://plugins.example.com/plugins/?tag=1',
        $title: 'Plugins',
        plugin_key: 'p1',
        tags: ['a'],
        price: 0,
        free: true,
        note: null,
      },
    });
  });

  it('uses a collector path on the site itself, and the project of the deployment', async () => {
    for (const [deployment, project] of [
      ['www', 'production'],
      ['oversea', 'oversea_production'],
      ['test', 'default'],
    ] as const) {
      const { tracker, net } = start({ deployment, collectorPath: '/api/analytics/collect' });
      tracker.track('A');
      expect((await net.sent())[0]!.url.pathname).toBe('/api/analytics/collect');
      expect((await net.sent())[0]!.url.searchParams.get('project')).toBe(project);
    }
    const { tracker, net } = start({ deployment: 'www', project: 'mine' });
    tracker.track('A');
    expect((await net.sent())[0]!.url.searchParams.get('project')).toBe('mine');
  });

  it('sends by navigator.sendBeacon while the page is hidden', async () => {
    const { tracker, net, w } = start();
    w.document.visibilityState = 'hidden';
    tracker.track('Late', { name: '插件' });
    expect(await net.sent()).toHaveLength(0);
    // A string body, as Sensors' beacon sender sends it (text/plain; the collector reads it as a form).
    expect(w.navigator.sendBeacon).toHaveBeenCalledWith(
      '/sa?project=default',
      expect.stringMatching(/^data=[A-Za-z0-9%]+&ext=crc%3D-?\d+$/),
    );
    expect(w.beacons()).toMatchObject([{ event: 'Late', properties: { name: '插件' } }]);
  });

  it('falls back to fetch when sendBeacon refuses', async () => {
    const { tracker, net, w } = start();
    w.document.visibilityState = 'hidden';
    w.navigator.sendBeacon.mockReturnValue(false);
    tracker.track('Late');
    expect((await net.records()).map((r) => r.event)).toEqual(['Late']);
  });

  it('posts the records of one task together at its end: one alone as data=, more as data_list of at most 100', async () => {
    const { tracker, net } = start();
    tracker.track('Alone');
    expect(net.requests).toHaveLength(0); // not before the task ends
    const [single] = await net.sent();
    expect(single!.body).toMatch(/^data=/);
    for (let i = 0; i < 250; i++) tracker.track('Burst', { position: i });
    const posts = await net.posts();
    expect(posts.map((p) => p.body.slice(0, p.body.indexOf('=')))).toEqual([
      'data',
      'data_list',
      'data_list',
      'data_list',
    ]);
    const burst = (await net.records()).slice(1);
    expect(burst.map((r) => r.properties.position)).toEqual([...Array(250).keys()]);
    // Big bodies do not ask to outlive the page (browsers cap keepalive bodies in flight at 64 KiB).
    expect(posts.slice(1).map((p) => p.init.keepalive)).toEqual([false, false, false]);
    expect(single!.init.keepalive).toBe(true);
  });

  it('sends the records of a task that ends with the page hidden by one beacon', async () => {
    const { tracker, net, w } = start();
    tracker.track('First');
    w.document.visibilityState = 'hidden';
    tracker.track('Hidden');
    expect(await net.sent()).toHaveLength(0);
    expect(w.navigator.sendBeacon).toHaveBeenCalledTimes(1);
    expect(w.beacons().map((r) => r.event)).toEqual(['First', 'Hidden']);
  });

  it('aborts a send after 8 s and logs it', async () => {
    const log = vi.fn();
    const net = network(hang);
    const tracker = createTracker({ window: fakeWindow(), fetch: net.fetch, log });
    tracker.init();
    tracker.track('Slow');
    await vi.advanceTimersByTimeAsync(7999);
    expect((await net.sent())[0]!.init.signal!.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect((await net.sent())[0]!.init.signal!.aborted).toBe(true);
    expect(log).toHaveBeenCalledTimes(1);
  });

  it('logs an answer that is not 2xx, without throwing', async () => {
    const log = vi.fn();
    const net = network(() => new Response('no', { status: 400 }));
    const tracker = createTracker({ window: fakeWindow(), fetch: net.fetch, log });
    tracker.init();
    tracker.track('Rejected');
    await settle();
    expect((log.mock.calls[0]![0] as Response).status).toBe(400);
  });

  it('cuts string property values to 500', async () => {
    const w = fakeWindow(`https://plugins.example.com/${'p'.repeat(600)}`);
    const { tracker, net } = start({}, w);
    tracker.track('A');
    expect(((await net.records())[0]!.properties.$url as string).length).toBe(500);
  });
});

describe('registered properties and profiles (SPEC §3)', () => {
  it('registers product, tid, pid, uid for every later event, stored with the identity (strings cut to 200)', async () => {
    const storage = memoryStorage();
    const w = fakeWindow('https://plugins.example.com/', { storage });
    const { tracker, net } = start({}, w);
    tracker.register({ product: 'design', tid: 't', pid: 'p', uid: 'u'.repeat(300) });
    tracker.track('A');
    expect((await net.records())[0]!.properties).toMatchObject({
      product: 'design',
      tid: 't',
      pid: 'p',
      uid: 'u'.repeat(200),
    });
    tracker.register({ uid: null });
    tracker.track('B', { tid: 'own' });
    expect((await net.records())[1]!.properties).toMatchObject({ product: 'design', tid: 'own', uid: null });
    // A new page of the same browser keeps them.
    const next = start({}, Object.assign(fakeWindow(), { document: w.document }));
    next.tracker.track('C');
    expect((await next.net.records())[0]!.properties.product).toBe('design');
  });

  it('sends profile_set with the SPEC profile fields, without page presets', async () => {
    const { tracker, net } = start();
    tracker.setProfile({
      yt_uid: '9',
      user_name: 'ada',
      nick_name: '阿达',
      email: 'ada@example.com',
      mobile: '13800000000',
      sex: 'f',
      birthday: '1990-01-01',
      channel: 'web',
      co_channel_from: 'docs',
    });
    const [r] = await net.records();
    expect(r!.type).toBe('profile_set');
    expect(r!.event).toBeUndefined();
    expect(r!.properties).toEqual({
      yt_uid: '9',
      user_name: 'ada',
      nick_name: '阿达',
      email: 'ada@example.com',
      mobile: '13800000000',
      sex: 'f',
      birthday: '1990-01-01',
      channel: 'web',
      co_channel_from: 'docs',
    });
  });

  it('tracks a $pageview with $referrer (cut to 200) and $url_path', async () => {
    const w = fakeWindow('https://plugins.example.com/plugins/%E6%8F%92%E4%BB%B6?x=1', {
      referrer: `https://search.example.org/?q=${'x'.repeat(300)}`,
    });
    const { tracker, net } = start({}, w);
    tracker.trackPageview({ from: 'home' });
    const p = (await net.records())[0]!.properties;
    expect(p.$referrer).toBe(`https://search.example.org/?q=${'x'.repeat(300)}`.slice(0, 200));
    expect(p.$url_path).toBe('/plugins/插件');
    expect(p.$url).toBe('https://plugins.example.com/plugins/插件?x=1');
    expect(p.from).toBe('home');
  });
});

describe('identity (SPEC §3, §4)', () => {
  it('creates an anonymous id kept in the identity cookie for 360 days', async () => {
    const w = fakeWindow();
    const { tracker } = start({}, w);
    expect(tracker.getSnapshot()).toMatchObject({
      distinct_id: 'anon-1',
      first_id: '',
      identities: { $identity_cookie_id: 'anon-1' },
      history_login_id: { name: '', value: '' },
      props: {},
    });
    const line = w.cookieWrites.at(-1)!;
    expect(line.startsWith(`${IDENTITY_COOKIE}=`)).toBe(true);
    expect(line).toContain('; max-age=31104000; path=/');
    // The same browser 359 days later: same id; after 361 days without a visit: a new one.
    vi.advanceTimersByTime(359 * 86_400_000);
    const again = start({}, Object.assign(fakeWindow(), { document: w.document, cookieWrites: [] }));
    expect(again.tracker.getSnapshot().distinct_id).toBe('anon-1');
    vi.advanceTimersByTime(361 * 86_400_000);
    const later = start({ uuid: () => 'fresh' }, Object.assign(fakeWindow(), { document: w.document }));
    expect(later.tracker.getSnapshot().distinct_id).toBe('fresh');
  });

  it('shares the cookie with sibling sites through cookieDomain', async () => {
    const w = fakeWindow();
    start({ cookieDomain: '.example.com' }, w);
    expect(w.cookieWrites.at(-1)).toMatch(/; path=\/; domain=\.example\.com$/);
  });

  it('falls back to localStorage when cookies are blocked', async () => {
    const storage = memoryStorage();
    const w = fakeWindow('https://plugins.example.com/', { cookies: false, storage });
    const { tracker } = start({}, w);
    expect(JSON.parse(storage.getItem(IDENTITY_COOKIE)!).distinct_id).toBe('anon-1');
    tracker.login('u1');
    const again = start(
      { uuid: () => 'other' },
      fakeWindow('https://plugins.example.com/', { cookies: false, storage }),
    );
    expect(again.tracker.getSnapshot()).toMatchObject({ distinct_id: 'u1', first_id: 'anon-1' });
  });

  it('converts anonymous → logged in on login, with a $SignUp track_signup record (original_id)', async () => {
    const { tracker, net } = start();
    tracker.track('Before');
    tracker.login(1024);
    expect(tracker.getSnapshot()).toMatchObject({
      distinct_id: '1024',
      first_id: 'anon-1',
      identities: { $identity_cookie_id: 'anon-1', $identity_login_id: '1024' },
      history_login_id: { name: '$identity_login_id', value: '1024' },
    });
    tracker.track('After');
    const [before, signup, after] = (await net.records()) as TrackedRecord[];
    expect(before).toMatchObject({ distinct_id: 'anon-1', anonymous_id: 'anon-1' });
    expect(before!.login_id).toBeUndefined();
    expect(signup).toMatchObject({
      type: 'track_signup',
      event: '$SignUp',
      distinct_id: '1024',
      original_id: 'anon-1',
      login_id: '1024',
      anonymous_id: 'anon-1',
      identities: { $identity_cookie_id: 'anon-1', $identity_login_id: '1024' },
    });
    expect(after).toMatchObject({ distinct_id: '1024', login_id: '1024', anonymous_id: 'anon-1' });
    // The same login again does nothing; another user signs up from the same anonymous id.
    tracker.login('1024');
    expect(await net.records()).toHaveLength(3);
    tracker.login('2048');
    expect((await net.records())[3]).toMatchObject({
      event: '$SignUp',
      distinct_id: '2048',
      original_id: 'anon-1',
    });
  });

  it('logs in with another key, kept in identities and history_login_id', async () => {
    const { tracker, net } = start();
    tracker.login('13800000000', 'phone');
    const [signup] = await net.records();
    expect(signup).toMatchObject({
      distinct_id: '13800000000',
      login_id: '13800000000',
      original_id: 'anon-1',
      identities: { $identity_cookie_id: 'anon-1', phone: '13800000000' },
    });
    expect(tracker.getSnapshot().history_login_id).toEqual({ name: 'phone', value: '13800000000' });
  });

  it('resets to a new anonymous id on logout (the onSignOut hook), keeping the cookie id', async () => {
    const { tracker, net } = start();
    tracker.login('u1');
    const signOut = () => tracker.logout();
    signOut();
    expect(tracker.getSnapshot()).toMatchObject({
      distinct_id: 'anon-2',
      first_id: '',
      identities: { $identity_cookie_id: 'anon-1' },
      history_login_id: { name: '', value: '' },
    });
    tracker.track('Out');
    expect((await net.records())[1]).toMatchObject({ distinct_id: 'anon-2', anonymous_id: 'anon-2' });
    expect((await net.records())[1]!.login_id).toBeUndefined();
  });
});

describe('destroy()', () => {
  it('runs plugin cleanups, drops later calls and timers', async () => {
    const cleanup = vi.fn();
    const fired = vi.fn();
    let host!: Parameters<NonNullable<TrackerOptions['plugins']>[number]['setup']>[0];
    const { tracker, net } = start({
      plugins: [
        {
          setup: (h) => {
            host = h;
            h.timer(fired, 100);
            return cleanup;
          },
        },
      ],
    });
    tracker.destroy();
    expect(cleanup).toHaveBeenCalledTimes(1);
    tracker.track('Gone');
    host.send(host.build('track', 'Gone'));
    vi.advanceTimersByTime(100);
    expect(fired).not.toHaveBeenCalled();
    expect(await net.sent()).toHaveLength(0);
  });
});
