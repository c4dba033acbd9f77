/**
 * Per-minute rate limits on chosen routes (`@fastify/rate-limit`, not global): a route opts in with
 * `config: limitPerMinute(max, key)`; a request over the limit is answered 429 RATE_LIMITED in the
 * error envelope, with `Retry-After`.
 */
import rateLimit from '@fastify/rate-limit';
import { ApiErrorCode } from '@plugin-center/contract';
import type { FastifyContextConfig, FastifyInstance, FastifyRequest } from 'fastify';
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
