/**
 * The design tool's plugin list, `GET /api/cmt/plugin/user/editor` (the editor's side),
 * through the real server on SQLite and PostgreSQL: installs, uninstalls and default installs; only
 * approved versions (a submission under review or rejected changes nothing, a new approved version
 * does); the code file URL serves the approved manifest; the strong ETag and its 304; one user never
 * sees another's installs; a visitor gets 401; hostile query and header input.
 */
import { type EditorPluginsResult, type ErrorEnvelope, Role } from '@plugin-center/contract/schemas';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { approvedPluginKeys, body, createTestApp, signInTestUser, type TestApp } from '../testing/testApp';
import { TEST_DIALECT } from '../testing/testDatabase';
import { multipart, publishFields, realManifest, uniqueManifest } from '../testing/testFiles';

const URL = '/api/cmt/plugin/user/editor';

let t: TestApp;
const token = { user: '', other: '', author: '', admin: '' };
/** Two approved catalogue plugins flagged default-install, and two more to install. */
let defaults: string[] = [];
let extra: string[] = [];

const auth = (who: keyof typeof token) => ({ authorization: `Bearer ${token[who]}` });

function editor(who: keyof typeof token | undefined, headers: Record<string, string> = {}, query = '') {
  return t.app.inject({
    method: 'GET',
    url: `${URL}${query}`,
    headers: { ...(who ? auth(who) : {}), ...headers },
  });
}

async function list(
  who: keyof typeof token = 'user',
  query = '',
): Promise<EditorPluginsResult['plugin_list']> {
  const response = await editor(who, {}, query);
  expect(response.statusCode).toBe(200);
  return body<{ code: 0; data: EditorPluginsResult }>(response).data.plugin_list;
}

const keysOf = (plugins: EditorPluginsResult['plugin_list']) =>
  plugins.map((p) => `${p.source}:${p.plugin_key}`);

function setInstalled(who: keyof typeof token, pluginKey: string, on: boolean) {
  return t.app.inject({
    method: on ? 'POST' : 'DELETE',
    url: '/api/cmt/plugin/user',
    headers: auth(who),
    payload: { plugin_key: pluginKey },
  });
}

/**
 * Flags plugins default-install through the database.
 * TODO: use the admin route `PUT plugin/silent_install` once it lands (another helper's branch).
 */
async function flagDefault(keys: string[], on = true) {
  await t.app.db.kysely
    .updateTable('plugin')
    .set({ is_default_install: on ? 1 : 0 })
    .where('plugin_key', 'in', keys)
    .execute();
}

async function publish(method: 'POST' | 'PUT', fields: Parameters<typeof multipart>[0]) {
  const { payload, headers } = await multipart(fields);
  const response = await t.app.inject({
    method,
    url: '/api/cmt/plugin',
    payload,
    headers: { ...headers, ...auth('author') },
  });
  expect(response.statusCode, response.body).toBe(200);
  return body<{ data: { plugin_key: string } }>(response).data.plugin_key;
}

async function review(pluginKey: string, status: 2 | 3) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/cmt/plugin/audit/status',
    headers: auth('admin'),
    payload: { plugin_key: pluginKey, status, ...(status === 3 ? { reason: 'Icon is blurry' } : {}) },
  });
  expect(response.statusCode, response.body).toBe(200);
}

const etagOf = (response: LightMyRequestResponse) => String(response.headers.etag);

beforeAll(async () => {
  t = await createTestApp();
  token.user = (await signInTestUser(t.app)).access_token;
  token.other = (await signInTestUser(t.app)).access_token;
  token.author = (await signInTestUser(t.app)).access_token;
  token.admin = (await signInTestUser(t.app, { role: Role.GENERAL_ADMIN })).access_token;
  const keys = await approvedPluginKeys(t.app, 4);
  defaults = keys.slice(0, 2).sort();
  extra = keys.slice(2, 4);
}, 60_000);

afterAll(async () => {
  await t?.close();
});

