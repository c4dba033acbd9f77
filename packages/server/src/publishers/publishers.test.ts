/**
 * Publishers through the real server (SQLite and PostgreSQL projects): the handle chosen once
 * (unique case-insensitively, also under concurrent claims), hostile input, the website's link rule,
 * the public page with its totals and plugins, the summaries' publisher fields, the domain proof
 * with a resolver the test controls (right token, wrong token, resolver error, NXDOMAIN), and the
 * administrators' mark with its audit entries and permissions.
 */
import type {
  AdminUser,
  AuditLogPage,
  DomainChallenge,
  MyPublisher,
  PluginDetail,
  PluginListResult,
  PublisherPage,
  PublisherVerification,
  UserListResult,
} from '@plugin-center/contract/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  approvedPluginKeys,
  body,
  createTestApp,
  dataOf,
  injectAs,
  signInTestUser,
  type TestApp,
} from '../testing/testApp';
import { checkDomainRecord, type TxtResolver } from './dns';

let t: TestApp;
let admin: string;
/** What the fake resolver answers, by record name. */
const dnsAnswers = new Map<string, string[][] | Error>();
const resolver: TxtResolver = async (name) => {
  const answer = dnsAnswers.get(name);
  if (answer instanceof Error) throw answer;
  if (!answer) throw Object.assign(new Error(`queryTxt ENOTFOUND ${name}`), { code: 'ENOTFOUND' });
  return answer;
};

beforeAll(async () => {
  t = await createTestApp({}, { resolveTxt: resolver });
  admin = (await signInTestUser(t.app, { role: 2 })).access_token;
});

afterAll(async () => {
  await t?.close();
});

async function user(): Promise<{ token: string; id: number }> {
  const session = await signInTestUser(t.app);
  return { token: session.access_token, id: session.user_info.user_id };
}

const save = (token: string, payload: Record<string, unknown>) =>
  injectAs(t.app, 'PUT', '/api/cmt/plugin/publisher/me', token, payload);

let handles = 0;
/** A handle nobody used in this run. */
function freshHandle(): string {
  handles += 1;
  return `pub-${handles}-${Math.random().toString(36).slice(2, 8)}`;
}

