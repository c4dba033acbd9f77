/**
 * Search through `GET plugin/list?keyword=` over the real catalogue, on SQLite and on
 * PostgreSQL: ranking, sorts, paging, totals, word forms, typos, joined words, Chinese and the
 * bridge between the languages, hostile keywords, and an index that follows approval and deletion
 * with its document counts equal to its rows. Quality over many queries is `search/relevance/`.
 */
import {
  type ErrorEnvelope,
  type PluginListResult,
  type PluginSummary,
  Role,
  type TagListResult,
} from '@plugin-center/contract/schemas';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOP_LIST_MIN_DF } from '../search/data';
import { MAX_SEARCH_RESULTS } from '../search/engine';
import {
  body,
  createTestApp,
  expectedCatalogue,
  latestOrder,
  signInTestUser,
  type TestApp,
} from '../testing/testApp';
import { multipart, publishFields } from '../testing/testFiles';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ readCache: false });
});
afterAll(async () => {
  await t?.close();
});

async function search(query: Record<string, string | number>): Promise<PluginListResult> {
  const response = await t.app.inject({ url: '/api/cmt/plugin/list', query: stringify(query) });
  expect(response.statusCode, response.body).toBe(200);
  return body<{ data: PluginListResult }>(response).data;
}

const stringify = (q: Record<string, string | number>) =>
  Object.fromEntries(Object.entries(q).map(([k, v]) => [k, String(v)]));
const names = (list: readonly PluginSummary[]) => list.map((p) => p.name);

/** Every term's document count equals its postings (the index's counters in step with its rows). */
async function driftedTerms(): Promise<unknown[]> {
  const result = await sql`SELECT t.term, t.df FROM search_term t
    WHERE t.df <> (SELECT count(*) FROM search_posting p WHERE p.term_id = t.id)`.execute(t.app.db.kysely);
  return result.rows;
}

describe('search ranking and matching', () => {
  it('puts the plugin whose name is the query first', async () => {
    for (const name of ['Stark', 'Design Lint', 'Content Reel', 'Iconify']) {
      const { plugin_list } = await search({ keyword: name });
      expect(plugin_list[0]?.name, name).toBe(name);
    }
  });

  it('meets other forms of a word and British spellings', async () => {
    const shadows = await search({ keyword: 'shadows' });
    expect(shadows.total).toBeGreaterThan(0);
    expect(
      names(shadows.plugin_list)
        .slice(0, 5)
        .some((n) => /shadow/i.test(n)),
    ).toBe(true);
    const colour = await search({ keyword: 'colour palette' });
    const color = await search({ keyword: 'color palette' });
    expect(colour.plugin_list.map((p) => p.plugin_key)).toEqual(color.plugin_list.map((p) => p.plugin_key));
  });

  it('forgives typos by word length and finds run-together names', async () => {
    expect(
      names((await search({ keyword: 'pexles' })).plugin_list)
        .slice(0, 3)
        .join(),
    ).toMatch(/pexels/i);
    expect(
      names((await search({ keyword: 'wirefame' })).plugin_list)
        .slice(0, 3)
        .join(),
    ).toMatch(/wirefram/i);
    // Three letters tolerate no typo: "svh" is not "svg".
    expect((await search({ keyword: 'svh' })).total).toBe(0);
    expect(
      names((await search({ keyword: 'autolayout' })).plugin_list)
        .slice(0, 3)
        .join(),
    ).toMatch(/auto.?layout/i);
  });

  it('matches most words when no plugin has all of them, the ones matching more first', async () => {
    const result = await search({ keyword: 'export frames as png images', page_size: 50 });
    expect(result.total).toBeGreaterThan(0);
    expect(names(result.plugin_list).slice(0, 3).join()).toMatch(/png|export/i);
  });

  it('falls back to the words it knows when no plugin has half of them, never answering nothing', async () => {
    // Three words, two of them in no plugin: half (2) cannot be met, so the one known word decides.
    const result = await search({ keyword: 'pexels quokkaflux zorblatt', page_size: 50 });
    const alone = await search({ keyword: 'pexels', page_size: 50 });
    expect(result.total).toBeGreaterThan(0);
    expect(result.plugin_list.map((p) => p.plugin_key)).toEqual(alone.plugin_list.map((p) => p.plugin_key));
    expect((await search({ keyword: 'quokkaflux zorblatt' })).total).toBe(0);
  });

  it('ignores stop words unless they are the whole query', async () => {
    const withStopWords = await search({ keyword: 'a plugin to rename the layers' });
    const without = await search({ keyword: 'rename layers' });
    expect(withStopWords.plugin_list.slice(0, 5).map((p) => p.plugin_key)).toEqual(
      without.plugin_list.slice(0, 5).map((p) => p.plugin_key),
    );
    expect((await search({ keyword: 'the' })).total).toBeGreaterThan(0);
  });

  it('segments Chinese: a phrase without spaces finds plugins holding its words apart', async () => {
    const result = await search({ keyword: '圆角工具', lang: 'zh-CN' });
    expect(result.total).toBeGreaterThan(0);
    const first = result.plugin_list[0]!;
    expect(`${first.name}${first.intro}`).toMatch(/圆角|corner|radius/i);
    // One character still works.
    const one = await search({ keyword: '图', lang: 'zh-CN' });
    expect(one.total).toBeGreaterThan(10);
  });

  it('bridges Chinese and English terms in both directions', async () => {
    const charts = await search({ keyword: '图表' });
    expect(names(charts.plugin_list).slice(0, 5).join()).toMatch(/chart/i);
    const icons = await search({ keyword: 'icon' });
    const 图标 = await search({ keyword: '图标' });
    const english = new Set(icons.plugin_list.map((p) => p.plugin_key));
    expect(图标.plugin_list.some((p) => english.has(p.plugin_key))).toBe(true);
  });
});

