/**
 * The read replica (`DATABASE_REPLICA_URL`, `readReplica.ts`) against a real PostgreSQL primary and
 * its streaming replica started by the test (`testing/testReplica.ts`): the square's public reads
 * and the dashboards go to the replica once it is in step; a write is read back at once while the
 * replica's replay is paused (from the primary, never the stale replica), and reads return to the
 * replica once it has replayed it; with the replica stopped every request is still answered, and
 * it is used again once it is back. The server-postgres project only (`vitest.config.ts`).
 */
import { type PluginDetail, type PluginListResult, Role } from '@plugin-center/contract/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { approvedPluginKeys, body, createTestApp, signedInHeaders, type TestApp } from '../testing/testApp';
import { TestReplicaPair } from '../testing/testReplica';
import { isReplicaFailure, parseLsn } from './readReplica';

const METRICS_TOKEN = 'read-replica-metrics-token-0123456789';
/** The dashboards' accepted staleness in this test, ms. */
const MAX_LAG_MS = 400;
/** How soon reads must return to a replica that caught up (or came back), ms. */
const BACK_WITHIN_MS = 3000;

let pair: TestReplicaPair;
let t: TestApp;
let admin: Record<string, string>;
let user: Record<string, string>;
let keys: string[];

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** `plugin_center_db_reads_total` by target. */
async function reads(): Promise<{ replica: number; primary: number; fallback: number }> {
  const response = await t.app.inject({
    method: 'GET',
    url: '/metrics',
    headers: { authorization: `Bearer ${METRICS_TOKEN}` },
  });
  expect(response.statusCode).toBe(200);
  const count = (target: string) =>
    Number(
      new RegExp(`^plugin_center_db_reads_total\\{target="${target}"\\} (\\S+)$`, 'm').exec(
        response.body,
      )?.[1],
    );
  return { replica: count('replica'), primary: count('primary'), fallback: count('fallback') };
}

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });

async function detail(key: string): Promise<PluginDetail> {
  const response = await get(`/api/cmt/plugin?plugin_key=${encodeURIComponent(key)}`);
  expect(response.statusCode, response.body).toBe(200);
  return body<{ data: PluginDetail }>(response).data;
}

async function listTotal(): Promise<number> {
  const response = await get('/api/cmt/plugin/list?page_size=5');
  expect(response.statusCode, response.body).toBe(200);
  return body<{ data: PluginListResult }>(response).data.total;
}

/** Waits until a read goes to the replica again (reads the list until the replica count moves). */
async function untilReplicaServes(): Promise<number> {
  const started = Date.now();
  const before = (await reads()).replica;
  while (Date.now() - started < BACK_WITHIN_MS * 3) {
    await listTotal();
    if ((await reads()).replica > before) return Date.now() - started;
    await sleep(50);
  }
  throw new Error('reads did not return to the replica');
}

beforeAll(async () => {
  pair = await TestReplicaPair.start();
  t = await createTestApp({
    databaseUrl: pair.primaryUrl(),
    databaseReplicaUrl: pair.replicaUrl(),
    databaseReplicaMaxLagMs: MAX_LAG_MS,
    metricsToken: METRICS_TOKEN,
    readCache: false,
  });
  admin = await signedInHeaders(t.app, { role: Role.SUPER_ADMIN });
  user = await signedInHeaders(t.app);
  keys = await approvedPluginKeys(t.app, 3);
}, 120_000);

afterAll(async () => {
  await t?.close();
  await pair?.close();
});

