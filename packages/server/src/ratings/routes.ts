/**
 * The ratings domain's HTTP routes, each from its entry of the contract's route table: a plugin's
 * star ratings and reviews, helpful votes, the publisher's reply, reports, and the back office's
 * moderation queue.
 */
import type { FastifyInstance } from 'fastify';
import { tableRoute } from '../routeTable';
import { registerRateLimits, sharedLimit } from '../shared/rateLimit';
import type { RatingsService } from './service';

/** Writes one account may send to the ratings routes per minute, all of them together. */
export const RATING_WRITES_PER_MINUTE = 30;

/** Options of {@link ratingsRoutes}. */
export interface RatingsRoutesOptions {
  ratings: RatingsService;
  /** Writes per account per minute over every ratings write (default {@link RATING_WRITES_PER_MINUTE}; 0 = none). */
  writesPerMinute?: number;
}

/**
 * Fastify plugin with the ratings routes:
 * - `GET /api/cmt/plugin/rating/list` (public; a bearer token personalises) → `RatingPage`; 404
 *   PLUGIN_NOT_FOUND, 400 INVALID_CURSOR;
 * - `PUT` / `DELETE /api/cmt/plugin/rating` (signed in) → `SaveRatingResult`; 403 FORBIDDEN before
 *   installing the plugin;
 * - `POST /api/cmt/plugin/rating/helpful`, `POST /api/cmt/plugin/rating/report` (signed in; not on
 *   one's own review: 403) and `PUT` / `DELETE /api/cmt/plugin/rating/reply` (the plugin's owner:
 *   403 otherwise); 404 RATING_NOT_FOUND for an unknown or hidden review;
 * - `GET /api/cmt/manager/rating/report/list`, `POST /api/cmt/manager/rating/moderate`
 *   (administrators; audit-logged).
 *
 * The signed-in writes share one counter per account: beyond `writesPerMinute` in a minute, 429
 * RATE_LIMITED with `Retry-After`.
 */
export async function ratingsRoutes(
  app: FastifyInstance,
  { ratings, writesPerMinute = RATING_WRITES_PER_MINUTE }: RatingsRoutesOptions,
): Promise<void> {
  await registerRateLimits(app);
  const writeRate = sharedLimit(app, {
    max: writesPerMinute,
    windowMs: 60_000,
    key: (request) => `ratings:${request.user?.user_id ?? request.ip}`,
    message: (retryIn) =>
      `ratings rate limit: an account may send at most ${writesPerMinute} ratings, votes, replies and reports per minute; retry in ${retryIn}`,
  });
  const limited = writeRate ? { preHandler: writeRate } : {};

  tableRoute(app, 'plugin', 'ratingList', (request) => ratings.list(request.user, request.query));
  tableRoute(app, 'plugin', 'saveRating', (request) => ratings.save(request.user!, request.body), limited);
  tableRoute(
    app,
    'plugin',
    'deleteRating',
    (request) => ratings.remove(request.user!, request.body.plugin_key),
    limited,
  );
  tableRoute(
    app,
    'plugin',
    'ratingHelpful',
    (request) => ratings.helpful(request.user!, request.body.review_id, request.body.helpful),
    limited,
  );
  tableRoute(
    app,
    'plugin',
    'saveRatingReply',
    (request) => ratings.reply(request.user!, request.body.review_id, request.body.body),
    limited,
  );
  tableRoute(
    app,
    'plugin',
    'deleteRatingReply',
    (request) => ratings.reply(request.user!, request.body.review_id, null),
    limited,
  );
  tableRoute(
    app,
    'plugin',
    'reportRating',
    (request) => ratings.report(request.user!, request.body.review_id, request.body.reason),
    limited,
  );
  tableRoute(app, 'backoffice', 'ratingReportList', (request) => ratings.queue(request.query));
  tableRoute(app, 'backoffice', 'moderateRating', (request) => ratings.moderate(request.user!, request.body));
}
