/**
 * The auth seam every domain of the server uses (SPEC §6 roles and permissions):
 * - `request.user`: the signed-in caller from `Authorization: Bearer <access token>`, or null — a
 *   valid token counts only while its session (`sid`) is live and its account exists and is enabled
 *   (`AuthVerifier.sessionRole`, checked on every request);
 * - `app.requireUser`: a preHandler answering 401 UNAUTHORIZED when nobody is signed in (also when
 *   a bearer token was sent but is expired, forged, otherwise invalid, of an ended session or of a
 *   deleted or disabled account);
 * - `app.requireAdmin`: 401 as above, 403 FORBIDDEN 'Current account has no permission' when the
 *   account's current role is 0 (read with the session check, so a demotion applies within
 *   `SESSION_CHECK_TTL_MS`, at once in the process that made it).
 *
 * Registered on the root instance by `buildApp` (the plugin skips Fastify's encapsulation), so any
 * route can say `{ preHandler: app.requireUser }`.
 */
import type { RouteDefinition } from '@plugin-center/contract';
import { ROUTES } from '@plugin-center/contract/routes';
import { ApiErrorCode, isAdminRole, type Role } from '@plugin-center/contract/schemas';
import type { FastifyPluginAsync, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { ApiError } from '../errors';

/**
 * The signed-in caller: `user_id` from the token's `sub`, `sid` its session (refresh-token family),
 * `role` the account's current role (read with the session check, at most
 * `SESSION_CHECK_TTL_MS` old).
 */
export interface AuthUser {
  user_id: number;
  role: Role;
  sid: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in caller (a valid bearer access token), else null. */
    user: AuthUser | null;
  }
  interface FastifyInstance {
    /** preHandler: 401 UNAUTHORIZED unless a valid access token was sent. */
    requireUser: preHandlerAsyncHookHandler;
    /**
     * preHandler: 401 UNAUTHORIZED when not signed in, 403 FORBIDDEN 'Current account has no
     * permission' unless the account's current role is 1 or 2. Sets `request.user.role` to that
     * current role.
     */
    requireAdmin: preHandlerAsyncHookHandler;
  }
}

/** The prefix of every personal access token. */
export const PERSONAL_TOKEN_PREFIX = 'pcpat_';

/**
 * Route-table ids a personal access token may call (its `publish` scope): the entries of the
 * contract's `ROUTES` marked `personalToken` (publish, edit, the author's plugins).
 */
export const PERSONAL_TOKEN_ROUTES: ReadonlySet<string> = new Set(
  Object.entries(ROUTES).flatMap(([group, routes]) =>
    Object.entries(routes as Record<string, RouteDefinition>)
      .filter(([, route]) => route.personalToken)
      .map(([name]) => `${group}.${name}`),
  ),
);

/** Whether a bearer token is a personal access token by its form. */
export function isPersonalToken(token: string): boolean {
  return token.startsWith(PERSONAL_TOKEN_PREFIX) && /^pcpat_[A-Za-z0-9_-]{43}$/.test(token);
}

/** The exact text of SPEC §6 for insufficient rights. */
export const NO_PERMISSION_MESSAGE = 'Current account has no permission';

/** Message of a 401 when no access token was sent. */
export const SIGN_IN_REQUIRED_MESSAGE = 'sign in first: send Authorization: Bearer <access token>';

/** What {@link authPlugin} needs from the identity service. */
export interface AuthVerifier {
  /**
   * Verifies an access token (signature, `alg`, audience, issuer, expiry).
   * @throws ApiError UNAUTHORIZED with the reason.
   */
  verifyAccessToken(token: string): Promise<AuthUser>;
  /**
   * The account's current role while the session `sid` of account `userId` is live; otherwise why
   * not: the session was ended (logout, reset_token, refresh-token reuse) or the account no longer
   * exists or is disabled.
   */
  sessionRole(userId: number, sid: string): Promise<Role | SessionEnd>;
  /**
   * The account a personal access token (`pcpat_…`) signs in, or the refusal message
   * (unknown, revoked, expired, account gone). Optional: without it such tokens are refused.
   */
  verifyPersonalToken?(token: string): Promise<AuthUser | string>;
}

