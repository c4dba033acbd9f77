/**
 * LDAP sign-in against a real OpenLDAP (`testing/testLdap.ts`: Debian's slapd started in a
 * temporary folder with a seeded directory, StartTLS offered with a self-signed certificate):
 * the whole flow through the server (sign-in → code → user info → refresh → sign-out), attribute
 * mapping and updates, refusals (wrong password, unknown user, empty password, filter
 * injection, disabled and deleted people), the administrators' group, e-mail never linking, the
 * directory down or refusing the service account, TLS, and the configuration.
 */
import type {
  ErrorEnvelope,
  LoginResult,
  SignInResult,
  TokenPair,
  UserInfo,
} from '@plugin-center/contract/schemas';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { Attribute, Change } from 'ldapts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LdapConfig, parseLdapAttributes, resolveLdapConfig } from '../config/ldap';
import { loadConfig } from '../config/loadConfig';
import { ConfigError } from '../config/values';
import { body, createTestApp, signInTestUser, type TestApp } from '../testing/testApp';
import {
  LDAP_ADMIN_GROUP_DN,
  LDAP_PEOPLE_BASE,
  LDAP_SERVICE_DN,
  LDAP_SERVICE_PASSWORD,
  LDAP_SUFFIX,
  personDn,
  TestLdap,
} from '../testing/testLdap';
import { freePort } from '../testing/testServerProcess';
import { escapeFilterValue, LDAP_INVALID_CREDENTIALS_MESSAGE, LdapSignIn, userFilter } from './ldap';
import type { IdentityService } from './service';

const REDIRECT = '/plugins/';
const FILTER = '(&(uid={username})(!(employeeType=disabled)))';

let ldap: TestLdap;
let t: TestApp;
/** Apps whose directory is reached with StartTLS, with and without the CA. */
let tls: TestApp;
let tlsNoCa: TestApp;
/** An app reaching the directory with ldaps://. */
let ldaps: TestApp;
/** Apps whose directory is down, refuses the service account, is not configured, or is turned off. */
let down: TestApp;
let badService: TestApp;
let off: TestApp;
let turnedOff: TestApp;

function ldapConfig(overrides: Partial<LdapConfig> = {}): LdapConfig {
  return {
    url: ldap.url,
    bindDn: LDAP_SERVICE_DN,
    bindPassword: LDAP_SERVICE_PASSWORD,
    searchBase: LDAP_PEOPLE_BASE,
    searchFilter: FILTER,
    attributes: parseLdapAttributes('LDAP_ATTRIBUTES', '{}'),
    adminGroup: LDAP_ADMIN_GROUP_DN,
    startTls: false,
    tlsCaFile: undefined,
    timeoutMs: 3000,
    ...overrides,
  };
}

beforeAll(async () => {
  ldap = await TestLdap.start();
  const closedPort = await freePort();
  const base = { importCatalogueOnEmpty: false, rateLimits: { signIn: 6, signUp: 10, codeExchange: 100 } };
  [t, tls, tlsNoCa, ldaps, down, badService, off, turnedOff] = await Promise.all([
    createTestApp({ ...base, ldap: ldapConfig() }),
    createTestApp({ ...base, ldap: ldapConfig({ startTls: true, tlsCaFile: ldap.caFile }) }),
    createTestApp({ ...base, ldap: ldapConfig({ startTls: true }) }),
    createTestApp({ ...base, ldap: ldapConfig({ url: ldap.ldapsUrl, tlsCaFile: ldap.caFile }) }),
    createTestApp({ ...base, ldap: ldapConfig({ url: `ldap://127.0.0.1:${closedPort}` }) }),
    createTestApp({ ...base, ldap: ldapConfig({ bindPassword: 'not the password' }) }),
    createTestApp(base),
    createTestApp({
      ...base,
      ldap: ldapConfig(),
      privateLoginConfig: {
        password: { enable: true, logout_mode: 'default', logout_url: null },
        ldap: { enable: false, logout_mode: 'default', logout_url: null },
      },
    }),
  ]);
});
afterAll(async () => {
  await Promise.all([t, tls, tlsNoCa, ldaps, down, badService, off, turnedOff].map((app) => app?.close()));
  await ldap?.stop();
});

