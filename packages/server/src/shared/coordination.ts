/**
 * What several server processes on one database share through Redis (`REDIS_URL`, ioredis): the
 * invalidation messages of `db/changes.ts` (pub/sub), the rate-limit counters of
 * `shared/rateLimit.ts` and the per-account publish lock of `publishing/quotas.ts`
 * ({@link Coordination.withLock}). Without `REDIS_URL` there is no coordination and every process keeps its
 * own state, as a single process always did.
 *
 * Redis is a helper, never a dependency of an answer: commands fail fast while it is unreachable
 * (no offline queue, a {@link COMMAND_TIMEOUT_MS} timeout), the callers then fall back to what one
 * process does alone (a rate limit counted in this process, other processes' writes seen when a
 * cache entry's TTL ends), one warning is logged per outage, ioredis reconnects by itself
 * (every {@link RECONNECT_MAX_MS} at most) and the first `ready` after an outage is logged and
 * reported to the subscribers (`onResync`: messages published meanwhile were lost).
 *
 * Two connections per process: one for commands (publish, rate-limit scripts) and one in
 * subscriber mode (Redis refuses other commands on a subscribed connection).
 */
import { randomUUID } from 'node:crypto';
import { resolve } from 'node:path';
import { Redis } from 'ioredis';
import type { Database } from '../db/database';

/** Most time a Redis command may take before the caller falls back to local behaviour, ms. */
export const COMMAND_TIMEOUT_MS = 500;
/** Longest wait between two reconnection attempts, ms (attempt n waits min(50·n, this)). */
export const RECONNECT_MAX_MS = 1000;
/** How long a lock of {@link Coordination.withLock} lives without renewal, ms. */
export const LOCK_TTL_MS = 15_000;
/** How often a process waiting for a lock tries again, ms. */
export const LOCK_POLL_MS = 25;
/** Deletes the lock only when it still holds this process's token. */
const RELEASE_SCRIPT = `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end return 0`;
/** Extends the lock only when it still holds this process's token. */
const RENEW_SCRIPT = `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('PEXPIRE', KEYS[1], ARGV[2]) end return 0`;
/** Longest time a connection attempt may take, ms. */
const CONNECT_TIMEOUT_MS = 2000;

/**
 * Where {@link Coordination} reports outages and recoveries (a pino logger fits). Both are
 * warnings, so that the line saying Redis is back shows wherever the outage showed (production
 * logs at `warn`).
 */
export interface CoordinationLog {
  warn(object: object, message: string): void;
}

/** Options of {@link Coordination}. */
export interface CoordinationOptions {
  /** `REDIS_URL`: `redis://[user:password@]host:port[/db]` or `rediss://` (TLS). */
  url: string;
  /** `REDIS_KEY_PREFIX`: prepended to every key and channel (default `plugin-center:`). */
  keyPrefix: string;
  /** Outages and recoveries, one line each (default: nowhere). */
  log?: CoordinationLog;
}

/** A subscription of {@link Coordination.subscribe}. */
export interface Subscription {
  /** A message published on the channel by another process (messages of this process are skipped). */
  onMessage(message: string): void;
  /**
   * The subscription is (again) in place after the connection was down or not yet up: messages
   * published meanwhile were lost, so the subscriber must assume everything changed.
   */
  onResync(): void;
}

/**
 * One process's connections to Redis (see the module comment). `available` says whether commands
 * can be sent now; callers check it and fall back to local behaviour when it is false.
 */
export class Coordination {
  /** The connection for commands (publish, scripts). Check {@link available} first. */
  readonly client: Redis;
  /** `REDIS_KEY_PREFIX`. */
  readonly keyPrefix: string;
  /** Unique id of this process's coordination: its own published messages are skipped. */
  readonly origin = randomUUID();
  private readonly subscriber: Redis;
  private readonly subscriptions = new Map<string, Subscription[]>();
  private readonly log: CoordinationLog | undefined;
  /** Whether the current outage (or the first connection failure) was already logged. */
  private outageLogged = false;
  /** Whether the command connection was ready once (a later `ready` is a recovery). */
  private wasReady = false;
  /**
   * Times the subscriptions were put in place: once at start, then once after each outage
   * (`plugin_center_redis_resyncs_total`).
   */
  resyncs = 0;
  /** Messages of other processes received on any channel. */
  received = 0;

  constructor(options: CoordinationOptions) {
    this.keyPrefix = options.keyPrefix;
    this.log = options.log;
    const common = {
      connectTimeout: CONNECT_TIMEOUT_MS,
      retryStrategy: (times: number) => Math.min(times * 50, RECONNECT_MAX_MS),
      // Commands fail at once while disconnected instead of waiting in a queue: the caller falls back.
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      lazyConnect: false,
    };
    this.client = new Redis(options.url, { ...common, commandTimeout: COMMAND_TIMEOUT_MS });
    this.subscriber = new Redis(options.url, { ...common, autoResubscribe: false });
    this.client.on('error', (error: Error) => this.outage(error));
    this.subscriber.on('error', (error: Error) => this.outage(error));
    this.client.on('ready', () => {
      if (this.wasReady || this.outageLogged)
        this.log?.warn({}, 'Redis is reachable again: shared state back on');
      this.wasReady = true;
      this.outageLogged = false;
    });
    this.client.on('close', () => this.outage(new Error('connection closed')));
    this.subscriber.on('ready', () => void this.resubscribe());
    this.subscriber.on('message', (channel: string, message: string) => this.deliver(channel, message));
  }

