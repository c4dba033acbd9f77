/**
 * Several server processes (part `processes` of `pnpm bench`) on the PostgreSQL data set and a Redis
 * (`REDIS_URL`, default redis://127.0.0.1:6379; the keys under a prefix of this run's own):
 *
 * 1. Load: the built server with 1 process and with 2 (`WEB_CONCURRENCY=2`: node:cluster workers
 *    sharing the port, `packages/server/src/cluster.ts`), each with the read cache off and on, under
 *    the scale part's distinct requests (`bench/scaleLoad.ts` scaleScenarios) for list (deep
 *    cursors), detail and English search, at 8 and 32 connections; printed side by side, with the
 *    read cache's hit ratio next to every cached figure. Every configuration has the same Redis, so
 *    the number of processes is the only difference. Each worker keeps its own cache; the server's
 *    `/metrics` sums the counters of every worker (its primary gathers them), so one scrape gives
 *    the hit ratio of the whole cluster.
 * 2. Propagation: two server processes on ports of their own (not a cluster) on the same database
 *    and Redis, read cache on. A like, then an unlike, of a plugin through A while B has just cached
 *    that plugin's detail (answers reused 1 s); B polled until its detail shows A's count: the time
 *    from A's acknowledgement, ms, over `writes` writes, beside the target of 1 s, and the
 *    invalidations B received meanwhile (`/metrics`), which show the news came through Redis and
 *    not by the cache entry's age. The bench's own account (signed up on first use) unlikes what it
 *    liked, so the counts end as they were.
 */
import { readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { type LoadResult, percentile, runLoad, textTable } from './load';
import {
  cacheCounters,
  hitRatioBetween,
  METRICS_TOKEN,
  metricsText,
  type ScaleScenario,
  scaleScenarios,
} from './scaleLoad';
import { startServer, stopServer } from './server';

/** Options of {@link benchProcesses}. */
export interface ProcessesOptions {
  /** Plugins in the data set (printed; the spread cursors range over it). */
  size: number;
  /** Seconds each scenario runs at each concurrency (after a 1 s warm-up). */
  seconds: number;
  /** Concurrent connections (default 8 and 32). */
  concurrencies?: readonly number[];
  /** The Redis every process shares. */
  redisUrl: string;
  /** Timed writes of the propagation measurement (default 20, rounded up to even: a like and an unlike per plugin). */
  writes?: number;
}

/** One measured run: the load figures and the hit ratio (0–1; NaN with the cache off). */
export interface ProcessesRow extends LoadResult {
  connections: number;
  hitRatio: number;
}

/** The propagation figures: ms from A's acknowledgement to B showing the write, one per write. */
export interface Propagation {
  ms: number[];
  /** Invalidations of one plugin B received from Redis over the timed writes. */
  invalidations: number;
}

/** The scale scenarios run here, by the start of their names. */
const SCENARIOS = [
  'list, latest',
  'detail',
  'search, broad single English words',
  'search, multi-word English',
];

/** The configurations, in the order they run and are printed. */
const CONFIGS = [
  { processes: 1, readCache: 'off' },
  { processes: 1, readCache: 'on' },
  { processes: 2, readCache: 'off' },
  { processes: 2, readCache: 'on' },
] as const;

/** How soon a write on one process is to be seen on the other, ms. */
const PROPAGATION_TARGET_MS = 1000;
/** A poll that has not seen the write after this long gives up, ms. */
const PROPAGATION_GIVE_UP_MS = 10_000;
const BENCH_EMAIL = 'bench-processes@bench.invalid';
const BENCH_PASSWORD = 'bench-processes-password';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const ms1 = (ms: number) => (Number.isFinite(ms) ? ms.toFixed(1) : 'never');

async function call<T>(
  port: number,
  path: string,
  init: { method?: string; body?: unknown; token?: string } = {},
): Promise<{ status: number; data: T }> {
  const res = await fetch(`http://127.0.0.1:${port}${path}`, {
    method: init.method ?? 'GET',
    headers: {
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
    },
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });
  const body = (await res.json()) as { data: T };
  return { status: res.status, data: body.data };
}

/** Signs the bench's account in on `port` (signing it up the first time) and returns its access token. */
async function signIn(port: number): Promise<string> {
  const body = { email: BENCH_EMAIL, password: BENCH_PASSWORD, redirect_uri: '/plugins/' };
  let first = await call<unknown>(port, '/api/uc/user/login', { method: 'POST', body });
  if (first.status !== 200)
    first = await call<unknown>(port, '/api/uc/user/sign_up', { method: 'POST', body });
  const code = /code=([A-Za-z0-9_-]+)/.exec(JSON.stringify(first.data))?.[1];
  if (first.status !== 200 || !code) throw new Error(`sign-in of the bench account: ${first.status}`);
  const exchange = await call<{ access_token: string }>(
    port,
    `/api/uc/user/login/code/user?code=${code}&redirect_uri=${encodeURIComponent('/plugins/')}`,
  );
  if (exchange.status !== 200) throw new Error(`login code exchange: ${exchange.status}`);
  return exchange.data.access_token;
}

/** Invalidations of one plugin received from Redis, from a process's `/metrics` text. */
function pluginInvalidations(metrics: string): number {
  return Number(
    /^plugin_center_invalidations_received_total\{kind="plugin"\} (\S+)/m.exec(metrics)?.[1] ?? 0,
  );
}

/**
 * Checks that all `processes` processes serving `port` reach Redis: `plugin_center_redis_up`, a
 * gauge of 0 or 1 per process, summed over the workers of a cluster by the server's `/metrics`.
 *
 * @throws Error naming the Redis otherwise: without it the processes share nothing.
 */
async function expectRedis(port: number, processes: number, redisUrl: string): Promise<void> {
  const up = Number(/^plugin_center_redis_up (\S+)/m.exec(await metricsText(port))?.[1] ?? 0);
  if (up !== processes)
    throw new Error(`the server on :${port}: ${up} of ${processes} processes reach ${redisUrl}`);
}

/** The child processes of `pid` (Linux /proc; empty elsewhere). */
function childPids(pid: number): number[] {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8')
      .trim()
      .split(/\s+/)
      .filter(Boolean)
      .map(Number);
  } catch {
    return [];
  }
}

