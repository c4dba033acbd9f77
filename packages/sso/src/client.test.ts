import {
  fakeServer,
  fakeWindow,
  json,
  jwt,
  memoryStorage,
  memoryTabs,
  record,
  unauthorized,
  user,
} from '@plugin-center/test-fakes/sso';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createSsoClient, type SsoClientOptions } from './client';
import { SsoError } from './errors';
import { LOGIN_RECORD_KEY, type LoginRecord } from './record';
import type { TabSync } from './tabs';

const REDIRECT = 'https://product.example.com/app/';
const T0 = new Date('2030-01-01T00:00:00Z').getTime();

beforeEach(() => {
  vi.useFakeTimers({ now: T0 });
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

/** Lets pending promises and zero-delay timers run. */
const flush = () => vi.advanceTimersByTimeAsync(0);

type Setup = Partial<SsoClientOptions> & {
  href?: string;
  stored?: LoginRecord;
  server?: ReturnType<typeof fakeServer>;
  w?: ReturnType<typeof fakeWindow>;
};

function setup({ href, stored, server = fakeServer(), w = fakeWindow(href), ...options }: Setup = {}) {
  if (stored) w.localStorage.setItem(LOGIN_RECORD_KEY, JSON.stringify(stored));
  const navigate = vi.fn();
  const client = createSsoClient({
    redirectUrl: REDIRECT,
    loginQuery: { from: 'web', channel: 'c1', product: 'pixso', ux_mode: 'redirect' },
    fetch: server.fetch,
    window: w,
    tabs: memoryTabs().tab(),
    navigate,
    ...options,
  });
  const stored_ = (): LoginRecord | null => JSON.parse(w.localStorage.getItem(LOGIN_RECORD_KEY) ?? 'null');
  return { client, server, w, navigate, stored: stored_ };
}

const rejection = async (p: Promise<unknown>) => {
  try {
    await p;
  } catch (e) {
    return e as SsoError;
  }
  throw new Error('expected a rejection');
};

describe('init', () => {
  it('fails with a console warning when redirect_url is empty; calls then reject with "auth never init"', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { client, server } = setup({ redirectUrl: '', stored: record(60_000) });
    expect(await client.init()).toBe(false);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('redirect_url'));
    expect(server.requests).toHaveLength(0);
    const e = await rejection(client.getValidAccessToken());
    expect(e).toBeInstanceOf(SsoError);
    expect(e.code).toBe('AUTH_NEVER_INIT');
    expect(client.getSnapshot().status).toBe('initializing');
  });

  it('rejects every call before init with "auth never init"', async () => {
    const { client, navigate } = setup({ stored: record(60_000) });
    for (const call of [
      client.signIn(),
      client.signOut(),
      client.getValidAccessToken(),
      client.getUserInfo(),
    ]) {
      const e = await rejection(call);
      expect([e.code, e.message]).toEqual(['AUTH_NEVER_INIT', 'auth never init']);
    }
    expect(navigate).not.toHaveBeenCalled();
    expect(client.getAccessToken()).toBeNull();
  });

  it('returns the same promise when called twice and touches no global before init', async () => {
    const { client, server } = setup({ stored: record(60_000) });
    expect(server.requests).toHaveLength(0);
    const a = client.init();
    expect(client.init()).toBe(a);
    await a;
    expect(server.count('user/valid')).toBe(1);
  });
});