function signIn(username: string, password: string, app = t, form = false): Promise<LightMyRequestResponse> {
  const payload = { username, password, redirect_uri: REDIRECT };
  return app.app.inject({
    method: 'POST',
    url: '/api/uc/user/login/ldap',
    ...(form
      ? {
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: new URLSearchParams(payload).toString(),
        }
      : { payload }),
  });
}

/** Signs in and exchanges the code: the session and the user as the login page's site gets them. */
async function session(username: string, password = `${username}-password`, app = t): Promise<LoginResult> {
  const res = await signIn(username, password, app);
  expect(res.statusCode, res.body).toBe(200);
  const { redirect_to } = body<{ data: SignInResult }>(res).data;
  expect(redirect_to).toMatch(/^\/plugins\/\?code=[A-Za-z0-9_-]{43}$/);
  const code = new URL(redirect_to, 'http://x.invalid').searchParams.get('code')!;
  const ex = await app.app.inject({
    method: 'GET',
    url: '/api/uc/user/login/code/user',
    query: { code, redirect_uri: REDIRECT },
  });
  expect(ex.statusCode, ex.body).toBe(200);
  return body<{ data: LoginResult }>(ex).data;
}

function refresh(refreshToken: string, app = t): Promise<LightMyRequestResponse> {
  return app.app.inject({
    method: 'POST',
    url: '/api/uc/user/refresh_token',
    headers: { authorization: `Bearer ${refreshToken}` },
  });
}

async function userInfo(accessToken: string, app = t): Promise<UserInfo> {
  const res = await app.app.inject({
    method: 'GET',
    url: '/api/uc/user/userinfo',
    headers: { authorization: `Bearer ${accessToken}` },
  });
  expect(res.statusCode, res.body).toBe(200);
  return body<{ data: UserInfo }>(res).data;
}

async function changeDirectory(change: (admin: Awaited<ReturnType<TestLdap['admin']>>) => Promise<void>) {
  const admin = await ldap.admin();
  try {
    await change(admin);
  } finally {
    await admin.unbind();
  }
}

/**
 * The LDAP service on the test directory, outside the server (its refresh check registered on a
 * throwaway map): for what the body schema refuses before the service sees it.
 */
function detachedService(): LdapSignIn {
  const identity = {
    settings: t.app.identity.settings,
    directoryChecks: new Map(),
  } as unknown as IdentityService;
  return new LdapSignIn(identity, ldapConfig());
}

function expectError(res: LightMyRequestResponse, status: number, error: string): ErrorEnvelope {
  expect(res.statusCode, res.body).toBe(status);
  const envelope = body<ErrorEnvelope>(res);
  expect(envelope).toMatchObject({ error, data: null });
  return envelope;
}

describe('LDAP sign-in flow', () => {
  it('signs in, answers the directory fields, refreshes and signs out', async () => {
    const login = await session('alice');
    expect(login.user_info).toMatchObject({
      user_name: 'alice',
      nick_name: 'Alice L.',
      email: 'alice@example.org',
      department: 'Research',
      e_id: 'E1001',
      role: 0,
      staff_status: 1,
    });
    expect(await userInfo(login.access_token)).toMatchObject({ department: 'Research', e_id: 'E1001' });

    const refreshed = await refresh(login.refresh_token);
    expect(refreshed.statusCode, refreshed.body).toBe(200);
    const pair = body<{ data: TokenPair }>(refreshed).data;

    const out = await t.app.inject({
      method: 'POST',
      url: '/api/uc/user/logout',
      headers: { authorization: `Bearer ${pair.refresh_token}` },
    });
    expect(out.statusCode, out.body).toBe(200);
    expectError(await refresh(pair.refresh_token), 401, 'UNAUTHORIZED');

    // The same person again: the same account (linked by entryUUID).
    expect((await session('alice')).user_info.user_id).toBe(login.user_info.user_id);
  });

  it('accepts a form-urlencoded body, as the password login', async () => {
    const res = await signIn('wang', 'wang-password', t, true);
    expect(res.statusCode, res.body).toBe(200);
    expect(body<{ data: SignInResult }>(res).data.redirect_to).toMatch(/^\/plugins\/\?code=/);
  });

  it('uses cn without displayName, keeps Chinese text, and a disabled entry loses refresh', async () => {
    const bob = await session('bob');
    expect(bob.user_info).toMatchObject({ nick_name: 'Bob Builder', department: 'Works', e_id: 'E1002' });
    const wang = await session('wang');
    expect(wang.user_info).toMatchObject({ nick_name: '王小明', department: '研发部', e_id: null });

    await changeDirectory((admin) =>
      admin.modify(
        personDn('bob'),
        new Change({
          operation: 'add',
          modification: new Attribute({ type: 'employeeType', values: ['disabled'] }),
        }),
      ),
    );
    expectError(await refresh(bob.refresh_token), 401, 'UNAUTHORIZED');
    expectError(await signIn('bob', 'bob-password'), 401, 'INVALID_CREDENTIALS');
  });

  it('updates the account from the directory at every sign-in', async () => {
    const first = await session('grace');
    expect(first.user_info).toMatchObject({
      nick_name: 'Grace',
      department: 'Navy',
      e_id: null,
      email: null,
    });
    await changeDirectory((admin) =>
      admin.modify(personDn('grace'), [
        new Change({
          operation: 'replace',
          modification: new Attribute({ type: 'displayName', values: ['Rear Admiral Hopper'] }),
        }),
        new Change({
          operation: 'replace',
          modification: new Attribute({ type: 'departmentNumber', values: ['Computing'] }),
        }),
        new Change({
          operation: 'add',
          modification: new Attribute({ type: 'employeeNumber', values: ['E2000'] }),
        }),
        new Change({
          operation: 'add',
          modification: new Attribute({ type: 'mail', values: ['grace@example.org'] }),
        }),
      ]),
    );
    const second = await session('grace');
    expect(second.user_info).toMatchObject({
      user_id: first.user_info.user_id,
      nick_name: 'Rear Admiral Hopper',
      department: 'Computing',
      e_id: 'E2000',
      email: 'grace@example.org',
    });
  });
});

