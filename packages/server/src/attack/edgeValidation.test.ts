/**
 * As an attacker sent them: NUL characters in any text and numbers beyond
 * what the columns and `Date` hold got 500 on PostgreSQL (and once on both). Every case must give the
 * same 400 INVALID_PARAMETER on SQLite and PostgreSQL, and change nothing.
 */
import { Role } from '@plugin-center/contract/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, createTestApp, signInTestUser, type TestApp } from '../testing/testApp';

let t: TestApp;
let user: string;
let admin: string;
const NUL = '\u0000';

beforeAll(async () => {
  t = await createTestApp();
  user = (await signInTestUser(t.app)).access_token;
  admin = (await signInTestUser(t.app, { role: Role.SUPER_ADMIN })).access_token;
});
afterAll(async () => t?.close());

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

interface Case {
  name: string;
  method: 'GET' | 'POST' | 'DELETE';
  url: string;
  token?: () => string;
  payload?: Record<string, unknown>;
  /** Text the error message must contain (the field it names). */
  field: string;
}

const key = `a${NUL}b`;
const q = (text: string) => encodeURIComponent(text);
const asUser = () => user;
const asAdmin = () => admin;
/** `[name, 'METHOD url', field, caller, body]`: each case of the issue, compactly. */
const table: [string, string, string, (() => string)?, Record<string, unknown>?][] = [
  ['detail plugin_key', `GET /api/cmt/plugin?plugin_key=${q(key)}`, 'plugin_key'],
  ['history plugin_key', `GET /api/cmt/plugin/audit/history?plugin_key=${q(key)}`, 'plugin_key', asUser],
  [
    'history plugin_key of 10,000 characters',
    `GET /api/cmt/plugin/audit/history?plugin_key=${'k'.repeat(10_000)}`,
    'plugin_key',
    asUser,
  ],
  ['history without plugin_key', 'GET /api/cmt/plugin/audit/history', 'plugin_key', asUser],
  [
    'history plugin_key twice (an array)',
    'GET /api/cmt/plugin/audit/history?plugin_key=a&plugin_key=b',
    'plugin_key',
    asUser,
  ],
  ['view plugin_key', 'POST /api/cmt/plugin/view', 'plugin_key', undefined, { plugin_key: key }],
  ['install plugin_key', 'POST /api/cmt/plugin/user', 'plugin_key', asUser, { plugin_key: key }],
  ['uninstall plugin_key', 'DELETE /api/cmt/plugin/user', 'plugin_key', asUser, { plugin_key: key }],
  [
    'praise plugin_key',
    'POST /api/cmt/plugin/user/praise',
    'plugin_key',
    asUser,
    { plugin_key: key, praise: 1 },
  ],
  [
    'login email',
    'POST /api/uc/user/login',
    'email',
    undefined,
    { email: `a${NUL}@x.io`, password: 'password-1', redirect_uri: '/plugins/' },
  ],
  [
    'sign-up nick name',
    'POST /api/uc/user/sign_up',
    'nick_name',
    undefined,
    { email: 'nul@x.io', password: 'password-1', nick_name: `N${NUL}`, redirect_uri: '/plugins/' },
  ],
  ['reset_token e_id', 'POST /api/uc/user/reset_token', 'e_id', asUser, { e_id: `e${NUL}` }],
  ['overview project', `GET /api/cmt/manager/analytics/overview?project=d${q(NUL)}`, 'project', asAdmin],
  ['publisher developer', `GET /api/cmt/plugin/analytics?developer=d${q(NUL)}`, 'developer', asAdmin],
  [
    'a NUL in a property name',
    'POST /api/cmt/plugin/view',
    'x\\u0000',
    undefined,
    { plugin_key: 'k', [`x${NUL}`]: 1 },
  ],
  // JSON and query inputs (multipart ones are in publishing tests and fuzzUploads.test.ts).
  [
    'reject reason',
    'POST /api/cmt/plugin/audit/status',
    'reason',
    asAdmin,
    { plugin_key: 'k', status: 3, reason: `r${NUL}` },
  ],
  ['audit list keyword', `GET /api/cmt/plugin/audit/list?keyword=k${q(NUL)}`, 'keyword', asAdmin],
  ['audit log plugin_key', `GET /api/cmt/manager/audit-log?plugin_key=${q(key)}`, 'plugin_key', asAdmin],
  ['delete plugin_key', 'DELETE /api/cmt/plugin', 'plugin_key', asAdmin, { plugin_key: key }],
  [
    'owner email',
    'POST /api/cmt/manager/plugin/owner',
    'email',
    asAdmin,
    { plugin_key: 'k', email: `a${NUL}@x.io` },
  ],
  ['token name', 'POST /api/cmt/user/tokens', 'name', asUser, { name: `CI${NUL}` }],
  [
    'token expiry 2^31 days',
    'POST /api/cmt/user/tokens',
    'expires_in_days',
    asUser,
    { name: 'CI', expires_in_days: 2 ** 31 },
  ],
  ['revoke token id 2^31', 'DELETE /api/cmt/user/tokens', 'id', asUser, { id: 2 ** 31 }],
  // Suggest query (q: 1–200 characters, lang: a locale).
  ['suggest q with NUL', `GET /api/cmt/plugin/suggest?q=a${q(NUL)}b`, 'q'],
  ['suggest q of 10,000 characters', `GET /api/cmt/plugin/suggest?q=${'a'.repeat(10_000)}`, 'q'],
  ['suggest without q', 'GET /api/cmt/plugin/suggest', 'q'],
  ['suggest empty q', 'GET /api/cmt/plugin/suggest?q=', 'q'],
  ['suggest q twice (an array)', 'GET /api/cmt/plugin/suggest?q=a&q=b', 'q'],
  ['suggest unknown lang', 'GET /api/cmt/plugin/suggest?q=a&lang=xx-XX', 'lang'],
  ['suggest unknown parameter', 'GET /api/cmt/plugin/suggest?q=a&limit=1000', 'limit'],
  ['list tag_id 2^31', `GET /api/cmt/plugin/list?tag_id=${2 ** 31}`, 'tag_id'],
  ['list tag_id 2^53', `GET /api/cmt/plugin/list?tag_id=${2 ** 53}`, 'tag_id'],
  ['overview to past Date', 'GET /api/cmt/manager/analytics/overview?to=8640000000000001', 'to', asAdmin],
  [
    'overview from past Date',
    'GET /api/cmt/manager/analytics/overview?from=8640000000000001',
    'from',
    asAdmin,
  ],
];
const cases: Case[] = table.map(([name, request, field, token, payload]) => {
  const [method, url] = request.split(' ') as [Case['method'], string];
  return { name, method, url, field, ...(token ? { token } : {}), ...(payload ? { payload } : {}) };
});

