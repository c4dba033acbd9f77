/**
 * Which sign-in methods a deployment offers (SPEC §1 "private-deployment SSO (ldap, oauth2, oidc,
 * saml, custom_sso)", §2 login page, §4 sign-out, §7 `GET /config/private/standard/{product}`):
 *
 * - a directory method (`ldap`, `oidc`, `saml`, `custom_sso`) is offered when its connection is
 *   configured (its field of {@link IdentityConfig} is present) and `PRIVATE_LOGIN_CONFIG[method]`
 *   does not say `enable: false`;
 * - `password` (e-mail sign-in and sign-up of the login page) is offered unless
 *   `PRIVATE_LOGIN_CONFIG.password.enable` is `false`; sign-up additionally needs a site with login
 *   (not the private deployment `hwdc`, whose visitors never reach this server's sign-up).
 *
 * The login page shows exactly the offered methods, the identity routes refuse the others with 404
 * LOGIN_METHOD_DISABLED, and {@link privateStandardConfig} tells the SSO client how each logs out.
 */
import type { SiteConfig } from '@plugin-center/contract';
import { ApiErrorCode } from '@plugin-center/contract';
import { ROUTES } from '@plugin-center/contract/routes';
import type { LogoutMode, PrivateStandardConfig } from '@plugin-center/contract/schemas';
import type { IdentityConfig } from '../config/identity';
import {
  DIRECTORY_METHODS,
  type DirectoryMethodName as DirectoryMethod,
  METHOD_FIELD,
} from '../config/loginMethods';

export { DIRECTORY_METHODS, type DirectoryMethod };

import { ApiError } from '../errors';
import { resolveSiteConfig } from '../site';

/** The directory methods signed in through the browser (a button-link to their login endpoint). */
export type BrowserSsoMethod = Exclude<DirectoryMethod, 'ldap'>;

/** `POST` endpoint of the directory (LDAP) sign-in form: body `{ username, password, redirect_uri }` → `{ redirect_to }`. */
export const LDAP_SIGN_IN_ENDPOINT = ROUTES.user.ldapSignIn.path;

/** `GET` endpoints that start a browser sign-in (`?redirect_uri=…`, 302 to the provider). */
export const SSO_LOGIN_ENDPOINTS = {
  oidc: ROUTES.user.oidcLogin.path,
  saml: ROUTES.user.samlLogin.path,
  custom_sso: ROUTES.user.customSsoLogin.path,
} as const satisfies Record<BrowserSsoMethod, string>;

/**
 * The methods' own logout endpoints (`GET`, 302 to the provider's logout and back), answered as
 * `logout_url` in `redirect` mode when `PRIVATE_LOGIN_CONFIG` gives none; `custom_sso`'s only when
 * `CUSTOM_SSO_LOGOUT_URL` is set (it passes the way back as `service`); `ldap` keeps no session at
 * the directory (none).
 */
export const SSO_LOGOUT_ENDPOINTS = {
  oidc: ROUTES.user.oidcLogout.path,
  saml: ROUTES.user.samlLogout.path,
  custom_sso: ROUTES.user.customSsoLogout.path,
} as const satisfies Record<BrowserSsoMethod, string>;

/** What {@link offeredLoginMethods} reads: `PRIVATE_LOGIN_CONFIG` and the directory methods' presence. */
export type LoginMethodSettings = Pick<IdentityConfig, 'privateLoginConfig'> & {
  ldap?: unknown;
  oidc?: unknown;
  saml?: unknown;
  customSso?: { loginUrl?: string; logoutUrl?: string | undefined } | undefined;
};

/** The methods a deployment offers (see the module comment). */
export interface OfferedLoginMethods {
  ldap: boolean;
  oidc: boolean;
  saml: boolean;
  custom_sso: boolean;
  /** E-mail and password sign-in (and sign-up where the site allows it). */
  password: boolean;
}

/** Whether `method`'s connection is configured (its {@link IdentityConfig} field is present). */
export function isConfigured(settings: LoginMethodSettings, method: DirectoryMethod): boolean {
  return settings[METHOD_FIELD[method]] !== undefined;
}

/** Whether e-mail sign-in is offered: `PRIVATE_LOGIN_CONFIG.password.enable`, default true. */
export function passwordEnabled(settings: LoginMethodSettings): boolean {
  return settings.privateLoginConfig.password?.enable !== false;
}

/** The methods `settings` offer: configured and not `enable: false` (password: not `enable: false`). */
export function offeredLoginMethods(settings: LoginMethodSettings): OfferedLoginMethods {
  const directory = (method: DirectoryMethod) =>
    isConfigured(settings, method) && settings.privateLoginConfig[method]?.enable !== false;
  return {
    ldap: directory('ldap'),
    oidc: directory('oidc'),
    saml: directory('saml'),
    custom_sso: directory('custom_sso'),
    password: passwordEnabled(settings),
  };
}

