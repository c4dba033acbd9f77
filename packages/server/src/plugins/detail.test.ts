import type { ErrorEnvelope, PluginDetail, PluginSummary } from '@plugin-center/contract/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  body,
  createTestApp,
  type ExpectedPlugin,
  expectedCatalogue,
  type TestApp,
} from '../testing/testApp';
import { addPluginVersion, createPlugins, setRecommendations } from './data/write';

let t: TestApp;
let catalogue: ExpectedPlugin[];

beforeAll(async () => {
  t = await createTestApp();
  catalogue = expectedCatalogue();
});
afterAll(async () => {
  await t?.close();
});

async function detail(plugin_key: string, lang?: string) {
  return t.app.inject({ url: '/api/cmt/plugin', query: { plugin_key, ...(lang ? { lang } : {}) } });
}

async function recommend(query: Record<string, number | string> = {}): Promise<PluginSummary[]> {
  const response = await t.app.inject({
    url: '/api/cmt/plugin/recommendation/list',
    query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])),
  });
  expect(response.statusCode, response.body).toBe(200);
  return body<{ data: { plugin_list: PluginSummary[] } }>(response).data.plugin_list;
}

describe('GET /api/cmt/plugin (detail)', () => {
  it('answers every field of the plugin with its history versions, newest first', async () => {
    const key = 'detail-test-plugin';
    await createPlugins(t.app.db, [
      {
        plugin_key: key,
        name: 'Detail Test',
        intro: 'Short',
        description: 'Long text',
        developer: 'Dev',
        technical_support_link: 'https://example.com/support',
        homepage: 'https://example.com',
        license: 'MIT',
        platforms: ['figma'],
        review_status: 2,
        create_time: Date.UTC(2024, 0, 1),
        update_time: Date.UTC(2024, 0, 2),
        tags: ['color', 'export'],
        icon: 'https://example.com/icon.png',
        cover_center: 'https://example.com/c.png',
        reuse_center_cover: true,
        contact: 'dev@example.com',
        copyright_type: 'custom',
        copyright_name: 'Example Ltd',
        is_default_install: true,
      },
    ]);
    expect(
      await addPluginVersion(t.app.db, key, {
        version: '1.0.0',
        version_content: 'First',
        create_time: Date.UTC(2024, 1, 1),
      }),
    ).toBe(true);
    await addPluginVersion(t.app.db, key, {
      version: '1.1.0',
      version_content: 'Second',
      create_time: Date.UTC(2024, 2, 1),
    });
    await addPluginVersion(t.app.db, key, {
      version: '0.9.0',
      version_content: 'Backfilled',
      create_time: Date.UTC(2023, 11, 1),
    });
    expect(await addPluginVersion(t.app.db, 'no-such-plugin', { version: '1', version_content: '' })).toBe(
      false,
    );

    const response = await detail(key);
    expect(response.statusCode).toBe(200);
    const envelope = body<{ code: number; data: PluginDetail }>(response);
    expect(envelope.code).toBe(0);
    expect(envelope.data).toEqual({
      plugin_key: key,
      name: 'Detail Test',
      intro: 'Short',
      description: 'Long text',
      icon: 'https://example.com/icon.png',
      tags: [
        expect.objectContaining({ code: 'color', name: 'Color' }),
        expect.objectContaining({ code: 'export', name: 'Export' }),
      ],
      developer: 'Dev',
      platforms: ['figma'],
      current_version: '1.1.0',
      download_count: 0,
      view_count: 0,
      praise_count: 0,
      rating_count: 0,
      rating_average: null,
      create_time: Date.UTC(2024, 0, 1),
      update_time: Date.UTC(2024, 2, 1),
      publisher_handle: null,
      publisher_verified: false,
      video: null,
      images: [],
      cover: { center: 'https://example.com/c.png', panel: null, reuse_center_cover: true },
      code_file: null,
      contact: 'dev@example.com',
      version_content: 'Second',
      copyright_holder: { type: 'custom', name: 'Example Ltd' },
      technical_support_link: 'https://example.com/support',
      homepage: 'https://example.com',
      license: 'MIT',
      repository: null,
      unlisted: false,
      deprecation: null,
      mirror: null,
      source: null,
      review_status: 2,
      is_default_install: true,
      is_praise: false,
      is_installed: false,
      is_owner: false,
      versions: [
        { version: '1.1.0', version_content: 'Second', create_time: Date.UTC(2024, 2, 1), signature: null },
        { version: '1.0.0', version_content: 'First', create_time: Date.UTC(2024, 1, 1), signature: null },
        {
          version: '0.9.0',
          version_content: 'Backfilled',
          create_time: Date.UTC(2023, 11, 1),
          signature: null,
        },
      ],
    });
  });

  it('answers 404 PLUGIN_NOT_FOUND for an unknown or unapproved plugin', async () => {
    await createPlugins(t.app.db, [
      { plugin_key: 'detail-unreviewed', name: 'Unreviewed', create_time: 1, review_status: 1 },
    ]);
    for (const key of ['no-such-plugin', 'detail-unreviewed']) {
      const response = await detail(key);
      expect(response.statusCode).toBe(404);
      expect(body<ErrorEnvelope>(response)).toEqual({
        code: 40400,
        error: 'PLUGIN_NOT_FOUND',
        message: `no plugin with plugin_key "${key}"`,
        data: null,
      });
    }
  });

  it('uses the zh-CN translation for lang=zh-CN', async () => {
    const figmotion = catalogue.find((p) => p.name === 'Figmotion' && p.translations.length > 0)!;
    const zh = body<{ data: PluginDetail }>(await detail(figmotion.plugin_key, 'zh-CN')).data;
    expect(zh.description).toBe(figmotion.translations[0]!.description);
    const en = body<{ data: PluginDetail }>(await detail(figmotion.plugin_key, 'en-US')).data;
    expect(en.description).toBe(figmotion.description);
  });
});

