/**
 * A Redis server of a test's own (`/usr/bin/redis-server` on a free port of 127.0.0.1, no RDB, no
 * AOF), which the test can kill and start again on the same port (it comes back empty).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { Socket } from 'node:net';
import { freePort } from './testServerProcess';

/** The binary the tests start. */
export const REDIS_SERVER = '/usr/bin/redis-server';

/** Whether Redis at `port` answers PING within 500 ms. */
function pings(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = new Socket();
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(500, () => done(false));
    socket.once('error', () => done(false));
    socket.once('data', (data) => done(data.toString().startsWith('+PONG')));
    socket.connect(port, '127.0.0.1', () => socket.write('PING\r\n'));
  });
}

/** One test Redis: {@link start} it, {@link kill} it (SIGKILL), start it again. */
export class TestRedis {
  private child: ChildProcess | undefined;

  private constructor(readonly port: number) {}

  /** A test Redis on a free port (not started yet). */
  static async create(): Promise<TestRedis> {
    return new TestRedis(await freePort());
  }

  /** `redis://127.0.0.1:<port>`. */
  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  /** Starts the server and waits until it answers PING. @throws Error after 10 s without an answer. */
  async start(): Promise<void> {
    this.child = spawn(
      REDIS_SERVER,
      ['--port', String(this.port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      { stdio: 'ignore' },
    );
    const deadline = Date.now() + 10_000;
    while (Date.now() < deadline) {
      if (await pings(this.port)) return;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error('redis-server did not answer within 10 s');
  }

  /** Kills the server (SIGKILL: no goodbye to the clients) and waits for it to exit. */
  async kill(): Promise<void> {
    const running = this.child;
    if (!running || running.exitCode !== null || running.signalCode !== null) return;
    await new Promise<void>((resolve) => {
      running.once('exit', () => resolve());
      running.kill('SIGKILL');
    });
  }
}
