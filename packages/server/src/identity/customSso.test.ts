/**
 * Custom SSO against the example company system of `examples/custom-sso/` (the real server,
 * started on 127.0.0.1 at a random port): the browser's side is walked with fetch (its sign-in
 * form), the Plugin Center server is driven with inject. The example's options are changed between
 * sign-ins to try its failure modes (another signing key, a late clock, another audience).
 */
import type { AddressInfo } from 'node:net';
import { createServer } from 'node:net';
import type { ErrorEnvelope, LoginResult } from '@plugin-center/contract/schemas';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type CustomSsoServer, createCustomSsoServer } from '../../../../examples/custom-sso/server.js';
import type { CustomSsoConfig } from '../config/customSso';
import { body, createTestApp, type TestApp } from '../testing/testApp';
import { fuzzSsoRoutes } from '../testing/testSsoFuzz';
import { validateSignature } from './customSso';

const SECRET = 'the secret shared with the company, at least 32 bytes';
const ISSUER = 'https://sso.corp.example';
const SERVICE = 'http://localhost:3000/api/uc/custom-sso/callback';
const JSON_ACCEPT = { accept: 'application/json' };

let company: CustomSsoServer;
let origin: string;
let t: TestApp;
/** A server whose validate endpoint is a closed port. */
let down: TestApp;
/** A server that takes ES256 assertions with the company's keys (`CUSTOM_SSO_JWKS_URL`). */
let withJwks: TestApp;
/** A server that asks the company about each person when a session refreshes (`CUSTOM_SSO_STATUS_URL`). */
let withStatus: TestApp;
/** A server whose `CUSTOM_SSO_STATUS_URL` is not a status endpoint (the JWKS: POST answers 404). */
let wrongStatus: TestApp;

const people = () => ({
  alice: {
    password: 'alice-password',
    id: 'u-1001',
    email: 'alice@corp.example',
    name: 'Alice Liddell',
    department: 'Design Tools',
    e_id: 'E-1001',
    groups: ['staff', 'plugin-admins'],
  },
  bob: { password: 'bob-password', id: 'u-1002', email: 'bob@corp.example', name: 'Bob' },
  carol: { password: 'carol-password', id: 'u-1003', email: 'carol@corp.example', name: 'Carol' },
  dora: { password: 'dora-password', id: 'u-1004', name: 'Dora', status: 'disabled' as const },
});

function ssoConfig(overrides: Partial<CustomSsoConfig> = {}): CustomSsoConfig {
  return {
    loginUrl: `${origin}/login`,
    validateUrl: `${origin}/validate`,
    secret: SECRET,
    issuer: ISSUER,
    serviceUrl: SERVICE,
    logoutUrl: `${origin}/logout`,
    adminGroup: 'plugin-admins',
    allowHttp: true,
    ...overrides,
  };
}

beforeAll(async () => {
  company = createCustomSsoServer({ secret: SECRET, issuer: ISSUER, services: [SERVICE], people: people() });
  origin = await company.listen();
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const closedPort = (probe.address() as AddressInfo).port;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  t = await createTestApp({ importCatalogueOnEmpty: false, customSso: ssoConfig() });
  down = await createTestApp({
    importCatalogueOnEmpty: false,
    customSso: ssoConfig({ validateUrl: `http://127.0.0.1:${closedPort}/validate` }),
  });
  withJwks = await createTestApp({
    importCatalogueOnEmpty: false,
    customSso: ssoConfig({ jwksUrl: `${origin}/jwks` }),
  });
  withStatus = await createTestApp({
    importCatalogueOnEmpty: false,
    customSso: ssoConfig({ statusUrl: `${origin}/status` }),
  });
  wrongStatus = await createTestApp({
    importCatalogueOnEmpty: false,
    customSso: ssoConfig({ statusUrl: `${origin}/jwks` }),
  });
});
afterEach(() => {
  // Back to a well-behaved company.
  for (const key of ['signingSecret', 'clock', 'audience', 'tokenLifetime', 'algorithm'] as const) {
    delete company.options[key];
  }
  company.options.people = people();
});
afterAll(async () => {
  await t?.close();
  await down?.close();
  await withJwks?.close();
  await withStatus?.close();
  await wrongStatus?.close();
  await company?.close();
});

/** A browser that started a sign-in: the company's answer (our callback URL) and its state cookie. */
interface Answer {
  url: URL;
  cookie: string;
}

