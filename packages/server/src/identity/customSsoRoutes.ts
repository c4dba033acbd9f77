/**
 * The routes of custom SSO with the company's own sign-in system (`customSso.ts`), under
 * `/api/uc/custom-sso/`; every one answers 404 LOGIN_METHOD_DISABLED while `CUSTOM_SSO_LOGIN_URL`
 * is unset or `PRIVATE_LOGIN_CONFIG.custom_sso.enable` is false.
 */
import { ApiErrorCode } from '@plugin-center/contract/schemas';
import type { FastifyInstance } from 'fastify';
import { ApiError } from '../errors';
import { tableRoute } from '../routeTable';
import { CustomSsoSignIn } from './customSso';
import { directorySource } from './directoryAccounts';
import { methodInForce } from './methodInForce';
import { checkRedirectUri } from './redirect';
import type { IdentityService } from './service';
import { answerSsoStep, stateCookie, stateCookieOf } from './ssoAnswer';

/** The state cookie's method name. */
const METHOD = 'custom_sso';

/** Options of {@link customSsoRoutes}. */
export interface CustomSsoRoutesOptions {
  identity: IdentityService;
}

/**
 * - `GET custom-sso/login?redirect_uri` → 302 to `CUSTOM_SSO_LOGIN_URL?service&state`, the state
 *   bound to the browser by an HttpOnly cookie on the callback's path; 400 REDIRECT_NOT_ALLOWED;
 * - `GET custom-sso/callback?ticket&state` → 302 to redirect_uri with a one-time login code;
 *   failures → 302 to `/user/login/?redirect_uri&sso_error&sso_detail`, or with `Accept:
 *   application/json` the envelope: 401 SSO_REJECTED, 403 ACCOUNT_DISABLED, 502 THIRD_PARTY_FAILED;
 * - `GET custom-sso/logout?redirect_uri` → 302 to `CUSTOM_SSO_LOGOUT_URL?service` (or redirect_uri);
 * and registers the `dir:custom_sso` refresh check (`CustomSsoSignIn.check`, with `CUSTOM_SSO_STATUS_URL`).
 */
export async function customSsoRoutes(
  app: FastifyInstance,
  { identity }: CustomSsoRoutesOptions,
): Promise<void> {
  const inForce = methodInForce(
    () => identity.settings.customSso,
    (config) => new CustomSsoSignIn(identity, config),
  );
  // Refresh asks the company about the person (with CUSTOM_SSO_STATUS_URL in force; else no check).
  identity.directoryChecks.set(directorySource(METHOD), () => inForce()?.check);
  /** The sign-in of the settings in force. @throws ApiError LOGIN_METHOD_DISABLED (404) when off. */
  const enabled = (): CustomSsoSignIn => {
    const method = inForce();
    if (!method || identity.settings.privateLoginConfig.custom_sso?.enable === false) {
      throw new ApiError(ApiErrorCode.LOGIN_METHOD_DISABLED, 'custom SSO sign-in is not configured');
    }
    return method;
  };
  /** Whether the callback is on https (the state cookie is then Secure). */
  const secure = (method: CustomSsoSignIn): boolean => method.config.serviceUrl.startsWith('https:');
  /** The callback's public path (behind a proxy, the one the browser sees): the state cookie's path. */
  const cookiePath = (method: CustomSsoSignIn): string => new URL(method.config.serviceUrl).pathname;

  tableRoute(app, 'user', 'customSsoLogin', async (request, reply) => {
    const method = enabled();
    checkRedirectUri(request.query.redirect_uri, identity.settings.redirectAllowlist);
    return answerSsoStep(request, reply, METHOD, async (context) => {
      const { url, state } = await method.start(request.query.redirect_uri, context);
      reply.header('set-cookie', stateCookie(METHOD, state, cookiePath(method), secure(method)));
      return url;
    });
  });

  tableRoute(app, 'user', 'customSsoCallback', async (request, reply) => {
    const method = enabled();
    reply.header('set-cookie', stateCookie(METHOD, '', cookiePath(method), secure(method)));
    return answerSsoStep(request, reply, METHOD, async (context) => {
      const result = await method.finish(request.query, stateCookieOf(request, METHOD), context);
      return result.redirect_to;
    });
  });

  tableRoute(app, 'user', 'customSsoLogout', async (request, reply) => {
    const method = enabled();
    return reply.redirect(method.logoutUrl(request.query.redirect_uri), 302);
  });
}
