/**
 * Browser tests of a private deployment's company sign-in in real Chromium, each method against a
 * real provider started here: OpenLDAP (Debian's slapd), an OpenID Connect provider (oidc-provider,
 * PKCE required), a SAML identity provider (samlify) and a company system speaking the custom SSO
 * protocol (`examples/custom-sso`). A super administrator configures the four methods through the
 * back office's API (`PUT /api/cmt/manager/login-methods`, the same values as the environment
 * variables); then, per method, a person opens the marketplace, signs in through the login page and
 * the provider, lands back signed in (the one-time code exchanged and gone from the address bar),
 * stays signed in across access-token refreshes (8 s tokens), and signs out with the method's logout
 * mode: `default` stays on the site, `redirect` passes through the provider's logout and comes back.
 * A wrong LDAP password and a refused SAML assertion show their messages on the login page; a
 * person the custom SSO company disables is signed out at the next refresh (its status endpoint).
 */
import type { CustomSsoServer } from '@plugin-center/example-custom-sso';
import { createCustomSsoServer } from '@plugin-center/example-custom-sso';
import {
  LDAP_PEOPLE_BASE,
  LDAP_SERVICE_DN,
  LDAP_SERVICE_PASSWORD,
  startTestOidcProvider,
  startTestSamlIdp,
  TestLdap,
  type TestOidcProvider,
  type TestSamlIdp,
} from '@plugin-center/server/testing';
import type { BrowserContext, Page, Response } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type E2eEnvironment, startE2eEnvironment } from './support';

const ADMIN = { email: 'admin@corp.example', password: 'admin-password-1' };
const CUSTOM_SECRET = 'a shared secret of the company system, 32+ chars';
const REFRESH_PATH = '/api/uc/user/refresh_token';

let env: E2eEnvironment;
let ldap: TestLdap;
let oidc: TestOidcProvider;
let saml: TestSamlIdp;
let company: CustomSsoServer;
let companyUrl: string;

type Method = 'ldap' | 'oidc' | 'saml' | 'custom_sso';
/** Each method's variables as saved in the back office (filled in once the providers run). */
const variables: Partial<Record<Method, Record<string, string>>> = {};

/** Saves `method` in the back office with `logout_mode` (as the super administrator, signed in anew: 8 s tokens). */
async function saveMethod(method: Method, logoutMode: 'default' | 'redirect'): Promise<void> {
  const adminToken = await adminAccessToken();
  const res = await fetch(`${env.origin}/api/cmt/manager/login-methods`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      method,
      enable: true,
      logout_mode: logoutMode,
      logout_url: null,
      variables: variables[method],
    }),
  });
  expect(res.status, await res.clone().text()).toBe(200);
  expect(((await res.json()) as { data: { configured: boolean } }).data.configured).toBe(true);
}

