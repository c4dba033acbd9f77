/**
 * The sign-in methods of the back office against the real server and a real OpenLDAP, on SQLite
 * and PostgreSQL: the list with the environment's values beside the saved ones, saves by super
 * administrators only, values checked as a start checks them, the secret sealed at rest and masked
 * in answers and the audit log, a saved LDAP method in force at once (a sign-in through the test
 * directory), and back to the environment.
 */
import {
  type AuditLogPage,
  type LoginMethodList,
  type LoginMethodSetting,
  Role,
  SECRET_MASK_PREFIX,
  type SignInResult,
} from '@plugin-center/contract/schemas';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, createTestApp, signInTestUser, type TestApp } from '../testing/testApp';
import { TEST_DIALECT } from '../testing/testDatabase';
import { LDAP_PEOPLE_BASE, LDAP_SERVICE_DN, LDAP_SERVICE_PASSWORD, TestLdap } from '../testing/testLdap';

const URL_PATH = '/api/cmt/manager/login-methods';
const SERVICE_PASSWORD_SHOWN = maskOf(LDAP_SERVICE_PASSWORD);

let ldap: TestLdap;
let t: TestApp;
let superAdmin: string;
let generalAdmin: string;

function maskOf(secret: string): string {
  return SECRET_MASK_PREFIX + (secret.length >= 12 ? secret.slice(-4) : '');
}

beforeAll(async () => {
  ldap = await TestLdap.start();
  t = await createTestApp({ importCatalogueOnEmpty: false });
  superAdmin = (await signInTestUser(t.app, { role: Role.SUPER_ADMIN })).access_token;
  generalAdmin = (await signInTestUser(t.app, { role: Role.GENERAL_ADMIN })).access_token;
});
afterAll(async () => {
  await t?.close();
  await ldap?.stop();
});

function call(method: 'GET' | 'PUT', token: string, payload?: unknown): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method,
    url: URL_PATH,
    headers: { authorization: `Bearer ${token}` },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

function ldapBody(variables: Record<string, string>, extra: Record<string, unknown> = {}) {
  return { method: 'ldap', enable: true, logout_mode: 'default', logout_url: null, variables, ...extra };
}

function ldapSignIn(username: string, password: string): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method: 'POST',
    url: '/api/uc/user/login/ldap',
    payload: { username, password, redirect_uri: '/plugins/' },
  });
}

const WORKING = () => ({
  LDAP_URL: ldap.url,
  LDAP_BIND_DN: LDAP_SERVICE_DN,
  LDAP_BIND_PASSWORD: LDAP_SERVICE_PASSWORD,
  LDAP_SEARCH_BASE: LDAP_PEOPLE_BASE,
});

