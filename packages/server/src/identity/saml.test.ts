/**
 * SAML 2.0 sign-in against a real identity provider (`samlify`, testing/testSamlIdp.ts) listening
 * on 127.0.0.1: the browser side (redirect to the IdP, its auto-posting form, the single logout
 * redirects) is driven with fetch and `inject`, following no redirect by itself.
 */
import type { ErrorEnvelope, LoginResult, TokenPair, UserInfo } from '@plugin-center/contract/schemas';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NAMEID_PERSISTENT, SAML_DEFAULT_ATTRIBUTES, type SamlConfig } from '../config/saml';
import { body, createTestApp, signInTestUser, type TestApp } from '../testing/testApp';
import {
  generateKeyPair,
  type PostForm,
  type ResponseOptions,
  readPostForm,
  startTestSamlIdp,
  type TestSamlIdp,
  type TestSamlUser,
} from '../testing/testSamlIdp';

const ORIGIN = 'https://plugins.example.test';
const SITE = 'http://localhost:3000';
const REDIRECT = `${SITE}/plugins/`;
const ACS = `${ORIGIN}/api/uc/saml/acs`;

let idp: TestSamlIdp;
/** SAML configured (SP-initiated only). */
let t: TestApp;
/** IdP-initiated sign-in allowed, requests signed, the IdP configured without metadata. */
let open: TestApp;
/** SAML configured but turned off by PRIVATE_LOGIN_CONFIG. */
let off: TestApp;
/** No SAML. */
let none: TestApp;

function samlConfig(overrides: Partial<SamlConfig> = {}): SamlConfig {
  return {
    idp: { metadata: idp.metadata },
    spOrigin: ORIGIN,
    spEntityId: `${ORIGIN}/api/uc/saml/metadata`,
    nameIdFormat: NAMEID_PERSISTENT,
    attributes: structuredClone(SAML_DEFAULT_ATTRIBUTES),
    adminGroup: 'plugin-admins',
    allowIdpInitiated: false,
    clockSkewMs: 60_000,
    ...overrides,
  };
}

beforeAll(async () => {
  idp = await startTestSamlIdp();
  const common = { importCatalogueOnEmpty: false, redirectAllowlist: [SITE] };
  t = await createTestApp({ ...common, saml: samlConfig() });
  const keys = generateKeyPair('plugin-center-sp');
  open = await createTestApp({
    ...common,
    saml: samlConfig({
      // The IdP given by its values instead of its metadata.
      idp: {
        entryPoint: `${idp.url}/sso`,
        certs: [idp.cert],
        issuer: idp.entityId,
        logoutUrl: `${idp.url}/slo`,
      },
      allowIdpInitiated: true,
      spPrivateKey: keys.key,
      spCert: keys.cert,
    }),
  });
  off = await createTestApp({
    ...common,
    saml: samlConfig(),
    privateLoginConfig: { saml: { enable: false, logout_mode: 'default', logout_url: null } },
  });
  none = await createTestApp(common);
  const metadata = await t.app.inject({ method: 'GET', url: '/api/uc/saml/metadata' });
  idp.trust(metadata.body);
}, 60_000);
afterAll(async () => {
  for (const app of [t, open, off, none]) await app?.close();
  await idp?.close();
});

let people = 0;
/** A new person of the IdP with the usual attributes. */
function person(overrides: Partial<TestSamlUser> = {}): TestSamlUser {
  people += 1;
  return {
    nameId: `person-${people}-${Math.random().toString(36).slice(2, 8)}`,
    attributes: {
      email: `person${people}@corp.example`,
      displayName: `Person ${people}`,
      department: 'Design',
      employeeNumber: `E-${people}`,
    },
    ...overrides,
  };
}

/** The `pc_saml_browser` cookie of the last sign-in started (the test's one browser). */
let browserCookie = '';

