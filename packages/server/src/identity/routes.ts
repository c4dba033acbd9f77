/**
 * HTTP routes of the identity domain: the user API of SPEC §7 under `USER_API_BASE` (`/api/uc/`),
 * `GET /api/cmt/manager/verify` and `GET /api/pix/spaces/setting`. Requests are validated and
 * answers serialised with the wire schemas (`@plugin-center/contract/schemas`); success is the
 * `{ code: 0, data }` envelope, failure the `ErrorEnvelope`.
 *
 * Credentials: "(bearer)" routes take the access token (`Authorization: Bearer <access token>`),
 * "(refresh token)" routes the refresh token in the same header.
 */
import formbody from '@fastify/formbody';
import rateLimit from '@fastify/rate-limit';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  AdminInfo,
  ApiErrorCode,
  CodeExchangeQuery,
  Envelope,
  ErrorEnvelope,
  LoginCodeQuery,
  LoginCodeResult,
  LoginResult,
  OAuth2LoginBody,
  PrivateStandardConfig,
  ResetTokenBody,
  SignInBody,
  SignInResult,
  SignUpBody,
  SpaceSetting,
  ThirdPartyAuthBody,
  ThirdPartyBindBody,
  TokenPair,
  UserInfo,
  ValidResult,
} from '@plugin-center/contract/schemas';
import type { FastifyContextConfig, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { ApiError } from '../errors';
import { bearerToken } from './auth';
import type { IdentityService } from './service';
import type { ThirdPartyProviders } from './thirdParty';

/** Options of {@link identityRoutes}. */
export interface IdentityRoutesOptions {
  identity: IdentityService;
  providers: ThirdPartyProviders;
}

const errors = { '4xx': ErrorEnvelope, '5xx': ErrorEnvelope };
const TAGS = ['identity'];
/** Window of the per-minute rate limits, ms. */
const RATE_WINDOW_MS = 60_000;

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
 * `config.rateLimit` of a route: at most `max` requests per minute per key (the client IP by
 * default); no limit when `max` is 0.
 */
function limit(max: number, key?: (request: FastifyRequest) => string): FastifyContextConfig {
  if (max <= 0) return { rateLimit: false };
  return {
    rateLimit: { max, timeWindow: RATE_WINDOW_MS, ...(key ? { keyGenerator: key } : {}) },
  };
}

/**
 * The user API (register with `prefix: '/api/uc'`):
 * - `POST user/login` — body `SignInBody` (JSON or `application/x-www-form-urlencoded`) →
 *   `SignInResult` `{ redirect_to }` (redirect_uri with a one-time `code`); 400
 *   REDIRECT_NOT_ALLOWED, 401 INVALID_CREDENTIALS (same for unknown email and wrong password), 429
 *   RATE_LIMITED (per client IP and email, `RATE_LIMIT_SIGNIN`/min, with Retry-After);
 * - `POST user/sign_up` — body `SignUpBody` → `SignInResult`; the new user has role 0; 409
 *   EMAIL_TAKEN, 400, 429 (per IP, `RATE_LIMIT_SIGNUP`/min);
 * - `GET user/login/code/user?code&redirect_uri` → `LoginResult`; 400 INVALID_CODE (unknown,
 *   used, expired after `LOGIN_CODE_TTL` s, or another redirect_uri), 429 (per IP, `RATE_LIMIT_CODE`/min);
 * - `GET user/valid` (refresh token) → `{ info: UserInfo }`; 401;
 * - `POST user/refresh_token` (refresh token) → `TokenPair`, the refresh token rotated; 401
 *   (reusing a rotated token revokes its family);
 * - `POST user/logout` (refresh token) → `null`, the token's family revoked; 401 without a token;
 * - `GET user/userinfo` (bearer) → `UserInfo`;
 * - `GET user/login/code?redirect_uri` (bearer) → `LoginCodeResult` for another allowed site;
 * - `POST user/reset_token` (bearer) body `{ e_id }` → `LoginResult`, earlier sessions revoked;
 * - `GET config/private/standard/{product}` → `PrivateStandardConfig` (`PRIVATE_LOGIN_CONFIG`);
 * - `GET 3rd-party/oauth2/{source}/authorize?redirect_uri[&state]` → 302 to the provider;
 * - `POST 3rd-party/oauth2/{source}/auth` body `ThirdPartyAuthBody` → `LoginResult`;
 * - `POST user/oauth2/login` body `OAuth2LoginBody` (`app` = source) → `LoginResult`;
 * - `POST 3rd-party/bind` (bearer) body `ThirdPartyBindBody` → `UserInfo`;
 *   third-party failures: 502 THIRD_PARTY_FAILED with the provider's response body in `message`.
 */
export const userRoutes: FastifyPluginAsyncTypebox<IdentityRoutesOptions> = async (
  app,
  { identity, providers },
) => {
  await app.register(formbody);
  // "(refresh token)" POSTs carry an empty body, and the SDK sends a JSON content type on every
  // call: read an empty JSON body as no body instead of failing.
  const json = app.getDefaultJsonParser('error', 'ignore');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (typeof body === 'string' && body.trim() === '') return done(null, undefined);
    return json(request, body as string, done);
  });
  await app.register(rateLimit, {
    global: false,
    hook: 'preHandler',
    errorResponseBuilder: (_request, context) =>
      new ApiError(
        ApiErrorCode.RATE_LIMITED,
        `too many requests; retry in ${context.after}`,
        context.statusCode,
      ),
  });
  const limits = identity.settings.rateLimits;

  app.post(
    '/user/login',
    {
      config: limit(limits.signIn, (request) => {
        const email = (request.body as { email?: unknown } | undefined)?.email;
        return `${request.ip}|${typeof email === 'string' ? email.trim().toLowerCase() : ''}`;
      }),
      schema: {
        tags: TAGS,
        summary:
          'Password sign-in of the login page: answers where to send the browser (with a one-time code)',
        description:
          'Accepts JSON or `application/x-www-form-urlencoded`. 401 INVALID_CREDENTIALS whether the email is unknown or the password wrong; 400 REDIRECT_NOT_ALLOWED; 429 RATE_LIMITED per client IP and email.',
        body: SignInBody,
        response: { 200: Envelope(SignInResult), ...errors },
      },
    },
    async (request) => ({ code: 0 as const, data: await identity.signIn(request.body) }),
  );

  app.post(
    '/user/sign_up',
    {
      config: limit(limits.signUp),
      schema: {
        tags: TAGS,
        summary: 'Create an account (role 0) and sign it in like user/login',
        description:
          'Accepts JSON or `application/x-www-form-urlencoded`. 409 EMAIL_TAKEN; 429 RATE_LIMITED per IP.',
        body: SignUpBody,
        response: { 200: Envelope(SignInResult), ...errors },
      },
    },
    async (request) => ({ code: 0 as const, data: await identity.signUp(request.body) }),
  );

  app.get(
    '/user/login/code/user',
    {
      config: limit(limits.codeExchange),
      schema: {
        tags: TAGS,
        summary: 'Exchange a one-time login code for tokens and the user',
        description:
          'The code is single-use, short-lived (LOGIN_CODE_TTL, default 60 s) and bound to the redirect_uri it was issued for; otherwise 400 INVALID_CODE.',
        querystring: CodeExchangeQuery,
        response: { 200: Envelope(LoginResult), ...errors },
      },
    },
    async (request) => ({
      code: 0 as const,
      data: await identity.exchangeCode(request.query.code, request.query.redirect_uri),
    }),
  );

  app.get(
    '/user/valid',
    {
      schema: {
        tags: TAGS,
        summary: 'The user of a refresh token (Authorization: Bearer <refresh token>)',
        response: { 200: Envelope(ValidResult), ...errors },
      },
    },
    async (request) => ({
      code: 0 as const,
      data: { info: await identity.validate(refreshTokenOf(request)) },
    }),
  );

  app.post(
    '/user/refresh_token',
    {
      schema: {
        tags: TAGS,
        summary:
          'Rotate the refresh token (Authorization: Bearer <refresh token>) and issue a new access token',
        description:
          'The presented refresh token is spent; presenting it again revokes every token of its family (401).',
        response: { 200: Envelope(TokenPair), ...errors },
      },
    },
    async (request) => ({ code: 0 as const, data: await identity.refresh(refreshTokenOf(request)) }),
  );

  app.post(
    '/user/logout',
    {
      schema: {
        tags: TAGS,
        summary: 'Sign out: revoke the refresh token (Authorization: Bearer <refresh token>) and its family',
        response: { 200: Envelope(Type.Null()), ...errors },
      },
    },
    async (request) => {
      await identity.logout(refreshTokenOf(request));
      return { code: 0 as const, data: null };
    },
  );

  app.get(
    '/user/userinfo',
    {
      preHandler: app.requireUser,
      schema: {
        tags: TAGS,
        summary: 'The signed-in user (bearer access token)',
        response: { 200: Envelope(UserInfo), ...errors },
      },
    },
    async (request) => ({ code: 0 as const, data: await identity.userInfo(userOf(request)) }),
  );

  app.get(
    '/user/login/code',
    {
      preHandler: app.requireUser,
      schema: {
        tags: TAGS,
        summary: 'A one-time login code that signs the caller in on another allowed site',
        querystring: LoginCodeQuery,
        response: { 200: Envelope(LoginCodeResult), ...errors },
      },
    },
    async (request) => ({
      code: 0 as const,
      data: await identity.issueLoginCode(userOf(request), request.query.redirect_uri),
    }),
  );

  app.post(
    '/user/reset_token',
    {
      preHandler: app.requireUser,
      schema: {
        tags: TAGS,
        summary:
          "Set the caller's enterprise id (e_id) and start a new session; earlier refresh tokens are revoked",
        body: ResetTokenBody,
        response: { 200: Envelope(LoginResult), ...errors },
      },
    },
    async (request) => ({
      code: 0 as const,
      data: await identity.resetToken(userOf(request), request.body.e_id),
    }),
  );

  app.get(
    '/config/private/standard/:product',
    {
      schema: {
        tags: TAGS,
        summary: 'Login methods of a private deployment and how each logs out (PRIVATE_LOGIN_CONFIG)',
        description:
          'The same for every product. A bearer token is accepted but not required: the login page reads this before anyone is signed in.',
        params: Type.Object({ product: Type.String({ minLength: 1, maxLength: 64 }) }),
        response: { 200: Envelope(PrivateStandardConfig), ...errors },
      },
    },
    async () => ({ code: 0 as const, data: identity.settings.privateLoginConfig }),
  );

  // Third-party accounts --------------------------------------------------------------------------

  const Source = Type.Object({ source: Type.String({ minLength: 1, maxLength: 64 }) });

  app.get(
    '/3rd-party/oauth2/:source/authorize',
    {
      schema: {
        tags: TAGS,
        summary: "Redirect (302) to a configured provider's authorization endpoint",
        description:
          'The provider sends the browser back to redirect_uri with `code` (and `state`), which the page then posts to 3rd-party/oauth2/{source}/auth.',
        params: Source,
        querystring: Type.Object(
          {
            redirect_uri: Type.String({ minLength: 1, maxLength: 2048 }),
            state: Type.Optional(Type.String({ maxLength: 512 })),
          },
          { additionalProperties: false },
        ),
        response: { '4xx': ErrorEnvelope, '5xx': ErrorEnvelope },
      },
    },
    async (request, reply) => {
      const url = await providers.authorizationUrl(
        request.params.source,
        request.query.redirect_uri,
        request.query.state,
      );
      return reply.redirect(url, 302);
    },
  );

  app.post(
    '/3rd-party/oauth2/:source/auth',
    {
      config: limit(limits.codeExchange),
      schema: {
        tags: TAGS,
        summary: "Sign in with a provider's authorization code (the account is created on first sign-in)",
        params: Source,
        body: ThirdPartyAuthBody,
        response: { 200: Envelope(LoginResult), ...errors },
      },
    },
    async (request) => {
      const profile = await providers.profile(
        request.params.source,
        request.body.code,
        request.body.redirect_uri,
      );
      return {
        code: 0 as const,
        data: await identity.startSession(await identity.thirdPartyAccount(profile)),
      };
    },
  );

  app.post(
    '/user/oauth2/login',
    {
      config: limit(limits.codeExchange),
      schema: {
        tags: TAGS,
        summary: 'OAuth2 sign-in: `app` names the provider, `code` is its authorization code',
        body: OAuth2LoginBody,
        response: { 200: Envelope(LoginResult), ...errors },
      },
    },
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
      return {
        code: 0 as const,
        data: await identity.startSession(await identity.thirdPartyAccount(profile)),
      };
    },
  );

  app.post(
    '/3rd-party/bind',
    {
      preHandler: app.requireUser,
      schema: {
        tags: TAGS,
        summary: 'Bind a provider account to the signed-in user',
        description: '400 INVALID_PARAMETER when that provider account is bound to another user.',
        body: ThirdPartyBindBody,
        response: { 200: Envelope(UserInfo), ...errors },
      },
    },
    async (request) => {
      const { source, code, redirect_uri } = request.body;
      const profile = await providers.profile(source, code, redirect_uri);
      return { code: 0 as const, data: await identity.bindThirdParty(userOf(request), profile) };
    },
  );
};

