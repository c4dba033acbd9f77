/**
 * Through the real server on the selected dialect: a gzip `data_list` that
 * inflates to millions of records must not amplify into a huge answer (one summary 400, small and
 * fast, the server still answering), and a record with a NUL character must not cost other requests
 * their events (refused in validation; a failing group insert retried request by request).
 */
import { gzipSync } from 'node:zlib';
import type { CollectResult, ErrorEnvelope } from '@plugin-center/contract/schemas';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BODY_LIMIT } from '../app';
import { body, createTestApp, type TestApp } from '../testing/testApp';
import { eventRow, sdkBatchTrackData, sdkEncodeTrackData, sdkRecord } from '../testing/testSdkEncoding';
import { EventWriter } from './data';
import { MAX_INFLATED_BYTES } from './encoding';

const FORM = 'application/x-www-form-urlencoded';

let t: TestApp;
let ids = 0;

beforeAll(async () => {
  t = await createTestApp({ importCatalogueOnEmpty: false });
});
afterAll(async () => {
  await t?.close();
});

function uniqueId(label: string): string {
  ids += 1;
  return `${label}-${ids}-${Math.random().toString(36).slice(2, 8)}`;
}

function post(payload: string): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method: 'POST',
    url: '/sa?project=default',
    headers: { 'content-type': FORM },
    payload,
  });
}

async function countOf(distinctPrefix: string): Promise<number> {
  const rows = await t.app.db.kysely
    .selectFrom('analytics_event')
    .select('distinct_id')
    .where('distinct_id', 'like', `${distinctPrefix}%`)
    .execute();
  return rows.length;
}

/** The issue's reproduction: one good record then `zeros` zeros, gzip, base64, as a form body. */
function amplifier(zeros: number): string {
  const good = JSON.stringify({
    type: 'track',
    event: 'E',
    distinct_id: 'a',
    time: Date.now(),
    properties: {},
  });
  const list = `[${good},${Array(zeros).fill(0).join(',')}]`;
  return `gzip=1&data_list=${encodeURIComponent(gzipSync(list).toString('base64'))}`;
}

describe('amplification', () => {
  it('caps the inflated size at the body limit', () => {
    expect(MAX_INFLATED_BYTES).toBe(BODY_LIMIT);
  });

  it("answers the issue's 11 KB gzip bomb with one small 400, fast, and keeps /healthz answering", async () => {
    const payload = amplifier(4_190_000);
    expect(payload.length).toBeLessThan(16 * 1024);
    const started = Date.now();
    const responses = await Promise.all([post(payload), post(payload), post(payload), post(payload)]);
    const health = await t.app.inject({ method: 'GET', url: '/healthz' });
    const elapsed = Date.now() - started;
    for (const response of responses) {
      expect(response.statusCode).toBe(400);
      expect(response.rawPayload.length).toBeLessThan(1024);
      expect(body<ErrorEnvelope>(response).error).toBe('MALFORMED_BODY');
    }
    expect(health.statusCode).toBe(200);
    expect(elapsed).toBeLessThan(5000);
  });

  it('refuses an over-long array that fits the inflated cap with one summary error, storing nothing', async () => {
    const id = uniqueId('long');
    const records = Array.from({ length: 501 }, () => sdkRecord(id));
    const viaGzip = `gzip=1&data_list=${encodeURIComponent(gzipSync(JSON.stringify(records)).toString('base64'))}`;
    for (const payload of [sdkBatchTrackData(records), viaGzip, amplifier(300_000)]) {
      const response = await post(payload);
      expect(response.statusCode, response.body.slice(0, 300)).toBe(400);
      expect(response.rawPayload.length).toBeLessThan(1024);
      expect(body<ErrorEnvelope>(response)).toMatchObject({
        error: 'INVALID_PARAMETER',
        message: 'batch has more than 500 records',
      });
    }
    expect(await countOf(id)).toBe(0);
  });

  it('keeps the answer of a batch of bad records within a small multiple of its body', async () => {
    const id = uniqueId('bad');
    // 499 records refused with long reasons (a 600-character lib name), one good record.
    const long = 'l'.repeat(600);
    const records: unknown[] = [sdkRecord(id)];
    for (let i = 0; i < 499; i++) records.push({ ...sdkRecord(id), lib: { [long]: {} } });
    const list = JSON.stringify(records);
    for (const payload of [
      `gzip=1&data_list=${encodeURIComponent(gzipSync(list).toString('base64'))}`,
      `gzip=1&data_list=${encodeURIComponent(gzipSync(`[${JSON.stringify(sdkRecord(id))}${',0'.repeat(499)}]`).toString('base64'))}`,
    ]) {
      const response = await post(payload);
      expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
      const result = body<{ data: CollectResult }>(response).data;
      expect(result.accepted).toBe(1);
      expect(result.rejected.length).toBeGreaterThan(0);
      for (const r of result.rejected) expect(r.reason.length).toBeLessThanOrEqual(200);
      expect(response.rawPayload.length).toBeLessThanOrEqual(Math.max(4096, 2 * payload.length) + 100);
    }
  });
});

