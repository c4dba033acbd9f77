/**
 * The `user` group of the route table: the user API under `/api/uc/`, the login page's form, third-
 * party accounts and the space setting.
 */
import type { RouteDefinition } from './definition';

/**
 * The user API of SPEC §7 under `USER_API_BASE` (`/api/uc/`; paths as in `USER_API`), the login
 * page's sign-in and sign-up, the third-party (OAuth2/OIDC) calls and the space setting the SSO
 * client reads (`GET /api/pix/spaces/setting`).
 */
export const USER_ROUTES = {
  signIn: {
    method: 'POST',
    path: '/api/uc/user/login',
    access: 'public',
    request: 'body',
    response: 'envelope',
  },
  signUp: {
    method: 'POST',
    path: '/api/uc/user/sign_up',
    access: 'public',
    request: 'body',
    response: 'envelope',
  },
  exchangeCode: {
    method: 'GET',
    path: '/api/uc/user/login/code/user',
    access: 'public',
    request: 'query',
    response: 'envelope',
  },
  valid: {
    method: 'GET',
    path: '/api/uc/user/valid',
    access: 'refresh_token',
    request: 'none',
    response: 'envelope',
  },
  refreshToken: {
    method: 'POST',
    path: '/api/uc/user/refresh_token',
    access: 'refresh_token',
    request: 'none',
    response: 'envelope',
  },
  logout: {
    method: 'POST',
    path: '/api/uc/user/logout',
    access: 'refresh_token',
    request: 'none',
    response: 'envelope',
  },
  userInfo: {
    method: 'GET',
    path: '/api/uc/user/userinfo',
    access: 'user',
    request: 'none',
    response: 'envelope',
  },
  loginCode: {
    method: 'GET',
    path: '/api/uc/user/login/code',
    access: 'user',
    request: 'query',
    response: 'envelope',
  },
  resetToken: {
    method: 'POST',
    path: '/api/uc/user/reset_token',
    access: 'user',
    request: 'body',
    response: 'envelope',
  },
  privateStandard: {
    method: 'GET',
    path: '/api/uc/config/private/standard/{product}',
    access: 'public',
    request: 'none',
    response: 'envelope',
  },
  thirdPartyAuthorize: {
    method: 'GET',
    path: '/api/uc/3rd-party/oauth2/{source}/authorize',
    access: 'public',
    request: 'query',
    response: 'redirect',
  },
  thirdPartyAuth: {
    method: 'POST',
    path: '/api/uc/3rd-party/oauth2/{source}/auth',
    access: 'public',
    request: 'body',
    response: 'envelope',
  },
  oauth2Login: {
    method: 'POST',
    path: '/api/uc/user/oauth2/login',
    access: 'public',
    request: 'body',
    response: 'envelope',
  },
  thirdPartyBind: {
    method: 'POST',
    path: '/api/uc/3rd-party/bind',
    access: 'user',
    request: 'body',
    response: 'envelope',
  },
  spaceSetting: {
    method: 'GET',
    path: '/api/pix/spaces/setting',
    access: 'public',
    request: 'query',
    response: 'envelope',
  },
  // Settings: the space setting of SPEC §7 "Other" calls.
  mstSpaceSetting: {
    method: 'GET',
    path: '/api/pix/mst/spaces/setting',
    access: 'public',
    request: 'none',
    response: 'envelope',
  },
  mstSpaceSettingResource: {
    method: 'GET',
    path: '/api/pix/mst/spaces/setting/resource',
    access: 'public',
    request: 'query',
    response: 'envelope',
  },
  // LDAP sign-in
  ldapSignIn: {
    method: 'POST',
    path: '/api/uc/user/login/ldap',
    access: 'public',
    request: 'body',
    response: 'envelope',
  },
  // SAML 2.0 sign-in (SPEC §1 private-deployment SSO `saml`).
  samlMetadata: {
    method: 'GET',
    path: '/api/uc/saml/metadata',
    access: 'public',
    request: 'none',
    response: 'raw',
  },
  samlLogin: {
    method: 'GET',
    path: '/api/uc/saml/login',
    access: 'public',
    request: 'query',
    response: 'redirect',
  },
  samlAcs: {
    method: 'POST',
    path: '/api/uc/saml/acs',
    access: 'public',
    request: 'body',
    response: 'redirect',
  },
  samlLogout: {
    method: 'GET',
    path: '/api/uc/saml/logout',
    access: 'public',
    request: 'query',
    response: 'redirect',
  },
  samlSlo: {
    method: 'GET',
    path: '/api/uc/saml/slo',
    access: 'public',
    request: 'query',
    response: 'redirect',
  },
  samlSloPost: {
    method: 'POST',
    path: '/api/uc/saml/slo',
    access: 'public',
    request: 'body',
    response: 'redirect',
  },
  // OpenID Connect: the deployment's own provider (browser redirects).
  oidcLogin: {
    method: 'GET',
    path: '/api/uc/oidc/login',
    access: 'public',
    request: 'query',
    response: 'redirect',
  },
  oidcCallback: {
    method: 'GET',
    path: '/api/uc/oidc/callback',
    access: 'public',
    request: 'query',
    response: 'redirect',
  },
  oidcLogout: {
    method: 'GET',
    path: '/api/uc/oidc/logout',
    access: 'public',
    request: 'query',
    response: 'redirect',
  },
  // Custom SSO: the company's own sign-in system (browser redirects).
  customSsoLogin: {
    method: 'GET',
    path: '/api/uc/custom-sso/login',
    access: 'public',
    request: 'query',
    response: 'redirect',
  },
  customSsoCallback: {
    method: 'GET',
    path: '/api/uc/custom-sso/callback',
    access: 'public',
    request: 'query',
    response: 'redirect',
  },
  customSsoLogout: {
    method: 'GET',
    path: '/api/uc/custom-sso/logout',
    access: 'public',
    request: 'query',
    response: 'redirect',
  },
} as const satisfies Record<string, RouteDefinition>;
