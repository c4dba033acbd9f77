/**
 * `pnpm bench`: the performance figures of the server, the trackers and the square, printed, not
 * asserted.
 *
 * 1. A catalogue scaled from the real one to BENCH_SIZE plugins (default 100,000), imported once into
 *    SQLite (bench/.cache) and into a PostgreSQL database (BENCH_DATABASE_URL, default
 *    postgres://postgres@127.0.0.1:5432/pc_bench_v<version>_<size>), with download and view counts
 *    spread over the rows so "most popular" has something to sort (`bench/dataSets.ts`).
 * 2. For each dialect, the built server (`packages/server/dist/cli.js start`, NODE_ENV=production) in
 *    its own process, and autocannon load from this process: list (each sort, over the first pages by
 *    cursor), tag filter, search (English, Chinese), detail. p50/p95/p99 latency and requests/s.
 *    Each dialect runs twice: with the server's per-process read cache on (the default) and off.
 * 3. A plain Node `http` server returning the same response bytes as the list call, under the same
 *    load: the physical limit of this machine, printed as a ratio.
 * 4. Analytics ingest (`bench/ingest.ts`): batches of 50 events posted to `POST /sa` of a
 *    server on an empty database, per dialect: events/s and the p99 of one batch.
 * 5. The trackers side by side in Chromium (`bench/tracker.ts`): this project's and
 *    sa-sdk-javascript, 1,000 events each: script bytes, CPU time, bytes on the wire per event.
 *
 * 6. Search, long tail (`bench/search.ts`, part `search`, not in the default): thousands of
 *    distinct queries from the catalogue's vocabulary, each sent once, read cache off then on.
 * 6b. Analytics dashboards (`bench/analytics.ts`, part `analytics`, not in the default): 10,000,000
 *    events loaded once per dialect, every dashboard route timed over many ranges, read cache off.
 * 6c. Scale (`bench/scaleLoad.ts`, part `scale`, not in the default): list (every sort, tag filter,
 *    deep cursors), detail, search by kind, suggestions and list-vs-plain-http with distinct
 *    requests, read cache off at 1, 8 and 32 connections (`BENCH_SCALE_CONCURRENCIES`) and on at 8
 *    (`BENCH_SCALE_CACHED_CONCURRENCIES`, with the hit ratio), beside the targets;
 *    `BENCH_SCALE_ONLY=list,detail` runs the scenarios whose names start so.
 * 6d. Several processes (`bench/processes.ts`, part `processes`, not in the default): on the
 *    PostgreSQL data set and the Redis at REDIS_URL (default redis://127.0.0.1:6379), the server
 *    with 1 process and with 2 (`WEB_CONCURRENCY=2`), read cache off and on, side by side: list
 *    (deep cursors), detail and English search at 8 and 32 connections
 *    (`BENCH_PROCESSES_CONCURRENCIES`), hit ratios beside the cached figures; then two processes on
 *    their own ports: how soon a like through one is seen by the other's cached detail
 *    (`BENCH_PROPAGATION_WRITES`, default 20), target ≤ 1 s.
 * 7. Lighthouse on the square (`bench/lighthouse.ts`, part `lighthouse`): mobile, simulated
 *    throttling, 3 runs on the shipped catalogue: performance and accessibility scores, FCP, LCP, TBT,
 *    CLS, Speed Index and the JavaScript transferred.
 *
 * `BENCH_PARTS` (default `catalogue,ingest,trackers,lighthouse`; also `search`, `analytics`, `scale`,
 * `processes`, and `prepare` to only prepare the data sets) picks what runs. A missing data set is
 * prepared by the bulk load of `bench/prepare.ts` (`BENCH_PREPARE=import`: through `plugin-center
 * import`, in files of 100,000 above that size, see IMPORT_CHUNK in `bench/dataSets.ts`).
 *
 * Only 127.0.0.1 is targeted; every run is bounded in time (BENCH_SECONDS per scenario, default 6).
 * Needs `pnpm build` first. Targets: list and detail p99 ≤ 15 ms, search p95 ≤ 40 ms, list
 * throughput ≥ 40 % of the plain server; Lighthouse performance ≥ 0.95, accessibility 1.0.
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { benchAnalytics } from './analytics';
import { cache, pgAdminUrl, pgUrl, preparePostgres, prepareSqlite, size } from './dataSets';
import { benchIngest, formatIngest } from './ingest';
import { benchLighthouse } from './lighthouse';
import { formatTable, type LoadResult, runLoad, type Scenario } from './load';
import { benchProcesses } from './processes';
import { benchScale } from './scaleLoad';
import { benchSearch } from './search';
import { SERVER_CLI, startPlainServer, startServer, stopServer } from './server';
import { benchTrackers } from './tracker';

const seconds = Number(process.env.BENCH_SECONDS ?? 6);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 8);
const dialects = (process.env.BENCH_DIALECTS ?? 'sqlite,postgres').split(',');
const searchConcurrency = Number(process.env.BENCH_SEARCH_CONCURRENCY ?? 4);
/**
 * What to run: `catalogue` (list, search, detail), `ingest` (analytics), `trackers` (side by side),
 * `search` (long tail), `analytics` (the dashboards at 10,000,000 events), `scale` (distinct
 * requests at several concurrencies), `processes` (1 vs 2 server processes, and a write's
 * propagation between them), `lighthouse` (the square in Lighthouse), `prepare` (the data sets only).
 */
