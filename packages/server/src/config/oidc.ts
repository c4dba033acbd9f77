/**
 * OpenID Connect sign-in with the deployment's own provider (group `identity`): the `OIDC_*`
 * variables ({@link OIDC_VARIABLES}) and the settings they resolve to ({@link OidcConfig}), present
 * exactly when `OIDC_ISSUER` is set. Separate from `OAUTH_PROVIDERS` (third-party accounts): this is
 * the deployment's directory, whose accounts are linked by the provider's subject.
 */
import { type Static, Type } from 'typebox';
import { ConfigError, parseJson } from './values';
import { about, trim, trimLower } from './variables';

/** Scopes asked for when `OIDC_SCOPE` is unset. */
export const OIDC_DEFAULT_SCOPE = 'openid email profile';

/** Which claim carries each field of the account (`OIDC_CLAIMS`, defaults in {@link OIDC_DEFAULT_CLAIMS}). */
export interface OidcClaims {
  /** E-mail address (`email`). */
  email: string;
  /** Display name (`nick_name`). */
  name: string;
  /** Login name (`user_name`); the e-mail, then the subject, when the claim is missing. */
  username: string;
  department: string;
  /** Employee id (`e_id`). */
  employee_id: string;
  /** Groups: an array of names, or one name; compared with `OIDC_ADMIN_GROUP`. */
  groups: string;
}

/** The claims read when `OIDC_CLAIMS` names none (OpenID Connect Core §5.1 standard claims first). */
export const OIDC_DEFAULT_CLAIMS: OidcClaims = {
  email: 'email',
  name: 'name',
  username: 'preferred_username',
  department: 'department',
  employee_id: 'employee_id',
  groups: 'groups',
};

/** The OpenID Connect settings, every default applied. */
export interface OidcConfig {
  /** `OIDC_ISSUER`: its `/.well-known/openid-configuration` is discovered on first use. */
  issuer: string;
  /** `OIDC_CLIENT_ID`. */
  clientId: string;
  /** `OIDC_CLIENT_SECRET`: absent → a public client (PKCE only, no client authentication). */
  clientSecret?: string;
  /** `OIDC_SCOPE`: space-separated, always with `openid`. */
  scope: string;
  /** `OIDC_REDIRECT_URI`: this server's callback as registered at the provider (absolute URL). */
  redirectUri: string;
  /** `OIDC_CLAIMS` over {@link OIDC_DEFAULT_CLAIMS}. */
  claims: OidcClaims;
  /** `OIDC_ADMIN_GROUP`: members are general administrators, others lose that role; unset → roles untouched. */
  adminGroup?: string;
  /** `OIDC_ALLOW_HTTP`: allow an `http:` issuer (development and tests only). */
  allowHttp: boolean;
}

const ClaimName = Type.String({ minLength: 1, maxLength: 256 });

/** `OIDC_ISSUER` … `OIDC_ALLOW_HTTP`. */
export const OIDC_VARIABLES = {
  OIDC_ISSUER: Type.Optional(
    Type.String({
      ...about({
        group: 'identity',
        transform: trim,
        summary: "OpenID Connect: the deployment's provider (issuer URL)",
        description:
          "issuer URL of the deployment's OpenID Connect provider (see [OpenID Connect](sso.md#openid-connect)); its `/.well-known/openid-configuration` is discovered on first use. Set, it turns on `GET /api/uc/oidc/login`; the `OIDC_*` variables below apply",
      }),
    }),
  ),
  OIDC_CLIENT_ID: Type.Optional(
    Type.String({
      ...about({
        group: 'identity',
        transform: trim,
        summary: 'OpenID Connect: client id (required with OIDC_ISSUER)',
        description: 'client id registered at the provider (required with `OIDC_ISSUER`)',
      }),
    }),
  ),
  OIDC_CLIENT_SECRET: Type.Optional(
    Type.String({
      ...about({
        group: 'identity',
        summary: 'OpenID Connect: client secret (unset: public client, PKCE)',
        description:
          'client secret (sent with HTTP Basic at the token endpoint); unset → a public client that proves itself with PKCE only',
      }),
    }),
  ),
  OIDC_SCOPE: Type.Optional(
    Type.String({
      pattern: '(^|\\s)openid(\\s|$)',
      ...about({
        group: 'identity',
        transform: trim,
        errorMessage: 'must be space-separated scopes including openid',
        defaultText: `\`${OIDC_DEFAULT_SCOPE}\``,
        summary: 'OpenID Connect: scopes asked for (with openid)',
        description: 'space-separated scopes asked for; must include `openid`',
      }),
    }),
  ),
  OIDC_REDIRECT_URI: Type.Optional(
    Type.String({
      ...about({
        group: 'identity',
        transform: trim,
        defaultText: 'required with `OIDC_ISSUER`',
        summary: 'OpenID Connect: public URL of /api/uc/oidc/callback',
        description:
          "this server's callback as the browser reaches it and as registered at the provider: `https://<public host>/api/uc/oidc/callback` (the server cannot know its public origin behind a proxy); its origin is also the base of the absolute `post_logout_redirect_uri`",
      }),
    }),
  ),
  OIDC_CLAIMS: Type.Optional(
    Type.Object(
      {
        email: Type.Optional(ClaimName),
        name: Type.Optional(ClaimName),
        username: Type.Optional(ClaimName),
        department: Type.Optional(ClaimName),
        employee_id: Type.Optional(ClaimName),
        groups: Type.Optional(ClaimName),
      },
      {
        additionalProperties: false,
        ...about({
          group: 'identity',
          transform: trim,
          parse: parseJson,
          errorMessage:
            'expected a JSON object naming claims: {"email", "name", "username", "department", "employee_id", "groups"}',
          defaultText:
            '`{"email":"email","name":"name","username":"preferred_username","department":"department","employee_id":"employee_id","groups":"groups"}`',
          summary: 'OpenID Connect: JSON, which claim carries which field',
          description:
            'JSON object: which claim carries the e-mail, display name, login name, department, employee id (`e_id`) and groups; a field left out takes its default',
        }),
      },
    ),
  ),
  OIDC_ADMIN_GROUP: Type.Optional(
    Type.String({
      ...about({
        group: 'identity',
        transform: trim,
        summary: 'OpenID Connect: group whose members are administrators',
        description:
          'members of this group (the groups claim) are general administrators; a general administrator outside it becomes a general user at sign-in (a super administrator stays). Unset: roles are managed in the back office only',
      }),
    }),
  ),
  OIDC_ALLOW_HTTP: Type.Boolean({
    default: false,
    ...about({
      group: 'identity',
      transform: trimLower,
      blank: 'invalid',
      summary: 'OpenID Connect: allow an http: issuer (development only)',
      description: 'allow an `http:` issuer and endpoints (local development and tests only)',
    }),
  }),
};

