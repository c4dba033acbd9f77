/**
 * The links of the curated content: a banner's `redirect_url` (SPEC §5 "Banner link must be
 * valid, otherwise 'Wrong url, please try again'"), and the image and tutorial addresses of the
 * configured contact QR codes and activities (`config/curation.ts`). The link rule is the one of
 * every link field, the contract's `httpUrl` (parsed with the WHATWG URL parser, never with a
 * home-made pattern); a path on this site is added here for configured addresses.
 */
import { BANNER_LIMITS } from '@plugin-center/contract';
import { httpUrl } from '@plugin-center/contract/text';

export { httpUrl };

/** C0 and C1 controls, DEL, a backslash, any white space, invisible format characters (Cf). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
const UNSAFE_PATH = /[\u0000-\u001f\u007f-\u009f\\\s]|\p{Cf}/u;

/**
 * An http(s) URL (the contract's `httpUrl`) or a path on this site (`/…`, not `//host`, no
 * backslash, white space, control or invisible character), as configured image and tutorial
 * addresses may be.
 * @param maxLength - characters, default {@link BANNER_LIMITS}.URL (2048)
 * @returns the normalised URL or the path unchanged, else undefined
 */
export function httpUrlOrPath(text: string, maxLength: number = BANNER_LIMITS.URL): string | undefined {
  if (text.startsWith('/')) {
    if (text.length > maxLength || text.startsWith('//') || UNSAFE_PATH.test(text)) return undefined;
    return text;
  }
  return httpUrl(text, maxLength);
}
