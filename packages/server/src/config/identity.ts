/**
 * Accounts and sign-in (group `identity`): token lifetimes, redirects, login methods, OAuth
 * providers, rate limits and the first administrator, with their defaults ({@link IDENTITY_DEFAULTS})
 * and the settings with every default applied ({@link IdentityConfig}).
 */
import { LoginStorage, PrivateStandardConfig } from '@plugin-center/contract/schemas';
import { Type } from 'typebox';
import type { CustomSsoConfig } from './customSso';
import type { LdapConfig } from './ldap';
import type { OidcConfig } from './oidc';
import type { SamlConfig } from './saml';
import { ConfigError, parseJson, parseOriginList } from './values';
import { about, trim, trimLower } from './variables';

/** Names of OAuth providers (`source`): `[A-Za-z0-9_-]{1,64}`. */
export const SOURCE_NAME = /^[A-Za-z0-9_-]{1,64}$/;

/** Requests per minute of the rate-limited identity routes; 0 = no limit. */
export interface RateLimits {
  signIn: number;
  signUp: number;
  codeExchange: number;
}

/** One OAuth2 / OpenID Connect provider of `OAUTH_PROVIDERS`. */
export interface OAuthProviderConfig {
  /** Name in the URLs (`3rd-party/oauth2/{source}/auth`) and in `app` of `user/oauth2/login`: `[A-Za-z0-9_-]{1,64}`. */
  source: string;
  /** Issuer URL; its `/.well-known/openid-configuration` is discovered on first use. */
  issuer: string;
  client_id: string;
  client_secret: string;
  /** Default redirect_uri for `user/oauth2/login` calls that send none. */
  redirect_uri?: string;
  /** Scopes asked for (default `openid email profile`). */
  scope?: string;
  /** Allow an `http:` issuer (local development and tests only). */
  allow_http?: boolean;
}

/** The identity settings with every default applied (see the fields of {@link ServerConfig}). */
export interface IdentityConfig {
  jwtSecret: string | undefined;
  jwtSecretPrevious: string | undefined;
  accessTokenTtl: number;
  refreshTokenTtl: number;
  /** Seconds after its rotation during which a rotated refresh token is still honoured; 0 = none. */
  refreshReuseLeeway: number;
  loginCodeTtl: number;
  redirectAllowlist: string[];
  privateLoginConfig: PrivateStandardConfig;
  loginStorage: LoginStorage;
  oauthProviders: OAuthProviderConfig[];
  rateLimits: RateLimits;
  adminEmail: string | undefined;
  adminPassword: string | undefined;
  /** LDAP sign-in (`LDAP_*`, `ldap.ts`): present exactly when `LDAP_URL` is set. */
  ldap?: LdapConfig;
  /** SAML 2.0 sign-in, present exactly when configured (`config/saml.ts`). */
  saml?: SamlConfig;
  /** OpenID Connect with the deployment's provider (`OIDC_*`); absent when not configured. */
  oidc?: OidcConfig;
  /** Custom SSO with the company's own system (`CUSTOM_SSO_*`); absent when not configured. */
  customSso?: CustomSsoConfig;
}

/** The largest `REFRESH_REUSE_LEEWAY`, seconds: a longer window would blunt reuse detection. */
export const REFRESH_REUSE_LEEWAY_MAX = 60;

/** Defaults of the identity settings (`ACCESS_TOKEN_TTL` … in seconds, rate limits per minute). */
export const IDENTITY_DEFAULTS = {
  accessTokenTtl: 900,
  refreshTokenTtl: 30 * 24 * 3600,
  refreshReuseLeeway: 10,
  loginCodeTtl: 60,
  rateLimits: { signIn: 10, signUp: 10, codeExchange: 30 },
  privateLoginConfig: { password: { enable: true, logout_mode: 'default', logout_url: null } },
  loginStorage: LoginStorage.LOCAL,
} as const satisfies Partial<IdentityConfig>;

