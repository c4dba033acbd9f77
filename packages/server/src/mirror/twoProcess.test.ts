/**
 * Mirroring between two real server processes (`plugin-center start`, children of the test), each
 * on its own database (SQLite in its own data folder, or its own PostgreSQL database): an upstream
 * with plugins published and approved over HTTP, and a mirror with `UPSTREAM_URL` whose pulls are
 * asked over HTTP ("Pull now", `POST /api/cmt/manager/mirror/pull`). Between them, a forwarding
 * server of the test's own sees every request, so that a process can be killed at a known point of
 * a pull: the mirror killed (SIGKILL) while a version's files are downloading, then started again,
 * continues from where it stopped; the upstream killed during a pull stops it with the reason, and
 * once the upstream is back the next pull continues. Nothing is stored twice.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { MirrorStatus, PluginDetail, PluginListResult } from '@plugin-center/contract/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type Database } from '../db/database';
import { createTestPostgresDatabase, TEST_DIALECT } from '../testing/testDatabase';
import { multipart, publishFields } from '../testing/testFiles';
import { proxyUpstream } from '../testing/testMirror';
import {
  callServer,
  freePort,
  type RunningServer,
  signInOverHttp,
  startServerProcess,
  stopServerProcess,
} from '../testing/testServerProcess';
import { MIRROR_PULL_INTERRUPTED } from './service';

const ADMIN_EMAIL = 'admin@mirror.test';
const ADMIN_PASSWORD = 'two-process-mirror-password';
/** The limit of `beforeAll`, ms: two databases, two processes started, six plugins published. */
const START_TIMEOUT_MS = 180_000;
/** Each test's limit, ms: processes killed and started again (5–10 s each when the cores are busy). */
const TEST_TIMEOUT_MS = 150_000;

/** One side of the pair: its process (while running), what it starts with, its database. */
interface Side {
  name: string;
  dataDir: string;
  databaseUrl?: string;
  drop?: () => Promise<void>;
  port: number;
  env: NodeJS.ProcessEnv;
  server?: RunningServer;
  db?: Database;
}

const sides: Side[] = [];
let upstream: Side;
let mirror: Side;
const forwarders: Server[] = [];
/** The forwarder's origin: the mirror's `UPSTREAM_URL`. */
let forwarded = '';
/** Called for each file request the forwarder sees (1-based) before it forwards it. */
let onFile: (n: number) => Promise<void> = async () => {};
let files = 0;
let upstreamAdmin = '';
const published: string[] = [];

async function side(name: string, env: NodeJS.ProcessEnv): Promise<Side> {
  const dataDir = await mkdtemp(join(tmpdir(), `plugin-center-${name}-`));
  const s: Side = { name, dataDir, port: await freePort(), env };
  if (TEST_DIALECT === 'postgres') {
    const database = await createTestPostgresDatabase({ prefix: `pc_${name}` });
    s.databaseUrl = database.url;
    s.drop = database.drop;
  }
  sides.push(s);
  return s;
}

/** Starts (or starts again, on the same port, database and files) the process of `s`. */
async function start(s: Side): Promise<RunningServer> {
  s.server = await startServerProcess(
    {
      LOG_LEVEL: 'warn',
      DATA_DIR: s.dataDir,
      ...(s.databaseUrl ? { DATABASE_URL: s.databaseUrl } : {}),
      SECRETS_KEY: 'b'.repeat(64),
      ADMIN_EMAIL,
      ADMIN_PASSWORD,
      IMPORT_CATALOGUE_ON_EMPTY: 'false',
      ...s.env,
    },
    s.port,
  );
  return s.server;
}

/** The test's own connection to the database of `s` (opened once). */
function dbOf(s: Side): Database {
  s.db ??= createDatabase({ dataDir: s.dataDir, databaseUrl: s.databaseUrl });
  return s.db;
}

