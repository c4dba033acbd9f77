/**
 * `POST /sa` and `GET /sa` (the collector) through the real server on the selected dialect:
 * the three transports of the web SDK, batches, per-record validation (SPEC §5, messages of §8),
 * payload faults and projects. Payloads are encoded by an SDK-faithful helper.
 */
import { gzipSync } from 'node:zlib';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/testApp';
import { collected, failed } from '../testing/testCollector';
import {
  eventRow,
  sdkBase64Encode,
  sdkBatchTrackData,
  sdkEncodeTrackData,
  sdkHashCode,
  sdkRecord,
} from '../testing/testSdkEncoding';
import { EventWriter, insertEvents } from './data';

const FORM = 'application/x-www-form-urlencoded';
const BEACON = 'text/plain;charset=UTF-8';
const DAY = 24 * 3600 * 1000;

let t: TestApp;
let ids = 0;

beforeAll(async () => {
  t = await createTestApp({ importCatalogueOnEmpty: false, analyticsProjects: ['staging'] });
});
afterAll(async () => {
  await t?.close();
});

/** A distinct_id no other test uses, so row counts are per test. */
function uniqueId(label: string): string {
  ids += 1;
  return `${label}-${ids}-${Math.random().toString(36).slice(2, 8)}`;
}

function post(payload: string, { project = 'default', type = FORM } = {}): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method: 'POST',
    url: `/sa?project=${project}`,
    headers: { 'content-type': type },
    payload,
  });
}

async function rowsOf(distinctPrefix: string) {
  return t.app.db.kysely
    .selectFrom('analytics_event')
    .selectAll()
    .where('distinct_id', 'like', `${distinctPrefix}%`)
    .orderBy('id')
    .execute();
}

