/**
 * Batch upload (`POST /api/cmt/manager/plugins/upload`) through the real server on both
 * dialects: records from the shipped catalogue's format, one bad record among good ones, a ZIP of
 * record files (one of them bad), zip bombs (honest and lying headers), files that are neither, and
 * reading and deleting exactly one batch's plugins.
 */

import type {
  BatchRemoveResult,
  BatchStatus,
  BatchUploadResult,
  ErrorEnvelope,
  PluginDetail,
  PluginListResult,
} from '@plugin-center/contract';
import { Role } from '@plugin-center/contract';
import { strToU8, zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, createTestApp, pluginCount, signInTestUser, type TestApp } from '../testing/testApp';
import { TEST_DIALECT } from '../testing/testDatabase';
import { multipart } from '../testing/testFiles';
import { readBatch } from './batch';

let t: TestApp;
let admin = '';
let user = '';

beforeAll(async () => {
  t = await createTestApp({ importCatalogueOnEmpty: false });
  admin = (await signInTestUser(t.app, { role: Role.SUPER_ADMIN })).access_token;
  user = (await signInTestUser(t.app)).access_token;
}, 60_000);
afterAll(async () => t?.close());

const record = (name: string, extra: Record<string, unknown> = {}) => ({
  name,
  intro: `${name} does one thing well`,
  description: `${name}: a longer description.`,
  author: 'Batch Author',
  tags: ['batch', 'layers'],
  repo_url: `https://github.com/example/${name.toLowerCase().replace(/\W+/g, '-')}`,
  license: 'MIT',
  source: 'batch-test',
  platforms: ['figma'],
  kind: 'plugin',
  homepage: null,
  figma_plugin_id: null,
  updated_at: '2024-05-01 10:00:00 UTC',
  created_at: null,
  ...extra,
});

async function upload(bytes: Uint8Array, name: string, token = admin, batchId?: string) {
  const { payload, headers } = await multipart({ batch_id: batchId, file: { bytes, name } });
  return t.app.inject({
    method: 'POST',
    url: '/api/cmt/manager/plugins/upload',
    payload,
    headers: { ...headers, authorization: `Bearer ${token}` },
  });
}

const plugins = () => pluginCount(t.app);