describe('code exchange', () => {
  it('exchanges code, stores the record and removes code from the address bar (other params and hash kept)', async () => {
    const { client, server, w, stored } = setup({
      href: 'https://product.example.com/app/?x=1&code=abc&y=2#tab',
    });
    expect(await client.init()).toBe(true);
    const req = server.requests.find((r) => r.url.pathname === '/api/uc/user/login/code/user')!;
    expect(req.method).toBe('GET');
    expect(req.url.searchParams.get('code')).toBe('abc');
    expect(req.url.searchParams.get('redirect_uri')).toBe(REDIRECT);
    expect(w.history.replaceState).toHaveBeenCalledWith(
      { router: 1 },
      '',
      'https://product.example.com/app/?x=1&y=2#tab',
    );
    expect(w.location.href).toBe('https://product.example.com/app/?x=1&y=2#tab');
    expect(stored()?.refresh_token).toBe('r2');
    const snap = client.getSnapshot();
    expect(snap.status).toBe('signed-in');
    expect(snap.user?.user_name).toBe('ada');
    expect(snap.accessToken).toBe(stored()?.access_token);
    expect(client.getAccessToken()).toBe(stored()?.access_token);
    expect(server.count('user/valid')).toBe(0);
  });

  it('skips code handling with oauth2=1 (code stays, the stored login is validated instead)', async () => {
    const { client, server, w } = setup({
      href: 'https://product.example.com/app/?code=abc&oauth2=1',
      stored: record(60_000),
    });
    await client.init();
    expect(server.count('user/login/code/user')).toBe(0);
    expect(w.history.replaceState).not.toHaveBeenCalled();
    expect(w.location.href).toContain('code=abc');
    expect(server.count('user/valid')).toBe(1);
  });

  it('rejects init with "code err" when the exchange fails; the code is removed anyway', async () => {
    const server = fakeServer();
    server.handle['/api/uc/user/login/code/user'] = () =>
      json({ code: 40003, error: 'INVALID_CODE', message: 'invalid code', data: null }, 400);
    const { client, w } = setup({ server, href: 'https://product.example.com/app/?code=used' });
    const e = await rejection(client.init());
    expect([e.code, e.message]).toEqual(['CODE_ERR', 'code err']);
    expect(w.location.href).toBe('https://product.example.com/app/');
    expect(client.getSnapshot().status).toBe('signed-out');
    // initialised anyway: the next call reports the missing record, not "auth never init"
    expect((await rejection(client.getValidAccessToken())).code).toBe('NO_LOCAL_AUTH_INFO');
  });
});

describe('validation at start', () => {
  it('validates the stored login through the refresh token and re-stores it with data.info', async () => {
    const server = fakeServer({ info: user({ nick_name: 'Fresh', role: 2 }) });
    const { client, stored } = setup({ server, stored: record(60_000) });
    await client.init();
    const req = server.requests.find((r) => r.url.pathname === '/api/uc/user/valid')!;
    expect(req.headers.get('authorization')).toBe('Bearer r1');
    expect(stored()?.user_info?.nick_name).toBe('Fresh');
    expect(client.getSnapshot()).toMatchObject({ status: 'signed-in', isAdmin: true });
    expect(client.getSnapshot().user?.nick_name).toBe('Fresh');
  });

  it('on 401 clears the local data and stays signed out on public pages', async () => {
    const server = fakeServer();
    server.handle['/api/uc/user/valid'] = unauthorized;
    const { client, stored, navigate } = setup({ server, stored: record(60_000) });
    await client.init();
    expect(stored()).toBeNull();
    expect(client.getSnapshot()).toMatchObject({ status: 'signed-out', user: null, accessToken: null });
    expect(navigate).not.toHaveBeenCalled();
  });

  it('on 401 requests sign-in on admin paths and in private deployments', async () => {
    for (const extra of [
      { href: 'https://product.example.com/plugins/admin/x' },
      { privateDeployment: true },
    ]) {
      const server = fakeServer();
      server.handle['/api/uc/user/valid'] = unauthorized;
      const { client, stored, navigate } = setup({ server, stored: record(60_000), ...extra });
      await client.init();
      expect(stored()).toBeNull();
      expect(navigate).toHaveBeenCalledTimes(1);
      const url = new URL(navigate.mock.calls[0]![0], 'https://x');
      expect(url.pathname).toBe('/user/login/');
      expect(url.searchParams.get('redirect_uri')).toBe(REDIRECT);
    }
  });

  it('requests sign-in without any stored login in private deployments only', async () => {
    const pub = setup();
    await pub.client.init();
    expect(pub.client.getSnapshot().status).toBe('signed-out');
    expect(pub.navigate).not.toHaveBeenCalled();
    const pri = setup({ privateDeployment: true });
    await pri.client.init();
    expect(pri.navigate).toHaveBeenCalledTimes(1);
  });

  it('keeps the login when the validation gets no answer', async () => {
    const server = fakeServer();
    server.handle['/api/uc/user/valid'] = () => Promise.reject(new TypeError('fetch failed'));
    const { client, stored } = setup({ server, stored: record(60_000) });
    await client.init();
    expect(stored()?.refresh_token).toBe('r1');
    expect(client.getSnapshot().status).toBe('signed-in');
  });
});