describe('LDAP refusals', () => {
  it('answers one message for a wrong password and an unknown user', async () => {
    const wrong = expectError(await signIn('alice', 'not-her-password'), 401, 'INVALID_CREDENTIALS');
    const unknown = expectError(await signIn('nobody', 'whatever'), 401, 'INVALID_CREDENTIALS');
    expect(wrong.message).toBe(LDAP_INVALID_CREDENTIALS_MESSAGE);
    expect(unknown.message).toBe(wrong.message);
  });

  it('refuses an empty password before any bind (an unauthenticated bind would succeed)', async () => {
    expectError(await signIn('alice', ''), 400, 'INVALID_PARAMETER');
    // The service itself, below the body schema.
    await expect(
      detachedService().signIn({ username: 'alice', password: '', redirect_uri: REDIRECT }),
    ).rejects.toMatchObject({
      status: 401,
      message: LDAP_INVALID_CREDENTIALS_MESSAGE,
    });
  });

  it('escapes the login name in the filter (RFC 4515): wildcards and parentheses match nothing', async () => {
    for (const username of ['*', 'alic*', '*)(uid=*', 'alice)(uid=*', ')(uid=*', '\\2a', 'al\\69ce']) {
      expectError(await signIn(username, 'alice-password'), 401, 'INVALID_CREDENTIALS');
    }
    // NUL bytes: refused by the server's body checks, and by the service itself.
    expectError(await signIn('alice\u0000', 'alice-password'), 400, 'INVALID_PARAMETER');
    await expect(
      detachedService().signIn({
        username: 'alice\u0000',
        password: 'alice-password',
        redirect_uri: REDIRECT,
      }),
    ).rejects.toMatchObject({ status: 401, message: LDAP_INVALID_CREDENTIALS_MESSAGE });
    expect(escapeFilterValue('a*b(c)d\\e\u0000')).toBe('a\\2ab\\28c\\29d\\5ce\\00');
    expect(userFilter(FILTER, '*)(uid=*')).toBe('(&(uid=\\2a\\29\\28uid=\\2a)(!(employeeType=disabled)))');
  });

  it('refuses a person the filter excludes (employeeType=disabled) and an ambiguous login name', async () => {
    expectError(await signIn('dave', 'dave-password'), 401, 'INVALID_CREDENTIALS');
    expectError(await signIn('twin', 'twin-password'), 401, 'INVALID_CREDENTIALS');
  });

  it('a person deleted from the directory can neither refresh nor sign in', async () => {
    const frank = await session('frank');
    expect((await refresh(frank.refresh_token)).statusCode).toBe(200);
    const again = await session('frank');
    await changeDirectory((admin) => admin.del(personDn('frank')));
    expectError(await refresh(again.refresh_token), 401, 'UNAUTHORIZED');
    expectError(await signIn('frank', 'frank-password'), 401, 'INVALID_CREDENTIALS');
    const row = await t.app.db.kysely
      .selectFrom('user_account')
      .select('staff_status')
      .where('id', '=', frank.user_info.user_id)
      .executeTakeFirstOrThrow();
    expect(row.staff_status).toBe(0);
  });

  it('never links by e-mail: a password account with the same address stays apart', async () => {
    const existing = await signInTestUser(t.app, { email: 'erin@example.org' });
    const erin = await session('erin');
    expect(erin.user_info.user_id).not.toBe(existing.user_info.user_id);
    expect(erin.user_info.email).toBeNull();
    expect((await userInfo(existing.access_token)).email).toBe('erin@example.org');
  });

  it('limits sign-ins per client IP and user name', async () => {
    const answers: number[] = [];
    for (let i = 0; i < 7; i++) answers.push((await signIn('limited', 'x')).statusCode);
    expect(answers.slice(0, 6)).toEqual([401, 401, 401, 401, 401, 401]);
    expect(answers[6]).toBe(429);
  });
});

