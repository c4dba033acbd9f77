/**
 * Several server processes on one machine (`WEB_CONCURRENCY`, the variable Heroku, Render and
 * gunicorn-style servers read for it): Node's `cluster` module. The primary process prepares the
 * database once (migrations, search index, secrets and signing keys, the first catalogue import:
 * everything `buildApp` does before it serves, which two processes must not race to do), then starts
 * the workers; each worker is a whole server (`buildApp` + `listen`) and the primary shares the
 * listening socket among them (round-robin). The primary serves nothing itself.
 *
 * A worker that dies is started again after {@link RESTART_DELAY_MS}; more than
 * {@link MAX_RESTARTS} deaths in {@link RESTART_WINDOW_MS} stop the whole server (exit code 1), as a
 * crash loop would otherwise hide. `SIGTERM`/`SIGINT` to the primary are passed to every worker,
 * which finish their requests and exit; the primary exits when they all have (code 0).
 *
 * What the workers share beyond the database goes through Redis (`REDIS_URL`, `shared/coordination.ts`),
 * which is why more than one process needs it (`loadConfig` refuses otherwise).
 */
import cluster, { type Worker } from 'node:cluster';
import { serveClusterMetrics } from './clusterMetrics';

/** Wait before starting again a worker that died, ms. */
export const RESTART_DELAY_MS = 1000;
/** Window over which worker deaths are counted, ms. */
export const RESTART_WINDOW_MS = 60_000;
/** Most worker deaths in {@link RESTART_WINDOW_MS} before the primary gives up. */
export const MAX_RESTARTS = 5;

/** Whether this process is a worker started by {@link runPrimary}. */
export const isClusterWorker = (): boolean => cluster.isWorker;

/** Options of {@link runPrimary}. */
export interface PrimaryOptions {
  /** Worker processes to keep running (≥ 2). */
  workers: number;
  /** The one-time preparation, awaited before the first worker starts. */
  prepare: () => Promise<void>;
  /** Where the primary writes its lines (start, deaths, shutdown). */
  write: (line: string) => void;
}

/**
 * Runs this process as the primary: {@link PrimaryOptions.prepare}, then `workers` workers running
 * this same script with the same arguments and environment, restarted when they die (see the module
 * comment), and the primary gathers the workers' metrics for a scrape of any one of them
 * (`clusterMetrics.ts`). Resolves when the workers are listening; the process then lives until a signal or a crash
 * loop ends it.
 */
export async function runPrimary(options: PrimaryOptions): Promise<void> {
  await options.prepare();
  serveClusterMetrics();
  let stopping = false;
  const deaths: number[] = [];
  const start = (): Worker => {
    const worker = cluster.fork();
    worker.on('exit', (code, signal) => {
      if (stopping) return;
      const now = Date.now();
      deaths.push(now);
      while (deaths.length > 0 && deaths[0]! < now - RESTART_WINDOW_MS) deaths.shift();
      options.write(`worker ${worker.process.pid} exited (${signal ?? `code ${code}`})`);
      if (deaths.length > MAX_RESTARTS) {
        options.write(`${deaths.length} worker exits in ${RESTART_WINDOW_MS / 1000} s: stopping`);
        stopAll(1);
        return;
      }
      setTimeout(() => {
        if (!stopping) start();
      }, RESTART_DELAY_MS).unref();
    });
    return worker;
  };
  const stopAll = (code: number) => {
    stopping = true;
    const workers = Object.values(cluster.workers ?? {}).filter((w): w is Worker => w !== undefined);
    if (workers.length === 0) process.exit(code);
    let left = workers.length;
    for (const w of workers) {
      w.once('exit', () => {
        left -= 1;
        if (left === 0) process.exit(code);
      });
      w.process.kill('SIGTERM');
    }
  };
  const listening = Array.from(
    { length: options.workers },
    () => new Promise<void>((resolve) => start().once('listening', () => resolve())),
  );
  process.once('SIGTERM', () => stopAll(0));
  process.once('SIGINT', () => stopAll(0));
  await Promise.all(listening);
}
