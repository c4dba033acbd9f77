/**
 * Curated recommendations through the real server on SQLite and PostgreSQL:
 * the administrator's ordered choice shows in `GET plugin/recommendation/list` right after, is read
 * back for the back office, an empty choice returns to the automatic sample, refused choices change
 * nothing, and every publish is in the audit log.
 */
import {
  type AuditLogPage,
  type CuratedRecommendation,
  type ErrorEnvelope,
  type RecommendationResult,
  Role,
} from '@plugin-center/contract/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { approvedPluginKeys, body, createTestApp, signedInHeaders, type TestApp } from '../testing/testApp';

let t: TestApp;
let admin: Record<string, string>;
let user: Record<string, string>;
let keys: string[];

beforeAll(async () => {
  t = await createTestApp();
  admin = await signedInHeaders(t.app, { role: Role.GENERAL_ADMIN });
  user = await signedInHeaders(t.app);
  keys = await approvedPluginKeys(t.app, 8);
});

afterAll(async () => {
  await t?.close();
});

function publish(payload: unknown, headers = admin) {
  return t.app.inject({
    method: 'POST',
    url: '/api/cmt/plugin/recommendation/publish',
    headers,
    payload: payload as object,
  });
}

async function recommended(query = 'count=24'): Promise<string[]> {
  const res = await t.app.inject({ method: 'GET', url: `/api/cmt/plugin/recommendation/list?${query}` });
  expect(res.statusCode).toBe(200);
  return body<{ data: RecommendationResult }>(res).data.plugin_list.map((p) => p.plugin_key);
}

async function curated(headers = admin): Promise<CuratedRecommendation> {
  const res = await t.app.inject({ method: 'GET', url: '/api/cmt/plugin/recommendation/curated', headers });
  expect(res.statusCode, res.body).toBe(200);
  return body<{ data: CuratedRecommendation }>(res).data;
}

