/**
 * How the browser steps of a directory sign-in (OpenID Connect, custom SSO) answer: success is a
 * 302 to where the flow goes next; a failure is a 302 to the login page carrying the error
 * (`/user/login/?redirect_uri=…&sso_error=<ERROR CODE>&sso_detail=<message>`), which shows it —
 * or, for a caller that asks for JSON (`Accept: application/json`), the error envelope itself.
 */
import { ApiErrorCode } from '@plugin-center/contract/schemas';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from '../errors';

/** The login page of SPEC §2, where failed browser sign-ins land. */
export const LOGIN_PAGE_PATH = '/user/login/';

/** Longest `sso_detail` on the login page's URL, characters. */
export const MAX_SSO_DETAIL = 300;

/** What a browser step learned before it failed: the original redirect_uri, once known. */
export interface SsoStepContext {
  redirectUri?: string;
}

/** Lifetime of the state cookie, seconds (that of a pending sign-in request). */
const STATE_COOKIE_MAX_AGE = 600;

/** Name of the cookie binding a pending sign-in of `method` to the browser that started it. */
export function stateCookieName(method: string): string {
  return `pc_${method.replace(/[^a-z0-9]/gi, '_')}_state`;
}

/**
 * The `Set-Cookie` value binding `state` to this browser (RFC 6749 §10.12, login CSRF): HttpOnly,
 * `SameSite=Lax` (sent on the provider's top-level redirect back), limited to `path`, 10 minutes,
 * `Secure` when the callback is https. An empty `state` clears it.
 */
export function stateCookie(method: string, state: string, path: string, secure: boolean): string {
  const age = state ? STATE_COOKIE_MAX_AGE : 0;
  return `${stateCookieName(method)}=${state}; Path=${path}; Max-Age=${age}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
}

/** The state cookie of `method` that the browser sent, or ''. */
export function stateCookieOf(request: FastifyRequest, method: string): string {
  const name = stateCookieName(method);
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return '';
}

/** Whether the caller asked for JSON rather than a page (`Accept` names `application/json`). */
export function wantsJson(request: FastifyRequest): boolean {
  return /\bapplication\/json\b/i.test(request.headers.accept ?? '');
}

/** The login page's URL showing `error` (its code and message), back to `redirectUri` when known. */
export function loginPageWithError(error: ApiError, redirectUri: string | undefined): string {
  const query = new URLSearchParams();
  if (redirectUri) query.set('redirect_uri', redirectUri);
  query.set('sso_error', error.entry.error);
  query.set('sso_detail', error.message.slice(0, MAX_SSO_DETAIL));
  return `${LOGIN_PAGE_PATH}?${query}`;
}

/**
 * Runs one browser step of sign-in `method` and answers it: a 302 to the URL `step` returns, or on
 * failure a 302 to the login page with the error ({@link loginPageWithError}; the reason is logged
 * at `warn`), or the error envelope when the caller wants JSON. An unexpected error becomes 500
 * INTERNAL without its text.
 */
export async function answerSsoStep(
  request: FastifyRequest,
  reply: FastifyReply,
  method: string,
  step: (context: SsoStepContext) => Promise<string>,
): Promise<FastifyReply> {
  const context: SsoStepContext = {};
  let location: string;
  try {
    location = await step(context);
  } catch (thrown) {
    if (wantsJson(request)) throw thrown;
    let error: ApiError;
    if (thrown instanceof ApiError) {
      error = thrown;
      request.log.warn({ method, error: error.entry.error, reason: error.message }, 'sign-in refused');
    } else {
      request.log.error({ method, err: thrown }, 'sign-in failed');
      error = new ApiError(ApiErrorCode.INTERNAL, 'the sign-in failed on the server; try again');
    }
    return reply.redirect(loginPageWithError(error, context.redirectUri), 302);
  }
  return reply.redirect(location, 302);
}
