/**
 * A plugin's statistics for its publisher through the real server (SQLite and PostgreSQL projects):
 * installs, uninstalls, views, likes and ratings made through the API land on their UTC day and
 * version in `plugin_daily_stat` (migration 0040), equal to the rows; the range is validated; only
 * the owner and administrators read them; the CSV is RFC 4180, UTF-8 with a BOM, formula-safe.
 */
import { type ErrorEnvelope, type PluginStats, Role } from '@plugin-center/contract/schemas';
import { sql } from 'kysely';
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
import { csvDocument, csvField } from './csv';
import { DAY_MS, formatDay } from './range';

let t: TestApp;
let ownerToken: string;
let ownerId: number;
let otherToken: string;
let adminToken: string;
let key: string;
let chineseKey: string;

const stats = (query: Record<string, string>, token?: string) =>
  injectAs(t.app, 'GET', `/api/cmt/plugin/stats?${new URLSearchParams(query)}`, token);
const csv = (query: Record<string, string>, token?: string) =>
  injectAs(t.app, 'GET', `/api/cmt/plugin/stats/csv?${new URLSearchParams(query)}`, token);

async function pluginId(pluginKey: string): Promise<number> {
  const row = await t.app.db.kysely
    .selectFrom('plugin')
    .select('id')
    .where('plugin_key', '=', pluginKey)
    .executeTakeFirstOrThrow();
  return row.id;
}

const setVersion = (pluginKey: string, version: string) =>
  t.app.db.kysely
    .updateTable('plugin')
    .set({ current_version: version })
    .where('plugin_key', '=', pluginKey)
    .execute();

/** A new signed-in user's access token and id. */
async function user(): Promise<{ token: string; id: number }> {
  const login = await signInTestUser(t.app);
  return { token: login.access_token, id: login.user_info.user_id };
}

/** Sums of the plugin's statistics rows over all days, read straight from the table. */
async function allTime(pluginKey: string) {
  const id = await pluginId(pluginKey);
  const r = await sql<Record<string, string | number | null>>`
    SELECT sum(installs) AS installs, sum(uninstalls) AS uninstalls, sum(likes) AS likes, sum(unlikes) AS unlikes,
      (SELECT count(*) FROM plugin_install WHERE plugin_id = ${id}) AS install_rows,
      (SELECT count(*) FROM plugin_praise WHERE plugin_id = ${id}) AS praise_rows
    FROM plugin_daily_stat WHERE plugin_id = ${id}`.execute(t.app.db.kysely);
  const n = (k: string) => Number(r.rows[0]?.[k] ?? 0);
  return {
    installs: n('installs'),
    uninstalls: n('uninstalls'),
    likes: n('likes'),
    unlikes: n('unlikes'),
    install_rows: n('install_rows'),
    praise_rows: n('praise_rows'),
  };
}

beforeAll(async () => {
  t = await createTestApp();
  const owner = await signInTestUser(t.app);
  ownerToken = owner.access_token;
  ownerId = owner.user_info.user_id;
  otherToken = (await signInTestUser(t.app)).access_token;
  adminToken = (await signInTestUser(t.app, { role: Role.GENERAL_ADMIN })).access_token;
  [key, chineseKey] = (await approvedPluginKeys(t.app, 2)) as [string, string];
  await t.app.db.kysely
    .updateTable('plugin')
    .set({ owner_id: ownerId })
    .where('plugin_key', 'in', [key, chineseKey])
    .execute();
  await setVersion(key, '1.0.0');
});

afterAll(() => t.close());

