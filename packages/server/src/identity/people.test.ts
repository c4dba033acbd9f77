/**
 * The people of the back office against the real server, on SQLite and PostgreSQL: the
 * searchable, paged account list, and role changes — only by a super administrator, never of
 * oneself or of a super administrator, roles 0 and 2 only, audit-logged, in force on the user's
 * next call.
 */
import {
  type AdminInfo,
  type AdminUser,
  type AuditLogPage,
  Role,
  type UserListResult,
} from '@plugin-center/contract/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, createTestApp, dataOf, injectAs, signInTestUser, type TestApp } from '../testing/testApp';
import { TEST_DIALECT } from '../testing/testDatabase';

let t: TestApp;
let superToken: string;
let superId: number;
let generalToken: string;
let generalId: number;
const tag = `p${Date.now().toString(36)}`;

beforeAll(async () => {
  t = await createTestApp({ importCatalogueOnEmpty: false });
  const sup = await signInTestUser(t.app, { role: Role.SUPER_ADMIN, email: `boss-${tag}@corp.test` });
  superToken = sup.access_token;
  superId = sup.user_info.user_id;
  const general = await signInTestUser(t.app, { role: Role.GENERAL_ADMIN, email: `helper-${tag}@corp.test` });
  generalToken = general.access_token;
  generalId = general.user_info.user_id;
  for (let i = 0; i < 25; i += 1) {
    await t.app.identity.createAccount({
      email: `member${String(i).padStart(2, '0')}-${tag}@people.test`,
      password: 'test-password',
      nick_name: i === 7 ? `Zoë_50%_${tag}` : `Member ${i}`,
    });
  }
}, 60_000);
afterAll(async () => t?.close());

const call = (method: 'GET' | 'PUT' | 'POST', url: string, token?: string, payload?: unknown) =>
  injectAs(t.app, method, url, token, payload);
const data = dataOf;
const list = (query: string, token = generalToken) =>
  call('GET', `/api/cmt/manager/users?${query}`, token).then((r) => data<UserListResult>(r));

