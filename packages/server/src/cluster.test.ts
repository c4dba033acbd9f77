/**
 * `WEB_CONCURRENCY`: the real `cli.ts start` as a child process. On PostgreSQL, with a Redis of the
 * test's own, it runs a primary and two workers sharing one port; `GET /metrics` on either counts
 * the requests of both; a worker killed is replaced while the other keeps answering, and
 * `SIGTERM` to the primary ends them all with exit code 0. On SQLite more than one process is
 * refused at start with a message naming the variable.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { get } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestPostgresDatabase, TEST_DIALECT } from './testing/testDatabase';
import { TestRedis } from './testing/testRedis';
import { freePort, spawnServerProcess } from './testing/testServerProcess';

let dataDir: string;
let databaseUrl: string | undefined;
let dropDatabase: (() => Promise<void>) | undefined;
let primary: ChildProcess | undefined;
let redis: TestRedis | undefined;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'plugin-center-cluster-'));
  if (TEST_DIALECT === 'postgres') {
    const database = await createTestPostgresDatabase();
    databaseUrl = database.url;
    dropDatabase = database.drop;
    redis = await TestRedis.create();
    await redis.start();
  }
});

afterAll(async () => {
  if (primary && primary.exitCode === null) {
    for (const pid of await childrenOf(primary.pid!)) process.kill(pid, 'SIGKILL');
    primary.kill('SIGKILL');
  }
  await redis?.kill();
  await dropDatabase?.();
  await rm(dataDir, { recursive: true, force: true });
});

/**
 * GET `url` on a connection of its own (never one kept alive to a worker that has since died): the
 * status, or 0 when the connection failed or no answer came within 5 s.
 */
function status(url: string): Promise<number> {
  return new Promise((resolve) => {
    const req = get(url, { agent: false, timeout: 5000 }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('timeout', () => req.destroy());
    req.on('error', () => resolve(0));
  });
}

/** The node processes whose parent is `pid` (from /proc). */
async function childrenOf(pid: number): Promise<number[]> {
  const out: number[] = [];
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = await readFile(`/proc/${entry}/stat`, 'utf8').catch(() => '');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const command = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
    if (Number(fields[1]) === pid && command.startsWith('node')) out.push(Number(entry));
  }
  return out.sort((a, b) => a - b);
}

async function until<T>(what: string, probe: () => Promise<T | undefined>, ms = 90_000): Promise<T> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    const value = await probe();
    if (value !== undefined) return value;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${what}: not within ${ms} ms`);
}

const start = (env: NodeJS.ProcessEnv, port: number) =>
  spawnServerProcess(port, { LOG_LEVEL: 'silent', DATA_DIR: dataDir, ...env });

const exited = (child: ChildProcess) =>
  new Promise<number | null>((resolve) => {
    if (child.exitCode !== null) resolve(child.exitCode);
    else child.once('exit', (code) => resolve(code));
  });

it('runs WEB_CONCURRENCY workers on one port on PostgreSQL, replaces a dead one, stops on SIGTERM; refuses it on SQLite', async () => {
  const port = await freePort();
  if (TEST_DIALECT === 'sqlite') {
    const { child, output } = start({ WEB_CONCURRENCY: '2', DATABASE_URL: '' }, port);
    expect(await exited(child)).toBe(1);
    expect(output()).toContain('WEB_CONCURRENCY');
    expect(output()).toContain('DATABASE_URL');
    return;
  }
  const started = start(
    {
      WEB_CONCURRENCY: '2',
      DATABASE_URL: databaseUrl!,
      REDIS_URL: redis!.url,
      METRICS_TOKEN: 'cluster-metrics-token',
    },
    port,
  );
  primary = started.child;
  const origin = `http://127.0.0.1:${port}`;
  await until('both workers listening', async () =>
    started.output().includes('running in 2 processes') ? true : undefined,
  );
  const workers = await childrenOf(primary.pid!);
  expect(workers).toHaveLength(2);
  expect(await status(`${origin}/healthz`)).toBe(200);

  // A scrape reaching either worker counts the requests both answered.
  const tags = `${origin}/api/cmt/plugin/tag/list`;
  for (let i = 0; i < 10; i++) expect(await status(tags)).toBe(200);
  const counted =
    /plugin_center_http_request_duration_seconds_count\{[^}]*route="\/api\/cmt\/plugin\/tag\/list"[^}]*\} (\d+)/;
  for (let i = 0; i < 4; i++) {
    const res = await fetch(`${origin}/metrics`, {
      headers: { authorization: 'Bearer cluster-metrics-token' },
    });
    expect(res.status).toBe(200);
    expect(counted.exec(await res.text())?.[1]).toBe('10');
  }

  process.kill(workers[0]!, 'SIGKILL');
  // The other worker answers meanwhile (a connection handed to the dying one may fail once).
  const list = `${origin}/api/cmt/plugin/list?page_size=1`;
  for (let i = 0; i < 5; i++) {
    const first = await status(list);
    expect(first === 200 ? first : await status(list)).toBe(200);
  }
  const replaced = await until('a new worker', async () => {
    const now = await childrenOf(primary!.pid!);
    return now.length === 2 && !now.includes(workers[0]!) ? now : undefined;
  });
  expect(replaced).toContain(workers[1]);
  expect(started.output()).toContain(`worker ${workers[0]} exited (SIGKILL)`);

  primary.kill('SIGTERM');
  expect(await exited(primary)).toBe(0);
  expect(await childrenOf(primary.pid!)).toEqual([]);
  expect(await status(`${origin}/healthz`)).toBe(0);
}, 180_000);
