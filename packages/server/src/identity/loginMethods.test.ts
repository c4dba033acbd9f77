/**
 * Which sign-in methods a deployment offers, on the real server: the private standard config with
 * every configured method's logout mode and URL (SPEC §7), the e-mail sign-in and sign-up refused
 * when e-mail sign-in is off, and sign-up refused on the private deployment `hwdc`.
 */
import type { ErrorEnvelope, PrivateStandardConfig } from '@plugin-center/contract/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveSiteConfig } from '../site';
import { body, type TestApp } from '../testing/testApp';
import { ALL_DIRECTORY_METHODS, createMethodsApp, setDirectoryMethods } from '../testing/testLoginMethods';
import { offeredLoginMethods, privateStandardConfig, signUpOpen } from './loginMethods';

const standard = async (t: TestApp, product = 'pixso') => {
  const res = await t.app.inject({ method: 'GET', url: `/api/uc/config/private/standard/${product}` });
  expect(res.statusCode, res.body).toBe(200);
  return body<{ code: number; data: PrivateStandardConfig }>(res).data;
};

let emails = 0;
const signUp = (t: TestApp, email = `methods-${process.pid}-${++emails}@example.com`) =>
  t.app.inject({
    method: 'POST',
    url: '/api/uc/user/sign_up',
    payload: { email, password: 'long enough password', redirect_uri: '/plugins/' },
  });
const signIn = (t: TestApp, email: string, password = 'long enough password') =>
  t.app.inject({
    method: 'POST',
    url: '/api/uc/user/login',
    payload: { email, password, redirect_uri: '/plugins/' },
  });
