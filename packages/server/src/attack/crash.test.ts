/**
 * The crash test: the real server (`cli.ts start`, a child process) is
 * killed with SIGKILL under a mixed write load — collector events, sign-ups, installs, likes and
 * plugin publishes with files, and banner saves and deletions by an administrator
 * — {@link ROUNDS} times, and started again on the same data
 * each time. After every restart: each write the server acknowledged (answered 2xx) is stored, the
 * install and like counters equal the baseline plus their rows, no published plugin is half there
 * (a plugin row without its submission), every acknowledged banner is there (unless an
 * acknowledged deletion removed it) and no row points to a missing file; once the orphan
 * collector has run, no stored file lacks a row. SQLite's `PRAGMA integrity_check` is `ok`, and the
 * server is healthy.
 * Runs on the dialect of the test project (a fresh PostgreSQL database, dropped afterwards).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type Database } from '../db/database';
import { PublishingService } from '../publishing/service';
import { seededRandom } from '../random';
import { LocalFileStorage } from '../shared/storage/localStorage';
import { type Acknowledged, ADMIN_EMAIL, load } from '../testing/testCrashLoad';
import { createTestPostgresDatabase, TEST_DIALECT } from '../testing/testDatabase';
import { freePort } from '../testing/testServerProcess';

/** Crash rounds per dialect (three). */
const ROUNDS = 3;
const CLI = fileURLToPath(new URL('../cli.ts', import.meta.url));

let dataDir: string;
let databaseUrl: string | undefined;
let dropDatabase: (() => Promise<void>) | undefined;
let child: ChildProcess | undefined;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'plugin-center-crash-'));
  if (TEST_DIALECT === 'postgres') {
    const database = await createTestPostgresDatabase();
    databaseUrl = database.url;
    dropDatabase = database.drop;
  }
});
afterAll(async () => {
  if (child && child.exitCode === null) child.kill('SIGKILL');
  await dropDatabase?.();
  await rm(dataDir, { recursive: true, force: true });
});