/** Each field where a NUL character must be refused, as record overrides and properties. */
const POISONS: [string, Record<string, unknown>, Record<string, unknown>, string][] = [
  ['distinct_id', { distinct_id: 'a\u0000b' }, {}, 'distinct_id is invalid: contains a NUL character'],
  ['login_id', { login_id: 'l\u0000' }, {}, 'login_id is invalid: contains a NUL character'],
  [
    'original_id',
    { type: 'track_signup', event: '$SignUp', original_id: '\u0000' },
    {},
    'original_id is invalid: contains a NUL character',
  ],
  ['anonymous_id', { anonymous_id: 'x\u0000' }, {}, 'anonymous_id is invalid: contains a NUL character'],
  [
    'identity value',
    { identities: { $identity_cookie_id: 'c\u0000' } },
    {},
    '$identity_cookie_id is invalid: contains a NUL character',
  ],
  [
    'identity name',
    { identities: { 'bad\u0000': 'c' } },
    {},
    'bad\u0000 is invalid: contains a NUL character',
  ],
  ['event', { event: 'E\u0000' }, {}, 'event is invalid: contains a NUL character'],
  ['plugin_key', {}, { plugin_key: 'p\u0000' }, 'plugin_key is invalid: contains a NUL character'],
  ['$url', {}, { $url: 'https://x.example/\u0000' }, '$url is invalid: contains a NUL character'],
  ['property value', {}, { note: '\u0000' }, 'note is invalid: contains a NUL character'],
  ['property name', {}, { 'k\u0000': 'v' }, 'k\u0000 is invalid: contains a NUL character'],
  ['list item', {}, { tags: ['ok', 'n\u0000'] }, 'tags is invalid: contains a NUL character'],
];

describe('NUL characters', () => {
  it.each(POISONS)(
    'refuses a NUL in %s with a reason, keeping the rest of the batch',
    async (_label, overrides, properties, reason) => {
      const id = uniqueId('nul');
      const records = [sdkRecord(id), sdkRecord(id, overrides, properties), sdkRecord(id)];
      const response = await post(sdkBatchTrackData(records));
      expect(response.statusCode, response.body).toBe(200);
      expect(body<{ data: CollectResult }>(response).data).toEqual({
        accepted: 2,
        rejected: [{ index: 1, reason }],
      });
      expect(await countOf(id)).toBe(2);
    },
  );

  it('stores every good request of a burst with poisoned requests among them', async () => {
    const id = uniqueId('burst');
    const good = Array.from({ length: 60 }, (_, k) =>
      post(sdkBatchTrackData([sdkRecord(`${id}-g${k}`), sdkRecord(`${id}-g${k}`)])),
    );
    const poisoned = POISONS.slice(0, 5).map(([, overrides, properties]) =>
      post(sdkEncodeTrackData(sdkRecord(`${id}-p`, overrides, properties))),
    );
    const [goodAnswers, poisonedAnswers] = await Promise.all([Promise.all(good), Promise.all(poisoned)]);
    for (const response of goodAnswers) {
      expect(response.statusCode, response.body).toBe(200);
      expect(body<{ data: CollectResult }>(response).data.accepted).toBe(2);
    }
    for (const response of poisonedAnswers) expect(response.statusCode, response.body).toBe(400);
    expect(await countOf(`${id}-g`)).toBe(120);
  });
});

