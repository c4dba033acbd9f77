/**
 * `GET /metrics` and request ids through the real server on the selected dialect: the scrape
 * token, the request histogram by route pattern (never a URL), the read-cache, search and
 * collector counters moving, the pool gauges (PostgreSQL), one registry per app; ids taken from a
 * well-formed `X-Request-Id` or made, answered, and written into the request's log lines. Without
 * `METRICS_TOKEN` the route answers 404 (`app.test.ts`); hostile credentials are in
 * `attack/fuzz.test.ts`.
 */
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from './db/database';
import { createServerMetrics } from './metrics';
import { approvedPluginKeys, createTestApp, type TestApp } from './testing/testApp';
import { TEST_DIALECT } from './testing/testDatabase';
import { sdkBatchTrackData, sdkRecord } from './testing/testSdkEncoding';

const TOKEN = 'metrics-test-token-0123456789';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** The server's log, one JSON line per entry. */
const logLines: string[] = [];
let t: TestApp;
let key: string;

beforeAll(async () => {
  t = await createTestApp({
    metricsToken: TOKEN,
    logger: { level: 'info', stream: { write: (line: string) => void logLines.push(line) } },
  });
  [key] = (await approvedPluginKeys(t.app, 1)) as [string];
}, 60_000);
afterAll(async () => t?.close());

async function scrape(): Promise<string> {
  const response = await t.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
  expect(response.statusCode).toBe(200);
  return response.body;
}

