/**
 * OpenID Connect sign-in with the deployment's provider against a real provider (`oidc-provider`,
 * PKCE required, RP-Initiated Logout on) started on 127.0.0.1: the browser's side is walked with
 * fetch and a cookie jar, the server is driven with inject.
 */

import { LOGIN_METHOD_CLAIM } from '@plugin-center/contract';
import type { ErrorEnvelope, LoginResult, TokenPair } from '@plugin-center/contract/schemas';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OIDC_DEFAULT_CLAIMS, OIDC_DEFAULT_SCOPE, type OidcConfig } from '../config/oidc';
import { body, createTestApp, signInTestUser, type TestApp } from '../testing/testApp';
import {
  CookieJar,
  confirmProviderLogout,
  startTestOidcProvider,
  type TestOidcProvider,
  walkProvider,
} from '../testing/testOidcProvider';
import { fuzzSsoRoutes } from '../testing/testSsoFuzz';
import { OIDC_CHECK_INTERVAL_MS } from './oidc';

const CLIENT_ID = 'plugin-center';
const CLIENT_SECRET = 'the client secret of the test provider';
const CALLBACK = 'http://localhost:3000/api/uc/oidc/callback';
const AFTER_LOGOUT = 'http://localhost:3000/plugins/';
const JSON_ACCEPT = { accept: 'application/json' };

/** The provider's people by login name (= subject). */
const accounts: Record<string, Record<string, unknown>> = {
  alice: {
    email: 'alice@corp.example',
    name: 'Alice Liddell',
    preferred_username: 'alice',
    department: 'Design Tools',
    employee_id: 'E-1001',
    groups: ['staff'],
  },
  root: { email: 'root@corp.example', name: 'Root', groups: ['staff', 'pc-admins'] },
  taken: { email: 'owner@corp.example', name: 'Not The Owner' },
  bob: { email: 'bob@corp.example', name: 'Bob' },
};

let provider: TestOidcProvider;
let t: TestApp;
/** A server whose client secret the provider does not know. */
let wrongSecret: TestApp;

function oidcConfig(issuer: string, overrides: Partial<OidcConfig> = {}): OidcConfig {
  return {
    issuer,
    clientId: CLIENT_ID,
    clientSecret: CLIENT_SECRET,
    scope: OIDC_DEFAULT_SCOPE,
    redirectUri: CALLBACK,
    claims: { ...OIDC_DEFAULT_CLAIMS },
    adminGroup: 'pc-admins',
    allowHttp: true,
    ...overrides,
  };
}

beforeAll(async () => {
  provider = await startTestOidcProvider(
    [
      {
        client_id: CLIENT_ID,
        client_secret: CLIENT_SECRET,
        redirect_uris: [CALLBACK],
        post_logout_redirect_uris: [AFTER_LOGOUT],
      },
    ],
    accounts,
  );
  t = await createTestApp({ importCatalogueOnEmpty: false, oidc: oidcConfig(provider.issuer) });
  wrongSecret = await createTestApp({
    importCatalogueOnEmpty: false,
    oidc: oidcConfig(provider.issuer, { clientSecret: 'not the secret' }),
  });
});
afterAll(async () => {
  await t?.close();
  await wrongSecret?.close();
  await provider?.close();
});

/** The state cookie our server set, by state (the browser that started each sign-in). */
const browserCookies = new Map<string, string>();

/** Starts a sign-in at `app` and answers the provider's authorization URL. */
async function startLogin(app = t, redirectUri = '/plugins/'): Promise<URL> {
  const res = await app.app.inject({
    method: 'GET',
    url: '/api/uc/oidc/login',
    query: { redirect_uri: redirectUri },
  });
  expect(res.statusCode, res.body).toBe(302);
  const location = new URL(String(res.headers.location));
  expect(`${location.origin}${location.pathname}`).toBe(`${app.config.oidc!.issuer}/auth`);
  const cookie = String(res.headers['set-cookie']);
  expect(cookie).toMatch(
    /^pc_oidc_state=[\w-]+; Path=\/api\/uc\/oidc\/callback; Max-Age=600; HttpOnly; SameSite=Lax$/,
  );
  browserCookies.set(location.searchParams.get('state')!, cookie.split(';')[0]!);
  return location;
}

