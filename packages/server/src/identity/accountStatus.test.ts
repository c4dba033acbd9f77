/**
 * Disabling and enabling accounts by hand in the back office against the real server, on SQLite and
 * PostgreSQL: who may act on whom, a disable ends every session at once (refresh, access and
 * personal tokens, password and directory sign-in), an enable restores sign-in, both audit-logged
 * and idempotent, and an administrator's disable wins over the directory while the directory still
 * undoes its own.
 */
import {
  type AdminUser,
  type AuditLogPage,
  type CreatedPersonalToken,
  type LoginResult,
  Role,
} from '@plugin-center/contract/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, createTestApp, dataOf, injectAs, signInTestUser, type TestApp } from '../testing/testApp';
import { TEST_DIALECT } from '../testing/testDatabase';
import { updateDirectoryAccount } from './data/accounts';
import { checkDirectoryAccount, type DirectoryProfile, disableDirectoryAccount } from './directoryAccounts';

let t: TestApp;
let boss: LoginResult;
let helper: LoginResult;
const REDIRECT = '/plugins/';
const tag = `s${Date.now().toString(36)}`;

beforeAll(async () => {
  t = await createTestApp({ importCatalogueOnEmpty: false });
  boss = await signInTestUser(t.app, { role: Role.SUPER_ADMIN });
  helper = await signInTestUser(t.app, { role: Role.GENERAL_ADMIN });
}, 60_000);
afterAll(async () => t?.close());

const call = (method: 'GET' | 'PUT' | 'POST', url: string, token?: string, payload?: unknown) =>
  injectAs(t.app, method, url, token, payload);
const data = dataOf;
const setStatus = (token: string | undefined, payload: unknown) =>
  call('PUT', '/api/cmt/manager/users/status', token, payload);
const refresh = (token: string) => call('POST', '/api/uc/user/refresh_token', token);
const userInfo = (token: string) => call('GET', '/api/uc/user/userinfo', token);
const passwordLogin = (email: string) =>
  call('POST', '/api/uc/user/login', undefined, { email, password: 'test-password', redirect_uri: REDIRECT });
