/**
 * Identity's wire: the admin check, the user (SPEC §3), tokens, the user API (SPEC §7, paths in
 * `USER_API` under `USER_API_BASE`), sign-in and sign-up, third-party accounts.
 */
import { type Static, Type } from 'typebox';
import { NullableString, RoleSchema } from './fields';

/** Admin info of `GET /api/cmt/manager/verify` (bearer): the caller's role; admin means 1 or 2. */
export const AdminInfo = Type.Object({
  role: RoleSchema,
  user_id: Type.Integer(),
  is_administrator: Type.Boolean(),
});
export type AdminInfo = Static<typeof AdminInfo>;

// ---------------------------------------------------------------------------------------------
// User API (SPEC §3 User, §4 sign-in, §7 User API), paths in `USER_API` under `USER_API_BASE`.
// ---------------------------------------------------------------------------------------------

/** A user (SPEC §3). Without `avatar_url` the app shows a generated initial-style avatar. */
export const UserInfo = Type.Object(
  {
    user_id: Type.Integer(),
    account_id: Type.String({ description: 'stable public id of the account' }),
    user_name: Type.String(),
    nick_name: Type.String(),
    email: NullableString,
    mobile: NullableString,
    avatar_url: NullableString,
    created_at: Type.Integer({ description: 'ms since the Unix epoch' }),
    department: NullableString,
    e_id: NullableString,
    is_administrator: Type.Boolean({ description: 'role is 1 or 2' }),
    is_owner: Type.Boolean(),
    staff_status: Type.Integer({ description: '1 active, 0 disabled' }),
    identification: NullableString,
    role: RoleSchema,
  },
  { $id: 'UserInfo' },
);
export type UserInfo = Static<typeof UserInfo>;

/**
 * Tokens of a session: a short-lived signed JWT access token (`exp` inside) and an opaque refresh
 * token, rotated at every refresh. The expiry times let a client store the login record (a cookie
 * expires with the refresh token, SPEC §9) without decoding anything.
 */
export const TokenPair = Type.Object(
  {
    access_token: Type.String(),
    refresh_token: Type.String(),
    access_token_expire_time: Type.Integer({ description: 'ms since the Unix epoch' }),
    refresh_token_expire_time: Type.Integer({ description: 'ms since the Unix epoch' }),
  },
  { $id: 'TokenPair' },
);
export type TokenPair = Static<typeof TokenPair>;

/** Tokens and the user: answer of the code exchange, OAuth2 login, reset token and third-party auth. */
export const LoginResult = Type.Object(
  { ...TokenPair.properties, user_info: UserInfo },
  { $id: 'LoginResult' },
);
export type LoginResult = Static<typeof LoginResult>;

/** Query of `GET user/login/code/user`: the one-time code and the redirect_uri it was issued for. */
export const CodeExchangeQuery = Type.Object(
  {
    code: Type.String({ minLength: 1, maxLength: 256 }),
    redirect_uri: Type.String({ minLength: 1, maxLength: 2048 }),
  },
  { additionalProperties: false },
);
export type CodeExchangeQuery = Static<typeof CodeExchangeQuery>;

/** Data of `GET user/valid` (SPEC §7 "returns data.info"). */
export const ValidResult = Type.Object({ info: UserInfo });
export type ValidResult = Static<typeof ValidResult>;

/** Query of `GET user/login/code` (bearer): the site the code is for. */
export const LoginCodeQuery = Type.Object(
  { redirect_uri: Type.String({ minLength: 1, maxLength: 2048 }) },
  { additionalProperties: false },
);
export type LoginCodeQuery = Static<typeof LoginCodeQuery>;

/** Data of `GET user/login/code`: a single-use code, valid until `expire_time` (ms). */
export const LoginCodeResult = Type.Object({ code: Type.String(), expire_time: Type.Integer() });
export type LoginCodeResult = Static<typeof LoginCodeResult>;

/** Body of `POST /user/oauth2/login`: `app` names a configured OAuth2 provider, `code` its authorization code. */
export const OAuth2LoginBody = Type.Object(
  {
    app: Type.String({ minLength: 1, maxLength: 64 }),
    code: Type.String({ minLength: 1, maxLength: 2048 }),
    redirect_uri: Type.Optional(Type.String({ maxLength: 2048 })),
  },
  { additionalProperties: false },
);
export type OAuth2LoginBody = Static<typeof OAuth2LoginBody>;

