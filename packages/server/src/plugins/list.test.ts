import type {
  ErrorEnvelope,
  PluginListResult,
  PluginSummary,
  TagListResult,
} from '@plugin-center/contract/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { markCatalogueChanged } from '../db/changes';
import {
  body,
  createTestApp,
  type ExpectedPlugin,
  expectedCatalogue,
  latestOrder,
  type TestApp,
} from '../testing/testApp';
import { createPlugins } from './data/write';

let t: TestApp;
let expected: ExpectedPlugin[];

beforeAll(async () => {
  t = await createTestApp(); // first start on an empty database imports the catalogue by itself
  expected = expectedCatalogue();
});
afterAll(async () => {
  await t?.close();
});

async function list(query: Record<string, string | number>): Promise<PluginListResult> {
  const response = await t.app.inject({ url: '/api/cmt/plugin/list', query: stringify(query) });
  expect(response.statusCode, response.body).toBe(200);
  return body<{ code: number; data: PluginListResult }>(response).data;
}

function stringify(query: Record<string, string | number>): Record<string, string> {
  return Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)]));
}

/** Follows next_cursor to the end; returns every plugin in order. */
async function walk(query: Record<string, string | number>): Promise<PluginSummary[]> {
  const out: PluginSummary[] = [];
  let cursor: string | null = null;
  do {
    const page: PluginListResult = await list({ ...query, ...(cursor ? { cursor } : {}) });
    out.push(...page.plugin_list);
    cursor = page.next_cursor;
  } while (cursor);
  return out;
}

const keys = (plugins: ReadonlyArray<{ plugin_key: string }>) => plugins.map((p) => p.plugin_key);

