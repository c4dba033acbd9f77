/**
 * Ingest benchmark of the analytics collector: autocannon posts realistic `data_list`
 * batches, encoded exactly as the Sensors Data web SDK does (base64 of the UTF-8 JSON, urlencoded,
 * `gzip=0`, plus the `ext=crc=<hashCode>` the SDK computes), to `POST /sa?project=default` on
 * 127.0.0.1 over keep-alive connections, and reports stored events per second and the batch
 * latency p99. Target: ≥ 5,000 events/s in batches of 50 on the 2-core CI machine.
 *
 * `benchIngest` runs against a server that is already listening (bench/run.ts calls it). Run
 * directly (`node --import tsx bench/ingest.ts`), it starts the built server
 * (`packages/server/dist/cli.js start`, or `INGEST_CLI` — a `.ts` entry is run through tsx) on
 * SQLite in a temporary folder, benchmarks it for `INGEST_SECONDS` (default 10) with
 * `INGEST_CONNECTIONS` (default 8) connections and `INGEST_BATCH` (default 50) events per batch,
 * prints the figures and removes the folder. Only 127.0.0.1 is ever targeted; every run is bounded
 * in time.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
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
}

/** Figures of one ingest run. */
export interface IngestResult {
  /** Events stored per second (accepted events of 2xx answers / seconds). */
  eventsPerSecond: number;
  /** 99th percentile latency of one batch request, ms. */
  batchP99Ms: number;
  /** Batches answered 2xx. */
  batches: number;
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
  latencies.sort((a, b) => a - b);
  return {
    eventsPerSecond: (ok * batchSize) / seconds,
    batchP99Ms: percentile(latencies, 99),
    batches: ok,
  };
}

async function main(): Promise<void> {
  const cli = resolve(process.env.INGEST_CLI ?? SERVER_CLI);
  const seconds = Number(process.env.INGEST_SECONDS ?? 10);
  const connections = Number(process.env.INGEST_CONNECTIONS ?? 8);
  const batchSize = Number(process.env.INGEST_BATCH ?? 50);
  const dataDir = mkdtempSync(join(tmpdir(), 'plugin-center-ingest-'));
  const { port, child } = await startServer(
    {
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      IMPORT_CATALOGUE_ON_EMPTY: 'false',
      ADMIN_PASSWORD: 'bench-password',
    },
    cli,
  );
  try {
    const result = await benchIngest({ port, seconds, batchSize, connections });
    console.log(
      `ingest (sqlite, ${batchSize} events/batch, ${connections} connections, ${seconds} s): ` +
        `${result.eventsPerSecond.toFixed(0)} events/s, batch p99 ${result.batchP99Ms.toFixed(2)} ms, ` +
        `${result.batches} batches (target ≥ 5,000 events/s)`,
    );
  } finally {
    await stopServer(child);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
}