describe('GET /api/cmt/plugin/stats: who may read', () => {
  it('401 for a visitor, 403 for another user, 404 for an unknown plugin, 200 for the owner and an administrator', async () => {
    expect((await stats({ plugin_key: key })).statusCode).toBe(401);
    const other = await stats({ plugin_key: key }, otherToken);
    expect(other.statusCode).toBe(403);
    expect(body<ErrorEnvelope>(other).message).toBe('Current account has no permission');
    expect((await csv({ plugin_key: key }, otherToken)).statusCode).toBe(403);
    const unknown = await stats({ plugin_key: 'no-such-plugin-here' }, ownerToken);
    expect(unknown.statusCode).toBe(404);
    expect(body<ErrorEnvelope>(unknown).error).toBe('PLUGIN_NOT_FOUND');
    expect((await csv({ plugin_key: 'no-such-plugin-here' }, adminToken)).statusCode).toBe(404);
    expect((await stats({ plugin_key: key }, ownerToken)).statusCode).toBe(200);
    expect((await stats({ plugin_key: key }, adminToken)).statusCode).toBe(200);
  });

  it('defaults to the 30 UTC days up to today, zero-filled', async () => {
    const data = dataOf<PluginStats>(await stats({ plugin_key: chineseKey }, ownerToken));
    const today = Math.floor(Date.now() / DAY_MS);
    expect(data.to).toBe(formatDay(today));
    expect(data.from).toBe(formatDay(today - 29));
    expect(data.days).toHaveLength(30);
    expect(data.days[0]!.day).toBe(data.from);
  });
});

describe('counts equal the rows', () => {
  it('installs, uninstalls, likes, unlikes, views and ratings through the API, per day and version', async () => {
    const before = await allTime(key);
    const today = formatDay(Math.floor(Date.now() / DAY_MS));
    const first = await Promise.all([user(), user(), user()]);
    for (const u of first) {
      expect(
        (await injectAs(t.app, 'POST', '/api/cmt/plugin/user', u.token, { plugin_key: key })).statusCode,
      ).toBe(200);
    }
    await setVersion(key, '1.1.0');
    const second = await Promise.all([user(), user()]);
    // Installed twice at once: one row, one install.
    for (const u of second) {
      const both = await Promise.all(
        [0, 1].map(() => injectAs(t.app, 'POST', '/api/cmt/plugin/user', u.token, { plugin_key: key })),
      );
      expect(both.map((r) => r.statusCode)).toEqual([200, 200]);
    }
    // The first user uninstalls what they installed under 1.0.0; uninstalling again counts nothing.
    for (let i = 0; i < 2; i += 1)
      expect(
        (await injectAs(t.app, 'DELETE', '/api/cmt/plugin/user', first[0]!.token, { plugin_key: key }))
          .statusCode,
      ).toBe(200);
    for (const u of second)
      await injectAs(t.app, 'POST', '/api/cmt/plugin/user/praise', u.token, { plugin_key: key, praise: 1 });
    await injectAs(t.app, 'POST', '/api/cmt/plugin/user/praise', second[0]!.token, {
      plugin_key: key,
      praise: -1,
    });
    for (const u of [...first, ...second])
      await injectAs(t.app, 'POST', '/api/cmt/plugin/view', u.token, { plugin_key: key });
    await injectAs(t.app, 'POST', '/api/cmt/plugin/view', second[1]!.token, { plugin_key: key }); // same visitor, same day
    for (const [u, rating] of [
      [second[0]!, 5],
      [second[1]!, 2],
    ] as const) {
      const saved = await injectAs(t.app, 'PUT', '/api/cmt/plugin/rating', u.token, {
        plugin_key: key,
        rating,
      });
      expect(saved.statusCode, saved.body).toBe(200);
    }

    const data = dataOf<PluginStats>(await stats({ plugin_key: key, from: today, to: today }, ownerToken));
    expect(data.current_version).toBe('1.1.0');
    expect(data.days).toHaveLength(1);
    const day = data.days[0]!;
    expect(day).toMatchObject({
      day: today,
      installs: 5,
      uninstalls: 1,
      likes: 2,
      unlikes: 1,
      views: 5,
      ratings: 2,
      rating_sum: 7,
    });
    expect(data.totals).toEqual({
      installs: 5,
      uninstalls: 1,
      views: 5,
      likes: 2,
      unlikes: 1,
      ratings: 2,
      rating_sum: 7,
    });
    expect(data.versions.map((v) => v.version)).toEqual(['1.1.0', '1.0.0']);
    expect(data.versions[0]).toMatchObject({
      installs: 2,
      uninstalls: 0,
      views: 5,
      likes: 2,
      unlikes: 1,
      ratings: 2,
    });
    expect(data.versions[1]).toMatchObject({ installs: 3, uninstalls: 1, views: 0, likes: 0 });
    // The install row remembers its version.
    const rows = await sql<{ version: string | null }>`SELECT version FROM plugin_install
      WHERE plugin_id = ${await pluginId(key)} AND user_id IN (${first[1]!.id}, ${second[0]!.id})`.execute(
      t.app.db.kysely,
    );
    expect(rows.rows.map((r) => r.version).sort()).toEqual(['1.0.0', '1.1.0']);

    // Over all time, installs − uninstalls is the install rows, likes − unlikes the like rows.
    const after = await allTime(key);
    expect(after.installs - after.uninstalls).toBe(after.install_rows);
    expect(after.likes - after.unlikes).toBe(after.praise_rows);
    expect(after.installs - before.installs).toBe(5);
    const counters = await t.app.db.kysely
      .selectFrom('plugin')
      .select(['praise_count'])
      .where('plugin_key', '=', key)
      .executeTakeFirstOrThrow();
    expect(after.praise_rows).toBe(counters.praise_count);
  });

  it('buckets by UTC day: 23:59:59.999 and 00:00 the next day are two days', async () => {
    const a = await user();
    const b = await user();
    const id = await pluginId(chineseKey);
    await t.app.db.kysely
      .insertInto('plugin_install')
      .values([
        { user_id: a.id, plugin_id: id, create_time: Date.UTC(2024, 0, 1, 23, 59, 59, 999) },
        { user_id: b.id, plugin_id: id, create_time: Date.UTC(2024, 0, 2, 0, 0, 0, 0) },
      ])
      .execute();
    await t.app.db.kysely
      .insertInto('plugin_praise')
      .values({ user_id: a.id, plugin_id: id, create_time: Date.UTC(2024, 0, 2, 12) })
      .execute();
    const data = dataOf<PluginStats>(
      await stats({ plugin_key: chineseKey, from: '2023-12-31', to: '2024-01-03' }, adminToken),
    );
    expect(data.days.map((d) => [d.day, d.installs, d.likes])).toEqual([
      ['2023-12-31', 0, 0],
      ['2024-01-01', 1, 0],
      ['2024-01-02', 1, 1],
      ['2024-01-03', 0, 0],
    ]);
    // A plugin without a version: the installs count under the unrecorded version.
    expect(data.versions).toEqual([
      {
        version: null,
        installs: 2,
        uninstalls: 0,
        views: 0,
        likes: 1,
        unlikes: 0,
        ratings: 0,
        rating_sum: 0,
      },
    ]);
  });

  it('a plugin with nothing in the range answers zeros and no versions', async () => {
    const data = dataOf<PluginStats>(
      await stats({ plugin_key: chineseKey, from: '2020-03-01', to: '2020-03-07' }, ownerToken),
    );
    expect(data.days).toHaveLength(7);
    expect(data.days.every((d) => d.installs === 0 && d.views === 0)).toBe(true);
    expect(data.versions).toEqual([]);
  });
});

