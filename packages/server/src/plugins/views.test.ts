/**
 * `POST plugin/view` counts a visitor once per plugin per UTC day (a signed-in
 * user by account, a visitor by a keyed hash of address and user agent), also under concurrent
 * requests; the counter moves exactly with the rows counted; a made-up key is 404 and stores nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, createTestApp, signInTestUser, type TestApp } from '../testing/testApp';

const DAY_MS = 86_400_000;
let now = Date.UTC(2026, 10, 24, 12);
let t: TestApp;
let key: string;

beforeAll(async () => {
  t = await createTestApp({}, { clock: () => now });
  key = (
    await t.app.db.kysely
      .selectFrom('plugin')
      .select('plugin_key')
      .orderBy('id')
      .limit(1)
      .executeTakeFirstOrThrow()
  ).plugin_key;
});
afterAll(async () => t?.close());

async function view(options: { agent?: string; ip?: string; token?: string; pluginKey?: string } = {}) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/cmt/plugin/view',
    remoteAddress: options.ip ?? '192.0.2.1',
    headers: {
      'user-agent': options.agent ?? 'Browser A',
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
    },
    payload: { plugin_key: options.pluginKey ?? key },
  });
  return res;
}
const count = async (o: Parameters<typeof view>[0] = {}) => {
  const res = await view(o);
  expect(res.statusCode, res.body).toBe(200);
  return body<{ data: { view_count: number } }>(res).data.view_count;
};
const stored = async () =>
  Number(
    (
      await t.app.db.kysely
        .selectFrom('plugin')
        .select('view_count')
        .where('plugin_key', '=', key)
        .executeTakeFirstOrThrow()
    ).view_count,
  );

describe('counting views once per visitor and day', () => {
  it('100 opens by one visitor on one day count once; another visitor counts', async () => {
    const start = await stored();
    for (let i = 0; i < 100; i += 1) await view();
    expect(await stored()).toBe(start + 1);
    expect(await count({ agent: 'Browser B' })).toBe(start + 2);
    expect(await count({ ip: '192.0.2.2' })).toBe(start + 3);
  });

  it('a signed-in user is one visitor whatever the address', async () => {
    const { access_token } = await signInTestUser(t.app);
    const first = await count({ token: access_token, ip: '198.51.100.1' });
    expect(await count({ token: access_token, ip: '198.51.100.2', agent: 'Other' })).toBe(first);
  });

  it('counts the same visitor again the next UTC day and forgets the earlier days', async () => {
    const before = await stored();
    now += DAY_MS;
    expect(await count()).toBe(before + 1);
    expect(await count()).toBe(before + 1);
    const days = await t.app.db.kysely.selectFrom('plugin_view').select('day').distinct().execute();
    expect(days.map((d) => d.day)).toEqual([Math.floor(now / DAY_MS)]);
  });

  it('20 concurrent views by one visitor count once', async () => {
    now += DAY_MS;
    const before = await stored();
    const answers = await Promise.all(Array.from({ length: 20 }, () => view({ agent: 'Burst' })));
    expect(answers.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    expect(await stored()).toBe(before + 1);
    const rows = await t.app.db.kysely.selectFrom('plugin_view').selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.visitor).toMatch(/^a:[A-Za-z0-9_-]{22}$/); // a keyed hash, no address
  });

  it('a made-up key is 404 PLUGIN_NOT_FOUND and stores nothing', async () => {
    const rows = (await t.app.db.kysely.selectFrom('plugin_view').selectAll().execute()).length;
    const res = await view({ pluginKey: 'no-such-plugin-key', agent: 'Made up' });
    expect(res.statusCode).toBe(404);
    expect(body<{ error: string }>(res).error).toBe('PLUGIN_NOT_FOUND');
    expect(await t.app.db.kysely.selectFrom('plugin_view').selectAll().execute()).toHaveLength(rows);
  });
});
