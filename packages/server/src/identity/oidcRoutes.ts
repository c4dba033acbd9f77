/**
 * The routes of OpenID Connect sign-in with the deployment's provider (`oidc.ts`), under
 * `/api/uc/oidc/`; every one answers 404 LOGIN_METHOD_DISABLED while `OIDC_ISSUER` is unset or
 * `PRIVATE_LOGIN_CONFIG.oidc.enable` is false.
 */
import { ApiErrorCode } from '@plugin-center/contract/schemas';
import type { FastifyInstance } from 'fastify';
import { ApiError } from '../errors';
import { tableRoute } from '../routeTable';
import { directorySource } from './directoryAccounts';
import { methodInForce } from './methodInForce';
import { OidcSignIn } from './oidc';
import { checkRedirectUri } from './redirect';
import type { IdentityService } from './service';
import { answerSsoStep, stateCookie, stateCookieOf } from './ssoAnswer';

/** Options of {@link oidcRoutes}. */
export interface OidcRoutesOptions {
  identity: IdentityService;
}

/**
 * - `GET oidc/login?redirect_uri` → 302 to the provider's authorization endpoint, the state bound to
 *   the browser by an HttpOnly cookie on the callback's path (login CSRF, RFC 6749 §10.12); 400
 *   REDIRECT_NOT_ALLOWED; a provider that cannot be discovered → the login page with `sso_error`
 *   THIRD_PARTY_FAILED (JSON callers: 502);
 * - `GET oidc/callback?code&state` (or `error`, `error_description`) → 302 to redirect_uri with a
 *   one-time login code; failures → 302 to `/user/login/?redirect_uri&sso_error&sso_detail`, or
 *   with `Accept: application/json` the envelope: 401 SSO_REJECTED (state mismatch — also without
 *   the browser's state cookie —, nonce mismatch,
 *   ID token refused), 502 THIRD_PARTY_FAILED (the provider's error or body);
 * - `GET oidc/logout?redirect_uri` → 302 to the provider's end_session_endpoint (or redirect_uri);
 * and registers the `dir:oidc` refresh check (`OidcSignIn.check`).
 */
export async function oidcRoutes(app: FastifyInstance, { identity }: OidcRoutesOptions): Promise<void> {
  const inForce = methodInForce(
    () => identity.settings.oidc,
    (config) => new OidcSignIn(identity, config),
  );
  // Refresh asks the provider about the person (with the settings in force; none: no check).
  identity.directoryChecks.set(directorySource('oidc'), () => inForce()?.check);
  /** The sign-in of the settings in force. @throws ApiError LOGIN_METHOD_DISABLED (404) when off. */
  const enabled = (): OidcSignIn => {
    const method = inForce();
    if (!method || identity.settings.privateLoginConfig.oidc?.enable === false) {
      throw new ApiError(ApiErrorCode.LOGIN_METHOD_DISABLED, 'OpenID Connect sign-in is not configured');
    }
    return method;
  };
  /** Whether the callback is on https (the state cookie is then Secure). */
  const secure = (method: OidcSignIn): boolean => method.config.redirectUri.startsWith('https:');
  /** The callback's public path (behind a proxy, the one the browser sees): the state cookie's path. */
  const cookiePath = (method: OidcSignIn): string => new URL(method.config.redirectUri).pathname;

  tableRoute(app, 'user', 'oidcLogin', async (request, reply) => {
    const method = enabled();
    checkRedirectUri(request.query.redirect_uri, identity.settings.redirectAllowlist);
    return answerSsoStep(request, reply, 'oidc', async (context) => {
      const { url, state } = await method.start(request.query.redirect_uri, context);
      reply.header('set-cookie', stateCookie('oidc', state, cookiePath(method), secure(method)));
      return url;
    });
  });

  tableRoute(app, 'user', 'oidcCallback', async (request, reply) => {
    const method = enabled();
    reply.header('set-cookie', stateCookie('oidc', '', cookiePath(method), secure(method)));
    return answerSsoStep(request, reply, 'oidc', async (context) => {
      const query = request.query as Record<string, unknown>;
      const { redirect_to } = await method.finish(query, stateCookieOf(request, 'oidc'), context);
      return redirect_to;
    });
  });

  tableRoute(app, 'user', 'oidcLogout', async (request, reply) => {
    const method = enabled();
    return reply.redirect(await method.logoutUrl(request.query.redirect_uri), 302);
  });
}