describe(`sign-in methods of the back office (${TEST_DIALECT})`, () => {
  it('lists the four methods with their variables, none configured', async () => {
    const response = await call('GET', generalAdmin);
    expect(response.statusCode).toBe(200);
    const list = body<{ data: LoginMethodList }>(response).data;
    expect(list.method_list.map((m) => m.method)).toEqual(['ldap', 'oidc', 'saml', 'custom_sso']);
    const ldapEntry = list.method_list[0]!;
    expect(ldapEntry).toMatchObject({ source: 'none', configured: false, update_time: null });
    const names = ldapEntry.variables.map((v) => v.name);
    expect(names).toEqual(expect.arrayContaining(['LDAP_URL', 'LDAP_BIND_PASSWORD', 'LDAP_SEARCH_FILTER']));
    expect(ldapEntry.variables.find((v) => v.name === 'LDAP_BIND_PASSWORD')!.secret).toBe(true);
    expect(ldapEntry.variables.find((v) => v.name === 'LDAP_URL')!.secret).toBe(false);
    expect(list.method_list[2]!.variables.some((v) => v.name.startsWith('SAML_'))).toBe(true);
  });

  it('refuses saves by a general administrator and the wrong values, saving nothing', async () => {
    expect((await call('PUT', generalAdmin, ldapBody(WORKING()))).statusCode).toBe(403);
    const cases: [Record<string, string>, string][] = [
      [{ ...WORKING(), SAML_SP_ORIGIN: 'https://x.example' }, 'SAML_SP_ORIGIN'],
      [{ ...WORKING(), LDAP_SEARCH_BASE: 'ou=people\u0007' }, 'LDAP_SEARCH_BASE'],
      [{ LDAP_URL: ldap.url }, 'LDAP_SEARCH_BASE'],
      [{ ...WORKING(), LDAP_SEARCH_FILTER: '(uid=fixed)' }, 'LDAP_SEARCH_FILTER'],
      [{ ...WORKING(), LDAP_BIND_PASSWORD: SECRET_MASK_PREFIX }, 'LDAP_BIND_PASSWORD'],
    ];
    for (const [variables, field] of cases) {
      const response = await call('PUT', superAdmin, ldapBody(variables));
      expect(response.statusCode, field).toBe(400);
      expect(body<{ field?: string }>(response).field).toBe(field);
    }
    // A NUL byte anywhere in a body is refused before any handler (400).
    const nul = await call(
      'PUT',
      superAdmin,
      ldapBody({ ...WORKING(), LDAP_SEARCH_BASE: 'ou=people\u0000' }),
    );
    expect(nul.statusCode).toBe(400);
    const wrongTypes = await call('PUT', superAdmin, { ...ldapBody(WORKING()), variables: { LDAP_URL: 5 } });
    expect(wrongTypes.statusCode).toBe(400);
    const huge = await call(
      'PUT',
      superAdmin,
      ldapBody({ ...WORKING(), LDAP_SEARCH_FILTER: 'x'.repeat(70_000) }),
    );
    expect(huge.statusCode).toBe(400);
    const badLogout = await call(
      'PUT',
      superAdmin,
      ldapBody(WORKING(), { logout_url: 'javascript:alert(1)' }),
    );
    expect(body<{ field?: string }>(badLogout).field).toBe('logout_url');
    // Nothing was saved: still not configured, and the sign-in route is off.
    const list = body<{ data: LoginMethodList }>(await call('GET', superAdmin)).data;
    expect(list.method_list[0]!.source).toBe('none');
    expect((await ldapSignIn('alice', 'alice-password')).statusCode).toBe(404);
  });

  it('a saved LDAP method is in force at once: people sign in through the directory', async () => {
    const response = await call('PUT', superAdmin, ldapBody(WORKING()));
    expect(response.statusCode).toBe(200);
    const saved = body<{ data: LoginMethodSetting }>(response).data;
    expect(saved).toMatchObject({
      source: 'back_office',
      configured: true,
      enable: true,
      secret_status: 'set',
    });
    expect(saved.variables.find((v) => v.name === 'LDAP_BIND_PASSWORD')!.value).toBe(SERVICE_PASSWORD_SHOWN);
    const signIn = await ldapSignIn('alice', 'alice-password');
    expect(signIn.statusCode).toBe(200);
    expect(body<{ data: SignInResult }>(signIn).data.redirect_to).toMatch(/^\/plugins\/\?code=/);
    // The private standard config answers it enabled.
    const standard = await t.app.inject({ method: 'GET', url: '/api/uc/config/private/standard/pixso' });
    expect(body<{ data: Record<string, { enable: boolean }> }>(standard).data.ldap?.enable).toBe(true);
  });

  it('never keeps the secret in clear: not in the stored row, not in the audit log', async () => {
    const rows = await t.app.db.kysely.selectFrom('app_setting').select('value').execute();
    expect(JSON.stringify(rows)).not.toContain(LDAP_SERVICE_PASSWORD);
    const audit = await t.app.inject({
      method: 'GET',
      url: '/api/cmt/manager/audit-log?page_size=100',
      headers: { authorization: `Bearer ${superAdmin}` },
    });
    const entries = body<{ data: AuditLogPage }>(audit).data.entry_list.filter(
      (e) => e.action === 'save_login_method',
    );
    expect(entries.length).toBeGreaterThan(0);
    expect(entries[0]!.reason).toContain('LDAP_BIND_PASSWORD');
    expect(JSON.stringify(entries)).not.toContain(LDAP_SERVICE_PASSWORD);
  });

  it('keeps the stored secret when its masked text comes back, and refuses a mask that is not its own', async () => {
    const kept = await call(
      'PUT',
      superAdmin,
      ldapBody({ ...WORKING(), LDAP_BIND_PASSWORD: SERVICE_PASSWORD_SHOWN }),
    );
    expect(kept.statusCode).toBe(200);
    expect((await ldapSignIn('bob', 'bob-password')).statusCode).toBe(200);
    const other = await call(
      'PUT',
      superAdmin,
      ldapBody({ ...WORKING(), LDAP_BIND_PASSWORD: `${SECRET_MASK_PREFIX}zzzz` }),
    );
    expect(other.statusCode).toBe(400);
  });

  it('turned off in the back office, the method answers 404; back to the environment, it is gone', async () => {
    const off = await call(
      'PUT',
      superAdmin,
      ldapBody({ ...WORKING(), LDAP_BIND_PASSWORD: SERVICE_PASSWORD_SHOWN }, { enable: false }),
    );
    expect(off.statusCode).toBe(200);
    expect((await ldapSignIn('alice', 'alice-password')).statusCode).toBe(404);
    const reset = await call('PUT', superAdmin, ldapBody({}, { use_environment: true }));
    expect(body<{ data: LoginMethodSetting }>(reset).data).toMatchObject({
      source: 'none',
      configured: false,
    });
    expect((await ldapSignIn('alice', 'alice-password')).statusCode).toBe(404);
  });
});