/** Starts a sign-in at `app`, signs in at the company's form as `login`, answers where it sends the browser. */
async function companySignIn(login: string, app = t, redirectUri = '/plugins/'): Promise<Answer> {
  const start = await app.app.inject({
    method: 'GET',
    url: '/api/uc/custom-sso/login',
    query: { redirect_uri: redirectUri },
  });
  expect(start.statusCode, start.body).toBe(302);
  const location = new URL(String(start.headers.location));
  expect(`${location.origin}${location.pathname}`).toBe(`${origin}/login`);
  expect(location.searchParams.get('service')).toBe(SERVICE);
  const state = location.searchParams.get('state')!;
  expect(state).toMatch(/^[\w-]{43}$/);
  const cookie = String(start.headers['set-cookie']);
  expect(cookie).toBe(
    `pc_custom_sso_state=${state}; Path=/api/uc/custom-sso/callback; Max-Age=600; HttpOnly; SameSite=Lax`,
  );
  const page = await fetch(location);
  expect(page.status).toBe(200);
  const form = await page.text();
  const field = (name: string) =>
    new RegExp(`name="${name}" value="([^"]*)"`).exec(form)![1]!.replaceAll('&amp;', '&');
  const submitted = await fetch(`${origin}/login`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      service: field('service'),
      state: field('state'),
      username: login,
      password: `${login}-password`,
    }).toString(),
  });
  expect(submitted.status).toBe(302);
  const url = new URL(submitted.headers.get('location')!);
  expect(url.href.startsWith(`${SERVICE}?ticket=ST-`)).toBe(true);
  return { url, cookie: cookie.split(';')[0]! };
}

/** Brings the company's answer to `app` (as the browser that started it, unless `cookie`). */
function callback(
  answer: Answer,
  headers: Record<string, string> = JSON_ACCEPT,
  app = t,
  cookie = answer.cookie,
) {
  return app.app.inject({
    method: 'GET',
    url: `${answer.url.pathname}${answer.url.search}`,
    headers: { ...headers, ...(cookie ? { cookie } : {}) },
  });
}

/** Exchanges the login code of a successful callback's redirect at `app`. */
async function exchange(location: string, app = t): Promise<LoginResult> {
  const back = new URL(location, 'http://relative.invalid');
  expect(back.pathname).toBe('/plugins/');
  const res = await app.app.inject({
    method: 'GET',
    url: '/api/uc/user/login/code/user',
    query: { code: back.searchParams.get('code')!, redirect_uri: '/plugins/' },
  });
  expect(res.statusCode, res.body).toBe(200);
  return body<{ data: LoginResult }>(res).data;
}

async function signIn(login: string, app = t): Promise<LoginResult> {
  const res = await callback(await companySignIn(login, app), {}, app);
  expect(res.statusCode, res.body).toBe(302);
  return exchange(String(res.headers.location), app);
}

function expectRefused(
  res: Awaited<ReturnType<typeof callback>>,
  status: number,
  error: string,
  message: RegExp,
) {
  expect(res.statusCode, res.body).toBe(status);
  expect(body<ErrorEnvelope>(res).error).toBe(error);
  expect(body<ErrorEnvelope>(res).message).toMatch(message);
}

/** Refreshes `refreshToken` at `app`. */
function refresh(refreshToken: string, app = t) {
  return app.app.inject({
    method: 'POST',
    url: '/api/uc/user/refresh_token',
    headers: { authorization: `Bearer ${refreshToken}` },
  });
}