/** Publishes a plugin on the upstream as its administrator and approves it; answers its key. */
async function publishAndApprove(name: string): Promise<string> {
  const { payload, headers } = await multipart(publishFields({ name, tags: ['layout'] }));
  const res = await fetch(`${upstream.server!.origin}/api/cmt/plugin`, {
    method: 'POST',
    headers: { ...headers, authorization: `Bearer ${upstreamAdmin}` },
    body: new Uint8Array(payload),
  });
  const text = await res.text();
  expect(res.status, text).toBe(200);
  const key = (JSON.parse(text) as { data: { plugin_key: string } }).data.plugin_key;
  const approved = await callServer(upstream.server!.origin, 'POST', '/api/cmt/plugin/audit/status', {
    token: upstreamAdmin,
    body: { plugin_key: key, status: 2 },
  });
  expect(approved.status, JSON.stringify(approved.data)).toBe(200);
  published.push(key);
  return key;
}

/** "Pull now" on the mirror, as the back office's button asks it; answers the status after it. */
async function pullNow(admin: string): Promise<MirrorStatus> {
  const reply = await callServer(mirror.server!.origin, 'POST', '/api/cmt/manager/mirror/pull', {
    token: admin,
  });
  expect(reply.status, JSON.stringify(reply.data)).toBe(200);
  return reply.data as MirrorStatus;
}

/** The keys the mirror's square lists, over HTTP. */
async function listedOnMirror(): Promise<string[]> {
  const reply = await callServer(mirror.server!.origin, 'GET', '/api/cmt/plugin/list?page_size=50');
  expect(reply.status).toBe(200);
  return (reply.data as PluginListResult).plugin_list.map((p) => p.plugin_key);
}

/** How many plugin and version rows the mirror's database holds per key (each should be 1). */
async function rowsPerKey(): Promise<{ plugins: Map<string, number>; versions: number }> {
  const db = dbOf(mirror).kysely;
  const plugins = await db
    .selectFrom('plugin')
    .select(['plugin_key', (eb) => eb.fn.countAll<number>().as('n')])
    .where('mirrored_from', 'is not', null)
    .groupBy('plugin_key')
    .execute();
  const versions = await db
    .selectFrom('plugin_version as v')
    .innerJoin('plugin as p', 'p.id', 'v.plugin_id')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('p.mirrored_from', 'is not', null)
    .executeTakeFirstOrThrow();
  return {
    plugins: new Map(plugins.map((r) => [r.plugin_key, Number(r.n)])),
    versions: Number(versions.n),
  };
}

beforeAll(async () => {
  upstream = await side('up', {});
  // The upstream keeps its port across restarts: the forwarder always finds it there.
  forwarded = await proxyUpstream(`http://127.0.0.1:${upstream.port}`, forwarders, async (path) => {
    if (path.startsWith('/api/cmt/mirror/file/')) await onFile(++files);
    return undefined;
  });
  mirror = await side('mirror', { UPSTREAM_URL: forwarded, MIRROR_PULL_MINUTES: '0' });
  await Promise.all([start(upstream), start(mirror)]);
  upstreamAdmin = (await signInOverHttp(upstream.server!.origin, ADMIN_EMAIL, ADMIN_PASSWORD)).access;
  for (let i = 1; i <= 6; i++) await publishAndApprove(`Two Process Grid ${i}`);
}, START_TIMEOUT_MS);

afterAll(async () => {
  for (const server of forwarders) server.close();
  for (const s of sides) {
    if (s.server) await stopServerProcess(s.server, 'SIGKILL');
    await s.db?.close();
    await s.drop?.();
    await rm(s.dataDir, { recursive: true, force: true });
  }
});

