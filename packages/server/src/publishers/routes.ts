/**
 * The publishers domain's HTTP routes, each from its entry of the contract's route table: the
 * public publisher page, the caller's own publisher profile and domain proof, and the
 * administrators' "verified" mark.
 */
import type { FastifyInstance } from 'fastify';
import { tableRoute } from '../routeTable';
import { registerRateLimits, sharedLimit } from '../shared/rateLimit';
import type { PublishersService } from './service';

/** Writes one account may send to the publisher routes per minute, all of them together (DNS lookups included). */
export const PUBLISHER_WRITES_PER_MINUTE = 20;

/** Options of {@link publishersRoutes}. */
export interface PublishersRoutesOptions {
  publishers: PublishersService;
  /** Writes per account per minute (default {@link PUBLISHER_WRITES_PER_MINUTE}; 0 = none). */
  writesPerMinute?: number;
}

/**
 * Fastify plugin with the publisher routes:
 * - `GET /api/cmt/plugin/publisher` (public) → `PublisherPage`; 404 PUBLISHER_NOT_FOUND;
 * - `GET` / `PUT /api/cmt/plugin/publisher/me` (signed in) → `MyPublisher`; 409 HANDLE_TAKEN,
 *   HANDLE_ALREADY_SET;
 * - `POST /api/cmt/plugin/publisher/domain` → `DomainChallenge`, `POST …/domain/check` →
 *   `MyPublisher`; 409 DOMAIN_NOT_VERIFIED;
 * - `PUT /api/cmt/manager/publisher/verified` (administrators; audit-logged).
 *
 * The signed-in writes share one counter per account: beyond `writesPerMinute` in a minute, 429
 * RATE_LIMITED with `Retry-After`.
 */
export async function publishersRoutes(
  app: FastifyInstance,
  { publishers, writesPerMinute = PUBLISHER_WRITES_PER_MINUTE }: PublishersRoutesOptions,
): Promise<void> {
  await registerRateLimits(app);
  const writeRate = sharedLimit(app, {
    max: writesPerMinute,
    windowMs: 60_000,
    key: (request) => `publishers:${request.user?.user_id ?? request.ip}`,
    message: (retryIn) =>
      `publisher rate limit: an account may send at most ${writesPerMinute} publisher changes and domain checks per minute; retry in ${retryIn}`,
  });
  const limited = writeRate ? { preHandler: writeRate } : {};

  tableRoute(app, 'plugin', 'publisherPage', (request) =>
    publishers.page(request.query.handle, request.query.lang),
  );
  tableRoute(app, 'plugin', 'myPublisher', (request) => publishers.mine(request.user!));
  tableRoute(
    app,
    'plugin',
    'saveMyPublisher',
    (request) => publishers.save(request.user!, request.body),
    limited,
  );
  tableRoute(
    app,
    'plugin',
    'startDomainVerification',
    (request) => publishers.startDomain(request.user!, request.body.domain),
    limited,
  );
  tableRoute(
    app,
    'plugin',
    'checkDomainVerification',
    (request) => publishers.checkDomain(request.user!),
    limited,
  );
  tableRoute(app, 'backoffice', 'setPublisherVerified', (request) =>
    publishers.setVerified(request.user!, request.body),
  );
}
