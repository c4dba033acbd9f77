import type {
  ErrorEnvelope,
  PluginListResult,
  PluginSummary,
  Submission,
} from '@plugin-center/contract/schemas';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { markCatalogueChanged } from '../db/changes';
import { filtersFingerprint } from '../db/pluginFilters';
import { encodeCursor, queryFingerprint } from '../shared/cursor';
import { body, createTestApp, signInTestUser, type TestApp } from '../testing/testApp';
import { multipart, publishFields } from '../testing/testFiles';

/**
 * The list's filters (design tool, minimum rating) and the orders beyond latest / most popular
 * (highest rated, name, newest, trending), alone and with a tag and a keyword, paged to the end;
 * newest is the time of the first approval (migration 0041).
 */
let t: TestApp;
/** Every listed approved plugin's row as the tests compute their expectations from. */
interface Row {
  id: number;
  plugin_key: string;
  name: string;
  platforms: string;
  rating_count: number;
  rating_sum: number;
  approve_time: number;
  tags: string[];
}
let rows: Row[];
const NOW = Date.now();
const DAY = 24 * 60 * 60 * 1000;

beforeAll(async () => {
  t = await createTestApp();
  const db = t.app.db.kysely;
  // Ratings on a spread of plugins (the counters the triggers keep, set directly), and distinct
  // first-approval times on some, so every order has ties and non-ties.
  await db
    .updateTable('plugin')
    .set(() => ({
      rating_count: sql<number>`CASE WHEN id % 7 = 0 THEN 0 ELSE id % 5 END`,
      rating_sum: sql<number>`CASE WHEN id % 7 = 0 THEN 0 ELSE (id % 5) * (1 + id % 5) END`,
      approve_time: sql<number>`approve_time + (id % 4) * 1000`,
    }))
    .where('id', '>', 0)
    .execute();
  markCatalogueChanged(t.app.db);
  const plugins = await db
    .selectFrom('plugin')
    .select(['id', 'plugin_key', 'name', 'platforms', 'rating_count', 'rating_sum', 'approve_time'])
    .where('review_status', '=', 2)
    .where('unlisted_at', 'is', null)
    .execute();
  const tagRows = await db
    .selectFrom('plugin_tag')
    .innerJoin('tag', 'tag.id', 'plugin_tag.tag_id')
    .select(['plugin_tag.plugin_id', 'tag.code'])
    .execute();
  rows = plugins.map((p) => ({
    ...p,
    approve_time: Number(p.approve_time),
    tags: tagRows.filter((r) => r.plugin_id === p.id).map((r) => r.code),
  }));
});
afterAll(async () => {
  await t?.close();
});

async function get(query: Record<string, string | number>) {
  return t.app.inject({
    url: '/api/cmt/plugin/list',
    query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])),
  });
}

async function list(query: Record<string, string | number>): Promise<PluginListResult> {
  const response = await get(query);
  expect(response.statusCode, response.body).toBe(200);
  return body<{ data: PluginListResult }>(response).data;
}

/** Follows next_cursor to the end; every page's total is the same. */
async function walk(query: Record<string, string | number>): Promise<PluginSummary[]> {
  const out: PluginSummary[] = [];
  let cursor: string | null = null;
  let total: number | null = null;
  do {
    const page: PluginListResult = await list({ ...query, ...(cursor ? { cursor } : {}) });
    total ??= page.total;
    expect(page.total).toBe(total);
    out.push(...page.plugin_list);
    cursor = page.next_cursor;
  } while (cursor);
  expect(out.length).toBe(total);
  return out;
}

const keys = (plugins: ReadonlyArray<{ plugin_key: string }>) => plugins.map((p) => p.plugin_key);
const score = (r: Row) =>
  r.rating_count === 0 ? 0 : Math.floor(((r.rating_sum + 15) * 1000) / (r.rating_count + 5));
const rounded = (r: Row) =>
  r.rating_count === 0 ? 0 : Math.round((r.rating_sum * 10) / r.rating_count) / 10;
