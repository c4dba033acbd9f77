/**
 * Search, long tail: the figures a user would feel. Thousands of distinct queries from
 * the catalogue's vocabulary (`bench/queries.ts`), each sent once per pass, at a fixed concurrency,
 * against the built server in its own process with its read cache off: search first pages, deep
 * pages (following `next_cursor`), suggestions. Then the read cache on: the same distinct mix, and a
 * popularity-skewed stream of it, with the cache hit ratio. Only 127.0.0.1 is targeted; every pass
 * is bounded by its request count and a per-request timeout.
 */
import { Agent, request } from 'node:http';
import { cpus, loadavg } from 'node:os';
import { seededRandom } from '@plugin-center/server';
import { percentile, textTable } from './load';
import { type BenchPrefix, type BenchQuery, mixSummary, searchQueries, suggestPrefixes } from './queries';
import { startServer, stopServer } from './server';

/** Figures of one pass: latencies in ms. */
export interface PassResult {
  name: string;
  requests: number;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  /** Responses other than 200, and requests that failed or timed out. */
  failed: number;
  /** Searches answered with no plugin at all (search passes only). */
  empty?: number;
}

/** Options of {@link benchSearch}. */
export interface SearchBenchOptions {
  /** Plugins in the data set (printed). */
  size: number;
  /** Requests in flight at any time. */
  concurrency: number;
  /** Distinct search queries in the mix (default 4,000; fewer for a quick try). */
  queries?: number;
  /** Queries whose pages 2…6 are followed (default 200). */
  deepSample?: number;
  /** Pages followed after the first (default 5). */
  deepPages?: number;
  /** Time limit of each pass, s (default 240): a pass stops sending then, and says so. */
  passSeconds?: number;
}

interface Answer {
  status: number;
  body: string;
  ms: number;
}

const TIMEOUT_MS = 30_000;
const SUGGEST_PATH = '/api/cmt/plugin/suggest';

function get(agent: Agent, port: number, path: string): Promise<Answer> {
  return new Promise((resolve) => {
    const started = performance.now();
    const req = request({ host: '127.0.0.1', port, path, agent, timeout: TIMEOUT_MS }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          body: Buffer.concat(chunks).toString('utf8'),
          ms: performance.now() - started,
        }),
      );
    });
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', () => resolve({ status: 0, body: '', ms: performance.now() - started }));
    req.end();
  });
}

/**
 * Sends every path of `paths` once, `concurrency` at a time, and returns the latencies in the
 * order of `paths`, with each answer handed to `onAnswer`.
 */
