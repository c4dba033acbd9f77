/**
 * The notifications domain's HTTP routes, each from its entry of the contract's route table: the
 * signed-in account's notifications and e-mail preferences, and the e-mail's unsubscribe link.
 */
import formbody from '@fastify/formbody';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { tableRoute } from '../routeTable';
import { LOGIN_PAGE_CSP } from '../securityHeaders';
import { registerRateLimits, sharedLimit } from '../shared/rateLimit';
import type { NotificationsService } from './service';
import type { UnsubscribePage } from './unsubscribePage';

/** Writes one account may send to the notification routes per minute, all of them together. */
export const NOTIFICATION_WRITES_PER_MINUTE = 60;
/** Unsubscribe posts one client address may send per minute. */
export const UNSUBSCRIBES_PER_MINUTE = 30;

/** Options of {@link notificationsRoutes}. */
export interface NotificationsRoutesOptions {
  notifications: NotificationsService;
  /** Writes per account per minute (default {@link NOTIFICATION_WRITES_PER_MINUTE}; 0 = none). */
  writesPerMinute?: number;
}

/** Answers an unsubscribe page: no caching, no referrer (the URL holds the token), no framing. */
function sendPage(reply: FastifyReply, page: UnsubscribePage): FastifyReply {
  return reply
    .code(page.status)
    .header('content-type', 'text/html; charset=utf-8')
    .header('content-security-policy', LOGIN_PAGE_CSP)
    .header('x-frame-options', 'DENY')
    .header('referrer-policy', 'no-referrer')
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'no-store')
    .send(page.html);
}

/**
 * Fastify plugin with the notification routes:
 * - `GET /api/cmt/plugin/notification/list` → `NotificationPage` (the caller's, newest first, with
 *   `unread_count`); 400 INVALID_CURSOR;
 * - `POST …/notification/read` → `NotificationReadResult`; 404 NOTIFICATION_NOT_FOUND (unknown, or
 *   another account's); `POST …/notification/read-all` → `NotificationReadResult`;
 * - `GET` / `PUT …/notification/preferences` → `NotificationPreferences`;
 * - `GET …/notification/unsubscribe?token=` → the page with the button; `POST` (the button, RFC 8058
 *   one-click) → turns the kind's e-mail off; 400 pages for a bad or expired token.
 *
 * The signed-in writes share one counter per account (`writesPerMinute`), the unsubscribe posts one
 * per client address: beyond, 429 RATE_LIMITED with `Retry-After`.
 */
export async function notificationsRoutes(
  app: FastifyInstance,
  { notifications, writesPerMinute = NOTIFICATION_WRITES_PER_MINUTE }: NotificationsRoutesOptions,
): Promise<void> {
  // RFC 8058's one-click POST carries `List-Unsubscribe=One-Click` form-encoded (the page's form
  // too) or as multipart/form-data: both are read and ignored (the token in the URL is what counts).
  await app.register(formbody, { bodyLimit: 1024 });
  app.addContentTypeParser(
    'multipart/form-data',
    { parseAs: 'buffer', bodyLimit: 4096 },
    (_request, _body, done) => done(null, null),
  );
  await registerRateLimits(app);
  const writeRate = sharedLimit(app, {
    max: writesPerMinute,
    windowMs: 60_000,
    key: (request) => `notifications:${request.user?.user_id ?? request.ip}`,
    message: (retryIn) =>
      `notifications rate limit: an account may mark read and save preferences at most ${writesPerMinute} times per minute; retry in ${retryIn}`,
  });
  const limited = writeRate ? { preHandler: writeRate } : {};
  const unsubscribeRate = sharedLimit(app, {
    max: UNSUBSCRIBES_PER_MINUTE,
    windowMs: 60_000,
    key: (request) => `unsubscribe:${request.ip}`,
    message: (retryIn) =>
      `unsubscribe rate limit: at most ${UNSUBSCRIBES_PER_MINUTE} per minute from one address; retry in ${retryIn}`,
  });

  tableRoute(app, 'plugin', 'notificationList', (request) =>
    notifications.list(request.user!, request.query),
  );
  tableRoute(
    app,
    'plugin',
    'readNotification',
    (request) => notifications.read(request.user!, request.body.id),
    limited,
  );
  tableRoute(
    app,
    'plugin',
    'readAllNotifications',
    (request) => notifications.readAll(request.user!),
    limited,
  );
  tableRoute(app, 'plugin', 'notificationPreferences', (request) => notifications.preferences(request.user!));
  tableRoute(
    app,
    'plugin',
    'saveNotificationPreferences',
    (request) => notifications.savePreferences(request.user!, request.body),
    limited,
  );
  tableRoute(app, 'page', 'notificationUnsubscribePage', async (request, reply) =>
    sendPage(reply, await notifications.unsubscribePage((request.query as { token?: unknown }).token)),
  );
  tableRoute(
    app,
    'page',
    'notificationUnsubscribe',
    async (request, reply) =>
      sendPage(reply, await notifications.unsubscribe((request.query as { token?: unknown }).token)),
    unsubscribeRate ? { preHandler: unsubscribeRate } : {},
  );
}