/** Starts the server on the test's data and waits for `/healthz`; returns its origin. */
async function start(): Promise<string> {
  const port = await freePort();
  child = spawn(process.execPath, ['--conditions=@plugin-center/source', '--import', 'tsx', CLI, 'start'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      NODE_ENV: 'production',
      LOG_LEVEL: 'silent',
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl ?? '',
      ADMIN_PASSWORD: 'crash-test-admin-password',
      ADMIN_EMAIL: ADMIN_EMAIL,
      RATE_LIMIT_SIGNIN: '0',
      RATE_LIMIT_SIGNUP: '0',
      RATE_LIMIT_CODE: '0',
      PUBLISH_RATE_LIMIT: '0',
      PUBLISH_PENDING_MAX: '0',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const origin = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    const ok = await fetch(`${origin}/healthz`)
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) return origin;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('server not healthy within 120 s');
}

/** SIGKILL: no shutdown hook, no flush, no transaction finished by the server. */
async function kill(): Promise<void> {
  const running = child!;
  if (running.exitCode !== null || running.signalCode !== null) return;
  await new Promise<void>((resolve) => {
    running.once('exit', () => resolve());
    running.kill('SIGKILL');
  });
}

/** Opens the test's database directly (not through the server). */
function openDirect(): Database {
  return createDatabase({ dataDir, ...(databaseUrl ? { databaseUrl } : {}) });
}

describe(`crash test: kill -9 under write load (${TEST_DIALECT})`, () => {
  it(`loses no acknowledged write in ${ROUNDS} crashes and keeps the counters equal to their rows`, async () => {
    let origin = await start();
    let db = openDirect();
    const keys = (
      await db.kysely.selectFrom('plugin').select('plugin_key').orderBy('id').limit(5).execute()
    ).map((r) => r.plugin_key);
    const baseline = new Map(
      (
        await db.kysely
          .selectFrom('plugin')
          .select(['id', 'plugin_key', 'download_count', 'praise_count'])
          .where('plugin_key', 'in', keys)
          .execute()
      ).map((r) => [r.plugin_key, r]),
    );
    await db.close();
    const acked: Acknowledged = {
      events: new Set(),
      accounts: new Set(),
      installs: new Set(),
      likes: new Set(),
      publishes: new Set(),
      banners: new Map(),
      bannerSaves: 0,
    };
    const random = seededRandom(20261124);

    const acknowledged = () =>
      acked.events.size +
      acked.accounts.size +
      acked.installs.size +
      acked.likes.size +
      acked.publishes.size +
      acked.banners.size;
    for (let round = 1; round <= ROUNDS; round += 1) {
      const before = acknowledged();
      const killAfter = 500 + Math.floor(random() * 1500);
      // The clock starts once the round has an acknowledged publish (the slowest write: sign-ups hash
      // passwords 12 at once on 2 cores first), at most 30 s in, so a slow start cannot leave a round
      // without writes to lose.
      const publishesBefore = acked.publishes.size;
      const stop = (async () => {
        const latest = Date.now() + 30_000;
        while (acked.publishes.size === publishesBefore && Date.now() < latest)
          await new Promise((resolve) => setTimeout(resolve, 20));
        await new Promise((resolve) => setTimeout(resolve, killAfter));
        await kill();
      })();
      await load(origin, round, keys, acked, stop);
      const after = acknowledged();

      origin = await start();
      db = openDirect();
      try {
        const events = await db.kysely
          .selectFrom('analytics_event')
          .select('distinct_id')
          .where('event', '=', 'CrashTest')
          .execute();
        const storedEvents = new Set(events.map((e) => e.distinct_id));
        const lostEvents = [...acked.events].filter((id) => !storedEvents.has(id));
        const accounts = new Set(
          (
            await db.kysely
              .selectFrom('user_account')
              .select('email')
              .where('email', 'like', '%@crash.test')
              .execute()
          ).map((r) => r.email),
        );
        const lostAccounts = [...acked.accounts].filter((e) => !accounts.has(e));
        const pairs = async (table: 'plugin_install' | 'plugin_praise') =>
          new Set(
            (
              await db.kysely
                .selectFrom(`${table} as r`)
                .innerJoin('plugin as p', 'p.id', 'r.plugin_id')
                .select(['r.user_id', 'p.plugin_key'])
                .execute()
            ).map((r) => `${r.user_id}:${r.plugin_key}`),
          );
        const installs = await pairs('plugin_install');
        const likes = await pairs('plugin_praise');
        const lostInstalls = [...acked.installs].filter((p) => !installs.has(p));
        const lostLikes = [...acked.likes].filter((p) => !likes.has(p));
        const published = new Set(
          (
            await db.kysely
              .selectFrom('plugin_submission as s')
              .innerJoin('plugin as p', 'p.id', 's.plugin_id')
              .select('p.name')
              .where('p.name', 'like', 'Crash %')
              .execute()
          ).map((r) => r.name),
        );
        const lostPublishes = [...acked.publishes].filter((name) => !published.has(name));
        // Every acknowledged banner is there.
        const bannerLinks = new Set(
          (await db.kysely.selectFrom('banner').select('redirect_url').execute()).map((r) => r.redirect_url),
        );
        const lostBanners = [...acked.banners.keys()].filter((link) => !bannerLinks.has(link));
        // No half plugin: every published plugin row has its submission (one transaction).
        const halfPlugins = await db.kysely
          .selectFrom('plugin as p')
          .select('p.name')
          .where('p.owner_id', 'is not', null)
          .where((eb) =>
            eb.not(
              eb.exists(
                eb.selectFrom('plugin_submission as s').select('s.id').whereRef('s.plugin_id', '=', 'p.id'),
              ),
            ),
          )
          .execute();
        expect(halfPlugins).toEqual([]);
        // The search index's document counts equal its postings.
        const driftedTerms = await sql<{ id: number }>`SELECT t.id FROM search_term t
          WHERE t.df <> (SELECT count(*) FROM search_posting p WHERE p.term_id = t.id)`.execute(db.kysely);
        expect(driftedTerms.rows).toEqual([]);
        // No row points to a missing file (files are written before the rows), and once collected,
        // no file is left without a row.
        const publishing = new PublishingService(db, new LocalFileStorage(join(dataDir, 'uploads')));
        const stored = async () => new Set((await publishing.storage.list()).map((f) => f.key));
        const { referencedFileKeys } = await import('../shared/storage/references');
        const referenced = [...(await referencedFileKeys(db, '/api/cmt/file/'))].filter((k) =>
          /^[0-9a-f]{64}\./.test(k),
        );
        const files = await stored();
        expect(referenced.filter((key) => !files.has(key))).toEqual([]);
        const collected = await publishing.collectOrphans(-60_000);
        const left = await stored();
        expect([...left].filter((key) => !referenced.includes(key))).toEqual([]);
        console.log(
          `crash ${TEST_DIALECT} round ${round}: killed ${killAfter} ms after its first acknowledged publish, ${after - before} writes acknowledged ` +
            `(${acked.events.size} events, ${acked.accounts.size} accounts, ${acked.installs.size} installs, ${acked.likes.size} likes, ${acked.publishes.size} publishes, ${acked.bannerSaves} banner saves in all, ${acked.banners.size} banners kept); ` +
            `lost ${lostEvents.length + lostAccounts.length + lostInstalls.length + lostLikes.length + lostPublishes.length + lostBanners.length}; ` +
            `${collected} orphan files collected, ${files.size - collected} kept`,
        );
        expect({ lostEvents, lostAccounts, lostInstalls, lostLikes, lostPublishes, lostBanners }).toEqual({
          lostEvents: [],
          lostAccounts: [],
          lostInstalls: [],
          lostLikes: [],
          lostPublishes: [],
          lostBanners: [],
        });
        for (const key of keys) {
          const row = await db.kysely
            .selectFrom('plugin')
            .select(['id', 'download_count', 'praise_count'])
            .where('plugin_key', '=', key)
            .executeTakeFirstOrThrow();
          const count = async (table: 'plugin_install' | 'plugin_praise') =>
            Number(
              (
                await db.kysely
                  .selectFrom(table)
                  .select((eb) => eb.fn.countAll().as('n'))
                  .where('plugin_id', '=', row.id)
                  .executeTakeFirstOrThrow()
              ).n,
            );
          const base = baseline.get(key)!;
          // The catalogue's own counts stay; every row adds one (migration 0004's triggers).
          expect(row.download_count, key).toBe(base.download_count + (await count('plugin_install')));
          expect(row.praise_count, key).toBe(base.praise_count + (await count('plugin_praise')));
        }
        if (TEST_DIALECT === 'sqlite') {
          const check = await sql<{ integrity_check: string }>`PRAGMA integrity_check`.execute(db.kysely);
          expect(check.rows.map((r) => r.integrity_check)).toEqual(['ok']);
        }
        expect((await fetch(`${origin}/healthz`)).status).toBe(200);
      } finally {
        await db.close();
      }
    }
    await kill();
    expect(acked.events.size).toBeGreaterThan(0);
    expect(acked.installs.size + acked.likes.size).toBeGreaterThan(0);
    expect(acked.publishes.size).toBeGreaterThan(0);
    expect(acked.bannerSaves).toBeGreaterThan(0);
  }, 240_000);
});
