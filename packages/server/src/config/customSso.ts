/**
 * Custom SSO, the documented protocol for a company's own sign-in system (group `identity`; the
 * protocol is in docs/sso.md "Custom SSO"): the `CUSTOM_SSO_*` variables
 * ({@link CUSTOM_SSO_VARIABLES}) and the settings they resolve to ({@link CustomSsoConfig}), present
 * exactly when `CUSTOM_SSO_LOGIN_URL` is set.
 */
import { type Static, Type } from 'typebox';
import { ConfigError } from './values';
import { about, trim, trimLower } from './variables';

/** The custom SSO settings. */
export interface CustomSsoConfig {
  /** `CUSTOM_SSO_LOGIN_URL`: where the browser signs in (`?service=<callback>&state=<id>` added). */
  loginUrl: string;
  /** `CUSTOM_SSO_VALIDATE_URL`: where this server exchanges a ticket for a signed assertion. */
  validateUrl: string;
  /** `CUSTOM_SSO_SECRET`: signs the validate requests (HMAC-SHA256) and verifies HS256 assertions. */
  secret: string;
  /** `CUSTOM_SSO_ISSUER`: the assertions' expected `iss`. */
  issuer: string;
  /** `CUSTOM_SSO_SERVICE_URL`: this server's public callback; the assertions' expected `aud`. */
  serviceUrl: string;
  /** `CUSTOM_SSO_JWKS_URL`: assertions are signed RS256/ES256 with these keys instead of HS256. */
  jwksUrl?: string;
  /** `CUSTOM_SSO_LOGOUT_URL`: the company's logout (`?service=<where to return>` added). */
  logoutUrl?: string;
  /** `CUSTOM_SSO_STATUS_URL`: where refresh asks whether a person is still active (HMAC-signed). */
  statusUrl?: string;
  /** `CUSTOM_SSO_ADMIN_GROUP`: members (the `groups` claim) are general administrators. */
  adminGroup?: string;
  /** `CUSTOM_SSO_ALLOW_HTTP`: allow `http:` URLs of the company's system (development and tests). */
  allowHttp: boolean;
}

function url(summary: string, description: string) {
  return Type.Optional(
    Type.String({ ...about({ group: 'identity', transform: trim, summary, description }) }),
  );
}

/** `CUSTOM_SSO_LOGIN_URL` … `CUSTOM_SSO_ALLOW_HTTP`. */
export const CUSTOM_SSO_VARIABLES = {
  CUSTOM_SSO_LOGIN_URL: url(
    "custom SSO: the company's sign-in page (turns it on)",
    "the company's sign-in page (see [Custom SSO](sso.md#custom-sso)); the browser is sent there with `service` (this server's callback) and `state`. Set, it turns on `GET /api/uc/custom-sso/login`; the `CUSTOM_SSO_*` variables below apply",
  ),
  CUSTOM_SSO_VALIDATE_URL: url(
    'custom SSO: ticket validation endpoint (required)',
    'where this server exchanges a ticket for a signed assertion (`POST { ticket, service }`, HMAC-signed); required with `CUSTOM_SSO_LOGIN_URL`',
  ),
  CUSTOM_SSO_SECRET: Type.Optional(
    Type.Refine(
      Type.String({
        ...about({
          group: 'identity',
          errorMessage: 'must be at least 32 characters long',
          summary: 'custom SSO: shared secret, ≥ 32 characters (required)',
          description:
            "secret shared with the company's system: signs the validate requests (HMAC-SHA256) and, without `CUSTOM_SSO_JWKS_URL`, verifies the HS256 assertions; at least 32 bytes",
        }),
      }),
      (value) => Buffer.byteLength(value) >= 32,
    ),
  ),
  CUSTOM_SSO_ISSUER: Type.Optional(
    Type.String({
      ...about({
        group: 'identity',
        transform: trim,
        summary: "custom SSO: the assertions' issuer, iss (required)",
        description: 'the `iss` every assertion must carry; required with `CUSTOM_SSO_LOGIN_URL`',
      }),
    }),
  ),
  CUSTOM_SSO_SERVICE_URL: url(
    'custom SSO: public URL of /api/uc/custom-sso/callback',
    "this server's callback as the browser reaches it, `https://<public host>/api/uc/custom-sso/callback` (no query); sent as `service` and expected as the assertions' `aud`; required with `CUSTOM_SSO_LOGIN_URL`",
  ),
  CUSTOM_SSO_JWKS_URL: url(
    'custom SSO: JWKS of RS256/ES256 assertions (default HS256)',
    "the company's public keys (JWK Set); set, assertions must be signed RS256, ES256 or EdDSA with one of them and HS256 is refused",
  ),
  CUSTOM_SSO_LOGOUT_URL: url(
    "custom SSO: the company's logout page",
    "the company's logout page; `GET /api/uc/custom-sso/logout` sends the browser there with `service` (where to return). Unset: that route returns straight to its redirect_uri",
  ),
  CUSTOM_SSO_STATUS_URL: url(
    "custom SSO: the company's person status endpoint",
    'where this server asks, when a session is refreshed, whether the person is still active (`POST { sub, service }`, HMAC-signed like the validate requests; the answer `{ sub, status }`, see [Custom SSO](sso.md#custom-sso)); `disabled` or `deleted` ends every session of the account. Unset: a person disabled by the company keeps their sessions until the refresh token expires',
  ),
  CUSTOM_SSO_ADMIN_GROUP: Type.Optional(
    Type.String({
      ...about({
        group: 'identity',
        transform: trim,
        summary: 'custom SSO: group whose members are administrators',
        description:
          'members of this group (the `groups` claim) are general administrators; a general administrator outside it becomes a general user at sign-in. Unset: roles are managed in the back office only',
      }),
    }),
  ),
  CUSTOM_SSO_ALLOW_HTTP: Type.Boolean({
    default: false,
    ...about({
      group: 'identity',
      transform: trimLower,
      blank: 'invalid',
      summary: 'custom SSO: allow http: URLs (development only)',
      description: "allow `http:` URLs of the company's system (local development and tests only)",
    }),
  }),
};

