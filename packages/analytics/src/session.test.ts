import { fakeWindow, memoryStorage, network } from '@plugin-center/test-fakes/analytics';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { connectSession, type SessionSource, type SessionUser } from './session';
import { createTracker } from './tracker';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

const USER: SessionUser = {
  user_id: 42,
  account_id: 'acc-42',
  user_name: 'ada',
  nick_name: 'Ada',
  email: 'ada@example.com',
  mobile: null,
};

/** A session in the shape of `@plugin-center/sso`'s client: a snapshot, change listeners, sign-out hooks. */
function session(status = 'initializing', user: SessionUser | null = null) {
  let snapshot = { status, user };
  const changes = new Set<() => void>();
  const signOuts = new Set<() => void>();
  const adder = (set: Set<() => void>) => (l: () => void) => {
    set.add(l);
    return () => set.delete(l);
  };
  const source: SessionSource = {
    getSnapshot: () => snapshot,
    subscribe: adder(changes),
    onSignOut: adder(signOuts),
  };
  const set = (next: typeof snapshot) => {
    const was = snapshot.user;
    snapshot = next;
    for (const l of changes) l();
    if (was && !next.user) for (const l of signOuts) l();
  };
  return { source, set, changes, signOuts };
}

/** A tracker on a page whose cookie and storage survive `reload()`. */
function site() {
  const storage = memoryStorage();
  let w = fakeWindow('https://docs.example.com/', { storage });
  const net = network();
  const open = () => {
    const analytics = createTracker({ window: w, fetch: net.fetch });
    analytics.init();
    return analytics;
  };
  const reload = () => {
    const cookie = w.document.cookie;
    w = fakeWindow('https://docs.example.com/', { storage });
    w.document.cookie = cookie;
    return open();
  };
  return { net, open, reload };
}

describe('connectSession (SPEC §4)', () => {
  it('identifies the signed-in user once: $SignUp from the anonymous id, uid, the profile', async () => {
    const { net, open, reload } = site();
    const analytics = open();
    const anonymous = analytics.getSnapshot().distinct_id;
    const s = session();
    connectSession(analytics, s.source);
    expect(await net.records()).toEqual([]);
    s.set({ status: 'signed-in', user: USER });
    s.set({ status: 'signed-in', user: { ...USER } }); // a refreshed snapshot: nothing again
    analytics.track('Read');
    const records = await net.records();
    expect(records.map((r) => [r.type, r.event])).toEqual([
      ['track_signup', '$SignUp'],
      ['profile_set', undefined],
      ['track', 'Read'],
    ]);
    expect(records[0]).toMatchObject({ distinct_id: '42', original_id: anonymous });
    expect(records[1]!.properties).toEqual({
      yt_uid: 'acc-42',
      user_name: 'ada',
      nick_name: 'Ada',
      email: 'ada@example.com',
    });
    expect(records[2]).toMatchObject({ distinct_id: '42', properties: { uid: '42' } });

    // Another page load of the same site, signed in from the start: nothing is sent again.
    const again = reload();
    connectSession(again, session('signed-in', USER).source);
    expect((await net.records()).length).toBe(3);
    expect(again.getSnapshot()).toMatchObject({ distinct_id: '42', first_id: anonymous });
  });

  it('on sign-out starts a new anonymous id without uid, once', async () => {
    const { net, open } = site();
    const analytics = open();
    const s = session('signed-in', USER);
    connectSession(analytics, s.source);
    const before = analytics.getSnapshot();
    s.set({ status: 'signed-out', user: null }); // the snapshot listener and the sign-out hook both run
    const after = analytics.getSnapshot();
    expect(after.distinct_id).not.toBe('42');
    expect(after.distinct_id).not.toBe(before.first_id);
    expect(after).toMatchObject({ first_id: '', history_login_id: { name: '', value: '' } });
    expect(after.identities).toEqual({ $identity_cookie_id: before.identities.$identity_cookie_id });
    analytics.track('Read');
    const last = (await net.records()).at(-1)!;
    expect(last).toMatchObject({ distinct_id: after.distinct_id });
    expect(last.properties.uid).toBeNull(); // register({ uid: null }) clears it
    s.set({ status: 'signed-out', user: null });
    expect(analytics.getSnapshot().distinct_id).toBe(after.distinct_id);
  });

  it('resets a login the tracker still holds when the session turns out signed out (ended while away)', () => {
    const { open, reload } = site();
    connectSession(open(), session('signed-in', USER).source);
    const next = reload();
    expect(next.getSnapshot().distinct_id).toBe('42');
    const s = session('initializing');
    connectSession(next, s.source);
    expect(next.getSnapshot().distinct_id).toBe('42'); // not known yet
    s.set({ status: 'signed-out', user: null });
    expect(next.getSnapshot().history_login_id.value).toBe('');
  });

  it('stops following the session once disconnected', () => {
    const { open } = site();
    const analytics = open();
    const s = session();
    const disconnect = connectSession(analytics, s.source);
    disconnect();
    expect(s.changes.size + s.signOuts.size).toBe(0);
    s.set({ status: 'signed-in', user: USER });
    expect(analytics.getSnapshot().history_login_id.value).toBe('');
  });
});