/** Options of {@link authPlugin}. */
export interface AuthPluginOptions {
  verifier: AuthVerifier;
}

/** Why a verified access token no longer signs anybody in. */
export type SessionEnd = 'signed-out' | 'no-account';

/** The 401 messages of {@link SessionEnd}. */
export const SESSION_END_MESSAGES: Record<SessionEnd, string> = {
  'signed-out': 'the session has ended (signed out): sign in again',
  'no-account': 'the account no longer exists or is disabled',
};

/** Why a bearer token sent with a request was refused (answered only if the route needs a user). */
const refusals = new WeakMap<FastifyRequest, string>();

/** The token of an `Authorization: Bearer <token>` header, else null. */
export function bearerToken(header: string | undefined): string | null {
  if (!header) return null;
  const match = /^Bearer[ ]+([^\s]+)\s*$/i.exec(header);
  return match ? match[1]! : null;
}

/** A compact JWS has three base64url parts; opaque refresh tokens have none of the dots. */
function looksLikeJwt(token: string): boolean {
  return /^[A-Za-z0-9_-]*\.[A-Za-z0-9_-]*\.[A-Za-z0-9_-]*$/.test(token);
}

/**
 * Fastify plugin (not encapsulated: it decorates the instance it is registered on) that sets
 * `request.user` in an `onRequest` hook and adds `app.requireUser` / `app.requireAdmin`. Register
 * it on the root instance before the routes.
 */
export const authPlugin: FastifyPluginAsync<AuthPluginOptions> = async (app, { verifier }) => {
  app.decorateRequest('user', null);

  app.addHook('onRequest', async (request) => {
    request.user = null;
    const header = request.headers.authorization;
    if (header === undefined) return;
    const token = bearerToken(header);
    if (!token) {
      refusals.set(request, 'the Authorization header is not "Bearer <access token>"');
      return;
    }
    if (isPersonalToken(token)) {
      // Scope `publish`: only the publishing calls take it (never token management or admin calls).
      const route = request.routeOptions.config?.route;
      if (!route || !PERSONAL_TOKEN_ROUTES.has(route) || !verifier.verifyPersonalToken) {
        refusals.set(
          request,
          'a personal access token is accepted only by POST/PUT /api/cmt/plugin and GET /api/cmt/plugin/audit',
        );
        return;
      }
      const result = await verifier.verifyPersonalToken(token);
      if (typeof result === 'string') refusals.set(request, result);
      else request.user = result;
      return;
    }
    // Refresh tokens (opaque) travel as bearer too, on the routes that take them.
    if (!looksLikeJwt(token)) {
      refusals.set(request, 'the bearer token is not an access token');
      return;
    }
    let user: AuthUser;
    try {
      user = await verifier.verifyAccessToken(token);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      refusals.set(request, error.message);
      return;
    }
    const role = await verifier.sessionRole(user.user_id, user.sid);
    if (typeof role === 'string') {
      refusals.set(request, SESSION_END_MESSAGES[role]);
      return;
    }
    request.user = { ...user, role };
  });

  const requireUser: preHandlerAsyncHookHandler = async (request) => {
    if (!request.user) {
      throw new ApiError(ApiErrorCode.UNAUTHORIZED, refusals.get(request) ?? SIGN_IN_REQUIRED_MESSAGE);
    }
  };
  const requireAdmin: preHandlerAsyncHookHandler = async (request) => {
    const user = request.user;
    if (!user) {
      throw new ApiError(ApiErrorCode.UNAUTHORIZED, refusals.get(request) ?? SIGN_IN_REQUIRED_MESSAGE);
    }
    if (!isAdminRole(user.role)) throw new ApiError(ApiErrorCode.FORBIDDEN, NO_PERMISSION_MESSAGE);
  };
  app.decorate('requireUser', requireUser);
  app.decorate('requireAdmin', requireAdmin);
};
// fastify-plugin's marker: decorate the instance it is registered on, not a child context.
(authPlugin as unknown as Record<symbol, unknown>)[Symbol.for('skip-override')] = true;
(authPlugin as unknown as Record<symbol, unknown>)[Symbol.for('fastify.display-name')] = 'identity-auth';
