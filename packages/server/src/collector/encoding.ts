/**
 * The wire encoding of the Sensors Data web SDK (sa-sdk-javascript) that the tracker speaks to the
 * collector (SPEC §7 "POST to collector path /sa with query project, beacon method, encoded event
 * data; batch mode sends data_list"):
 *
 * - one record: `data=<urlencoded base64>&ext=<urlencoded "crc=<n>">`;
 * - a batch: `data_list=<urlencoded base64>` (the SDK adds `&gzip=0` in some versions, and may send
 *   `ext` with a crc too);
 *
 * where base64 is of the UTF-8 JSON (the SDK's `base64Encode(JSON.stringify(x))`: `btoa` over the
 * UTF-8 bytes) of one record or of an array of records, and `crc` is the SDK's Java-style
 * `hashCode` of the base64 *string*. The same fields arrive as an
 * `application/x-www-form-urlencoded` body (ajax), a `text/plain` body (`navigator.sendBeacon`
 * with a string) or a query string (image pixel).
 *
 * `gzip`: absent or `0` plain; `1` the base64 is of gzip-compressed JSON (what Sensors' server and
 * app SDKs send); `9` is the payload of the SDK's AES encryption plugin (`data` is the JSON of
 * `{ key_id, key_hash, nc, payload }` encrypted with a key only the Sensors server holds), which this
 * collector cannot read and refuses.
 */
import { gunzipSync } from 'node:zlib';

/**
 * Largest decompressed `gzip=1` payload accepted, bytes: 1 MiB, the same as `BODY_LIMIT` (app.ts)
 * caps a plain body at (larger inflates are refused as MALFORMED_BODY `… inflates beyond …`).
 *
 * Derivation (where an 8 MiB cap let an 11 KB body inflate to 4 million
 * records): a plain `data_list` carries at most 3/4 of 1 MiB of JSON (base64 in a 1 MiB body), and
 * compression is to save bandwidth, not to carry more than the plain transport can, so the inflated
 * JSON needs no more than the body limit. That covers 500-record (`MAX_BATCH_RECORDS`) batches with
 * room to spare: the web SDK's `$pageview` with its preset properties is about 0.9 KB, so 500 of them
 * are about 450 KB (a record can be larger — 100-character names, 1024-character values — but 500
 * records that each need 2 KB are already beyond what the plain transport takes). Kept a literal
 * rather than imported from app.ts (which imports the collector); a test checks they are equal.
 */
export const MAX_INFLATED_BYTES = 1024 * 1024;

/** The encoded fields of one collector request (form body, text body or query string). */
export interface EncodedPayload {
  /** base64 of one record's JSON. */
  data?: string | undefined;
  /** base64 of a JSON array of records. */
  data_list?: string | undefined;
  /** `crc=<n>` (the SDK's {@link sensorsHashCode} of the base64 text). */
  ext?: string | undefined;
  /** `0`/absent plain, `1` gzip, `9` encrypted (refused). */
  gzip?: string | undefined;
}

/** Why a payload could not be decoded; `status`-less: always answered as 400. */
export class PayloadError extends Error {
  override readonly name = 'PayloadError';
  constructor(
    message: string,
    /** `malformed`: the bytes are not what the encoding promises; `invalid`: a parameter is wrong. */
    readonly kind: 'malformed' | 'invalid',
  ) {
    super(message);
  }
}

/**
 * The SDK's `hashCode` (Java `String.hashCode` over UTF-16 code units, 32-bit signed):
 * `h = (h << 5) - h + charCode; h |= 0`.
 */
export function sensorsHashCode(text: string): number {
  let hash = 0;
  for (let i = 0; i < text.length; i++) {
    hash = (hash << 5) - hash + text.charCodeAt(i);
    hash |= 0;
  }
  return hash;
}

/** Percent-decodes one form component (`+` as space); a malformed escape leaves the text as it is. */
function decodeComponent(text: string): string {
  const spaced = text.includes('+') ? text.replaceAll('+', ' ') : text;
  if (!spaced.includes('%')) return spaced;
  try {
    return decodeURIComponent(spaced);
  } catch {
    return spaced;
  }
}

/**
 * Parses `a=1&b=2` form text (`+` as space, percent-decoding) into the first value of each name.
 * Never throws: a component with a malformed percent escape is kept as it is (the base64 check then
 * refuses it). Hand-rolled because `URLSearchParams` is about five times slower on the 50 KB bodies
 * of a batch.
 */
