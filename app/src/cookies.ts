/**
 * The app's first-party cookies (the `lang` cookie of SPEC §9, the cookie-consent choice of issue
 * 15): one reader and one writer, so both are read and written the same way.
 *
 * @packageDocumentation
 */

/** The raw value of cookie `name` in a `document.cookie` string, or null when it is absent. */
export function readCookie(cookie: string, name: string): string | null {
  return cookie.match(new RegExp(`(?:^|;\\s*)${name}=([^;]*)`))?.[1] ?? null;
}

/**
 * Writes cookie `name` on the whole site: path `/`, `max-age` in seconds, SameSite=Lax, and Secure
 * when `secure` (default: the page is served over https). `value` is written as it is: it must be
 * cookie-octets (RFC 6265).
 */
export function writeCookie(
  name: string,
  value: string,
  maxAgeSeconds: number,
  {
    doc = document,
    secure = typeof location !== 'undefined' && location.protocol === 'https:',
  }: { doc?: Pick<Document, 'cookie'>; secure?: boolean } = {},
): void {
  doc.cookie = `${name}=${value}; path=/; max-age=${maxAgeSeconds}; SameSite=Lax${secure ? '; Secure' : ''}`;
}