describe('custom SSO', () => {
  it('round trip: ticket exchanged, assertion verified, account from its claims; refresh; logout at the company', async () => {
    const login = await signIn('alice');
    expect(login.user_info).toMatchObject({
      email: 'alice@corp.example',
      nick_name: 'Alice Liddell',
      department: 'Design Tools',
      e_id: 'E-1001',
      role: 2,
      staff_status: 1,
    });
    const links = await t.app.db.kysely
      .selectFrom('third_party_account')
      .select(['source', 'subject'])
      .where('user_id', '=', login.user_info.user_id)
      .execute();
    expect(links).toEqual([{ source: 'dir:custom_sso', subject: 'u-1001' }]);
    const refreshed = await t.app.inject({
      method: 'POST',
      url: '/api/uc/user/refresh_token',
      headers: { authorization: `Bearer ${login.refresh_token}` },
    });
    expect(refreshed.statusCode, refreshed.body).toBe(200);
    expect((await signIn('alice')).user_info.user_id).toBe(login.user_info.user_id);

    const logout = await t.app.inject({ method: 'GET', url: '/api/uc/custom-sso/logout' });
    expect(logout.statusCode).toBe(302);
    const to = String(logout.headers.location);
    expect(to).toBe(`${origin}/logout?service=${encodeURIComponent('http://localhost:3000/plugins/')}`);
    const back = await fetch(to, { redirect: 'manual' });
    expect(back.status).toBe(302);
    expect(back.headers.get('location')).toBe('http://localhost:3000/plugins/');
  });

  it('refuses a forged assertion signature (401), and shows it on the login page', async () => {
    company.options.signingSecret = 'a key that is not the shared secret at all!';
    expectRefused(await callback(await companySignIn('bob')), 401, 'SSO_REJECTED', /forged assertion/);
    const res = await callback(await companySignIn('bob', t, '/plugins/?tab=mine'), {});
    expect(res.statusCode).toBe(302);
    const landing = new URL(String(res.headers.location), 'http://relative.invalid');
    expect(landing.pathname).toBe('/user/login/');
    expect(landing.searchParams.get('redirect_uri')).toBe('/plugins/?tab=mine');
    expect(landing.searchParams.get('sso_error')).toBe('SSO_REJECTED');
    expect(landing.searchParams.get('sso_detail')).toMatch(/^forged assertion/);
  });

  it('refuses an expired assertion (401)', async () => {
    const answer = await companySignIn('bob');
    // The company's clock is 2 minutes late and its assertions live 60 s: expired 60 s ago.
    company.options.clock = () => Date.now() - 120_000;
    company.options.tokenLifetime = 60;
    expectRefused(await callback(answer), 401, 'SSO_REJECTED', /expired assertion/);
  });

  it('refuses an assertion for another audience (401)', async () => {
    company.options.audience = 'https://another-service.example/callback';
    expectRefused(await callback(await companySignIn('bob')), 401, 'SSO_REJECTED', /aud/);
  });

  it('refuses a replayed assertion (the same jti again, 401)', async () => {
    const first = await companySignIn('carol');
    expect((await callback(first, {})).statusCode).toBe(302);
    // The ticket presented again on a new sign-in: the company answers the same assertion.
    const second = await companySignIn('bob');
    const replay = { url: new URL(second.url), cookie: second.cookie };
    replay.url.searchParams.set('ticket', first.url.searchParams.get('ticket')!);
    expectRefused(await callback(replay), 401, 'SSO_REJECTED', /replayed assertion/);
  });

  it('refuses a disabled person (403) and disables the account and its sessions', async () => {
    expectRefused(await callback(await companySignIn('dora')), 403, 'ACCOUNT_DISABLED', /disabled/);
    const before = await signIn('carol');
    company.options.people.carol!.status = 'disabled';
    expectRefused(await callback(await companySignIn('carol')), 403, 'ACCOUNT_DISABLED', /disabled/);
    const row = await t.app.db.kysely
      .selectFrom('user_account')
      .select('staff_status')
      .where('id', '=', before.user_info.user_id)
      .executeTakeFirstOrThrow();
    expect(row.staff_status).toBe(0);
    const refresh = await t.app.inject({
      method: 'POST',
      url: '/api/uc/user/refresh_token',
      headers: { authorization: `Bearer ${before.refresh_token}` },
    });
    expect(refresh.statusCode).toBe(401);
    // Active again in the directory: signs in again, enabled.
    company.options.people.carol!.status = 'active';
    const again = await signIn('carol');
    expect(again.user_info).toMatchObject({ user_id: before.user_info.user_id, staff_status: 1 });
  });

  it("answers 401 with the company's words for a ticket it does not know", async () => {
    const answer = await companySignIn('bob');
    answer.url.searchParams.set('ticket', 'ST-not-a-ticket');
    expectRefused(
      await callback(answer),
      401,
      'SSO_REJECTED',
      /refused the ticket: HTTP 400 .*invalid_ticket/,
    );
  });

  it('answers 502 THIRD_PARTY_FAILED when the validate endpoint is down', async () => {
    expectRefused(
      await callback(await companySignIn('bob', down), JSON_ACCEPT, down),
      502,
      'THIRD_PARTY_FAILED',
      /validate endpoint cannot be reached/,
    );
  });

  it('refuses a state that is not this browser’s, unknown or used (401), and bad input (400)', async () => {
    const answer = await companySignIn('bob');
    expectRefused(
      await callback(answer, JSON_ACCEPT, t, ''),
      401,
      'SSO_REJECTED',
      /this browser did not start/,
    );
    const other = { url: new URL(answer.url), cookie: 'pc_custom_sso_state=forged' };
    other.url.searchParams.set('state', 'forged');
    expectRefused(await callback(other), 401, 'SSO_REJECTED', /belongs to no pending sign-in/);
    expect((await callback(answer, {})).statusCode).toBe(302);
    expectRefused(await callback(answer), 401, 'SSO_REJECTED', /belongs to no pending sign-in/);
    const noTicket = await companySignIn('bob');
    noTicket.url.searchParams.delete('ticket');
    expectRefused(await callback(noTicket), 401, 'SSO_REJECTED', /no ticket/);
    const bad: Record<string, string>[] = [{ ticket: 'a\u0000b', state: 'x' }, { ticket: 'a'.repeat(3000) }];
    for (const query of bad) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/uc/custom-sso/callback',
        query,
        headers: JSON_ACCEPT,
      });
      expect(res.statusCode).toBe(400);
    }
  });

  it("takes ES256 assertions with the company's JWKS, and only those, when CUSTOM_SSO_JWKS_URL is set", async () => {
    company.options.algorithm = 'ES256';
    const res = await callback(await companySignIn('bob', withJwks), {}, withJwks);
    expect(res.statusCode, res.body).toBe(302);
    expect(String(res.headers.location)).toMatch(/^\/plugins\/\?code=/);
    // Without the JWKS setting an ES256 assertion is refused, and with it an HS256 one.
    expectRefused(await callback(await companySignIn('bob')), 401, 'SSO_REJECTED', /assertion is refused/);
    delete company.options.algorithm;
    expectRefused(
      await callback(await companySignIn('bob', withJwks), JSON_ACCEPT, withJwks),
      401,
      'SSO_REJECTED',
      /assertion is refused/,
    );
  });

  it('answers any query on its routes with a 3xx or a 4xx envelope, never a 5xx (fuzzed)', async () => {
    await fuzzSsoRoutes(t.app, '/api/uc/custom-sso');
  });

  it('answers 404 LOGIN_METHOD_DISABLED when not configured', async () => {
    const bare = await createTestApp({ importCatalogueOnEmpty: false });
    try {
      for (const path of ['login?redirect_uri=/', 'callback?state=x&ticket=y', 'logout']) {
        const res = await bare.app.inject({ method: 'GET', url: `/api/uc/custom-sso/${path}` });
        expect(res.statusCode).toBe(404);
        expect(body<ErrorEnvelope>(res).error).toBe('LOGIN_METHOD_DISABLED');
      }
    } finally {
      await bare.close();
    }
  });
});