/** A call with the admin's token and a JSON body (or none). */
async function call<T>(method: 'GET' | 'DELETE' | 'POST', url: string, payload?: unknown, token = admin) {
  const response = await t.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${token}` },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
  return { status: response.statusCode, body: body<{ data: T }>(response) };
}

/** The plugin_count of a tag on the square's tag list (0 when the tag is not listed). */
async function tagCount(code: string): Promise<number> {
  const list = await call<{ tag_list: { code: string; plugin_count: number }[] }>(
    'GET',
    '/api/cmt/plugin/tag/list',
  );
  return list.body.data.tag_list.find((tag) => tag.code === code)?.plugin_count ?? 0;
}

/** The plugin_keys the square's search finds for `keyword`. */
async function found(keyword: string): Promise<string[]> {
  const list = await call<PluginListResult>(
    'GET',
    `/api/cmt/plugin/list?keyword=${encodeURIComponent(keyword)}`,
  );
  return list.body.data.plugin_list.map((p) => p.plugin_key);
}

/** A ZIP whose entry claims `claimed` bytes but inflates to `actual` zero bytes (local and central headers patched). */
function lyingZip(actual: number, claimed: number): Uint8Array {
  const zip = zipSync({ 'plugins.json': new Uint8Array(actual) }, { level: 9 });
  const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
  for (let i = 0; i + 4 <= zip.length; i++) {
    const sig = view.getUint32(i, true);
    if (sig === 0x04034b50) view.setUint32(i + 22, claimed, true); // local header: uncompressed size
    if (sig === 0x02014b50) view.setUint32(i + 24, claimed, true); // central directory: uncompressed size
  }
  return zip;
}

describe(`batch upload (${TEST_DIALECT})`, () => {
  it('imports each valid record as an approved plugin and reports the one that fails by index', async () => {
    const before = await plugins();
    const records = [record('Batch Alpha'), { name: 42 }, record('Batch Beta')];
    const response = await upload(strToU8(JSON.stringify(records)), 'plugins.json');
    expect(response.statusCode, response.body).toBe(200);
    const result = body<{ data: BatchUploadResult }>(response).data;
    expect(result).toMatchObject({ added: 2, skipped: 0, cancelled: false });
    expect(result.failed).toEqual([{ file: 'plugins.json', index: 1, reason: expect.any(String) }]);
    expect(await plugins()).toBe(before + 2);
    const list = body<{ data: PluginListResult }>(
      await t.app.inject({ method: 'GET', url: '/api/cmt/plugin/list?keyword=batch%20alpha' }),
    );
    const key = list.data.plugin_list[0]!.plugin_key;
    const detail = body<{ data: PluginDetail }>(
      await t.app.inject({ method: 'GET', url: `/api/cmt/plugin?plugin_key=${key}` }),
    );
    expect(detail.data).toMatchObject({ name: 'Batch Alpha', developer: 'Batch Author', review_status: 2 });
    // The same file again adds nothing: the records are already there.
    const again = body<{ data: BatchUploadResult }>(
      await upload(strToU8(JSON.stringify(records)), 'plugins.json'),
    ).data;
    expect(again).toMatchObject({ added: 0, skipped: 2 });
    const log = body<{ data: { entry_list: { action: string; reason: string }[] } }>(
      await t.app.inject({
        method: 'GET',
        url: '/api/cmt/manager/audit-log',
        headers: { authorization: `Bearer ${admin}` },
      }),
    );
    expect(log.data.entry_list[1]).toMatchObject({
      action: 'batch_upload',
      reason: expect.stringMatching(/^plugins\.json: 2 added, 0 skipped, 1 failed \(batch [\w-]+\)$/),
    });
  });

  it('imports the JSON files of a ZIP, ignoring other entries', async () => {
    const zip = zipSync({
      'a.json': strToU8(JSON.stringify([record('Zip One')])),
      'nested/b.json': strToU8(JSON.stringify([record('Zip Two'), record('Zip Three')])),
      'readme.txt': strToU8('hello'),
    });
    const result = body<{ data: BatchUploadResult }>(await upload(zip, 'batch.zip')).data;
    expect(result).toMatchObject({ added: 3, failed: [], rejected_files: [] });
  });

  it('imports the good files of a ZIP with a bad one and reports that file by name', async () => {
    const before = await plugins();
    const zip = zipSync({
      'good.json': strToU8(JSON.stringify([record('Ziprest One'), record('Ziprest Two')])),
      'broken.json': strToU8('[{"name": "cut off'),
      'object.json': strToU8('{"name":"not an array"}'),
      'more/good.json': strToU8(JSON.stringify([record('Ziprest Three')])),
    });
    const response = await upload(zip, 'mixed.zip');
    expect(response.statusCode, response.body).toBe(200);
    const result = body<{ data: BatchUploadResult }>(response).data;
    expect(result).toMatchObject({ added: 3, failed: [], cancelled: false });
    expect(result.rejected_files).toEqual([
      { file: 'broken.json', reason: expect.stringMatching(/broken\.json is not a JSON file/) },
      { file: 'object.json', reason: expect.stringMatching(/object\.json must contain a JSON array/) },
    ]);
    expect(await plugins()).toBe(before + 3);
    // A ZIP none of whose files can be read is still refused as a whole.
    const bad = await upload(zipSync({ 'broken.json': strToU8('nope') }), 'bad.zip');
    expect(bad.statusCode).toBe(400);
    expect(body<ErrorEnvelope>(bad).message).toMatch(/broken\.json is not a JSON file/);
  });

  it("reads and deletes exactly one batch's plugins, with their tags, installs and search documents", async () => {
    const keep = body<{ data: BatchUploadResult }>(
      await upload(strToU8(JSON.stringify([record('Undo Keeper', { tags: ['undo-tag'] })])), 'keep.json'),
    ).data;
    const batchId = 'batch-undo-0001';
    const response = await upload(
      strToU8(JSON.stringify([record('Undo First', { tags: ['undo-tag'] }), record('Undo Second')])),
      'undo.json',
      admin,
      batchId,
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(body<{ data: BatchUploadResult }>(response).data).toMatchObject({ batch_id: batchId, added: 2 });
    expect(keep.batch_id).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
    expect(keep.batch_id).not.toBe(batchId);
    // The same id again is refused: one id names one batch.
    const twice = await upload(strToU8(JSON.stringify([record('Undo Third')])), 'undo.json', admin, batchId);
    expect(twice.statusCode).toBe(409);
    expect(body<ErrorEnvelope>(twice).error).toBe('BATCH_ID_TAKEN');

    const status = await call<BatchStatus>('GET', `/api/cmt/manager/plugins/batch?batch_id=${batchId}`);
    expect(status.body.data).toEqual({ batch_id: batchId, plugin_count: 2 });
    const [first] = await found('undo first');
    const [second] = await found('undo second');
    expect(first).toMatch(/^undo-first/);
    expect(second).toMatch(/^undo-second/);
    const installed = await call('POST', '/api/cmt/plugin/user', { plugin_key: first }, user);
    expect(installed.status).toBe(200);
    expect(await tagCount('undo-tag')).toBe(2);
    const before = await plugins();

    expect((await call('DELETE', '/api/cmt/manager/plugins/batch', { batch_id: batchId }, user)).status).toBe(
      403,
    );
    const removed = await call<BatchRemoveResult>('DELETE', '/api/cmt/manager/plugins/batch', {
      batch_id: batchId,
    });
    expect(removed.status).toBe(200);
    expect(removed.body.data).toEqual({ batch_id: batchId, deleted: 2 });
    expect(await plugins()).toBe(before - 2);
    expect(await tagCount('undo-tag')).toBe(1);
    expect(await found('undo first')).not.toContain(first);
    expect(await found('undo second')).not.toContain(second);
    expect((await found('undo keeper'))[0]).toMatch(/^undo-keeper/);
    const installs = await call<{ plugin_list: unknown[] }>('GET', '/api/cmt/plugin/user', undefined, user);
    expect(installs.status).toBe(200);
    expect(installs.body.data.plugin_list).toEqual([]);
    expect(
      (await call<BatchStatus>('GET', `/api/cmt/manager/plugins/batch?batch_id=${batchId}`)).body.data
        .plugin_count,
    ).toBe(0);
    // Deleting it again deletes nothing; the other batch is still whole.
    expect(
      (await call<BatchRemoveResult>('DELETE', '/api/cmt/manager/plugins/batch', { batch_id: batchId })).body
        .data.deleted,
    ).toBe(0);
    expect(
      (await call<BatchStatus>('GET', `/api/cmt/manager/plugins/batch?batch_id=${keep.batch_id}`)).body.data
        .plugin_count,
    ).toBe(1);
    const log = await call<{ entry_list: { action: string; plugin_key: string }[] }>(
      'GET',
      '/api/cmt/manager/audit-log',
    );
    expect(log.body.data.entry_list.filter((e) => e.action === 'delete').map((e) => e.plugin_key)).toContain(
      first,
    );
    // Hostile ids are refused by the schema.
    for (const bad of ['short', 'a'.repeat(65), 'bad id with spaces', 'nul\u0000byte00'])
      expect((await call('DELETE', '/api/cmt/manager/plugins/batch', { batch_id: bad })).status).toBe(400);
    expect((await call('DELETE', '/api/cmt/manager/plugins/batch', { batch_id: 12345678 })).status).toBe(400);
  });

  it('refuses zip bombs before inflating them, and nothing goes in', async () => {
    const before = await plugins();
    const honest = zipSync({ 'plugins.json': new Uint8Array(20 * 1024 * 1024) }, { level: 9 });
    expect(honest.length).toBeLessThan(100 * 1024);
    const bomb = await upload(honest, 'bomb.zip');
    expect(bomb.statusCode).toBe(400);
    expect(body<ErrorEnvelope>(bomb)).toMatchObject({ error: 'UPLOAD_REJECTED', field: 'file' });
    expect(body<ErrorEnvelope>(bomb).message).toMatch(/inflates to more than 16 MiB/);
    const lying = await upload(lyingZip(20 * 1024 * 1024, 100), 'lying.zip');
    expect(lying.statusCode).toBe(400);
    expect(body<ErrorEnvelope>(lying).error).toBe('UPLOAD_REJECTED');
    const many = zipSync(
      Object.fromEntries(Array.from({ length: 101 }, (_, i) => [`f${i}.json`, strToU8('[]')])),
    );
    expect(body<ErrorEnvelope>(await upload(many, 'many.zip')).message).toMatch(/more than 100 entries/);
    expect(await plugins()).toBe(before);
  });

  it('refuses a file that is neither JSON records nor a ZIP, and non-administrators', async () => {
    const exe = await upload(Buffer.from('MZ\x90\x00binary', 'latin1'), 'plugins.json');
    expect(exe.statusCode).toBe(400);
    expect(body<ErrorEnvelope>(exe).message).toMatch(/not a JSON file/);
    const object = await upload(strToU8('{"name":"x"}'), 'plugins.json');
    expect(body<ErrorEnvelope>(object).message).toMatch(/JSON array/);
    expect((await upload(strToU8('[]'), 'plugins.json', user)).statusCode).toBe(403);
  });

  it('answers 400, not 500, to a multipart content type without a boundary or a real body (found by the fuzzer)', async () => {
    for (const url of ['/api/cmt/manager/plugins/upload', '/api/cmt/plugin']) {
      for (const contentType of ['multipart/form-data', 'multipart/form-data; boundary=zzz']) {
        const response = await t.app.inject({
          method: 'POST',
          url,
          payload: 'x',
          headers: { 'content-type': contentType, authorization: `Bearer ${admin}` },
        });
        expect(response.statusCode, `${url} ${contentType}: ${response.body}`).toBe(400);
        expect(body<ErrorEnvelope>(response).error).toBe('INVALID_PARAMETER');
      }
    }
  });

  it('stops between plugins when cancelled, keeping whole plugins only', async () => {
    const controller = new AbortController();
    controller.abort();
    const { importEntries } = await import('../catalogue/import');
    const report = await importEntries(
      t.app.db,
      readBatch('x.json', strToU8(JSON.stringify([record('Never In')]))).sources,
      {
        batchSize: 1,
        signal: controller.signal,
      },
    );
    expect(report).toMatchObject({ added: 0, cancelled: true });
    const list = body<{ data: PluginListResult }>(
      await t.app.inject({ method: 'GET', url: '/api/cmt/plugin/list?keyword=never%20in' }),
    );
    expect(list.data.plugin_list).toEqual([]);
  });
});
