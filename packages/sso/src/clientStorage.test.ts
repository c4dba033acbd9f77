/**
 * The SSO client's login storage: localStorage, sessionStorage or a cookie by code, and the
 * storage an administrator configures in the space setting.
 */
import { fakeServer, fakeWindow, json, record } from '@plugin-center/test-fakes/sso';
import { describe, expect, it, vi } from 'vitest';
import { LOGIN_RECORD_KEY, type LoginRecord } from './record';
import { REDIRECT, setup, T0, useFakeClock } from './testClient';

useFakeClock();

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