describe('hostile input at the edge', () => {
  it.each(cases)('$name → 400 INVALID_PARAMETER naming the field', async (c) => {
    const before = await counts();
    const res = await t.app.inject({
      method: c.method,
      url: c.url,
      headers: c.token ? bearer(c.token()) : {},
      ...(c.payload ? { payload: c.payload } : {}),
    });
    expect(res.statusCode, res.body).toBe(400);
    const answer = body<{ code: number; error: string; message: string }>(res);
    expect(answer.error).toBe('INVALID_PARAMETER');
    expect(answer.message).toContain(c.field);
    expect(await counts()).toEqual(before);
  });

  it('answers the latest instant a Date holds with a range, not a crash', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/cmt/manager/analytics/overview?to=8640000000000000',
      headers: bearer(admin),
    });
    expect(res.statusCode, res.body).toBe(200);
  });

  it('answers suggest input without a letter or digit with an empty list, not an error', async () => {
    for (const text of ['   ', '!!!', '\u3000', '%_*', '\u200b']) {
      const res = await t.app.inject({ method: 'GET', url: `/api/cmt/plugin/suggest?q=${q(text)}` });
      expect(res.statusCode, res.body).toBe(200);
      expect(body<{ data: { suggestion_list: unknown[] } }>(res).data.suggestion_list).toEqual([]);
    }
  });

  it('takes the largest int32 tag id as an unknown tag (an empty page)', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/cmt/plugin/list?tag_id=${2 ** 31 - 1}` });
    expect(res.statusCode, res.body).toBe(200);
  });
});

/** Rows an accepted request could have added. */
async function counts() {
  const db = t.app.db.kysely;
  const one = async (table: 'user_account' | 'plugin_install' | 'plugin_praise' | 'analytics_event') =>
    Number(
      (
        await db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  return {
    accounts: await one('user_account'),
    installs: await one('plugin_install'),
    likes: await one('plugin_praise'),
    events: await one('analytics_event'),
    views: Number(
      (
        await db
          .selectFrom('plugin')
          .select((eb) => eb.fn.sum('view_count').as('n'))
          .executeTakeFirstOrThrow()
      ).n ?? 0,
    ),
  };
}