const DAY = 24 * 3600;
const RATE_LIMIT_MAX = 1_000_000;
const limits = IDENTITY_DEFAULTS.rateLimits;

/** One `OAUTH_PROVIDERS` entry (the shape `parseOAuthProviders` returns). */
const OAuthProvider = Type.Object({
  source: Type.String({ pattern: SOURCE_NAME.source }),
  issuer: Type.String({ minLength: 1 }),
  client_id: Type.String({ minLength: 1 }),
  client_secret: Type.String({ minLength: 1 }),
  redirect_uri: Type.Optional(Type.String()),
  scope: Type.Optional(Type.String()),
  allow_http: Type.Optional(Type.Boolean()),
});

/**
 * `OAUTH_PROVIDERS`: a JSON array of {@link OAuthProviderConfig}; sources unique, issuers URLs.
 *
 * @throws ConfigError `OAUTH_PROVIDERS: entry <i>: …` naming the first field that does not fit.
 */
export function parseOAuthProviders(value: string): OAuthProviderConfig[] {
  const list = parseJson('OAUTH_PROVIDERS', value);
  if (!Array.isArray(list)) throw new ConfigError('OAUTH_PROVIDERS', 'expected a JSON array');
  const seen = new Set<string>();
  return list.map((item, i) => {
    const p = item as Record<string, unknown>;
    const fail = (message: string): never => {
      throw new ConfigError('OAUTH_PROVIDERS', `entry ${i}: ${message}`);
    };
    if (typeof p !== 'object' || p === null) fail('expected an object');
    for (const key of ['source', 'issuer', 'client_id', 'client_secret'] as const) {
      if (typeof p[key] !== 'string' || p[key] === '') fail(`${key} must be a non-empty string`);
    }
    const source = p.source as string;
    if (!SOURCE_NAME.test(source)) fail('source must match [A-Za-z0-9_-]{1,64}');
    if (seen.has(source)) fail(`source ${JSON.stringify(source)} is listed twice`);
    seen.add(source);
    try {
      new URL(p.issuer as string);
    } catch {
      fail('issuer is not a URL');
    }
    const provider: OAuthProviderConfig = {
      source,
      issuer: p.issuer as string,
      client_id: p.client_id as string,
      client_secret: p.client_secret as string,
    };
    if (p.redirect_uri !== undefined) {
      if (typeof p.redirect_uri !== 'string') fail('redirect_uri must be a string');
      provider.redirect_uri = p.redirect_uri as string;
    }
    if (p.scope !== undefined) {
      if (typeof p.scope !== 'string') fail('scope must be a string');
      provider.scope = p.scope as string;
    }
    if (p.allow_http !== undefined) {
      if (typeof p.allow_http !== 'boolean') fail('allow_http must be true or false');
      provider.allow_http = p.allow_http as boolean;
    }
    return provider;
  });
}

/** `REDIRECT_ALLOWLIST`: comma-separated http(s) origins, each normalised to `URL.origin`. */
export function parseRedirectAllowlist(value: string): string[] {
  return parseOriginList('REDIRECT_ALLOWLIST', value);
}

/** Default redirect allowlist: the server itself on `port`. */
export function defaultRedirectAllowlist(port: number): string[] {
  return [`http://localhost:${port}`, `http://127.0.0.1:${port}`];
}