describe('login storage', () => {
  it('uses localStorage by default (code 0)', async () => {
    const { client, w } = setup({ href: `${REDIRECT}?code=c` });
    await client.init();
    expect(w.localStorage.getItem(LOGIN_RECORD_KEY)).toContain('"refresh_token":"r2"');
    expect(w.sessionStorage.getItem(LOGIN_RECORD_KEY)).toBeNull();
  });

  it('uses sessionStorage with code 1', async () => {
    const { client, w } = setup({ href: `${REDIRECT}?code=c`, loginStorage: 1 });
    await client.init();
    expect(w.sessionStorage.getItem(LOGIN_RECORD_KEY)).toContain('"refresh_token":"r2"');
    expect(w.localStorage.getItem(LOGIN_RECORD_KEY)).toBeNull();
  });

  it('uses a cookie with code 2 that expires with the refresh token, and removes it at sign-out', async () => {
    const { client, w, server } = setup({
      href: `${REDIRECT}?code=c`,
      loginStorage: 2,
      cookieAttributes: '; domain=example.com; secure',
    });
    await client.init();
    const rec = JSON.parse(
      decodeURIComponent(w.document.cookie.split('=').slice(1).join('=')),
    ) as LoginRecord;
    expect(rec.refresh_token).toBe('r2');
    const line = w.cookieWrites[0]!;
    expect(line.startsWith(`${LOGIN_RECORD_KEY}=`)).toBe(true);
    expect(line).toContain(`expires=${new Date(rec.refresh_token_expire_time).toUTCString()}`);
    expect(line).toContain(';path=/; domain=example.com; secure');
    expect(w.localStorage.getItem(LOGIN_RECORD_KEY)).toBeNull();
    expect(client.getSnapshot().status).toBe('signed-in');
    await client.signOut();
    expect(w.document.cookie).toBe('');
    expect(server.count('user/logout')).toBe(1);
  });

  it('reads the cookie back after a reload, until the refresh token expires', async () => {
    const first = setup({ href: `${REDIRECT}?code=c`, loginStorage: 2 });
    await first.client.init();
    const reload = setup({
      loginStorage: 2,
      w: { ...first.w, location: { href: REDIRECT, assign: vi.fn() } },
    });
    await reload.client.init();
    expect(reload.server.requests[0]?.headers.get('authorization')).toBe('Bearer r2');
    expect(reload.client.getSnapshot().status).toBe('signed-in');
    vi.setSystemTime(T0 + 3_600_000 + 1000);
    expect(first.w.document.cookie).toBe('');
  });

  it('fetches the login storage from the space setting when asked to', async () => {
    const server = fakeServer();
    server.handle['/api/pix/spaces/setting'] = () => server.dated({ ext: { login_storage: 1 } });
    const { client, w } = setup({ server, href: `${REDIRECT}?code=c`, loginStorage: 'fetch' });
    await client.init();
    const req = server.requests[0]!;
    expect(req.url.pathname).toBe('/api/pix/spaces/setting');
    expect(req.url.searchParams.get('space_id')).toBe('2');
    expect(w.sessionStorage.getItem(LOGIN_RECORD_KEY)).toContain('r2');
  });
});

// The login storage an administrator configures (`PUT /api/cmt/manager/space-setting`)
// is answered by `GET /api/pix/spaces/setting` in the server's whole space setting; `'fetch'` follows it.
describe('configured login storage', () => {
  const setting = (login_storage: unknown) => ({
    ext: {
      brand: { enable: true, brand_key: 'acme' },
      template: { topic_color_key: 'teal' },
      login_storage,
    },
    update_time: T0,
  });

  it.each([
    [0, 'localStorage'],
    [1, 'sessionStorage'],
    [2, 'cookie'],
  ] as const)('keeps the login record where the space setting says (%i: %s)', async (mode, where) => {
    const server = fakeServer();
    server.handle['/api/pix/spaces/setting'] = () => server.dated(setting(mode));
    const { client, w } = setup({ server, href: `${REDIRECT}?code=c`, loginStorage: 'fetch' });
    await client.init();
    const places = {
      localStorage: w.localStorage.getItem(LOGIN_RECORD_KEY),
      sessionStorage: w.sessionStorage.getItem(LOGIN_RECORD_KEY),
      cookie: w.document.cookie || null,
    };
    for (const [place, value] of Object.entries(places)) {
      if (place === where) expect(value, place).toContain('r2');
      else expect(value, place).toBeNull();
    }
    expect(client.getSnapshot().status).toBe('signed-in');
    expect(server.requests.map((r) => r.url.pathname)[0]).toBe('/api/pix/spaces/setting');
  });

  it('takes the one-time code out of the address bar before it asks for the setting', async () => {
    const server = fakeServer();
    const w = fakeWindow(`${REDIRECT}?code=c&tab=2`);
    let hrefWhenAsked = '';
    server.handle['/api/pix/spaces/setting'] = () => {
      hrefWhenAsked = w.location.href;
      return server.dated(setting(1));
    };
    const { client } = setup({ server, w, loginStorage: 'fetch' });
    await client.init();
    expect(hrefWhenAsked).toBe(`${REDIRECT}?tab=2`);
    expect(w.sessionStorage.getItem(LOGIN_RECORD_KEY)).toContain('r2');
  });

  it('reads the record back from the configured storage at the next start', async () => {
    const server = fakeServer();
    server.handle['/api/pix/spaces/setting'] = () => server.dated(setting(1));
    const w = fakeWindow(REDIRECT);
    w.sessionStorage.setItem(LOGIN_RECORD_KEY, JSON.stringify(record(60_000)));
    const { client } = setup({ server, w, loginStorage: 'fetch' });
    await client.init();
    const valid = server.requests.find((r) => r.url.pathname === '/api/uc/user/valid')!;
    expect(valid.headers.get('authorization')).toBe('Bearer r1');
    expect(client.getSnapshot().status).toBe('signed-in');
  });

  it('falls back to local storage when the setting cannot be read or names no known mode', async () => {
    for (const answer of [
      () => Promise.reject(new TypeError('fetch failed')),
      () => json({ code: 40401, error: 'ROUTE_NOT_FOUND', message: 'no', data: null }, 404),
    ]) {
      const server = fakeServer();
      server.handle['/api/pix/spaces/setting'] = answer;
      const { client, w } = setup({ server, href: `${REDIRECT}?code=c`, loginStorage: 'fetch' });
      await client.init();
      expect(w.localStorage.getItem(LOGIN_RECORD_KEY)).toContain('r2');
      expect(w.sessionStorage.getItem(LOGIN_RECORD_KEY)).toBeNull();
    }
    const server = fakeServer();
    server.handle['/api/pix/spaces/setting'] = () => server.dated(setting(7));
    const { client, w } = setup({ server, href: `${REDIRECT}?code=c`, loginStorage: 'fetch' });
    await client.init();
    expect(w.localStorage.getItem(LOGIN_RECORD_KEY)).toContain('r2');
    expect(w.sessionStorage.getItem(LOGIN_RECORD_KEY)).toBeNull();
    expect(w.document.cookie).toBe('');
  });
});

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