describe(`GET plugin/user/editor (${TEST_DIALECT})`, () => {
  it('answers a visitor 401 in the error envelope, whatever the query', async () => {
    for (const query of ['', '?lang=en', '?lang=%00']) {
      const response = await editor(undefined, {}, query);
      expect(response.statusCode).toBe(401);
      expect(body<ErrorEnvelope>(response)).toMatchObject({ code: 401, error: 'UNAUTHORIZED' });
    }
    const forged = await editor(undefined, { authorization: 'Bearer not-a-token' });
    expect(forged.statusCode).toBe(401);
  });

  it('lists nothing for a new user before any plugin is default-install', async () => {
    expect(await list()).toEqual([]);
  });

  it('includes the default-install plugins for a new user, without install rows', async () => {
    await flagDefault(defaults);
    const plugins = await list();
    expect(keysOf(plugins)).toEqual(defaults.map((k) => `default:${k}`));
    // Imported catalogue entries have no version and no code file.
    expect(plugins[0]).toMatchObject({
      installed_time: null,
      version: null,
      version_id: null,
      code_file_url: null,
    });
    expect(typeof plugins[0]!.name).toBe('string');
    const rows = await t.app.db.kysely.selectFrom('plugin_install').selectAll().execute();
    expect(rows).toEqual([]);
  });

  it('lists installs first, most recent first, then the defaults; an installed default counts once', async () => {
    expect((await setInstalled('user', extra[0]!, true)).statusCode).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect((await setInstalled('user', extra[1]!, true)).statusCode).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect((await setInstalled('user', defaults[1]!, true)).statusCode).toBe(200);
    const plugins = await list();
    expect(keysOf(plugins)).toEqual([
      `installed:${defaults[1]}`,
      `installed:${extra[1]}`,
      `installed:${extra[0]}`,
      `default:${defaults[0]}`,
    ]);
    expect(plugins[0]!.installed_time).toEqual(expect.any(Number));
  });

  it("does not show one user's installs to another (who still gets the defaults)", async () => {
    expect(keysOf(await list('other'))).toEqual(defaults.map((k) => `default:${k}`));
  });

  it('leaves out an uninstalled plugin, a default one too, even after a silent install; installing brings it back', async () => {
    expect((await setInstalled('user', defaults[0]!, false)).statusCode).toBe(200);
    expect((await setInstalled('user', defaults[1]!, false)).statusCode).toBe(200);
    expect((await setInstalled('user', extra[1]!, false)).statusCode).toBe(200);
    expect(keysOf(await list())).toEqual([`installed:${extra[0]}`]);
    // The new-user silent install does not bring an uninstalled default plugin back.
    const silent = await t.app.inject({
      method: 'POST',
      url: '/api/cmt/plugin/user/new/silent',
      headers: auth('user'),
    });
    expect(silent.statusCode).toBe(200);
    expect(body<{ data: { plugin_list: unknown[] } }>(silent).data.plugin_list).toEqual([]);
    expect(keysOf(await list())).toEqual([`installed:${extra[0]}`]);
    // Another user's defaults are untouched by this user's uninstalls.
    expect(keysOf(await list('other'))).toEqual(defaults.map((k) => `default:${k}`));
    // Installing again forgets the uninstall; uninstalling an installed default again hides it.
    expect((await setInstalled('user', defaults[0]!, true)).statusCode).toBe(200);
    expect(keysOf(await list())).toEqual([`installed:${defaults[0]}`, `installed:${extra[0]}`]);
    expect((await setInstalled('user', defaults[0]!, false)).statusCode).toBe(200);
    expect(keysOf(await list())).toEqual([`installed:${extra[0]}`]);
  });

  it('leaves out a default-install plugin that is not approved', async () => {
    await t.app.db.kysely
      .updateTable('plugin')
      .set({ review_status: 3 })
      .where('plugin_key', '=', defaults[1]!)
      .execute();
    expect(keysOf(await list('other'))).toEqual([`default:${defaults[0]}`]);
    await t.app.db.kysely
      .updateTable('plugin')
      .set({ review_status: 2 })
      .where('plugin_key', '=', defaults[1]!)
      .execute();
    expect(keysOf(await list('other'))).toEqual(defaults.map((k) => `default:${k}`));
  });

  describe('versions, code files and the ETag', () => {
    let key = '';
    /** The code file of the plugin's first version. */
    const firstCode = uniqueManifest();
    let etag = '';

    it('answers a strong ETag, Cache-Control private, no-cache, and 304 with no body when it matches', async () => {
      const first = await editor('user');
      expect(first.statusCode).toBe(200);
      expect(first.headers['cache-control']).toBe('private, no-cache');
      expect(etagOf(first)).toMatch(/^"[A-Za-z0-9_-]{22}"$/);
      etag = etagOf(first);
      // Same state, same tag.
      expect(etagOf(await editor('user'))).toBe(etag);

      for (const ifNoneMatch of [etag, `"other", ${etag}`, `W/${etag}`, '*']) {
        const again = await editor('user', { 'if-none-match': ifNoneMatch });
        expect(again.statusCode, ifNoneMatch).toBe(304);
        expect(again.body).toBe('');
        expect(etagOf(again)).toBe(etag);
        expect(again.headers['cache-control']).toBe('private, no-cache');
        expect(again.headers['content-type']).toBeUndefined();
      }
      for (const ifNoneMatch of ['"stale"', etag.slice(1, -1), '', `"${'x'.repeat(8000)}"`, 'W/', '","']) {
        const fresh = await editor('user', { 'if-none-match': ifNoneMatch });
        expect(fresh.statusCode, ifNoneMatch.slice(0, 20)).toBe(200);
        expect(body<{ data: EditorPluginsResult }>(fresh).data.plugin_list.length).toBe(1);
      }
      // The other user's list differs, and so does its tag; the 304 never crosses users.
      const other = await editor('other', { 'if-none-match': etag });
      expect(other.statusCode).toBe(200);
      expect(etagOf(other)).not.toBe(etag);
    });

    it('lists a published plugin only once approved, with its version, version id and code file URL', async () => {
      key = await publish(
        'POST',
        publishFields({
          name: 'Editor Host Sample',
          version: '1.0.0',
          code_file: { bytes: firstCode, name: 'manifest.json', type: 'application/json' },
        }),
      );
      expect((await setInstalled('user', key, true)).statusCode).toBe(404); // not approved yet
      await review(key, 2);
      expect((await setInstalled('user', key, true)).statusCode).toBe(200);
      const [plugin] = await list();
      const version = await t.app.db.kysely
        .selectFrom('plugin_version as v')
        .innerJoin('plugin as p', 'p.id', 'v.plugin_id')
        .select('v.id')
        .where('p.plugin_key', '=', key)
        .where('v.version', '=', '1.0.0')
        .executeTakeFirstOrThrow();
      expect(plugin).toMatchObject({
        plugin_key: key,
        name: 'Editor Host Sample',
        version: '1.0.0',
        version_id: Number(version.id),
        source: 'installed',
      });
      expect(plugin!.icon).toMatch(/^\/api\/cmt\/file\/[0-9a-f]{64}\.png$/);
      expect(plugin!.code_file_url).toBe(
        `/api/cmt/plugin/user/editor/code?plugin_key=${encodeURIComponent(key)}`,
      );
      const code = await t.app.inject({ method: 'GET', url: plugin!.code_file_url!, headers: auth('user') });
      expect(code.statusCode).toBe(200);
      expect(code.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(code.headers['cache-control']).toBe('private, no-cache');
      expect(code.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
      expect(code.rawPayload.equals(firstCode)).toBe(true);
      const unchanged = await t.app.inject({
        method: 'GET',
        url: plugin!.code_file_url!,
        headers: { ...auth('user'), 'if-none-match': etagOf(code) },
      });
      expect(unchanged.statusCode).toBe(304);
      expect(unchanged.body).toBe('');
      // Not in the other user's list (not installed, not default): 404; a visitor: 401.
      const other = await t.app.inject({
        method: 'GET',
        url: plugin!.code_file_url!,
        headers: auth('other'),
      });
      expect(other.statusCode).toBe(404);
      expect(body<ErrorEnvelope>(other)).toMatchObject({ error: 'PLUGIN_NOT_FOUND' });
      expect((await t.app.inject({ method: 'GET', url: plugin!.code_file_url! })).statusCode).toBe(401);

      const now = await editor('user', { 'if-none-match': etag });
      expect(now.statusCode).toBe(200);
      expect(etagOf(now)).not.toBe(etag);
      etag = etagOf(now);
    });

    it('keeps the approved version (and the ETag) while a new one is under review and after it is rejected', async () => {
      const before = await list();
      await publish(
        'PUT',
        publishFields({
          plugin_key: key,
          name: 'Editor Host Sample Renamed',
          version: '1.1.0',
          code_file: {
            bytes: realManifest('figma__plugin-samples.json'),
            name: 'manifest.json',
            type: 'application/json',
          },
        }),
      );
      const pending = await editor('user', { 'if-none-match': etag });
      expect(pending.statusCode).toBe(304);
      expect(await list()).toEqual(before);
      const code = await t.app.inject({
        method: 'GET',
        url: before[0]!.code_file_url!,
        headers: auth('user'),
      });
      expect(code.rawPayload.equals(firstCode)).toBe(true);
      await review(key, 3);
      expect((await editor('user', { 'if-none-match': etag })).statusCode).toBe(304);
      expect(await list()).toEqual(before);
    });

    it('changes the ETag, version and code file when a new version is approved', async () => {
      await publish(
        'PUT',
        publishFields({
          plugin_key: key,
          version: '1.2.0',
          code_file: {
            bytes: realManifest('figma__plugin-samples.json'),
            name: 'manifest.json',
            type: 'application/json',
          },
        }),
      );
      const [old] = await list();
      await review(key, 2);
      const changed = await editor('user', { 'if-none-match': etag });
      expect(changed.statusCode).toBe(200);
      expect(etagOf(changed)).not.toBe(etag);
      const [plugin] = body<{ data: EditorPluginsResult }>(changed).data.plugin_list;
      expect(plugin).toMatchObject({ plugin_key: key, version: '1.2.0', source: 'installed' });
      expect(plugin!.version_id).not.toBe(old!.version_id);
      expect(plugin!.code_file_url).toBe(old!.code_file_url);
      const code = await t.app.inject({ method: 'GET', url: plugin!.code_file_url!, headers: auth('user') });
      expect(code.rawPayload.equals(realManifest('figma__plugin-samples.json'))).toBe(true);
    });

    it('drops a deleted plugin, and changes the ETag', async () => {
      const before = etagOf(await editor('user'));
      const removed = await t.app.inject({
        method: 'DELETE',
        url: '/api/cmt/plugin',
        headers: auth('admin'),
        payload: { plugin_key: key },
      });
      expect(removed.statusCode).toBe(200);
      expect(keysOf(await list())).toEqual([`installed:${extra[0]}`]);
      expect(etagOf(await editor('user'))).not.toBe(before);
    });
  });

  it('names a translation in lang and refuses hostile query input with 400 in the envelope', async () => {
    expect((await editor('user', {}, '?lang=zh-CN')).statusCode).toBe(200);
    for (const query of [
      '?lang=xx',
      '?lang=%00',
      '?lang=en%00',
      `?lang=${'e'.repeat(100_000)}`,
      '?lang=en&lang=zh-CN',
      '?lang[]=en',
      '?user_id=1',
      '?page_size=-1',
      '?lang=',
    ]) {
      const response = await editor('user', {}, query);
      expect(response.statusCode, query.slice(0, 30)).toBe(400);
      expect(body<ErrorEnvelope>(response), query.slice(0, 30)).toMatchObject({ error: 'INVALID_PARAMETER' });
    }
    for (const query of [
      '',
      '?plugin_key=',
      '?plugin_key=a%00b',
      `?plugin_key=${'k'.repeat(100_000)}`,
      '?plugin_key=a&plugin_key=b',
      '?plugin_key[]=a',
      '?plugin_key=a&extra=1',
    ]) {
      const response = await t.app.inject({
        method: 'GET',
        url: `${URL}/code${query}`,
        headers: auth('user'),
      });
      expect(response.statusCode, query.slice(0, 30)).toBe(400);
      expect(body<ErrorEnvelope>(response), query.slice(0, 30)).toMatchObject({ error: 'INVALID_PARAMETER' });
    }
    for (const pluginKey of ['no-such-plugin', "' OR 1=1 --", defaults[0]!]) {
      // defaults[0] was uninstalled by this user; the others do not exist.
      const response = await t.app.inject({
        method: 'GET',
        url: `${URL}/code?plugin_key=${encodeURIComponent(pluginKey)}`,
        headers: auth('user'),
      });
      expect(response.statusCode, pluginKey).toBe(404);
      expect(body<ErrorEnvelope>(response)).toMatchObject({ error: 'PLUGIN_NOT_FOUND' });
    }
    // Still healthy, and nothing was written.
    expect(keysOf(await list())).toEqual([`installed:${extra[0]}`]);
  });
});