const parts = (process.env.BENCH_PARTS ?? 'catalogue,ingest,trackers,lighthouse').split(',');

/** A list of numbers from the variable `name` (comma-separated), else from `fallback`. */
function levels(name: string, fallback: string): number[] {
  return (process.env[name] ?? fallback).split(',').filter(Boolean).map(Number);
}

async function getData<T>(port: number, path: string): Promise<T> {
  const res = await fetch(`http://127.0.0.1:${port}${path}`);
  const body = (await res.json()) as { code: number; data: T };
  if (!res.ok || (body.code !== 0 && body.code !== 200)) throw new Error(`${path}: ${res.status}`);
  return body.data;
}

interface ListData {
  plugin_list: { plugin_key: string }[];
  next_cursor: string | null;
  total: number;
}

/** Walks the first `pages` pages of a list to get real cursors, so the load covers deep pages too. */
async function listPaths(port: number, query: string, pages: number): Promise<string[]> {
  const paths: string[] = [];
  let cursor: string | null = null;
  for (let i = 0; i < pages; i++) {
    const path = `/api/cmt/plugin/list?${query}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
    paths.push(path);
    const data: ListData = await getData<ListData>(port, path);
    cursor = data.next_cursor;
    if (!cursor) break;
  }
  return paths;
}

const ENGLISH_TERMS = ['color', 'export', 'icons', 'text layers', 'sketch', 'align', 'figma plugin', 'data'];
const CHINESE_TERMS = ['图标', '插件', '颜色', '字', '设计', '组件', '图', '文字'];

async function scenarios(port: number): Promise<Scenario[]> {
  const tags = (await getData<{ tag_list: { id: number }[] }>(port, '/api/cmt/plugin/tag/list')).tag_list;
  const latest = await listPaths(port, 'sort=0', 20);
  const popular = await listPaths(port, 'sort=1', 20);
  const detailKeys: string[] = [];
  for (const path of latest.slice(0, 10)) {
    for (const p of (await getData<ListData>(port, path)).plugin_list) detailKeys.push(p.plugin_key);
  }
  const q = (term: string) => `/api/cmt/plugin/list?keyword=${encodeURIComponent(term)}`;
  return [
    { name: 'list, latest (20 pages by cursor)', paths: latest },
    { name: 'list, most popular (20 pages)', paths: popular },
    {
      name: 'list, tag filter (top 12 tags)',
      paths: tags
        .slice(0, 12)
        .flatMap((t) => [
          `/api/cmt/plugin/list?tag_id=${t.id}`,
          `/api/cmt/plugin/list?tag_id=${t.id}&sort=1`,
        ]),
    },
    { name: 'search, English', paths: ENGLISH_TERMS.map(q) },
    { name: 'search, Chinese (1-2 chars)', paths: CHINESE_TERMS.map(q) },
    { name: 'detail', paths: detailKeys.map((k) => `/api/cmt/plugin?plugin_key=${encodeURIComponent(k)}`) },
  ];
}

async function benchDialect(name: string, env: NodeJS.ProcessEnv): Promise<LoadResult[]> {
  const { port, child } = await startServer(env);
  name = `${name}, read cache ${env.READ_CACHE}`;
  try {
    const total = (await getData<ListData>(port, '/api/cmt/plugin/list?page_size=1')).total;
    console.log(`${name}: server up on :${port}, ${total} approved plugins`);
    const results: LoadResult[] = [];
    for (const scenario of await scenarios(port)) {
      results.push(await runLoad(port, scenario, { seconds, connections }));
    }
    console.log(
      formatTable(`${name} — ${size} plugins, ${connections} connections, ${seconds} s each`, results),
    );

    const res = await fetch(`http://127.0.0.1:${port}/api/cmt/plugin/list`);
    const bytes = Buffer.from(await res.arrayBuffer());
    const plain = await startPlainServer(bytes, res.headers.get('content-type') ?? 'application/json');
    try {
      const same: Scenario = { name: 'plain http, same bytes', paths: ['/api/cmt/plugin/list'] };
      const real = await runLoad(port, { ...same, name: 'server, list page 1' }, { seconds, connections });
      const limit = await runLoad(plain.port, same, { seconds, connections });
      console.log(
        formatTable(`${name} — list vs the physical limit (${bytes.length} bytes a response)`, [real, limit]),
      );
      console.log(
        `ratio: list throughput = ${((real.rps / limit.rps) * 100).toFixed(1)} % of the plain server`,
      );
      results.push(real, limit);
    } finally {
      await stopServer(plain.child);
    }
    return results;
  } finally {
    await stopServer(child);
  }
}

/**
 * Analytics ingest: batches of 50 Sensors-encoded events posted to `POST /sa` of a server
 * on an empty database (a temporary SQLite folder, or a PostgreSQL database created and dropped
 * here), for `seconds`.
 */
