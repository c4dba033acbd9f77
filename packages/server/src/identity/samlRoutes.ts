/**
 * HTTP routes of SAML 2.0 sign-in (`ROUTES.user.saml*`, see `saml.ts` for the checks):
 * - `GET /api/uc/saml/metadata` → the SP metadata, `application/samlmetadata+xml`;
 * - `GET /api/uc/saml/login?redirect_uri` → 302 to the IdP with an AuthnRequest, and on an https
 *   origin the `pc_saml_browser` cookie the answer must come back with; 400 REDIRECT_NOT_ALLOWED;
 * - `POST /api/uc/saml/acs` (form `SAMLResponse`, `RelayState`; at most {@link SAML_BODY_LIMIT}
 *   bytes, else 413) → 302 to redirect_uri with a one-time login code, and the `pc_saml` cookie
 *   naming the SAML session; failure → 302 to the login page with `sso_error` / `sso_detail`, or
 *   with `Accept: application/json` the error envelope (401 SSO_REJECTED, 400 INVALID_PARAMETER);
 * - `GET /api/uc/saml/logout?redirect_uri` → 302 to the IdP's single logout with a LogoutRequest
 *   for the `pc_saml` session (call `POST user/logout` first), or straight to redirect_uri;
 * - `GET|POST /api/uc/saml/slo` → the IdP's LogoutResponse (302 to redirect_uri) or LogoutRequest
 *   (sessions revoked, 302 to the IdP with a LogoutResponse).
 * Every route answers 404 LOGIN_METHOD_DISABLED while SAML is not configured or
 * `PRIVATE_LOGIN_CONFIG.saml.enable` is false.
 */
import { randomBytes } from 'node:crypto';
import fastifyCookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import { ApiErrorCode } from '@plugin-center/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from '../errors';
import { tableRoute } from '../routeTable';
import { SAML_REQUEST_TTL_MS, SamlFailure, SamlSignIn } from './saml';
import type { IdentityService } from './service';

/** Largest form accepted by the SAML POST endpoints, bytes (a 256 KiB message and its RelayState). */
export const SAML_BODY_LIMIT = 270_000;
/** Name of the cookie that names the browser's SAML session (for single logout). */
export const SAML_SESSION_COOKIE = 'pc_saml';
/**
 * Name of the cookie that binds an SP-initiated sign-in to the browser that started it (on an
 * https origin: the IdP's POST to the ACS is cross-site, so the cookie is `SameSite=None; Secure`).
 */
export const SAML_BROWSER_COOKIE = 'pc_saml_browser';
/** Longest `sso_detail` of the login page's error redirect, characters. */
const DETAIL_MAX = 300;
/** The login page. */
const LOGIN_PAGE = '/user/login/';

/** Options of {@link samlRoutes}. */
export interface SamlRoutesOptions {
  identity: IdentityService;
}

/** Whether the caller asked for JSON (API callers and tests) rather than a browser redirect. */
function wantsJson(request: FastifyRequest): boolean {
  return (request.headers.accept ?? '').includes('application/json');
}

/** The login page with the error, for a browser whose SAML callback failed. */
function loginPageError(error: ApiError, redirectUri: string | undefined): string {
  const query = new URLSearchParams();
  if (redirectUri) query.set('redirect_uri', redirectUri);
  query.set('sso_error', error.entry.error);
  query.set('sso_detail', error.message.slice(0, DETAIL_MAX));
  return `${LOGIN_PAGE}?${query}`;
}

/**
 * Answers a failed callback: the envelope to a JSON caller, else 302 to the login page; logs why.
 * Errors other than {@link SamlFailure} go on to the app's error handler.
 */
function fail(request: FastifyRequest, reply: FastifyReply, error: unknown): FastifyReply {
  if (!(error instanceof SamlFailure)) throw error;
  request.log.warn({ reason: error.error.message }, 'SAML message refused');
  if (wantsJson(request)) throw error.error;
  return reply.redirect(loginPageError(error.error, error.redirectUri), 302);
}

/** The raw query string of a request (the HTTP-Redirect binding's signature covers it as sent). */
function rawQuery(request: FastifyRequest): string {
  const url = request.raw.url ?? '';
  const at = url.indexOf('?');
  return at < 0 ? '' : url.slice(at + 1);
}