/** Body of `POST /user/reset_token` (bearer). */
export const ResetTokenBody = Type.Object(
  { e_id: Type.String({ minLength: 1, maxLength: 128 }) },
  { additionalProperties: false },
);
export type ResetTokenBody = Static<typeof ResetTokenBody>;

/** Body of `POST 3rd-party/oauth2/{source}/auth`: the provider's authorization code. */
export const ThirdPartyAuthBody = Type.Object(
  {
    code: Type.String({ minLength: 1, maxLength: 2048 }),
    redirect_uri: Type.String({ minLength: 1, maxLength: 2048 }),
    state: Type.Optional(Type.String({ maxLength: 512 })),
  },
  { additionalProperties: false },
);
export type ThirdPartyAuthBody = Static<typeof ThirdPartyAuthBody>;

/** Body of `POST 3rd-party/bind` (bearer): binds a provider account to the signed-in user. */
export const ThirdPartyBindBody = Type.Object(
  {
    source: Type.String({ minLength: 1, maxLength: 64 }),
    code: Type.String({ minLength: 1, maxLength: 2048 }),
    redirect_uri: Type.String({ minLength: 1, maxLength: 2048 }),
  },
  { additionalProperties: false },
);
export type ThirdPartyBindBody = Static<typeof ThirdPartyBindBody>;

/** Logout mode of a private-deployment login method: `redirect` sends the browser to `logout_url`. */
export const LogoutMode = Type.Union([Type.Literal('default'), Type.Literal('redirect')]);
export type LogoutMode = Static<typeof LogoutMode>;

/**
 * Data of `GET /config/private/standard/{product}`: per login method (ldap, oauth2, oidc, saml,
 * custom_sso, password) whether it is enabled and how logout works.
 */
export const PrivateStandardConfig = Type.Record(
  Type.String(),
  Type.Object({
    enable: Type.Boolean(),
    logout_mode: LogoutMode,
    logout_url: NullableString,
  }),
);
export type PrivateStandardConfig = Static<typeof PrivateStandardConfig>;

/** Body of the login page's sign-in (`POST user/login`). */
export const SignInBody = Type.Object(
  {
    email: Type.String({ minLength: 3, maxLength: 254 }),
    password: Type.String({ minLength: 1, maxLength: 1024 }),
    redirect_uri: Type.String({ minLength: 1, maxLength: 2048 }),
  },
  { additionalProperties: false },
);
export type SignInBody = Static<typeof SignInBody>;

/** Body of the login page's sign-up (`POST user/sign_up`): passwords of 8 to 1024 characters. */
export const SignUpBody = Type.Object(
  {
    email: Type.String({ minLength: 3, maxLength: 254 }),
    password: Type.String({ minLength: 8, maxLength: 1024 }),
    nick_name: Type.Optional(Type.String({ maxLength: 64 })),
    redirect_uri: Type.String({ minLength: 1, maxLength: 2048 }),
  },
  { additionalProperties: false },
);
export type SignUpBody = Static<typeof SignUpBody>;

/** Data of sign-in and sign-up: where the login page sends the browser (redirect_uri with `code`). */
export const SignInResult = Type.Object({ redirect_to: Type.String() });
export type SignInResult = Static<typeof SignInResult>;

// LDAP sign-in --------------------------------------------------------------------------------------

/**
 * Body of the login page's LDAP sign-in (`POST user/login/ldap`): the directory login name (as
 * `LDAP_SEARCH_FILTER` expects it, e.g. `uid` or `sAMAccountName`) and its password.
 */
export const LdapSignInBody = Type.Object(
  {
    username: Type.String({ minLength: 1, maxLength: 256 }),
    password: Type.String({ minLength: 1, maxLength: 1024 }),
    redirect_uri: Type.String({ minLength: 1, maxLength: 2048 }),
  },
  { additionalProperties: false },
);
export type LdapSignInBody = Static<typeof LdapSignInBody>;
// SAML 2.0 sign-in ---------------------------------------------------------------------------------

/** Query of `GET /api/uc/saml/login` and `GET /api/uc/saml/logout`: where the browser goes afterwards. */
export const SamlRedirectQuery = Type.Object(
  { redirect_uri: Type.Optional(Type.String({ minLength: 1, maxLength: 2048 })) },
  { additionalProperties: false },
);
export type SamlRedirectQuery = Static<typeof SamlRedirectQuery>;

/** Largest SAML message accepted in a form or a query, characters of base64 (256 KiB). */
export const SAML_MESSAGE_MAX = 262_144;

