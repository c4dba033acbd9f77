/**
 * The SSO client on fake timers, a fake window and a fake server: init, the code exchange, the
 * validation of a stored login at start, errors, sign-out, state and sign-in. The login storages:
 * clientStorage.test.ts; the refresh and two tabs: clientRefresh.test.ts.
 */
import { fakeServer, json, jwt, record, unauthorized, user } from '@plugin-center/test-fakes/sso';
import { describe, expect, it, vi } from 'vitest';
import { SsoError } from './errors';
import { LOGIN_RECORD_KEY } from './record';
import { REDIRECT, rejection, setup, useFakeClock } from './testClient';

useFakeClock();

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

  it('clears locally and runs the hooks when the server answers 401 (a token it no longer knows)', async () => {
    const server = fakeServer();
    server.handle['/api/uc/user/logout'] = () => unauthorized();
    const { client, stored } = setup({ server, stored: record(60_000) });
    await client.init();
    const hook = vi.fn();
    client.onSignOut(hook);
    await client.signOut();
    expect(server.count('user/logout')).toBe(1);
    expect(stored()).toBeNull();
    expect(client.getSnapshot()).toMatchObject({ status: 'signed-out', accessToken: null });
    expect(hook).toHaveBeenCalledTimes(1);
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

  it("follows the logout mode of the method the session was signed in with (the token's login_method)", async () => {
    const server = fakeServer();
    server.handle['/api/uc/config/private/standard/pixso'] = () =>
      server.dated({
        ldap: { enable: true, logout_mode: 'default', logout_url: null },
        oidc: { enable: true, logout_mode: 'redirect', logout_url: 'https://idp.example.com/logout' },
      });
    const signedInWith = (method: string) => ({
      ...record(60_000),
      access_token: jwt(Date.now() + 60_000, 'r1', { login_method: method }),
    });
    for (const [method, expected] of [
      ['ldap', undefined],
      ['oidc', 'https://idp.example.com/logout'],
      ['password', undefined],
    ] as const) {
      const { client, navigate } = setup({ server, stored: signedInWith(method), privateDeployment: true });
      await client.init();
      await client.signOut();
      if (expected) expect(navigate, method).toHaveBeenCalledWith(expected);
      else expect(navigate, method).not.toHaveBeenCalled();
    }
  });

  it('follows the logout mode with followLogoutMode, without sending visitors to sign in at start', async () => {
    const server = fakeServer();
    server.handle['/api/uc/config/private/standard/plugins'] = () =>
      server.dated({ saml: { enable: true, logout_mode: 'redirect', logout_url: '/api/uc/saml/logout' } });
    const visitor = setup({ server, followLogoutMode: true, loginQuery: { from: 'plugins' } });
    await visitor.client.init();
    expect(visitor.navigate).not.toHaveBeenCalled();
    const { client, navigate } = setup({
      server,
      stored: record(60_000),
      followLogoutMode: true,
      loginQuery: { from: 'plugins' },
    });
    await client.init();
    await client.signOut();
    expect(navigate).toHaveBeenCalledWith('/api/uc/saml/logout');
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

  it('without a login page (loginPageUrl null) rejects sign-in with NO_LOGIN_PAGE and navigates nowhere', async () => {
    const { client, navigate } = setup({ loginPageUrl: null });
    await client.init();
    const e = await rejection(client.signIn({ page: 'sign_up' }));
    expect([e.code, e.message]).toEqual(['NO_LOGIN_PAGE', 'no login page']);
    expect(navigate).not.toHaveBeenCalled();
  });

  it('uses a custom user API base', async () => {
    const server = fakeServer();
    server.handle['/sso/api/user/valid'] = () => server.dated({ info: user() });
    const { client } = setup({ server, stored: record(60_000), baseURL: '/sso/api/' });
    await client.init();
    expect(server.requests[0]?.url.pathname).toBe('/sso/api/user/valid');
  });
});
