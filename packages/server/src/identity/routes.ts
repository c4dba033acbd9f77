/**
 * HTTP routes of the identity domain: the user API of SPEC §7 under `USER_API_BASE` (`/api/uc/`),
 * `GET /api/cmt/manager/verify` and `GET /api/pix/spaces/setting`, each registered from its entry
 * of the contract's route table (`ROUTES.user`, `ROUTES.plugin.verify`); success is the
 * `{ code: 0, data }` envelope, failure the `ErrorEnvelope`.
 *
 * Credentials: "(bearer)" routes take the access token (`Authorization: Bearer <access token>`),
 * "(refresh token)" routes the refresh token in the same header.
 */
import fastifyAccepts from '@fastify/accepts';
import fastifyCookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import {
  ApiErrorCode,
  type Locale,
  localeFromCookieValue,
  type SiteConfig,
  THIRD_PARTY_LOGIN_METHOD,
} from '@plugin-center/contract';
import { chooseOfferedLocale } from '@plugin-center/contract/locales';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError } from '../errors';
import { tableRoute } from '../routeTable';
import { bearerToken } from '../shared/auth';
import { limitPerMinute, registerRateLimits } from '../shared/rateLimit';
import { resolveSiteConfig } from '../site';
import { customSsoRoutes } from './customSsoRoutes';
import { ldapRoutes } from './ldapRoutes';
import { privateStandardConfig, requirePasswordSignIn, requireSignUp } from './loginMethods';
import { oidcRoutes } from './oidcRoutes';
import { PeopleService } from './people';
import { samlRoutes } from './samlRoutes';
import type { IdentityService } from './service';
import type { ThirdPartyProviders } from './thirdParty';

/** Options of {@link identityRoutes}. */
export interface IdentityRoutesOptions {
  identity: IdentityService;
  providers: ThirdPartyProviders;
  /** The site (`config.site`): sign-up is refused where it hides login (`hwdc`). Default: the domestic site. */
  site?: SiteConfig | undefined;
}

/** The refresh token of a "(refresh token)" call. @throws ApiError UNAUTHORIZED (401) without one. */
function refreshTokenOf(request: FastifyRequest): string {
  const token = bearerToken(request.headers.authorization);
  if (!token) {
    throw new ApiError(
      ApiErrorCode.UNAUTHORIZED,
      'send the refresh token as Authorization: Bearer <refresh token>',
    );
  }
  return token;
}

/** The signed-in caller (routes behind `requireUser`). */
function userOf(request: FastifyRequest): number {
  return request.user!.user_id;
}

/**
 * The user API (paths under `/api/uc/`, from the route table):
 * - `POST user/login` — body `SignInBody` (JSON or `application/x-www-form-urlencoded`) →
 *   `SignInResult` `{ redirect_to }` (redirect_uri with a one-time `code`); 400
 *   REDIRECT_NOT_ALLOWED, 401 INVALID_CREDENTIALS (same for unknown email and wrong password), 429
 *   RATE_LIMITED (per client IP and email, `RATE_LIMIT_SIGNIN`/min, with Retry-After); 404
 *   LOGIN_METHOD_DISABLED when e-mail sign-in is off (`PRIVATE_LOGIN_CONFIG.password.enable` false);
 * - `POST user/sign_up` — body `SignUpBody` → `SignInResult`; the new user has role 0; 409
 *   EMAIL_TAKEN, 400, 429 (per IP, `RATE_LIMIT_SIGNUP`/min); 404 LOGIN_METHOD_DISABLED when
 *   e-mail sign-in is off or the site hides login (`hwdc`: its visitors never reach this sign-up);
 * - `GET user/login/code/user?code&redirect_uri` → `LoginResult`; 400 INVALID_CODE (unknown,
 *   used, expired after `LOGIN_CODE_TTL` s, or another redirect_uri), 429 (per IP, `RATE_LIMIT_CODE`/min);
 * - `GET user/valid` (refresh token) → `{ info: UserInfo }`; 401;
 * - `POST user/refresh_token` (refresh token) → `TokenPair`, the refresh token rotated; 401
 *   (reusing a rotated token revokes its family, unless within `REFRESH_REUSE_LEEWAY` s of its
 *   rotation: then it is rotated again into a new token of the same family);
 * - `POST user/logout` (refresh token, or an access token) → `null`, the session (token family)
 *   revoked; 401 without a token or for one that is none of the server's;
 * - `GET user/userinfo` (bearer) → `UserInfo`;
 * - `GET user/login/code?redirect_uri` (bearer) → `LoginCodeResult` for another allowed site;
 * - `POST user/reset_token` (bearer) body `{ e_id }` → `LoginResult`, earlier sessions revoked;
 * - `GET config/private/standard/{product}` → `PrivateStandardConfig`: every method with `enable`,
 *   `logout_mode`, `logout_url` (`loginMethods.ts` {@link privateStandardConfig});
 * - `GET 3rd-party/oauth2/{source}/authorize?redirect_uri[&state]` → 302 to the provider;
 * - `POST 3rd-party/oauth2/{source}/auth` body `ThirdPartyAuthBody` → `LoginResult`;
 * - `POST user/oauth2/login` body `OAuth2LoginBody` (`app` = source) → `LoginResult`;
 * - `POST 3rd-party/bind` (bearer) body `ThirdPartyBindBody` → `UserInfo`;
 *   third-party failures: 502 THIRD_PARTY_FAILED with the provider's response body in `message`;
 * - `POST user/login/ldap` body `LdapSignInBody` → `SignInResult` (`ldapRoutes.ts`).
 */