describe('choosing a handle', () => {
  it('is chosen once, stored lower-cased, and refused when taken in any case', async () => {
    const a = await user();
    const handle = freshHandle();
    const empty = dataOf<MyPublisher>(await injectAs(t.app, 'GET', '/api/cmt/plugin/publisher/me', a.token));
    expect(empty).toMatchObject({ handle: null, website: null, verified: false, pending_domain: null });

    const first = dataOf<MyPublisher>(await save(a.token, { handle: handle.toUpperCase() }));
    expect(first.handle).toBe(handle);
    // The same handle again changes nothing; another is refused.
    expect(dataOf<MyPublisher>(await save(a.token, { handle })).handle).toBe(handle);
    const again = await save(a.token, { handle: freshHandle() });
    expect(again.statusCode).toBe(409);
    expect(body<{ error: string; field: string }>(again)).toMatchObject({
      error: 'HANDLE_ALREADY_SET',
      field: 'handle',
    });

    const b = await user();
    const taken = await save(b.token, { handle: handle.replace(/p/g, 'P') });
    expect(taken.statusCode).toBe(409);
    expect(body<{ error: string }>(taken).error).toBe('HANDLE_TAKEN');
    const row = await t.app.db.kysely
      .selectFrom('publisher')
      .select('handle')
      .where('user_id', '=', b.id)
      .executeTakeFirst();
    expect(row?.handle ?? null).toBeNull();
  });

  it('gives a handle claimed by several accounts at once to exactly one', async () => {
    const handle = freshHandle();
    const people = await Promise.all(Array.from({ length: 6 }, () => user()));
    const answers = await Promise.all(people.map((p) => save(p.token, { handle })));
    const codes = answers.map((r) => r.statusCode).sort();
    expect(codes).toEqual([200, 409, 409, 409, 409, 409]);
    for (const r of answers.filter((x) => x.statusCode === 409))
      expect(body<{ error: string }>(r).error).toBe('HANDLE_TAKEN');
    const rows = await t.app.db.kysely
      .selectFrom('publisher')
      .select('user_id')
      .where('handle', '=', handle)
      .execute();
    expect(rows).toHaveLength(1);
  });

  it('gives one account racing two handles exactly one of them', async () => {
    const a = await user();
    const [h1, h2] = [freshHandle(), freshHandle()];
    const answers = await Promise.all([save(a.token, { handle: h1 }), save(a.token, { handle: h2 })]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const loser = answers.find((r) => r.statusCode === 409)!;
    expect(body<{ error: string }>(loser).error).toBe('HANDLE_ALREADY_SET');
    const mine = dataOf<MyPublisher>(await injectAs(t.app, 'GET', '/api/cmt/plugin/publisher/me', a.token));
    expect([h1, h2]).toContain(mine.handle);
  });

  it('refuses hostile and malformed handles and websites with 400 naming the field, storing nothing', async () => {
    const a = await user();
    const cases: [Record<string, unknown>, string][] = [
      [{ handle: 'ab' }, 'handle'],
      [{ handle: 'a'.repeat(40) }, 'handle'],
      [{ handle: 'x'.repeat(65) }, ''],
      [{ handle: 'admin' }, 'handle'],
      [{ handle: 'Plugins' }, 'handle'],
      [{ handle: 'bad--hyphen' }, 'handle'],
      [{ handle: '-lead' }, 'handle'],
      [{ handle: 'nul\u0000byte' }, ''],
      [{ handle: 'zero\u200bwidth' }, 'handle'],
      [{ handle: 'ünïcode' }, 'handle'],
      [{ handle: 'a b c' }, 'handle'],
      [{ handle: 12345 }, ''],
      [{ handle: ['abc'] }, ''],
      [{ website: 'javascript:alert(1)' }, 'website'],
      [{ website: 'https://user:pw@example.com/' }, 'website'],
      [{ website: 'https://example.com/\u0000' }, ''],
      [{ website: `https://example.com/${'a'.repeat(3000)}` }, ''],
      [{ website: 42 }, ''],
      [{ extra: 'field' }, ''],
    ];
    for (const [payload, field] of cases) {
      const res = await save(a.token, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      const error = body<{ error: string; field?: string }>(res);
      expect(error.error).toBe('INVALID_PARAMETER');
      if (field) expect(error.field).toBe(field);
    }
    const row = await t.app.db.kysely
      .selectFrom('publisher')
      .selectAll()
      .where('user_id', '=', a.id)
      .executeTakeFirst();
    expect(row?.handle ?? null).toBeNull();
    expect(row?.website ?? null).toBeNull();
  });

  it('sets, normalises and removes the website', async () => {
    const a = await user();
    const set = dataOf<MyPublisher>(await save(a.token, { website: 'https://Example.com' }));
    expect(set.website).toBe('https://example.com/');
    const removed = dataOf<MyPublisher>(await save(a.token, { website: '' }));
    expect(removed.website).toBeNull();
  });

  it('asks for a sign-in', async () => {
    expect((await injectAs(t.app, 'GET', '/api/cmt/plugin/publisher/me')).statusCode).toBe(401);
    expect((await save('', { handle: 'anyone' })).statusCode).toBe(401);
  });
});

describe('the publisher page', () => {
  it('shows the profile, totals and approved, listed plugins, and the cards and detail link to it', async () => {
    const a = await user();
    const handle = freshHandle();
    dataOf(await save(a.token, { handle, website: 'https://acme.example/' }));
    const keys = await approvedPluginKeys(t.app, 3);
    const db = t.app.db.kysely;
    await db.updateTable('plugin').set({ owner_id: a.id }).where('plugin_key', 'in', keys).execute();
    // One of them unlisted: left out of the page and its totals.
    await db.updateTable('plugin').set({ unlisted_at: 1 }).where('plugin_key', '=', keys[2]!).execute();
    const expected = await db
      .selectFrom('plugin')
      .select(['download_count', 'praise_count'])
      .where('plugin_key', 'in', keys.slice(0, 2))
      .execute();

    const page = dataOf<PublisherPage>(
      await injectAs(t.app, 'GET', `/api/cmt/plugin/publisher?handle=${handle.toUpperCase()}`),
    );
    expect(page.profile).toMatchObject({
      handle,
      website: 'https://acme.example/',
      verified: false,
      verified_by: null,
      verified_domain: null,
    });
    expect(page.totals).toEqual({
      plugin_count: 2,
      download_count: expected.reduce((s, r) => s + r.download_count, 0),
      praise_count: expected.reduce((s, r) => s + r.praise_count, 0),
      rating_count: 0,
      rating_average: null,
    });
    expect(page.plugin_list.map((p) => p.plugin_key).sort()).toEqual(keys.slice(0, 2).sort());
    expect(page.truncated).toBe(false);
    for (const p of page.plugin_list)
      expect(p).toMatchObject({ publisher_handle: handle, publisher_verified: false });

    const detail = dataOf<PluginDetail>(
      await injectAs(t.app, 'GET', `/api/cmt/plugin?plugin_key=${encodeURIComponent(keys[0]!)}`),
    );
    expect(detail).toMatchObject({ publisher_handle: handle, publisher_verified: false });
    const list = dataOf<PluginListResult>(await injectAs(t.app, 'GET', '/api/cmt/plugin/list?page_size=100'));
    const card = list.plugin_list.find((p) => p.plugin_key === keys[0]);
    if (card) expect(card).toMatchObject({ publisher_handle: handle });
    // Plugins without an owner carry no publisher.
    expect(list.plugin_list.some((p) => p.publisher_handle === null && p.publisher_verified === false)).toBe(
      true,
    );
  });

  it('shows no handle or verified mark for a disabled account, and leaves its plugins out of the verified filter', async () => {
    const a = await user();
    const handle = freshHandle();
    dataOf(await save(a.token, { handle }));
    const key = (await approvedPluginKeys(t.app, 6))[5]!;
    await t.app.db.kysely
      .updateTable('plugin')
      .set({ owner_id: a.id })
      .where('plugin_key', '=', key)
      .execute();
    dataOf(
      await injectAs(t.app, 'PUT', '/api/cmt/manager/publisher/verified', admin, {
        user_id: a.id,
        verified: true,
      }),
    );
    const seen = async () => {
      const detail = dataOf<PluginDetail>(
        await injectAs(t.app, 'GET', `/api/cmt/plugin?plugin_key=${encodeURIComponent(key)}`),
      );
      const verifiedOnly = dataOf<PluginListResult>(
        await injectAs(t.app, 'GET', '/api/cmt/plugin/list?page_size=100&verified=1'),
      );
      const page = await injectAs(t.app, 'GET', `/api/cmt/plugin/publisher?handle=${handle}`);
      return {
        handle: detail.publisher_handle,
        verified: detail.publisher_verified,
        filtered: verifiedOnly.plugin_list.some((p) => p.plugin_key === key),
        page: page.statusCode,
      };
    };
    expect(await seen()).toEqual({ handle, verified: true, filtered: true, page: 200 });
    const status = (staff_status: number) =>
      injectAs(t.app, 'PUT', '/api/cmt/manager/users/status', admin, { user_id: a.id, staff_status });
    expect((await status(0)).statusCode).toBe(200);
    expect(await seen()).toEqual({ handle: null, verified: false, filtered: false, page: 404 });
    expect((await status(1)).statusCode).toBe(200);
    expect(await seen()).toEqual({ handle, verified: true, filtered: true, page: 200 });
  });

  it('answers 404 PUBLISHER_NOT_FOUND for unknown, malformed and hostile handles', async () => {
    for (const handle of ['nobody-here', 'ab', 'a'.repeat(64), '%E2%80%AEabc', 'ABC%E2%80%8B']) {
      const res = await injectAs(t.app, 'GET', `/api/cmt/plugin/publisher?handle=${handle}`);
      expect(res.statusCode, handle).toBe(404);
      expect(body<{ error: string }>(res).error).toBe('PUBLISHER_NOT_FOUND');
    }
    for (const query of ['', 'handle=', `handle=${'a'.repeat(65)}`, 'handle=abc&x=1', 'handle=%00abc']) {
      const res = await injectAs(t.app, 'GET', `/api/cmt/plugin/publisher?${query}`);
      expect(res.statusCode, query).toBe(400);
    }
  });
});

describe('proving a domain', () => {
  async function started(): Promise<{ token: string; id: number; challenge: DomainChallenge }> {
    const a = await user();
    const domain = `${freshHandle()}.example`;
    const challenge = dataOf<DomainChallenge>(
      await injectAs(t.app, 'POST', '/api/cmt/plugin/publisher/domain', a.token, {
        domain: domain.toUpperCase(),
      }),
    );
    expect(challenge.domain).toBe(domain);
    expect(challenge.record_name).toBe(`_plugin-center-verify.${domain}`);
    expect(challenge.record_value).toMatch(/^plugin-center-verify=[0-9a-f]{32}$/);
    return { ...a, challenge };
  }
  const check = (token: string) => injectAs(t.app, 'POST', '/api/cmt/plugin/publisher/domain/check', token);

  it('verifies the publisher when the TXT record holds the token', async () => {
    const a = await started();
    dnsAnswers.set(a.challenge.record_name, [
      ['v=spf1 -all'],
      ['plugin-center-', a.challenge.record_value.slice(14)],
    ]);
    const mine = dataOf<MyPublisher>(await check(a.token));
    expect(mine).toMatchObject({
      verified: true,
      verified_by: 'domain',
      verified_domain: a.challenge.domain,
      pending_domain: null,
    });
  });

  it('refuses a wrong token, a missing record, NXDOMAIN and a resolver error with 409, changing nothing', async () => {
    const a = await started();
    const name = a.challenge.record_name;
    const answers: [string[][] | Error | undefined, RegExp][] = [
      [[['plugin-center-verify=0000']], /do not include/],
      [[], /no TXT record/],
      [Object.assign(new Error('queryTxt ENODATA'), { code: 'ENODATA' }), /no TXT record/],
      [undefined, /NXDOMAIN/],
      [Object.assign(new Error('queryTxt ESERVFAIL'), { code: 'ESERVFAIL' }), /ESERVFAIL/],
      [new Error('boom'), /failed/],
    ];
    for (const [answer, message] of answers) {
      if (answer === undefined) dnsAnswers.delete(name);
      else dnsAnswers.set(name, answer);
      const res = await check(a.token);
      expect(res.statusCode).toBe(409);
      const error = body<{ error: string; message: string }>(res);
      expect(error.error).toBe('DOMAIN_NOT_VERIFIED');
      expect(error.message).toMatch(message);
    }
    const mine = dataOf<MyPublisher>(await injectAs(t.app, 'GET', '/api/cmt/plugin/publisher/me', a.token));
    expect(mine).toMatchObject({ verified: false, pending_domain: a.challenge });
  });

  it('answers 400 without a started proof and for what is not a domain', async () => {
    const a = await user();
    expect((await check(a.token)).statusCode).toBe(400);
    for (const domain of [
      'localhost',
      '127.0.0.1',
      'exa mple.com',
      'a..b',
      'x\u0000.com',
      '-a.com',
      'a'.repeat(254),
      42,
    ]) {
      const res = await injectAs(t.app, 'POST', '/api/cmt/plugin/publisher/domain', a.token, { domain });
      expect(res.statusCode, String(domain)).toBe(400);
    }
  });

  it('checkDomainRecord takes the resolver it is given', async () => {
    const seen: string[] = [];
    const ok = await checkDomainRecord('acme.example', 'abc', async (name) => {
      seen.push(name);
      return [['plugin-center-verify=abc']];
    });
    expect(ok).toEqual({ ok: true });
    expect(seen).toEqual(['_plugin-center-verify.acme.example']);
    const slow = await checkDomainRecord('acme.example', 'abc', () => new Promise(() => {}), 5);
    expect(slow).toMatchObject({ ok: false, reason: 'error' });
  });
});

describe('the administrators’ mark', () => {
  const mark = (token: string | undefined, payload: Record<string, unknown>) =>
    injectAs(t.app, 'PUT', '/api/cmt/manager/publisher/verified', token, payload);

  it('marks and unmarks a publisher verified, audit-logged, shown on the page, cards and people list', async () => {
    const a = await user();
    const handle = freshHandle();
    dataOf(await save(a.token, { handle }));
    const marked = dataOf<PublisherVerification>(await mark(admin, { user_id: a.id, verified: true }));
    expect(marked).toEqual({ user_id: a.id, handle, verified: true, verified_by: 'admin' });
    // Again: nothing more written.
    dataOf(await mark(admin, { user_id: a.id, verified: true }));
    const page = dataOf<PublisherPage>(
      await injectAs(t.app, 'GET', `/api/cmt/plugin/publisher?handle=${handle}`),
    );
    expect(page.profile).toMatchObject({ verified: true, verified_by: 'admin' });

    const people = dataOf<UserListResult>(
      await injectAs(
        t.app,
        'GET',
        `/api/cmt/manager/users?keyword=${encodeURIComponent('@test.local')}&page_size=100`,
        admin,
      ),
    );
    const person = people.user_list.find((u: AdminUser) => u.user_id === a.id);
    expect(person).toMatchObject({ publisher_handle: handle, publisher_verified: true });

    const unmarked = dataOf<PublisherVerification>(await mark(admin, { user_id: a.id, verified: false }));
    expect(unmarked).toMatchObject({ verified: false, verified_by: null });

    const log = dataOf<AuditLogPage>(
      await injectAs(t.app, 'GET', '/api/cmt/manager/audit-log?page_size=10', admin),
    );
    const mine = log.entry_list.filter((e) => e.reason?.includes(`user ${a.id} `));
    expect(mine.map((e) => e.action)).toEqual(['publisher_unverify', 'publisher_verify']);
  });

  it('is for administrators only, and refuses unknown users and hostile bodies', async () => {
    const a = await user();
    expect((await mark(undefined, { user_id: a.id, verified: true })).statusCode).toBe(401);
    expect((await mark(a.token, { user_id: a.id, verified: true })).statusCode).toBe(403);
    expect((await mark(admin, { user_id: 2_000_000_000, verified: true })).statusCode).toBe(400);
    // An administrator's own mark is another administrator's to give; clearing it is theirs.
    const email = `self-${Date.now().toString(36)}@test.local`;
    const self = (await signInTestUser(t.app, { role: 2, email })).access_token;
    const selfId = (
      await t.app.db.kysely
        .selectFrom('user_account')
        .select('id')
        .where('email', '=', email)
        .executeTakeFirstOrThrow()
    ).id;
    const own = await mark(self, { user_id: selfId, verified: true });
    expect(own.statusCode).toBe(403);
    expect(own.json()).toMatchObject({
      error: 'FORBIDDEN',
      message: expect.stringMatching(/another administrator/),
    });
    expect(
      dataOf<PublisherVerification>(await mark(admin, { user_id: selfId, verified: true })).verified,
    ).toBe(true);
    expect(
      dataOf<PublisherVerification>(await mark(self, { user_id: selfId, verified: false })).verified,
    ).toBe(false);
    for (const payload of [
      { user_id: 2_147_483_648, verified: true },
      { user_id: 'x', verified: true },
      { user_id: a.id, verified: 'yes' },
      { user_id: a.id },
      { user_id: a.id, verified: true, extra: '\u0000' },
    ]) {
      expect((await mark(admin, payload)).statusCode, JSON.stringify(payload)).toBe(400);
    }
    const row = await t.app.db.kysely
      .selectFrom('publisher')
      .selectAll()
      .where('user_id', '=', a.id)
      .executeTakeFirst();
    expect(row?.verified_by ?? null).toBeNull();
  });
});