describe('single records, each transport', () => {
  it('stores a record posted as a form body (ajax), with its columns', async () => {
    const id = uniqueId('form');
    const record = sdkRecord(id, { login_id: 'user-42' });
    const before = Date.now();
    const result = collected(await post(sdkEncodeTrackData(record)));
    expect(result).toEqual({ accepted: 1, rejected: [] });
    const rows = await rowsOf(id);
    expect(rows).toHaveLength(1);
    const row = rows[0]!;
    expect(row).toMatchObject({
      project: 'default',
      type: 'track',
      event: '$pageview',
      distinct_id: id,
      login_id: 'user-42',
      anonymous_id: id,
      time: record.time,
      plugin_key: 'color-picker',
      url: 'https://plugins.example.com/plugins/detail?plugin_key=color-picker',
    });
    expect(row.received_at).toBeGreaterThanOrEqual(before);
    expect(row.received_at).toBeLessThanOrEqual(Date.now());
    expect(JSON.parse(row.properties)).toEqual(record.properties);
  });

  it('stores a record sent by sendBeacon (text/plain body) under the named project', async () => {
    const id = uniqueId('beacon');
    const result = collected(
      await post(sdkEncodeTrackData(sdkRecord(id, { event: '$WebPageLeave' })), {
        project: 'production',
        type: BEACON,
      }),
    );
    expect(result.accepted).toBe(1);
    const rows = await rowsOf(id);
    expect(rows.map((r) => [r.project, r.event])).toEqual([['production', '$WebPageLeave']]);
  });

  it('stores a record of the image transport (GET /sa and /sa.gif) and answers a 1×1 gif', async () => {
    const id = uniqueId('pixel');
    for (const path of ['/sa', '/sa.gif']) {
      const response = await t.app.inject({
        method: 'GET',
        url: `${path}?project=default&${sdkEncodeTrackData(sdkRecord(id))}`,
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers['content-type']).toBe('image/gif');
      expect(response.rawPayload.subarray(0, 6).toString('latin1')).toBe('GIF89a');
      // logical screen 1×1 (little-endian width and height after the signature)
      expect([response.rawPayload.readUInt16LE(6), response.rawPayload.readUInt16LE(8)]).toEqual([1, 1]);
    }
    expect(await rowsOf(id)).toHaveLength(2);
  });

  it('refuses a bad pixel record with a JSON 400 and stores nothing', async () => {
    const id = uniqueId('pixel-bad');
    const response = await t.app.inject({
      method: 'GET',
      url: `/sa?${sdkEncodeTrackData(sdkRecord(id, { event: '' }))}`,
    });
    expect(failed(response).message).toBe("no record accepted: [0] event's is empty");
    expect(await rowsOf(id)).toHaveLength(0);
  });

  it('reads the fields from the query string when a POST has no body', async () => {
    const id = uniqueId('post-query');
    const response = await t.app.inject({
      method: 'POST',
      url: `/sa?project=default&${sdkEncodeTrackData(sdkRecord(id))}`,
    });
    expect(collected(response).accepted).toBe(1);
    expect(await rowsOf(id)).toHaveLength(1);
  });

  it('reads a base64 "+" that arrived unencoded (as a space)', async () => {
    let record: Record<string, unknown> = {};
    let data = '';
    for (let i = 0; !data.includes('+'); i++) {
      record = sdkRecord(uniqueId(`plus${i}`), {}, { $title: `~~~>${'?'.repeat(i % 7)}` });
      data = sdkBase64Encode(JSON.stringify(record));
    }
    // `+` not percent-encoded: form decoding turns it into a space; the crc is of the real text.
    const response = await post(`data=${data}&ext=${encodeURIComponent(`crc=${sdkHashCode(data)}`)}`);
    expect(collected(response).accepted).toBe(1);
    expect(await rowsOf(record.distinct_id as string)).toHaveLength(1);
  });

  it('maps profile and signup records (event null for profiles, ids of the signup)', async () => {
    const anon = uniqueId('anon');
    const login = `${anon}-login`;
    const records = [
      sdkRecord(login, {
        type: 'track_signup',
        event: '$SignUp',
        original_id: anon,
        anonymous_id: undefined,
      }),
      {
        type: 'profile_set',
        distinct_id: login,
        time: Date.now(),
        properties: { nick_name: 'Ann', email: 'ann@example.com', sex: 'f' },
      },
    ];
    expect(collected(await post(sdkBatchTrackData(records)))).toEqual({ accepted: 2, rejected: [] });
    const rows = await rowsOf(anon);
    expect(rows.map((r) => [r.type, r.event, r.distinct_id, r.login_id, r.anonymous_id])).toEqual([
      ['track_signup', '$SignUp', login, login, anon],
      ['profile_set', null, login, null, null],
    ]);
    expect(rows[1]!.plugin_key).toBeNull();
    expect(rows[1]!.url).toBeNull();
  });
});

describe('batches', () => {
  it('stores a batch of good records (data_list)', async () => {
    const id = uniqueId('batch');
    const records = Array.from({ length: 50 }, (_, i) =>
      sdkRecord(id, { event: i % 2 ? 'PluginView' : '$pageview' }, { plugin_key: `p-${i % 5}` }),
    );
    expect(collected(await post(sdkBatchTrackData(records)))).toEqual({ accepted: 50, rejected: [] });
    const rows = await rowsOf(id);
    expect(rows).toHaveLength(50);
    expect(rows.filter((r) => r.event === 'PluginView')).toHaveLength(25);
    expect(new Set(rows.map((r) => r.plugin_key))).toEqual(new Set(['p-0', 'p-1', 'p-2', 'p-3', 'p-4']));
  });

  it('stores the good records of a mixed batch and names each bad one by index and reason', async () => {
    const id = uniqueId('mixed');
    const now = Date.now();
    const records: unknown[] = [
      sdkRecord(id),
      sdkRecord(id, { event: '' }),
      sdkRecord(id, { event: 'e'.repeat(101) }),
      sdkRecord(id, {}, { time: 'reserved' }),
      sdkRecord(id, {}, { $title: 't'.repeat(1025) }),
      sdkRecord(id, { distinct_id: undefined }),
      sdkRecord(id, { time: now + 2 * DAY }),
      sdkRecord(id, { time: now - 3 * 365 * DAY }),
      'not a record',
      sdkRecord(id, { type: 'item_set' }),
      sdkRecord(id, { event: 42 }),
      sdkRecord(id, { time: '2024-01-01' }),
      sdkRecord(id, { properties: undefined }),
      sdkRecord(id, {}, { nested: { a: 1 } }),
      sdkRecord(id, { event: 'PluginInstall' }),
    ];
    const result = collected(await post(sdkBatchTrackData(records)));
    expect(result.accepted).toBe(2);
    expect(result.rejected).toEqual([
      { index: 1, reason: "event's is empty" },
      { index: 2, reason: 'event length is longer than 100' },
      { index: 3, reason: 'time is invalid' },
      { index: 4, reason: '$title length is longer than 1024' },
      { index: 5, reason: "distinct_id's is undefined" },
      { index: 6, reason: 'time is invalid: more than 1 day in the future' },
      { index: 7, reason: 'time is invalid: older than 2 years' },
      { index: 8, reason: 'record is invalid: expected a JSON object' },
      { index: 9, reason: 'type is invalid' },
      { index: 10, reason: 'event must be string' },
      { index: 11, reason: 'time is invalid' },
      { index: 12, reason: "properties's is undefined" },
      { index: 13, reason: 'nested is invalid' },
    ]);
    const rows = await rowsOf(id);
    expect(rows).toHaveLength(result.accepted);
    expect(rows.map((r) => r.event)).toEqual(['$pageview', 'PluginInstall']);
  });

  it('answers 400 listing the reasons when every record of a batch is refused, storing none', async () => {
    const id = uniqueId('allbad');
    const records = [sdkRecord(id, { event: '' }), sdkRecord(id, { distinct_id: '' })];
    const envelope = failed(await post(sdkBatchTrackData(records)));
    expect(envelope).toMatchObject({ code: 40000, error: 'INVALID_PARAMETER' });
    expect(envelope.message).toBe("no record accepted: [0] event's is empty; [1] distinct_id's is empty");
    expect(await rowsOf(id)).toHaveLength(0);
  });

  it('accepts an empty batch with 200', async () => {
    expect(collected(await post(sdkBatchTrackData([])))).toEqual({ accepted: 0, rejected: [] });
  });

  it('stores a batch of 500 records and refuses one of 501 whole, with one error', async () => {
    const id = uniqueId('big');
    const records = Array.from({ length: 501 }, () => ({
      type: 'track',
      event: 'e',
      distinct_id: id,
      time: Date.now(),
      properties: {},
    }));
    expect(failed(await post(sdkBatchTrackData(records)))).toMatchObject({
      error: 'INVALID_PARAMETER',
      message: 'batch has more than 500 records',
    });
    expect(await rowsOf(id)).toHaveLength(0);
    expect(collected(await post(sdkBatchTrackData(records.slice(0, 500))))).toEqual({
      accepted: 500,
      rejected: [],
    });
    expect(await rowsOf(id)).toHaveLength(500);
  });

  it('accepts a gzip=1 batch (base64 of gzip-compressed JSON)', async () => {
    const id = uniqueId('gzip');
    const b64 = gzipSync(Buffer.from(JSON.stringify([sdkRecord(id), sdkRecord(id)]))).toString('base64');
    const result = collected(await post(`data_list=${encodeURIComponent(b64)}&gzip=1`));
    expect(result.accepted).toBe(2);
  });
});

describe('storage', () => {
  it('stores concurrent batches, each whole (group commit)', async () => {
    const id = uniqueId('concurrent');
    const responses = await Promise.all(
      Array.from({ length: 24 }, (_, k) =>
        post(sdkBatchTrackData(Array.from({ length: 10 }, () => sdkRecord(`${id}-${k}`)))),
      ),
    );
    for (const response of responses) expect(collected(response).accepted).toBe(10);
    const rows = await rowsOf(id);
    expect(rows).toHaveLength(240);
    expect(new Set(rows.map((r) => r.distinct_id)).size).toBe(24);
  });

  it('fails only the write whose own rows fail when a group transaction fails', async () => {
    const id = uniqueId('group-fail');
    const writer = new EventWriter(t.app.db);
    const bad = { ...eventRow(`${id}-bad`, 0), distinct_id: null as unknown as string };
    const results = await Promise.allSettled([
      writer.write([eventRow(`${id}-a`, 1), eventRow(`${id}-a`, 2)]),
      writer.write([bad]),
      writer.write([eventRow(`${id}-c`, 3)]),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(await rowsOf(id)).toHaveLength(3);
    // The writer keeps working afterwards.
    await writer.write([eventRow(`${id}-d`, 4)]);
    expect(await rowsOf(id)).toHaveLength(4);
  });

  it('inserts more rows than one statement takes in one transaction', async () => {
    const id = uniqueId('chunks');
    expect(
      await insertEvents(
        t.app.db,
        Array.from({ length: 1203 }, (_, i) => eventRow(id, i)),
      ),
    ).toBe(1203);
    const rows = await rowsOf(id);
    expect(rows.map((r) => JSON.parse(r.properties).i)).toEqual(Array.from({ length: 1203 }, (_, i) => i));
  });
});

describe('names and values (SPEC §5)', () => {
  it.each([
    ['distinct_id'],
    ['Time'],
    ['EVENTS'],
    ['user_tag_vip'],
    ['user_group_a'],
    ['1st'],
    ['with-dash'],
    ['has space'],
  ])('refuses the reserved or malformed event name %j', async (name) => {
    const id = uniqueId('name');
    const envelope = failed(await post(sdkEncodeTrackData(sdkRecord(id, { event: name }))));
    expect(envelope.message).toBe('no record accepted: [0] event is invalid');
  });

  it.each([
    ['original_id', 'original_id is invalid'],
    ['datetime', 'datetime is invalid'],
    ['user_group1', 'user_group1 is invalid'],
    ['9lives', '9lives is invalid'],
    ['', "property name's is empty"],
    ['k'.repeat(101), `${'k'.repeat(64)}… length is longer than 100`],
  ])('refuses the property name %j', async (key, reason) => {
    const id = uniqueId('prop');
    const envelope = failed(await post(sdkEncodeTrackData(sdkRecord(id, {}, { [key]: 'v' }))));
    expect(envelope.message).toBe(`no record accepted: [0] ${reason}`);
  });

  it('accepts names at the limits ($-prefixed, underscores, 100 characters, 1024-character values)', async () => {
    const id = uniqueId('limits');
    const record = sdkRecord(
      id,
      { event: `E${'v'.repeat(99)}` },
      {
        $custom: 'x'.repeat(1024),
        _private: ['a', 'b'.repeat(1024)],
        n: 1.5,
        none: null,
        [`k${'y'.repeat(99)}`]: true,
      },
    );
    expect(collected(await post(sdkEncodeTrackData(record))).accepted).toBe(1);
  });

  it.each([
    [{ distinct_id: 'd'.repeat(256) }, 'distinct_id length is longer than 255'],
    [{ login_id: 'l'.repeat(256) }, 'login_id length is longer than 255'],
    [{ distinct_id: 12345 }, 'distinct_id must be string'],
    [{ identities: { $identity_login_id: 'i'.repeat(256) } }, '$identity_login_id length is longer than 255'],
  ])('refuses the ids %j', async (overrides, reason) => {
    const envelope = failed(await post(sdkEncodeTrackData(sdkRecord(uniqueId('ids'), overrides))));
    expect(envelope.message).toBe(`no record accepted: [0] ${reason}`);
  });

  it('refuses a string list item over 1024 characters and non-string list items', async () => {
    const id = uniqueId('list');
    const records = [
      sdkRecord(id, {}, { tags: ['ok', 'z'.repeat(1025)] }),
      sdkRecord(id, {}, { tags: [1, 2] }),
    ];
    expect(failed(await post(sdkBatchTrackData(records))).message).toBe(
      'no record accepted: [0] tags length is longer than 1024; [1] tags is invalid',
    );
  });
});

describe('payload faults', () => {
  it('refuses a wrong crc and stores nothing', async () => {
    const id = uniqueId('crc');
    const data = sdkBase64Encode(JSON.stringify(sdkRecord(id)));
    const envelope = failed(
      await post(
        `data=${encodeURIComponent(data)}&ext=${encodeURIComponent(`crc=${sdkHashCode(data) + 1}`)}`,
      ),
    );
    expect(envelope).toMatchObject({ error: 'INVALID_PARAMETER', message: 'crc mismatch' });
    expect(await rowsOf(id)).toHaveLength(0);
  });

  it.each([
    ['data_list=%%%not-base64', 'data_list is not valid base64'],
    [`data_list=${encodeURIComponent(sdkBase64Encode('{"a":'))}`, 'data_list is not valid JSON'],
    [`data_list=${encodeURIComponent(sdkBase64Encode('{"type":"track"}'))}`, 'data_list is not a JSON array'],
    [
      `data=${encodeURIComponent(Buffer.from([0xff, 0xfe, 0x22]).toString('base64'))}`,
      'data is not valid UTF-8',
    ],
  ])('refuses the malformed payload %s', async (payload, message) => {
    expect(failed(await post(payload))).toMatchObject({ error: 'MALFORMED_BODY', message });
  });

  it.each([
    ['', 'data or data_list is required'],
    ['ext=crc%3D1', 'data or data_list is required'],
    [
      `data=${encodeURIComponent(sdkBase64Encode('{}'))}&data_list=${encodeURIComponent(sdkBase64Encode('[]'))}`,
      'send either data or data_list, not both',
    ],
    [`data_list=${encodeURIComponent(sdkBase64Encode('[]'))}&gzip=7`, 'gzip is invalid'],
    [`data=${encodeURIComponent(sdkBase64Encode('{}'))}&ext=crc%3Dabc`, 'crc is invalid'],
  ])('refuses the payload %j', async (payload, message) => {
    expect(failed(await post(payload))).toMatchObject({ error: 'INVALID_PARAMETER', message });
  });

  it('refuses an encrypted (gzip=9) payload with a clear reason', async () => {
    const encrypted = JSON.stringify({ key_id: 1, key_hash: 'h', nc: 1, payload: 'AES...' });
    const response = await post(
      `data=${encodeURIComponent(encrypted)}&ext=${encodeURIComponent(`crc=${sdkHashCode(encrypted)}`)}&gzip=9`,
    );
    expect(failed(response).message).toMatch(/^gzip=9 .*not supported/);
  });

  it('refuses an unknown project and accepts one from ANALYTICS_PROJECTS', async () => {
    const id = uniqueId('project');
    const payload = sdkEncodeTrackData(sdkRecord(id));
    expect(failed(await post(payload, { project: 'nope' })).message).toMatch(/^project "nope" is invalid/);
    expect(collected(await post(payload, { project: 'staging' })).accepted).toBe(1);
    expect((await rowsOf(id)).map((r) => r.project)).toEqual(['staging']);
  });

  it('answers 413 for a body over 1 MiB', async () => {
    const response = await post(`data_list=${'A'.repeat(1024 * 1024 + 10)}`);
    expect(failed(response, 413).error).toBe('PAYLOAD_TOO_LARGE');
  });
});
