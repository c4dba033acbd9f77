import type { PluginDetail, TagListResult } from '@plugin-center/contract/schemas';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  body,
  createTestApp,
  expectedCatalogue,
  readShippedCatalogue,
  type TestApp,
} from '../testing/testApp';
import { TEST_DIALECT } from '../testing/testDatabase';
import { derivePluginKey, parseCatalogueDate } from './entry';
import { type ImportReport, importCatalogue, importEntries } from './import';

let t: TestApp;
let first: ImportReport;
let firstMs = 0;
let importedAt = 0;

beforeAll(async () => {
  t = await createTestApp({ importCatalogueOnEmpty: false });
  importedAt = Date.now();
  const started = performance.now();
  first = await importCatalogue(t.app.db, t.config.catalogueDir);
  firstMs = performance.now() - started;
});
afterAll(async () => {
  await t?.close();
});

async function detail(key: string, lang?: string): Promise<PluginDetail> {
  const response = await t.app.inject({
    url: '/api/cmt/plugin',
    query: { plugin_key: key, ...(lang ? { lang } : {}) },
  });
  expect(response.statusCode).toBe(200);
  return body<{ data: PluginDetail }>(response).data;
}

describe('importCatalogue (shipped catalogue)', () => {
  it('imports every record: 1,448 + 14 new Chinese plugins, 10 translations, 10 duplicates skipped', () => {
    const expected = expectedCatalogue();
    expect(expected).toHaveLength(1462);
    expect(first).toEqual({ added: 1462, skipped: 10, translations: 10, errors: [] });
    // Printed, not asserted: speed is the benchmarks' job (`pnpm bench` prints import times at scale).
    console.info(`[${TEST_DIALECT}] catalogue import of 1,482 records: ${firstMs.toFixed(0)} ms`);
  });

  it('is idempotent: a second import adds nothing', async () => {
    const before = await counts();
    const again = await importCatalogue(t.app.db, t.config.catalogueDir);
    expect(again).toEqual({ added: 0, skipped: 1482, translations: 0, errors: [] });
    expect(await counts()).toEqual(before);
    expect(before).toEqual({ plugins: 1462, translations: 10, versions: 0, links: expect.any(Number) });
  });

  it('maps fields honestly (author, repo, date, no invented version or icon)', async () => {
    const { plugins } = readShippedCatalogue();
    const raw = plugins[0]!;
    const key = derivePluginKey({ ...raw, updated_at: null } as never);
    expect(key).toBe('sketch-selectplus-b5286a2b80'); // stable on every run and machine
    const d = await detail(key);
    expect(d).toMatchObject({
      plugin_key: key,
      name: '⚓️ Sketch - SelectPlus',
      intro: raw.intro,
      description: raw.description,
      developer: 'Sabarinathan Masilamani',
      technical_support_link: 'https://github.com/nathan5x/sketch-selectplus',
      homepage: null,
      license: null,
      source: 'sketchplugins/plugin-directory@b34b049:plugins.json',
      platforms: ['sketch'],
      update_time: Date.UTC(2020, 2, 15, 6, 32, 1),
      current_version: null,
      version_content: '',
      versions: [],
      icon: null,
      review_status: 2,
      copyright_holder: { type: 'author', name: 'Sabarinathan Masilamani' },
      is_default_install: false,
      download_count: 0,
      view_count: 0,
      praise_count: 0,
    });
    // Created no later than updated: the source's date, not the import time.
    expect(d.create_time).toBe(Date.UTC(2020, 2, 15, 6, 32, 1));
    expect(d.tags.map((tag) => tag.code)).toEqual(['layers', 'workflow']);
  });

  it('leaves update_time null when the source has no date and reads zone abbreviations', async () => {
    const expected = expectedCatalogue();
    const undated = expected.find((p) => p.update_time === null)!;
    const shown = await detail(undated.plugin_key);
    expect(shown.update_time).toBeNull();
    // Without a source date the listing was created when it was imported.
    expect(shown.create_time).toBeGreaterThanOrEqual(importedAt);
    expect(shown.create_time).toBeLessThanOrEqual(Date.now());
    // Listed at an unknown time in the newest order: after every dated entry, not first.
    const approved = await t.app.db.kysely
      .selectFrom('plugin')
      .select(['plugin_key', 'approve_time', 'update_time'])
      .where('source', 'is not', null)
      .execute();
    expect(approved.find((r) => r.plugin_key === undated.plugin_key)?.approve_time).toEqual(0);
    for (const r of approved)
      expect(Number(r.approve_time), r.plugin_key).toBe(r.update_time === null ? 0 : Number(r.update_time));
    const newest = await t.app.inject({ url: '/api/cmt/plugin/list?sort=5&page_size=5' });
    for (const p of newest.json().data.plugin_list) expect(p.update_time, p.plugin_key).not.toBeNull();
    expect(parseCatalogueDate('2024-12-15 17:07:00 CET')).toBe(Date.UTC(2024, 11, 15, 16, 7, 0));
    expect(parseCatalogueDate('yesterday')).toBeNull();
  });

  it('never shows a plugin created after its update', async () => {
    const later = await t.app.db.kysely
      .selectFrom('plugin')
      .select(['plugin_key', 'create_time', 'update_time'])
      .where('update_time', 'is not', null)
      .whereRef('create_time', '>', 'update_time')
      .execute();
    expect(later).toEqual([]);
    const dated = await t.app.db.kysely
      .selectFrom('plugin')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('update_time', 'is not', null)
      .executeTakeFirstOrThrow();
    expect(Number(dated.n)).toBeGreaterThan(700);
  });

  it('attaches zh.json en_ref entries as zh-CN translations', async () => {
    const designLint = expectedCatalogue().find((p) => p.name === 'Design Lint')!;
    const en = await detail(designLint.plugin_key);
    const zh = await detail(designLint.plugin_key, 'zh-CN');
    expect(en.intro).not.toMatch(/[\u4e00-\u9fff]/);
    expect(zh.intro).toMatch(/^一款检查设计中是否缺少文本/);
    expect(zh.intro).not.toContain('](https://'); // markdown entries are stored as plain text
  });

  it('creates tags from the data with readable English names', async () => {
    const response = await t.app.inject('/api/cmt/plugin/tag/list');
    const tags = body<{ data: TagListResult }>(response).data.tag_list;
    const byCode = new Map(tags.map((tag) => [tag.code, tag.name]));
    expect(byCode.get('ui-kits')).toBe('UI Kits');
    expect(byCode.get('3d')).toBe('3D');
    expect(byCode.get('design-tokens')).toBe('Design Tokens');
    expect(byCode.get('layers')).toBe('Layers');
  });

  it('reports malformed records with index and reason and imports the others', async () => {
    const valid = (name: string) => ({
      name,
      intro: 'Fine',
      description: 'Fine',
      author: 'T',
      tags: ['test-tag'],
    });
    const report = await importEntries(t.app.db, [
      {
        file: 'mixed.json',
        entries: [
          valid('Malformed Test A'),
          42,
          null,
          { name: '   ' },
          { intro: 'no name' },
          { name: 'Wrong tags', tags: 'color' },
          { name: 'x'.repeat(201) },
          { name: 'Bad date', updated_at: 'yesterday' },
          { name: 'Bad intro', intro: 5 },
          valid('Malformed Test B'),
          { name: 'Ref', lang: 'zh', en_ref: { name: 'No such plugin', source: 'nowhere' } },
          [],
        ],
      },
    ]);
    expect(report.added).toBe(2);
    expect(report.errors.map((e) => e.index)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 11, 10]);
    const reasons = Object.fromEntries(report.errors.map((e) => [e.index, e.reason]));
    expect(reasons[1]).toMatch(/expected an object, got number/);
    expect(reasons[2]).toMatch(/got null/);
    expect(reasons[3]).toMatch(/name: blank/);
    expect(reasons[4]).toMatch(/name: missing/);
    expect(reasons[5]).toMatch(/tags: expected an array/);
    expect(reasons[6]).toMatch(/name: longer than 200/);
    expect(reasons[7]).toMatch(/updated_at: not a date/);
    expect(reasons[8]).toMatch(/intro: expected a string/);
    expect(reasons[10]).toMatch(/en_ref: no plugin named "No such plugin"/);
    expect(reasons[11]).toMatch(/got array/);
    expect(report.errors.every((e) => e.file === 'mixed.json')).toBe(true);
    // The two imported plugins match both words, so they lead the results.
    const search = await t.app.inject({ url: '/api/cmt/plugin/list', query: { keyword: 'malformed test' } });
    const found = body<{ data: { plugin_list: { name: string }[] } }>(search).data.plugin_list;
    expect(found.slice(0, 2).map((p) => p.name.toLowerCase().includes('malformed'))).toEqual([true, true]);
  });
});

async function counts() {
  const db = t.app.db.kysely;
  const one = async (table: 'plugin' | 'plugin_translation' | 'plugin_version' | 'plugin_tag') =>
    Number((await sql<{ n: number }>`SELECT count(*) AS n FROM ${sql.table(table)}`.execute(db)).rows[0]!.n);
  return {
    plugins: await one('plugin'),
    translations: await one('plugin_translation'),
    versions: await one('plugin_version'),
    links: await one('plugin_tag'),
  };
}
