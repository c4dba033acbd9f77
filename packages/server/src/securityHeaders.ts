/**
 * The security headers of the server's HTML pages: one Content-Security-Policy
 * builder for the marketplace app under `/plugins/` and the login pages under `/user/login/`, so the
 * two cannot drift apart. Both forbid inline script (`script-src 'self'`, no `'unsafe-inline'` or
 * `'unsafe-eval'`), plugins (`object-src 'none'`) and foreign `<base>` and form targets; framing is
 * allowed only to the listed ancestors (CSP Level 2 `frame-ancestors`, with `X-Frame-Options` for
 * browsers that predate it, RFC 7034), so likes and installs cannot be clickjacked.
 */
import type { FastifyReply } from 'fastify';

/** Options of {@link contentSecurityPolicy}. */
export interface PolicyOptions {
  /** `style-src`: `'self'` alone, or also `'unsafe-inline'` (see {@link appPolicy}). */
  inlineStyle: boolean;
  /**
   * `img-src` / `media-src` beyond `'self' data:`: `https:` for remote plugin covers, icons and
   * videos, and `blob:` for the publish form's previews of the files a user chose (object URLs the
   * page itself made).
   */
  remoteMedia: boolean;
  /** `frame-ancestors`: `'none'`, or `'self'` and these origins. */
  frameAncestors: 'none' | readonly string[];
  /** `base-uri`: `'none'` or `'self'`. */
  baseUri: "'none'" | "'self'";
}

/** The `Content-Security-Policy` value for `options` (directives joined with `; `). */
export function contentSecurityPolicy(options: PolicyOptions): string {
  const media = options.remoteMedia ? "'self' data: blob: https:" : "'self' data:";
  return [
    "default-src 'none'",
    "script-src 'self'",
    options.inlineStyle ? "style-src 'self' 'unsafe-inline'" : "style-src 'self'",
    `img-src ${media}`,
    ...(options.remoteMedia ? [`media-src ${media}`, "font-src 'self' data:", "manifest-src 'self'"] : []),
    "connect-src 'self'",
    "form-action 'self'",
    `base-uri ${options.baseUri}`,
    "object-src 'none'",
    options.frameAncestors === 'none'
      ? "frame-ancestors 'none'"
      : `frame-ancestors ${["'self'", ...options.frameAncestors].join(' ')}`,
  ].join('; ');
}

/**
 * Policy of the login pages: this origin's script, stylesheet and `fetch` only (no inline script,
 * style or handler), forms post only here, never framed.
 */
export const LOGIN_PAGE_CSP = contentSecurityPolicy({
  inlineStyle: false,
  remoteMedia: false,
  frameAncestors: 'none',
  baseUri: "'none'",
});

/**
 * Policy of the marketplace app (`/plugins/`): the app's own module scripts only; `style-src` also
 * allows `'unsafe-inline'` because Radix's dialog (react-remove-scroll) inserts a `<style>` element
 * while a dialog is open, and React sets `style` attributes — neither can run script; images and
 * videos may come from any https origin (plugin covers, icons and videos are URLs of the catalogue
 * and of publishers); `fetch` only to this origin (the API, the collector `/sa`, the login pages).
 * Framed only by this origin and `frameAncestors` (`FRAME_ANCESTORS`).
 */
export function appPolicy(frameAncestors: readonly string[]): string {
  return contentSecurityPolicy({ inlineStyle: true, remoteMedia: true, frameAncestors, baseUri: "'self'" });
}

/**
 * Sets the headers of an app response: `Content-Security-Policy` {@link appPolicy},
 * `X-Content-Type-Options: nosniff`, `Referrer-Policy: strict-origin-when-cross-origin` and, when no
 * other origin may frame the app, `X-Frame-Options: SAMEORIGIN` (with embedding origins configured
 * it is left out: it cannot name them, and browsers that know `frame-ancestors` ignore it anyway).
 */
export function setAppSecurityHeaders(
  reply: FastifyReply,
  policy: string,
  frameAncestors: readonly string[],
): void {
  reply
    .header('content-security-policy', policy)
    .header('x-content-type-options', 'nosniff')
    .header('referrer-policy', 'strict-origin-when-cross-origin');
  if (frameAncestors.length === 0) reply.header('x-frame-options', 'SAMEORIGIN');
}
