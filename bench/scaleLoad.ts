import { readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { seededRandom } from '@plugin-center/server';
import { encodeCursor, queryFingerprint } from '@plugin-center/server/bench';
import pg from 'pg';
import { type LoadResult, runLoad, type Scenario, textTable } from './load';
import { type BenchQuery, type QueryKind, searchQueries, suggestPrefixes } from './queries';
import { startPlainServer, startServer, stopServer } from './server';

/** Options of {@link benchScale}. */
export interface ScaleOptions {
  /** Plugins in the data set (printed). */
  size: number;
  /** Seconds each scenario runs at each concurrency (after a 1 s warm-up). */
  seconds: number;
  /** Concurrent connections to run every scenario at (default 1, 8, 32). */
  concurrencies?: readonly number[];
  /** Concurrencies of the read-cache-on pass (default 8). */
  cachedConcurrencies?: readonly number[];
  /** PostgreSQL URL of the data set, for the statement counts; absent on SQLite. */
  databaseUrl?: string;
  /** Pages of 100 walked per sort to collect deep cursors and detail keys (default 300). */
  walkPages?: number;
  /** Distinct search queries drawn (default 3,000). */
  searchQueryCount?: number;
  /** Only the scenarios whose name starts with one of these (default all; the plain-http pair always runs). */
  only?: readonly string[];
}

/** Which target a scenario is held to. */
type Target = 'p99 ≤ 15' | 'p95 ≤ 40' | 'p95 ≤ 10' | '≥ 40 %' | '';

/** A scale scenario: its paths, the target it is held to and the read-cache kind its hit ratio reads. */
export interface ScaleScenario extends Scenario {
  target: Target;
  /** The read-cache kind (metrics label) of the outermost lookup of this route. */
  cacheKind: 'result' | 'detail' | 'suggest';
}

/** One measured row: the load figures, the target, CPU and statements per request, hit ratio. */
export interface ScaleRow extends LoadResult {
  connections: number;
  target: Target;
  met: boolean | null;
  /** Server CPU (user + system) per request, ms. */
  cpuMs: number;
  /** Statements per request (PostgreSQL), NaN when not measured. */
  statements: number;
  /** Read-cache hit ratio over the run, 0–1; NaN with the cache off. */
  hitRatio: number;
}

/** The `METRICS_TOKEN` the bench's servers are started with, to read their `/metrics`. */
export const METRICS_TOKEN = 'bench-scale-metrics-token-0123456789';
const CLOCK_TICKS = 100;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** User + system CPU time of a process, ms (Linux /proc; NaN elsewhere). */
function processCpuMs(pid: number | undefined): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
  } catch {
    return Number.NaN;
  }
}

/** Read-cache lookups by `kind|result` (`plugin_center_read_cache_lookups_total`) in a server's Prometheus text. */
export function parseCacheCounters(metrics: string): Map<string, number> {
  const out = new Map<string, number>();
  for (const line of metrics.split('\n')) {
    const m = /^plugin_center_read_cache_lookups_total\{([^}]*)\} (\S+)/.exec(line);
    if (!m) continue;
    const kind = /kind="([^"]*)"/.exec(m[1]!)?.[1];
    const result = /result="([^"]*)"/.exec(m[1]!)?.[1];
    out.set(`${kind}|${result}`, Number(m[2]));
  }
  return out;
}

/** The `/metrics` text of the server on `port` ('' when it refuses); every worker's, summed, under `WEB_CONCURRENCY`. */
export async function metricsText(port: number): Promise<string> {
  const res = await fetch(`http://127.0.0.1:${port}/metrics`, {
    headers: { authorization: `Bearer ${METRICS_TOKEN}` },
  });
  return res.ok ? await res.text() : '';
}

/** Read-cache lookups by `kind|result` of the server on `port` (empty when `/metrics` refuses). */
export async function cacheCounters(port: number): Promise<Map<string, number>> {
  return parseCacheCounters(await metricsText(port));
}

/**
 * The hit ratio (0–1) of the read-cache lookups of `kind` between two readings of
 * {@link parseCacheCounters}; NaN when there was no lookup of that kind.
 */
