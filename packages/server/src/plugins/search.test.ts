/**
 * Search over the real catalogue. Expectations are computed in the test from the catalogue files
 * with a small independent matcher (word prefix for Latin terms, substring/bigrams for Chinese), so
 * the SQLite and PostgreSQL runs are both compared with the same fixed answer.
 */
import type {
  ErrorEnvelope,
  PluginListResult,
  PluginSummary,
  TagListResult,
} from '@plugin-center/contract/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  body,
  createTestApp,
  type ExpectedPlugin,
  expectedCatalogue,
  latestOrder,
  type TestApp,
} from '../testSupport';
import { tagDisplayName } from './tags';

let t: TestApp;
let catalogue: ExpectedPlugin[];

beforeAll(async () => {
  t = await createTestApp();
  catalogue = expectedCatalogue();
});
afterAll(async () => {
  await t?.close();
});

const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;
const CJK_ALL = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/gu;
const norm = (s: string) =>
  s
    .normalize('NFKC')
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .normalize('NFC');
const words = (s: string) =>
  norm(s)
    .replace(CJK_ALL, ' ')
    .match(/[\p{L}\p{N}][\p{L}\p{N}\p{M}]*/gu) ?? [];

function termMatches(texts: readonly string[], term: string): boolean {
  const t = norm(term);
  if (/^[a-z0-9]+$/.test(t)) return texts.some((x) => words(x).some((w) => w.startsWith(t)));
  const chars = [...t];
  if (!chars.every((c) => CJK.test(c))) throw new Error(`the test matcher only knows simple terms: ${term}`);
  if (chars.length === 1) return texts.some((x) => norm(x).includes(t));
  return chars.slice(1).every((c, i) => texts.some((x) => norm(x).includes(chars[i]! + c)));
}

const nameTexts = (p: ExpectedPlugin) => [p.name, ...p.translations.map((x) => x.name)];
const allTexts = (p: ExpectedPlugin) => [
  ...nameTexts(p),
  p.intro,
  p.description,
  p.developer ?? '',
  ...p.tags,
  ...p.tags.map(tagDisplayName),
  ...p.translations.flatMap((x) => [x.intro, x.description]),
];

/** The expected result list of a keyword: all terms match; name matches first; then latest order. */
function expectedSearch(
  keyword: string,
  filter: (p: ExpectedPlugin) => boolean = () => true,
): ExpectedPlugin[] {
  const terms = keyword.split(/\s+/).filter(Boolean);
  const matches = (texts: string[]) => terms.every((term) => termMatches(texts, term));
  const hit = (p: ExpectedPlugin) => (matches(nameTexts(p)) ? 1 : 0);
  return catalogue
    .filter((p) => filter(p) && matches(allTexts(p)))
    .sort((a, b) => hit(b) - hit(a) || latestOrder(a, b));
}

async function search(query: Record<string, string | number>): Promise<PluginListResult> {
  const response = await t.app.inject({
    url: '/api/cmt/plugin/list',
    query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])),
  });
  expect(response.statusCode, response.body).toBe(200);
  return body<{ data: PluginListResult }>(response).data;
}

async function searchAll(
  query: Record<string, string | number>,
): Promise<{ plugins: PluginSummary[]; total: number }> {
  const plugins: PluginSummary[] = [];
  let cursor: string | null = null;
  let total = -1;
  do {
    const page: PluginListResult = await search({ page_size: 25, ...query, ...(cursor ? { cursor } : {}) });
    if (total === -1) total = page.total;
    expect(page.total).toBe(total);
    plugins.push(...page.plugin_list);
    cursor = page.next_cursor;
  } while (cursor);
  return { plugins, total };
}

const keys = (plugins: ReadonlyArray<{ plugin_key: string }>) => plugins.map((p) => p.plugin_key);