/** The sum of the samples of `name` whose labels include `labels`, in a text exposition. */
function sampleSum(text: string, name: string, labels: Record<string, string> = {}): number {
  let sum = 0;
  for (const line of text.split('\n')) {
    const match = /^([A-Za-z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const got = Object.fromEntries(
      [...(match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1], m[2]]),
    );
    if (Object.entries(labels).every(([label, value]) => got[label] === value)) sum += Number(match[3]);
  }
  return sum;
}

const REQUESTS = 'plugin_center_http_request_duration_seconds_count';

describe(`GET /metrics with METRICS_TOKEN (${TEST_DIALECT})`, () => {
  it('answers 401 in the envelope without the token or with another one', async () => {
    for (const headers of [{}, { authorization: 'Bearer metrics-test-token-wrong' }]) {
      const response = await t.app.inject({ url: '/metrics', headers });
      expect(response.statusCode).toBe(401);
      expect(JSON.parse(response.body)).toMatchObject({ code: 401, error: 'UNAUTHORIZED', data: null });
    }
  });

  it('counts requests by method, route pattern and status, never by URL; process and pool metrics', async () => {
    const detail = `/api/cmt/plugin?plugin_key=${encodeURIComponent(key)}`;
    expect((await t.app.inject(detail)).statusCode).toBe(200);
    expect((await t.app.inject(`/api/cmt/file/${key}-no-such-file.png`)).statusCode).toBe(400);
    expect((await t.app.inject(`/no/such/${key}`)).statusCode).toBe(404);
    const response = await t.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(response.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-store');
    const text = response.body;
    const count = (route: string, status: string) =>
      sampleSum(text, REQUESTS, { method: 'GET', route, status_code: status });
    expect(count('/api/cmt/plugin', '200')).toBeGreaterThanOrEqual(1);
    expect(count('/api/cmt/file/:key', '400')).toBeGreaterThanOrEqual(1);
    expect(count('unmatched', '404')).toBeGreaterThanOrEqual(1);
    expect(count('/metrics', '401')).toBeGreaterThanOrEqual(1);
    expect(text).toContain('plugin_center_http_request_duration_seconds_bucket{le="0.015",method="GET"');
    expect(text).not.toContain(key);
    expect(text).not.toContain('plugin_key');
    expect(text).toMatch(/^process_cpu_user_seconds_total \d/m);
    expect(text).toMatch(/^nodejs_heap_size_used_bytes \d/m);
    if (TEST_DIALECT === 'postgres') {
      expect(sampleSum(text, 'plugin_center_db_pool_max_connections')).toBeGreaterThan(0);
      expect(sampleSum(text, 'plugin_center_db_pool_connections')).toBeGreaterThan(0);
      expect(text).toMatch(/^plugin_center_db_pool_idle_connections \d/m);
      expect(text).toMatch(/^plugin_center_db_pool_waiting_queries \d/m);
    } else {
      // SQLite has one in-process connection: no pool to report.
      expect(text).not.toContain('plugin_center_db_pool_');
    }
  });

  it('moves the read-cache, search and collector counters', async () => {
    const before = await scrape();
    const list = '/api/cmt/plugin/list?page_size=5&tag_id=0';
    for (let i = 0; i < 2; i++) expect((await t.app.inject(list)).statusCode).toBe(200);
    expect((await t.app.inject('/api/cmt/plugin/list?keyword=export')).statusCode).toBe(200);
    const id = `metrics-${Date.now()}`;
    const collected = await t.app.inject({
      method: 'POST',
      url: '/sa?project=default',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: sdkBatchTrackData([sdkRecord(id), sdkRecord(id, { event: '' })]),
    });
    expect(JSON.parse(collected.body).data).toMatchObject({ accepted: 1, rejected: [{ index: 1 }] });
    const after = await scrape();
    const moved = (name: string, labels: Record<string, string> = {}) =>
      sampleSum(after, name, labels) - sampleSum(before, name, labels);
    const lookups = 'plugin_center_read_cache_lookups_total';
    expect(moved(lookups, { kind: 'result', result: 'hit' })).toBeGreaterThanOrEqual(1);
    expect(moved(lookups, { kind: 'search', result: 'miss' })).toBe(1);
    expect(moved('plugin_center_search_duration_seconds_count')).toBe(1);
    expect(moved('plugin_center_search_duration_seconds_sum')).toBeGreaterThan(0);
    expect(moved('plugin_center_collector_events_total', { outcome: 'accepted' })).toBe(1);
    expect(moved('plugin_center_collector_events_total', { outcome: 'rejected' })).toBe(1);
    expect(moved(REQUESTS, { method: 'POST', route: '/sa', status_code: '200' })).toBe(1);
  });

  it("keeps each app's metrics in a registry of its own", async () => {
    // A second app's metrics in this process: no clash of names with this app's.
    const other = createServerMetrics({ dialect: 'sqlite' } as unknown as Database);
    other.requests.observe({ method: 'GET', route: '/elsewhere', status_code: '200' }, 0.001);
    expect(await other.registry.metrics()).toContain('route="/elsewhere"');
    expect(await scrape()).not.toContain('route="/elsewhere"');
  });
});

describe(`request ids (${TEST_DIALECT})`, () => {
  const send = (id?: string | string[], url = '/healthz'): Promise<LightMyRequestResponse> =>
    t.app.inject({ url, headers: id === undefined ? {} : { 'x-request-id': id } });

  it('answers a well-formed X-Request-Id as sent, and a random UUID when none is sent', async () => {
    const sent = `proxy-1.abc_${'Z'.repeat(100)}`;
    expect((await send(sent)).headers['x-request-id']).toBe(sent);
    const [a, b] = [(await send()).headers['x-request-id'], (await send()).headers['x-request-id']];
    expect(a).toMatch(UUID);
    expect(b).toMatch(UUID);
    expect(a).not.toBe(b);
    // The router's own errors (a malformed escape) carry it too.
    const bad = await send('bad-url-1', '/api/cmt/file/%E0%A4%A');
    expect(bad.statusCode).toBe(400);
    expect(bad.headers['x-request-id']).toBe('bad-url-1');
  });

  it('replaces hostile ids (too long, NUL, control characters, spaces, several) and never logs them', async () => {
    const hostile: (string | string[])[] = [
      `hostile-marker-${'x'.repeat(120)}`,
      'hostile-marker\u0000',
      'hostile-marker\u001b[31m',
      'hostile-marker\t1',
      'hostile marker',
      'hostile-marker-é',
      '',
      ['hostile-marker-1', 'hostile-marker-2'],
    ];
    for (const id of hostile) {
      const response = await send(id, '/api/cmt/plugin/tag/list');
      expect(response.statusCode, JSON.stringify(id)).toBe(200);
      expect(response.headers['x-request-id'], JSON.stringify(id)).toMatch(UUID);
    }
    expect(logLines.filter((line) => line.includes('hostile'))).toEqual([]);
  });

  it("writes the id into every log line of the request, the URL's secrets still blanked", async () => {
    const id = 'trace-7f3a.log_test';
    await send(id, '/api/cmt/plugin/list?page_size=1&token=s3cret-in-url');
    const entries = logLines.map((line) => JSON.parse(line) as { reqId?: string; msg?: string });
    const mine = logLines.filter((_line, i) => entries[i]!.reqId === id);
    expect(mine.map((line) => (JSON.parse(line) as { msg: string }).msg)).toEqual([
      'incoming request',
      'request completed',
    ]);
    expect(mine.join('\n')).toContain('token=[redacted]');
    // No line of the log shows the secret, whichever request it belongs to.
    expect(logLines.filter((line) => line.includes('s3cret-in-url'))).toEqual([]);
  });
});