describe('search sorts, paging and totals', () => {
  it('orders the same matches by update time when sort=0 is chosen', async () => {
    const catalogue = new Map(expectedCatalogue().map((p) => [p.plugin_key, p]));
    const latest = await search({ keyword: 'color', sort: 0, page_size: 100 });
    const relevance = await search({ keyword: 'color', page_size: 100 });
    expect(latest.total).toBe(relevance.total);
    const rows = latest.plugin_list.map((p) => catalogue.get(p.plugin_key)!);
    expect(rows).toEqual([...rows].sort(latestOrder));
    expect(latest.plugin_list.map((p) => p.plugin_key)).not.toEqual(
      relevance.plugin_list.map((p) => p.plugin_key),
    );
  });

  it('pages through a ranking without repeats or gaps, the cursor tied to its query', async () => {
    const all = await search({ keyword: 'sketch', page_size: 100 });
    const walked: string[] = [];
    let cursor: string | null = null;
    for (let page = 0; page < 5; page++) {
      const data: PluginListResult = await search({
        keyword: 'sketch',
        page_size: 20,
        ...(cursor ? { cursor } : {}),
      });
      walked.push(...data.plugin_list.map((p) => p.plugin_key));
      cursor = data.next_cursor;
      if (!cursor) break;
    }
    expect(walked).toEqual(all.plugin_list.map((p) => p.plugin_key));
    expect(new Set(walked).size).toBe(walked.length);
    const other = await t.app.inject({
      url: '/api/cmt/plugin/list',
      query: { keyword: 'color', cursor: cursor! },
    });
    expect(other.statusCode).toBe(400);
    expect(body<ErrorEnvelope>(other).error).toBe('INVALID_CURSOR');
  });

  it('ends at the last result: next_cursor null, total exact for a term read whole', async () => {
    const first = await search({ keyword: 'lorem', page_size: 100 });
    expect(first.next_cursor).toBeNull();
    expect(first.plugin_list.length).toBe(first.total);
    expect(first.total_relation ?? 'eq').toBe('eq');
    expect(first.total).toBeLessThanOrEqual(MAX_SEARCH_RESULTS);
  });

  it('filters by tag within the search', async () => {
    const tags = body<{ data: TagListResult }>(await t.app.inject({ url: '/api/cmt/plugin/tag/list' })).data;
    const tag = tags.tag_list.find((x) => x.code === 'export')!;
    const result = await search({ keyword: 'png', tag_id: tag.id, page_size: 100 });
    expect(result.total).toBeGreaterThan(0);
    for (const p of result.plugin_list) expect(p.tags.map((x) => x.code)).toContain('export');
  });

  it('treats any keyword as text: query syntax, punctuation only, NUL-free control characters', async () => {
    for (const keyword of ['"a" NEAR(b c) AND d:* | !e', "col' OR 1=1 --", '*', '\\', 'color:*']) {
      await search({ keyword });
    }
    expect(await search({ keyword: '!!! ... ---' })).toEqual({
      plugin_list: [],
      total: 0,
      next_cursor: null,
    });
  });
});

