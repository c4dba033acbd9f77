/**
 * The `/metrics` of every process of a server, in the bench: the workers of a cluster
 * (`WEB_CONCURRENCY`) share one port and each answers `/metrics` for itself, with its own counters.
 * A scrape goes over a new connection; the process holding the server end of that connection (found
 * in /proc/net/tcp and the processes' open files: Linux only) is the one that answered. Scrapes are
 * repeated until every process has answered one.
 */
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { METRICS_TOKEN, parseCacheCounters } from './scaleLoad';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Where a symbolic link points, '' when it cannot be read (a file closed meanwhile). */
function linkOf(path: string): string {
  try {
    return readlinkSync(path);
  } catch {
    return '';
  }
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

/** The process among `pids` holding the server end of the loopback connection from `clientPort` to `serverPort`. */
function connectionOwner(
  clientPort: number,
  serverPort: number,
  pids: readonly number[],
): number | undefined {
  const hex = (port: number) => `:${port.toString(16).toUpperCase().padStart(4, '0')}`;
  const entry = readFileSync('/proc/net/tcp', 'utf8')
    .split('\n')
    .map((line) => line.trim().split(/\s+/))
    .find((f) => f[1]?.endsWith(hex(serverPort)) && f[2]?.endsWith(hex(clientPort)));
  if (!entry) return undefined;
  const socket = `socket:[${entry[9]}]`;
  for (const pid of pids) {
    for (const fd of readdirSync(`/proc/${pid}/fd`)) {
      if (linkOf(`/proc/${pid}/fd/${fd}`) === socket) return pid;
    }
  }
  return undefined;
}

/** `GET /metrics` over a new connection: the text and which of `pids` answered it. */
function scrapeOnce(port: number, pids: readonly number[]): Promise<{ pid?: number; text: string }> {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        path: '/metrics',
        agent,
        headers: { authorization: `Bearer ${METRICS_TOKEN}` },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          text += chunk;
        });
        res.on('end', () => {
          // The connection is still open (kept alive): its server end names the process.
          const pid = connectionOwner(req.socket!.localPort!, port, pids);
          agent.destroy();
          if (res.statusCode !== 200) reject(new Error(`/metrics answered ${res.statusCode}`));
          else resolve({ pid, text });
        });
      },
    );
    req.on('error', (error) => {
      agent.destroy();
      reject(error);
    });
    req.end();
  });
}

/**
 * The `/metrics` text of every process in `pids`, all serving `port`: new connections until each
 * has answered one (a cluster's primary hands connections to its workers in turn).
 *
 * @throws Error when some process has not answered within 30 s.
 */
export async function scrapeEach(port: number, pids: readonly number[]): Promise<Map<number, string>> {
  const texts = new Map<number, string>();
  const deadline = Date.now() + 30_000;
  while (texts.size < pids.length) {
    if (Date.now() > deadline)
      throw new Error(`/metrics: ${texts.size} of ${pids.length} processes answered`);
    const { pid, text } = await scrapeOnce(port, pids);
    if (pid === undefined || texts.has(pid)) await sleep(50);
    else texts.set(pid, text);
  }
  return texts;
}

/** The read-cache counters of {@link parseCacheCounters}, summed over every process in `pids`. */
export async function cacheCountersOf(port: number, pids: readonly number[]): Promise<Map<string, number>> {
  const sum = new Map<string, number>();
  for (const text of (await scrapeEach(port, pids)).values()) {
    for (const [key, value] of parseCacheCounters(text)) sum.set(key, (sum.get(key) ?? 0) + value);
  }
  return sum;
}

/**
 * The processes that answer the requests of the server started as `pid`: the workers of a cluster
 * of `processes` (once all are running, its children in /proc), else the process itself.
 *
 * @throws Error when the workers are not all running within 60 s.
 */
export async function servingPids(pid: number, processes: number): Promise<number[]> {
  if (processes === 1) return [pid];
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const workers = childPids(pid);
    if (workers.length === processes) return workers;
    await sleep(100);
  }
  throw new Error(`${processes} workers did not start within 60 s`);
}