/**
 * Sends the provider's answer (the callback URL the browser reached) to `app`, with the state
 * cookie of the browser that started it (or `cookie`).
 */
function callback(answer: URL, headers: Record<string, string> = JSON_ACCEPT, app = t, cookie?: string) {
  const jar = cookie ?? browserCookies.get(answer.searchParams.get('state') ?? '') ?? '';
  return app.app.inject({
    method: 'GET',
    url: `${answer.pathname}${answer.search}`,
    headers: { ...headers, ...(jar ? { cookie: jar } : {}) },
  });
}

/** A whole sign-in of `login` at `app`: answers the login result and the browser's cookie jar. */
async function signIn(login: string, app = t): Promise<{ login: LoginResult; jar: CookieJar }> {
  const jar = new CookieJar();
  const answer = await walkProvider((await startLogin(app)).href, CALLBACK, { login, jar });
  const res = await callback(answer, {}, app);
  expect(res.statusCode, res.body).toBe(302);
  const back = new URL(String(res.headers.location), 'http://relative.invalid');
  expect(back.pathname).toBe('/plugins/');
  const exchanged = await app.app.inject({
    method: 'GET',
    url: '/api/uc/user/login/code/user',
    query: { code: back.searchParams.get('code')!, redirect_uri: '/plugins/' },
  });
  expect(exchanged.statusCode, exchanged.body).toBe(200);
  return { login: body<{ data: LoginResult }>(exchanged).data, jar };
}