describe('errors', () => {
  it('rejects with a token-parse error for a malformed access token, and signs out', async () => {
    const { client, w } = setup({ stored: record(60_000) });
    await client.init();
    w.localStorage.setItem(
      LOGIN_RECORD_KEY,
      JSON.stringify({ ...record(60_000), access_token: 'not-a-jwt' }),
    );
    const e = await rejection(client.getValidAccessToken());
    expect(e).toBeInstanceOf(SsoError);
    expect([e.code, e.message]).toEqual(['TOKEN_PARSE', 'token parse error']);
    expect(client.getSnapshot().status).toBe('signed-out');
    expect(w.localStorage.getItem(LOGIN_RECORD_KEY)).toBeNull();
  });

  it('rejects refresh without a stored record with "do not have local authInfo"', async () => {
    const { client } = setup();
    await client.init();
    const e = await rejection(client.getValidAccessToken());
    expect([e.code, e.message]).toEqual(['NO_LOCAL_AUTH_INFO', 'do not have local authInfo']);
  });

  it('rejects user info and logout without a stored record with "no exist local authInfo"', async () => {
    const { client, server } = setup();
    await client.init();
    for (const call of [client.getUserInfo(), client.signOut()]) {
      const e = await rejection(call);
      expect([e.code, e.message]).toEqual(['NO_EXIST_LOCAL_AUTH_INFO', 'no exist local authInfo']);
    }
    expect(server.count('user/logout')).toBe(0);
  });
});