/**
 * Form of `POST /api/uc/saml/acs` (SAML 2.0 bindings §3.5 HTTP-POST): the base64 `SAMLResponse` and
 * the `RelayState` this server sent with its request (at most 80 bytes, bindings §3.5.3, though
 * longer IdP-initiated values are tolerated).
 */
export const SamlPostBody = Type.Object({
  SAMLResponse: Type.Optional(Type.String({ minLength: 1, maxLength: SAML_MESSAGE_MAX })),
  SAMLRequest: Type.Optional(Type.String({ minLength: 1, maxLength: SAML_MESSAGE_MAX })),
  RelayState: Type.Optional(Type.String({ maxLength: 2048 })),
});
export type SamlPostBody = Static<typeof SamlPostBody>;

/**
 * Query of `GET /api/uc/saml/slo` (SAML 2.0 bindings §3.4 HTTP-Redirect): a deflated, base64
 * `SAMLRequest` or `SAMLResponse`, `RelayState`, and the query signature (`SigAlg`, `Signature`).
 */
export const SamlRedirectBindingQuery = Type.Object({
  SAMLRequest: Type.Optional(Type.String({ minLength: 1, maxLength: SAML_MESSAGE_MAX })),
  SAMLResponse: Type.Optional(Type.String({ minLength: 1, maxLength: SAML_MESSAGE_MAX })),
  RelayState: Type.Optional(Type.String({ maxLength: 2048 })),
  SigAlg: Type.Optional(Type.String({ maxLength: 256 })),
  Signature: Type.Optional(Type.String({ maxLength: 4096 })),
});
export type SamlRedirectBindingQuery = Static<typeof SamlRedirectBindingQuery>;
// OpenID Connect: the deployment's own provider ---------------------------------------------------

/** Query of `GET oidc/login`: where the browser goes once signed in (checked like every redirect_uri). */
export const OidcLoginQuery = Type.Object(
  { redirect_uri: Type.String({ minLength: 1, maxLength: 2048 }) },
  { additionalProperties: false },
);
export type OidcLoginQuery = Static<typeof OidcLoginQuery>;

/**
 * Query of `GET oidc/callback`: the provider's authorization response (RFC 6749 §4.1.2, §4.1.2.1;
 * `iss` of RFC 9207). Every field is optional here (a provider answers either `code` or `error`);
 * the handler says what is missing. Other parameters a provider adds (`session_state`) are kept.
 */
export const OidcCallbackQuery = Type.Object({
  code: Type.Optional(Type.String({ maxLength: 4096 })),
  state: Type.Optional(Type.String({ maxLength: 512 })),
  error: Type.Optional(Type.String({ maxLength: 256 })),
  error_description: Type.Optional(Type.String({ maxLength: 2048 })),
  error_uri: Type.Optional(Type.String({ maxLength: 2048 })),
  iss: Type.Optional(Type.String({ maxLength: 2048 })),
});
export type OidcCallbackQuery = Static<typeof OidcCallbackQuery>;

/** Query of `GET oidc/logout`: where the provider sends the browser back (default `/plugins/`). */
export const OidcLogoutQuery = Type.Object(
  { redirect_uri: Type.Optional(Type.String({ minLength: 1, maxLength: 2048 })) },
  { additionalProperties: false },
);
export type OidcLogoutQuery = Static<typeof OidcLogoutQuery>;

// Custom SSO: the company's own sign-in system ----------------------------------------------------

/** Query of `GET custom-sso/login`: where the browser goes once signed in. */
export const CustomSsoLoginQuery = Type.Object(
  { redirect_uri: Type.String({ minLength: 1, maxLength: 2048 }) },
  { additionalProperties: false },
);
export type CustomSsoLoginQuery = Static<typeof CustomSsoLoginQuery>;

/** Query of `GET custom-sso/callback`: the company's answer (both optional here; the handler says what is missing). */
export const CustomSsoCallbackQuery = Type.Object({
  ticket: Type.Optional(Type.String({ maxLength: 2048 })),
  state: Type.Optional(Type.String({ maxLength: 512 })),
});
export type CustomSsoCallbackQuery = Static<typeof CustomSsoCallbackQuery>;

/** Query of `GET custom-sso/logout`: where the browser returns (default `/plugins/`). */
export const CustomSsoLogoutQuery = Type.Object(
  { redirect_uri: Type.Optional(Type.String({ minLength: 1, maxLength: 2048 })) },
  { additionalProperties: false },
);
export type CustomSsoLogoutQuery = Static<typeof CustomSsoLogoutQuery>;