describe('range validation and hostile input', () => {
  it('accepts exactly 366 days and refuses 367, reversed ranges and days that do not exist', async () => {
    const ok = dataOf<PluginStats>(
      await stats({ plugin_key: key, from: '2024-01-01', to: '2024-12-31' }, ownerToken),
    );
    expect(ok.days).toHaveLength(366);
    const queries: Record<string, string>[] = [
      { from: '2023-01-01', to: '2024-01-02' },
      { from: '2024-02-02', to: '2024-02-01' },
      { from: '2025-02-29', to: '2025-03-01' },
      { from: '2024-13-01' },
      { to: '2024-04-31' },
      { from: '1969-12-31', to: '1970-01-02' },
      { from: '2024-1-1' },
      { from: '2024-01-01T00:00' },
      { to: '99999-01-01' },
      { from: '１２３４-01-01' },
    ];
    for (const query of queries) {
      const res = await stats({ plugin_key: key, ...query }, ownerToken);
      expect(res.statusCode, JSON.stringify(query)).toBe(400);
      expect(body<ErrorEnvelope>(res).error).toBe('INVALID_PARAMETER');
    }
  });

  it('refuses NUL bytes, huge and missing keys, unknown fields and repeated fields with 400', async () => {
    for (const qs of [
      `plugin_key=${encodeURIComponent(`${key}\u0000`)}`,
      `plugin_key=${'k'.repeat(129)}`,
      '',
      `plugin_key=${key}&days=7`,
      `plugin_key=${key}&from=2024-01-01&from=2024-01-02`,
      `plugin_key=${key}&to=${encodeURIComponent('2024-01-01\u0000')}`,
    ]) {
      for (const path of ['/api/cmt/plugin/stats', '/api/cmt/plugin/stats/csv']) {
        const res = await injectAs(t.app, 'GET', `${path}?${qs}`, ownerToken);
        expect(res.statusCode, `${path}?${qs}`).toBe(400);
        expect(body<ErrorEnvelope>(res).error).toBe('INVALID_PARAMETER');
      }
    }
  });
});

