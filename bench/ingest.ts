/**
 * Ingest benchmark of the analytics collector: autocannon posts realistic `data_list`
 * batches, encoded exactly as the Sensors Data web SDK does (base64 of the UTF-8 JSON, urlencoded,
 * `gzip=0`, plus the `ext=crc=<hashCode>` the SDK computes), to `POST /sa?project=default` on
 * 127.0.0.1 over keep-alive connections, and reports stored events per second and the batch
 * latency p99. Target: ≥ 20,000 events/s per process in batches of 50 on PostgreSQL (≥ 5,000 on
 * SQLite) on the 2-core CI machine. With the server's process id it also measures the server's CPU
 * time per event, and with its PostgreSQL database the transactions committed per batch.
 *
 * `benchIngest` runs against a server that is already listening (bench/run.ts calls it). Run
 * directly (`node --import tsx bench/ingest.ts`), it starts the built server
 * (`packages/server/dist/cli.js start`, or `INGEST_CLI` — a `.ts` entry is run through tsx) on
 * SQLite in a temporary folder, benchmarks it for `INGEST_SECONDS` (default 10) with
 * `INGEST_CONNECTIONS` (default 8) connections and `INGEST_BATCH` (default 50) events per batch,
 * prints the figures and removes the folder. `INGEST_DIALECT=postgres` runs it on a PostgreSQL
 * database created for the run (`pc_bench_ingest_<pid>` next to `BENCH_PG_ADMIN_URL`) and dropped
 * after; `INGEST_RUNS` (default 1) repeats the measurement on the same server. Only 127.0.0.1 is ever targeted; every run is bounded
 * in time.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import { SERVER_CLI, startServer, stopServer } from './server';

/** Options of {@link benchIngest}. */
export interface IngestOptions {
  /** Port of the server on 127.0.0.1. */
  port: number;
  /** Measured duration, seconds (after a 1 s warm-up that is not counted). */
  seconds: number;
  /** Events per `data_list` batch. */
  batchSize: number;
  /** Concurrent keep-alive connections. */
  connections: number;
  /** The server's process id: its CPU time (user + system, /proc) is measured over the run. */
  pid?: number | undefined;
  /** The server's PostgreSQL database: its commits over the run are counted (`pg_stat_database`). */
  databaseUrl?: string | undefined;
}

/** Figures of one ingest run. */
export interface IngestResult {
  /** Events stored per second (accepted events of 2xx answers / seconds). */
  eventsPerSecond: number;
  /** 99th percentile latency of one batch request, ms. */
  batchP99Ms: number;
  /** Batches answered 2xx. */
  batches: number;
  /** Server CPU time (user + system) per stored event, µs; NaN without `pid`. */
  cpuUsPerEvent: number;
  /** PostgreSQL transactions committed per batch; NaN without `databaseUrl`. */
  commitsPerBatch: number;
  /** CPU time of the database's PostgreSQL backends per stored event, µs; NaN without `databaseUrl`. */
  dbCpuUsPerEvent: number;
}

/** CPU time so far of the PostgreSQL backends connected to the database of `url`, ms (NaN without one). */
async function backendCpuMs(url: string | undefined): Promise<number> {
  if (!url) return Number.NaN;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const r = await client.query(
      'SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()',
    );
    return r.rows.reduce((sum, row) => sum + cpuMs(Number(row.pid)), 0);
  } finally {
    await client.end();
  }
}

/** CPU time (user + system) of process `pid` so far, ms (Linux /proc; NaN elsewhere). */
function cpuMs(pid: number | undefined): number {
  if (pid === undefined) return Number.NaN;
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    // utime and stime are fields 14 and 15 of the line, in clock ticks (100 a second on Linux).
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return Number.NaN;
  }
}

/** Transactions committed so far in the database of `url` (NaN without one). */
async function commits(url: string | undefined): Promise<number> {
  if (!url) return Number.NaN;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const r = await client.query(
      'SELECT xact_commit FROM pg_stat_database WHERE datname = current_database()',
    );
    return Number(r.rows[0]?.xact_commit ?? Number.NaN);
  } finally {
    await client.end();
  }
}

/** Distinct bodies rotated through, so the server never sees a single repeated payload. */
const BODIES = 64;

