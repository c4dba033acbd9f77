/**
 * Accounts from a directory against the real server, on SQLite and PostgreSQL: created on first
 * sign-in, updated on every sign-in, linked by subject and never by e-mail, role from the group
 * mapping, and disabled with their sessions when the directory check says the person is gone.
 */
import { type LoginResult, Role, type TokenPair } from '@plugin-center/contract/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, createTestApp, type TestApp } from '../testing/testApp';
import type { DirectoryProfile } from './directoryAccounts';

let t: TestApp;
const REDIRECT = '/plugins/';

beforeAll(async () => {
  t = await createTestApp({ importCatalogueOnEmpty: false });
});
afterAll(async () => {
  await t?.close();
});

function person(subject: string, fields: Partial<DirectoryProfile> = {}): DirectoryProfile {
  return {
    method: 'ldap',
    subject,
    username: `user-${subject}`,
    email: `${subject}@corp.test`,
    displayName: `Person ${subject}`,
    department: 'Design',
    employeeId: `E-${subject}`,
    ...fields,
  };
}

/** Signs `profile` in and exchanges the code: the session of the login page's redirect. */
async function signIn(profile: DirectoryProfile): Promise<LoginResult> {
  const { redirect_to } = await t.app.identity.directorySignIn(profile, REDIRECT);
  const code = new URL(redirect_to, 'http://x').searchParams.get('code')!;
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/uc/user/login/code/user?code=${code}&redirect_uri=${encodeURIComponent(REDIRECT)}`,
  });
  expect(response.statusCode).toBe(200);
  return body<{ data: LoginResult }>(response).data;
}

function refresh(token: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/uc/user/refresh_token',
    headers: { authorization: `Bearer ${token}` },
  });
}

describe('directory accounts', () => {
  it('creates the account on first sign-in with the directory fields, and updates them on the next', async () => {
    const first = await signIn(person('d1'));
    expect(first.user_info).toMatchObject({
      user_name: 'user-d1',
      nick_name: 'Person d1',
      email: 'd1@corp.test',
      department: 'Design',
      e_id: 'E-d1',
      staff_status: 1,
      is_administrator: false,
    });
    const second = await signIn(
      person('d1', { displayName: 'Renamed', department: 'Research', employeeId: null }),
    );
    expect(second.user_info.user_id).toBe(first.user_info.user_id);
    expect(second.user_info).toMatchObject({ nick_name: 'Renamed', department: 'Research', e_id: null });
  });

  it('never links by e-mail: a directory entry with the address of a password account gets its own account', async () => {
    const owner = await t.app.identity.createAccount({
      email: 'owner@corp.test',
      password: 'owner-password',
    });
    const session = await signIn(person('d2', { email: 'Owner@Corp.test' }));
    expect(session.user_info.user_id).not.toBe(owner.id);
    expect(session.user_info.email).toBeNull();
    // The password account is untouched and still signs in.
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/uc/user/login',
      payload: { email: 'owner@corp.test', password: 'owner-password', redirect_uri: REDIRECT },
    });
    expect(login.statusCode).toBe(200);
  });

  it('keeps subjects of different methods apart', async () => {
    const ldap = await signIn(person('same', { email: null }));
    const saml = await signIn(person('same', { method: 'saml', email: null }));
    expect(saml.user_info.user_id).not.toBe(ldap.user_info.user_id);
  });

  it('maps the administrator group to a general administrator and back, never demoting a super administrator', async () => {
    expect((await signIn(person('d3', { administrator: true }))).user_info.is_administrator).toBe(true);
    const demoted = await signIn(person('d3', { administrator: false }));
    expect(demoted.user_info.is_administrator).toBe(false);
    // Without a mapping the role stays.
    const boss = await signIn(person('d4'));
    await t.app.identity.setAdministrator(boss.user_info.email!, Role.SUPER_ADMIN);
    const kept = await signIn(person('d4', { administrator: false }));
    expect(kept.user_info.is_administrator).toBe(true);
  });

  it('two concurrent first sign-ins of one subject end in one account', async () => {
    const [a, b] = await Promise.all([signIn(person('d5')), signIn(person('d5'))]);
    expect(a.user_info.user_id).toBe(b.user_info.user_id);
  });

  it('a person the directory check finds gone loses every session and cannot refresh', async () => {
    const session = await signIn(person('d6'));
    const verdicts: Record<string, 'active' | 'gone' | 'unknown'> = { d6: 'active' };
    t.app.identity.directoryChecks.set('dir:ldap', () => async (subject) => verdicts[subject] ?? 'active');
    try {
      const ok = await refresh(session.refresh_token);
      expect(ok.statusCode).toBe(200);
      const next = body<{ data: TokenPair }>(ok).data;
      verdicts.d6 = 'unknown';
      const stillOk = await refresh(next.refresh_token);
      expect(stillOk.statusCode).toBe(200);
      verdicts.d6 = 'gone';
      const refused = await refresh(body<{ data: TokenPair }>(stillOk).data.refresh_token);
      expect(refused.statusCode).toBe(401);
      // The access token of that session no longer works either.
      const info = await t.app.inject({
        method: 'GET',
        url: '/api/uc/user/userinfo',
        headers: { authorization: `Bearer ${next.access_token}` },
      });
      expect(info.statusCode).toBe(401);
      // A new sign-in through the directory (which authenticated the person) enables the account again.
      verdicts.d6 = 'active';
      expect((await signIn(person('d6'))).user_info.staff_status).toBe(1);
    } finally {
      t.app.identity.directoryChecks.delete('dir:ldap');
    }
  });

  it('refuses a redirect_uri off the allowlist before touching any account', async () => {
    await expect(
      t.app.identity.directorySignIn(person('d7'), 'https://evil.example/steal'),
    ).rejects.toMatchObject({ entry: { error: 'REDIRECT_NOT_ALLOWED' } });
  });

  it('strips control characters and clips long directory values', async () => {
    const session = await signIn(
      person('d8', { displayName: `A\u0000B${'x'.repeat(1000)}`, department: '  ' }),
    );
    expect(session.user_info.nick_name.startsWith('AB')).toBe(true);
    expect(session.user_info.nick_name.length).toBe(256);
    expect(session.user_info.department).toBeNull();
  });
});