describe('OpenID Connect sign-in', () => {
  it('round trip: PKCE, state and nonce sent; the account from the claims; refresh; logout at the provider', async () => {
    const authorize = await startLogin();
    expect(authorize.searchParams.get('client_id')).toBe(CLIENT_ID);
    expect(authorize.searchParams.get('redirect_uri')).toBe(CALLBACK);
    expect(authorize.searchParams.get('scope')).toBe('openid email profile');
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorize.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(authorize.searchParams.get('nonce')).toBeTruthy();
    expect(authorize.searchParams.get('state')).toBeTruthy();

    const { login, jar } = await signIn('alice');
    expect(login.user_info).toMatchObject({
      email: 'alice@corp.example',
      user_name: 'alice',
      nick_name: 'Alice Liddell',
      department: 'Design Tools',
      e_id: 'E-1001',
      role: 0,
    });
    // Sign-out follows this method's logout mode: the session names it.
    expect(decodeJwt(login.access_token)[LOGIN_METHOD_CLAIM]).toBe('oidc');
    const links = await t.app.db.kysely
      .selectFrom('third_party_account')
      .select(['source', 'subject', 'user_id'])
      .where('user_id', '=', login.user_info.user_id)
      .execute();
    expect(links).toEqual([
      { source: 'dir:oidc', subject: `${provider.issuer}|alice`, user_id: login.user_info.user_id },
    ]);

    const refreshed = await t.app.inject({
      method: 'POST',
      url: '/api/uc/user/refresh_token',
      headers: { authorization: `Bearer ${login.refresh_token}` },
    });
    expect(refreshed.statusCode, refreshed.body).toBe(200);
    expect(body<{ data: TokenPair }>(refreshed).data.access_token).toBeTruthy();

    // The same person again: the same account.
    const again = await signIn('alice');
    expect(again.login.user_info.user_id).toBe(login.user_info.user_id);

    const logout = await t.app.inject({
      method: 'GET',
      url: '/api/uc/oidc/logout',
      query: { redirect_uri: '/plugins/' },
    });
    expect(logout.statusCode, logout.body).toBe(302);
    const end = new URL(String(logout.headers.location));
    expect(`${end.origin}${end.pathname}`).toBe(`${provider.issuer}/session/end`);
    expect(end.searchParams.get('client_id')).toBe(CLIENT_ID);
    expect(end.searchParams.get('post_logout_redirect_uri')).toBe(AFTER_LOGOUT);
    // The provider accepts it (the address is registered) and sends the browser back.
    expect(await confirmProviderLogout(end.href, jar)).toBe(AFTER_LOGOUT);
  });

  it('maps the admin group to the general administrator role', async () => {
    const { login } = await signIn('root');
    expect(login.user_info.role).toBe(2);
    expect(login.user_info.email).toBe('root@corp.example');
  });

  it('does not link an existing password account by its e-mail', async () => {
    const owner = await signInTestUser(t.app, { email: 'owner@corp.example' });
    const { login } = await signIn('taken');
    expect(login.user_info.user_id).not.toBe(owner.user_info.user_id);
    expect(login.user_info.email).toBeFalsy();
    const ownerRow = await t.app.db.kysely
      .selectFrom('user_account')
      .select(['email', 'nick_name'])
      .where('id', '=', owner.user_info.user_id)
      .executeTakeFirstOrThrow();
    expect(ownerRow.email).toBe('owner@corp.example');
    expect(ownerRow.nick_name).not.toBe('Not The Owner');
  });

  it('refuses a tampered state and a replayed answer (401 SSO_REJECTED, state mismatch)', async () => {
    const answer = await walkProvider((await startLogin()).href, CALLBACK, { login: 'bob' });
    const tampered = new URL(answer);
    tampered.searchParams.set('state', `${answer.searchParams.get('state')}x`);
    // Even with a cookie that matches the tampered state, no such request exists.
    const bad = await callback(
      tampered,
      JSON_ACCEPT,
      t,
      `pc_oidc_state=${tampered.searchParams.get('state')}`,
    );
    expect(bad.statusCode).toBe(401);
    expect(body<ErrorEnvelope>(bad)).toMatchObject({ error: 'SSO_REJECTED' });
    expect(body<ErrorEnvelope>(bad).message).toMatch(/state mismatch/);

    const first = await callback(answer, {});
    expect(first.statusCode, first.body).toBe(302);
    expect(String(first.headers.location)).toMatch(/^\/plugins\/\?code=/);
    const replay = await callback(answer);
    expect(replay.statusCode).toBe(401);
    expect(body<ErrorEnvelope>(replay).message).toMatch(/state mismatch/);
    // A browser lands on the login page with the error.
    const page = await callback(answer, {});
    expect(page.statusCode).toBe(302);
    const landing = new URL(String(page.headers.location), 'http://relative.invalid');
    expect(landing.pathname).toBe('/user/login/');
    expect(landing.searchParams.get('sso_error')).toBe('SSO_REJECTED');
    expect(landing.searchParams.get('sso_detail')).toMatch(/state mismatch/);
  });

  it('refuses an answer brought by another browser (no or another state cookie: login CSRF)', async () => {
    const answer = await walkProvider((await startLogin()).href, CALLBACK, { login: 'bob' });
    for (const cookie of ['', 'pc_oidc_state=another-state']) {
      const res = await callback(answer, JSON_ACCEPT, t, cookie);
      expect(res.statusCode).toBe(401);
      expect(body<ErrorEnvelope>(res).message).toMatch(/state mismatch: this browser did not start/);
    }
    // The request was not spent: the browser that started it still finishes.
    const mine = await callback(answer, {});
    expect(mine.statusCode, mine.body).toBe(302);
    expect(String(mine.headers.location)).toMatch(/^\/plugins\/\?code=/);
    expect(String(mine.headers['set-cookie'])).toMatch(/^pc_oidc_state=; .*Max-Age=0/);
  });

  it('refuses an ID token issued for another request (nonce mismatch, 401)', async () => {
    // Our pending request A; a code issued with A's PKCE challenge and state but another nonce
    // (what an attacker's own authorization request would give).
    const ours = await startLogin();
    const forged = new URL(ours);
    forged.searchParams.set('nonce', 'a nonce of another request');
    const answer = await walkProvider(forged.href, CALLBACK, { login: 'bob' });
    const res = await callback(answer);
    expect(res.statusCode, res.body).toBe(401);
    expect(body<ErrorEnvelope>(res)).toMatchObject({ error: 'SSO_REJECTED' });
    expect(body<ErrorEnvelope>(res).message).toMatch(/nonce mismatch/);
  });

  it("refuses codes swapped between two started sign-ins (the provider's PKCE check)", async () => {
    const a = await walkProvider((await startLogin()).href, CALLBACK, { login: 'bob' });
    const b = await walkProvider((await startLogin()).href, CALLBACK, { login: 'bob' });
    const swapped = new URL(b);
    swapped.searchParams.set('code', a.searchParams.get('code')!);
    const res = await callback(swapped);
    expect(res.statusCode, res.body).toBe(502);
    expect(body<ErrorEnvelope>(res)).toMatchObject({ error: 'THIRD_PARTY_FAILED' });
    expect(body<ErrorEnvelope>(res).message).toMatch(/invalid_grant/);
  });

  it("shows the provider's error (access_denied) with its text on the login page", async () => {
    const answer = await walkProvider((await startLogin(t, '/plugins/?tab=mine')).href, CALLBACK, {
      login: 'bob',
      abort: true,
    });
    expect(answer.searchParams.get('error')).toBe('access_denied');
    const res = await callback(answer, {});
    expect(res.statusCode).toBe(302);
    const landing = new URL(String(res.headers.location), 'http://relative.invalid');
    expect(landing.pathname).toBe('/user/login/');
    expect(landing.searchParams.get('redirect_uri')).toBe('/plugins/?tab=mine');
    expect(landing.searchParams.get('sso_error')).toBe('THIRD_PARTY_FAILED');
    expect(landing.searchParams.get('sso_detail')).toBe(
      'the provider refused the sign-in: access_denied: End-User aborted interaction',
    );
  });

  it("answers 502 with the provider's body when the client secret is wrong", async () => {
    const answer = await walkProvider((await startLogin(wrongSecret)).href, CALLBACK, { login: 'bob' });
    const res = await callback(answer, JSON_ACCEPT, wrongSecret);
    expect(res.statusCode, res.body).toBe(502);
    expect(body<ErrorEnvelope>(res)).toMatchObject({ error: 'THIRD_PARTY_FAILED' });
    expect(body<ErrorEnvelope>(res).message).toContain('"error":"invalid_client"');
  });

  it('refuses a redirect_uri off the allowlist before going to the provider (400)', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/uc/oidc/login',
      query: { redirect_uri: 'https://evil.example/' },
    });
    expect(res.statusCode).toBe(400);
    expect(body<ErrorEnvelope>(res).error).toBe('REDIRECT_NOT_ALLOWED');
    const logout = await t.app.inject({
      method: 'GET',
      url: '/api/uc/oidc/logout',
      query: { redirect_uri: 'https://evil.example/' },
    });
    expect(logout.statusCode).toBe(400);
  });

  it('answers a callback without state or with junk as state mismatch, leaving nothing written', async () => {
    const queries: Record<string, string>[] = [{}, { code: 'x' }, { state: 'a'.repeat(512), code: 'y' }];
    for (const query of queries) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/uc/oidc/callback',
        query,
        headers: JSON_ACCEPT,
      });
      expect(res.statusCode, res.body).toBe(401);
      expect(body<ErrorEnvelope>(res).error).toBe('SSO_REJECTED');
    }
    const bad: Record<string, string | string[]>[] = [
      { state: '\u0000', code: 'x' },
      { state: 'a'.repeat(5000) },
      { code: ['a', 'b'] },
    ];
    for (const query of bad) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/uc/oidc/callback',
        query,
        headers: JSON_ACCEPT,
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(body<ErrorEnvelope>(res).error).toBe('INVALID_PARAMETER');
    }
    const pending = await t.app.db.kysely.selectFrom('sso_assertion').select('assertion_id').execute();
    expect(pending).toEqual([]);
  });

  it('answers any query on its routes with a 3xx or a 4xx envelope, never a 5xx (fuzzed)', async () => {
    await fuzzSsoRoutes(t.app, '/api/uc/oidc');
  });

  it('answers 404 LOGIN_METHOD_DISABLED when PRIVATE_LOGIN_CONFIG turns it off', async () => {
    const settings = t.app.identity.settings.privateLoginConfig;
    settings.oidc = { enable: false, logout_mode: 'default', logout_url: null };
    try {
      for (const path of ['login?redirect_uri=/', 'callback?state=x', 'logout']) {
        const res = await t.app.inject({ method: 'GET', url: `/api/uc/oidc/${path}` });
        expect(res.statusCode).toBe(404);
        expect(body<ErrorEnvelope>(res).error).toBe('LOGIN_METHOD_DISABLED');
      }
    } finally {
      delete settings.oidc;
    }
  });
});