describe('custom SSO status check (CUSTOM_SSO_STATUS_URL)', () => {
  it('refresh asks the company: a person it disables loses every session, and signs in again once active', async () => {
    const one = await signIn('carol', withStatus);
    const two = await signIn('carol', withStatus);
    const next = await refresh(one.refresh_token, withStatus);
    expect(next.statusCode, next.body).toBe(200);
    company.options.people.carol!.status = 'disabled';
    const refused = await refresh(body<{ data: LoginResult }>(next).data.refresh_token, withStatus);
    expectRefused(refused, 401, 'UNAUTHORIZED', /invalid, expired or revoked/);
    expect((await refresh(two.refresh_token, withStatus)).statusCode).toBe(401);
    const row = await withStatus.app.db.kysely
      .selectFrom('user_account')
      .select('staff_status')
      .where('id', '=', one.user_info.user_id)
      .executeTakeFirstOrThrow();
    expect(row.staff_status).toBe(0);
    company.options.people.carol!.status = 'active';
    const again = await signIn('carol', withStatus);
    expect(again.user_info).toMatchObject({ user_id: one.user_info.user_id, staff_status: 1 });
    expect((await refresh(again.refresh_token, withStatus)).statusCode).toBe(200);
  });

  it('a person the company deleted loses their sessions', async () => {
    const login = await signIn('bob', withStatus);
    const { bob: _gone, ...rest } = company.options.people;
    company.options.people = rest;
    expect((await refresh(login.refresh_token, withStatus)).statusCode).toBe(401);
  });

  it('an answer that is not about the person (a wrong status URL, a down company) leaves the session be', async () => {
    const login = await signIn('carol', wrongStatus);
    company.options.people.carol!.status = 'disabled';
    const res = await refresh(login.refresh_token, wrongStatus);
    expect(res.statusCode, res.body).toBe(200);
    // Without CUSTOM_SSO_STATUS_URL refresh never asks.
    company.options.people.carol!.status = 'active';
    const plain = await signIn('carol');
    company.options.people.carol!.status = 'disabled';
    expect((await refresh(plain.refresh_token)).statusCode).toBe(200);
  });

  it("the example's status endpoint refuses an unsigned or wrongly signed request", async () => {
    const payload = JSON.stringify({ sub: 'u-1001', service: SERVICE });
    const unsigned = await fetch(`${origin}/status`, { method: 'POST', body: payload });
    expect(unsigned.status).toBe(401);
    const timestamp = String(Math.floor(Date.now() / 1000));
    const forged = await fetch(`${origin}/status`, {
      method: 'POST',
      headers: {
        'x-sso-timestamp': timestamp,
        'x-sso-signature': validateSignature('not the secret', timestamp, payload),
      },
      body: payload,
    });
    expect(forged.status).toBe(401);
    const signed = await fetch(`${origin}/status`, {
      method: 'POST',
      headers: {
        'x-sso-timestamp': timestamp,
        'x-sso-signature': validateSignature(SECRET, timestamp, payload),
      },
      body: payload,
    });
    expect(await signed.json()).toEqual({ sub: 'u-1001', status: 'active' });
  });
});