describe('GET /api/cmt/plugin/stats/csv', () => {
  it('is RFC 4180 in UTF-8 with a BOM, CRLF and quoted fields, formula-safe, with Chinese names intact', async () => {
    await t.app.db.kysely
      .updateTable('plugin')
      .set({ name: '=HYPERLINK("http://evil.example","颜色 魔法")' })
      .where('plugin_key', '=', chineseKey)
      .execute();
    const res = await csv({ plugin_key: chineseKey, from: '2024-01-01', to: '2024-01-03' }, ownerToken);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8; header=present');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="plugin-stats-${chineseKey.replace(/[^\w.-]/g, '_')}-2024-01-01-2024-01-03.csv"`,
    );
    const bytes = res.rawPayload;
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = bytes.toString('utf8');
    expect(text.endsWith('\r\n')).toBe(true);
    const lines = text.slice(1).split('\r\n');
    expect(lines.pop()).toBe('');
    expect(text.replaceAll('\r\n', '')).not.toContain('\n');
    const name = `"'=HYPERLINK(""http://evil.example"",""颜色 魔法"")"`;
    expect(lines).toEqual([
      '"plugin_key","plugin","date","version","installs","uninstalls","views","likes","unlikes","ratings","average_rating"',
      `"${chineseKey}",${name},"2024-01-01","","1","0","0","0","0","0",""`,
      `"${chineseKey}",${name},"2024-01-02","","1","0","0","1","0","0",""`,
      `"${chineseKey}",${name},"2024-01-03","","0","0","0","0","0","0",""`,
    ]);
  });

  it('writes one record per version of a day, with the average rating', async () => {
    const today = formatDay(Math.floor(Date.now() / DAY_MS));
    const res = await csv({ plugin_key: key, from: today, to: today }, adminToken);
    const lines = res.rawPayload.toString('utf8').slice(1).split('\r\n');
    expect(lines[1]).toMatch(
      new RegExp(`^"${key}",".*","${today}","1\\.1\\.0","2","0","5","2","1","2","3\\.50"$`),
    );
    expect(lines[2]).toMatch(new RegExp(`^"${key}",".*","${today}","1\\.0\\.0","3","1","0","0","0","0",""$`));
  });

  it('csvField guards every formula start and doubles quotes', () => {
    for (const start of ['=', '+', '-', '@', '\t', '\r'])
      expect(csvField(`${start}1+1`)).toBe(`"'${start}1+1"`);
    expect(csvField('a "b", c')).toBe('"a ""b"", c"');
    expect(csvField('line\nbreak')).toBe('"line\nbreak"');
    expect(csvField(-3)).toBe('"-3"');
    expect(csvField('插件')).toBe('"插件"');
    expect(csvDocument([['a'], [1]])).toBe('\uFEFF"a"\r\n"1"\r\n');
  });
});

describe('deleting a plugin', () => {
  it('takes its statistics with it and counts no uninstalls for the deleted rows', async () => {
    const [doomed] = (await approvedPluginKeys(t.app, 3)).slice(2) as [string];
    const u = await user();
    await injectAs(t.app, 'POST', '/api/cmt/plugin/user', u.token, { plugin_key: doomed });
    await injectAs(t.app, 'POST', '/api/cmt/plugin/user/praise', u.token, { plugin_key: doomed, praise: 1 });
    const id = await pluginId(doomed);
    const res = await injectAs(t.app, 'DELETE', '/api/cmt/plugin', adminToken, { plugin_key: doomed });
    expect(res.statusCode, res.body).toBe(200);
    const left = await t.app.db.kysely
      .selectFrom('plugin_daily_stat')
      .select('plugin_id')
      .where('plugin_id', '=', id)
      .execute();
    expect(left).toEqual([]);
  });
});