describe(`mirroring between two server processes (${TEST_DIALECT})`, () => {
  it(
    'a pull whose mirror process is killed while files download continues after a restart and stores nothing twice',
    async () => {
      let admin = (await signInOverHttp(mirror.server!.origin, ADMIN_EMAIL, ADMIN_PASSWORD)).access;
      // Hold the 13th file request (a version's files are 5 to 6): a few plugins are stored by then.
      let held!: () => void;
      const reached = new Promise<void>((resolve) => {
        held = resolve;
      });
      let release!: () => void;
      const released = new Promise<void>((resolve) => {
        release = resolve;
      });
      files = 0;
      onFile = async (n) => {
        if (n !== 13) return;
        held();
        await released;
      };
      const asked = pullNow(admin).catch(() => undefined); // never answered: the process dies
      await reached;
      const before = await rowsPerKey();
      expect(before.plugins.size).toBeGreaterThan(0);
      expect(before.plugins.size).toBeLessThan(published.length);
      await stopServerProcess(mirror.server!, 'SIGKILL');
      release();
      await asked;
      onFile = async () => {};
      // The killed process's record is still open; its lease has not run out.
      const open = await dbOf(mirror)
        .kysely.selectFrom('mirror_pull')
        .selectAll()
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();
      expect(open.end_time).toBeNull();

      await start(mirror);
      admin = (await signInOverHttp(mirror.server!.origin, ADMIN_EMAIL, ADMIN_PASSWORD)).access;
      const waiting = await pullNow(admin);
      // The dead process's lease is held: nothing pulled, and the page says a pull runs.
      expect(waiting.last_pull?.id).toBe(Number(open.id));
      expect(waiting.running).toBe(true);
      // The dead process's lease runs out (within 60 s, renewed every 20 s while a pull runs):
      // here it is run out at once rather than waited for.
      await dbOf(mirror)
        .kysely.updateTable('mirror_state')
        .set({ lease_until: Date.now() - 1 })
        .execute();
      const resumed = await pullNow(admin);
      expect(resumed.running).toBe(false);
      expect(resumed.last_pull).toMatchObject({
        added: published.length - before.plugins.size,
        unchanged: before.plugins.size,
        failed: 0,
        error: null,
      });
      const closed = await dbOf(mirror)
        .kysely.selectFrom('mirror_pull')
        .select(['end_time', 'error'])
        .where('id', '=', open.id)
        .executeTakeFirstOrThrow();
      expect(closed.error).toBe(MIRROR_PULL_INTERRUPTED);
      expect(closed.end_time).not.toBeNull();
      const after = await rowsPerKey();
      expect([...after.plugins.keys()].sort()).toEqual([...published].sort());
      expect([...after.plugins.values()].every((n) => n === 1)).toBe(true);
      expect(after.versions).toBe(published.length);
      expect((await listedOnMirror()).sort()).toEqual([...published].sort());
      // Each mirrored version answers the upstream's signature.
      for (const key of published) {
        const there = await callServer(upstream.server!.origin, 'GET', `/api/cmt/plugin?plugin_key=${key}`);
        const here = await callServer(mirror.server!.origin, 'GET', `/api/cmt/plugin?plugin_key=${key}`);
        expect((here.data as PluginDetail).versions[0]?.signature).toEqual(
          (there.data as PluginDetail).versions[0]?.signature,
        );
        expect((here.data as PluginDetail).mirror?.from).toBe(forwarded);
      }
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'a pull whose upstream process is killed stops with the reason, and continues once the upstream is back',
    async () => {
      const admin = (await signInOverHttp(mirror.server!.origin, ADMIN_EMAIL, ADMIN_PASSWORD)).access;
      const added = [
        await publishAndApprove('Two Process Late 1'),
        await publishAndApprove('Two Process Late 2'),
      ];
      files = 0;
      onFile = async (n) => {
        if (n === 1) await stopServerProcess(upstream.server!, 'SIGKILL');
      };
      const stopped = await pullNow(admin);
      onFile = async () => {};
      expect(stopped.last_pull).toMatchObject({ added: 0, failed: 0 });
      expect(stopped.last_pull?.error).toMatch(/the upstream (cannot be reached|answered 5\d\d)/);
      expect(stopped.last_pull?.end_time).not.toBeNull();
      const cursorBefore = stopped.cursor;

      await start(upstream);
      const resumed = await pullNow(admin);
      expect(resumed.last_pull).toMatchObject({ added: 2, failed: 0, error: null });
      expect(BigInt(resumed.cursor!)).toBeGreaterThan(BigInt(cursorBefore!));
      const after = await rowsPerKey();
      expect(after.plugins.size).toBe(published.length);
      expect([...after.plugins.values()].every((n) => n === 1)).toBe(true);
      expect(after.versions).toBe(published.length);
      expect(await listedOnMirror()).toEqual(expect.arrayContaining(added));
      // A pull with nothing new changes nothing.
      expect((await pullNow(admin)).last_pull).toMatchObject({
        added: 0,
        updated: 0,
        failed: 0,
        error: null,
      });
    },
    TEST_TIMEOUT_MS,
  );
});