/**
 * Waits until the server started as `pid` runs `processes` processes: the workers of a cluster
 * (its children in /proc), or the process itself.
 *
 * @throws Error when the workers are not all running within 60 s.
 */
async function waitForWorkers(pid: number, processes: number): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (processes > 1 && childPids(pid).length !== processes) {
    if (Date.now() > deadline) throw new Error(`${processes} workers did not start within 60 s`);
    await sleep(100);
  }
}

/**
 * Two processes on the data set of `env`, read cache on: `writes` likes and unlikes through A, each
 * polled on B (see the file's comment).
 */
async function measurePropagation(env: NodeJS.ProcessEnv, writes: number): Promise<Propagation> {
  const a = await startServer({ ...env, READ_CACHE: 'on' });
  const b = await startServer({ ...env, READ_CACHE: 'on' }).catch(async (error: unknown) => {
    await stopServer(a.child);
    throw error;
  });
  try {
    for (const s of [a, b]) await expectRedis(s.port, 1, env.REDIS_URL!);
    const token = await signIn(a.port);
    const pairs = Math.ceil(writes / 2);
    const list = await call<{ plugin_list: { plugin_key: string }[] }>(
      b.port,
      `/api/cmt/plugin/list?sort=0&page_size=${pairs}`,
    );
    const keys = list.data.plugin_list.map((p) => p.plugin_key);
    const praise = (key: string, value: 1 | -1) =>
      call<{ praise_count: number }>(a.port, '/api/cmt/plugin/user/praise', {
        method: 'POST',
        token,
        body: { plugin_key: key, praise: value },
      });
    const detailOnB = async (key: string) =>
      (await call<{ praise_count: number }>(b.port, `/api/cmt/plugin?plugin_key=${encodeURIComponent(key)}`))
        .data.praise_count;
    // Whatever an interrupted run left liked is unliked first, untimed.
    for (const key of keys) await praise(key, -1);
    await sleep(1500);
    const invalidations0 = pluginInvalidations(await metricsText(b.port));
    const ms: number[] = [];
    for (const key of keys) {
      for (const value of [1, -1] as const) {
        await detailOnB(key); // B caches the detail now, so only an invalidation shows the write soon
        const written = await praise(key, value);
        if (written.status !== 200) throw new Error(`praise ${value}: ${written.status}`);
        const acknowledged = performance.now();
        let took = Number.POSITIVE_INFINITY;
        while (performance.now() - acknowledged < PROPAGATION_GIVE_UP_MS) {
          if ((await detailOnB(key)) === written.data.praise_count) {
            took = performance.now() - acknowledged;
            break;
          }
        }
        ms.push(took);
      }
    }
    const invalidations = pluginInvalidations(await metricsText(b.port)) - invalidations0;
    return { ms, invalidations };
  } finally {
    await stopServer(b.child);
    await stopServer(a.child);
  }
}

/**
 * Formats the load rows side by side: for each scenario one line per configuration (1 and 2
 * processes, read cache off and on), and for each concurrency of `levels` its requests/s,
 * p50 / p95 / p99 ms and, with the cache on, the hit ratio.
 */