describe('POST /api/cmt/plugin/view', () => {
  it('counts views atomically: 50 concurrent views by 50 visitors add 50', async () => {
    const key = catalogue[10]!.plugin_key;
    const responses = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        t.app.inject({
          method: 'POST',
          url: '/api/cmt/plugin/view',
          headers: { 'user-agent': `visitor ${i}` },
          payload: { plugin_key: key },
        }),
      ),
    );
    expect(responses.every((r) => r.statusCode === 200)).toBe(true);
    const counts = responses
      .map((r) => body<{ data: { view_count: number } }>(r).data.view_count)
      .sort((a, b) => a - b);
    expect(counts).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
    const after = body<{ data: PluginDetail }>(await detail(key)).data;
    expect(after.view_count).toBe(50);
  });

  it('answers 404 for an unknown plugin', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/cmt/plugin/view',
      payload: { plugin_key: 'nope' },
    });
    expect(response.statusCode).toBe(404);
    expect(body<ErrorEnvelope>(response).error).toBe('PLUGIN_NOT_FOUND');
  });
});

describe('GET /api/cmt/plugin/recommendation/list', () => {
  it('samples approved plugins: 4 by default, same seed same answer, another seed another sample', async () => {
    const first = await recommend();
    expect(first).toHaveLength(4);
    expect(await recommend()).toEqual(first);
    expect(await recommend({ seed: 0 })).toEqual(first);
    const samples = await Promise.all([1, 2, 3, 4, 5].map((seed) => recommend({ seed })));
    const distinct = new Set(samples.map((s) => s.map((p) => p.plugin_key).join()));
    expect(distinct.size).toBeGreaterThan(1);
    expect(await recommend({ seed: 3 })).toEqual(samples[2]);
    expect(await recommend({ count: 24, seed: 9 })).toHaveLength(24);
    const approved = new Set(catalogue.map((p) => p.plugin_key));
    for (const sample of samples) {
      for (const p of sample) {
        expect(approved.has(p.plugin_key) || p.plugin_key.startsWith('detail-test')).toBe(true);
        expect(p.plugin_key).not.toBe('detail-unreviewed');
      }
    }
  });

  it('prefers plugins with an update date (the most recently updated when views are equal)', async () => {
    const pool = await recommend({ count: 24, seed: 1 });
    expect(pool.every((p) => p.update_time !== null)).toBe(true);
  });

  it('answers the curated recommendations when there are any, rotating by seed', async () => {
    const keys = catalogue.slice(100, 106).map((p) => p.plugin_key);
    expect(await setRecommendations(t.app.db, [...keys, 'unknown-key'])).toBe(6);
    expect((await recommend({ count: 6 })).map((p) => p.plugin_key)).toEqual(keys);
    expect((await recommend({ count: 4, seed: 0 })).map((p) => p.plugin_key)).toEqual(keys.slice(0, 4));
    expect((await recommend({ count: 4, seed: 1 })).map((p) => p.plugin_key)).toEqual([
      keys[4],
      keys[5],
      keys[0],
      keys[1],
    ]);
    const wireframe = catalogue.find((p) => p.name === 'Wireframe' && p.translations.length > 0)!;
    await setRecommendations(t.app.db, [wireframe.plugin_key]);
    expect((await recommend({ lang: 'zh-CN' }))[0]!.intro).toBe(wireframe.translations[0]!.intro);
    await setRecommendations(t.app.db, []);
    expect(await recommend()).toHaveLength(4);
  });
});