export async function userRoutes(
  app: FastifyInstance,
  { identity, providers, site = resolveSiteConfig() }: IdentityRoutesOptions,
): Promise<void> {
  await app.register(formbody);
  // "(refresh token)" POSTs carry an empty body, and the SDK sends a JSON content type on every
  // call: read an empty JSON body as no body instead of failing.
  const json = app.getDefaultJsonParser('error', 'ignore');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (typeof body === 'string' && body.trim() === '') return done(null, undefined);
    return json(request, body as string, done);
  });
  await registerRateLimits(app);
  const limits = identity.settings.rateLimits;

  tableRoute(
    app,
    'user',
    'signIn',
    (request) => {
      requirePasswordSignIn(identity.settings);
      return identity.signIn(request.body);
    },
    {
      config: limitPerMinute(limits.signIn, (request) => {
        const email = (request.body as { email?: unknown } | undefined)?.email;
        return `${request.ip}|${typeof email === 'string' ? email.trim().toLowerCase() : ''}`;
      }),
    },
  );

  tableRoute(
    app,
    'user',
    'signUp',
    (request) => {
      requireSignUp(identity.settings, site);
      return identity.signUp(request.body);
    },
    { config: limitPerMinute(limits.signUp) },
  );

  // The code exchange every sign-in method ends with, from the signed-in page itself: its `lang`
  // cookie and Accept-Language give the account's language (its e-mails are written in it).
  await app.register(async (scope) => {
    await scope.register(fastifyCookie);
    await scope.register(fastifyAccepts);
    tableRoute(
      scope,
      'user',
      'exchangeCode',
      (request) =>
        identity.exchangeCode(request.query.code, request.query.redirect_uri, browserLocale(request, site)),
      { config: limitPerMinute(limits.codeExchange) },
    );
  });

  tableRoute(app, 'user', 'valid', async (request) => ({
    info: await identity.validate(refreshTokenOf(request)),
  }));

  tableRoute(app, 'user', 'refreshToken', (request) => identity.refresh(refreshTokenOf(request)));

  tableRoute(app, 'user', 'logout', async (request) => {
    await identity.logout(refreshTokenOf(request));
    return null;
  });

  tableRoute(app, 'user', 'userInfo', (request) => identity.userInfo(userOf(request)));

  // Personal access tokens: managed with a session access token only (a personal token
  // is refused on these routes by the auth plugin: it cannot mint or list tokens).
  tableRoute(app, 'plugin', 'personalTokenList', async (request) => ({
    token_list: await identity.personalTokens.list(userOf(request)),
  }));
  tableRoute(app, 'plugin', 'createPersonalToken', (request) =>
    identity.personalTokens.create(userOf(request), request.body.name, request.body.expires_in_days),
  );
  tableRoute(app, 'plugin', 'revokePersonalToken', (request) =>
    identity.personalTokens.revoke(userOf(request), request.body.id),
  );

  tableRoute(app, 'user', 'loginCode', (request) =>
    identity.issueLoginCode(request.user!, request.query.redirect_uri),
  );

  tableRoute(app, 'user', 'resetToken', (request) => identity.resetToken(request.user!, request.body.e_id));

  tableRoute(app, 'user', 'privateStandard', () => privateStandardConfig(identity.settings));

  // Third-party accounts --------------------------------------------------------------------------

  tableRoute(app, 'user', 'thirdPartyAuthorize', async (request, reply) => {
    const url = await providers.authorizationUrl(
      request.params.source,
      request.query.redirect_uri,
      request.query.state,
    );
    return reply.redirect(url, 302);
  });

  tableRoute(
    app,
    'user',
    'thirdPartyAuth',
    async (request) => {
      const profile = await providers.profile(
        request.params.source,
        request.body.code,
        request.body.redirect_uri,
      );
      return identity.startSession(await identity.thirdPartyAccount(profile), THIRD_PARTY_LOGIN_METHOD);
    },
    { config: limitPerMinute(limits.codeExchange) },
  );

  tableRoute(
    app,
    'user',
    'oauth2Login',
    async (request) => {
      const { app: source, code } = request.body;
      const redirectUri = request.body.redirect_uri || providers.config(source).redirect_uri;
      if (!redirectUri) {
        throw new ApiError(
          ApiErrorCode.INVALID_PARAMETER,
          `body.redirect_uri: is required (provider ${source} configures no redirect_uri)`,
        );
      }
      const profile = await providers.profile(source, code, redirectUri);
      return identity.startSession(await identity.thirdPartyAccount(profile), THIRD_PARTY_LOGIN_METHOD);
    },
    { config: limitPerMinute(limits.codeExchange) },
  );

  tableRoute(app, 'user', 'thirdPartyBind', async (request) => {
    const { source, code, redirect_uri } = request.body;
    const profile = await providers.profile(source, code, redirect_uri);
    return identity.bindThirdParty(userOf(request), profile);
  });

  // Directory sign-in methods
  await app.register(ldapRoutes, { identity });
}

