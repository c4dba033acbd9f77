/**
 * The benchmarks' server processes: a free port on 127.0.0.1, the built server
 * (`packages/server/dist/cli.js start`, `NODE_ENV=production`) in its own process until `/healthz`
 * answers, a plain Node `http` server answering fixed bytes (the machine's limit), and a clean stop.
 * Used by `bench/run.ts`, `bench/scaleLoad.ts` and `bench/ingest.ts`.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The built CLI of `@plugin-center/server` (run `pnpm build` first; `BENCH_SERVER_CLI` names another build, e.g. of an older commit, to compare). */
export const SERVER_CLI =
  process.env.BENCH_SERVER_CLI ??
  join(dirname(fileURLToPath(import.meta.url)), '..', 'packages/server/dist/cli.js');

/** A free TCP port on 127.0.0.1. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

/**
 * Starts `cli start` (a `.ts` entry runs through tsx) on 127.0.0.1 with `env` over the current
 * environment, in production mode, and waits until `GET /healthz` answers 200. With
 * `BENCH_CPU_PROF=<folder>` the server runs under `node --cpu-prof` and writes its CPU profile
 * into that folder when it stops (open it in Chrome DevTools).
 *
 * @throws Error when the process exits first or is not healthy within 120 s.
 */
export async function startServer(
  env: NodeJS.ProcessEnv,
  cli: string = SERVER_CLI,
): Promise<{ port: number; child: ChildProcess }> {
  const port = await freePort();
  const profile = process.env.BENCH_CPU_PROF
    ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`]
    : [];
  const args = [...profile, ...(cli.endsWith('.ts') ? ['--import', 'tsx', cli, 'start'] : [cli, 'start'])];
  const child = spawn(process.execPath, args, {
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', NODE_ENV: 'production' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    const ok = await fetch(`http://127.0.0.1:${port}/healthz`)
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) return { port, child };
    await new Promise((r) => setTimeout(r, 200));
  }
  child.kill();
  throw new Error('server did not become healthy in 120 s');
}

/** Stops a server process (SIGTERM) and waits for it to exit. */
export async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  await new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

/**
 * A plain `http` server in its own process answering every request with `body` (as `contentType`):
 * what this machine serves when a request costs nothing but its bytes. Stop it with {@link stopServer}.
 */
export async function startPlainServer(
  body: Buffer,
  contentType: string,
): Promise<{ port: number; child: ChildProcess }> {
  const port = await freePort();
  const file = join(tmpdir(), `plugin-center-plain-${process.pid}.bin`);
  writeFileSync(file, body);
  const source = `
    const http = require('node:http');
    const body = require('node:fs').readFileSync(${JSON.stringify(file)});
    http.createServer((req, res) => {
      res.writeHead(200, { 'content-type': ${JSON.stringify(contentType)}, 'content-length': body.length });
      res.end(body);
    }).listen(${port}, '127.0.0.1', () => process.stdout.write('ready\\n'));`;
  const child = spawn(process.execPath, ['-e', source], { stdio: ['ignore', 'pipe', 'inherit'] });
  await new Promise<void>((resolve) => child.stdout!.once('data', () => resolve()));
  return { port, child };
}
