/**
 * The app's one SSO client (SPEC §4 sign-in, `@plugin-center/sso`): the login record where the
 * space setting of this server says (`ext.login_storage` of `GET /api/pix/spaces/setting`, which an
 * administrator sets: 0 local storage by default, 1 session storage, 2 cookie), the login
 * page of this server (`/user/login/`), or the host product's sign-in page of the site
 * configuration (`signInUrl`, `SITE_SIGN_IN_URL`), or none on a site without login and without one
 * ({@link canSignIn} false: pages that need an account say so), the user API under `/api/uc/`. The page a person signs in from is where the
 * login page sends them back: `redirect_uri` is this page's path and query, and the code exchange
 * at start uses the same string (the server binds a code to its redirect_uri). On a private
 * deployment, sign-out follows the logout mode of the deployment's sign-in methods (a method with
 * `logout_mode: 'redirect'` sends the browser to its `logout_url` once the session has ended).
 *
 * @packageDocumentation
 */
import { createSsoClient } from '@plugin-center/sso';
import { site } from './site';

/**
 * Whether a person can sign in from this site: its own login page is shown, or the host product's
 * sign-in page is configured (`signInUrl`). False on a private deployment without login (`hwdc`)
 * that names no sign-in page.
 */
export const canSignIn = site.showLogin || site.signInUrl !== null;

/**
 * `pathname + search` of a URL without its `code` parameter, normalised the same way every time
 * (so the redirect_uri of sign-in and of the code exchange are the same string); with
 * `absolute` (sign-in on another site, `signInUrl`), the origin in front.
 */
export function redirectTarget(href: string, absolute = site.signInUrl !== null): string {
  const url = new URL(href);
  url.searchParams.delete('code');
  return (absolute ? url.origin : '') + url.pathname + url.search;
}

/** The app's SSO client. `init()` is called once by `main.tsx`. */
export const ssoClient = createSsoClient({
  redirectUrl: typeof window === 'undefined' ? '/plugins/' : redirectTarget(window.location.href),
  loginQuery: { from: 'plugins' },
  loginPageUrl: site.signInUrl ?? (canSignIn ? undefined : null),
  // The administrator's configured login storage, read at init().
  loginStorage: 'fetch',
  // A private deployment's sign-in methods may end the provider's session too: sign-out then goes
  // to the method's logout_url (`GET /api/uc/config/private/standard/{product}`, SPEC §7).
  followLogoutMode: site.variant === 'private',
});

/** Starts sign-in from the current page: back here, signed in, after the login page (full-page navigation). */
export function signInHere(query: Record<string, string> = {}): Promise<void> {
  return ssoClient.signIn({ redirect_uri: redirectTarget(window.location.href), ...query });
}