describe('OpenID Connect discovery', () => {
  it('shows a provider that cannot be discovered with its answer, and discovers again on the next sign-in', async () => {
    const flaky = await startTestOidcProvider(
      [{ client_id: CLIENT_ID, client_secret: CLIENT_SECRET, redirect_uris: [CALLBACK] }],
      accounts,
    );
    flaky.down = true;
    const app = await createTestApp({ importCatalogueOnEmpty: false, oidc: oidcConfig(flaky.issuer) });
    try {
      const json = await app.app.inject({
        method: 'GET',
        url: '/api/uc/oidc/login?redirect_uri=/plugins/',
        headers: JSON_ACCEPT,
      });
      expect(json.statusCode).toBe(502);
      expect(body<ErrorEnvelope>(json)).toMatchObject({ error: 'THIRD_PARTY_FAILED' });
      expect(body<ErrorEnvelope>(json).message).toContain('the provider is down for maintenance');
      const page = await app.app.inject({ method: 'GET', url: '/api/uc/oidc/login?redirect_uri=/plugins/' });
      expect(page.statusCode).toBe(302);
      const landing = new URL(String(page.headers.location), 'http://relative.invalid');
      expect(landing.pathname).toBe('/user/login/');
      expect(landing.searchParams.get('redirect_uri')).toBe('/plugins/');
      expect(landing.searchParams.get('sso_error')).toBe('THIRD_PARTY_FAILED');
      flaky.down = false;
      const again = await app.app.inject({ method: 'GET', url: '/api/uc/oidc/login?redirect_uri=/plugins/' });
      expect(again.statusCode).toBe(302);
      expect(String(again.headers.location).startsWith(`${flaky.issuer}/auth?`)).toBe(true);
    } finally {
      await app.close();
      await flaky.close();
    }
  });
});

