/**
 * Load generation for the benchmarks: autocannon drives HTTP/1.1 keep-alive connections against a
 * server on loopback; every response's latency is recorded so exact p50/p95/p99 can be printed
 * (autocannon's own summary has no p95). Bounded in time; only 127.0.0.1 is ever targeted.
 */
import autocannon from 'autocannon';

/** One load scenario: a name and the request paths to rotate through. */
export interface Scenario {
  name: string;
  paths: string[];
}

/** Figures of one run: latencies in ms, throughput in requests per second. */
export interface LoadResult {
  name: string;
  requests: number;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  errors: number;
  non2xx: number;
}

/** The nearest-rank percentile `p` (0–100) of ascending `sorted` values; NaN when empty. */
export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)]!;
}

/**
 * Runs `scenario` against `http://127.0.0.1:<port>` for `seconds` with `connections` concurrent
 * keep-alive connections, after a 1 s warm-up that is not counted; `onStart` (when given) runs
 * between the warm-up and the measured run (to read counters the run is compared with). The paths
 * are asked in turn, the run continuing where the warm-up stopped (a path comes back only once the
 * whole list has been asked).
 */
export async function runLoad(
  port: number,
  scenario: Scenario,
  {
    seconds = 6,
    connections = 8,
    onStart,
  }: { seconds?: number; connections?: number; onStart?: () => Promise<void> } = {},
): Promise<LoadResult> {
  const url = `http://127.0.0.1:${port}`;
  // One rotation for the warm-up and the run: the run goes on from the path after the warm-up's
  // last, so it does not ask again (and find in the read cache) what the warm-up just asked.
  let next = 0;
  const rotate = () => (req: autocannon.Request) => {
    req.path = scenario.paths[next++ % scenario.paths.length]!;
    return req;
  };
  await autocannon({ url, connections, duration: 1, requests: [{ setupRequest: rotate() }] });
  await onStart?.();

  const latencies: number[] = [];
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      { url, connections, duration: seconds, requests: [{ setupRequest: rotate() }] },
      (error, res) => (error ? reject(error) : resolve(res)),
    );
    instance.on('response', (_client, _status, _bytes, responseTime) => {
      latencies.push(responseTime);
    });
  });
  latencies.sort((a, b) => a - b);
  return {
    name: scenario.name,
    requests: result.requests.total,
    rps: result.requests.total / seconds,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

/** Formats results as an aligned text table. */
export function formatTable(title: string, rows: LoadResult[]): string {
  const head = ['scenario', 'req/s', 'p50 ms', 'p95 ms', 'p99 ms', 'errors', 'non-2xx'];
  const body = rows.map((r) => [
    r.name,
    r.rps.toFixed(0),
    r.p50.toFixed(2),
    r.p95.toFixed(2),
    r.p99.toFixed(2),
    String(r.errors),
    String(r.non2xx),
  ]);
  return textTable(title, head, body);
}

/**
 * An aligned text table: `title` on a line of its own after a blank one, the `head` cells, a rule,
 * then each row of `body`; the first column left-aligned, the others right-aligned.
 */
export function textTable(title: string, head: readonly string[], body: readonly string[][]): string {
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((b) => b[i]!.length)));
  const line = (cells: readonly string[]) =>
    cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  return [`\n${title}`, line(head), line(widths.map((w) => '-'.repeat(w))), ...body.map(line)].join('\n');
}