/**
 * The interface locale of the browser behind `request`, among the site's locales, as the app and
 * the login page choose theirs (the contract's `chooseOfferedLocale`: the `lang` cookie, then
 * `Accept-Language`, the en-US fallback, the site's first). A cookie over 64 characters or an
 * unparsable header counts as absent.
 */
function browserLocale(request: FastifyRequest, site: SiteConfig): Locale {
  const cookie = request.cookies.lang;
  let languages: string[] = [];
  try {
    languages = request.languages();
  } catch {
    languages = [];
  }
  const lang = cookie !== undefined && cookie.length <= 64 ? cookie : undefined;
  return chooseOfferedLocale(localeFromCookieValue(lang), languages, site.locales);
}

/**
 * Every identity route: {@link userRoutes} under `/api/uc/`, and
 * - `GET /api/cmt/manager/verify` (bearer) → `AdminInfo` (the caller's current role; admin means
 *   1 or 2, SPEC §4); 401 UNAUTHORIZED when not signed in;
 * - `GET /api/cmt/manager/users` (admin) → `UserListResult`: accounts newest first, searchable
 *   (`people.ts`); 400 INVALID_CURSOR;
 * - `PUT /api/cmt/manager/users/role` (super admin) body `SetUserRoleBody` → `AdminUser`; 403
 *   FORBIDDEN for a general admin or a super admin target, 400 INVALID_PARAMETER (field `user_id`)
 *   for one's own role or an unknown user;
 * - `PUT /api/cmt/manager/users/status` (admin) body `SetUserStatusBody` → `AdminUser`: disable or
 *   enable an account (`people.ts` setStatus); 403 FORBIDDEN for a super admin target or a general
 *   admin target of a general admin, 400 INVALID_PARAMETER (field `user_id`) for one's own account or
 *   an unknown user.
 * (`GET /api/pix/spaces/setting` is the settings domain's: `settings/routes.ts`.)
 */
export async function identityRoutes(app: FastifyInstance, options: IdentityRoutesOptions): Promise<void> {
  await app.register(userRoutes, options);
  const { identity } = options;

  tableRoute(app, 'plugin', 'verify', (request) => identity.adminInfo(userOf(request)));

  // People of the back office (settings).
  const people = new PeopleService(identity);
  tableRoute(app, 'backoffice', 'userList', (request) => people.list(request.query));
  tableRoute(app, 'backoffice', 'setUserRole', (request) => people.setRole(request.user!, request.body));
  tableRoute(app, 'backoffice', 'setUserStatus', (request) => people.setStatus(request.user!, request.body));

  // SAML 2.0 sign-in (`samlRoutes.ts`).
  await app.register(samlRoutes, { identity });
  // OpenID Connect with the deployment's provider.
  await app.register(oidcRoutes, { identity });
  // Custom SSO with the company's own sign-in system.
  await app.register(customSsoRoutes, { identity });
}