describe('publishing the recommendation', () => {
  it('shows the chosen plugins in the chosen order right after, and reads the choice back', async () => {
    expect(await curated()).toEqual({ plugin_list: [], is_curated: false });
    const choice = [keys[4]!, keys[0]!, keys[2]!];
    const res = await publish({ plugin_keys: choice });
    expect(res.statusCode, res.body).toBe(200);
    const data = body<{ data: CuratedRecommendation }>(res).data;
    expect(data.is_curated).toBe(true);
    expect(data.plugin_list.map((p) => p.plugin_key)).toEqual(choice);
    expect(await recommended()).toEqual(choice);
    expect((await curated()).plugin_list.map((p) => p.plugin_key)).toEqual(choice);

    // A new choice replaces the previous one, reordered.
    const next = [keys[2]!, keys[1]!];
    expect((await publish({ plugin_keys: next })).statusCode).toBe(200);
    expect(await recommended()).toEqual(next);
    expect(await recommended('count=1')).toEqual([keys[2]]);
  });

  it('returns to the automatic sample with an empty list', async () => {
    await publish({ plugin_keys: [keys[3]!] });
    expect(await recommended()).toEqual([keys[3]]);
    const res = await publish({ plugin_keys: [] });
    expect(res.statusCode).toBe(200);
    expect(body<{ data: CuratedRecommendation }>(res).data).toEqual({ plugin_list: [], is_curated: false });
    const sample = await recommended('count=4&seed=7');
    expect(sample).toHaveLength(4);
    expect(await curated()).toEqual({ plugin_list: [], is_curated: false });
  });

  it('refuses repeated, unknown and unapproved keys and hostile bodies, keeping the previous choice', async () => {
    const kept = [keys[5]!, keys[6]!];
    expect((await publish({ plugin_keys: kept })).statusCode).toBe(200);
    const repeated = await publish({ plugin_keys: [keys[1], keys[1]] });
    expect(repeated.statusCode).toBe(400);
    expect(body<ErrorEnvelope>(repeated)).toMatchObject({ error: 'INVALID_PARAMETER', field: 'plugin_keys' });
    expect(body<ErrorEnvelope>(repeated).message).toContain('more than once');
    const unknown = await publish({ plugin_keys: [keys[1], 'no-such-plugin'] });
    expect(unknown.statusCode).toBe(400);
    expect(body<ErrorEnvelope>(unknown)).toMatchObject({
      error: 'INVALID_PARAMETER',
      field: 'plugin_keys',
      message: 'plugin_keys: no approved plugin with plugin_key "no-such-plugin"',
    });
    const pending = await t.app.db.kysely
      .selectFrom('plugin')
      .select('plugin_key')
      .where('review_status', '<>', 2)
      .executeTakeFirst();
    if (pending) expect((await publish({ plugin_keys: [pending.plugin_key] })).statusCode).toBe(400);
    const hostile: unknown[] = [
      {},
      { plugin_keys: 'k' },
      { plugin_keys: [1, 2] },
      { plugin_keys: [''] },
      { plugin_keys: ['a\u0000b'] },
      { plugin_keys: ['x'.repeat(129)] },
      { plugin_keys: Array.from({ length: 101 }, (_, i) => `k${i}`) },
      { plugin_keys: [null] },
      { plugin_keys: [[keys[0]]] },
      { plugin_keys: [keys[0]], extra: true },
      [keys[0]],
    ];
    for (const payload of hostile) {
      const res = await publish(payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
      expect(body<ErrorEnvelope>(res).data).toBeNull();
    }
    expect(await recommended()).toEqual(kept);
  });

  it('is audit-logged with the keys in order', async () => {
    await publish({ plugin_keys: [keys[7]!, keys[0]!] });
    await publish({ plugin_keys: [] });
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/cmt/manager/audit-log?page_size=100',
      headers: admin,
    });
    const entries = body<{ data: AuditLogPage }>(res).data.entry_list.filter(
      (e) => e.action === 'recommendation_publish',
    );
    expect(entries.slice(0, 2).map((e) => e.reason)).toEqual(['automatic sample', `${keys[7]}, ${keys[0]}`]);
    expect(entries[0]!.plugin_key).toBe('');
  });

  it('refuses hostile queries of the curated read', async () => {
    for (const query of ['lang=xx', 'lang=%00', 'extra=1', 'lang=en-US&lang=zh-CN']) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/cmt/plugin/recommendation/curated?${query}`,
        headers: admin,
      });
      expect(res.statusCode, query).toBe(400);
      const list = await t.app.inject({
        method: 'GET',
        url: `/api/cmt/plugin/silent_install/list?${query}`,
        headers: admin,
      });
      expect(list.statusCode, query).toBe(400);
    }
  });

  it('is for administrators only', async () => {
    expect((await publish({ plugin_keys: [] }, user)).statusCode).toBe(403);
    expect((await publish({ plugin_keys: [] }, {})).statusCode).toBe(401);
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/cmt/plugin/recommendation/curated',
      headers: user,
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('the plugin pickers of the curation pages (slots, recommendations, default installs)', () => {
  const search = async (keyword: string) => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/cmt/plugin/list?keyword=${encodeURIComponent(keyword)}&sort=2&page_size=8`,
    });
    expect(res.statusCode).toBe(200);
    return body<{ data: { plugin_list: { name: string }[]; total: number } }>(res).data;
  };

  it("find a plugin by a word in the middle of its name through the square's search, and nothing for nonsense", async () => {
    // The name-prefix suggestions the pickers used before find nothing for a word inside the name.
    const suggested = await t.app.inject({ method: 'GET', url: '/api/cmt/plugin/suggest?q=Walker' });
    expect(
      body<{ data: { suggestion_list: { text: string }[] } }>(suggested).data.suggestion_list.map(
        (s) => s.text,
      ),
    ).not.toContain('Figma Walker');
    expect((await search('Walker')).plugin_list.map((p) => p.name)).toContain('Figma Walker');
    expect(await search('qzxvkjq wqpfzz')).toMatchObject({ plugin_list: [], total: 0 });
  });
});