describe(`people list (${TEST_DIALECT})`, () => {
  it('lists accounts newest first with their fields, in keyset pages with the total', async () => {
    const first = await list(`keyword=${tag}@people&page_size=10`);
    expect(first.total).toBe(25);
    expect(first.user_list).toHaveLength(10);
    expect(first.user_list[0]).toEqual({
      user_id: expect.any(Number),
      email: `member24-${tag}@people.test`,
      user_name: expect.any(String),
      nick_name: 'Member 24',
      avatar_url: null,
      created_at: expect.any(Number),
      role: 0,
      staff_status: 1,
      disabled_by: null,
      publisher_handle: null,
      publisher_verified: false,
    });
    const seen = [...first.user_list];
    let cursor = first.next_cursor;
    while (cursor) {
      const page = await list(`keyword=${tag}@people&page_size=10&cursor=${encodeURIComponent(cursor)}`);
      expect(page.total).toBe(25);
      seen.push(...page.user_list);
      cursor = page.next_cursor;
    }
    expect(seen).toHaveLength(25);
    const ids = seen.map((u) => u.user_id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(new Set(ids).size).toBe(25);
  });

  it('searches email, nick name and user name case-insensitively, wildcards taken literally; filters by role', async () => {
    expect(
      (await list(`keyword=${encodeURIComponent(`MEMBER03-${tag.toUpperCase()}`)}`)).user_list.map(
        (u) => u.email,
      ),
    ).toEqual([`member03-${tag}@people.test`]);
    const nick = await list(`keyword=${encodeURIComponent(`_50%_${tag}`)}`);
    expect(nick.user_list.map((u) => u.nick_name)).toEqual([`Zoë_50%_${tag}`]);
    expect((await list(`keyword=${encodeURIComponent(`50%_${tag}`)}`)).total).toBe(1);
    expect((await list(`keyword=${encodeURIComponent(`50%${tag}`)}`)).total).toBe(0);
    expect((await list(`keyword=${encodeURIComponent(`member_3-${tag}`)}`)).total).toBe(0);
    const admins = await list(`role=2&keyword=${tag}`);
    expect(admins.user_list.map((u) => u.user_id)).toEqual([generalId]);
    expect((await list(`role=1&keyword=${tag}`)).user_list.map((u) => u.user_id)).toEqual([superId]);
    expect((await list(`keyword=nobody-${tag}`)).user_list).toEqual([]);
  });

  it('refuses bad queries with 400 in the envelope', async () => {
    const first = await list(`keyword=${tag}&page_size=5`);
    for (const [query, error] of [
      ['role=3', 'INVALID_PARAMETER'],
      ['role=a', 'INVALID_PARAMETER'],
      ['page_size=0', 'INVALID_PARAMETER'],
      ['page_size=101', 'INVALID_PARAMETER'],
      ['page_size=99999999999999999999', 'INVALID_PARAMETER'],
      [`keyword=${'k'.repeat(255)}`, 'INVALID_PARAMETER'],
      ['keyword=a%00b', 'INVALID_PARAMETER'],
      ['unknown=1', 'INVALID_PARAMETER'],
      ['cursor=forged.cursor', 'INVALID_CURSOR'],
      [`cursor=${'c'.repeat(513)}`, 'INVALID_PARAMETER'],
      // A cursor of another query.
      [`keyword=other&cursor=${encodeURIComponent(first.next_cursor!)}`, 'INVALID_CURSOR'],
    ] as const) {
      const res = await call('GET', `/api/cmt/manager/users?${query}`, generalToken);
      expect(res.statusCode, query).toBe(400);
      expect(body<{ error: string; data: null }>(res)).toMatchObject({ error, data: null });
    }
  });
});

describe(`role changes (${TEST_DIALECT})`, () => {
  async function memberId(n: number): Promise<number> {
    const found = await list(`keyword=member${String(n).padStart(2, '0')}-${tag}`);
    return found.user_list[0]!.user_id;
  }
  const setRole = (token: string, payload: unknown) =>
    call('PUT', '/api/cmt/manager/users/role', token, payload);

  it('lets the super admin make a general admin, who is one on their next call, and unmake them', async () => {
    const id = await memberId(1);
    const session = await t.app.identity.startSession(id);
    const verify = async () =>
      data<AdminInfo>(await call('GET', '/api/cmt/manager/verify', session.access_token));
    expect((await verify()).role).toBe(0);
    expect((await call('GET', '/api/cmt/manager/users', session.access_token)).statusCode).toBe(403);

    const made = data<AdminUser>(await setRole(superToken, { user_id: id, role: 2 }));
    expect(made).toMatchObject({ user_id: id, role: 2 });
    // The same access token, next call: an administrator now.
    expect(await verify()).toEqual({ role: 2, user_id: id, is_administrator: true });
    expect((await call('GET', '/api/cmt/manager/users', session.access_token)).statusCode).toBe(200);

    expect(data<AdminUser>(await setRole(superToken, { user_id: id, role: 0 })).role).toBe(0);
    expect((await verify()).role).toBe(0);
    const res = await call('GET', '/api/cmt/manager/users', session.access_token);
    expect(res.statusCode).toBe(403);
    expect(body<{ message: string }>(res).message).toBe('Current account has no permission');

    const log = data<AuditLogPage>(await call('GET', '/api/cmt/manager/audit-log?page_size=100', superToken));
    const entries = log.entry_list.filter((e) => e.action === 'set_role');
    expect(entries.map((e) => e.reason)).toEqual([
      `user ${id} member01-${tag}@people.test: role 2 → 0`,
      `user ${id} member01-${tag}@people.test: role 0 → 2`,
    ]);
    expect(entries[0]).toMatchObject({ actor: { user_id: superId }, plugin_key: '' });
  });

  it('writes nothing for the role a user already has', async () => {
    const id = await memberId(2);
    const before = data<AuditLogPage>(
      await call('GET', '/api/cmt/manager/audit-log?page_size=100', superToken),
    );
    expect(data<AdminUser>(await setRole(superToken, { user_id: id, role: 0 })).role).toBe(0);
    const after = data<AuditLogPage>(
      await call('GET', '/api/cmt/manager/audit-log?page_size=100', superToken),
    );
    expect(after.entry_list.length).toBe(before.entry_list.length);
  });

  it("refuses a general admin (403), one's own role, a super admin's, unknown users and other roles", async () => {
    const id = await memberId(3);
    const forbidden = await setRole(generalToken, { user_id: id, role: 2 });
    expect(forbidden.statusCode).toBe(403);
    expect(body(forbidden)).toMatchObject({
      error: 'FORBIDDEN',
      message: 'Current account has no permission',
    });
    const selfByGeneral = await setRole(generalToken, { user_id: generalId, role: 0 });
    expect(selfByGeneral.statusCode).toBe(403);

    const self = await setRole(superToken, { user_id: superId, role: 2 });
    expect(self.statusCode).toBe(400);
    expect(body(self)).toMatchObject({ error: 'INVALID_PARAMETER', field: 'user_id' });

    const otherSuper = await signInTestUser(t.app, { role: Role.SUPER_ADMIN });
    const demote = await setRole(superToken, { user_id: otherSuper.user_info.user_id, role: 0 });
    expect(demote.statusCode).toBe(403);
    expect(body<{ message: string }>(demote).message).toBe('Current account has no permission');

    const unknown = await setRole(superToken, { user_id: 2_000_000_000, role: 2 });
    expect(unknown.statusCode).toBe(400);
    expect(body(unknown)).toMatchObject({ error: 'INVALID_PARAMETER', field: 'user_id' });

    for (const payload of [
      { user_id: id, role: 1 },
      { user_id: id, role: 3 },
      { user_id: id, role: '2' },
      { user_id: id, role: null },
      { user_id: id },
      { role: 2 },
      { user_id: 0, role: 2 },
      { user_id: -1, role: 2 },
      { user_id: 2 ** 31, role: 2 },
      { user_id: 1.5, role: 2 },
      { user_id: `${id}\u0000`, role: 2 },
      { user_id: id, role: 2, extra: 'x' },
      [],
    ]) {
      const res = await setRole(superToken, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(body<{ error: string }>(res).error).toBe('INVALID_PARAMETER');
    }
    // Nothing changed.
    expect((await list(`keyword=member03-${tag}`)).user_list[0]!.role).toBe(0);
    expect((await list(`role=1&keyword=${otherSuper.user_info.email}`, superToken)).total).toBe(1);
  });

  it('refuses hostile list queries with 400 INVALID_PARAMETER in the envelope', async () => {
    for (const query of [
      'keyword=a%00b',
      `keyword=${'k'.repeat(100_000)}`,
      'role=abc',
      'role=9',
      'role=2147483648',
      'page_size=0',
      'page_size=1e9',
      'cursor=%00',
      'keyword=a&keyword=b',
      'extra=1',
    ]) {
      const res = await call('GET', `/api/cmt/manager/users?${query}`, generalToken);
      expect([query.slice(0, 40), res.statusCode]).toEqual([query.slice(0, 40), 400]);
      expect(body<{ error: string }>(res).error).toBe('INVALID_PARAMETER');
    }
  });

  it('takes the caller’s role as of now: a super admin demoted elsewhere cannot change roles', async () => {
    const other = await signInTestUser(t.app, { role: Role.SUPER_ADMIN });
    const id = await memberId(4);
    // Demoted by the administration command (another path than this route).
    await t.app.identity.setAdministrator(other.user_info.email!, Role.GENERAL_ADMIN);
    const res = await setRole(other.access_token, { user_id: id, role: 2 });
    expect(res.statusCode).toBe(403);
    expect((await list(`keyword=member04-${tag}`)).user_list[0]!.role).toBe(0);
  });
});