/** Signs the super administrator in through the API (password login, then the code exchange). */
async function adminAccessToken(): Promise<string> {
  const login = await fetch(`${env.origin}/api/uc/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...ADMIN, redirect_uri: '/plugins/' }),
  });
  const { redirect_to } = ((await login.json()) as { data: { redirect_to: string } }).data;
  const code = new URL(redirect_to, env.origin).searchParams.get('code')!;
  const exchanged = await fetch(
    `${env.origin}/api/uc/user/login/code/user?code=${code}&redirect_uri=${encodeURIComponent('/plugins/')}`,
  );
  return ((await exchanged.json()) as { data: { access_token: string } }).data.access_token;
}

beforeAll(async () => {
  env = await startE2eEnvironment({
    SITE_VARIANT: 'private',
    ACCESS_TOKEN_TTL: '8',
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    // The administrator signs in for every save (8 s tokens): no per-minute limit on sign-ins here.
    RATE_LIMIT_SIGNIN: '0',
  });
  ldap = await TestLdap.start();
  oidc = await startTestOidcProvider(
    [
      {
        client_id: 'plugin-center',
        client_secret: 'the client secret of the e2e provider',
        redirect_uris: [`${env.origin}/api/uc/oidc/callback`],
        post_logout_redirect_uris: [`${env.appUrl}`],
      },
    ],
    {
      olivia: { email: 'olivia@corp.example', name: 'Olivia OIDC', department: 'Design', employee_id: 'E-7' },
    },
  );
  saml = await startTestSamlIdp();
  saml.user = {
    nameId: 'sam-persistent-1',
    attributes: { email: 'sam@corp.example', displayName: 'Sam SAML', department: 'Research' },
  };
  company = createCustomSsoServer({
    secret: CUSTOM_SECRET,
    issuer: 'https://sso.corp.example',
    services: [`${env.origin}/api/uc/custom-sso/callback`],
    people: {
      cora: { password: 'cora-password', id: 'u-cora', name: 'Cora Custom', department: 'Ops' },
      dina: { password: 'dina-password', id: 'u-dina', name: 'Dina Leaver', department: 'Ops' },
    },
  });
  companyUrl = await company.listen(0, '127.0.0.1');
  variables.ldap = {
    LDAP_URL: ldap.url,
    LDAP_BIND_DN: LDAP_SERVICE_DN,
    LDAP_BIND_PASSWORD: LDAP_SERVICE_PASSWORD,
    LDAP_SEARCH_BASE: LDAP_PEOPLE_BASE,
  };
  variables.oidc = {
    OIDC_ISSUER: oidc.issuer,
    OIDC_CLIENT_ID: 'plugin-center',
    OIDC_CLIENT_SECRET: 'the client secret of the e2e provider',
    OIDC_REDIRECT_URI: `${env.origin}/api/uc/oidc/callback`,
    OIDC_ALLOW_HTTP: 'true',
  };
  variables.saml = { SAML_IDP_METADATA: saml.metadata, SAML_SP_ORIGIN: env.origin };
  variables.custom_sso = {
    CUSTOM_SSO_LOGIN_URL: `${companyUrl}/login`,
    CUSTOM_SSO_VALIDATE_URL: `${companyUrl}/validate`,
    CUSTOM_SSO_SECRET: CUSTOM_SECRET,
    CUSTOM_SSO_ISSUER: 'https://sso.corp.example',
    CUSTOM_SSO_SERVICE_URL: `${env.origin}/api/uc/custom-sso/callback`,
    CUSTOM_SSO_LOGOUT_URL: `${companyUrl}/logout`,
    CUSTOM_SSO_STATUS_URL: `${companyUrl}/status`,
    CUSTOM_SSO_ALLOW_HTTP: 'true',
  };
  for (const method of ['ldap', 'oidc', 'saml', 'custom_sso'] as const) await saveMethod(method, 'default');
  const metadata = await fetch(`${env.origin}/api/uc/saml/metadata`);
  expect(metadata.status).toBe(200);
  saml.trust(await metadata.text());
}, 120_000);

afterAll(async () => {
  await env?.close();
  await Promise.all([ldap?.stop(), oidc?.close(), saml?.close(), company?.close()]);
});

const header = (p: Page) => p.locator('header.site-header');

/** A fresh browser at the marketplace, signed out; the login page reached from its header. */
async function toLoginPage(): Promise<{ context: BrowserContext; page: Page; refreshes: number[] }> {
  const { context, page } = await env.newPage();
  const refreshes: number[] = [];
  page.on('response', (r: Response) => {
    if (new URL(r.url()).pathname === REFRESH_PATH) refreshes.push(r.status());
  });
  await page.goto(env.appUrl);
  await header(page).getByRole('button', { name: '登录' }).click();
  await page.waitForURL(/\/user\/login\//);
  return { context, page, refreshes };
}

/** Back in the marketplace signed in as `name`: no code left in the address, refreshes succeed. */
async function expectSignedIn(page: Page, refreshes: number[], name: string): Promise<void> {
  await page.waitForURL((url) => url.pathname === '/plugins/' && !url.searchParams.has('code'));
  await expect.poll(() => header(page).locator('.session-name', { hasText: name }).count()).toBe(1);
  // 8 s access tokens are refreshed 5 s early: two refreshes within about 8 s, both accepted.
  await expect.poll(() => refreshes.length, { timeout: 15_000 }).toBeGreaterThanOrEqual(2);
  expect(refreshes.every((status) => status === 200)).toBe(true);
  await expect.poll(() => header(page).locator('.session-name', { hasText: name }).count()).toBe(1);
}

/**
 * Signs out from the header. In redirect mode `through` names the provider's logout the browser
 * must pass (`confirm` answers its page when it asks); the browser then comes back to the square.
 * @returns the documents the browser was answered on the way, the redirects' included
 */
async function signOut(page: Page, through?: (url: URL) => boolean, confirm?: () => Promise<void>) {
  const visited: string[] = [];
  page.on('response', (response) => {
    if (response.request().isNavigationRequest()) visited.push(response.url());
  });
  const passed = through ? page.waitForResponse((response) => through(new URL(response.url()))) : undefined;
  await header(page).getByRole('button', { name: '退出登录' }).click();
  if (passed) await passed;
  if (confirm) await confirm();
  await page.waitForURL((url) => url.pathname === '/plugins/' && !through?.(url));
  await expect.poll(() => header(page).getByRole('button', { name: '登录' }).count()).toBe(1);
  return visited;
}

describe('company sign-in through the login page, against real providers', () => {
  it('LDAP: a wrong password is refused on the page; the right one signs in; sign-out stays on the site', async () => {
    const { context, page, refreshes } = await toLoginPage();
    await page.locator('#login-username').fill('alice');
    await page.locator('#login-ldap-password').fill('not-her-password');
    await page.locator('#login-ldap-form button[type="submit"]').click();
    await expect.poll(() => page.locator('#login-ldap-error').textContent()).toMatch(/\S/);
    await page.locator('#login-ldap-password').fill('alice-password');
    await page.locator('#login-ldap-form button[type="submit"]').click();
    await expectSignedIn(page, refreshes, 'Alice L.');
    const visited = await signOut(page);
    expect(visited.every((href) => new URL(href).origin === env.origin)).toBe(true);
    await context.close();
  });

  it('OpenID Connect: the provider signs the person in (PKCE); redirect logout ends the provider session too', async () => {
    await saveMethod('oidc', 'redirect');
    try {
      const { context, page, refreshes } = await toLoginPage();
      await page.locator('#login-sso-oidc').click();
      await page.waitForURL((url) => url.origin === oidc.issuer);
      await page.locator('input[name="login"]').fill('olivia');
      await page.locator('input[name="password"]').fill('any password');
      await page.locator('button[type="submit"]').click();
      // The provider asks for consent once.
      await page.waitForURL((url) => url.origin === oidc.issuer || url.origin === env.origin);
      if (new URL(page.url()).origin === oidc.issuer) await page.locator('button[type="submit"]').click();
      await expectSignedIn(page, refreshes, 'Olivia OIDC');
      await signOut(
        page,
        (url) => url.origin === oidc.issuer,
        async () => {
          await page.waitForURL((url) => url.origin === oidc.issuer);
          await page.locator('button[name="logout"][value="yes"], button[autofocus]').first().click();
        },
      );
      await context.close();
    } finally {
      await saveMethod('oidc', 'default');
    }
  });

  it('SAML: the IdP signs the person in; redirect logout goes through single logout and back', async () => {
    await saveMethod('saml', 'redirect');
    try {
      const { context, page, refreshes } = await toLoginPage();
      await page.locator('#login-sso-saml').click();
      await expectSignedIn(page, refreshes, 'Sam SAML');
      const before = saml.logoutRequests.length;
      await signOut(page, (url) => url.origin === saml.url);
      expect(saml.logoutRequests.slice(before)).toEqual([
        expect.objectContaining({ nameId: 'sam-persistent-1' }),
      ]);
      await context.close();
    } finally {
      await saveMethod('saml', 'default');
    }
  });

  it('SAML: an assertion for another audience is refused with a message on the login page', async () => {
    saml.responseOptions = { audience: 'https://someone-else.example/metadata' };
    try {
      const { context, page } = await toLoginPage();
      await page.locator('#login-sso-saml').click();
      await page.waitForURL((url) => url.pathname === '/user/login/' && url.searchParams.has('sso_error'));
      expect(new URL(page.url()).searchParams.get('sso_error')).toBe('SSO_REJECTED');
      await expect.poll(() => page.locator('#login-sso-error').textContent()).toMatch(/audience/i);
      await context.close();
    } finally {
      saml.responseOptions = {};
    }
  });

  it("custom SSO: the company's page signs the person in with a ticket; redirect logout passes the company", async () => {
    await saveMethod('custom_sso', 'redirect');
    try {
      const { context, page, refreshes } = await toLoginPage();
      await page.locator('#login-sso-custom').click();
      await page.waitForURL((url) => url.href.startsWith(companyUrl));
      await page.locator('input[name="username"]').fill('cora');
      await page.locator('input[name="password"]').fill('cora-password');
      await page.locator('button').click();
      await expectSignedIn(page, refreshes, 'Cora Custom');
      await signOut(page, (url) => url.href.startsWith(`${companyUrl}/logout`));
      await context.close();
    } finally {
      await saveMethod('custom_sso', 'default');
    }
  });

  it('custom SSO: a person the company disables is signed out at the next refresh and cannot sign in again', async () => {
    const { context, page, refreshes } = await toLoginPage();
    await page.locator('#login-sso-custom').click();
    await page.waitForURL((url) => url.href.startsWith(companyUrl));
    await page.locator('input[name="username"]').fill('dina');
    await page.locator('input[name="password"]').fill('dina-password');
    await page.locator('button').click();
    await expectSignedIn(page, refreshes, 'Dina Leaver');
    company.options.people.dina!.status = 'disabled';
    // The next refresh asks the company (CUSTOM_SSO_STATUS_URL): refused, and the browser is signed out.
    await expect.poll(() => refreshes.includes(401), { timeout: 15_000 }).toBe(true);
    await expect
      .poll(() => header(page).locator('.session-name', { hasText: 'Dina Leaver' }).count())
      .toBe(0);
    // The refused refresh takes the browser to the login page; signing in again is refused with the page's message.
    await page.waitForURL((url) => url.pathname === '/user/login/' && url.searchParams.get('from') === 'plugins');
    await page.locator('#login-sso-custom').click();
    await page.waitForURL((url) => url.href.startsWith(companyUrl));
    await page.locator('input[name="username"]').fill('dina');
    await page.locator('input[name="password"]').fill('dina-password');
    await page.locator('button').click();
    await page.waitForURL((url) => url.pathname === '/user/login/' && url.searchParams.has('sso_error'));
    expect(new URL(page.url()).searchParams.get('sso_error')).toBe('ACCOUNT_DISABLED');
    await expect.poll(() => page.locator('#login-sso-error').textContent()).toMatch(/\S/);
    await context.close();
  });

  it('a super administrator turns LDAP off and on again on the back office page; the login page follows', async () => {
    const { context, page } = await toLoginPage();
    await page.locator('#login-email').fill(ADMIN.email);
    await page.locator('#login-password').fill(ADMIN.password);
    await page.locator('#login-form button[type="submit"]').click();
    await page.waitForURL((url) => url.pathname === '/plugins/' && !url.searchParams.has('code'));
    // The code is exchanged: the header offers sign-out.
    await expect.poll(() => header(page).getByRole('button', { name: '退出登录' }).count()).toBe(1);
    await page.goto(`${env.appUrl}backstage-index/login-methods`);
    const card = page.getByTestId('method-ldap');
    await card.waitFor();
    // Back to the environment's settings (none here): the login page no longer offers LDAP.
    await card.getByRole('button', { name: /改用服务器环境/ }).click();
    await page.getByRole('button', { name: '删除已保存的设置' }).click();
    await expect.poll(() => card.getByRole('button', { name: /改用服务器环境/ }).count()).toBe(0);
    const login = await context.newPage();
    await login.goto(`${env.origin}/user/login/`);
    expect(await login.locator('#login-ldap-form').count()).toBe(0);
    // Saved again from the page's fields: LDAP is offered and signs people in at once.
    for (const [name, value] of Object.entries(variables.ldap!)) {
      await card.locator(`[id$="-${name}"]`).fill(value);
    }
    await card.getByRole('button', { name: /^保存/ }).click();
    await expect.poll(() => card.getByRole('button', { name: /改用服务器环境/ }).count()).toBe(1);
    await login.goto(`${env.origin}/user/login/`);
    await login.locator('#login-username').fill('bob');
    await login.locator('#login-ldap-password').fill('bob-password');
    await login.locator('#login-ldap-form button[type="submit"]').click();
    await login.waitForURL((url) => url.pathname === '/plugins/' && !url.searchParams.has('code'));
    await context.close();
  });
});
