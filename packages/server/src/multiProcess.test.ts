/**
 * Two real server processes (`cli.ts start`, children) on one database and one Redis of the
 * test's own (`redis-server` on a free port, no persistence, killed and started again): a
 * catalogue write on A makes B's cached list stale within 1 s; a rate limit counts the requests
 * of both; a sign-out on A ends the session on B (access token and refresh refused); one
 * account's publishes sent to both at once are checked one at a time (the pending cap holds); with Redis
 * killed both keep answering, each logs one warning, and every acknowledged write is in the
 * database; with Redis back, both report it in `/metrics` and invalidation works again.
 * On one PostgreSQL database (a copy of the run's template): the server-postgres project only
 * (`vitest.config.ts`), as several processes need PostgreSQL.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createDatabase, type Database } from './db/database';
import { createTestPostgresDatabase } from './testing/testDatabase';
import { multipart, publishFields } from './testing/testFiles';
import { TestRedis } from './testing/testRedis';
import {
  callServer,
  type RunningServer,
  type SessionTokens,
  signInOverHttp,
  startServerProcess,
  stopServerProcess,
} from './testing/testServerProcess';

const ADMIN_EMAIL = 'admin@multi.test';
const ADMIN_PASSWORD = 'multi-process-admin-password';
const METRICS_TOKEN = 'multi-process-metrics-token';
/** Sign-in attempts per minute per address and email (RATE_LIMIT_SIGNIN). */
const SIGN_IN_LIMIT = 3;
/**
 * The test's own limit, ms: it takes 10–20 s alone, more when both cores are busy with other test
 * files (the servers' start is in `beforeAll`, under the hook timeout).
 */
const TEST_TIMEOUT_MS = 90_000;
/** The limit of `beforeAll`, ms: the database copied, Redis and both servers started. */
const START_TIMEOUT_MS = 150_000;
/** How soon a write on one process must be seen by the other, ms. */
const PROPAGATION_MS = 1000;

let dataDir: string;
let databaseUrl: string;
let dropDatabase: (() => Promise<void>) | undefined;
let redis: TestRedis;
const servers: Server[] = [];
/** The two processes (started in `beforeAll`, A first). */
let a: Server;
let b: Server;

type Server = RunningServer;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Starts one server process on the shared database and Redis; resolves once `/healthz` answers. */
async function startServer(): Promise<Server> {
  const server = await startServerProcess({
    LOG_LEVEL: 'warn',
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    SECRETS_KEY: 'a'.repeat(64),
    REDIS_URL: redis.url,
    REDIS_KEY_PREFIX: `pc-test-${process.pid}:`,
    METRICS_TOKEN,
    ADMIN_EMAIL,
    ADMIN_PASSWORD,
    RATE_LIMIT_SIGNIN: String(SIGN_IN_LIMIT),
    PUBLISH_PENDING_MAX: '1',
  });
  servers.push(server);
  return server;
}

const stopServer = (server: Server) => stopServerProcess(server);

const call = (
  server: Server,
  method: string,
  path: string,
  options: { token?: string; body?: unknown } = {},
) => callServer(server.origin, method, path, options);

/** Signs in (or, without a password, signs up) on `server` and exchanges the login code there. */
async function session(server: Server, email: string, password?: string): Promise<SessionTokens> {
  return signInOverHttp(server.origin, email, password);
}

interface Page {
  total: number;
  keys: string[];
}

async function firstPage(server: Server): Promise<Page> {
  const reply = await call(server, 'GET', '/api/cmt/plugin/list?page_size=20');
  expect(reply.status).toBe(200);
  const data = reply.data as { total: number; plugin_list: { plugin_key: string }[] };
  return { total: data.total, keys: data.plugin_list.map((p) => p.plugin_key) };
}

/**
 * Polls `check` until it holds or `ms` passed; returns how long it took, ms (Infinity when it never
 * held).
 */
async function within(ms: number, check: () => Promise<boolean>): Promise<number> {
  const start = performance.now();
  do {
    if (await check()) return performance.now() - start;
    await sleep(25);
  } while (performance.now() - start < ms);
  return (await check()) ? performance.now() - start : Number.POSITIVE_INFINITY;
}

/**
 * Deletes the first plugin of B's (cached) first page through A and answers how long B took to
 * stop listing it (total one less, key gone).
 */
async function deleteSeenAcross(a: Server, b: Server, admin: string): Promise<{ key: string; ms: number }> {
  await firstPage(b);
  const before = await firstPage(b); // the page ids and the count now cached in B
  const key = before.keys[0]!;
  const removed = await call(a, 'DELETE', '/api/cmt/plugin', { token: admin, body: { plugin_key: key } });
  expect(removed.status, JSON.stringify(removed.data)).toBe(200);
  const ms = await within(PROPAGATION_MS, async () => {
    const page = await firstPage(b);
    return page.total === before.total - 1 && !page.keys.includes(key);
  });
  return { key, ms };
}

async function redisUp(server: Server): Promise<string | undefined> {
  const res = await fetch(`${server.origin}/metrics`, {
    headers: { authorization: `Bearer ${METRICS_TOKEN}` },
  });
  return /^plugin_center_redis_up (\d)/m.exec(await res.text())?.[1];
}

function openDirect(): Database {
  return createDatabase({ dataDir, databaseUrl });
}

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'plugin-center-multi-'));
  const template = inject('serverTemplate');
  const database = await createTestPostgresDatabase({
    prefix: 'pc_multi',
    template: template?.dialect === 'postgres' ? template.database : undefined,
  });
  databaseUrl = database.url;
  dropDatabase = database.drop;
  redis = await TestRedis.create();
  await redis.start();
  // A first: it creates the administrator and the signing keys that B then reads.
  a = await startServer();
  b = await startServer();
}, START_TIMEOUT_MS);