export function hitRatioBetween(
  before: ReadonlyMap<string, number>,
  after: ReadonlyMap<string, number>,
  kind: string,
): number {
  const delta = (k: string) => (after.get(k) ?? 0) - (before.get(k) ?? 0);
  const hits = delta(`${kind}|hit`);
  const misses = delta(`${kind}|miss`);
  return hits + misses > 0 ? hits / (hits + misses) : Number.NaN;
}

async function getData<T>(port: number, path: string): Promise<T> {
  const res = await fetch(`http://127.0.0.1:${port}${path}`);
  const body = (await res.json()) as { code: number; data: T };
  if (!res.ok || body.code !== 0) throw new Error(`${path}: ${res.status}`);
  return body.data;
}

interface ListData {
  plugin_list: { plugin_key: string }[];
  next_cursor: string | null;
  total: number;
}

const LIST = '/api/cmt/plugin/list';

/**
 * Walks a list 100 plugins a page for `pages` pages and returns each page's cursor (to be asked
 * with the default page size: distinct pages all along the walk) and the plugin keys met.
 */
async function walk(
  port: number,
  query: string,
  pages: number,
): Promise<{ cursors: string[]; keys: string[] }> {
  const cursors: string[] = [];
  const keys: string[] = [];
  let cursor: string | null = null;
  for (let i = 0; i < pages; i++) {
    const data: ListData = await getData<ListData>(
      port,
      `${LIST}?${query}&page_size=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
    );
    for (const p of data.plugin_list) keys.push(p.plugin_key);
    cursor = data.next_cursor;
    if (!cursor) break;
    cursors.push(cursor);
  }
  return { cursors, keys };
}

/**
 * `count` cursors spread over the whole of a list (a cursor is any position of its order, see
 * `shared/cursor.ts`): sort keys drawn over the bench catalogue's ranges — update times over
 * 2015–2026 or 0 (undated, 45 %), download counts 0–4,999 (`bench/prepare.ts` benchCounts), ids up
 * to `size` — so that deep pages, the ties of undated plugins included, are asked as often as
 * the first ones.
 */
function spreadCursors(sort: 0 | 1, tagId: number, size: number, count: number, seed: number): string[] {
  const random = seededRandom(seed);
  const fingerprint = queryFingerprint([sort, tagId, '']);
  const time = () =>
    random() < 0.45
      ? 0
      : Date.UTC(2015, 0, 1) + Math.floor(random() * (Date.UTC(2026, 9, 1) - Date.UTC(2015, 0, 1)));
  const id = () => 1 + Math.floor(random() * size);
  return Array.from({ length: count }, () =>
    encodeCursor(fingerprint, sort === 0 ? [time(), id()] : [Math.floor(random() * 5000), time(), id()]),
  );
}

const withCursor = (query: string, cursor: string) => `${LIST}?${query}&cursor=${encodeURIComponent(cursor)}`;

function searchPath(q: BenchQuery): string {
  return `${LIST}?${new URLSearchParams({ keyword: q.q, lang: q.lang })}`;
}

/** The search kinds of the issue's targets: broad single words, multi-word, Chinese, prefixes. */
const SEARCH_GROUPS: { name: string; kinds: readonly QueryKind[] }[] = [
  { name: 'search, broad single English words', kinds: ['en-1'] },
  { name: 'search, multi-word English', kinds: ['en-2', 'en-3', 'en-4'] },
  { name: 'search, Chinese', kinds: ['zh-word', 'zh-phrase', 'zh-2'] },
  { name: 'search, prefix (as typed)', kinds: ['en-prefix'] },
];

/**
 * The scale scenarios against the server on `port` (described in `bench/run.ts`, 6c):
 * the lists' paths from walks of the running server and cursors spread over the data set's ranges,
 * detail keys met on the walks, the search queries of `bench/queries.ts` by kind, the suggestion
 * prefixes. Every path is distinct within its scenario.
 */
export async function scaleScenarios(
  port: number,
  options: Pick<ScaleOptions, 'size' | 'walkPages' | 'searchQueryCount'>,
): Promise<ScaleScenario[]> {
  const walkPages = options.walkPages ?? 300;
  const latest = await walk(port, 'sort=0', walkPages);
  const popular = await walk(port, 'sort=1', Math.ceil(walkPages / 3));
  const tags = (await getData<{ tag_list: { id: number }[] }>(port, '/api/cmt/plugin/tag/list')).tag_list;
  const tagPaths = tags.flatMap((t) => [`${LIST}?tag_id=${t.id}`, `${LIST}?tag_id=${t.id}&sort=1`]);
  for (const t of tags.slice(0, 8)) {
    for (const sort of [0, 1] as const) {
      const q = `tag_id=${t.id}&sort=${sort}`;
      tagPaths.push(...(await walk(port, q, 10)).cursors.map((c) => withCursor(q, c)));
      tagPaths.push(
        ...spreadCursors(sort, t.id, options.size, 40, t.id * 2 + sort).map((c) => withCursor(q, c)),
      );
    }
  }
  const queries = searchQueries(13, options.searchQueryCount ?? 3000);
  const keys = [...new Set([...latest.keys, ...popular.keys])];
  return [
    {
      name: 'list, latest (page 1 + deep cursors)',
      paths: [
        `${LIST}?sort=0`,
        ...latest.cursors.map((c) => withCursor('sort=0', c)),
        ...spreadCursors(0, 0, options.size, 300, 1).map((c) => withCursor('sort=0', c)),
      ],
      target: 'p99 ≤ 15',
      cacheKind: 'result',
    },
    {
      name: 'list, most popular (deep cursors)',
      paths: [
        `${LIST}?sort=1`,
        ...popular.cursors.map((c) => withCursor('sort=1', c)),
        ...spreadCursors(1, 0, options.size, 300, 2).map((c) => withCursor('sort=1', c)),
      ],
      target: 'p99 ≤ 15',
      cacheKind: 'result',
    },
    { name: 'list, tag filter (all tags, deep)', paths: tagPaths, target: 'p99 ≤ 15', cacheKind: 'result' },
    {
      name: 'detail (distinct keys)',
      paths: keys.map((k) => `/api/cmt/plugin?plugin_key=${encodeURIComponent(k)}`),
      target: 'p99 ≤ 15',
      cacheKind: 'detail',
    },
    ...SEARCH_GROUPS.map(
      (g): ScaleScenario => ({
        name: g.name,
        paths: queries.filter((q) => g.kinds.includes(q.kind)).map(searchPath),
        target: 'p95 ≤ 40',
        cacheKind: 'result',
      }),
    ),
    {
      name: 'suggestions (distinct prefixes)',
      paths: suggestPrefixes().map(
        (p) => `/api/cmt/plugin/suggest?${new URLSearchParams({ q: p.q, lang: p.lang })}`,
      ),
      target: 'p95 ≤ 10',
      cacheKind: 'suggest',
    },
  ];
}

function meets(target: Target, r: LoadResult): boolean | null {
  if (target === 'p99 ≤ 15') return r.p99 <= 15;
  if (target === 'p95 ≤ 40') return r.p95 <= 40;
  if (target === 'p95 ≤ 10') return r.p95 <= 10;
  return null;
}

/** Formats scale rows as an aligned text table, each figure beside its target. */
export function formatScale(title: string, rows: readonly ScaleRow[]): string {
  const head = [
    'scenario',
    'conn',
    'req/s',
    'p50',
    'p95',
    'p99',
    'target',
    'met',
    'CPU ms/req',
    'stmt/req',
    'hits',
    'err',
  ];
  const body = rows.map((r) => [
    r.name,
    String(r.connections),
    r.rps.toFixed(0),
    r.p50.toFixed(2),
    r.p95.toFixed(2),
    r.p99.toFixed(2),
    r.target,
    r.met === null ? '' : r.met ? 'yes' : 'NO',
    Number.isNaN(r.cpuMs) ? '' : r.cpuMs.toFixed(2),
    Number.isNaN(r.statements) ? '' : r.statements.toFixed(2),
    Number.isNaN(r.hitRatio) ? '' : `${(r.hitRatio * 100).toFixed(1)} %`,
    String(r.errors + r.non2xx),
  ]);
  return textTable(title, head, body);
}

/**
 * Runs the scale scenarios for one dialect (see the file's comment) with the read cache off at
 * every concurrency of `concurrencies`, then on at `cachedConcurrencies`, and prints a table per
 * pass and the list-vs-plain-http ratios.
 *
 * @param env - the server environment of the prepared data set (DATA_DIR, DATABASE_URL)
 */
export async function benchScale(
  dialect: string,
  env: NodeJS.ProcessEnv,
  options: ScaleOptions,
): Promise<ScaleRow[]> {
  const all: ScaleRow[] = [];
  const stats = options.databaseUrl ? new pg.Client({ connectionString: options.databaseUrl }) : null;
  await stats?.connect();
  const transactions = async (): Promise<number> => {
    if (!stats) return Number.NaN;
    const r = await stats.query<{ n: string }>(
      'SELECT xact_commit + xact_rollback AS n FROM pg_stat_database WHERE datname = current_database()',
    );
    return Number(r.rows[0]!.n);
  };
  try {
    for (const readCache of ['off', 'on'] as const) {
      const levels =
        readCache === 'off' ? (options.concurrencies ?? [1, 8, 32]) : (options.cachedConcurrencies ?? [8]);
      if (levels.length === 0) continue;
      const { port, child } = await startServer({ ...env, READ_CACHE: readCache, METRICS_TOKEN });
      try {
        const list = (await scaleScenarios(port, options)).filter(
          (s) => !options.only || options.only.some((prefix) => s.name.startsWith(prefix)),
        );
        console.log(
          `\n${dialect}, read cache ${readCache}: ${options.size} plugins; ` +
            list.map((s) => `${s.name.split(' (')[0]} ${s.paths.length}`).join(', ') +
            ` distinct paths; load average ${loadavg()[0]!.toFixed(2)} on ${cpus().length} CPUs`,
        );
        const page1 = await fetch(`http://127.0.0.1:${port}${LIST}`);
        const bytes = Buffer.from(await page1.arrayBuffer());
        const plain = await startPlainServer(bytes, page1.headers.get('content-type') ?? 'application/json');
        try {
          for (const connections of levels) {
            const rows: ScaleRow[] = [];
            const measure = async (s: ScaleScenario, target: number = port): Promise<ScaleRow> => {
              let cpu0 = 0;
              let tx0 = 0;
              let counters0 = new Map<string, number>();
              const r = await runLoad(target, s, {
                seconds: options.seconds,
                connections,
                onStart: async () => {
                  // PostgreSQL publishes a backend's counts at most once a second: let the
                  // warm-up's settle before reading them, and the run's after it.
                  if (stats) await sleep(1200);
                  counters0 = readCache === 'on' ? await cacheCounters(port) : counters0;
                  tx0 = await transactions();
                  cpu0 = processCpuMs(child.pid);
                },
              });
              const cpu = processCpuMs(child.pid) - cpu0;
              if (stats) await sleep(1200);
              // The first count read's own statement is left out.
              const tx = (await transactions()) - tx0 - 1;
              const hitRatio =
                readCache === 'on'
                  ? hitRatioBetween(counters0, await cacheCounters(port), s.cacheKind)
                  : Number.NaN;
              const served = r.requests;
              return {
                ...r,
                connections,
                target: s.target,
                met: meets(s.target, r),
                cpuMs: target === port ? cpu / served : Number.NaN,
                statements: target === port ? tx / served : Number.NaN,
                hitRatio,
              };
            };
            for (const s of list) rows.push(await measure(s));
            const same: ScaleScenario = {
              name: 'list page 1, server',
              paths: [LIST],
              target: '',
              cacheKind: 'result',
            };
            const real = await measure(same);
            const limit = await measure(
              { ...same, name: 'list page 1, plain http (same bytes)' },
              plain.port,
            );
            const ratio = real.rps / limit.rps;
            rows.push(real, { ...limit, target: '≥ 40 %', met: ratio >= 0.4 });
            console.log(
              formatScale(
                `${dialect}, read cache ${readCache} — ${options.size} plugins, ${connections} connections, ${options.seconds} s each`,
                rows,
              ),
            );
            console.log(
              `${dialect}, read cache ${readCache}, ${connections} connections: list throughput = ` +
                `${(ratio * 100).toFixed(1)} % of the plain server (target ≥ 40 %)`,
            );
            all.push(...rows);
          }
        } finally {
          await stopServer(plain.child);
        }
      } finally {
        await stopServer(child);
      }
    }
  } finally {
    await stats?.end();
  }
  return all;
}