async function ingest(dialect: string): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'plugin-center-ingest-'));
  let dropUrl: string | undefined;
  let databaseUrl = '';
  if (dialect === 'postgres') {
    const name = `pc_bench_ingest_${process.pid}`;
    const admin = new pg.Client({ connectionString: pgAdminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(pgAdminUrl);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    dropUrl = name;
  }
  const { port, child } = await startServer({
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    IMPORT_CATALOGUE_ON_EMPTY: 'false',
    ADMIN_PASSWORD: 'bench-password',
  });
  try {
    const r = await benchIngest({
      port,
      seconds,
      batchSize: 50,
      connections,
      pid: child.pid,
      databaseUrl: databaseUrl || undefined,
    });
    console.log(
      formatIngest(
        `${dialect}, analytics ingest (50 events a batch, ${connections} connections, ${seconds} s)`,
        r,
      ),
    );
  } finally {
    await stopServer(child);
    rmSync(dataDir, { recursive: true, force: true });
    if (dropUrl) {
      const admin = new pg.Client({ connectionString: pgAdminUrl });
      await admin.connect();
      await admin.query(`DROP DATABASE IF EXISTS ${dropUrl} WITH (FORCE)`);
      await admin.end();
    }
  }
}

/** The tracker side by side (`bench/tracker.ts`) against a server on an empty SQLite database. */
async function trackers(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'plugin-center-trackers-'));
  const { port, child } = await startServer({
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    IMPORT_CATALOGUE_ON_EMPTY: 'false',
    ADMIN_PASSWORD: 'bench-password',
  });
  try {
    await benchTrackers(`http://127.0.0.1:${port}`);
  } finally {
    await stopServer(child);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  if (!existsSync(SERVER_CLI))
    throw new Error('packages/server/dist/cli.js is missing: run `pnpm build` first');
  mkdirSync(cache, { recursive: true });
  console.log(`pnpm bench: ${size} plugins scaled from the real catalogue; node ${process.version}`);
  for (const dialect of parts.includes('catalogue') ? dialects : []) {
    const env = dialect === 'postgres' ? await preparePostgres() : await prepareSqlite();
    // The server's per-process read cache (1 s answers, 5 s counts) is on by default; "off" shows
    // what every request costs when it reads the database.
    for (const readCache of ['on', 'off']) await benchDialect(dialect, { ...env, READ_CACHE: readCache });
  }
  // Search, long tail (bench/search.ts); `prepare` only prepares the data sets.
  if (parts.includes('search') || parts.includes('prepare')) {
    for (const dialect of dialects) {
      const env = dialect === 'postgres' ? await preparePostgres() : await prepareSqlite();
      if (parts.includes('search')) {
        await benchSearch(dialect, env, {
          size,
          concurrency: searchConcurrency,
          queries: Number(process.env.BENCH_SEARCH_QUERIES ?? 4000),
          passSeconds: Number(process.env.BENCH_SEARCH_SECONDS ?? 240),
        });
      }
    }
  }
  // Scale (bench/scaleLoad.ts): distinct requests at several concurrencies, beside the targets.
  if (parts.includes('scale')) {
    for (const dialect of dialects) {
      const env = dialect === 'postgres' ? await preparePostgres() : await prepareSqlite();
      await benchScale(dialect, env, {
        size,
        seconds: Number(process.env.BENCH_SECONDS ?? 5),
        concurrencies: levels('BENCH_SCALE_CONCURRENCIES', '1,8,32'),
        cachedConcurrencies: levels('BENCH_SCALE_CACHED_CONCURRENCIES', '8'),
        databaseUrl: dialect === 'postgres' ? pgUrl : undefined,
        only: process.env.BENCH_SCALE_ONLY?.split(','),
      });
    }
  }
  // Several processes (bench/processes.ts): 1 vs 2 on the PostgreSQL data set and Redis.
  if (parts.includes('processes')) {
    await benchProcesses(await preparePostgres(), {
      size,
      seconds: Number(process.env.BENCH_SECONDS ?? 5),
      concurrencies: levels('BENCH_PROCESSES_CONCURRENCIES', '8,32'),
      redisUrl: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
      writes: Number(process.env.BENCH_PROPAGATION_WRITES ?? 20),
    });
  }
  if (parts.includes('ingest')) for (const dialect of dialects) await ingest(dialect);
  if (parts.includes('analytics')) await benchAnalytics({ dialects, pgAdminUrl, connections });
  if (parts.includes('trackers')) await trackers();
  if (parts.includes('lighthouse')) await benchLighthouse();
  console.log(
    '\ntargets: list and detail p99 ≤ 15 ms; search p95 ≤ 40 ms; suggestions p95 ≤ 10 ms; list ≥ 40 % of the plain server',
  );
  console.log('         analytics ingest ≥ 20,000 events/s in batches on PostgreSQL (≥ 5,000 on SQLite)');
  console.log(
    '         analytics dashboards (part analytics): p95 ≤ 200 ms at 10,000,000 events on PostgreSQL',
  );
  console.log('         Lighthouse on the square: performance ≥ 0.95, accessibility 1.0');
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
