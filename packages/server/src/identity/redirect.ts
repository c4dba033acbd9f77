/**
 * redirect_uri checks of the login flow: no open redirect (RFC 6749 §10.15, RFC 9700 §4.1). A
 * redirect_uri is accepted when it is
 * - a relative path on this site: starts with exactly one `/` (not `//`, not `/\`), or
 * - an absolute `http:`/`https:` URL without user info whose origin is on the allowlist
 *   (`REDIRECT_ALLOWLIST`).
 * Anything else — other schemes (`javascript:`, `data:`), other hosts, `user@host` tricks,
 * backslashes, control characters or whitespace anywhere — is refused with 400
 * REDIRECT_NOT_ALLOWED. Accepted values are normalised (WHATWG URL serialisation) so the value a
 * login code is bound to compares equal to the same address sent again at the code exchange.
 */
import { ApiErrorCode } from '@plugin-center/contract/schemas';
import { ApiError } from '../errors';

/** Base used only to parse relative paths; never part of an answer. */
const RELATIVE_BASE = 'http://relative.invalid';

/** A redirect_uri that passed {@link checkRedirectUri}. */
export interface AllowedRedirect {
  /** The normalised value: a path (`/plugins/?a=1`) or an absolute URL's `href`. */
  uri: string;
  relative: boolean;
}

function refuse(reason: string): never {
  throw new ApiError(ApiErrorCode.REDIRECT_NOT_ALLOWED, `redirect_uri is not allowed: ${reason}`);
}

/**
 * Checks a redirect_uri against the allowlist of origins (each already `URL.origin`-normalised).
 *
 * @returns the normalised redirect.
 * @throws ApiError REDIRECT_NOT_ALLOWED (400) with the reason.
 */
export function checkRedirectUri(value: string, allowlist: readonly string[]): AllowedRedirect {
  // Browsers drop tabs and newlines inside URLs and read `\` as `/`: "/\tevil.com", "/\evil.com"
  // would turn into "//evil.com". Refuse them outright, with every other control or space.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
  if (/[\u0000-\u0020\u007f-\u009f\\\u2028\u2029\ufeff]/.test(value)) {
    refuse('it contains a backslash, a space or a control character');
  }
  if (value.startsWith('/')) {
    if (value.startsWith('//')) refuse('a protocol-relative URL points to another site');
    const url = new URL(value, RELATIVE_BASE);
    if (url.origin !== RELATIVE_BASE) refuse('it does not stay on this site');
    return { uri: `${url.pathname}${url.search}${url.hash}`, relative: true };
  }
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return refuse('expected a path starting with / or an absolute http(s) URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    refuse(`the scheme ${url.protocol} is not allowed`);
  const authority = /^[a-z][a-z0-9+.-]*:\/\/([^/?#]*)/i.exec(value)?.[1];
  if (authority === undefined) refuse('expected an absolute URL of the form http(s)://host/path');
  if (url.username || url.password || authority.includes('@')) refuse('user info in the URL is not allowed');
  if (!allowlist.includes(url.origin)) refuse(`the origin ${url.origin} is not on the allowlist`);
  return { uri: url.href, relative: false };
}

/** The redirect with `code` added to its query (before any fragment); a relative redirect stays relative. */
export function appendCode(redirect: AllowedRedirect, code: string): string {
  const url = new URL(redirect.uri, RELATIVE_BASE);
  url.searchParams.set('code', code);
  return redirect.relative ? `${url.pathname}${url.search}${url.hash}` : url.href;
}