/**
 * The SAML routes. The service provider is built from the SAML settings in force
 * (`identity.settings.saml`: the environment's, whose IdP metadata is parsed here so a bad one
 * fails the start with a ConfigError; or the back office's once saved, built again at the first
 * call after a change).
 */
export async function samlRoutes(app: FastifyInstance, { identity }: SamlRoutesOptions): Promise<void> {
  let sp = identity.settings.saml ? await SamlSignIn.create(identity, identity.settings.saml) : undefined;
  await app.register(formbody, { bodyLimit: SAML_BODY_LIMIT });
  await app.register(fastifyCookie);

  /**
   * The service provider of the settings in force.
   * @throws ApiError LOGIN_METHOD_DISABLED (404) when SAML is off; THIRD_PARTY_FAILED (502) when
   *   saved settings describe no usable IdP.
   */
  const enabled = async (): Promise<SamlSignIn> => {
    const config = identity.settings.saml;
    if (!config || identity.settings.privateLoginConfig.saml?.enable === false) {
      throw new ApiError(ApiErrorCode.LOGIN_METHOD_DISABLED, 'SAML sign-in is not enabled on this server');
    }
    if (sp?.config !== config) {
      try {
        sp = await SamlSignIn.create(identity, config);
      } catch (error) {
        throw new ApiError(
          ApiErrorCode.THIRD_PARTY_FAILED,
          `SAML: the settings cannot be used: ${error instanceof Error ? error.message : String(error)}`,
        );
      }
    }
    return sp;
  };
  /** Whether the service provider is on https (its cookies are then Secure). */
  const secureOf = (saml: SamlSignIn): boolean => saml.config.spOrigin.startsWith('https:');

  tableRoute(app, 'user', 'samlMetadata', async (_request, reply) =>
    reply
      .type('application/samlmetadata+xml; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send((await enabled()).metadata()),
  );

  tableRoute(app, 'user', 'samlLogin', async (request, reply) => {
    const saml = await enabled();
    // The browser binding needs a cookie the cross-site POST carries: SameSite=None, so https only.
    let browser: string | undefined;
    if (secureOf(saml)) {
      const known = request.cookies[SAML_BROWSER_COOKIE];
      browser = known && /^[A-Za-z0-9_-]{43}$/.test(known) ? known : randomBytes(32).toString('base64url');
      reply.setCookie(SAML_BROWSER_COOKIE, browser, {
        path: '/api/uc/saml/',
        httpOnly: true,
        sameSite: 'none',
        secure: true,
        maxAge: SAML_REQUEST_TTL_MS / 1000,
      });
    }
    return reply.redirect(await saml.loginUrl(request.query.redirect_uri, browser), 302);
  });

  tableRoute(app, 'user', 'samlAcs', async (request, reply) => {
    const saml = await enabled();
    try {
      const result = await saml.acs(
        request.body.SAMLResponse,
        request.body.RelayState,
        request.cookies[SAML_BROWSER_COOKIE],
      );
      reply.setCookie(SAML_SESSION_COOKIE, result.session, {
        path: '/api/uc/saml/',
        httpOnly: true,
        sameSite: 'lax',
        secure: secureOf(saml),
        maxAge: identity.settings.refreshTokenTtl,
      });
      // The location carries a one-time login code.
      reply.header('cache-control', 'no-store');
      return reply.redirect(result.redirect_to, 302);
    } catch (error) {
      return fail(request, reply, error);
    }
  });

  tableRoute(app, 'user', 'samlLogout', async (request, reply) => {
    const url = await (await enabled()).logoutUrl(
      request.cookies[SAML_SESSION_COOKIE],
      request.query.redirect_uri,
    );
    reply.clearCookie(SAML_SESSION_COOKIE, { path: '/api/uc/saml/' });
    return reply.redirect(url, 302);
  });

  tableRoute(app, 'user', 'samlSlo', async (request, reply) => {
    const saml = await enabled();
    try {
      return reply.redirect(await saml.slo(request.query, rawQuery(request)), 302);
    } catch (error) {
      return fail(request, reply, error);
    }
  });

  tableRoute(app, 'user', 'samlSloPost', async (request, reply) => {
    const saml = await enabled();
    try {
      return reply.redirect(await saml.slo(request.body, undefined), 302);
    } catch (error) {
      return fail(request, reply, error);
    }
  });
}