const platformsOf = (r: Row) => JSON.parse(r.platforms) as string[];
/** SQLite lower-cases ASCII only, PostgreSQL every script: compare what both agree on. */
const asciiLower = (s: string) => s.replace(/[A-Z]/g, (c) => c.toLowerCase());
const byteOrder = (a: string, b: string) => Buffer.compare(Buffer.from(a), Buffer.from(b));

const ORDERS = {
  3: (a: Row, b: Row) => score(b) - score(a) || b.rating_count - a.rating_count || b.id - a.id,
  5: (a: Row, b: Row) => b.approve_time - a.approve_time || b.id - a.id,
} as const;

describe('GET /api/cmt/plugin/list: filters and orders', () => {
  it('sorts by highest rated (Bayesian score, then count, then id; unrated last) through every page', async () => {
    const want = [...rows].sort(ORDERS[3]);
    const got = await walk({ sort: 3, page_size: 100 });
    expect(keys(got)).toEqual(keys(want));
    expect(got.at(-1)!.rating_average).toBeNull();
    expect(got[0]!.rating_average).toBe(rounded(want[0]!));
  });

  it('sorts by newest (first approval, then id) through every page', async () => {
    // The catalogue's undated entries count as approved at an unknown time (0): last.
    expect(rows.some((r) => r.approve_time > 0) && rows.some((r) => r.approve_time < 1000)).toBe(true);
    expect(keys(await walk({ sort: 5, page_size: 100 }))).toEqual(keys([...rows].sort(ORDERS[5])));
    expect(keys(await walk({ sort: 5, page_size: 7 }))).toEqual(keys([...rows].sort(ORDERS[5])));
  });

  it('refuses a newest-order cursor of before migration 0041 (its key was create_time) with 400 INVALID_CURSOR', async () => {
    const first = rows.toSorted((a, b) => b.id - a.id)[0]!;
    const old = encodeCursor(queryFingerprint([5, 0, '', ...filtersFingerprint({})]), [Date.now(), first.id]);
    const response = await get({ sort: 5, page_size: 5, cursor: old });
    expect(response.statusCode).toBe(400);
    expect(body<ErrorEnvelope>(response).error).toBe('INVALID_CURSOR');
    // Its own cursors continue.
    const page = await list({ sort: 5, page_size: 5 });
    expect((await get({ sort: 5, page_size: 5, cursor: page.next_cursor! })).statusCode).toBe(200);
  });

  it('sorts by name A–Z, each plugin exactly once over many small pages', async () => {
    const got = await walk({ sort: 4, page_size: 37 });
    expect(new Set(keys(got)).size).toBe(rows.length);
    expect(got.length).toBe(rows.length);
    // Names of ASCII letters only are ordered the same way by both databases.
    const ascii = got.map((p) => p.name).filter((n) => /^[\x20-\x7e]+$/.test(n));
    expect(ascii.length).toBeGreaterThan(500);
    for (let i = 1; i < ascii.length; i++)
      expect(byteOrder(asciiLower(ascii[i - 1]!), asciiLower(ascii[i]!))).toBeLessThanOrEqual(0);
  });

  it.each([
    ['figma', (r: Row) => platformsOf(r).some((p) => p === 'figma' || p === 'figjam')],
    ['sketch', (r: Row) => platformsOf(r).includes('sketch')],
    ['adobe-xd', (r: Row) => platformsOf(r).includes('adobe-xd')],
    ['penpot', (r: Row) => platformsOf(r).includes('penpot')],
    ['mastergo', (r: Row) => platformsOf(r).includes('mastergo')],
  ])('filters by design tool %s under every order, with its count', async (platform, passes) => {
    const want = rows.filter(passes);
    for (const sort of [0, 1, 3, 4, 5]) {
      const got = await walk({ platform, sort, page_size: 50 });
      expect(new Set(keys(got))).toEqual(new Set(keys(want)));
      if (sort === 3) expect(keys(got)).toEqual(keys([...want].sort(ORDERS[3])));
    }
    expect((await list({ platform })).total).toBe(want.length);
  });

  it('counts FigJam plugins under Figma', async () => {
    const figjam = rows.filter((r) => platformsOf(r).includes('figjam'));
    expect(figjam.length).toBeGreaterThan(0);
    const got = keys(await walk({ platform: 'figma', page_size: 100 }));
    for (const r of figjam) expect(got).toContain(r.plugin_key);
  });

  it.each([1, 2, 3, 4, 5])(
    'filters by a minimum rating of %i stars (the shown rounded average)',
    async (rating) => {
      const want = rows.filter((r) => r.rating_count > 0 && rounded(r) >= rating);
      const got = await walk({ rating, sort: 3, page_size: 100 });
      expect(keys(got)).toEqual(keys([...want].sort(ORDERS[3])));
      for (const p of got) expect(p.rating_average!).toBeGreaterThanOrEqual(rating);
      expect((await list({ rating })).total).toBe(want.length);
    },
  );

  it('combines a tag, a design tool and a rating, paging on every order', async () => {
    const tags = body<{ data: { tag_list: { id: number; code: string }[] } }>(
      await t.app.inject('/api/cmt/plugin/tag/list'),
    ).data.tag_list;
    const tag = tags.find((x) => x.code === 'color')!;
    const want = rows.filter(
      (r) =>
        r.tags.includes('color') &&
        platformsOf(r).includes('sketch') &&
        r.rating_count > 0 &&
        rounded(r) >= 3,
    );
    expect(want.length).toBeGreaterThan(3);
    for (const sort of [0, 1, 3, 4, 5]) {
      const got = await walk({ tag_id: tag.id, platform: 'sketch', rating: 3, sort, page_size: 3 });
      expect(new Set(keys(got))).toEqual(new Set(keys(want)));
      if (sort === 5) expect(keys(got)).toEqual(keys([...want].sort(ORDERS[5])));
    }
    // A tag with a new order and no filter pages by the plugin's keys too.
    const tagged = rows.filter((r) => r.tags.includes('color'));
    expect(keys(await walk({ tag_id: tag.id, sort: 3, page_size: 9 }))).toEqual(
      keys([...tagged].sort(ORDERS[3])),
    );
  });

  it('combines a keyword with the filters and orders', async () => {
    const all = await walk({ keyword: 'color', page_size: 100 });
    const figmaOnly = await walk({ keyword: 'color', platform: 'figma', page_size: 100 });
    const figmaKeys = new Set(
      keys(rows.filter((r) => platformsOf(r).some((p) => p === 'figma' || p === 'figjam'))),
    );
    expect(figmaOnly.length).toBeGreaterThan(0);
    expect(figmaOnly.length).toBeLessThan(all.length);
    expect(keys(figmaOnly)).toEqual(keys(all).filter((k) => figmaKeys.has(k)));
    const rated = await walk({ keyword: 'color', sort: 3, rating: 4, page_size: 10 });
    const byKey = new Map(rows.map((r) => [r.plugin_key, r]));
    const want = all
      .map((p) => byKey.get(p.plugin_key)!)
      .filter((r) => r.rating_count > 0 && rounded(r) >= 4);
    expect(keys(rated)).toEqual(keys(want.sort(ORDERS[3])));
    const named = await walk({ keyword: 'color', sort: 4, page_size: 10 });
    expect(new Set(keys(named))).toEqual(new Set(keys(all)));
  });

  it('ranks trending by installs of the last 7 days, only plugins installed in that window', async () => {
    const db = t.app.db.kysely;
    const users = await Promise.all([1, 2, 3].map(() => signInTestUser(t.app)));
    const [a, b, c, old] = [rows[10]!, rows[20]!, rows[30]!, rows[40]!];
    const install = (plugin: Row, user: number, time: number) =>
      db
        .insertInto('plugin_install')
        .values({ plugin_id: plugin.id, user_id: user, create_time: time })
        .execute();
    const ids = users.map((u) => u.user_info.user_id);
    // b: three installs this week; a and c: one each (c installed more overall); old: 8 days ago.
    for (const id of ids) await install(b, id, NOW - DAY);
    await install(a, ids[0]!, NOW - 2 * DAY);
    await install(c, ids[1]!, NOW - 3 * DAY);
    for (const id of ids) await install(old, id, NOW - 8 * DAY);
    await db.updateTable('plugin').set({ download_count: 50 }).where('id', '=', c.id).execute();
    markCatalogueChanged(t.app.db);
    const got = await walk({ sort: 6, page_size: 2 });
    expect(keys(got)).toEqual([b.plugin_key, c.plugin_key, a.plugin_key]);
    const figma = await list({ sort: 6, platform: 'penpot' });
    expect(figma.total).toBe([a, b, c].filter((r) => platformsOf(r).includes('penpot')).length);
  });

  it.each([
    ['an unknown platform', { platform: 'photoshop' }],
    ['FigJam as a platform of its own', { platform: 'figjam' }],
    ['a rating of 0', { rating: 0 }],
    ['a rating of 6', { rating: 6 }],
    ['a fractional rating', { rating: '3.5' }],
    ['a huge rating', { rating: '99999999999999999999' }],
    ['a rating that is text', { rating: 'four' }],
    ['a NUL byte in the platform', { platform: 'figma\u0000' }],
    ['a NUL byte in the rating', { rating: '4\u0000' }],
    ['an unknown sort', { sort: 7 }],
    ['a huge sort', { sort: '18446744073709551617' }],
    ['a platform given twice', { platform: ['figma', 'sketch'] }],
    ['verified as 0', { verified: 0 }],
    ['verified as 2', { verified: 2 }],
    ['verified as text', { verified: 'yes' }],
    ['a NUL byte in verified', { verified: '1\u0000' }],
    ['a huge verified', { verified: '18446744073709551617' }],
  ] as const)('refuses %s with 400 in the error envelope', async (_, query) => {
    const response = await t.app.inject({
      url: '/api/cmt/plugin/list',
      query: query as Record<string, string>,
    });
    expect(response.statusCode, response.body).toBe(400);
    const envelope = body<ErrorEnvelope>(response);
    expect(envelope.error).toBe('INVALID_PARAMETER');
    expect(envelope.data).toBeNull();
  });

  it('filters by verified publishers: only the plugins of owners an administrator marked, with tag, keyword and order', async () => {
    const db = t.app.db.kysely;
    const admin = await signInTestUser(t.app, { role: 1 });
    const verified = await signInTestUser(t.app);
    const other = await signInTestUser(t.app);
    const ownedIds = rows.slice(0, 6).map((r) => r.id);
    const otherIds = rows.slice(6, 9).map((r) => r.id);
    const verifiedId = verified.user_info.user_id;
    const otherId = other.user_info.user_id;
    await db.updateTable('plugin').set({ owner_id: verifiedId }).where('id', 'in', ownedIds).execute();
    await db.updateTable('plugin').set({ owner_id: otherId }).where('id', 'in', otherIds).execute();
    markCatalogueChanged(t.app.db);
    const mark = (user_id: number, on: boolean) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/cmt/manager/publisher/verified',
        headers: { authorization: `Bearer ${admin.access_token}` },
        payload: { user_id, verified: on },
      });
    try {
      // Nobody verified yet: an empty list, total 0.
      expect(await list({ verified: 1 })).toMatchObject({ plugin_list: [], total: 0, next_cursor: null });
      expect((await mark(verifiedId, true)).statusCode).toBe(200);
      const keys = rows
        .filter((r) => ownedIds.includes(r.id))
        .map((r) => r.plugin_key)
        .sort();
      for (const sort of [0, 3, 4, 5]) {
        const all = await walk({ verified: 1, sort, page_size: 2 });
        expect(all.map((p) => p.plugin_key).sort(), `sort ${sort}`).toEqual(keys);
        expect(all.every((p) => p.publisher_verified)).toBe(true);
      }
      // With a tag of one of them: only its verified plugins of that tag.
      const withTag = rows.find((r) => ownedIds.includes(r.id) && r.tags.length > 0);
      if (withTag) {
        const tags = await t.app.inject({ url: '/api/cmt/plugin/tag/list' });
        const tag = body<{ data: { tag_list: { id: number; code: string }[] } }>(tags).data.tag_list.find(
          (x) => x.code === withTag.tags[0],
        );
        const tagged = await walk({ verified: 1, tag_id: tag!.id });
        expect(tagged.map((p) => p.plugin_key).sort()).toEqual(
          rows
            .filter((r) => ownedIds.includes(r.id) && r.tags.includes(withTag.tags[0]!))
            .map((r) => r.plugin_key)
            .sort(),
        );
      }
      // With a keyword: the verified plugin named by it, not the others that match.
      const named = rows.find((r) => r.id === ownedIds[0])!;
      const searched = await list({ verified: 1, keyword: named.name });
      expect(searched.plugin_list.map((p) => p.plugin_key)).toContain(named.plugin_key);
      expect(searched.plugin_list.every((p) => keys.includes(p.plugin_key))).toBe(true);
      // Unmarked: the filter is empty again at once (the list's cache follows the change).
      expect((await mark(verifiedId, false)).statusCode).toBe(200);
      expect(await list({ verified: 1 })).toMatchObject({ plugin_list: [], total: 0 });
    } finally {
      await db
        .updateTable('plugin')
        .set({ owner_id: null })
        .where('id', 'in', [...ownedIds, ...otherIds])
        .execute();
      markCatalogueChanged(t.app.db);
    }
  });

  it('refuses a cursor of another filter or order with 400 INVALID_CURSOR', async () => {
    const page = await list({ sort: 4, page_size: 5 });
    const others: Record<string, string | number>[] = [
      { sort: 3 },
      { sort: 4, platform: 'sketch' },
      { sort: 4, rating: 2 },
    ];
    for (const query of others) {
      const response = await get({ ...query, page_size: 5, cursor: page.next_cursor! });
      expect(response.statusCode).toBe(400);
      expect(body<ErrorEnvelope>(response).error).toBe('INVALID_CURSOR');
    }
  });

  it('walks the name and highest-rated indexes for a deep page (no sort of the table)', async () => {
    const plans: Record<string, string> = {};
    const page = await list({ sort: 3, page_size: 5 });
    expect(page.next_cursor).not.toBeNull();
    for (const [name, order] of [
      [
        'rated',
        sql.raw(
          `${'(CASE WHEN p.rating_count = 0 THEN 0 ELSE (CAST(p.rating_sum AS BIGINT) + 15) * 1000 / (p.rating_count + 5) END)'} DESC, p.rating_count DESC, p.id DESC`,
        ),
      ],
      [
        'name',
        sql.raw(
          t.app.db.dialect === 'postgres' ? '(lower(p.name) COLLATE "C"), p.id' : 'lower(p.name), p.id',
        ),
      ],
      ['newest', sql.raw('p.approve_time DESC, p.id DESC')],
    ] as const) {
      const explain = t.app.db.dialect === 'postgres' ? sql`EXPLAIN` : sql`EXPLAIN QUERY PLAN`;
      const result = await sql<Record<string, unknown>>`${explain} SELECT p.id FROM plugin p
        WHERE p.review_status = 2 AND p.unlisted_at IS NULL ORDER BY ${order} LIMIT 21`.execute(
        t.app.db.kysely,
      );
      plans[name] = result.rows.map((r) => Object.values(r).join(' ')).join('\n');
    }
    if (t.app.db.dialect === 'sqlite') {
      expect(plans.rated).toContain('plugin_rated_idx');
      expect(plans.name).toContain('plugin_name_idx');
      expect(plans.newest).toContain('plugin_approved_idx');
      for (const plan of Object.values(plans)) expect(plan).not.toContain('TEMP B-TREE');
    } else {
      // A small table: the planner may prefer reading it whole; the indexes exist and are valid.
      const indexes = await sql<{
        indexname: string;
      }>`SELECT indexname FROM pg_indexes WHERE tablename = 'plugin'`.execute(t.app.db.kysely);
      expect(indexes.rows.map((r) => r.indexname)).toEqual(
        expect.arrayContaining(['plugin_rated_idx', 'plugin_name_idx', 'plugin_approved_idx']),
      );
      expect(indexes.rows.map((r) => r.indexname)).not.toContain('plugin_newest_idx');
    }
  });

  it('puts a plugin first when it is approved, however long ago it was submitted; later versions, unlisting and relisting keep its place', async () => {
    const db = t.app.db.kysely;
    const admin = (await signInTestUser(t.app, { role: 1 })).access_token;
    const author = (await signInTestUser(t.app)).access_token;
    const send = async (method: 'POST' | 'PUT', fields: Parameters<typeof multipart>[0]) => {
      const form = await multipart(fields);
      const response = await t.app.inject({
        method,
        url: '/api/cmt/plugin',
        payload: form.payload,
        headers: { ...form.headers, authorization: `Bearer ${author}` },
      });
      expect(response.statusCode, response.body).toBe(200);
      return body<{ data: Submission }>(response).data.plugin_key;
    };
    const call = async (url: string, token: string, payload: object) => {
      const response = await t.app.inject({
        method: 'POST',
        url,
        headers: { authorization: `Bearer ${token}` },
        payload,
      });
      expect(response.statusCode, response.body).toBe(200);
    };
    const approve = (plugin_key: string) =>
      call('/api/cmt/plugin/audit/status', admin, { plugin_key, status: 2 });
    const approveTime = async (plugin_key: string) =>
      (
        await db
          .selectFrom('plugin')
          .select('approve_time')
          .where('plugin_key', '=', plugin_key)
          .executeTakeFirstOrThrow()
      ).approve_time;
    const newest = async (count: number) => keys((await list({ sort: 5, page_size: count })).plugin_list);

    // Submitted a week ago, and yesterday; neither approved yet: not listed, no approve_time.
    const old = await send('POST', publishFields({ name: 'Week Old Submission' }));
    const recent = await send('POST', publishFields({ name: 'Day Old Submission' }));
    await db
      .updateTable('plugin')
      .set({ create_time: NOW - 7 * DAY })
      .where('plugin_key', '=', old)
      .execute();
    await db
      .updateTable('plugin')
      .set({ create_time: NOW - DAY })
      .where('plugin_key', '=', recent)
      .execute();
    expect(await approveTime(old)).toBeNull();
    expect(await newest(5)).not.toContain(old);

    await approve(recent);
    expect((await newest(1))[0]).toBe(recent);
    await approve(old); // the week-old submission, approved last: first
    expect(await newest(2)).toEqual([old, recent]);
    const first = await approveTime(old);
    expect(Number(first)).toBeGreaterThan(NOW - 7 * DAY);
    // The same order through pages of one, and on the tag of both.
    expect(keys(await walk({ sort: 5, page_size: 1 })).slice(0, 2)).toEqual([old, recent]);
    const tags = body<{ data: { tag_list: { id: number; code: string }[] } }>(
      await t.app.inject('/api/cmt/plugin/tag/list'),
    ).data.tag_list;
    const color = tags.find((x) => x.code === 'color')!;
    expect(keys(await walk({ sort: 5, tag_id: color.id, page_size: 2 })).slice(0, 2)).toEqual([old, recent]);

    // A new version of the day-old plugin approved later, then unlisted and relisted: it stays second.
    await send(
      'PUT',
      publishFields({
        plugin_key: recent,
        name: 'Day Old Submission',
        version: '1.1.0',
        code_file: undefined,
      }),
    );
    await approve(recent);
    await call('/api/cmt/plugin/unlist', author, { plugin_key: recent });
    await call('/api/cmt/plugin/relist', author, { plugin_key: recent });
    expect(await newest(2)).toEqual([old, recent]);
    expect(await approveTime(old)).toBe(first);
  });
});