/**
 * Whether this server's own sign-up is open: e-mail sign-in is offered and the site has login
 * (`site.showLogin`; false on the private deployment `hwdc`).
 */
export function signUpOpen(settings: LoginMethodSettings, site: Pick<SiteConfig, 'showLogin'>): boolean {
  return site.showLogin && passwordEnabled(settings);
}

/**
 * The site configuration handed to the marketplace (`index.html`'s meta): `site` (unset: the
 * domestic site, returned as `undefined` when nothing changes) with `showSignUp: false` when it has
 * login but e-mail sign-in is off, so the header offers no sign-up there.
 */
export function siteWithSignUp(
  site: SiteConfig | undefined,
  settings: LoginMethodSettings,
): SiteConfig | undefined {
  if (passwordEnabled(settings)) return site;
  const resolved = site ?? resolveSiteConfig();
  return resolved.showLogin ? { ...resolved, showSignUp: false } : resolved;
}

/** @throws ApiError LOGIN_METHOD_DISABLED (404) unless e-mail sign-in is offered. */
export function requirePasswordSignIn(settings: LoginMethodSettings): void {
  if (!passwordEnabled(settings)) {
    throw new ApiError(
      ApiErrorCode.LOGIN_METHOD_DISABLED,
      'e-mail sign-in is not enabled on this deployment (PRIVATE_LOGIN_CONFIG.password.enable is false)',
    );
  }
}

/** @throws ApiError LOGIN_METHOD_DISABLED (404) unless {@link signUpOpen}. */
export function requireSignUp(settings: LoginMethodSettings, site: Pick<SiteConfig, 'showLogin'>): void {
  if (!site.showLogin) {
    throw new ApiError(
      ApiErrorCode.LOGIN_METHOD_DISABLED,
      'sign-up is not offered on this deployment: people sign in through the host product',
    );
  }
  if (!passwordEnabled(settings)) {
    throw new ApiError(
      ApiErrorCode.LOGIN_METHOD_DISABLED,
      'sign-up is not enabled on this deployment (PRIVATE_LOGIN_CONFIG.password.enable is false)',
    );
  }
}

/** The method's own logout address used in `redirect` mode when `PRIVATE_LOGIN_CONFIG` gives none. */
function ownLogoutUrl(settings: LoginMethodSettings, method: DirectoryMethod): string | null {
  if (method === 'oidc' || method === 'saml') return SSO_LOGOUT_ENDPOINTS[method];
  if (method === 'custom_sso') return settings.customSso?.logoutUrl ? SSO_LOGOUT_ENDPOINTS.custom_sso : null;
  return null;
}

/**
 * The answer of `GET /api/uc/config/private/standard/{product}` (SPEC §7; read by
 * `@plugin-center/sso`'s `signOut()`, SPEC §4 "redirect to a configured logout URL when logout mode
 * is redirect"): `PRIVATE_LOGIN_CONFIG`, completed:
 *
 * - `password` always, `enable` per {@link passwordEnabled}, `logout_mode` and `logout_url` as
 *   configured (default `default`, `null`);
 * - every configured directory method: `enable` (false only for `enable: false`), `logout_mode` as
 *   configured (default `default`), `logout_url` as configured, else in `redirect` mode the
 *   method's own (`/api/uc/oidc/logout`, `/api/uc/saml/logout`, `CUSTOM_SSO_LOGOUT_URL`; `null` for
 *   `ldap` and when custom SSO names none), else `null`;
 * - a directory method named in `PRIVATE_LOGIN_CONFIG` but not configured: as written there with
 *   `enable: false` (it answers 404 LOGIN_METHOD_DISABLED);
 * - any other method (`oauth2`, names this server does not know) exactly as configured.
 *
 * Order: `PRIVATE_LOGIN_CONFIG`'s, then the configured directory methods it does not name, then
 * `password` when it names none. Logging out always revokes the session's refresh tokens
 * (`POST user/logout`) first, whatever the mode.
 */
export function privateStandardConfig(settings: LoginMethodSettings): PrivateStandardConfig {
  const configured = settings.privateLoginConfig;
  const out: PrivateStandardConfig = {};
  for (const [name, entry] of Object.entries(configured)) out[name] = { ...entry };
  for (const method of DIRECTORY_METHODS) {
    const entry = configured[method];
    if (!isConfigured(settings, method)) {
      if (entry) out[method] = { ...entry, enable: false };
      continue;
    }
    const logout_mode: LogoutMode = entry?.logout_mode ?? 'default';
    out[method] = {
      enable: entry?.enable !== false,
      logout_mode,
      logout_url: entry?.logout_url ?? (logout_mode === 'redirect' ? ownLogoutUrl(settings, method) : null),
    };
  }
  const password = configured.password;
  out.password = {
    enable: passwordEnabled(settings),
    logout_mode: password?.logout_mode ?? 'default',
    logout_url: password?.logout_url ?? null,
  };
  return out;
}