/** The SDK's `base64Encode`: base64 of the UTF-8 bytes. */
function base64Encode(text: string): string {
  return Buffer.from(text, 'utf8').toString('base64');
}

/** The SDK's `hashCode` of a string (Java-style, 32-bit). */
function hashCode(text: string): number {
  let hash = 0;
  for (let i = 0; i < text.length; i++) {
    hash = (hash << 5) - hash + text.charCodeAt(i);
    hash |= 0;
  }
  return hash;
}

const EVENTS = ['$pageview', '$WebClick', '$WebStay', 'PluginView', 'PluginInstall', 'PluginLike'];
const PAGES = ['/plugins/', '/plugins/detail', '/plugins/search', '/plugins/workbench'];

/** One batch of `size` web-SDK records of visitor `visitor`, `seed` varying the contents. */
function batchRecords(size: number, seed: number): unknown[] {
  const now = Date.now();
  const visitor = `bench-${seed.toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
  return Array.from({ length: size }, (_, i) => {
    const event = EVENTS[(seed + i) % EVENTS.length]!;
    const page = PAGES[(seed * 7 + i) % PAGES.length]!;
    const pluginKey = `plugin-${(seed * 31 + i * 17) % 1500}`;
    return {
      identities: { $identity_cookie_id: visitor },
      distinct_id: visitor,
      anonymous_id: visitor,
      lib: { $lib: 'js', $lib_method: 'code', $lib_version: '1.27.11' },
      properties: {
        $timezone_offset: -480,
        $screen_height: 1080,
        $screen_width: 1920,
        $viewport_height: 937,
        $viewport_width: 1680,
        $lib: 'js',
        $lib_version: '1.27.11',
        $latest_traffic_source_type: '直接流量',
        $latest_search_keyword: '未取到值_直接打开',
        $latest_referrer: '',
        $referrer: i === 0 ? 'https://www.example.com/' : `https://plugins.example.com${page}`,
        $url: `https://plugins.example.com${page}?plugin_key=${pluginKey}&lang=zh-CN`,
        $url_path: page,
        $title: '插件广场 – Plugin Center',
        $is_first_day: i % 3 === 0,
        $is_first_time: false,
        product: 'plugin-center',
        tid: 'space-1',
        plugin_key: pluginKey,
        ...(event === '$WebClick'
          ? { $element_type: 'button', $element_content: '安装', $element_selector: '#install' }
          : {}),
        ...(event === '$WebStay' ? { event_duration: 12.5 + i } : {}),
      },
      type: 'track',
      event,
      time: now - (size - i) * 250,
      _track_id: 100_000_000 + seed * 1000 + i,
      _flush_time: now,
    };
  });
}

/** A `data_list` body as the SDK's batch sender posts it (with the crc some senders add). */
function batchBody(size: number, seed: number): string {
  const data = base64Encode(JSON.stringify(batchRecords(size, seed)));
  return `data_list=${encodeURIComponent(data)}&gzip=0&ext=${encodeURIComponent(`crc=${hashCode(data)}`)}`;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)]!;
}

/**
 * Posts `data_list` batches of `batchSize` events to `POST /sa?project=default` on
 * `http://127.0.0.1:<port>` for `seconds` with `connections` keep-alive connections (after a 1 s
 * warm-up that is not counted).
 *
 * @returns stored events per second, the p99 latency of a batch request (ms) and the number of
 *   batches answered 2xx.
 * @throws Error when any batch is answered with a non-2xx status (the figures would be meaningless).
 */