describe('LDAP sign-in fuzzed', () => {
  it('answers every login name and password with an envelope error, never a 5xx or a session', async () => {
    const special = fc.constantFrom(
      '*',
      '(',
      ')',
      '\\',
      '\u0000',
      '=',
      ',',
      '+',
      '"',
      '#',
      ';',
      '<',
      '>',
      '王',
      '\u202e',
    );
    const text = fc.array(fc.oneof(special, fc.string({ maxLength: 4, unit: 'grapheme' })), {
      maxLength: 12,
    });
    await fc.assert(
      fc.asyncProperty(text, text, async (name, password) => {
        const res = await signIn(`fz${name.join('')}`, password.join(''));
        expect([400, 401, 429], res.body).toContain(res.statusCode);
        expect(body<ErrorEnvelope>(res)).toMatchObject({ data: null });
      }),
      { numRuns: 120, seed: 26 },
    );
  });
});

describe('LDAP administrators group', () => {
  it('grants general administrator to members and takes it back from former members', async () => {
    const carol = await session('carol');
    expect(carol.user_info).toMatchObject({ role: 2, is_administrator: true });
    await changeDirectory((admin) =>
      admin.modify(
        LDAP_ADMIN_GROUP_DN,
        new Change({
          operation: 'replace',
          modification: new Attribute({ type: 'member', values: [`cn=placeholder,${LDAP_SUFFIX}`] }),
        }),
      ),
    );
    const again = await session('carol');
    expect(again.user_info).toMatchObject({
      user_id: carol.user_info.user_id,
      role: 0,
      is_administrator: false,
    });
  });
});

describe('LDAP transport and availability', () => {
  it('signs in over StartTLS with the CA file', async () => {
    const login = await session('alice', 'alice-password', tls);
    expect(login.user_info).toMatchObject({ user_name: 'alice', department: 'Research' });
  });

  it('answers 502 naming the TLS failure without the CA', async () => {
    const envelope = expectError(await signIn('alice', 'alice-password', tlsNoCa), 502, 'THIRD_PARTY_FAILED');
    expect(envelope.message).toMatch(/StartTLS failed: .*(self[- ]signed|certificate)/i);
  });

  it('answers 502 THIRD_PARTY_FAILED when the directory is down', async () => {
    const envelope = expectError(await signIn('alice', 'alice-password', down), 502, 'THIRD_PARTY_FAILED');
    expect(envelope.message).toMatch(/ECONNREFUSED/);
  });

  it('answers 502 with the server message when the service account is refused', async () => {
    const envelope = expectError(
      await signIn('alice', 'alice-password', badService),
      502,
      'THIRD_PARTY_FAILED',
    );
    expect(envelope.message).toBe('LDAP: the service account was refused: invalid credentials (result 49)');
  });

  it('signs in over ldaps:// with the CA file', async () => {
    const login = await session('alice', 'alice-password', ldaps);
    expect(login.user_info).toMatchObject({ user_name: 'alice', e_id: 'E1001' });
  });

  it('answers 404 LOGIN_METHOD_DISABLED when LDAP is not configured or turned off', async () => {
    expectError(await signIn('alice', 'alice-password', off), 404, 'LOGIN_METHOD_DISABLED');
    expectError(await signIn('alice', 'alice-password', turnedOff), 404, 'LOGIN_METHOD_DISABLED');
  });

  it('keeps sessions going while the directory cannot be asked, and signs in again once it is back', async () => {
    const login = await session('wang', 'wang-password', tls);
    await ldap.halt();
    try {
      const refreshed = await refresh(login.refresh_token, tls);
      expect(refreshed.statusCode, refreshed.body).toBe(200);
      expectError(await signIn('wang', 'wang-password', tls), 502, 'THIRD_PARTY_FAILED');
    } finally {
      await ldap.resume();
    }
    await session('wang', 'wang-password', tls);
  });
});