/**
 * Every identity route: {@link userRoutes} under `/api/uc`, and
 * - `GET /api/cmt/manager/verify` (bearer) → `AdminInfo` (the caller's current role; admin means
 *   1 or 2, SPEC §4); 401 UNAUTHORIZED when not signed in;
 * - `GET /api/pix/spaces/setting?space_id=2` → `SpaceSetting` (`ext.login_storage` from
 *   `LOGIN_STORAGE`: 0 local, 1 session, 2 cookie).
 */
export const identityRoutes: FastifyPluginAsyncTypebox<IdentityRoutesOptions> = async (app, options) => {
  await app.register(userRoutes, { ...options, prefix: '/api/uc' });
  const { identity } = options;

  app.get(
    '/api/cmt/manager/verify',
    {
      preHandler: app.requireUser,
      schema: {
        tags: TAGS,
        summary: "The caller's role (bearer): admin means 1 or 2",
        response: { 200: Envelope(AdminInfo), ...errors },
      },
    },
    async (request) => ({ code: 0 as const, data: await identity.adminInfo(userOf(request)) }),
  );

  app.get(
    '/api/pix/spaces/setting',
    {
      schema: {
        tags: TAGS,
        summary: 'Space setting of a private deployment: where the SDK stores the login record',
        querystring: Type.Object({ space_id: Type.Optional(Type.Integer()) }),
        response: { 200: Envelope(SpaceSetting), ...errors },
      },
    },
    async () => ({ code: 0 as const, data: { ext: { login_storage: identity.settings.loginStorage } } }),
  );
};
