/**
 * Rate limits on chosen routes (`@fastify/rate-limit`, not global): a route opts in with
 * `config: limitPerMinute(max, key)`, or several routes share one counter through the `preHandler`
 * of {@link sharedLimit}; a request over the limit is answered 429 RATE_LIMITED in the error
 * envelope, with `Retry-After`.
 *
 * Where the counts live: in this process without `REDIS_URL` (the plugin's own store); with it, in
 * Redis, so every process on the database counts against the same limit ({@link SharedCountStore}),
 * falling back to counting in this process while Redis is unreachable.
 */
import rateLimit, { type FastifyRateLimitStore, type FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { ApiErrorCode } from '@plugin-center/contract';
import type {
  FastifyContextConfig,
  FastifyInstance,
  FastifyRequest,
  preHandlerAsyncHookHandler,
} from 'fastify';
import { LRUCache } from 'lru-cache';
import { ApiError } from '../errors';
import { type Coordination, coordinationOf } from './coordination';

/** Keys counted in this process while Redis is unreachable, per limit (least recently used dropped). */
const LOCAL_KEYS = 5_000;

/**
 * Fixed-window count in Redis: INCR, and PEXPIRE on the window's first request; returns the count
 * and the window's remaining ms (what `@fastify/rate-limit`'s own Redis store does, without the
 * options this server does not use).
 */
const INCR_SCRIPT = `
local current = redis.call('INCR', KEYS[1])
if current == 1 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  return {current, tonumber(ARGV[1])}
end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {current, ttl}
`;

type Count = { current: number; ttl: number };

/** The name {@link INCR_SCRIPT} is defined under on the command connection (sent by SHA after the first call). */
const INCR_COMMAND = 'pluginCenterRateIncr';

/** {@link INCR_SCRIPT} as a command of `coordination.client` (defined on first use). */
function rateIncr(coordination: Coordination): (key: string, windowMs: number) => Promise<unknown> {
  const client = coordination.client as unknown as Record<string, unknown>;
  if (typeof client[INCR_COMMAND] !== 'function')
    coordination.client.defineCommand(INCR_COMMAND, { numberOfKeys: 1, lua: INCR_SCRIPT });
  const command = client[INCR_COMMAND] as (key: string, windowMs: number) => Promise<unknown>;
  return command.bind(coordination.client);
}
type Callback = (error: Error | null, result?: Count) => void;

/**
 * The `@fastify/rate-limit` store with `REDIS_URL`: one fixed-window counter per limit and key in
 * Redis at `<REDIS_KEY_PREFIX>rate:<limit>:<key>` (`<limit>` is the route's method and URL, or
 * `shared` for {@link sharedLimit}, whose keys name their counter), so every process counts
 * against the same limit. While Redis is unreachable (or a command fails or takes more than
 * `COMMAND_TIMEOUT_MS`), the request is counted in this process instead (a fixed window per key,
 * as without Redis): limits then hold per process, answers never wait for Redis.
 */
export class SharedCountStore implements FastifyRateLimitStore {
  private readonly local = new LRUCache<string, { current: number; start: number }>({ max: LOCAL_KEYS });

  constructor(
    private readonly coordination: Coordination,
    private readonly limit: string,
  ) {}

  incr(key: string, callback: Callback, timeWindow: number): void {
    const { coordination } = this;
    if (!coordination.available) {
      callback(null, this.countLocally(key, timeWindow));
      return;
    }
    rateIncr(coordination)(`${coordination.keyPrefix}rate:${this.limit}:${key}`, timeWindow).then(
      (result) => {
        const [current, ttl] = result as [number, number];
        callback(null, { current, ttl });
      },
      () => callback(null, this.countLocally(key, timeWindow)),
    );
  }

  child(routeOptions: {
    method?: unknown;
    url?: unknown;
    routeInfo?: { method?: unknown; url?: unknown };
  }): SharedCountStore {
    const info = routeOptions.routeInfo ?? routeOptions;
    const limit = typeof info.url === 'string' ? `${String(info.method)} ${info.url}` : 'shared';
    return new SharedCountStore(this.coordination, limit);
  }

  private countLocally(key: string, timeWindow: number): Count {
    const now = Date.now();
    let entry = this.local.get(key);
    if (!entry || entry.start + timeWindow <= now) {
      entry = { current: 0, start: now };
      this.local.set(key, entry);
    }
    entry.current += 1;
    return { current: entry.current, ttl: entry.start + timeWindow - now };
  }
}

/** The store class `@fastify/rate-limit` builds its root store with. */
function sharedStore(coordination: Coordination): FastifyRateLimitStoreCtor {
  return class extends SharedCountStore {
    constructor() {
      super(coordination, 'root');
    }
  } as unknown as FastifyRateLimitStoreCtor;
}

/** Window of the per-minute rate limits, ms. */
const RATE_WINDOW_MS = 60_000;

/**
 * Registers the rate limiter in `app`'s context (checked in `preHandler`, after authentication);
 * counts in Redis when the app's database has a coordination (`REDIS_URL`, see
 * {@link SharedCountStore}), else in this process.
 */
export async function registerRateLimits(app: FastifyInstance): Promise<void> {
  const coordination = coordinationOf(app.db);
  await app.register(rateLimit, {
    global: false,
    ...(coordination ? { store: sharedStore(coordination) } : {}),
    hook: 'preHandler',
    errorResponseBuilder: (_request, context) =>
      new ApiError(
        ApiErrorCode.RATE_LIMITED,
        `too many requests; retry in ${context.after}`,
        context.statusCode,
      ),
  });
}

/** A limit shared by several routes ({@link sharedLimit}). */
export interface SharedLimit {
  /** Requests per window per key; 0 = no limit. */
  max: number;
  /** Length of the window, ms. */
  windowMs: number;
  /** The key a request counts under (e.g. the signed-in account). */
  key: (request: FastifyRequest) => string;
  /** Requests not counted nor limited (e.g. administrators'). */
  exempt?: (request: FastifyRequest) => boolean;
  /** The message of the 429 answer, given the wait as `@fastify/rate-limit` words it (`59 minutes`). */
  message: (retryIn: string) => string;
}

/**
 * A `preHandler` that limits every route it is given to, together (one counter per key across
 * them, which a route's own `config.rateLimit` cannot do): beyond `max` requests in the window, 429
 * RATE_LIMITED in the error envelope with `Retry-After` (seconds) and `limit.message`. Counts live
 * in this process, or in Redis with `REDIS_URL` (then `limit.key` names the counter across routes
 * and processes: give it a prefix of its own, e.g. `publish:<account>`). Call
 * {@link registerRateLimits} on `app` first.
 * @returns the hook, or undefined when `max` is 0 (no limit)
 */
export function sharedLimit(
  app: FastifyInstance,
  limit: SharedLimit,
): preHandlerAsyncHookHandler | undefined {
  if (limit.max <= 0) return undefined;
  const { exempt } = limit;
  return app.rateLimit({
    max: limit.max,
    timeWindow: limit.windowMs,
    keyGenerator: limit.key,
    ...(exempt ? { allowList: (request: FastifyRequest) => exempt(request) } : {}),
    errorResponseBuilder: (_request, context) =>
      new ApiError(ApiErrorCode.RATE_LIMITED, limit.message(context.after), context.statusCode),
  });
}

/**
 * `config.rateLimit` of a route: at most `max` requests per minute per key (the client IP by
 * default); no limit when `max` is 0.
 */
export function limitPerMinute(max: number, key?: (request: FastifyRequest) => string): FastifyContextConfig {
  if (max <= 0) return { rateLimit: false };
  return {
    rateLimit: { max, timeWindow: RATE_WINDOW_MS, ...(key ? { keyGenerator: key } : {}) },
  };
}