describe('sign-out', () => {
  it('posts logout with the refresh token, clears the record and runs the hooks', async () => {
    const { client, server, stored, navigate } = setup({ stored: record(60_000) });
    await client.init();
    const hook = vi.fn();
    const removed = vi.fn();
    client.onSignOut(hook);
    client.onSignOut(removed)();
    await client.signOut();
    const req = server.requests.find((r) => r.url.pathname === '/api/uc/user/logout')!;
    expect(req.method).toBe('POST');
    expect(req.headers.get('authorization')).toBe('Bearer r1');
    expect(stored()).toBeNull();
    expect(client.getSnapshot()).toMatchObject({ status: 'signed-out', accessToken: null });
    expect(hook).toHaveBeenCalledTimes(1);
    expect(removed).not.toHaveBeenCalled();
    expect(navigate).not.toHaveBeenCalled();
  });

  it('clears locally even when the server call fails', async () => {
    const server = fakeServer();
    server.handle['/api/uc/user/logout'] = () => Promise.reject(new TypeError('fetch failed'));
    const { client, stored } = setup({ server, stored: record(60_000) });
    await client.init();
    await client.signOut();
    expect(stored()).toBeNull();
  });

  it('redirects to the logout URL of a private deployment in redirect mode (option)', async () => {
    const { client, navigate, server } = setup({
      stored: record(60_000),
      privateDeployment: true,
      logout: { logout_mode: 'redirect', logout_url: 'https://idp.example.com/logout' },
    });
    await client.init();
    await client.signOut();
    expect(navigate).toHaveBeenCalledWith('https://idp.example.com/logout');
    expect(server.requests.some((r) => r.url.pathname.includes('config/private'))).toBe(false);
  });

  it('reads the logout mode from config/private/standard/{product} (bearer)', async () => {
    const server = fakeServer();
    server.handle['/api/uc/config/private/standard/pixso'] = () =>
      server.dated({
        ldap: { enable: false, logout_mode: 'redirect', logout_url: 'https://wrong.example.com' },
        oidc: { enable: true, logout_mode: 'redirect', logout_url: 'https://idp.example.com/logout' },
      });
    const { client, navigate, stored } = setup({ server, stored: record(60_000), privateDeployment: true });
    await client.init();
    const access = stored()!.access_token;
    await client.signOut();
    const req = server.requests.find((r) => r.url.pathname === '/api/uc/config/private/standard/pixso')!;
    expect(req.headers.get('authorization')).toBe(`Bearer ${access}`);
    expect(navigate).toHaveBeenCalledWith('https://idp.example.com/logout');
  });

  it('does not redirect in default mode nor outside private deployments', async () => {
    const a = setup({
      stored: record(60_000),
      privateDeployment: true,
      logout: { logout_mode: 'default', logout_url: 'x' },
    });
    await a.client.init();
    await a.client.signOut();
    expect(a.navigate).not.toHaveBeenCalled();
    const b = setup({
      stored: record(60_000),
      logout: { logout_mode: 'redirect', logout_url: 'https://idp' },
    });
    await b.client.init();
    await b.client.signOut();
    expect(b.navigate).not.toHaveBeenCalled();
  });
});

describe('state and sign-in', () => {
  it('gives immutable snapshots that stay the same object until something changes', async () => {
    const { client } = setup({ stored: record(3_600_000) });
    const initial = client.getSnapshot();
    const listener = vi.fn();
    client.subscribe(listener);
    await client.init();
    const signedIn = client.getSnapshot();
    expect(signedIn).not.toBe(initial);
    expect(initial.status).toBe('initializing');
    expect(listener).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(120_000); // two re-checks, nothing changed
    await client.getValidAccessToken();
    expect(client.getSnapshot()).toBe(signedIn);
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('loads the user info (bearer) into the snapshot', async () => {
    const { client, server, stored } = setup({ stored: record(60_000) });
    await client.init();
    const info = await client.getUserInfo();
    expect(info.nick_name).toBe('Ada Lovelace');
    const req = server.requests.find((r) => r.url.pathname === '/api/uc/user/userinfo')!;
    expect(req.headers.get('authorization')).toBe(`Bearer ${stored()!.access_token}`);
    expect(client.getSnapshot().user?.nick_name).toBe('Ada Lovelace');
    expect(stored()?.user_info?.nick_name).toBe('Ada Lovelace');
  });

  it('navigates to the login URL with the SPEC §2 query', async () => {
    const { client, navigate } = setup({ loginPageUrl: 'https://plugins.example.com/user/login/' });
    await client.init();
    await client.signIn();
    await client.signIn({ page: 'sign_up' });
    const url = new URL(navigate.mock.calls[0]![0]);
    expect(url.origin + url.pathname).toBe('https://plugins.example.com/user/login/');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      response_type: 'code',
      redirect_uri: REDIRECT,
      from: 'web',
      channel: 'c1',
      product: 'pixso',
      ux_mode: 'redirect',
    });
    expect(new URL(navigate.mock.calls[1]![0]).searchParams.get('page')).toBe('sign_up');
    // a page reached after the app loaded signs in back to itself, not to the page first loaded
    await client.signIn({ redirect_uri: '/plugins/protocol?tab=2' });
    expect(new URL(navigate.mock.calls[2]![0]).searchParams.get('redirect_uri')).toBe(
      '/plugins/protocol?tab=2',
    );
  });

  it('uses a custom user API base', async () => {
    const server = fakeServer();
    server.handle['/sso/api/user/valid'] = () => server.dated({ info: user() });
    const { client } = setup({ server, stored: record(60_000), baseURL: '/sso/api/' });
    await client.init();
    expect(server.requests[0]?.url.pathname).toBe('/sso/api/user/valid');
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
