/**
 * A real server process for the tests that need more than `inject()` (several processes, the
 * cluster): `cli.ts start` through tsx on the sources (no build needed), listening on 127.0.0.1.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

const CLI = fileURLToPath(new URL('../cli.ts', import.meta.url));

/** A free TCP port on 127.0.0.1. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

/** A started `plugin-center start` process and what it has written so far. */
export interface ServerProcess {
  child: ChildProcess;
  /** Everything the process wrote to stdout and stderr, in order of arrival. */
  output(): string;
}

/**
 * Spawns `plugin-center start` on `port` in production mode with `env` over the test's own
 * environment (`PORT`, `HOST` and `NODE_ENV` set here). Resolves at once: the caller waits for what
 * it needs (`/healthz`, a line of the output).
 */
export function spawnServerProcess(port: number, env: NodeJS.ProcessEnv): ServerProcess {
  const child = spawn(
    process.execPath,
    ['--conditions=@plugin-center/source', '--import', 'tsx', CLI, 'start'],
    {
      env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', NODE_ENV: 'production', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  const collect = (chunk: Buffer) => {
    output += chunk.toString('utf8');
  };
  child.stdout!.on('data', collect);
  child.stderr!.on('data', collect);
  return { child, output: () => output };
}
