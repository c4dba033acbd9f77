/**
 * The contact QR codes of issue 14 (SPEC §3 "Contact QR: name, img_url"; `GET manager/qr-code/list`):
 * not stored in the database but configured on the server, `CONTACT_QR_CODES`, a JSON array of
 * `{ "name", "img_url" }` read and checked at start ({@link parseContactQrCodes}).
 */
import type { ContactQr } from '@plugin-center/contract';
import { ConfigError, parseJson } from '../configValues';
import { httpUrlOrPath } from './bannerLinks';

/** Limits of `CONTACT_QR_CODES`: entries, and characters of a name. */
export const CONTACT_QR_LIMITS = { COUNT: 50, NAME: 100 } as const;

const VARIABLE = 'CONTACT_QR_CODES';

/**
 * Reads `CONTACT_QR_CODES`: a JSON array (at most {@link CONTACT_QR_LIMITS}.COUNT) of objects with
 * exactly `name` (1–100 characters, no control character) and `img_url` (an absolute http(s) URL or
 * a path on this site starting with `/`); the URL is normalised by the WHATWG parser.
 *
 * @throws ConfigError `CONTACT_QR_CODES: …` naming the entry and the field that does not fit
 */
export function parseContactQrCodes(text: string): ContactQr[] {
  const value = parseJson(VARIABLE, text);
  if (!Array.isArray(value)) throw new ConfigError(VARIABLE, 'expected a JSON array of {"name", "img_url"}');
  if (value.length > CONTACT_QR_LIMITS.COUNT)
    throw new ConfigError(VARIABLE, `at most ${CONTACT_QR_LIMITS.COUNT} entries`);
  return value.map((item: unknown, i) => {
    const fail = (message: string): never => {
      throw new ConfigError(VARIABLE, `entry ${i}: ${message}`);
    };
    if (typeof item !== 'object' || item === null || Array.isArray(item)) return fail('expected an object');
    const entry = item as Record<string, unknown>;
    const extra = Object.keys(entry).find((key) => key !== 'name' && key !== 'img_url');
    if (extra !== undefined) fail(`unknown field ${JSON.stringify(extra)}`);
    const { name, img_url } = entry;
    if (
      typeof name !== 'string' ||
      name.trim() === '' ||
      name.length > CONTACT_QR_LIMITS.NAME ||
      // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters
      /[\u0000-\u001f\u007f]/.test(name)
    )
      fail(`name must be 1 to ${CONTACT_QR_LIMITS.NAME} characters of text`);
    const url = typeof img_url === 'string' ? httpUrlOrPath(img_url.trim()) : undefined;
    if (url === undefined) return fail('img_url must be an absolute http(s) URL or a path starting with /');
    return { name: (name as string).trim(), img_url: url };
  });
}