async function auditReasons(action: string): Promise<(string | null)[]> {
  const log = data<AuditLogPage>(
    await call('GET', '/api/cmt/manager/audit-log?page_size=100', boss.access_token),
  );
  return log.entry_list.filter((e) => e.action === action).map((e) => e.reason);
}
async function storedStatus(id: number) {
  return t.app.db.kysely
    .selectFrom('user_account')
    .select(['staff_status', 'disabled_by', 'nick_name'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
}

describe(`account status by an administrator (${TEST_DIALECT})`, () => {
  it('follows the permissions matrix: admins act on general users, only the super admin on general admins, nobody on a super admin or themselves', async () => {
    const member = await signInTestUser(t.app);
    const otherHelper = await signInTestUser(t.app, { role: Role.GENERAL_ADMIN });
    const otherBoss = await signInTestUser(t.app, { role: Role.SUPER_ADMIN });
    const memberId = member.user_info.user_id;
    const otherHelperId = otherHelper.user_info.user_id;
    const otherBossId = otherBoss.user_info.user_id;
    const cases: [string, string | undefined, number, number, string][] = [
      ['anonymous → user', undefined, memberId, 401, 'UNAUTHORIZED'],
      ['user → user', member.access_token, otherHelperId, 403, 'FORBIDDEN'],
      ['general admin → general admin', helper.access_token, otherHelperId, 403, 'FORBIDDEN'],
      ['general admin → super admin', helper.access_token, otherBossId, 403, 'FORBIDDEN'],
      ['super admin → super admin', boss.access_token, otherBossId, 403, 'FORBIDDEN'],
      ['general admin → self', helper.access_token, helper.user_info.user_id, 400, 'INVALID_PARAMETER'],
      ['super admin → self', boss.access_token, boss.user_info.user_id, 400, 'INVALID_PARAMETER'],
      ['unknown user', boss.access_token, 2_000_000_000, 400, 'INVALID_PARAMETER'],
    ];
    for (const [name, token, target, status, error] of cases) {
      for (const staff_status of [0, 1]) {
        const res = await setStatus(token, { user_id: target, staff_status });
        expect([name, staff_status, res.statusCode], res.body).toEqual([name, staff_status, status]);
        expect(body<{ error: string; data: null }>(res)).toMatchObject({ error, data: null });
        if (status === 403 && token) {
          expect(body<{ message: string }>(res).message).toBe('Current account has no permission');
        }
        if (status === 400) expect(body<{ field: string }>(res).field).toBe('user_id');
      }
    }
    // Nobody above was changed.
    for (const id of [memberId, otherHelperId, otherBossId, helper.user_info.user_id]) {
      expect((await storedStatus(id)).staff_status).toBe(1);
    }

    // A general admin disables and enables a general user; the super admin a general admin.
    expect(
      data<AdminUser>(await setStatus(helper.access_token, { user_id: memberId, staff_status: 0 })),
    ).toMatchObject({
      user_id: memberId,
      staff_status: 0,
      disabled_by: 'admin',
      role: 0,
    });
    expect(
      data<AdminUser>(await setStatus(helper.access_token, { user_id: memberId, staff_status: 1 })),
    ).toMatchObject({ staff_status: 1, disabled_by: null });
    expect(
      data<AdminUser>(await setStatus(boss.access_token, { user_id: otherHelperId, staff_status: 0 }))
        .staff_status,
    ).toBe(0);
    expect(
      data<AdminUser>(await setStatus(boss.access_token, { user_id: otherHelperId, staff_status: 1 }))
        .staff_status,
    ).toBe(1);
  });

  it('a disable ends every session at once and refuses every sign-in; an enable restores sign-in; both audit-logged once', async () => {
    const email = `victim-${tag}@corp.test`;
    const victim = await signInTestUser(t.app, { email });
    const id = victim.user_info.user_id;
    const second = await t.app.identity.startSession(id);
    const pat = data<CreatedPersonalToken>(
      await call('POST', '/api/cmt/user/tokens', victim.access_token, { name: 'CI' }),
    );
    expect((await call('GET', '/api/cmt/plugin/audit', pat.token)).statusCode).toBe(200);
    expect((await userInfo(victim.access_token)).statusCode).toBe(200);

    const disabled = data<AdminUser>(await setStatus(helper.access_token, { user_id: id, staff_status: 0 }));
    expect(disabled).toMatchObject({ user_id: id, email, staff_status: 0 });
    expect(await storedStatus(id)).toMatchObject({ staff_status: 0, disabled_by: 'admin' });
    // Idempotent: the same status again answers the user and writes nothing.
    expect(
      data<AdminUser>(await setStatus(boss.access_token, { user_id: id, staff_status: 0 })).staff_status,
    ).toBe(0);

    // Access tokens stop on their next call, refresh tokens are revoked, the personal token stops.
    expect((await userInfo(victim.access_token)).statusCode).toBe(401);
    expect((await userInfo(second.access_token)).statusCode).toBe(401);
    expect((await refresh(victim.refresh_token)).statusCode).toBe(401);
    expect((await refresh(second.refresh_token)).statusCode).toBe(401);
    const live = await t.app.db.kysely
      .selectFrom('refresh_token')
      .select('id')
      .where('user_id', '=', id)
      .where('revoked_at', 'is', null)
      .execute();
    expect(live).toEqual([]);
    expect((await call('GET', '/api/cmt/plugin/audit', pat.token)).statusCode).toBe(401);
    // The password login is refused like wrong credentials; no new session can start.
    const login = await passwordLogin(email);
    expect(login.statusCode).toBe(401);
    expect(body<{ error: string }>(login).error).toBe('INVALID_CREDENTIALS');
    await expect(t.app.identity.startSession(id)).rejects.toMatchObject({ status: 401 });
    // The people list shows the status.
    const listed = data<{ user_list: AdminUser[] }>(
      await call('GET', `/api/cmt/manager/users?keyword=${encodeURIComponent(email)}`, helper.access_token),
    );
    expect(listed.user_list.map((u) => u.staff_status)).toEqual([0]);

    const enabled = data<AdminUser>(await setStatus(helper.access_token, { user_id: id, staff_status: 1 }));
    expect(enabled.staff_status).toBe(1);
    expect(await storedStatus(id)).toMatchObject({ staff_status: 1, disabled_by: null });
    expect(
      data<AdminUser>(await setStatus(helper.access_token, { user_id: id, staff_status: 1 })).staff_status,
    ).toBe(1);
    expect((await passwordLogin(email)).statusCode).toBe(200);
    expect((await call('GET', '/api/cmt/plugin/audit', pat.token)).statusCode).toBe(200);
    // The revoked sessions stay ended.
    expect((await refresh(victim.refresh_token)).statusCode).toBe(401);

    expect(await auditReasons('disable_user')).toContain(`user ${id} ${email}`);
    expect((await auditReasons('disable_user')).filter((r) => r === `user ${id} ${email}`)).toHaveLength(1);
    expect((await auditReasons('enable_user')).filter((r) => r === `user ${id} ${email}`)).toHaveLength(1);
    const log = data<AuditLogPage>(
      await call('GET', '/api/cmt/manager/audit-log?page_size=100', boss.access_token),
    );
    expect(
      log.entry_list.find((e) => e.action === 'disable_user' && e.reason?.includes(email)),
    ).toMatchObject({
      actor: { user_id: helper.user_info.user_id },
      plugin_key: '',
      version: null,
    });
  });

  it('takes the caller’s role as of now: a general administrator made a general user cannot disable', async () => {
    const former = await signInTestUser(t.app, { role: Role.GENERAL_ADMIN });
    const member = await signInTestUser(t.app);
    data<AdminUser>(
      await call('PUT', '/api/cmt/manager/users/role', boss.access_token, {
        user_id: former.user_info.user_id,
        role: 0,
      }),
    );
    const res = await setStatus(former.access_token, { user_id: member.user_info.user_id, staff_status: 0 });
    expect(res.statusCode).toBe(403);
    expect((await storedStatus(member.user_info.user_id)).staff_status).toBe(1);
  });

  it('refuses hostile bodies with 400 INVALID_PARAMETER in the envelope and changes nothing', async () => {
    const member = await signInTestUser(t.app);
    const id = member.user_info.user_id;
    for (const payload of [
      { user_id: id, staff_status: 2 },
      { user_id: id, staff_status: -1 },
      { user_id: id, staff_status: '0' },
      { user_id: id, staff_status: false },
      { user_id: id, staff_status: null },
      { user_id: id },
      { staff_status: 0 },
      { user_id: 0, staff_status: 0 },
      { user_id: -1, staff_status: 0 },
      { user_id: 2 ** 31, staff_status: 0 },
      { user_id: 1e300, staff_status: 0 },
      { user_id: '99999999999999999999999', staff_status: 0 },
      { user_id: 1.5, staff_status: 0 },
      { user_id: `${id}\u0000`, staff_status: 0 },
      { user_id: id, staff_status: '\u0000' },
      { user_id: [id], staff_status: 0 },
      { user_id: id, staff_status: 0, disabled_by: 'directory' },
      [],
    ]) {
      const res = await setStatus(boss.access_token, payload);
      expect([JSON.stringify(payload).slice(0, 60), res.statusCode]).toEqual([
        JSON.stringify(payload).slice(0, 60),
        400,
      ]);
      expect(body<{ error: string; data: null }>(res)).toMatchObject({
        error: 'INVALID_PARAMETER',
        data: null,
      });
    }
    for (const raw of [
      `{"user_id":${'9'.repeat(400)},"staff_status":0}`,
      `{"user_id":${id},"staff_status":0e0,"staff_status":"0"}`,
      `"${'x'.repeat(10_000)}"`,
      '{"user_id":',
    ]) {
      const res = await t.app.inject({
        method: 'PUT',
        url: '/api/cmt/manager/users/status',
        headers: { authorization: `Bearer ${boss.access_token}`, 'content-type': 'application/json' },
        payload: raw,
      });
      expect([raw.slice(0, 60), res.statusCode]).toEqual([raw.slice(0, 60), 400]);
      expect(body<{ data: null }>(res).data).toBeNull();
    }
    expect(await storedStatus(id)).toMatchObject({ staff_status: 1, disabled_by: null });
  });
});

describe(`an administrator's disable wins over the directory (${TEST_DIALECT})`, () => {
  function person(subject: string, fields: Partial<DirectoryProfile> = {}): DirectoryProfile {
    return {
      method: 'ldap',
      subject: `${tag}-${subject}`,
      username: `user-${tag}-${subject}`,
      email: `${subject}-${tag}@dir.test`,
      displayName: `Person ${subject}`,
      department: 'Design',
      employeeId: null,
      ...fields,
    };
  }
  async function signIn(profile: DirectoryProfile): Promise<LoginResult> {
    const { redirect_to } = await t.app.identity.directorySignIn(profile, REDIRECT);
    const code = new URL(redirect_to, 'http://x').searchParams.get('code')!;
    return data<LoginResult>(
      await call(
        'GET',
        `/api/uc/user/login/code/user?code=${code}&redirect_uri=${encodeURIComponent(REDIRECT)}`,
      ),
    );
  }

  it('a directory sign-in of an account an administrator disabled answers 403 ACCOUNT_DISABLED and changes nothing, until an administrator enables it', async () => {
    const first = await signIn(person('a1'));
    const id = first.user_info.user_id;
    data<AdminUser>(await setStatus(helper.access_token, { user_id: id, staff_status: 0 }));
    expect((await refresh(first.refresh_token)).statusCode).toBe(401);

    await expect(
      t.app.identity.directorySignIn(person('a1', { displayName: 'Renamed', administrator: true }), REDIRECT),
    ).rejects.toMatchObject({ status: 403, entry: { error: 'ACCOUNT_DISABLED' } });
    expect(await storedStatus(id)).toEqual({ staff_status: 0, disabled_by: 'admin', nick_name: 'Person a1' });
    expect(await t.app.identity.currentRole(id)).toBeNull();
    // The directory's write itself refuses an administrator's disable (one committed between a
    // sign-in's read of the account and its write is not undone).
    expect(
      await updateDirectoryAccount(t.app.db.kysely, id, {
        user_name: 'x',
        nick_name: 'Raced',
        department: null,
        e_id: null,
        staff_status: 1,
        disabled_by: null,
      }),
    ).toBe(false);
    expect(await storedStatus(id)).toEqual({ staff_status: 0, disabled_by: 'admin', nick_name: 'Person a1' });

    // A directory check that finds the person gone keeps the administrator's decision on record.
    const verdicts: Record<string, 'active' | 'gone'> = {};
    t.app.identity.directoryChecks.set('dir:ldap', () => async (subject) => verdicts[subject] ?? 'active');
    try {
      verdicts[`${tag}-a1`] = 'gone';
      expect(await checkDirectoryAccount(t.app.identity, id)).toBe(false);
      expect((await storedStatus(id)).disabled_by).toBe('admin');
    } finally {
      t.app.identity.directoryChecks.delete('dir:ldap');
    }

    data<AdminUser>(await setStatus(helper.access_token, { user_id: id, staff_status: 1 }));
    const back = await signIn(person('a1', { displayName: 'Renamed' }));
    expect(back.user_info).toMatchObject({ user_id: id, staff_status: 1, nick_name: 'Renamed' });
    expect((await refresh(back.refresh_token)).statusCode).toBe(200);
  });

  it('the directory still enables again what its own check disabled', async () => {
    const first = await signIn(person('a2'));
    const id = first.user_info.user_id;
    const verdicts: Record<string, 'active' | 'gone'> = { [`${tag}-a2`]: 'gone' };
    t.app.identity.directoryChecks.set('dir:ldap', () => async (subject) => verdicts[subject] ?? 'active');
    try {
      expect((await refresh(first.refresh_token)).statusCode).toBe(401);
      expect(await storedStatus(id)).toMatchObject({ staff_status: 0, disabled_by: 'directory' });
      verdicts[`${tag}-a2`] = 'active';
      const back = await signIn(person('a2'));
      expect(back.user_info).toMatchObject({ user_id: id, staff_status: 1 });
      expect(await storedStatus(id)).toMatchObject({ staff_status: 1, disabled_by: null });
    } finally {
      t.app.identity.directoryChecks.delete('dir:ldap');
    }
  });

  it('an administrator’s disable of an account its directory disabled becomes the administrator’s', async () => {
    const first = await signIn(person('a3'));
    const id = first.user_info.user_id;
    await disableDirectoryAccount(t.app.identity, id);
    expect((await storedStatus(id)).disabled_by).toBe('directory');
    // The people page tells the two apart.
    const listed = async () =>
      data<{ user_list: AdminUser[] }>(
        await call(
          'GET',
          `/api/cmt/manager/users?keyword=${encodeURIComponent(person('a3').email ?? '')}`,
          boss.access_token,
        ),
      ).user_list.find((u) => u.user_id === id);
    expect(await listed()).toMatchObject({ staff_status: 0, disabled_by: 'directory' });
    expect(
      data<AdminUser>(await setStatus(boss.access_token, { user_id: id, staff_status: 0 })).disabled_by,
    ).toBe('admin');
    expect((await storedStatus(id)).disabled_by).toBe('admin');
    expect(await listed()).toMatchObject({ staff_status: 0, disabled_by: 'admin' });
    expect((await auditReasons('disable_user')).some((r) => r?.startsWith(`user ${id} `))).toBe(true);
    await expect(t.app.identity.directorySignIn(person('a3'), REDIRECT)).rejects.toMatchObject({
      entry: { error: 'ACCOUNT_DISABLED' },
    });
  });
});
