/**
 * Batch upload (`POST /api/cmt/manager/plugins/upload`) through the real server on both
 * dialects: records from the shipped catalogue's format, one bad record among good ones, a ZIP of
 * record files, zip bombs (honest and lying headers), and files that are neither.
 */

import type {
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

async function upload(bytes: Uint8Array, name: string, token = admin) {
  const { payload, headers } = await multipart({ file: { bytes, name } });
  return t.app.inject({
    method: 'POST',
    url: '/api/cmt/manager/plugins/upload',
    payload,
    headers: { ...headers, authorization: `Bearer ${token}` },
  });
}

const plugins = () => pluginCount(t.app);

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
      reason: 'plugins.json: 2 added, 0 skipped, 1 failed',
    });
  });

  it('imports the JSON files of a ZIP, ignoring other entries', async () => {
    const zip = zipSync({
      'a.json': strToU8(JSON.stringify([record('Zip One')])),
      'nested/b.json': strToU8(JSON.stringify([record('Zip Two'), record('Zip Three')])),
      'readme.txt': strToU8('hello'),
    });
    const result = body<{ data: BatchUploadResult }>(await upload(zip, 'batch.zip')).data;
    expect(result).toMatchObject({ added: 3, failed: [] });
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
      readBatch('x.json', strToU8(JSON.stringify([record('Never In')]))),
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
