/**
 * Acme Docs, a product site that is not Plugin Center but reuses two of its packages:
 * - `@plugin-center/sso`: visitors sign in on Plugin Center's login page and come back with `?code=`,
 *   which the client exchanges for the login record (kept in localStorage across reloads and pages,
 *   refreshed before it expires, shared by the site's tabs);
 * - `@plugin-center/analytics`: page views, clicks, reading and page leave go to Plugin Center's
 *   collector (`POST /sa`); the signed-in user is identified, and sign-out starts a new anonymous id.
 *
 * Every page of the site loads this one script; `data-*` attributes of the page say what to wire.
 */
import { createAnalytics } from '@plugin-center/analytics';
import { connectSession } from '@plugin-center/analytics/session';
import { readSiteConfig } from '@plugin-center/example-shared/config';
import { mountSession } from '@plugin-center/example-shared/session';
import { createSsoClient, SsoError } from '@plugin-center/sso';

const config = readSiteConfig(document);

const sso = createSsoClient({
  redirectUrl: config.redirectUrl,
  loginPageUrl: config.loginPageUrl,
  loginQuery: { from: 'web', channel: 'site', product: 'acme-docs', ux_mode: 'redirect' },
});

// Collector project `default` (deployment `test`); `www` would be `production`. A multi-page site:
// every page load is one `$pageview`.
const analytics = createAnalytics({ deployment: 'test', autoTrack: { deeplink: false } });
analytics.register({ product: 'acme-docs' });

const session = mountSession(document.getElementById('session')!, sso);

// sso.init() first: with `?code=` in the address it removes the code (history.replaceState) before
// its first await, so the page view the tracker sends at init() never carries the one-time code.
const ready = sso.init();
analytics.init();
// The signed-in user identified once (login + profile), a new anonymous id on sign-out, and a login
// the tracker still holds reset when the session turns out to have ended while the site was closed.
connectSession(analytics, sso);
ready.catch((error: unknown) => {
  session.fail(
    error instanceof SsoError && error.code === 'CODE_ERR'
      ? 'Signing in did not complete (the login code was refused or expired). Please sign in again.'
      : 'Plugin Center could not be reached; try again later.',
  );
});

// The custom event: "Was this page helpful?" buttons (`data-feedback="yes" | "no"`).
for (const b of document.querySelectorAll<HTMLButtonElement>('[data-feedback]')) {
  b.addEventListener('click', () => {
    analytics.track('DocFeedback', {
      doc: document.body.dataset.doc ?? location.pathname,
      helpful: b.dataset.feedback === 'yes',
    });
    const thanks = document.getElementById('feedback-thanks');
    if (thanks) thanks.hidden = false;
    for (const other of document.querySelectorAll<HTMLButtonElement>('[data-feedback]'))
      other.disabled = true;
  });
}