const accountCount = async (t: TestApp) =>
  Number(
    (
      await t.app.db.kysely
        .selectFrom('user_account')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('GET /api/uc/config/private/standard/{product}: every configured method with its logout', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createMethodsApp(ALL_DIRECTORY_METHODS, {
      password: { enable: true, logout_mode: 'default', logout_url: null },
      oauth2: { enable: true, logout_mode: 'redirect', logout_url: 'https://oauth.example.com/out' },
      oidc: { enable: true, logout_mode: 'redirect', logout_url: null },
      saml: { enable: true, logout_mode: 'redirect', logout_url: 'https://idp.example.com/slo' },
      custom_sso: { enable: true, logout_mode: 'redirect', logout_url: null },
      ldap: { enable: false, logout_mode: 'redirect', logout_url: null },
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  it("answers redirect mode with the method's own logout URL unless PRIVATE_LOGIN_CONFIG names one", async () => {
    expect(await standard(t)).toEqual({
      password: { enable: true, logout_mode: 'default', logout_url: null },
      oauth2: { enable: true, logout_mode: 'redirect', logout_url: 'https://oauth.example.com/out' },
      oidc: { enable: true, logout_mode: 'redirect', logout_url: '/api/uc/oidc/logout' },
      saml: { enable: true, logout_mode: 'redirect', logout_url: 'https://idp.example.com/slo' },
      custom_sso: { enable: true, logout_mode: 'redirect', logout_url: '/api/uc/custom-sso/logout' },
      ldap: { enable: false, logout_mode: 'redirect', logout_url: null },
    });
    // the same for every product, and a bearer token is not needed
    expect(await standard(t, 'other-product')).toEqual(await standard(t));
  });

  it('adds configured methods PRIVATE_LOGIN_CONFIG does not name, in default mode, and marks unconfigured ones disabled', async () => {
    const settings = {
      privateLoginConfig: {
        saml: { enable: true, logout_mode: 'redirect', logout_url: null },
      } as PrivateStandardConfig,
      ldap: { url: 'ldap://x' },
      oidc: { issuer: 'https://idp.example.com' },
    };
    expect(privateStandardConfig(settings)).toEqual({
      saml: { enable: false, logout_mode: 'redirect', logout_url: null },
      ldap: { enable: true, logout_mode: 'default', logout_url: null },
      oidc: { enable: true, logout_mode: 'default', logout_url: null },
      password: { enable: true, logout_mode: 'default', logout_url: null },
    });
    // a custom SSO without CUSTOM_SSO_LOGOUT_URL in redirect mode has no address to send anyone to
    expect(
      privateStandardConfig({
        privateLoginConfig: { custom_sso: { enable: true, logout_mode: 'redirect', logout_url: null } },
        customSso: { loginUrl: 'https://sso.example.com/' },
      }).custom_sso,
    ).toEqual({ enable: true, logout_mode: 'redirect', logout_url: null });
    // ldap in redirect mode keeps no directory session: no URL of its own
    expect(
      privateStandardConfig({
        privateLoginConfig: { ldap: { enable: true, logout_mode: 'redirect', logout_url: null } },
        ldap: { url: 'ldap://x' },
      }).ldap,
    ).toEqual({ enable: true, logout_mode: 'redirect', logout_url: null });
  });

  it('offers a directory method only when configured and not enable: false', () => {
    const off = { enable: false, logout_mode: 'default', logout_url: null } as const;
    expect(offeredLoginMethods({ privateLoginConfig: {}, ...ALL_DIRECTORY_METHODS })).toEqual({
      ldap: true,
      oidc: true,
      saml: true,
      custom_sso: true,
      password: true,
    });
    expect(
      offeredLoginMethods({
        privateLoginConfig: { ldap: off, custom_sso: off, password: off },
        ...ALL_DIRECTORY_METHODS,
      }),
    ).toEqual({ ldap: false, oidc: true, saml: true, custom_sso: false, password: false });
    expect(
      offeredLoginMethods({
        privateLoginConfig: { oidc: { enable: true, logout_mode: 'default', logout_url: null } },
      }),
    ).toEqual({ ldap: false, oidc: false, saml: false, custom_sso: false, password: true });
    const hwdc = resolveSiteConfig({ variant: 'private', deploymentType: 'hwdc' });
    expect(signUpOpen({ privateLoginConfig: {} }, hwdc)).toBe(false);
    expect(signUpOpen({ privateLoginConfig: {} }, resolveSiteConfig({ variant: 'private' }))).toBe(true);
    expect(signUpOpen({ privateLoginConfig: { password: off } }, resolveSiteConfig())).toBe(false);
  });

  it('reads the methods on every request', async () => {
    setDirectoryMethods(t.app, { oidc: undefined });
    expect((await standard(t)).oidc).toEqual({ enable: false, logout_mode: 'redirect', logout_url: null });
    setDirectoryMethods(t.app, { oidc: ALL_DIRECTORY_METHODS.oidc });
    expect((await standard(t)).oidc?.enable).toBe(true);
  });
});

describe('a deployment with directory sign-in only (PRIVATE_LOGIN_CONFIG password enable: false)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createMethodsApp(
      { ldap: ALL_DIRECTORY_METHODS.ldap, oidc: ALL_DIRECTORY_METHODS.oidc },
      { password: { enable: false, logout_mode: 'default', logout_url: null } },
      { site: resolveSiteConfig({ variant: 'private' }) },
    );
  });
  afterAll(async () => {
    await t?.close();
  });

  it('refuses e-mail sign-up and sign-in with 404 LOGIN_METHOD_DISABLED and creates nothing', async () => {
    const before = await accountCount(t);
    const up = await signUp(t);
    expect(up.statusCode).toBe(404);
    expect(body<ErrorEnvelope>(up)).toMatchObject({ error: 'LOGIN_METHOD_DISABLED', data: null });
    expect(body<ErrorEnvelope>(up).message).toMatch(/sign-up is not enabled/);
    // the form post of the login page without JavaScript too
    const form = await t.app.inject({
      method: 'POST',
      url: '/api/uc/user/sign_up',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'email=a%40b.co&password=long+enough+password&redirect_uri=%2Fplugins%2F',
    });
    expect(body<ErrorEnvelope>(form).error).toBe('LOGIN_METHOD_DISABLED');
    expect(await accountCount(t)).toBe(before);

    // the first administrator exists (ADMIN_EMAIL), yet cannot sign in by e-mail
    const admin = await signIn(t, 'admin@localhost', 'whatever password');
    expect(admin.statusCode).toBe(404);
    expect(body<ErrorEnvelope>(admin)).toMatchObject({ error: 'LOGIN_METHOD_DISABLED', data: null });
    expect((await standard(t)).password).toEqual({ enable: false, logout_mode: 'default', logout_url: null });
  });

  it('keeps the other identity routes: code exchange and refresh still answer as before', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/uc/user/login/code/user?code=nope&redirect_uri=%2Fplugins%2F',
    });
    expect(body<ErrorEnvelope>(res).error).toBe('INVALID_CODE');
  });
});

describe('the private deployment hwdc: its visitors never reach the sign-up', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createMethodsApp({}, undefined, {
      site: resolveSiteConfig({ variant: 'private', deploymentType: 'hwdc' }),
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers sign-up 404 LOGIN_METHOD_DISABLED, serves no login page, and keeps e-mail sign-in for existing accounts', async () => {
    const email = `hwdc-${process.pid}@example.com`;
    const before = await accountCount(t);
    const up = await signUp(t, email);
    expect(up.statusCode).toBe(404);
    expect(body<ErrorEnvelope>(up)).toMatchObject({ error: 'LOGIN_METHOD_DISABLED', data: null });
    expect(body<ErrorEnvelope>(up).message).toMatch(/host product/);
    expect(await accountCount(t)).toBe(before);
    for (const url of ['/user/login/', '/user/login/?page=sign_up', '/user/login/bind?id=1']) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(404);
    }
    // an account made by an administrator (the CLI) still signs in through the API
    await t.app.identity.createAccount({ email, password: 'long enough password' });
    const signedIn = await signIn(t, email);
    expect(signedIn.statusCode, signedIn.body).toBe(200);
  });
});

describe('a deployment with the default configuration', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createMethodsApp({});
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers only the password method and keeps sign-up open', async () => {
    expect(await standard(t)).toEqual({
      password: { enable: true, logout_mode: 'default', logout_url: null },
    });
    expect((await signUp(t)).statusCode).toBe(200);
  });
});