export async function benchIngest(options: IngestOptions): Promise<IngestResult> {
  const { port, seconds, batchSize, connections } = options;
  const bodies = Array.from({ length: BODIES }, (_, seed) => batchBody(batchSize, seed));
  const url = `http://127.0.0.1:${port}/sa?project=default`;
  const headers = { 'content-type': 'application/x-www-form-urlencoded' };
  const rotate = (offset: number) => {
    let i = offset;
    return (req: autocannon.Request) => {
      req.body = bodies[i++ % bodies.length]!;
      return req;
    };
  };
  await autocannon({
    url,
    method: 'POST',
    headers,
    connections,
    duration: 1,
    requests: [{ method: 'POST', setupRequest: rotate(0) }],
  });

  const latencies: number[] = [];
  const cpu0 = cpuMs(options.pid);
  const commits0 = await commits(options.databaseUrl);
  const dbCpu0 = await backendCpuMs(options.databaseUrl);
  let ok = 0;
  let failed = 0;
  const result = await new Promise<autocannon.Result>((resolvePromise, reject) => {
    const instance = autocannon(
      {
        url,
        method: 'POST',
        headers,
        connections,
        duration: seconds,
        requests: [{ method: 'POST', setupRequest: rotate(13) }],
      },
      (error, res) => (error ? reject(error) : resolvePromise(res)),
    );
    instance.on('response', (_client, statusCode, _bytes, responseTime) => {
      if (statusCode >= 200 && statusCode < 300) {
        ok += 1;
        latencies.push(responseTime);
      } else {
        failed += 1;
      }
    });
  });
  if (failed > 0 || result.errors + result.timeouts > 0) {
    throw new Error(
      `ingest: ${failed} non-2xx answers, ${result.errors} errors, ${result.timeouts} timeouts`,
    );
  }
  const cpu = cpuMs(options.pid) - cpu0;
  const dbCpu = (await backendCpuMs(options.databaseUrl)) - dbCpu0;
  // Minus this function's own connection to read the counter.
  const committed = (await commits(options.databaseUrl)) - commits0 - 1;
  latencies.sort((a, b) => a - b);
  return {
    eventsPerSecond: (ok * batchSize) / seconds,
    batchP99Ms: percentile(latencies, 99),
    batches: ok,
    cpuUsPerEvent: (cpu * 1000) / (ok * batchSize),
    commitsPerBatch: committed / ok,
    dbCpuUsPerEvent: (dbCpu * 1000) / (ok * batchSize),
  };
}

/** Prints one run's figures. */
export function formatIngest(label: string, r: IngestResult): string {
  const cpu = Number.isNaN(r.cpuUsPerEvent) ? '' : `, server CPU ${r.cpuUsPerEvent.toFixed(1)} µs/event`;
  const tx = Number.isNaN(r.commitsPerBatch)
    ? ''
    : `, PostgreSQL CPU ${r.dbCpuUsPerEvent.toFixed(1)} µs/event, ${r.commitsPerBatch.toFixed(2)} commits/batch`;
  return (
    `${label}: ${Math.round(r.eventsPerSecond).toLocaleString('en-US')} events/s, ` +
    `one batch p99 ${r.batchP99Ms.toFixed(1)} ms, ${r.batches} batches${cpu}${tx}`
  );
}

async function main(): Promise<void> {
  const cli = resolve(process.env.INGEST_CLI ?? SERVER_CLI);
  const seconds = Number(process.env.INGEST_SECONDS ?? 10);
  const connections = Number(process.env.INGEST_CONNECTIONS ?? 8);
  const batchSize = Number(process.env.INGEST_BATCH ?? 50);
  const runs = Number(process.env.INGEST_RUNS ?? 1);
  const dialect = process.env.INGEST_DIALECT ?? 'sqlite';
  const adminUrl = process.env.BENCH_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const dataDir = mkdtempSync(join(tmpdir(), 'plugin-center-ingest-'));
  const dbName = `pc_bench_ingest_${process.pid}`;
  let databaseUrl = '';
  if (dialect === 'postgres') {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${dbName}`);
    await admin.end();
    const url = new URL(adminUrl);
    url.pathname = `/${dbName}`;
    databaseUrl = url.toString();
  }
  const { port, child } = await startServer(
    {
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      IMPORT_CATALOGUE_ON_EMPTY: 'false',
      ADMIN_PASSWORD: 'bench-password',
    },
    cli,
  );
  try {
    for (let run = 1; run <= runs; run++) {
      const result = await benchIngest({
        port,
        seconds,
        batchSize,
        connections,
        pid: child.pid,
        databaseUrl: databaseUrl || undefined,
      });
      console.log(
        formatIngest(
          `ingest (${dialect}, ${batchSize} events/batch, ${connections} connections, ${seconds} s, run ${run})`,
          result,
        ),
      );
    }
  } finally {
    await stopServer(child);
    rmSync(dataDir, { recursive: true, force: true });
    if (databaseUrl) {
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
      await admin.end();
    }
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
}
