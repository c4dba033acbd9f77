/**
 * The schemas of the `user` group of the route table: the user API, the login page's form, third-party
 * accounts and the space setting.
 */
import { Type } from 'typebox';
import type { ROUTES } from '../routes';
import { INT32_MAX } from '../wire/common';
import {
  CodeExchangeQuery,
  CustomSsoCallbackQuery,
  CustomSsoLoginQuery,
  CustomSsoLogoutQuery,
  LdapSignInBody,
  LoginCodeQuery,
  LoginCodeResult,
  LoginResult,
  OAuth2LoginBody,
  OidcCallbackQuery,
  OidcLoginQuery,
  OidcLogoutQuery,
  PrivateStandardConfig,
  ResetTokenBody,
  SamlPostBody,
  SamlRedirectBindingQuery,
  SamlRedirectQuery,
  SignInBody,
  SignInResult,
  SignUpBody,
  ThirdPartyAuthBody,
  ThirdPartyBindBody,
  TokenPair,
  UserInfo,
  ValidResult,
} from '../wire/identity';
import { SpaceSetting, SpaceSettingResource, SpaceSettingResourceQuery } from '../wire/settings';
import { IDENTITY, type SchemasOf, SETTINGS } from './definition';

/** Path parameter `{source}`: a configured third-party (OAuth2/OIDC) provider. */
export const SourceParams = Type.Object({ source: Type.String({ minLength: 1, maxLength: 64 }) });
/** Path parameter `{product}` of the private-deployment login config. */
export const ProductParams = Type.Object({ product: Type.String({ minLength: 1, maxLength: 64 }) });
/** Query of `GET 3rd-party/oauth2/{source}/authorize`. */
export const AuthorizeQuery = Type.Object(
  {
    redirect_uri: Type.String({ minLength: 1, maxLength: 2048 }),
    state: Type.Optional(Type.String({ maxLength: 512 })),
  },
  { additionalProperties: false },
);
/** Query of `GET /api/pix/spaces/setting` (SPEC §7: `space_id=2`). */
export const SpaceSettingQuery = Type.Object({
  space_id: Type.Optional(Type.Integer({ minimum: 0, maximum: INT32_MAX })),
});
/** Schemas of {@link ROUTES}`.user` (SPEC §7 user API, the login page's form, third-party accounts). */
export const USER_ROUTE_SCHEMAS = {
  signIn: {
    tags: IDENTITY,
    summary: 'Password sign-in of the login page: answers where to send the browser (with a one-time code)',
    description:
      'Accepts JSON or `application/x-www-form-urlencoded`. 401 INVALID_CREDENTIALS whether the email is unknown or the password wrong; 400 REDIRECT_NOT_ALLOWED; 429 RATE_LIMITED per client IP and email.',
    body: SignInBody,
    response: SignInResult,
  },
  signUp: {
    tags: IDENTITY,
    summary: 'Create an account (role 0) and sign it in like user/login',
    description:
      'Accepts JSON or `application/x-www-form-urlencoded`. 409 EMAIL_TAKEN; 429 RATE_LIMITED per IP.',
    body: SignUpBody,
    response: SignInResult,
  },
  exchangeCode: {
    tags: IDENTITY,
    summary: 'Exchange a one-time login code for tokens and the user',
    description:
      'The code is single-use, short-lived (LOGIN_CODE_TTL, default 60 s) and bound to the redirect_uri it was issued for; otherwise 400 INVALID_CODE.',
    querystring: CodeExchangeQuery,
    response: LoginResult,
  },
  valid: {
    tags: IDENTITY,
    summary: 'The user of a refresh token (Authorization: Bearer <refresh token>)',
    response: ValidResult,
  },
  refreshToken: {
    tags: IDENTITY,
    summary: 'Rotate the refresh token (Authorization: Bearer <refresh token>) and issue a new access token',
    description:
      'The presented refresh token is spent; presenting it again revokes every token of its family (401).',
    response: TokenPair,
  },
  logout: {
    tags: IDENTITY,
    summary:
      'Sign out: end the session of the bearer token (Authorization: Bearer <refresh token>, or an access token): its token family is revoked; 401 for a token that is none of the server’s',
    response: Type.Null(),
  },
  userInfo: { tags: IDENTITY, summary: 'The signed-in user (bearer access token)', response: UserInfo },
  loginCode: {
    tags: IDENTITY,
    summary: 'A one-time login code that signs the caller in on another allowed site',
    querystring: LoginCodeQuery,
    response: LoginCodeResult,
  },
  resetToken: {
    tags: IDENTITY,
    summary:
      "Set the caller's enterprise id (e_id) and start a new session; earlier refresh tokens are revoked",
    body: ResetTokenBody,
    response: LoginResult,
  },
  privateStandard: {
    tags: IDENTITY,
    summary: 'Login methods of a private deployment and how each logs out (PRIVATE_LOGIN_CONFIG)',
    description:
      'The same for every product. A bearer token is accepted but not required: the login page reads this before anyone is signed in.',
    params: ProductParams,
    response: PrivateStandardConfig,
  },
  thirdPartyAuthorize: {
    tags: IDENTITY,
    summary: "Redirect (302) to a configured provider's authorization endpoint",
    description:
      'The provider sends the browser back to redirect_uri with `code` (and `state`), which the page then posts to 3rd-party/oauth2/{source}/auth.',
    params: SourceParams,
    querystring: AuthorizeQuery,
  },
  thirdPartyAuth: {
    tags: IDENTITY,
    summary: "Sign in with a provider's authorization code (the account is created on first sign-in)",
    params: SourceParams,
    body: ThirdPartyAuthBody,
    response: LoginResult,
  },
  oauth2Login: {
    tags: IDENTITY,
    summary: 'OAuth2 sign-in: `app` names the provider, `code` is its authorization code',
    body: OAuth2LoginBody,
    response: LoginResult,
  },
  thirdPartyBind: {
    tags: IDENTITY,
    summary: 'Bind a provider account to the signed-in user',
    description: '400 INVALID_PARAMETER when that provider account is bound to another user.',
    body: ThirdPartyBindBody,
    response: UserInfo,
  },
  spaceSetting: {
    tags: IDENTITY,
    summary: 'Space setting of a private deployment: where the SDK stores the login record',
    description:
      "The whole space setting (as `GET /api/pix/mst/spaces/setting`): brand, topic colour and `login_storage` (0 local, 1 session, 2 cookie), which the SSO client reads with `loginStorage: 'fetch'`. This server has one space: every `space_id` answers it.",
    querystring: SpaceSettingQuery,
    response: SpaceSetting,
  },
  // Settings
  mstSpaceSetting: {
    tags: SETTINGS,
    summary: 'The space setting: brand, topic colour, login storage (public; defaults until an admin saves)',
    response: SpaceSetting,
  },
  mstSpaceSettingResource: {
    tags: SETTINGS,
    summary: 'One part of the space setting by key: brand, template (topic colour) or login_storage (public)',
    querystring: SpaceSettingResourceQuery,
    response: SpaceSettingResource,
  },
  // LDAP sign-in
  ldapSignIn: {
    tags: IDENTITY,
    summary: 'LDAP sign-in of the login page: answers where to send the browser (with a one-time code)',
    description:
      'Accepts JSON or `application/x-www-form-urlencoded`. The server finds the person with `LDAP_SEARCH_FILTER` and binds as them with the password; the account is created or updated from the directory (linked by entryUUID, never by e-mail). 401 INVALID_CREDENTIALS whether the user is unknown or the password wrong; 400 REDIRECT_NOT_ALLOWED; 404 LOGIN_METHOD_DISABLED when LDAP is not configured; 502 THIRD_PARTY_FAILED when the directory cannot be reached or refuses the service account; 429 RATE_LIMITED per client IP and user name.',
    body: LdapSignInBody,
    response: SignInResult,
  },
  // SAML 2.0 sign-in
  samlMetadata: {
    tags: IDENTITY,
    summary: "SAML: this service provider's metadata (`application/samlmetadata+xml`)",
    description:
      'Entity id, assertion consumer service (`/api/uc/saml/acs`, HTTP-POST), single logout service (`/api/uc/saml/slo`, HTTP-Redirect), NameID format, `WantAssertionsSigned`, and the signing certificate when requests are signed. 404 LOGIN_METHOD_DISABLED when SAML is not configured.',
  },
  samlLogin: {
    tags: IDENTITY,
    summary: "SAML: redirect (302) to the IdP's single sign-on service with an AuthnRequest",
    description:
      'HTTP-Redirect binding; `RelayState` is a one-time id (10 min) that keeps `redirect_uri` (default `/plugins/`). 400 REDIRECT_NOT_ALLOWED; 404 LOGIN_METHOD_DISABLED.',
    querystring: SamlRedirectQuery,
  },
  samlAcs: {
    tags: IDENTITY,
    summary:
      "SAML: assertion consumer service: the IdP's signed Response → 302 to redirect_uri with a login code",
    description:
      'Form `SAMLResponse`, `RelayState` (HTTP-POST binding, at most 256 KiB). Checks: signed assertion (IdP certificate), issuer, audience (SP entity id), recipient and destination (the ACS URL), NotBefore / NotOnOrAfter (± `SAML_CLOCK_SKEW_MS`), InResponseTo (one of our requests, once), assertion id not used before, persistent NameID. Failure: 302 to `/user/login/?redirect_uri&sso_error=<code>&sso_detail=<message>`, or with `Accept: application/json` the error envelope: 401 SSO_REJECTED naming the check, 400 INVALID_PARAMETER for a message that is not base64 XML, 403 ACCOUNT_DISABLED, 404 LOGIN_METHOD_DISABLED.',
    body: SamlPostBody,
    consumes: ['application/x-www-form-urlencoded'],
  },
  samlLogout: {
    tags: IDENTITY,
    summary: "SAML: single logout: redirect (302) to the IdP's logout service with a LogoutRequest",
    description:
      'For the browser that signed in with SAML (its `pc_saml` cookie names the SAML session: NameID and SessionIndex); call `POST user/logout` first. Without a known session, or when the IdP has no logout service, the browser goes to redirect_uri (default `/plugins/`). 400 REDIRECT_NOT_ALLOWED; 404 LOGIN_METHOD_DISABLED.',
    querystring: SamlRedirectQuery,
  },
  samlSlo: {
    tags: IDENTITY,
    summary: "SAML: single logout service (HTTP-Redirect): the IdP's LogoutResponse or LogoutRequest",
    description:
      "A LogoutResponse to our LogoutRequest → 302 to its redirect_uri. A signed IdP-initiated LogoutRequest → the person's sessions revoked and 302 to the IdP with a LogoutResponse. 401 SSO_REJECTED (unsigned or wrongly signed, unknown request, other issuer), 400 INVALID_PARAMETER; 404 LOGIN_METHOD_DISABLED.",
    querystring: SamlRedirectBindingQuery,
  },
  samlSloPost: {
    tags: IDENTITY,
    summary: 'SAML: single logout service (HTTP-POST), as its GET',
    description: 'The message must carry an XML signature. Errors as `GET /api/uc/saml/slo`.',
    body: SamlPostBody,
    consumes: ['application/x-www-form-urlencoded'],
  },
  // OpenID Connect: the deployment's own provider
  oidcLogin: {
    tags: IDENTITY,
    summary: "Start an OpenID Connect sign-in: redirect (302) to the deployment's provider",
    description:
      'Authorization code flow with PKCE (S256), state and nonce (OpenID Connect Core §3.1). 404 LOGIN_METHOD_DISABLED when OIDC is not configured, 400 REDIRECT_NOT_ALLOWED; a provider that cannot be reached sends the browser to the login page with `sso_error` (with `Accept: application/json`: 502 THIRD_PARTY_FAILED).',
    querystring: OidcLoginQuery,
  },
  oidcCallback: {
    tags: IDENTITY,
    summary: "The provider's answer: redirect (302) to redirect_uri with a one-time login code",
    description:
      'Register this URL (`OIDC_REDIRECT_URI`) at the provider. Failures send the browser to `/user/login/?redirect_uri&sso_error&sso_detail`, or answer the error envelope with `Accept: application/json`: 401 SSO_REJECTED (state not bound to this browser, unknown, used or expired; nonce or ID token refused), 502 THIRD_PARTY_FAILED (the provider refused or failed, its answer in `message`).',
    querystring: OidcCallbackQuery,
  },
  oidcLogout: {
    tags: IDENTITY,
    summary: 'Sign out at the provider: redirect (302) to its end_session_endpoint (RP-Initiated Logout)',
    description:
      "With `client_id` and `post_logout_redirect_uri` (redirect_uri made absolute, default `/plugins/`); straight to redirect_uri when the provider has no end_session_endpoint. Revoke this site's session first with `POST user/logout`.",
    querystring: OidcLogoutQuery,
  },
  // Custom SSO: the company's own sign-in system
  customSsoLogin: {
    tags: IDENTITY,
    summary: "Start a custom SSO sign-in: redirect (302) to the company's sign-in page",
    description:
      "With `service` (this server's callback) and `state` (a one-time request, 10 minutes). 404 LOGIN_METHOD_DISABLED when custom SSO is not configured, 400 REDIRECT_NOT_ALLOWED.",
    querystring: CustomSsoLoginQuery,
  },
  customSsoCallback: {
    tags: IDENTITY,
    summary: "The company's answer (ticket): redirect (302) to redirect_uri with a one-time login code",
    description:
      "The ticket is exchanged server-to-server for a signed assertion (docs/sso.md, Custom SSO). Failures send the browser to `/user/login/?redirect_uri&sso_error&sso_detail`, or answer the error envelope with `Accept: application/json`: 401 SSO_REJECTED (state mismatch; ticket refused; assertion forged, expired, for another audience or replayed), 403 ACCOUNT_DISABLED (status disabled), 502 THIRD_PARTY_FAILED (the company's system failed or cannot be reached, its answer in `message`).",
    querystring: CustomSsoCallbackQuery,
  },
  customSsoLogout: {
    tags: IDENTITY,
    summary: "Sign out at the company's system: redirect (302) to CUSTOM_SSO_LOGOUT_URL",
    description:
      'With `service` = redirect_uri made absolute (default `/plugins/`); straight to redirect_uri without CUSTOM_SSO_LOGOUT_URL.',
    querystring: CustomSsoLogoutQuery,
  },
} as const satisfies SchemasOf<typeof ROUTES.user>;
