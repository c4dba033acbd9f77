/**
 * The links of the curated content: a banner's `redirect_url` (SPEC §5 "Banner link must be
 * valid, otherwise 'Wrong url, please try again'"), and the image and tutorial addresses of the
 * configured contact QR codes and activities (`config/curation.ts`). Parsed with the WHATWG URL parser (`URL`), never with
 * a home-made pattern.
 */
import { BANNER_LIMITS } from '@plugin-center/contract';

/** A scheme and `//` written out: `https:example.com` and `http:\\host` are refused, not repaired. */
const HTTP_PREFIX = /^https?:\/\//i;

/** C0 controls, DEL, and any whitespace (the URL parser would strip or encode them silently). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
const UNSAFE = /[\u0000-\u001f\u007f\s]/u;

/**
 * An absolute http(s) URL, normalised by the WHATWG URL parser (`url.href`), or undefined when the
 * text is not one: empty, longer than `maxLength` characters (before or after normalisation),
 * relative, another scheme (`javascript:`, `data:`, `file:`, `ftp:`…), the scheme not followed by
 * `//`, whitespace or control characters anywhere, no host, or credentials before the host
 * (`https://trusted.example@evil.example/` reads like a trusted link and is not).
 *
 * @param maxLength - characters, default {@link BANNER_LIMITS}.URL (2048)
 */
export function httpUrl(text: string, maxLength: number = BANNER_LIMITS.URL): string | undefined {
  if (text.length === 0 || text.length > maxLength || !HTTP_PREFIX.test(text) || UNSAFE.test(text))
    return undefined;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
  if (!url.hostname || url.username !== '' || url.password !== '') return undefined;
  return url.href.length > maxLength ? undefined : url.href;
}

/**
 * An http(s) URL ({@link httpUrl}) or a path on this site (`/…`, not `//host`, no backslash,
 * whitespace or control character), as configured image and tutorial addresses may be.
 * @returns the normalised URL or the path unchanged, else undefined
 */
export function httpUrlOrPath(text: string, maxLength: number = BANNER_LIMITS.URL): string | undefined {
  if (text.startsWith('/')) {
    if (text.length > maxLength || text.startsWith('//') || text.includes('\\') || UNSAFE.test(text))
      return undefined;
    return text;
  }
  return httpUrl(text, maxLength);
}