describe('LDAP configuration', () => {
  const env = {
    LDAP_URL: 'ldaps://ldap.example.org:636',
    LDAP_BIND_DN: 'cn=svc,dc=example,dc=org',
    LDAP_BIND_PASSWORD: 'secret',
    LDAP_SEARCH_BASE: 'ou=people,dc=example,dc=org',
  };

  it('is absent without LDAP_URL and filled with the inetOrgPerson defaults with it', () => {
    expect(loadConfig({}).ldap).toBeUndefined();
    expect(loadConfig(env).ldap).toEqual({
      url: 'ldaps://ldap.example.org:636',
      bindDn: 'cn=svc,dc=example,dc=org',
      bindPassword: 'secret',
      searchBase: 'ou=people,dc=example,dc=org',
      searchFilter: '(uid={username})',
      attributes: {
        subject: ['entryUUID'],
        username: ['uid'],
        email: ['mail'],
        display_name: ['displayName', 'cn'],
        department: ['departmentNumber'],
        employee_id: ['employeeNumber'],
      },
      adminGroup: undefined,
      startTls: false,
      tlsCaFile: undefined,
      timeoutMs: 10_000,
    });
  });

  it('reads an Active Directory mapping over the defaults', () => {
    const config = loadConfig({
      ...env,
      LDAP_SEARCH_FILTER: '(&(sAMAccountName={username})(objectCategory=person))',
      LDAP_ATTRIBUTES: '{"subject":"objectGUID","username":"sAMAccountName","department":"department"}',
    }).ldap!;
    expect(config.attributes).toMatchObject({
      subject: ['objectGUID'],
      username: ['sAMAccountName'],
      department: ['department'],
      email: ['mail'],
    });
  });

  it.each([
    [{ LDAP_URL: 'http://ldap' }, 'LDAP_URL'],
    [{ LDAP_SEARCH_BASE: 'dc=x' }, 'LDAP_SEARCH_BASE'],
    [{ ...env, LDAP_SEARCH_BASE: '' }, 'LDAP_SEARCH_BASE'],
    [{ ...env, LDAP_BIND_PASSWORD: '' }, 'LDAP_BIND_PASSWORD'],
    [{ ...env, LDAP_SEARCH_FILTER: '(uid=alice)' }, 'LDAP_SEARCH_FILTER'],
    [{ ...env, LDAP_SEARCH_FILTER: '(uid={username}' }, 'LDAP_SEARCH_FILTER'],
    [{ ...env, LDAP_ATTRIBUTES: '{"mail":"x"}' }, 'LDAP_ATTRIBUTES'],
    [{ ...env, LDAP_ATTRIBUTES: '{"email":"bad name"}' }, 'LDAP_ATTRIBUTES'],
    [{ ...env, LDAP_ATTRIBUTES: '{"subject":["a","b"]}' }, 'LDAP_ATTRIBUTES'],
    [{ ...env, LDAP_START_TLS: 'yes' }, 'LDAP_START_TLS'],
    [{ ...env, LDAP_TIMEOUT_MS: '5' }, 'LDAP_TIMEOUT_MS'],
  ])('refuses %j naming %s', (vars, variable) => {
    let error: unknown;
    try {
      loadConfig(vars);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).variable).toBe(variable);
  });

  it('resolves nothing for an environment without LDAP', () => {
    expect(resolveLdapConfig(loadConfigEnv())).toBeUndefined();
  });
});

function loadConfigEnv() {
  return {
    LDAP_SEARCH_FILTER: '(uid={username})',
    LDAP_ATTRIBUTES: parseLdapAttributes('LDAP_ATTRIBUTES', '{}'),
    LDAP_START_TLS: false,
    LDAP_TIMEOUT_MS: 10_000,
  } as Parameters<typeof resolveLdapConfig>[0];
}