/** Posts a form to the ACS of `app`, as a browser or (json) as an API caller. */
function postAcs(
  form: Partial<PostForm>,
  json = false,
  app = t,
  cookie = browserCookie,
): Promise<LightMyRequestResponse> {
  const fields = new URLSearchParams();
  if (form.SAMLResponse !== undefined) fields.set('SAMLResponse', form.SAMLResponse);
  if (form.RelayState !== undefined) fields.set('RelayState', form.RelayState);
  return app.app.inject({
    method: 'POST',
    url: '/api/uc/saml/acs',
    payload: fields.toString(),
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      ...(json ? { accept: 'application/json' } : {}),
      ...(cookie ? { cookie } : {}),
    },
  });
}

/** SP-initiated sign-in up to the IdP's POST form (the IdP signs `user` in with `options`). */
async function idpForm(user: TestSamlUser, options: ResponseOptions = {}, app = t): Promise<PostForm> {
  const start = await app.app.inject({
    method: 'GET',
    url: '/api/uc/saml/login',
    query: { redirect_uri: REDIRECT },
  });
  expect(start.statusCode, start.body).toBe(302);
  const location = String(start.headers.location);
  expect(location.startsWith(`${idp.url}/sso?`)).toBe(true);
  const setCookie = String(start.headers['set-cookie']);
  expect(setCookie).toMatch(
    /^pc_saml_browser=[A-Za-z0-9_-]{43}; Max-Age=600; Path=\/api\/uc\/saml\/; HttpOnly; Secure; SameSite=None$/,
  );
  browserCookie = setCookie.split(';')[0]!;
  idp.user = user;
  idp.responseOptions = options;
  const page = await fetch(location, { redirect: 'manual' });
  const html = await page.text();
  expect(page.status, html).toBe(200);
  const form = readPostForm(html);
  expect(form.action).toBe(ACS);
  return form;
}

/** The whole sign-in: the ACS answer and, on success, the code's LoginResult and the SAML cookie. */
async function signIn(user: TestSamlUser, app = t): Promise<{ login: LoginResult; cookie: string }> {
  const acs = await postAcs(await idpForm(user, {}, app), false, app);
  expect(acs.statusCode, acs.body).toBe(302);
  const to = new URL(String(acs.headers.location));
  expect(`${to.origin}${to.pathname}`).toBe(REDIRECT);
  const code = to.searchParams.get('code')!;
  const exchange = await app.app.inject({
    method: 'GET',
    url: '/api/uc/user/login/code/user',
    query: { code, redirect_uri: REDIRECT },
  });
  expect(exchange.statusCode, exchange.body).toBe(200);
  const cookie = String(acs.headers['set-cookie']).split(';')[0]!;
  return { login: body<{ data: LoginResult }>(exchange).data, cookie };
}

/** The JSON error of a refused form. */
async function refusal(form: Partial<PostForm>, app = t): Promise<ErrorEnvelope & { status: number }> {
  const res = await postAcs(form, true, app);
  return { ...body<ErrorEnvelope>(res), status: res.statusCode };
}

