/**
 * Where Plugin Center is, read from the page: `<meta name="plugin-center" content="…">` holds its
 * origin (e.g. `http://localhost:3000`). Empty means this site's own origin: the site is served by
 * (or behind the same reverse proxy as) Plugin Center. Shared by the browser examples.
 *
 * Only the login page is visited on Plugin Center's origin. The APIs a page calls (the user API
 * `/api/uc/`, and the product site's collector `/sa` or the editor host's plugin API `/api/cmt/`)
 * are always called on the page's own origin: Plugin Center answers no CORS, so a site on another
 * origin proxies those paths to it (each example's `serve.js` does).
 */
import { LOGIN_PAGE_PATH } from '@plugin-center/contract';

/** What an example's SSO client needs to know about Plugin Center. */
export interface SiteConfig {
  /** Plugin Center's login page, absolute when Plugin Center is on another origin. */
  loginPageUrl: string;
  /**
   * Where the login page sends the browser back with `?code=`: this page. A path when the login page
   * is on this origin (always allowed), else an absolute URL, whose origin must then be on Plugin
   * Center's `REDIRECT_ALLOWLIST`.
   */
  redirectUrl: string;
}

/** Reads the {@link SiteConfig} of the current page. */
export function readSiteConfig(doc: Document): SiteConfig {
  const here = new URL(doc.location.href);
  const meta = doc.querySelector('meta[name="plugin-center"]')?.getAttribute('content')?.trim() ?? '';
  const origin = meta ? new URL(meta, here).origin : here.origin;
  const sameOrigin = origin === here.origin;
  return {
    loginPageUrl: sameOrigin ? LOGIN_PAGE_PATH : `${origin}${LOGIN_PAGE_PATH}`,
    redirectUrl: sameOrigin ? here.pathname : `${here.origin}${here.pathname}`,
  };
}
