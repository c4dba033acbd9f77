/**
 * Rate limits on chosen routes (`@fastify/rate-limit`, not global): a route opts in with
 * `config: limitPerMinute(max, key)`, or several routes share one counter through the `preHandler`
 * of {@link sharedLimit}; a request over the limit is answered 429 RATE_LIMITED in the error
 * envelope, with `Retry-After`.
 */
import rateLimit from '@fastify/rate-limit';
import { ApiErrorCode } from '@plugin-center/contract';
import type {
  FastifyContextConfig,
  FastifyInstance,
  FastifyRequest,
  preHandlerAsyncHookHandler,
} from 'fastify';
import { ApiError } from '../errors';

/** Window of the per-minute rate limits, ms. */
const RATE_WINDOW_MS = 60_000;

/** Registers the rate limiter in `app`'s context (checked in `preHandler`, after authentication). */
export async function registerRateLimits(app: FastifyInstance): Promise<void> {
  await app.register(rateLimit, {
    global: false,
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
 * in this process. Call {@link registerRateLimits} on `app` first.
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
