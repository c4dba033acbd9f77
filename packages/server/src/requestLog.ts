/**
 * What the request log may hold: every line of a request carries its id (`reqId`, also answered
 * as `X-Request-Id`), and URLs have their one-time and bearer secrets blanked. A login
 * code arrives in the query of the page it signs in to (`/plugins/?code=…`) and of the code
 * exchange (`user/login/code/user?code=…`), an OAuth provider sends `code` and `state` back the
 * same way, and a client may put a token in a query string: the log is kept longer and read by
 * more people than the codes live, so these values never reach it (the parameter name stays, so
 * the line still says what was asked).
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { type FastifyReply, type FastifyRequest, LogController } from 'fastify';

/** The header a request id arrives in (from a proxy or a caller) and is answered in. */
export const REQUEST_ID_HEADER = 'x-request-id';

/** A request id taken as sent: 1–128 characters of `A–Z a–z 0–9 . _ -`. */
export const WELL_FORMED_REQUEST_ID = /^[A-Za-z0-9._-]{1,128}$/;

/**
 * The id of a request (Fastify's `genReqId`): its `X-Request-Id` when well formed
 * ({@link WELL_FORMED_REQUEST_ID}), so a proxy's id follows the request into this log; otherwise a
 * random UUID. A hostile id (too long, control characters, NUL, several headers) is replaced,
 * never logged or echoed.
 */
export function requestId(raw: Pick<IncomingMessage, 'headers'>): string {
  const sent = raw.headers[REQUEST_ID_HEADER];
  return typeof sent === 'string' && WELL_FORMED_REQUEST_ID.test(sent) ? sent : randomUUID();
}

/**
 * An `onRequest` hook that answers the request's id in `X-Request-Id` (every answer of a route or
 * of the not-found handler; `errors.ts` adds it to the router's own errors).
 */
export function echoRequestId(request: FastifyRequest, reply: FastifyReply, done: () => void): void {
  reply.header(REQUEST_ID_HEADER, request.id);
  done();
}

/** Query parameters (compared in lower case) whose values are left out of the log. */
export const SECRET_QUERY_PARAMETERS: ReadonlySet<string> = new Set([
  'code',
  'state',
  'token',
  'access_token',
  'refresh_token',
  'id_token',
  'client_secret',
  'api_key',
  'password',
  'ticket',
]);

/** What a blanked value reads in the log. */
export const REDACTED = '[redacted]';

function decoded(text: string): string | null {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return null;
  }
}

/**
 * `url` (a request target: path and query) with the value of every {@link SECRET_QUERY_PARAMETERS}
 * parameter replaced by {@link REDACTED}, in its own query and in the query of a URL carried as a
 * parameter value (a `redirect_uri` holding `?code=`); every other byte is kept as sent.
 */
export function redactUrl(url: string, depth = 0): string {
  const start = url.indexOf('?');
  if (start < 0) return url;
  const end = url.indexOf('#', start);
  const query = url.slice(start + 1, end < 0 ? undefined : end);
  const parts = query.split('&').map((part) => {
    const equals = part.indexOf('=');
    const rawName = equals < 0 ? part : part.slice(0, equals);
    const name = decoded(rawName)?.toLowerCase();
    if (equals < 0 || name == null) return part;
    if (SECRET_QUERY_PARAMETERS.has(name)) return `${rawName}=${REDACTED}`;
    if (depth > 2) return part;
    const value = decoded(part.slice(equals + 1));
    if (value === null || !value.includes('?')) return part;
    const inner = redactUrl(value, depth + 1);
    return inner === value ? part : `${rawName}=${encodeURIComponent(inner)}`;
  });
  return `${url.slice(0, start + 1)}${parts.join('&')}${end < 0 ? '' : url.slice(end)}`;
}

/**
 * The request as the log shows it: Fastify's default `req` serializer (method, URL, version,
 * host, remote address and port) with the URL passed through {@link redactUrl}.
 */
export function serializeRequest(request: FastifyRequest): Record<string, unknown> {
  return {
    method: request.method,
    url: redactUrl(request.url),
    version: request.headers?.['accept-version'],
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket ? request.socket.remotePort : undefined,
  };
}

/** Fastify's log controller, with the "route not found" line's URL passed through {@link redactUrl}. */
export class RedactingLogController extends LogController {
  override routeNotFound(request: FastifyRequest): void {
    if (this.isLogDisabled(request)) return;
    const { url, method } = request.raw;
    request.log.info(`Route ${method}:${redactUrl(url ?? '')} not found`);
  }
}