describe('OpenID Connect refresh check (offline_access)', () => {
  /** A provider that rotates every refresh token, and reuse of a rotated one revokes the grant. */
  let rotating: TestOidcProvider;
  let offline: TestApp;
  let now = Date.now();
  const people: Record<string, Record<string, unknown>> = {
    carol: { email: 'carol@corp.example', name: 'Carol' },
    dan: { email: 'dan@corp.example', name: 'Dan' },
    erin: { email: 'erin@corp.example', name: 'Erin' },
  };

  beforeAll(async () => {
    rotating = await startTestOidcProvider(
      [{ client_id: CLIENT_ID, client_secret: CLIENT_SECRET, redirect_uris: [CALLBACK] }],
      people,
      { rotateRefreshTokens: true },
    );
    offline = await createTestApp(
      {
        importCatalogueOnEmpty: false,
        oidc: oidcConfig(rotating.issuer, { scope: `${OIDC_DEFAULT_SCOPE} offline_access` }),
      },
      { clock: () => now },
    );
  });
  afterAll(async () => {
    await offline?.close();
    await rotating?.close();
  });

  function refresh(refreshToken: string) {
    return offline.app.inject({
      method: 'POST',
      url: '/api/uc/user/refresh_token',
      headers: { authorization: `Bearer ${refreshToken}` },
    });
  }

  function expectRefused(res: Awaited<ReturnType<typeof refresh>>): void {
    expect(res.statusCode, res.body).toBe(401);
    expect(body<ErrorEnvelope>(res)).toMatchObject({ error: 'UNAUTHORIZED', data: null });
  }

  /** Refreshes and answers the new pair. */
  async function refreshed(refreshToken: string): Promise<TokenPair> {
    const res = await refresh(refreshToken);
    expect(res.statusCode, res.body).toBe(200);
    return body<{ data: TokenPair }>(res).data;
  }

  function link(login: string) {
    return offline.app.db.kysely
      .selectFrom('third_party_account')
      .select(['credential', 'checked_at'])
      .where('source', '=', 'dir:oidc')
      .where('subject', '=', `${rotating.issuer}|${login}`)
      .executeTakeFirstOrThrow();
  }

  function staffStatus(userId: number) {
    return offline.app.db.kysely
      .selectFrom('user_account')
      .select('staff_status')
      .where('id', '=', userId)
      .executeTakeFirstOrThrow()
      .then((row) => row.staff_status);
  }

  it('asks for offline_access with prompt=consent and keeps the refresh token sealed on the link', async () => {
    const authorize = await startLogin(offline);
    expect(authorize.searchParams.get('scope')).toBe('openid email profile offline_access');
    expect(authorize.searchParams.get('prompt')).toBe('consent');
    const { login } = await signIn('carol', offline);
    const kept = await link('carol');
    expect(kept.credential).toMatch(/^v1\.[0-9a-f]{16}\.[\w-]+\.[\w-]+$/);
    expect(kept.checked_at).toBe(now);
    // The password login's account is not touched: no kept credential there.
    expect(login.user_info.email).toBe('carol@corp.example');
  });

  it('redeems the kept token at most once a minute and keeps the rotated one', async () => {
    const { login } = await signIn('dan', offline);
    const first = await link('dan');
    // Within the interval the provider is not asked: the kept token stays as it is.
    const pair = await refreshed(login.refresh_token);
    expect(await link('dan')).toEqual(first);
    now += OIDC_CHECK_INTERVAL_MS;
    const next = await refreshed(pair.refresh_token);
    const rotated = await link('dan');
    expect(rotated.checked_at).toBe(now);
    expect(rotated.credential).not.toBe(first.credential);
    now += OIDC_CHECK_INTERVAL_MS;
    await refreshed(next.refresh_token);
    expect((await link('dan')).credential).not.toBe(rotated.credential);
  });

  it('two sessions refreshing at once redeem the token once (no reuse that revokes the grant)', async () => {
    const a = (await signIn('erin', offline)).login;
    const b = (await signIn('erin', offline)).login;
    now += OIDC_CHECK_INTERVAL_MS;
    const [ra, rb] = await Promise.all([refresh(a.refresh_token), refresh(b.refresh_token)]);
    expect([ra.statusCode, rb.statusCode]).toEqual([200, 200]);
    // The grant is still alive: the next check, a minute later, is answered.
    now += OIDC_CHECK_INTERVAL_MS;
    const again = await refreshed(body<{ data: TokenPair }>(ra).data.refresh_token);
    expect(again.access_token).toBeTruthy();
    expect(await staffStatus(a.user_info.user_id)).toBe(1);
  });

  it('goes on while the provider is down, and ends every session once it refuses the person', async () => {
    const one = (await signIn('carol', offline)).login;
    const two = (await signIn('carol', offline)).login;
    now += OIDC_CHECK_INTERVAL_MS;
    rotating.down = true;
    let pair: TokenPair;
    try {
      pair = await refreshed(one.refresh_token);
    } finally {
      rotating.down = false;
    }
    const carol = people.carol!;
    delete people.carol;
    try {
      now += OIDC_CHECK_INTERVAL_MS;
      expectRefused(await refresh(pair.refresh_token));
      expect(await staffStatus(one.user_info.user_id)).toBe(0);
      // The other session ended with it, and the spent token is forgotten.
      expectRefused(await refresh(two.refresh_token));
      expect((await link('carol')).credential).toBeNull();
    } finally {
      people.carol = carol;
    }
    // Back at the provider, the person signs in again and is active.
    const back = (await signIn('carol', offline)).login;
    expect(back.user_info.user_id).toBe(one.user_info.user_id);
    expect(await staffStatus(one.user_info.user_id)).toBe(1);
    now += OIDC_CHECK_INTERVAL_MS;
    await refreshed(back.refresh_token);
  });

  it('keeps no credential without offline_access: refresh never asks the provider', async () => {
    const { login } = await signIn('bob');
    const kept = await t.app.db.kysely
      .selectFrom('third_party_account')
      .select('credential')
      .where('user_id', '=', login.user_info.user_id)
      .executeTakeFirstOrThrow();
    expect(kept.credential).toBeNull();
  });
});

describe('OpenID Connect not configured', () => {
  it('answers 404 LOGIN_METHOD_DISABLED on every route', async () => {
    const bare = await createTestApp({ importCatalogueOnEmpty: false });
    try {
      for (const path of ['login?redirect_uri=/', 'callback?state=x&code=y', 'logout?redirect_uri=/']) {
        const res = await bare.app.inject({ method: 'GET', url: `/api/uc/oidc/${path}` });
        expect(res.statusCode).toBe(404);
        expect(body<ErrorEnvelope>(res)).toMatchObject({ error: 'LOGIN_METHOD_DISABLED' });
      }
    } finally {
      await bare.close();
    }
  });
});