afterAll(async () => {
  for (const server of servers) await stopServer(server);
  await redis?.kill();
  await dropDatabase?.();
  await rm(dataDir, { recursive: true, force: true });
});

describe('two server processes on one PostgreSQL database and one Redis', () => {
  it(
    'share invalidation, rate limits and sign-outs, and keep answering while Redis is away',
    async () => {
      expect(await redisUp(a)).toBe('1');
      expect(await redisUp(b)).toBe('1');
      const admin = (await session(a, ADMIN_EMAIL, ADMIN_PASSWORD)).access;

      // A catalogue write on A: B's cached list (ids cached 5 s) is stale within 1 s.
      const first = await deleteSeenAcross(a, b, admin);
      expect(first.ms).toBeLessThan(PROPAGATION_MS);

      // One sign-in limit for both processes: the attempts on A and B add up.
      const attempt = (server: Server) =>
        call(server, 'POST', '/api/uc/user/login', {
          body: { email: 'limited@multi.test', password: 'wrong password', redirect_uri: '/plugins/' },
        });
      const statuses: number[] = [];
      for (let i = 0; i < SIGN_IN_LIMIT; i += 1) statuses.push((await attempt(i % 2 === 0 ? a : b)).status);
      expect(statuses).not.toContain(429);
      expect((await attempt(b)).status).toBe(429);
      expect((await attempt(a)).status).toBe(429);

      // A sign-out on A: B refuses the access token within 1 s (its session check was cached) and
      // the refresh token at once (the family is revoked in the database).
      const user = await session(a, 'signed-out@multi.test');
      expect((await call(b, 'GET', '/api/uc/user/userinfo', { token: user.access })).status).toBe(200);
      expect((await call(a, 'POST', '/api/uc/user/logout', { token: user.refresh })).status).toBe(200);
      const refused = await within(
        PROPAGATION_MS,
        async () => (await call(b, 'GET', '/api/uc/user/userinfo', { token: user.access })).status === 401,
      );
      expect(refused).toBeLessThan(PROPAGATION_MS);
      expect((await call(b, 'POST', '/api/uc/user/refresh_token', { token: user.refresh })).status).toBe(401);

      // One account's submissions one at a time across processes: of four publishes sent at once to
      // A and B with PUBLISH_PENDING_MAX=1, exactly one waits for review; the others are refused.
      const author = await session(b, 'author@multi.test');
      const publishes = await Promise.all(
        [a, b, a, b].map(async (server, i) => {
          const { payload, headers } = await multipart(publishFields({ name: `Multi Process ${i}` }));
          const res = await fetch(`${server.origin}/api/cmt/plugin`, {
            method: 'POST',
            headers: { ...headers, authorization: `Bearer ${author.access}` },
            body: new Uint8Array(payload),
          });
          return res.status;
        }),
      );
      expect(publishes.filter((status) => status === 200)).toHaveLength(1);
      expect(publishes.filter((status) => status === 409)).toHaveLength(3);

      // Redis goes away: both keep answering; what they acknowledge is in the database.
      await redis.kill();
      const liker = await session(b, 'liker@multi.test');
      const listed = await firstPage(b);
      const liked = listed.keys[0]!;
      const like = await call(b, 'POST', '/api/cmt/plugin/user/praise', {
        token: liker.access,
        body: { plugin_key: liked, praise: 1 },
      });
      expect(like.status, JSON.stringify(like.data)).toBe(200);
      const deleted = listed.keys[1]!;
      const removed = await call(a, 'DELETE', '/api/cmt/plugin', {
        token: admin,
        body: { plugin_key: deleted },
      });
      expect(removed.status).toBe(200);
      for (const server of [a, b]) {
        expect((await call(server, 'GET', '/api/cmt/plugin/list?page_size=20')).status).toBe(200);
        expect((await call(server, 'GET', `/api/cmt/plugin?plugin_key=${liked}`)).status).toBe(200);
        // rate-limited routes count in the process meanwhile: a wrong password is a 401, not an error
        expect((await attempt(server)).status).not.toBe(500);
        expect(await redisUp(server)).toBe('0');
      }
      const db = openDirect();
      try {
        const likes = await db.kysely
          .selectFrom('plugin_praise as r')
          .innerJoin('plugin as p', 'p.id', 'r.plugin_id')
          .select('p.plugin_key')
          .where('p.plugin_key', '=', liked)
          .execute();
        expect(likes).toHaveLength(1);
        const gone = await db.kysely
          .selectFrom('plugin')
          .select('id')
          .where('plugin_key', 'in', [first.key, deleted])
          .execute();
        expect(gone).toEqual([]);
      } finally {
        await db.close();
      }

      // Redis comes back: both use it again, and invalidation works as before.
      await redis.start();
      for (const server of [a, b]) {
        const back = await within(5000, async () => (await redisUp(server)) === '1');
        expect(back).toBeLessThan(5000);
      }
      const again = await deleteSeenAcross(a, b, admin);
      expect(again.ms).toBeLessThan(PROPAGATION_MS);
      const backwards = await deleteSeenAcross(b, a, admin);
      expect(backwards.ms).toBeLessThan(PROPAGATION_MS);

      // One warning per process for the outage, one note when Redis was back.
      for (const server of [a, b]) {
        const log = server.output();
        expect(log.match(/Redis is unreachable/g)).toHaveLength(1);
        expect(log).toMatch(/Redis is reachable again/);
      }
    },
    TEST_TIMEOUT_MS,
  );
});