/**
 * A batch body whose JSON writes lone surrogates as `\uXXXX` escapes (the SDK's own encoder cannot:
 * `encodeURIComponent` throws on them; a JSON escape is how they reach the collector).
 */
function escapedBatch(records: unknown[]): string {
  const json = JSON.stringify(records).replace(/\p{Cs}/gu, (c) => `\\u${c.charCodeAt(0).toString(16)}`);
  return `data_list=${encodeURIComponent(Buffer.from(json, 'utf8').toString('base64'))}`;
}

describe('lone UTF-16 surrogates', () => {
  it.each([
    ['distinct_id', { distinct_id: 'sur\ud800' }, 'distinct_id is invalid: contains a lone surrogate'],
    ['login_id', { login_id: '\udc00' }, 'login_id is invalid: contains a lone surrogate'],
    [
      'identity value',
      { identities: { $identity_login_id: 'a\udfffb' } },
      '$identity_login_id is invalid: contains a lone surrogate',
    ],
  ])('refuses a lone surrogate in %s', async (_label, overrides, reason) => {
    const id = uniqueId('sur');
    const response = await post(escapedBatch([sdkRecord(id), sdkRecord(id, overrides)]));
    expect(response.statusCode, response.body).toBe(200);
    expect(body<{ data: CollectResult }>(response).data).toEqual({
      accepted: 1,
      rejected: [{ index: 1, reason }],
    });
  });

  it('keeps lone surrogates of property values: escaped in properties, U+FFFD in the copied columns', async () => {
    const id = uniqueId('sur-prop');
    const properties = {
      plugin_key: 'k\ud800',
      $url: 'https://x.example/\udc00',
      $title: `${'t'.repeat(499)}\ud83d`,
    };
    const response = await post(escapedBatch([sdkRecord(id, {}, properties)]));
    expect(response.statusCode, response.body).toBe(200);
    const rows = await t.app.db.kysely
      .selectFrom('analytics_event')
      .selectAll()
      .where('distinct_id', '=', id)
      .execute();
    expect(rows).toHaveLength(1);
    expect([rows[0]!.plugin_key, rows[0]!.url]).toEqual(['k\ufffd', 'https://x.example/\ufffd']);
    expect(JSON.parse(rows[0]!.properties)).toMatchObject(properties);
  });
});

describe('EventWriter retry', () => {
  it('stores the other requests of a group when one request fails in the database', async () => {
    const id = uniqueId('retry');
    const writer = new EventWriter(t.app.db);
    // NOT NULL violation on both dialects: only this request's insert can fail.
    const bad = { ...eventRow(`${id}-bad`, 0), distinct_id: null as unknown as string };
    const results = await Promise.allSettled([
      writer.write([eventRow(`${id}-a`, 1), eventRow(`${id}-a`, 2)]),
      writer.write([eventRow(`${id}-b`, 3), bad]),
      writer.write([eventRow(`${id}-c`, 4)]),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    // Request b is all or none: none of its rows.
    expect(await countOf(`${id}-a`)).toBe(2);
    expect(await countOf(`${id}-b`)).toBe(0);
    expect(await countOf(`${id}-c`)).toBe(1);
  });
});