describe('SAML 2.0 service provider', () => {
  it('serves SP metadata the IdP reads: entity id, ACS, both SLO bindings, persistent NameID, signed assertions', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/uc/saml/metadata' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/samlmetadata+xml');
    expect(res.body).toContain(`entityID="${ORIGIN}/api/uc/saml/metadata"`);
    expect(res.body).toContain(`Location="${ACS}"`);
    expect(res.body).toContain('WantAssertionsSigned="true"');
    expect(res.body).toContain('urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect');
    expect(res.body).toContain(NAMEID_PERSISTENT);
    expect(res.body).not.toContain('X509Certificate');
    // With a signing key: published, and the AuthnRequest carries a query signature.
    const signed = await open.app.inject({ method: 'GET', url: '/api/uc/saml/metadata' });
    expect(signed.body).toContain('X509Certificate');
    expect(signed.body).toContain('AuthnRequestsSigned="true"');
    const start = await open.app.inject({
      method: 'GET',
      url: '/api/uc/saml/login',
      query: { redirect_uri: REDIRECT },
    });
    const url = new URL(String(start.headers.location));
    expect(url.searchParams.get('SigAlg')).toBe('http://www.w3.org/2001/04/xmldsig-more#rsa-sha256');
    expect(url.searchParams.get('Signature')).toBeTruthy();
  });

  it('signs in round trip: code → tokens → user info with department and e_id → refresh → logout → single logout', async () => {
    const alice = person({
      attributes: {
        mail: 'alice@corp.example',
        displayName: 'Alice',
        department: 'Design',
        employeeNumber: 'E-100',
        groups: ['staff'],
      },
    });
    const { login, cookie } = await signIn(alice);
    expect(cookie).toMatch(/^pc_saml=/);
    expect(login.user_info).toMatchObject({
      email: 'alice@corp.example',
      nick_name: 'Alice',
      department: 'Design',
      e_id: 'E-100',
      role: 0,
      staff_status: 1,
    });
    const info = await t.app.inject({
      method: 'GET',
      url: '/api/uc/user/userinfo',
      headers: { authorization: `Bearer ${login.access_token}` },
    });
    expect(body<{ data: UserInfo }>(info).data).toMatchObject({ department: 'Design', e_id: 'E-100' });
    const refreshed = await t.app.inject({
      method: 'POST',
      url: '/api/uc/user/refresh_token',
      headers: { authorization: `Bearer ${login.refresh_token}` },
    });
    expect(refreshed.statusCode, refreshed.body).toBe(200);
    const tokens = body<{ data: TokenPair }>(refreshed).data;
    const logout = await t.app.inject({
      method: 'POST',
      url: '/api/uc/user/logout',
      headers: { authorization: `Bearer ${tokens.refresh_token}` },
    });
    expect(logout.statusCode, logout.body).toBe(200);

    // Single logout: our LogoutRequest to the IdP, its LogoutResponse back to us, then redirect_uri.
    const slo = await t.app.inject({
      method: 'GET',
      url: '/api/uc/saml/logout',
      query: { redirect_uri: REDIRECT },
      headers: { cookie },
    });
    expect(slo.statusCode, slo.body).toBe(302);
    const toIdp = String(slo.headers.location);
    expect(toIdp.startsWith(`${idp.url}/slo?SAMLRequest=`)).toBe(true);
    const atIdp = await fetch(toIdp, { redirect: 'manual' });
    expect(atIdp.status, await atIdp.clone().text()).toBe(302);
    expect(idp.logoutRequests.at(-1)).toEqual({ nameId: alice.nameId, sessionIndex: expect.any(String) });
    const back = new URL(atIdp.headers.get('location')!);
    expect(`${back.origin}${back.pathname}`).toBe(`${ORIGIN}/api/uc/saml/slo`);
    const done = await t.app.inject({ method: 'GET', url: `${back.pathname}${back.search}` });
    expect(done.statusCode, done.body).toBe(302);
    expect(done.headers.location).toBe(REDIRECT);
    // The same LogoutResponse again names no pending request.
    const again = await t.app.inject({
      method: 'GET',
      url: `${back.pathname}${back.search}`,
      headers: { accept: 'application/json' },
    });
    expect(again.statusCode).toBe(401);
    // A LogoutResponse that answers no LogoutRequest of ours.
    const stray = new URL(idp.unsolicitedLogoutResponseUrl());
    const strayRes = await t.app.inject({
      method: 'GET',
      url: `${stray.pathname}${stray.search}`,
      headers: { accept: 'application/json' },
    });
    expect(strayRes.statusCode, strayRes.body).toBe(401);
    expect(body<ErrorEnvelope>(strayRes).message).toMatch(/InResponseTo/);
    // The session cookie was spent: another logout goes straight to redirect_uri.
    const twice = await t.app.inject({
      method: 'GET',
      url: '/api/uc/saml/logout',
      query: { redirect_uri: REDIRECT },
      headers: { cookie },
    });
    expect(twice.headers.location).toBe(REDIRECT);
  });

  it('finds the account again by NameID and updates its attributes; the admin group maps to role 2 and back', async () => {
    const bob = person();
    const first = (await signIn(bob)).login.user_info;
    const second = (
      await signIn({
        ...bob,
        attributes: {
          ...bob.attributes,
          department: 'Research',
          displayName: 'Bob B.',
          groups: ['plugin-admins'],
        },
      })
    ).login.user_info;
    expect(second.user_id).toBe(first.user_id);
    expect(second).toMatchObject({ department: 'Research', nick_name: 'Bob B.', role: 2 });
    const third = (await signIn(bob)).login.user_info;
    expect(third).toMatchObject({ user_id: first.user_id, department: 'Design', role: 0 });
    const links = await t.app.db.kysely
      .selectFrom('third_party_account')
      .select(['source', 'subject'])
      .where('user_id', '=', first.user_id)
      .execute();
    expect(links).toEqual([{ source: 'dir:saml', subject: `${idp.entityId} ${bob.nameId}` }]);
  });

  it('never links by e-mail: an existing account keeps its address, the SAML person gets a new account', async () => {
    const existing = await signInTestUser(t.app, { email: 'taken@corp.example' });
    const carol = person({ attributes: { email: 'taken@corp.example', displayName: 'Carol' } });
    const { login } = await signIn(carol);
    expect(login.user_info.user_id).not.toBe(existing.user_info.user_id);
    expect(login.user_info.email).toBeNull();
  });

  it('refuses an unsigned response, a wrong signature, and a response signed without a signed assertion', async () => {
    for (const options of [{ unsigned: true }, { wrongKey: true }, { responseSignedOnly: true }]) {
      const error = await refusal(await idpForm(person(), options));
      expect(error, JSON.stringify(options)).toMatchObject({ status: 401, error: 'SSO_REJECTED' });
      expect(error.message).toMatch(/signature/);
    }
  });

  it('refuses a wrong audience, recipient, destination or issuer', async () => {
    const cases: [ResponseOptions, RegExp][] = [
      [{ audience: 'https://other-sp.example/metadata' }, /audience/],
      [{ recipient: 'https://other-sp.example/acs' }, /recipient/],
      [{ destination: 'https://other-sp.example/acs' }, /destination/],
      [{ issuer: 'https://other-idp.example/metadata' }, /issuer/],
    ];
    for (const [options, message] of cases) {
      const error = await refusal(await idpForm(person(), options));
      expect(error, JSON.stringify(options)).toMatchObject({ status: 401, error: 'SSO_REJECTED' });
      expect(error.message).toMatch(message);
    }
  });

  it('refuses an expired and a not yet valid assertion (beyond the clock skew)', async () => {
    const expired = await refusal(await idpForm(person(), { shiftMs: -20 * 60_000 }));
    expect(expired).toMatchObject({ status: 401, error: 'SSO_REJECTED' });
    expect(expired.message).toMatch(/expired/);
    const early = await refusal(await idpForm(person(), { shiftMs: 10 * 60_000 }));
    expect(early).toMatchObject({ status: 401, error: 'SSO_REJECTED' });
    expect(early.message).toMatch(/not yet valid/);
    // Within the skew (30 s ahead): accepted.
    const skewed = await postAcs(await idpForm(person(), { shiftMs: 30_000 }));
    expect(skewed.statusCode, skewed.body).toBe(302);
    expect(String(skewed.headers.location)).toContain('code=');
  });

  it('refuses a replayed assertion', async () => {
    const form = await idpForm(person());
    const first = await postAcs(form);
    expect(first.statusCode, first.body).toBe(302);
    const replay = await refusal(form);
    expect(replay).toMatchObject({
      status: 401,
      error: 'SSO_REJECTED',
      message: 'the assertion was already used',
    });
  });

  it('refuses the IdP refusing a disabled directory user (error status), a transient NameID, and an unknown InResponseTo', async () => {
    const disabled = await refusal(
      await idpForm(person(), {
        status: { code: 'urn:oasis:names:tc:SAML:2.0:status:RequestDenied', message: 'account disabled' },
      }),
    );
    expect(disabled).toMatchObject({ status: 401, error: 'SSO_REJECTED' });
    expect(disabled.message).toMatch(/refused.*account disabled/);
    const transient = await refusal(
      await idpForm(person({ nameIdFormat: 'urn:oasis:names:tc:SAML:2.0:nameid-format:transient' })),
    );
    expect(transient.message).toMatch(/transient/);
    const unknown = await refusal(await idpForm(person(), { inResponseTo: '_not-our-request' }));
    expect(unknown).toMatchObject({ status: 401, error: 'SSO_REJECTED' });
    expect(unknown.message).toMatch(/InResponseTo/);
    // A real request's response without its RelayState.
    const form = await idpForm(person());
    const noRelay = await refusal({ SAMLResponse: form.SAMLResponse });
    expect(noRelay.message).toMatch(/RelayState/);
  });

  it('accepts the answer to an SP-initiated sign-in only from the browser that started it (no login CSRF)', async () => {
    for (const cookie of ['', `pc_saml_browser=${'x'.repeat(43)}`]) {
      const res = await postAcs(await idpForm(person()), true, t, cookie);
      expect(res.statusCode).toBe(401);
      expect(body<ErrorEnvelope>(res).message).toMatch(/did not start this sign-in/);
    }
  });

  it('sends a browser whose response was refused to the login page with sso_error and sso_detail', async () => {
    const form = await idpForm(person(), { audience: 'https://other-sp.example/metadata' });
    const res = await postAcs(form);
    expect(res.statusCode).toBe(302);
    const to = new URL(String(res.headers.location), 'http://x.invalid');
    expect(to.pathname).toBe('/user/login/');
    expect(to.searchParams.get('redirect_uri')).toBe(REDIRECT);
    expect(to.searchParams.get('sso_error')).toBe('SSO_REJECTED');
    expect(to.searchParams.get('sso_detail')).toMatch(/audience/);
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it('answers 400 INVALID_PARAMETER to messages that are not base64 XML of a Response, 413 to huge ones', async () => {
    for (const SAMLResponse of [
      'not base64 at all!',
      Buffer.from('<unclosed').toString('base64'),
      Buffer.from('<root/>').toString('base64'),
      'AAAAAAAA',
      Buffer.from('<samlp:Response xmlns:samlp="x">\u0000</samlp:Response>').toString('base64'),
    ]) {
      const error = await refusal({ SAMLResponse, RelayState: 'x' });
      expect(error, SAMLResponse).toMatchObject({ status: 400, error: 'INVALID_PARAMETER' });
    }
    const missing = await refusal({ RelayState: 'x' });
    expect(missing).toMatchObject({ status: 400, error: 'INVALID_PARAMETER' });
    const huge = await postAcs({ SAMLResponse: 'A'.repeat(300_000) }, true);
    expect(huge.statusCode).toBe(413);
    expect(body<ErrorEnvelope>(huge).error).toBe('PAYLOAD_TOO_LARGE');
  });

  it('refuses IdP-initiated sign-in by default and accepts it when enabled (RelayState as redirect_uri)', async () => {
    const user = person();
    const unsolicited = await idp.loginResponse(null, user, REDIRECT);
    const refused = await refusal(unsolicited);
    expect(refused).toMatchObject({ status: 401, error: 'SSO_REJECTED' });
    expect(refused.message).toMatch(/unsolicited/);

    const accepted = await postAcs(await idp.loginResponse(null, user, REDIRECT), false, open);
    expect(accepted.statusCode, accepted.body).toBe(302);
    const to = new URL(String(accepted.headers.location));
    expect(`${to.origin}${to.pathname}`).toBe(REDIRECT);
    expect(to.searchParams.get('code')).toBeTruthy();
    // No RelayState: the marketplace; a RelayState off the allowlist: refused.
    const plain = await postAcs(await idp.loginResponse(null, user, undefined), false, open);
    expect(String(plain.headers.location)).toMatch(/^\/plugins\/\?code=/);
    const evil = await refusal(await idp.loginResponse(null, user, 'https://evil.example/'), open);
    expect(evil).toMatchObject({ status: 400, error: 'REDIRECT_NOT_ALLOWED' });
    // Still checked: replay and signature.
    const once = await idp.loginResponse(null, user, REDIRECT);
    expect((await postAcs(once, false, open)).statusCode).toBe(302);
    expect(await refusal(once, open)).toMatchObject({ message: 'the assertion was already used' });
    expect(
      await refusal(await idp.loginResponse(null, user, REDIRECT, { wrongKey: true }), open),
    ).toMatchObject({
      status: 401,
    });
    // SP-initiated sign-in works there too.
    expect((await signIn(person(), open)).login.user_info.user_id).toBeGreaterThan(0);
  });

  it('ends the sessions of a person on a signed IdP-initiated LogoutRequest, refuses unsigned or forged ones', async () => {
    const dave = person();
    const { login } = await signIn(dave);
    const valid = () =>
      t.app.inject({
        method: 'GET',
        url: '/api/uc/user/valid',
        headers: { authorization: `Bearer ${login.refresh_token}` },
      });
    for (const options of [{ unsigned: true }, { wrongKey: true }]) {
      const url = new URL(idp.logoutRequestUrl(dave.nameId, options));
      const res = await t.app.inject({
        method: 'GET',
        url: `${url.pathname}${url.search}`,
        headers: { accept: 'application/json' },
      });
      expect(res.statusCode, JSON.stringify(options)).toBe(401);
      expect(body<ErrorEnvelope>(res).error).toBe('SSO_REJECTED');
    }
    expect((await valid()).statusCode).toBe(200);
    const url = new URL(idp.logoutRequestUrl(dave.nameId));
    const res = await t.app.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
    expect(res.statusCode, res.body).toBe(302);
    expect(String(res.headers.location).startsWith(`${idp.url}/slo?SAMLResponse=`)).toBe(true);
    expect((await valid()).statusCode).toBe(401);
    // The IdP accepts our LogoutResponse.
    const atIdp = await fetch(String(res.headers.location));
    expect(atIdp.status, await atIdp.text()).toBe(200);
    // The same LogoutRequest again: refused.
    const replay = await t.app.inject({
      method: 'GET',
      url: `${url.pathname}${url.search}`,
      headers: { accept: 'application/json' },
    });
    expect(replay.statusCode).toBe(401);
  });

  it('takes a signed IdP-initiated LogoutRequest by HTTP-POST too, and refuses an unsigned one', async () => {
    const erin = person();
    const { login } = await signIn(erin);
    const post = (form: { SAMLRequest: string; RelayState: string }) =>
      t.app.inject({
        method: 'POST',
        url: '/api/uc/saml/slo',
        payload: new URLSearchParams(form).toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      });
    for (const options of [{ unsigned: true }, { wrongKey: true }]) {
      const res = await post(idp.logoutRequestForm(erin.nameId, options));
      expect(res.statusCode, JSON.stringify(options)).toBe(401);
      expect(body<ErrorEnvelope>(res).error).toBe('SSO_REJECTED');
    }
    const res = await post(idp.logoutRequestForm(erin.nameId));
    expect(res.statusCode, res.body).toBe(302);
    const answer = new URL(String(res.headers.location));
    expect(`${answer.origin}${answer.pathname}`).toBe(`${idp.url}/slo`);
    expect(answer.searchParams.get('RelayState')).toBe('idp-relay');
    const valid = await t.app.inject({
      method: 'GET',
      url: '/api/uc/user/valid',
      headers: { authorization: `Bearer ${login.refresh_token}` },
    });
    expect(valid.statusCode).toBe(401);
  });

  it('answers 404 LOGIN_METHOD_DISABLED when SAML is not configured or turned off', async () => {
    for (const app of [none, off]) {
      for (const [method, url] of [
        ['GET', '/api/uc/saml/metadata'],
        ['GET', '/api/uc/saml/login?redirect_uri=%2Fplugins%2F'],
        ['GET', '/api/uc/saml/logout'],
        ['GET', '/api/uc/saml/slo?SAMLRequest=x'],
      ] as const) {
        const res = await app.app.inject({ method, url });
        expect(res.statusCode, url).toBe(404);
        expect(body<ErrorEnvelope>(res).error).toBe('LOGIN_METHOD_DISABLED');
      }
      const acs = await postAcs({ SAMLResponse: 'eA==' }, true, app);
      expect(acs.statusCode).toBe(404);
      expect(body<ErrorEnvelope>(acs).error).toBe('LOGIN_METHOD_DISABLED');
    }
  });

  it('checks redirect_uri before going to the IdP', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/uc/saml/login',
      query: { redirect_uri: 'https://evil.example/' },
    });
    expect(res.statusCode).toBe(400);
    expect(body<ErrorEnvelope>(res).error).toBe('REDIRECT_NOT_ALLOWED');
  });
});