  /** Whether commands can be sent now (the command connection is up). */
  get available(): boolean {
    return this.client.status === 'ready';
  }

  /** Whether both connections are up and the subscriptions in place. */
  get healthy(): boolean {
    return this.available && this.subscriber.status === 'ready';
  }

  /**
   * Publishes `message` on `channel` (prefixed) to the other processes, fire and forget: while Redis
   * is unreachable nothing is sent (the others' caches then see the change when their TTL ends).
   */
  publish(channel: string, message: string): void {
    if (!this.available) return;
    this.client
      .publish(this.keyPrefix + channel, `${this.origin} ${message}`)
      .catch((error: unknown) => this.outage(error as Error));
  }

  /** Receives the messages of other processes on `channel` (prefixed); see {@link Subscription}. */
  subscribe(channel: string, subscription: Subscription): void {
    const name = this.keyPrefix + channel;
    const list = this.subscriptions.get(name) ?? [];
    list.push(subscription);
    this.subscriptions.set(name, list);
    if (this.subscriber.status === 'ready') void this.resubscribe();
  }

  /**
   * Runs `task` while holding the lock `name` (prefixed `lock:`) across processes: `SET NX PX` with
   * a random token, renewed every third of {@link LOCK_TTL_MS} while the task runs, released by a
   * compare-and-delete (a lock that expired and was taken by another process is left alone). Waits
   * for a lock another process holds, polling every {@link LOCK_POLL_MS}; a holder that died frees it
   * within {@link LOCK_TTL_MS}. While Redis is unreachable (or a command fails) the task runs without
   * the lock: the callers keep their in-process exclusion, and an answer never waits for Redis.
   * @returns the task's result (its error propagates)
   */
  async withLock<T>(name: string, task: () => Promise<T>): Promise<T> {
    const key = `${this.keyPrefix}lock:${name}`;
    const token = randomUUID();
    let held = false;
    const deadline = Date.now() + LOCK_TTL_MS + COMMAND_TIMEOUT_MS;
    while (this.available && Date.now() < deadline) {
      try {
        held = (await this.client.set(key, token, 'PX', LOCK_TTL_MS, 'NX')) === 'OK';
      } catch (error) {
        this.outage(error as Error);
        break;
      }
      if (held) break;
      await new Promise((resolve) => setTimeout(resolve, LOCK_POLL_MS));
    }
    if (!held) return task();
    const renew = setInterval(() => {
      this.client.eval(RENEW_SCRIPT, 1, key, token, LOCK_TTL_MS).catch(() => {});
    }, LOCK_TTL_MS / 3);
    renew.unref();
    try {
      return await task();
    } finally {
      clearInterval(renew);
      await this.client.eval(RELEASE_SCRIPT, 1, key, token).catch(() => {});
    }
  }

  /**
   * Closes both connections at once, without reconnecting (the app's `onClose`): nothing is
   * waited for, so a shutdown while Redis is unreachable is not delayed.
   */
  async close(): Promise<void> {
    this.outageLogged = true; // closing is not an outage worth a warning
    this.client.disconnect();
    this.subscriber.disconnect();
  }

  /** Subscribes to every channel again and tells each subscriber to resynchronise. */
  private async resubscribe(): Promise<void> {
    const channels = [...this.subscriptions.keys()];
    if (channels.length === 0) return;
    try {
      await this.subscriber.subscribe(...channels);
    } catch (error) {
      this.outage(error as Error);
      return;
    }
    this.resyncs += 1;
    for (const list of this.subscriptions.values()) for (const s of list) s.onResync();
  }

  private deliver(channel: string, text: string): void {
    const space = text.indexOf(' ');
    if (space < 0 || text.slice(0, space) === this.origin) return;
    const message = text.slice(space + 1);
    this.received += 1;
    for (const s of this.subscriptions.get(channel) ?? []) s.onMessage(message);
  }

  /** Logs the first failure of an outage (later ones are the same outage). */
  private outage(error: Error): void {
    if (this.outageLogged) return;
    this.outageLogged = true;
    this.log?.warn(
      { err: { message: error.message } },
      'Redis is unreachable: each process counts rate limits and sees other processes’ writes after the cache TTL until it is back',
    );
  }
}

const byDatabase = new WeakMap<Database, Coordination>();

/** Makes `coordination` the one that the shared modules find for `db` (see {@link coordinationOf}). */
export function attachCoordination(db: Database, coordination: Coordination): void {
  byDatabase.set(db, coordination);
}

/** The coordination of `db`'s app, or undefined without `REDIS_URL` (in-process behaviour). */
export function coordinationOf(db: Database): Coordination | undefined {
  return byDatabase.get(db);
}

/**
 * A name of the database that is the same in every process using it: PostgreSQL's host, port and
 * database name (no user, no password), or the SQLite file's absolute path. It names the
 * invalidation channel, so processes on different databases sharing one Redis do not hear each
 * other.
 */
export function databaseName(config: { databaseUrl?: string | undefined; dataDir: string }): string {
  if (!config.databaseUrl) return `sqlite:${resolve(config.dataDir, 'plugin-center.db')}`;
  const url = new URL(config.databaseUrl);
  return `postgres:${url.hostname}:${url.port || '5432'}${url.pathname}`;
}
