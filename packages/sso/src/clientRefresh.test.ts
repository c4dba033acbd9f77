/**
 * The SSO client's refresh on fake timers: when it runs, how it shares one request, its answers
 * to a 401 and network errors, the tab's visibility, and two tabs sharing one login.
 */
import {
  fakeServer,
  fakeWindow,
  jwt,
  memoryStorage,
  memoryTabs,
  record,
  unauthorized,
} from '@plugin-center/test-fakes/sso';
import { describe, expect, it, vi } from 'vitest';
import { createSsoClient } from './client';
import { LOGIN_RECORD_KEY, type LoginRecord } from './record';
import type { TabSync } from './tabs';
import { flush, REDIRECT, rejection, setup, T0, useFakeClock } from './testClient';

useFakeClock();

describe('refresh', () => {
  it('refreshes at once when the access token expires within the 5 s window', async () => {
    const { client, server, stored } = setup({ stored: record(4000) });
    await client.init();
    const req = server.requests.find((r) => r.url.pathname === '/api/uc/user/refresh_token')!;
    expect(req.method).toBe('POST');
    expect(req.headers.get('authorization')).toBe('Bearer r1');
    expect(stored()?.refresh_token).toBe('r2');
    expect(stored()?.user_info?.user_name).toBe('ada');
    expect(client.getSnapshot().accessToken).toBe(stored()?.access_token);
  });

  it('schedules the refresh at expiry minus 5 s', async () => {
    const { client, server } = setup({ stored: record(60_000) });
    await client.init();
    expect(server.count('user/refresh_token')).toBe(0);
    await vi.advanceTimersByTimeAsync(54_999);
    expect(server.count('user/refresh_token')).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(server.count('user/refresh_token')).toBe(1);
    // the new token (60 s) is scheduled again
    await vi.advanceTimersByTimeAsync(55_000);
    expect(server.count('user/refresh_token')).toBe(2);
  });

  it('honours a custom advance window', async () => {
    const { client, server } = setup({ stored: record(60_000), refreshAdvance: 20_000 });
    await client.init();
    await vi.advanceTimersByTimeAsync(39_999);
    expect(server.count('user/refresh_token')).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(server.count('user/refresh_token')).toBe(1);
  });

  it("corrects clock skew with the server's Date header", async () => {
    // The server's clock is one hour ahead: its token expires 60 s after *its* now.
    const hour = 3_600_000;
    const server = fakeServer({ serverOffset: hour });
    const { client } = setup({ server, stored: { ...record(0), access_token: jwt(T0 + hour + 60_000) } });
    await client.init();
    expect(server.count('user/refresh_token')).toBe(0);
    await vi.advanceTimersByTimeAsync(54_999);
    expect(server.count('user/refresh_token')).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(server.count('user/refresh_token')).toBe(1);
  });

  it('shares one request between concurrent checks of the same token', async () => {
    // A lock that excludes nothing: only the client's own queue can keep this to one request.
    const lock = vi.fn((task: () => Promise<unknown>) => task());
    const tabs = { lock, post: () => {}, listen: () => {} } as TabSync;
    const { client, server, stored } = setup({ stored: record(60_000), tabs });
    await client.init();
    vi.setSystemTime(T0 + 56_000); // due, without firing the timer
    const tokens = await Promise.all([
      client.getValidAccessToken(),
      client.getValidAccessToken(),
      client.getValidAccessToken(),
    ]);
    expect(server.count('user/refresh_token')).toBe(1);
    expect(lock).toHaveBeenCalledTimes(2); // validation at start, then one refresh
    expect(new Set(tokens).size).toBe(1);
    expect(tokens[0]).toBe(stored()?.access_token);
  });

  it('returns the stored token without a request when it is not due', async () => {
    const { client, server, stored } = setup({ stored: record(60_000) });
    await client.init();
    expect(await client.getValidAccessToken()).toBe(stored()?.access_token);
    expect(server.count('user/refresh_token')).toBe(0);
  });

  it('sends the user to sign-in on a 401, clears the login and runs the sign-out hooks', async () => {
    const server = fakeServer();
    server.handle['/api/uc/user/refresh_token'] = unauthorized;
    const { client, stored, navigate } = setup({ server, stored: record(60_000) });
    await client.init();
    const hook = vi.fn();
    client.onSignOut(hook);
    vi.setSystemTime(T0 + 56_000);
    const e = await rejection(client.getValidAccessToken());
    expect(e.code).toBe('REFRESH_UNAUTHORIZED');
    expect(stored()).toBeNull();
    expect(client.getSnapshot().status).toBe('signed-out');
    expect(hook).toHaveBeenCalledTimes(1);
    expect(navigate).toHaveBeenCalledTimes(1);
    expect(navigate.mock.calls[0]![0]).toMatch(/^\/user\/login\/\?/);
  });

  it('without a login page, a 401 on refresh clears the login and stays on the page', async () => {
    const server = fakeServer();
    server.handle['/api/uc/user/refresh_token'] = unauthorized;
    const { client, stored, navigate } = setup({ server, stored: record(60_000), loginPageUrl: null });
    await client.init();
    vi.setSystemTime(T0 + 56_000);
    expect((await rejection(client.getValidAccessToken())).code).toBe('REFRESH_UNAUTHORIZED');
    expect(stored()).toBeNull();
    expect(client.getSnapshot().status).toBe('signed-out');
    expect(navigate).not.toHaveBeenCalled();
  });

  it('retries after 5 s on a network error', async () => {
    const server = fakeServer();
    let fail = true;
    server.handle['/api/uc/user/refresh_token'] = () =>
      fail ? Promise.reject(new TypeError('fetch failed')) : server.dated(server.pair());
    const { client, stored, navigate } = setup({ server, stored: record(4000) });
    await client.init();
    expect(server.count('user/refresh_token')).toBe(1);
    expect(stored()?.refresh_token).toBe('r1');
    const e = await rejection(client.getValidAccessToken());
    expect([e.code, e.message]).toEqual(['NETWORK', 'Network Error']);
    expect(server.count('user/refresh_token')).toBe(2);
    fail = false;
    await vi.advanceTimersByTimeAsync(4999);
    expect(server.count('user/refresh_token')).toBe(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(server.count('user/refresh_token')).toBe(3);
    expect(stored()?.refresh_token).not.toBe('r1');
    expect(client.getSnapshot().status).toBe('signed-in');
    expect(navigate).not.toHaveBeenCalled();
  });

  it('re-checks when the tab becomes visible again or comes back online', async () => {
    for (const event of ['visibilitychange', 'online']) {
      vi.setSystemTime(T0);
      const { client, server, w } = setup({ stored: record(60_000) });
      await client.init();
      vi.setSystemTime(T0 + 10 * 60_000); // the machine slept; no timer fired
      expect(server.count('user/refresh_token')).toBe(0);
      w.dispatch(event);
      await flush();
      expect(server.count('user/refresh_token')).toBe(1);
    }
  });

  it('does not re-check while the tab is hidden', async () => {
    const { client, server, w } = setup({ stored: record(60_000) });
    await client.init();
    vi.setSystemTime(T0 + 10 * 60_000);
    w.document.visibilityState = 'hidden';
    w.dispatch('visibilitychange');
    await flush();
    expect(server.count('user/refresh_token')).toBe(0);
  });

  it('notices a wall-clock jump within a minute through its timer', async () => {
    const { client, server } = setup({ stored: record(3_600_000) });
    await client.init();
    vi.setSystemTime(T0 + 2 * 3_600_000);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(server.count('user/refresh_token')).toBe(1);
  });

  it('uses the injected clock and timers', async () => {
    let clock = T0;
    const timers: { fn: () => void; at: number }[] = [];
    const { client, server } = setup({
      stored: record(60_000),
      now: () => clock,
      setTimeout: (fn, ms) => timers.push({ fn, at: clock + ms }),
      clearTimeout: () => {},
    });
    await client.init();
    const last = timers.at(-1)!;
    expect(last.at).toBe(T0 + 55_000);
    clock = last.at;
    last.fn();
    await flush();
    expect(server.count('user/refresh_token')).toBe(1);
  });
});

describe('two tabs', () => {
  function twoTabs(stored: LoginRecord, loginStorage: 0 | 1 = 0) {
    const server = fakeServer();
    const hub = memoryTabs();
    const shared = memoryStorage();
    const wa = fakeWindow(undefined, { localStorage: shared });
    const wb = fakeWindow(undefined, { localStorage: shared });
    for (const w of [wa, wb])
      (loginStorage ? w.sessionStorage : w.localStorage).setItem(LOGIN_RECORD_KEY, JSON.stringify(stored));
    const make = (w: ReturnType<typeof fakeWindow>) =>
      createSsoClient({
        redirectUrl: REDIRECT,
        fetch: server.fetch,
        window: w,
        tabs: hub.tab(),
        loginStorage,
        navigate: vi.fn(),
      });
    return { server, a: make(wa), b: make(wb), wa, wb };
  }

  it('lets exactly one tab refresh; the other adopts its tokens (timers firing together)', async () => {
    const { server, a, b } = twoTabs(record(60_000));
    await Promise.all([a.init(), b.init()]);
    await vi.advanceTimersByTimeAsync(55_000);
    expect(server.count('user/refresh_token')).toBe(1);
    expect(a.getSnapshot().accessToken).not.toBeNull();
    expect(a.getSnapshot().accessToken).toBe(b.getSnapshot().accessToken);
    expect(await b.getValidAccessToken()).toBe(await a.getValidAccessToken());
    expect(server.count('user/refresh_token')).toBe(1);
  });

  it('lets exactly one tab refresh on concurrent calls', async () => {
    const { server, a, b } = twoTabs(record(60_000));
    await Promise.all([a.init(), b.init()]);
    vi.setSystemTime(T0 + 56_000);
    const [ta, tb] = await Promise.all([a.getValidAccessToken(), b.getValidAccessToken()]);
    expect(server.count('user/refresh_token')).toBe(1);
    expect(ta).toBe(tb);
    expect(server.requests.filter((r) => r.headers.get('authorization') === 'Bearer r1')).toHaveLength(3); // 2 valid + 1 refresh
  });

  it('hands rotated tokens to a tab with its own sessionStorage, so it never reuses the old one', async () => {
    const { server, a, b, wb } = twoTabs(record(60_000), 1);
    await Promise.all([a.init(), b.init()]);
    vi.setSystemTime(T0 + 56_000);
    const ta = await a.getValidAccessToken();
    await flush();
    expect(JSON.parse(wb.sessionStorage.getItem(LOGIN_RECORD_KEY)!).access_token).toBe(ta);
    expect(b.getSnapshot().accessToken).toBe(ta);
    expect(await b.getValidAccessToken()).toBe(ta);
    expect(server.count('user/refresh_token')).toBe(1);
  });

  it('signs the other tab out when one tab signs out', async () => {
    const { a, b } = twoTabs(record(60_000));
    await Promise.all([a.init(), b.init()]);
    const hook = vi.fn();
    b.onSignOut(hook);
    await a.signOut();
    await flush();
    expect(b.getSnapshot().status).toBe('signed-out');
    expect(hook).toHaveBeenCalledTimes(1);
  });
});
