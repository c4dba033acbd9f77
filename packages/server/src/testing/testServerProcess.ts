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

/** A server process started by {@link startServerProcess}, answering on `origin`. */
export interface RunningServer extends ServerProcess {
  /** `http://127.0.0.1:<port>`. */
  origin: string;
  port: number;
}

/**
 * Starts `plugin-center start` on `port` (default a free one) with `env` and resolves once
 * `GET /healthz` answers 200 (polled every 100 ms, for at most `timeoutMs`, default 120 s).
 * @throws when the process exits first, or is not healthy in time (with what it wrote)
 */
export async function startServerProcess(
  env: NodeJS.ProcessEnv,
  port?: number,
  timeoutMs = 120_000,
): Promise<RunningServer> {
  const listen = port ?? (await freePort());
  const started = spawnServerProcess(listen, env);
  const server = { ...started, origin: `http://127.0.0.1:${listen}`, port: listen };
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.child.exitCode !== null)
      throw new Error(`server exited with ${server.child.exitCode}: ${server.output()}`);
    const ok = await fetch(`${server.origin}/healthz`)
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) return server;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  server.child.kill('SIGKILL');
  throw new Error(`server not healthy within ${timeoutMs} ms: ${server.output()}`);
}

/**
 * Stops a server process with `signal` (default SIGTERM, a graceful stop; SIGKILL: a crash) and
 * resolves once it has exited. Nothing happens for one that already exited.
 */
export async function stopServerProcess(
  server: ServerProcess,
  signal: NodeJS.Signals = 'SIGTERM',
): Promise<void> {
  const { child } = server;
  if (child.exitCode !== null || child.signalCode !== null) return;
  await new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.kill(signal);
  });
}

/** An answer of {@link callServer}: the HTTP status and the envelope's `data` (or the raw text). */
export interface ServerReply {
  status: number;
  data: unknown;
}

/** A JSON call to a server over HTTP, with a bearer token when given. */
export async function callServer(
  origin: string,
  method: string,
  path: string,
  options: { token?: string; body?: unknown } = {},
): Promise<ServerReply> {
  const res = await fetch(origin + path, {
    method,
    headers: {
      ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
    },
    ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
  });
  const text = await res.text();
  let parsed: { data?: unknown } | undefined;
  try {
    parsed = JSON.parse(text) as { data?: unknown };
  } catch {
    parsed = undefined;
  }
  return { status: res.status, data: parsed?.data ?? text };
}

/** The tokens of a session opened by {@link signInOverHttp}. */
export interface SessionTokens {
  access: string;
  refresh: string;
}

/**
 * Signs in on the server at `origin` with a password (without one, signs up with a fixed test
 * password) and exchanges the login code there, as the login page does.
 * @throws when the server refuses either step
 */
export async function signInOverHttp(
  origin: string,
  email: string,
  password?: string,
): Promise<SessionTokens> {
  const first = await callServer(origin, 'POST', `/api/uc/user/${password ? 'login' : 'sign_up'}`, {
    body: { email, password: password ?? 'multi-process password', redirect_uri: '/plugins/' },
  });
  if (first.status !== 200) throw new Error(`sign-in refused: ${first.status} ${JSON.stringify(first.data)}`);
  const code = /code=([A-Za-z0-9_-]+)/.exec(JSON.stringify(first.data))?.[1];
  const exchange = await callServer(
    origin,
    'GET',
    `/api/uc/user/login/code/user?code=${code}&redirect_uri=${encodeURIComponent('/plugins/')}`,
  );
  if (exchange.status !== 200) throw new Error(`code exchange refused: ${exchange.status}`);
  const data = exchange.data as { access_token: string; refresh_token: string };
  return { access: data.access_token, refresh: data.refresh_token };
}