/** `JWT_SECRET` … `ADMIN_PASSWORD`. */
export const IDENTITY_VARIABLES = {
  JWT_SECRET: Type.Optional(
    Type.Refine(
      Type.String({
        ...about({
          group: 'identity',
          errorMessage: 'must be at least 32 characters long',
          summary: 'HS256 key, ≥ 32 characters (default: generated, in the database)',
          description:
            'HS256 key of the access tokens, at least 32 characters. Unset: random 32-byte keys are generated on the first start and kept in the database sealed with the secrets key (`SECRETS_KEY` or `DATA_DIR/secrets.key`), so every process on the database shares them; rotate them with `plugin-center keys rotate` (see [Signing keys](#signing-keys)). To change it without signing anyone out, move the old value to `JWT_SECRET_PREVIOUS` for one `ACCESS_TOKEN_TTL`',
        }),
      }),
      // Bytes, as the HS256 key is.
      (value) => Buffer.byteLength(value) >= 32,
    ),
  ),
  JWT_SECRET_PREVIOUS: Type.Optional(
    Type.Refine(
      Type.String({
        ...about({
          group: 'identity',
          errorMessage: 'must be at least 32 characters long',
          summary: 'the former `JWT_SECRET`, still accepted (rotation)',
          description:
            'The former `JWT_SECRET` while it is being replaced: tokens it signed keep verifying, new tokens are signed with `JWT_SECRET`. Remove it once `ACCESS_TOKEN_TTL` has passed since the change. Ignored without `JWT_SECRET`',
        }),
      }),
      (value) => Buffer.byteLength(value) >= 32,
    ),
  ),
  ACCESS_TOKEN_TTL: Type.Integer({
    minimum: 1,
    maximum: DAY,
    default: IDENTITY_DEFAULTS.accessTokenTtl,
    ...about({
      group: 'identity',
      transform: trim,
      summary: 'access token lifetime, seconds (1–86400)',
      description: 'access token lifetime, seconds (1–86400)',
    }),
  }),
  REFRESH_TOKEN_TTL: Type.Integer({
    minimum: 60,
    maximum: 365 * DAY,
    default: IDENTITY_DEFAULTS.refreshTokenTtl,
    ...about({
      group: 'identity',
      transform: trim,
      defaultText: '`2592000` (30 days)',
      summary: 'refresh token lifetime, seconds (60 s – 365 days)',
      description: 'refresh token lifetime, seconds (60 s – 365 days); each rotation starts a new lifetime',
    }),
  }),
  REFRESH_REUSE_LEEWAY: Type.Integer({
    minimum: 0,
    maximum: REFRESH_REUSE_LEEWAY_MAX,
    default: IDENTITY_DEFAULTS.refreshReuseLeeway,
    ...about({
      group: 'identity',
      transform: trim,
      summary: 'seconds a rotated refresh token still refreshes (0–60, 0: off)',
      description:
        'seconds after its rotation during which a rotated refresh token is still honoured (0–60; 0 turns it off): presented again in that window, while its session is live, it gets a new pair of the same session (`GET user/valid` answers the user), so a page reloaded while its refresh was in flight stays signed in. Later, or once revoked, presenting it revokes the whole session (reuse detection, see [api.md](api.md#user-api-apiuc))',
    }),
  }),
  LOGIN_CODE_TTL: Type.Integer({
    minimum: 1,
    maximum: 600,
    default: IDENTITY_DEFAULTS.loginCodeTtl,
    ...about({
      group: 'identity',
      transform: trim,
      summary: 'one-time login code lifetime, seconds (1–600)',
      description: 'lifetime of the one-time login code of the login redirect, seconds (1–600)',
    }),
  }),
  REDIRECT_ALLOWLIST: Type.Optional(
    Type.Array(Type.String(), {
      ...about({
        group: 'identity',
        transform: trim,
        parse: parseOriginList,
        defaultText: '`http://localhost:<PORT>,http://127.0.0.1:<PORT>`',
        summary: 'origins a redirect_uri may point to (default this server)',
        description:
          'comma-separated origins (`https://plugins.example.com`) that a `redirect_uri` may point to; relative paths are always allowed. Set it to the public origin(s) of the deployment',
      }),
    }),
  ),
  PRIVATE_LOGIN_CONFIG: {
    ...PrivateStandardConfig,
    default: IDENTITY_DEFAULTS.privateLoginConfig,
    ...about({
      group: 'identity',
      transform: trim,
      parse: parseJson,
      errorMessage:
        'expected {"<method>": {"enable": boolean, "logout_mode": "default"|"redirect", "logout_url": string|null}}',
      summary: 'JSON: login methods, their logout (default password only)',
      description:
        'JSON: per login method (`ldap`, `oauth2`, `oidc`, `saml`, `custom_sso`, `password`) `enable`, `logout_mode` (`default` or `redirect`) and `logout_url`. `password` (e-mail sign-in and sign-up) is on unless `enable` is `false`; a configured directory method is offered unless `enable` is `false`, and in `redirect` mode without a `logout_url` logs out through its own logout endpoint. `GET /api/uc/config/private/standard/{product}` answers it completed so (see docs/sso.md)',
    }),
  },
  LOGIN_STORAGE: Type.Integer({
    minimum: 0,
    maximum: 2,
    default: IDENTITY_DEFAULTS.loginStorage,
    ...about({
      group: 'identity',
      transform: trim,
      summary: "SDK's login record: 0 local, 1 session storage, 2 cookie",
      description:
        'where the SDK keeps the login record: 0 local storage, 1 session storage, 2 cookie (`GET /api/pix/spaces/setting`)',
    }),
  }),
  OAUTH_PROVIDERS: Type.Array(OAuthProvider, {
    default: [],
    ...about({
      group: 'identity',
      transform: trim,
      parse: (_, text) => parseOAuthProviders(text),
      summary: 'JSON array of OAuth2/OpenID Connect providers',
      description:
        'JSON array of OAuth2/OpenID Connect providers: `{ "source", "issuer", "client_id", "client_secret", "redirect_uri"?, "scope"? (default `openid email profile`), "allow_http"? }`. `source` (`[A-Za-z0-9_-]{1,64}`) names the provider in `/api/uc/3rd-party/oauth2/{source}/…` and in `app` of `user/oauth2/login`; the issuer\'s `/.well-known/openid-configuration` is discovered on first use; `allow_http` permits an `http:` issuer (development only). Register the login page\'s callback URL (without query) as a redirect URI at the provider',
    }),
  }),
  RATE_LIMIT_SIGNIN: Type.Integer({
    minimum: 0,
    maximum: RATE_LIMIT_MAX,
    default: limits.signIn,
    ...about({
      group: 'identity',
      transform: trim,
      summary: 'sign-ins per minute per client IP and email (0: no limit)',
      description: 'sign-in attempts per minute per client IP and email (0 = no limit)',
    }),
  }),
  RATE_LIMIT_SIGNUP: Type.Integer({
    minimum: 0,
    maximum: RATE_LIMIT_MAX,
    default: limits.signUp,
    ...about({
      group: 'identity',
      transform: trim,
      summary: 'sign-ups per minute per client IP (0: no limit)',
      description: 'sign-ups per minute per client IP',
    }),
  }),
  RATE_LIMIT_CODE: Type.Integer({
    minimum: 0,
    maximum: RATE_LIMIT_MAX,
    default: limits.codeExchange,
    ...about({
      group: 'identity',
      transform: trim,
      summary: 'code exchanges per minute per client IP (0: no limit)',
      description: 'code exchanges and third-party sign-ins per minute per client IP',
    }),
  }),
  ADMIN_EMAIL: Type.Optional(
    Type.String({
      pattern: '^[^\\s@]+@[^\\s@]+$',
      ...about({
        group: 'identity',
        transform: trimLower,
        errorMessage: 'is not an email address',
        defaultText: '`admin@localhost`',
        summary: 'administrator created when there is none (admin@localhost)',
        description: 'the administrator created on a start that finds no administrator (role 1 or 2)',
      }),
    }),
  ),
  ADMIN_PASSWORD: Type.Optional(
    Type.Refine(
      Type.String({
        ...about({
          group: 'identity',
          errorMessage: 'must be at least 8 characters long',
          summary: 'its password, ≥ 8 characters (default: random, printed once)',
          description:
            'its password (at least 8 characters); unset → a random one-time password is printed once',
        }),
      }),
      // UTF-16 code units, as before (JSON Schema's minLength counts code points).
      (value) => value.length >= 8,
    ),
  ),
};
