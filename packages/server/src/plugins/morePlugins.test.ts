import type { ErrorEnvelope, PluginSummary } from '@plugin-center/contract/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, createTestApp, type TestApp } from '../testing/testApp';
import { createPlugins, type NewPlugin } from './data/write';

let t: TestApp;
let owner: number;
let otherOwner: number;

const URL = '/api/cmt/plugin/more';

async function more(query: string) {
  return t.app.inject({ method: 'GET', url: `${URL}${query}` });
}

async function moreKeys(pluginKey: string, extra = ''): Promise<string[]> {
  const response = await more(`?plugin_key=${encodeURIComponent(pluginKey)}${extra}`);
  expect(response.statusCode, response.body).toBe(200);
  return body<{ data: { plugin_list: PluginSummary[] } }>(response).data.plugin_list.map((p) => p.plugin_key);
}

function plugin(plugin_key: string, patch: Partial<NewPlugin> = {}): NewPlugin {
  return {
    plugin_key,
    name: plugin_key,
    review_status: 2,
    create_time: Date.UTC(2024, 0, 1),
    update_time: Date.UTC(2024, 0, 2),
    ...patch,
  };
}

async function setOwner(keys: string[], ownerId: number) {
  await t.app.db.kysely
    .updateTable('plugin')
    .set({ owner_id: ownerId })
    .where('plugin_key', 'in', keys)
    .execute();
}

beforeAll(async () => {
  t = await createTestApp();
  owner = (await t.app.identity.createAccount({ email: 'more-owner@test.local', password: 'test-password' }))
    .id;
  otherOwner = (
    await t.app.identity.createAccount({ email: 'more-other@test.local', password: 'test-password' })
  ).id;
  await createPlugins(t.app.db, [
    plugin('more-a', { developer: 'Owner Dev', download_count: 5 }),
    plugin('more-b', { developer: 'Owner Dev', download_count: 50 }),
    plugin('more-c', { developer: 'Renamed Dev', download_count: 10, translations: [] }),
    plugin('more-unlisted', { developer: 'Owner Dev', download_count: 99 }),
    plugin('more-pending', { developer: 'Owner Dev', download_count: 99, review_status: 1 }),
    plugin('more-foreign', { developer: 'Owner Dev', download_count: 99 }),
    plugin('more-ownerless-same-dev', { developer: 'Owner Dev', download_count: 99 }),
    plugin('solo-1', { developer: 'Solo Dev', download_count: 3 }),
    plugin('solo-2', { developer: 'Solo Dev', download_count: 7 }),
    plugin('solo-owned', { developer: 'Solo Dev', download_count: 9 }),
    plugin('solo-other-dev', { developer: 'Solo Dev 2', download_count: 9 }),
    plugin('nobody-1', { developer: null }),
    plugin('nobody-2', { developer: null }),
    ...Array.from({ length: 9 }, (_, i) => plugin(`many-${i}`, { developer: 'Many', download_count: i })),
  ]);
  await setOwner(['more-a', 'more-b', 'more-c', 'more-unlisted', 'more-pending'], owner);
  await setOwner(['more-foreign', 'solo-owned'], otherOwner);
  await t.app.db.kysely
    .updateTable('plugin')
    .set({ unlisted_at: Date.UTC(2024, 1, 1) })
    .where('plugin_key', '=', 'more-unlisted')
    .execute();
});
afterAll(async () => {
  await t?.close();
});

describe('GET /api/cmt/plugin/more (more from this publisher)', () => {
  it("answers the owner's other listed approved plugins, most installed first, whatever their developer text", async () => {
    expect(await moreKeys('more-a')).toEqual(['more-b', 'more-c']);
    expect(await moreKeys('more-b')).toEqual(['more-c', 'more-a']);
  });

  it('answers for an unlisted plugin too (its detail still opens by key), leaving it out of the others', async () => {
    expect(await moreKeys('more-unlisted')).toEqual(['more-b', 'more-c', 'more-a']);
  });

  it('matches a plugin without an owner by its developer, among plugins without an owner', async () => {
    expect(await moreKeys('solo-1')).toEqual(['solo-2']);
    expect(await moreKeys('more-ownerless-same-dev')).toEqual([]);
    expect(await moreKeys('nobody-1')).toEqual([]);
  });

  it('answers summaries and at most count, 6 by default', async () => {
    const response = await more('?plugin_key=many-0');
    const list = body<{ data: { plugin_list: PluginSummary[] } }>(response).data.plugin_list;
    expect(list.map((p) => p.plugin_key)).toEqual([
      'many-8',
      'many-7',
      'many-6',
      'many-5',
      'many-4',
      'many-3',
    ]);
    expect(list[0]).toMatchObject({
      name: 'many-8',
      developer: 'Many',
      download_count: 8,
      rating_average: null,
    });
    expect(await moreKeys('many-0', '&count=2')).toEqual(['many-8', 'many-7']);
    expect(await moreKeys('many-0', '&count=12&lang=en-US')).toHaveLength(8);
  });

  it('answers 404 PLUGIN_NOT_FOUND for a key of no approved plugin', async () => {
    for (const key of ['no-such-plugin', 'more-pending', "' OR 1=1 --", '%', '_']) {
      const response = await more(`?plugin_key=${encodeURIComponent(key)}`);
      expect(response.statusCode, key).toBe(404);
      expect(body<ErrorEnvelope>(response), key).toMatchObject({ error: 'PLUGIN_NOT_FOUND' });
    }
  });

  it('refuses hostile query input with 400 INVALID_PARAMETER in the envelope, and stays healthy', async () => {
    for (const query of [
      '',
      '?plugin_key=',
      '?plugin_key=a%00b',
      `?plugin_key=${'k'.repeat(100_000)}`,
      '?plugin_key=a&plugin_key=b',
      '?plugin_key[]=a',
      '?plugin_key=more-a&extra=1',
      '?plugin_key=more-a&count=0',
      '?plugin_key=more-a&count=13',
      '?plugin_key=more-a&count=-1',
      '?plugin_key=more-a&count=1.5',
      '?plugin_key=more-a&count=abc',
      '?plugin_key=more-a&count=99999999999999999999999',
      '?plugin_key=more-a&count=%00',
      '?plugin_key=more-a&lang=xx',
      '?plugin_key=more-a&lang=en%00',
      '?plugin_key=more-a&owner_id=1',
    ]) {
      const response = await more(query);
      expect(response.statusCode, query.slice(0, 40)).toBe(400);
      expect(body<ErrorEnvelope>(response), query.slice(0, 40)).toMatchObject({ error: 'INVALID_PARAMETER' });
    }
    const post = await t.app.inject({ method: 'POST', url: URL, payload: { plugin_key: 'more-a' } });
    expect(post.statusCode).toBe(404);
    expect(await moreKeys('more-a')).toEqual(['more-b', 'more-c']);
  });
});