async function pass(
  port: number,
  paths: readonly string[],
  concurrency: number,
  limitSeconds: number,
  onAnswer?: (index: number, answer: Answer) => void,
): Promise<Run> {
  const agent = new Agent({ keepAlive: true, maxSockets: concurrency });
  const latencies = new Array<number>(paths.length);
  let next = 0;
  let failed = 0;
  const started = performance.now();
  const deadline = started + limitSeconds * 1000;
  const worker = async () => {
    while (next < paths.length && performance.now() < deadline) {
      const i = next++;
      const answer = await get(agent, port, paths[i]!);
      latencies[i] = answer.ms;
      if (answer.status !== 200) failed++;
      onAnswer?.(i, answer);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  agent.destroy();
  const seconds = (performance.now() - started) / 1000;
  return { latencies, seconds, failed, of: paths.length };
}

/** What a pass measured: latencies by request (holes where the time limit stopped it). */
interface Run {
  latencies: number[];
  seconds: number;
  failed: number;
  /** Requests the pass had to send. */
  of: number;
}

function summarise(name: string, run: Run, empty?: number): PassResult {
  const sorted = run.latencies.filter((ms) => ms !== undefined).sort((a, b) => a - b);
  const stopped = sorted.length < run.of ? ` (${sorted.length} of ${run.of}: time limit)` : '';
  return {
    name: name + stopped,
    requests: sorted.length,
    rps: sorted.length / run.seconds,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    max: sorted[sorted.length - 1] ?? Number.NaN,
    failed: run.failed,
    empty,
  };
}

/** Formats pass results as an aligned text table. */
export function formatPasses(title: string, rows: readonly PassResult[]): string {
  const head = ['pass', 'requests', 'req/s', 'p50 ms', 'p95 ms', 'p99 ms', 'max ms', 'failed', 'no result'];
  const body = rows.map((r) => [
    r.name,
    String(r.requests),
    r.rps.toFixed(0),
    r.p50.toFixed(2),
    r.p95.toFixed(2),
    r.p99.toFixed(2),
    r.max.toFixed(1),
    String(r.failed),
    r.empty === undefined ? '' : String(r.empty),
  ]);
  return textTable(title, head, body);
}

function searchPath(q: BenchQuery, cursor?: string): string {
  const params = new URLSearchParams({ keyword: q.q, lang: q.lang, page_size: '20' });
  if (cursor) params.set('cursor', cursor);
  return `/api/cmt/plugin/list?${params}`;
}

function suggestPath(p: BenchPrefix): string {
  return `${SUGGEST_PATH}?${new URLSearchParams({ q: p.q, lang: p.lang })}`;
}

interface ListBody {
  data?: { plugin_list?: unknown[]; next_cursor?: string | null };
}

function parseList(body: string): { count: number; cursor: string | null } {
  try {
    const data = (JSON.parse(body) as ListBody).data;
    return { count: data?.plugin_list?.length ?? 0, cursor: data?.next_cursor ?? null };
  } catch {
    return { count: 0, cursor: null };
  }
}

/** A deterministic stream of `length` requests over `paths`, Zipf-skewed (rank r weighs 1/r). */
function zipfStream(paths: readonly string[], length: number, seed = 7): string[] {
  const random = seededRandom(seed);
  const cumulative: number[] = [];
  let sum = 0;
  for (let r = 1; r <= paths.length; r++) {
    sum += 1 / r;
    cumulative.push(sum);
  }
  return Array.from({ length }, () => {
    const x = random() * sum;
    let lo = 0;
    let hi = cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cumulative[mid]! < x) lo = mid + 1;
      else hi = mid;
    }
    return paths[lo]!;
  });
}

/**
 * Runs the long-tail search passes for one dialect: a server with `env` and the read cache off
 * (search first pages, deep pages, suggestions), then one with the read cache on (the same distinct
 * first pages, and a Zipf-skewed stream of them with the hit ratio the server's 1 s answer cache can
 * have given). Prints the mix and the tables; a 404 on the suggest route prints "suggest: endpoint
 * missing" instead of figures.
 */