function formatSideBySide(
  title: string,
  rows: ReadonlyMap<string, ProcessesRow[]>,
  levels: readonly number[],
): string {
  const head = ['scenario', 'processes', 'cache'];
  for (const n of levels) head.push(`${n} conn req/s`, 'p50 / p95 / p99 ms', 'hits');
  head.push('errors');
  const names = [...new Set((rows.get(configName(CONFIGS[0])) ?? []).map((r) => r.name))];
  const body: string[][] = [];
  for (const name of names) {
    for (const c of CONFIGS) {
      const measured = rows.get(configName(c)) ?? [];
      const cells = [name, String(c.processes), c.readCache];
      let errors = 0;
      for (const n of levels) {
        const r = measured.find((m) => m.name === name && m.connections === n);
        if (!r) {
          cells.push('', '', '');
          continue;
        }
        errors += r.errors + r.non2xx;
        cells.push(
          r.rps.toFixed(0),
          `${r.p50.toFixed(1)} / ${r.p95.toFixed(1)} / ${r.p99.toFixed(1)}`,
          Number.isNaN(r.hitRatio) ? '' : `${(r.hitRatio * 100).toFixed(1)} %`,
        );
      }
      body.push([...cells, String(errors)]);
    }
  }
  return textTable(title, head, body);
}

function configName(c: (typeof CONFIGS)[number]): string {
  return `${c.processes} process${c.processes > 1 ? 'es' : ''}, read cache ${c.readCache}`;
}

/**
 * Runs the part (see the file's comment) on the prepared PostgreSQL data set of `env`: the four
 * configurations at every concurrency, printed side by side, then the propagation of a write
 * from one process to the other.
 *
 * @param env - the server environment of the data set (DATABASE_URL, DATA_DIR)
 * @returns the rows by configuration name and the propagation figures
 * @throws Error when a server does not start, Redis is unreachable, or a write is refused.
 */
export async function benchProcesses(
  env: NodeJS.ProcessEnv,
  options: ProcessesOptions,
): Promise<{ rows: Map<string, ProcessesRow[]>; propagation: Propagation }> {
  const levels = options.concurrencies ?? [8, 32];
  const shared = {
    ...env,
    REDIS_URL: options.redisUrl,
    REDIS_KEY_PREFIX: `pc-bench-processes-${process.pid}:`,
    METRICS_TOKEN,
  };
  const rows = new Map<string, ProcessesRow[]>();
  let scenarios: ScaleScenario[] | undefined;
  const loads: number[] = [loadavg()[0]!];
  for (const config of CONFIGS) {
    const { port, child } = await startServer({
      ...shared,
      READ_CACHE: config.readCache,
      WEB_CONCURRENCY: String(config.processes),
    });
    try {
      await waitForWorkers(child.pid!, config.processes);
      await expectRedis(port, config.processes, options.redisUrl); // and every worker listening
      scenarios ??= (await scaleScenarios(port, { size: options.size })).filter((s) =>
        SCENARIOS.some((prefix) => s.name.startsWith(prefix)),
      );
      console.log(
        `\npostgres, ${configName(config)}: ${options.size} plugins; ` +
          scenarios.map((s) => `${s.name.split(' (')[0]} ${s.paths.length}`).join(', ') +
          ` distinct paths; load average ${loadavg()[0]!.toFixed(2)} on ${cpus().length} CPUs`,
      );
      const measured: ProcessesRow[] = [];
      for (const connections of levels) {
        for (const s of scenarios) {
          let before = new Map<string, number>();
          const cached = config.readCache === 'on';
          const r = await runLoad(port, s, {
            seconds: options.seconds,
            connections,
            onStart: async () => {
              if (cached) before = await cacheCounters(port);
            },
          });
          const hitRatio = cached
            ? hitRatioBetween(before, await cacheCounters(port), s.cacheKind)
            : Number.NaN;
          measured.push({ ...r, connections, hitRatio });
        }
      }
      rows.set(configName(config), measured);
      loads.push(loadavg()[0]!);
    } finally {
      await stopServer(child);
    }
  }
  console.log(
    formatSideBySide(
      `postgres, 1 vs 2 server processes (WEB_CONCURRENCY), read cache off / on — ${options.size} plugins, ` +
        `${options.seconds} s each; load average ${loads.map((l) => l.toFixed(1)).join(', ')} (before, after each configuration)`,
      rows,
      levels,
    ),
  );

  const writes = options.writes ?? 20;
  const propagation = await measurePropagation(shared, writes);
  const sorted = [...propagation.ms].sort((x, y) => x - y);
  const met = propagation.ms.filter((m) => m <= PROPAGATION_TARGET_MS).length;
  console.log(
    `\npostgres, a write on one process seen by reads on the other (2 processes on their own ports, one Redis, ` +
      `read cache on; a like or unlike through A, B's cached detail polled): ${propagation.ms.length} writes, ` +
      `p50 ${ms1(percentile(sorted, 50))} ms, max ${ms1(sorted[sorted.length - 1] ?? Number.NaN)} ms ` +
      `(target ≤ ${PROPAGATION_TARGET_MS} ms: ${met}/${propagation.ms.length}); ` +
      `B received ${propagation.invalidations} plugin invalidations; load average ${loadavg()[0]!.toFixed(2)}`,
  );
  return { rows, propagation };
}