describe('search (GET plugin/list with keyword)', () => {
  it('matches Latin terms as word prefixes ("colo" finds color, colors, colour…)', async () => {
    const want = expectedSearch('colo');
    expect(want.length).toBeGreaterThan(100);
    const { plugins, total } = await searchAll({ keyword: 'colo' });
    expect(total).toBe(want.length);
    expect(keys(plugins)).toEqual(keys(want));
    const names = plugins.map((p) => p.name.toLowerCase());
    expect(names.some((n) => /\bcolors\b/.test(n))).toBe(true);
    expect(names.some((n) => /\bcolor\b/.test(n))).toBe(true);
  });

  it('ranks plugins whose name matches all terms first, then the others, each by the chosen sort', async () => {
    const { plugins } = await searchAll({ keyword: 'color' });
    const nameHit = plugins.map((p) => (words(p.name).some((w) => w.startsWith('color')) ? 1 : 0));
    const firstOther = nameHit.indexOf(0);
    expect(firstOther).toBeGreaterThan(10);
    expect(nameHit.slice(firstOther)).not.toContain(1);
    const group = plugins.slice(0, firstOther).map((p) => p.update_time ?? 0);
    expect(group).toEqual([...group].sort((a, b) => b - a));
  });

  it('ANDs several terms and counts the matches', async () => {
    for (const keyword of ['export layers', 'sketch SVG export', 'figma icon']) {
      const want = expectedSearch(keyword);
      const { plugins, total } = await searchAll({ keyword });
      expect(total, keyword).toBe(want.length);
      expect(keys(plugins), keyword).toEqual(keys(want));
    }
    expect(expectedSearch('export layers').length).toBeLessThan(expectedSearch('export').length);
  });

  it('finds plugins by developer and by tag', async () => {
    const byDeveloper = await search({ keyword: 'Sabarinathan' });
    expect(byDeveloper.plugin_list.map((p) => p.name)).toContain('⚓️ Sketch - SelectPlus');
    const want = expectedSearch('kits');
    expect(
      want.some((p) => p.tags.includes('ui-kits') && !/kits/i.test(p.name + p.intro + p.description)),
    ).toBe(true);
    expect(keys((await searchAll({ keyword: 'kits' })).plugins)).toEqual(keys(want));
  });

  it.each(['图', '插件', '颜色', '字体', '设计', '命名'])(
    'finds Chinese %s (1- and 2-character queries)',
    async (keyword) => {
      const want = expectedSearch(keyword);
      expect(want.length).toBeGreaterThan(0);
      const { plugins, total } = await searchAll({ keyword });
      expect(total).toBe(want.length);
      expect(keys(plugins)).toEqual(keys(want));
    },
  );

  it('finds an English plugin through its zh-CN translation, and shows the translation for lang=zh-CN', async () => {
    const wireframe = catalogue.find((p) => p.name === 'Wireframe' && p.translations.length > 0)!;
    expect(wireframe.intro + wireframe.description).not.toMatch(CJK);
    const en = await search({ keyword: '线框图' });
    expect(keys(en.plugin_list)).toContain(wireframe.plugin_key);
    expect(en.plugin_list.find((p) => p.plugin_key === wireframe.plugin_key)!.intro).toBe(wireframe.intro);
    const zh = await search({ keyword: '线框图', lang: 'zh-CN' });
    expect(zh.plugin_list.find((p) => p.plugin_key === wireframe.plugin_key)!.intro).toBe(
      wireframe.translations[0]!.intro,
    );
    const single = await searchAll({ keyword: '图' });
    expect(keys(single.plugins)).toContain(wireframe.plugin_key);
  });

  it('combines search with sort and tag filters', async () => {
    const tags = body<{ data: TagListResult }>(await t.app.inject('/api/cmt/plugin/tag/list')).data.tag_list;
    const color = tags.find((x) => x.code === 'color')!;
    const want = expectedSearch('picker', (p) => p.tags.includes('color'));
    const { plugins, total } = await searchAll({ keyword: 'picker', tag_id: color.id });
    expect(total).toBe(want.length);
    expect(keys(plugins)).toEqual(keys(want));
    // All download counts are 0 in the catalogue, so most popular falls back to latest.
    expect(keys((await searchAll({ keyword: 'picker', sort: 1 })).plugins)).toEqual(
      keys(expectedSearch('picker')),
    );
  });

  it('treats query syntax as text: quotes, operators and NEAR cannot break or inject', async () => {
    for (const keyword of [
      '"',
      "'",
      '*',
      ':',
      '&',
      '|',
      '!',
      '(',
      ')',
      '\\',
      '^',
      '-',
      '+',
      '{}',
      '%',
      '_',
      '😀🎨',
      '*:&|!',
    ]) {
      const page = await search({ keyword });
      expect(page, JSON.stringify(keyword)).toEqual({ plugin_list: [], total: 0, next_cursor: null });
    }
    // A NUL character is refused at the edge on both dialects (issue 11 defect 3).
    const nul = await t.app.inject({ url: '/api/cmt/plugin/list', query: { keyword: 'a\u0000b' } });
    expect(nul.statusCode).toBe(400);
    expect(body<{ message: string }>(nul).message).toBe(
      'querystring.keyword: must not contain NUL characters',
    );
    for (const keyword of [
      'NEAR(color picker)',
      'color AND',
      'OR color',
      'NOT color',
      'search_all:color',
      '"color"*',
      "color'",
      'color:*',
    ]) {
      const page = await search({ keyword });
      const want = expectedSearch(keyword.replace(/[^\p{L}\p{N}\s]+/gu, ' ').trim());
      expect(page.total, keyword).toBe(want.length);
    }
  });

  it('answers an empty keyword like no keyword', async () => {
    const page = await search({ keyword: '   ', page_size: 3 });
    expect(page.total).toBe(1462);
  });

  it('rejects a cursor of another keyword', async () => {
    const page = await search({ keyword: 'color', page_size: 5 });
    const response = await t.app.inject({
      url: '/api/cmt/plugin/list',
      query: { keyword: 'colour', page_size: '5', cursor: page.next_cursor! },
    });
    expect(response.statusCode).toBe(400);
    expect(body<ErrorEnvelope>(response).error).toBe('INVALID_CURSOR');
  });
});