export function parseFormText(text: string): Record<string, string> {
  const out: Record<string, string> = Object.create(null);
  for (const part of text.split('&')) {
    if (part === '') continue;
    const eq = part.indexOf('=');
    const name = decodeComponent(eq < 0 ? part : part.slice(0, eq));
    if (!(name in out)) out[name] = eq < 0 ? '' : decodeComponent(part.slice(eq + 1));
  }
  return out;
}

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;
const utf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * Decodes one base64 field to its JSON value. A space is read as `+` (a `+` that was not
 * percent-encoded arrives as a space after form decoding).
 *
 * @throws PayloadError (`malformed`) when the text is not base64, not UTF-8 (after gunzip when
 *   `gzip` is `1`) or not JSON.
 */
export function decodeField(name: string, raw: string, gzip: boolean): unknown {
  const text = raw.includes(' ') ? raw.replaceAll(' ', '+') : raw;
  if (text.length === 0 || text.length % 4 === 1 || !BASE64.test(text)) {
    throw new PayloadError(`${name} is not valid base64`, 'malformed');
  }
  let bytes: Buffer = Buffer.from(text, 'base64');
  if (gzip) {
    try {
      bytes = gunzipSync(bytes, { maxOutputLength: MAX_INFLATED_BYTES });
    } catch {
      throw new PayloadError(
        `${name} is not valid gzip data (or inflates beyond ${MAX_INFLATED_BYTES} bytes)`,
        'malformed',
      );
    }
  }
  let json: string;
  try {
    json = utf8.decode(bytes);
  } catch {
    throw new PayloadError(`${name} is not valid UTF-8`, 'malformed');
  }
  try {
    return JSON.parse(json);
  } catch {
    throw new PayloadError(`${name} is not valid JSON`, 'malformed');
  }
}

/** The `crc` of an `ext` field (`crc=<n>`), undefined when `ext` carries none. */
function crcOf(ext: string | undefined): number | undefined {
  if (ext === undefined || ext === '') return undefined;
  const value = new URLSearchParams(ext).get('crc');
  if (value === null || value === '') return undefined;
  if (!/^-?\d{1,10}$/.test(value)) throw new PayloadError('crc is invalid', 'invalid');
  return Number(value);
}

/** Decoded records of a payload and whether it was a batch. */
export interface DecodedPayload {
  records: unknown[];
  batch: boolean;
}

/**
 * Checks and decodes the encoded fields of a request into its records: `data` gives one record,
 * `data_list` an array of them (an empty array is allowed). When `ext` carries a crc, it must equal
 * {@link sensorsHashCode} of the base64 text as sent.
 *
 * @throws PayloadError: `invalid` — neither or both of `data`/`data_list`, `gzip` not 0/1 (9:
 *   encrypted payloads are not supported), `crc mismatch`, a crc that is not a number; `malformed`
 *   — not base64 / UTF-8 / JSON, or a `data_list` that is not a JSON array.
 */
export function decodePayload(payload: EncodedPayload): DecodedPayload {
  const { data, data_list } = payload;
  const hasData = data !== undefined && data !== '';
  const hasList = data_list !== undefined && data_list !== '';
  if (hasData === hasList) {
    throw new PayloadError(
      hasData ? 'send either data or data_list, not both' : 'data or data_list is required',
      'invalid',
    );
  }
  const gzip = payload.gzip ?? '0';
  if (gzip === '9') {
    throw new PayloadError(
      'gzip=9 (payload encrypted by the SDK encryption plugin) is not supported: send plain data (gzip=0)',
      'invalid',
    );
  }
  if (gzip !== '0' && gzip !== '1' && gzip !== '') throw new PayloadError('gzip is invalid', 'invalid');
  const name = hasData ? 'data' : 'data_list';
  const raw = (hasData ? data : data_list) as string;
  const crc = crcOf(payload.ext);
  if (crc !== undefined && crc !== sensorsHashCode(raw.includes(' ') ? raw.replaceAll(' ', '+') : raw)) {
    throw new PayloadError('crc mismatch', 'invalid');
  }
  const value = decodeField(name, raw, gzip === '1');
  if (hasData) return { records: [value], batch: false };
  if (!Array.isArray(value)) throw new PayloadError('data_list is not a JSON array', 'malformed');
  return { records: value, batch: true };
}