export async function benchSearch(
  dialect: string,
  env: NodeJS.ProcessEnv,
  options: SearchBenchOptions,
): Promise<PassResult[]> {
  const { size, concurrency, deepSample = 200, deepPages = 5, passSeconds = 240 } = options;
  const queries = searchQueries(13, options.queries ?? 4000);
  const prefixes = suggestPrefixes();
  console.log(
    `\nsearch mix: ${queries.length} distinct queries (${mixSummary(queries)}); ` +
      `${prefixes.length} distinct suggest prefixes (${prefixes.filter((p) => p.lang === 'zh-CN').length} Chinese)`,
  );
  // Other processes on the machine change every figure: say how busy it was.
  const load = () => `load average ${loadavg()[0]!.toFixed(2)} on ${cpus().length} CPUs`;
  console.log(`${dialect}: before the passes, ${load()}`);
  const firstPaths = queries.map((q) => searchPath(q));
  const results: PassResult[] = [];

  const off = await startServer({ ...env, READ_CACHE: 'off' });
  try {
    // Warm-up, not counted: the first 100 queries of a different seed's mix.
    await pass(
      off.port,
      searchQueries(99, 100).map((q) => searchPath(q)),
      concurrency,
      60,
    );

    const cursors = new Array<string | null>(queries.length).fill(null);
    let empty = 0;
    const emptyAt = new Array<boolean>(queries.length).fill(false);
    const first = await pass(off.port, firstPaths, concurrency, passSeconds, (i, a) => {
      const { count, cursor } = parseList(a.body);
      if (count === 0) empty++;
      emptyAt[i] = count === 0;
      cursors[i] = cursor;
    });
    results.push(summarise('search, first page (20), cache off', first, empty));
    // The same pass by kind of query, to see which kinds are slow.
    const kinds = [...new Set(queries.map((q) => q.kind))].sort();
    const byKind = kinds.map((kind) => {
      const at = queries.flatMap((q, i) => (q.kind === kind ? [i] : []));
      return summarise(
        `  ${kind}`,
        { latencies: at.map((i) => first.latencies[i]!), seconds: first.seconds, failed: 0, of: at.length },
        at.filter((i) => emptyAt[i]).length,
      );
    });
    console.log(
      formatPasses(`${dialect} — search first page by kind, cache off (req/s: share of the pass)`, byKind),
    );

    // Deep pages: the first `deepSample` queries (in mix order) that have a second page, followed
    // `deepPages` pages deep; every chain runs its pages in order, `concurrency` chains at a time.
    const chains = queries
      .map((q, i) => ({ q, cursor: cursors[i] }))
      .filter((c): c is { q: BenchQuery; cursor: string } => c.cursor !== null)
      .slice(0, deepSample);
    const deep: number[] = [];
    let deepFailed = 0;
    const agent = new Agent({ keepAlive: true, maxSockets: concurrency });
    const started = performance.now();
    let nextChain = 0;
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (nextChain < chains.length && performance.now() < started + passSeconds * 1000) {
          let { q, cursor } = chains[nextChain++]!;
          for (let page = 0; page < deepPages && cursor; page++) {
            const a = await get(agent, off.port, searchPath(q, cursor));
            deep.push(a.ms);
            if (a.status !== 200) deepFailed++;
            cursor = parseList(a.body).cursor ?? '';
          }
        }
      }),
    );
    agent.destroy();
    results.push(
      summarise(`search, pages 2-${deepPages + 1} of ${chains.length} queries, cache off`, {
        latencies: deep,
        seconds: (performance.now() - started) / 1000,
        failed: deepFailed,
        of: deep.length,
      }),
    );

    const probe = await get(new Agent(), off.port, suggestPath(prefixes[0]!));
    if (probe.status === 404) {
      console.log(`${dialect}: suggest: endpoint missing (GET ${SUGGEST_PATH} answered 404)`);
    } else {
      const suggest = await pass(off.port, prefixes.map(suggestPath), concurrency, passSeconds);
      results.push(summarise('suggest, cache off', suggest));
    }
  } finally {
    await stopServer(off.child);
  }

  const on = await startServer({ ...env, READ_CACHE: 'on' });
  try {
    await pass(
      on.port,
      searchQueries(99, 100).map((q) => searchPath(q)),
      concurrency,
      60,
    );
    const again = await pass(on.port, firstPaths, concurrency, passSeconds);
    results.push(summarise('search, first page, cache on (distinct)', again));
    // The same mix with a popular head: 4,000 requests, query r drawn with weight 1/r. A request
    // counts as a possible hit when the same path was answered less than LIST_RESULT_TTL_MS (1 s)
    // before it was sent: the server exposes no hit counter, so this is the client's upper bound.
    const stream = zipfStream(firstPaths, firstPaths.length);
    const sentAt = new Array<number>(stream.length);
    const answeredAt = new Map<string, number>();
    let hits = 0;
    const skewed = await pass(on.port, stream, concurrency, passSeconds, (i, a) => {
      sentAt[i] = performance.now() - a.ms;
      const last = answeredAt.get(stream[i]!);
      if (last !== undefined && sentAt[i]! >= last && sentAt[i]! - last < 1000) hits++;
      answeredAt.set(stream[i]!, performance.now());
    });
    const sent = stream.filter((_, i) => skewed.latencies[i] !== undefined);
    const distinct = new Set(sent).size;
    results.push(summarise('search, first page, cache on (Zipf stream)', skewed));
    console.log(
      formatPasses(
        `${dialect} — search, long tail: ${size} plugins, concurrency ${concurrency}, each query once a pass`,
        results,
      ),
    );
    console.log(`${dialect}: after the passes, ${load()}`);
    console.log(
      `${dialect}, read cache on: distinct pass hit ratio 0 % (no key repeats); Zipf stream of ${sent.length} requests over ` +
        `${distinct} distinct queries: repeated keys ${(((sent.length - distinct) / sent.length) * 100).toFixed(1)} %, ` +
        `repeated within the 1 s answer TTL ${((hits / sent.length) * 100).toFixed(1)} % (the hit ratio, estimated by the client: the server exposes no counter)`,
    );
  } finally {
    await stopServer(on.child);
  }
  return results;
}