describe('GET /api/cmt/plugin/list', () => {
  it('answers the latest 20 approved plugins of the whole catalogue by default', async () => {
    const response = await t.app.inject('/api/cmt/plugin/list');
    expect(response.headers['content-type']).toMatch(/application\/json/);
    const envelope = body<{ code: number; data: PluginListResult }>(response);
    expect(envelope.code).toBe(0);
    expect(envelope.data.total).toBe(1462);
    expect(keys(envelope.data.plugin_list)).toEqual(keys([...expected].sort(latestOrder).slice(0, 20)));
    expect(envelope.data.next_cursor).toEqual(expect.any(String));
    const first = envelope.data.plugin_list[0]!;
    expect(Object.keys(first).sort()).toEqual(
      [
        'plugin_key',
        'name',
        'intro',
        'icon',
        'tags',
        'developer',
        'platforms',
        'current_version',
        'download_count',
        'view_count',
        'praise_count',
        'rating_count',
        'rating_average',
        'create_time',
        'update_time',
        'publisher_handle',
        'publisher_verified',
      ].sort(),
    );
  });

  it.each([1, 7, 100])('honours page_size %i', async (size) => {
    const page = await list({ page_size: size });
    expect(page.plugin_list).toHaveLength(size);
    expect(keys(page.plugin_list)).toEqual(keys([...expected].sort(latestOrder).slice(0, size)));
  });

  it('walks the whole catalogue with cursors: every approved plugin exactly once, in order', async () => {
    const all = await walk({ page_size: 100 });
    expect(all).toHaveLength(1462);
    expect(new Set(keys(all)).size).toBe(1462);
    expect(keys(all)).toEqual(keys([...expected].sort(latestOrder)));
  });

  it('filters by tag, with the tag total', async () => {
    const tags = body<{ data: TagListResult }>(await t.app.inject('/api/cmt/plugin/tag/list')).data.tag_list;
    for (const code of ['color', 'plugin-management', '3d']) {
      const tag = tags.find((x) => x.code === code)!;
      const want = expected.filter((p) => p.tags.includes(code)).sort(latestOrder);
      expect(tag.plugin_count).toBe(want.length);
      const got = await walk({ tag_id: tag.id, page_size: 30 });
      expect(keys(got)).toEqual(keys(want));
      expect((await list({ tag_id: tag.id })).total).toBe(want.length);
      expect(got.every((p) => p.tags.some((x) => x.code === code))).toBe(true);
    }
    expect(await list({ tag_id: 0, page_size: 1 })).toMatchObject({ total: 1462 });
    expect(await list({ tag_id: 99999 })).toEqual({ plugin_list: [], total: 0, next_cursor: null });
  });

  it('lists tags with at least one approved plugin by plugin_count desc, then name', async () => {
    const tags = body<{ data: TagListResult }>(await t.app.inject('/api/cmt/plugin/tag/list')).data.tag_list;
    const counts = new Map<string, number>();
    for (const p of expected) for (const tag of p.tags) counts.set(tag, (counts.get(tag) ?? 0) + 1);
    expect(tags).toHaveLength(counts.size);
    for (const tag of tags) expect(tag.plugin_count).toBe(counts.get(tag.code));
    const sorted = [...tags].sort((a, b) => b.plugin_count - a.plugin_count || (a.name < b.name ? -1 : 1));
    expect(tags).toEqual(sorted);
  });

  it('sorts by most popular: download_count desc, then latest', async () => {
    const latest = [...expected].sort(latestOrder);
    const boosted = [
      [latest[500]!, 9],
      [latest[1400]!, 9],
      [latest[3]!, 5],
      [latest[1000]!, 5],
      [latest[1461]!, 5],
    ] as const;
    for (const [p, downloads] of boosted) {
      await t.app.db.kysely
        .updateTable('plugin')
        .set({ download_count: downloads })
        .where('plugin_key', '=', p.plugin_key)
        .execute();
    }
    markCatalogueChanged(t.app.db);
    const downloadsOf = new Map(boosted.map(([p, n]) => [p.plugin_key, n as number]));
    const want = [...expected].sort(
      (a, b) =>
        (downloadsOf.get(b.plugin_key) ?? 0) - (downloadsOf.get(a.plugin_key) ?? 0) || latestOrder(a, b),
    );
    const page = await list({ sort: 1, page_size: 8 });
    expect(keys(page.plugin_list)).toEqual(keys(want.slice(0, 8)));
    expect(page.plugin_list.slice(0, 5).map((p) => p.download_count)).toEqual([9, 9, 5, 5, 5]);
    expect(keys(await walk({ sort: 1, page_size: 100 }))).toEqual(keys(want));
    expect(keys((await list({ sort: 0, page_size: 20 })).plugin_list)).toEqual(keys(latest.slice(0, 20)));
  });

  it('pages a tag filter by popularity through ties as the whole list orders it', async () => {
    await t.app.db.kysely
      .updateTable('plugin')
      .set((eb) => ({ download_count: eb('id', '%', 3) }))
      .execute();
    markCatalogueChanged(t.app.db);
    const whole = await walk({ sort: 1, page_size: 100 });
    const tags = body<{ data: TagListResult }>(await t.app.inject('/api/cmt/plugin/tag/list')).data.tag_list;
    for (const code of ['color', 'export']) {
      const tag = tags.find((x) => x.code === code)!;
      const got = await walk({ tag_id: tag.id, sort: 1, page_size: 7 });
      expect(keys(got)).toEqual(keys(whole.filter((p) => p.tags.some((x) => x.code === code))));
    }
    expect(keys(await walk({ sort: 1, page_size: 3 }))).toEqual(keys(whole));
  });

  it("shows each plugin's tags, ordered by code, as its detail does", async () => {
    const page = await list({ page_size: 50 });
    for (const p of page.plugin_list) {
      const detail = await t.app.inject({ url: '/api/cmt/plugin', query: { plugin_key: p.plugin_key } });
      expect(p.tags).toEqual(body<{ data: { tags: unknown } }>(detail).data.tags);
      const codes = p.tags.map((x) => x.code);
      expect(codes).toEqual([...codes].sort());
    }
  });

  it('returns translated texts for lang when a translation exists', async () => {
    const wireframe = expected.find((p) => p.name === 'Wireframe' && p.translations.length > 0)!;
    const find = async (lang?: string) => {
      const all = await walk({ page_size: 100, ...(lang ? { lang } : {}) });
      return all.find((p) => p.plugin_key === wireframe.plugin_key)!;
    };
    expect((await find('zh-CN')).intro).toBe(wireframe.translations[0]!.intro);
    expect((await find('en-US')).intro).toBe(wireframe.intro);
    expect((await find()).intro).toBe(wireframe.intro);
  });

  it('rejects a cursor of another query or a forged one with 400 INVALID_CURSOR', async () => {
    const page = await list({ page_size: 5 });
    const cursor = page.next_cursor!;
    const queries: Record<string, string | number>[] = [
      { cursor, sort: 1 },
      { cursor, tag_id: 3 },
      { cursor, keyword: 'color' },
      { cursor: `${cursor.slice(0, -2)}AA` },
      { cursor: Buffer.from('{"v":1,"q":"x","k":[1,2]}').toString('base64url') },
      { cursor: 'not-a-cursor' },
    ];
    for (const query of queries) {
      const response = await t.app.inject({ url: '/api/cmt/plugin/list', query: stringify(query) });
      expect(response.statusCode, JSON.stringify(query)).toBe(400);
      expect(body<ErrorEnvelope>(response)).toMatchObject({
        code: 40002,
        error: 'INVALID_CURSOR',
        data: null,
      });
    }
  });

  it('keeps cursors correct when plugins are added between pages', async () => {
    const before = [...expected].sort(latestOrder);
    const seen: PluginSummary[] = [];
    let page = await list({ page_size: 50 });
    seen.push(...page.plugin_list);
    page = await list({ page_size: 50, cursor: page.next_cursor! });
    seen.push(...page.plugin_list);

    const now = Date.now();
    const newer = Array.from({ length: 5 }, (_, i) => ({
      plugin_key: `cursor-test-newer-${i}`,
      name: `Cursor test newer ${i}`,
      review_status: 2 as const,
      create_time: now,
      update_time: now + i,
    }));
    const older = Array.from({ length: 3 }, (_, i) => ({
      plugin_key: `cursor-test-older-${i}`,
      name: `Cursor test older ${i}`,
      review_status: 2 as const,
      create_time: now,
      update_time: Date.UTC(2001, 0, 1) + i,
    }));
    const undated = {
      plugin_key: 'cursor-test-undated',
      name: 'Cursor test undated',
      review_status: 2 as const,
      create_time: now,
    };
    await createPlugins(t.app.db, [...newer, ...older, undated]);

    // The total includes the new plugins at once (same process).
    expect((await list({ page_size: 1 })).total).toBe(1462 + 9);

    let cursor = page.next_cursor;
    while (cursor) {
      page = await list({ page_size: 50, cursor });
      seen.push(...page.plugin_list);
      cursor = page.next_cursor;
    }
    const seenKeys = keys(seen);
    expect(new Set(seenKeys).size).toBe(seenKeys.length); // no duplicates
    for (const p of before) expect(seenKeys).toContain(p.plugin_key); // nothing existing skipped
    for (const p of newer) expect(seenKeys).not.toContain(p.plugin_key); // sorted before the cursor
    for (const p of [...older, undated]) expect(seenKeys).toContain(p.plugin_key); // sorted after it
    expect(seenKeys.filter((k) => k.startsWith('cursor-test-'))).toEqual([
      'cursor-test-older-2',
      'cursor-test-older-1',
      'cursor-test-older-0',
      'cursor-test-undated',
    ]);
  });

  it('keeps the total equal to the approved rows through inserts, review changes and deletes', async () => {
    const db = t.app.db;
    const countRows = async () =>
      Number(
        (
          await db.kysely
            .selectFrom('plugin')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('review_status', '=', 2)
            .executeTakeFirstOrThrow()
        ).n,
      );
    const now = Date.now();
    await createPlugins(db, [
      { plugin_key: 'stat-a', name: 'Stat A', review_status: 2 as const, create_time: now },
      { plugin_key: 'stat-b', name: 'Stat B', review_status: 1 as const, create_time: now },
    ]);
    const total = async () => {
      markCatalogueChanged(db);
      return (await list({ page_size: 1 })).total;
    };
    expect(await total()).toBe(await countRows());
    // Rejected, approved, deleted: each change moves the counter in the same transaction as the row.
    await db.kysely
      .updateTable('plugin')
      .set({ review_status: 3 })
      .where('plugin_key', '=', 'stat-a')
      .execute();
    expect(await total()).toBe(await countRows());
    await db.kysely
      .updateTable('plugin')
      .set({ review_status: 2 })
      .where('plugin_key', '=', 'stat-b')
      .execute();
    expect(await total()).toBe(await countRows());
    await db.kysely.updateTable('plugin').set({ view_count: 5 }).where('plugin_key', '=', 'stat-b').execute();
    expect(await total()).toBe(await countRows());
    await db.kysely
      .deleteFrom('plugin_tag')
      .where(
        'plugin_id',
        'in',
        db.kysely.selectFrom('plugin').select('id').where('plugin_key', 'in', ['stat-a', 'stat-b']),
      )
      .execute();
    await db.kysely.deleteFrom('plugin').where('plugin_key', 'in', ['stat-a', 'stat-b']).execute();
    expect(await total()).toBe(await countRows());
  });
});