describe('the index follows the catalogue', () => {
  it('adds a plugin on approval, drops it on deletion, and keeps document counts equal to postings', async () => {
    const author = await signInTestUser(t.app);
    const admin = await signInTestUser(t.app, { role: Role.GENERAL_ADMIN });
    const { payload, headers } = await multipart(
      publishFields({ name: 'Quokkaflux Exporter', intro: 'Exports quokkaflux swatches' }),
    );
    const published = await t.app.inject({
      method: 'POST',
      url: '/api/cmt/plugin',
      payload,
      headers: { ...headers, authorization: `Bearer ${author.access_token}` },
    });
    expect(published.statusCode, published.body).toBe(200);
    const key = body<{ data: { plugin_key: string } }>(published).data.plugin_key;
    expect((await search({ keyword: 'quokkaflux' })).total).toBe(0);
    // A word other plugins hold, searched before the change: its answer follows the change too.
    const keys = (r: PluginListResult) => r.plugin_list.map((p) => p.plugin_key);
    const swatches = await search({ keyword: 'swatches', page_size: 100 });
    expect(swatches.total).toBeGreaterThan(0);
    expect(swatches.total).toBeLessThan(100);
    expect(keys(swatches)).not.toContain(key);
    // A frequent word, whose best postings a search reads from the term's stored top list.
    const exporter = await search({ keyword: 'exporter', page_size: 100 });
    const df = await sql<{ df: number }>`SELECT df FROM search_term WHERE term = 'export'`.execute(
      t.app.db.kysely,
    );
    expect(Number(df.rows[0]?.df)).toBeGreaterThan(TOP_LIST_MIN_DF);
    expect(exporter.total_relation ?? 'eq').toBe('eq');

    const approve = await t.app.inject({
      method: 'POST',
      url: '/api/cmt/plugin/audit/status',
      payload: { plugin_key: key, status: 2 },
      headers: { authorization: `Bearer ${admin.access_token}` },
    });
    expect(approve.statusCode, approve.body).toBe(200);
    expect((await search({ keyword: 'quokkaflux' })).plugin_list.map((p) => p.plugin_key)).toEqual([key]);
    expect((await search({ keyword: 'quokkaflx' })).plugin_list.map((p) => p.plugin_key)).toEqual([key]);
    const withIt = await search({ keyword: 'swatches', page_size: 100 });
    expect(withIt.total).toBe(swatches.total + 1);
    expect(keys(withIt)).toContain(key);
    expect((await search({ keyword: 'exporter', page_size: 100 })).total).toBe(exporter.total + 1);
    expect(await driftedTerms()).toEqual([]);

    const removed = await t.app.inject({
      method: 'DELETE',
      url: '/api/cmt/plugin',
      payload: { plugin_key: key },
      headers: { authorization: `Bearer ${admin.access_token}` },
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await search({ keyword: 'quokkaflux' })).total).toBe(0);
    expect(await search({ keyword: 'swatches', page_size: 100 })).toEqual(swatches);
    expect(await search({ keyword: 'exporter', page_size: 100 })).toEqual(exporter);
    expect(await driftedTerms()).toEqual([]);
  });

  it('rebuilds the whole index to the same answers when the analyzer version changes', async () => {
    const before = await search({ keyword: 'icon', page_size: 50 });
    await t.app.db.kysely
      .updateTable('catalogue_stat')
      .set({ value: 0 })
      .where('name', '=', 'search_index_version')
      .execute();
    const { ensureSearchIndex } = await import('../search/indexer');
    expect(await ensureSearchIndex(t.app.db)).toBeGreaterThan(1000);
    expect(await search({ keyword: 'icon', page_size: 50 })).toEqual(before);
    expect(await driftedTerms()).toEqual([]);
  });
});