describe('read replica', () => {
  it('parses WAL positions and tells the replica’s failures from the query’s', () => {
    expect(parseLsn('0/3000000')).toBe(0x3000000n);
    expect(parseLsn('16/B374D848') > parseLsn('15/FFFFFFFF')).toBe(true);
    expect(isReplicaFailure(Object.assign(new Error('x'), { code: '57P01' }))).toBe(true);
    expect(isReplicaFailure(Object.assign(new Error('x'), { code: 'ECONNREFUSED' }))).toBe(true);
    expect(isReplicaFailure(Object.assign(new Error('conflict'), { code: '40001' }))).toBe(true);
    expect(isReplicaFailure(Object.assign(new Error('syntax'), { code: '42601' }))).toBe(false);
    expect(isReplicaFailure(new Error('no plugin'))).toBe(false);
  });

  it('serves the square’s public reads and the dashboards from the replica once it is in step', async () => {
    const urls = [
      '/api/cmt/plugin/list?page_size=10',
      '/api/cmt/plugin/list?page_size=10&keyword=icon',
      '/api/cmt/plugin/list?page_size=10&keyword=%E5%9B%BE%E6%A0%87',
      '/api/cmt/plugin/suggest?q=co',
      '/api/cmt/plugin/tag/list',
      '/api/cmt/plugin/recommendation/list?count=4',
      `/api/cmt/plugin?plugin_key=${encodeURIComponent(keys[0]!)}`,
    ];
    // A round of every read while the replica is in step. On a loaded machine a probe can come
    // later than the 1 s its answer is trusted for, and the reads of that moment rightly go to the
    // primary: such a round is asked again (at most 3 rounds); one must read nothing from it.
    const rounds: { replica: number; primary: number }[] = [];
    for (let round = 0; round < 3; round++) {
      await untilReplicaServes();
      const before = await reads();
      for (const url of urls) expect((await get(url)).statusCode, url).toBe(200);
      const overview = await get('/api/cmt/manager/analytics/overview', admin);
      expect(overview.statusCode, overview.body).toBe(200);
      const after = await reads();
      rounds.push({ replica: after.replica - before.replica, primary: after.primary - before.primary });
      expect(after.fallback).toBe(0);
      if (rounds.at(-1)!.primary === 0) break;
    }
    // Each request read at least once; none went to the primary while the replica was in step.
    expect(rounds.at(-1), JSON.stringify(rounds)).toMatchObject({ primary: 0 });
    expect(rounds.at(-1)!.replica).toBeGreaterThanOrEqual(urls.length + 1);
  });

  it('reads a write back at once while the replica lags, then returns to the replica', async () => {
    await untilReplicaServes();
    const key = keys[1]!;
    const likes = (await detail(key)).praise_count;
    const total = await listTotal();
    await pair.onReplica('SELECT pg_wal_replay_pause()');
    try {
      // A like (a change of one plugin) and a deletion (a change of the catalogue).
      const liked = await t.app.inject({
        method: 'POST',
        url: '/api/cmt/plugin/user/praise',
        headers: user,
        payload: { plugin_key: key, praise: 1 },
      });
      expect(liked.statusCode, liked.body).toBe(200);
      const removed = await t.app.inject({
        method: 'DELETE',
        url: '/api/cmt/plugin',
        headers: admin,
        payload: { plugin_key: keys[2] },
      });
      expect(removed.statusCode, removed.body).toBe(200);
      const before = await reads();
      expect((await detail(key)).praise_count).toBe(likes + 1);
      expect(await listTotal()).toBe(total - 1);
      const gone = await get(`/api/cmt/plugin?plugin_key=${encodeURIComponent(keys[2]!)}`);
      expect(gone.statusCode).toBe(404);
      // The replica has not replayed them: those answers came from the primary.
      const stale = (await pair.onReplica(
        `SELECT praise_count FROM plugin WHERE plugin_key = '${key.replace(/'/g, "''")}'`,
      )) as { praise_count: number }[];
      expect(Number(stale[0]!.praise_count)).toBe(likes);
      const after = await reads();
      expect(after.replica - before.replica).toBe(0);
      expect(after.primary - before.primary).toBeGreaterThanOrEqual(3);
      // Paused longer than the dashboards accept: they read the primary too.
      await sleep(MAX_LAG_MS + 100);
      const dashboard = await reads();
      expect((await get('/api/cmt/manager/analytics/overview', admin)).statusCode).toBe(200);
      expect((await reads()).primary - dashboard.primary).toBe(1);
    } finally {
      await pair.onReplica('SELECT pg_wal_replay_resume()');
    }
    expect(await untilReplicaServes()).toBeLessThan(BACK_WITHIN_MS);
    const before = await reads();
    expect((await detail(key)).praise_count).toBe(likes + 1);
    expect(await listTotal()).toBe(total - 1);
    expect((await reads()).replica - before.replica).toBe(2);
  });

  it('answers every request from the primary while the replica is down, and uses it again once back', async () => {
    await untilReplicaServes();
    await pair.stopReplica();
    try {
      const before = await reads();
      for (let i = 0; i < 10; i++) {
        const response = await get(
          `/api/cmt/plugin/list?page_size=5&keyword=${['color', 'icon', 'export'][i % 3]}`,
        );
        expect(response.statusCode, response.body).toBe(200);
        expect(body<{ data: PluginListResult }>(response).data.total).toBeGreaterThan(0);
      }
      const after = await reads();
      expect(after.primary - before.primary).toBeGreaterThanOrEqual(10);
    } finally {
      await pair.startReplica();
    }
    expect(await untilReplicaServes()).toBeLessThan(BACK_WITHIN_MS);
  });
});