const CUSTOM_SSO_SCHEMA = Type.Object(CUSTOM_SSO_VARIABLES);
/** The `CUSTOM_SSO_*` values as `readEnvironment` reads them. */
export type CustomSsoEnvironment = Static<typeof CUSTOM_SSO_SCHEMA>;

function checkUrl(variable: string, value: string, allowHttp: boolean, query: boolean): string {
  let parsed: URL;
  try {
    parsed = new URL(value);
  } catch {
    throw new ConfigError(variable, `${JSON.stringify(value)} is not an absolute URL`);
  }
  if (parsed.protocol !== 'https:' && !(allowHttp && parsed.protocol === 'http:')) {
    throw new ConfigError(
      variable,
      `must be an https: URL${allowHttp ? ' or http:' : ' (http: only with CUSTOM_SSO_ALLOW_HTTP=true)'}`,
    );
  }
  if (parsed.username || parsed.password || parsed.hash || (!query && parsed.search)) {
    throw new ConfigError(variable, `must have no user info, no fragment${query ? '' : ' and no query'}`);
  }
  return parsed.href;
}

/**
 * The {@link CustomSsoConfig} of the environment, or undefined when `CUSTOM_SSO_LOGIN_URL` is unset.
 *
 * @throws ConfigError a required variable missing (`CUSTOM_SSO_VALIDATE_URL`, `CUSTOM_SSO_SECRET`,
 *   `CUSTOM_SSO_ISSUER`, `CUSTOM_SSO_SERVICE_URL`), a URL that is not https (http with
 *   `CUSTOM_SSO_ALLOW_HTTP`) or carries user info or a fragment, a service URL with a query.
 */
export function resolveCustomSsoConfig(v: CustomSsoEnvironment): CustomSsoConfig | undefined {
  if (v.CUSTOM_SSO_LOGIN_URL === undefined) return undefined;
  const http = v.CUSTOM_SSO_ALLOW_HTTP;
  const required = (name: keyof CustomSsoEnvironment): string => {
    const value = v[name];
    if (typeof value !== 'string' || value === '') {
      throw new ConfigError(name, 'is required with CUSTOM_SSO_LOGIN_URL');
    }
    return value;
  };
  const config: CustomSsoConfig = {
    loginUrl: checkUrl('CUSTOM_SSO_LOGIN_URL', v.CUSTOM_SSO_LOGIN_URL, http, true),
    validateUrl: checkUrl('CUSTOM_SSO_VALIDATE_URL', required('CUSTOM_SSO_VALIDATE_URL'), http, true),
    secret: required('CUSTOM_SSO_SECRET'),
    issuer: required('CUSTOM_SSO_ISSUER'),
    // The browser reaches the callback from anywhere: http only for local tests.
    serviceUrl: checkUrl('CUSTOM_SSO_SERVICE_URL', required('CUSTOM_SSO_SERVICE_URL'), true, false),
    allowHttp: http,
  };
  if (v.CUSTOM_SSO_JWKS_URL)
    config.jwksUrl = checkUrl('CUSTOM_SSO_JWKS_URL', v.CUSTOM_SSO_JWKS_URL, http, true);
  if (v.CUSTOM_SSO_LOGOUT_URL) {
    config.logoutUrl = checkUrl('CUSTOM_SSO_LOGOUT_URL', v.CUSTOM_SSO_LOGOUT_URL, http, true);
  }
  if (v.CUSTOM_SSO_STATUS_URL) {
    config.statusUrl = checkUrl('CUSTOM_SSO_STATUS_URL', v.CUSTOM_SSO_STATUS_URL, http, true);
  }
  if (v.CUSTOM_SSO_ADMIN_GROUP) config.adminGroup = v.CUSTOM_SSO_ADMIN_GROUP;
  return config;
}