const OIDC_SCHEMA = Type.Object(OIDC_VARIABLES);
/** The `OIDC_*` values as `readEnvironment` reads them. */
export type OidcEnvironment = Static<typeof OIDC_SCHEMA>;

function absoluteUrl(variable: string, value: string, allowHttp: boolean): URL {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new ConfigError(variable, `${JSON.stringify(value)} is not an absolute URL`);
  }
  if (url.protocol !== 'https:' && !(allowHttp && url.protocol === 'http:')) {
    throw new ConfigError(
      variable,
      `must be an https: URL${allowHttp ? ' or http:' : ' (http: only with OIDC_ALLOW_HTTP=true)'}`,
    );
  }
  if (url.username || url.password || url.hash) {
    throw new ConfigError(variable, 'must have no user info and no fragment');
  }
  return url;
}

/**
 * The {@link OidcConfig} of the environment, or undefined when `OIDC_ISSUER` is unset.
 *
 * @throws ConfigError `OIDC_ISSUER` not an https URL (http with `OIDC_ALLOW_HTTP`), `OIDC_CLIENT_ID`
 *   or `OIDC_REDIRECT_URI` missing, `OIDC_REDIRECT_URI` not an absolute http(s) URL.
 */
export function resolveOidcConfig(v: OidcEnvironment): OidcConfig | undefined {
  if (v.OIDC_ISSUER === undefined) return undefined;
  absoluteUrl('OIDC_ISSUER', v.OIDC_ISSUER, v.OIDC_ALLOW_HTTP);
  if (!v.OIDC_CLIENT_ID) throw new ConfigError('OIDC_CLIENT_ID', 'is required with OIDC_ISSUER');
  if (!v.OIDC_REDIRECT_URI) {
    throw new ConfigError(
      'OIDC_REDIRECT_URI',
      'is required with OIDC_ISSUER: the public URL of /api/uc/oidc/callback, as registered at the provider',
    );
  }
  // The browser reaches the callback from anywhere: http only for local tests.
  const redirect = absoluteUrl('OIDC_REDIRECT_URI', v.OIDC_REDIRECT_URI, true);
  const config: OidcConfig = {
    issuer: v.OIDC_ISSUER,
    clientId: v.OIDC_CLIENT_ID,
    scope: v.OIDC_SCOPE ?? OIDC_DEFAULT_SCOPE,
    redirectUri: redirect.href,
    claims: { ...OIDC_DEFAULT_CLAIMS, ...v.OIDC_CLAIMS },
    allowHttp: v.OIDC_ALLOW_HTTP,
  };
  if (v.OIDC_CLIENT_SECRET) config.clientSecret = v.OIDC_CLIENT_SECRET;
  if (v.OIDC_ADMIN_GROUP) config.adminGroup = v.OIDC_ADMIN_GROUP;
  return config;
}
