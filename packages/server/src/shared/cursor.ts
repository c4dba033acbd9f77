/**
 * Opaque keyset cursors of every paged list (`GET plugin/list`, submissions, the audit log, people,
 * resource positions): `base64url(JSON payload) "." base64url(checksum)`. The payload carries a
 * version, a fingerprint of the query it belongs to (sort, tag, search tokens) and the sort key of
 * the last row of the page. A cursor that was not issued by this
 * server, was altered, or belongs to another query is rejected with 400 INVALID_CURSOR.
 *
 * The checksum is a truncated SHA-256 over the payload and a fixed label: it detects forgery and
 * corruption of the opaque text (not a secret: a crafted cursor can at most start a page at some
 * other position of the same ordered list), and it stays valid across restarts and processes.
 */
import { createHash } from 'node:crypto';
import { ApiErrorCode } from '@plugin-center/contract/schemas';
import { ApiError } from '../errors';

const VERSION = 1;
const LABEL = 'plugin-center/list-cursor/v1';

function checksum(payload: string): string {
  return createHash('sha256').update(LABEL).update(payload).digest('base64url').slice(0, 16);
}

/** Fingerprint of a list query: cursors only continue the query they were issued for. */
export function queryFingerprint(parts: ReadonlyArray<string | number>): string {
  return createHash('sha256').update(parts.join('\u0000')).digest('base64url').slice(0, 12);
}

/** Encodes the position after the last row of a page (`key` = the row's sort key values). */
export function encodeCursor(fingerprint: string, key: readonly (number | string)[]): string {
  const payload = Buffer.from(JSON.stringify({ v: VERSION, q: fingerprint, k: key })).toString('base64url');
  return `${payload}.${checksum(payload)}`;
}

/** What a sort key of a cursor holds at one position: a safe integer, or a string (at most 1,024 characters). */
export type CursorKeyKind = 'number' | 'string';

/**
 * Decodes a cursor for the query with `fingerprint` whose sort key has `arity` numbers, or the
 * values of the kinds `arity` lists (a name order's key is a string).
 * @throws ApiError INVALID_CURSOR (400) when it is malformed, forged, of another version or query.
 */
export function decodeCursor(cursor: string, fingerprint: string, arity: number): number[];
export function decodeCursor(
  cursor: string,
  fingerprint: string,
  kinds: readonly CursorKeyKind[],
): (number | string)[];
export function decodeCursor(
  cursor: string,
  fingerprint: string,
  arity: number | readonly CursorKeyKind[],
): (number | string)[] {
  const kinds: readonly CursorKeyKind[] =
    typeof arity === 'number' ? Array.from({ length: arity }, () => 'number' as const) : arity;
  const invalid = (why: string) => new ApiError(ApiErrorCode.INVALID_CURSOR, `cursor: ${why}`);
  const dot = cursor.indexOf('.');
  if (dot <= 0) throw invalid('not a cursor issued by this server');
  const payload = cursor.slice(0, dot);
  if (checksum(payload) !== cursor.slice(dot + 1)) throw invalid('checksum mismatch (altered or forged)');
  let data: unknown;
  try {
    data = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    throw invalid('not a cursor issued by this server');
  }
  const { v, q, k } = (data ?? {}) as { v?: unknown; q?: unknown; k?: unknown };
  if (v !== VERSION) throw invalid('issued by another version of the server');
  if (q !== fingerprint) throw invalid('belongs to another query (sort, tag_id or keyword changed)');
  const fits = (value: unknown, kind: CursorKeyKind) =>
    kind === 'number'
      ? Number.isSafeInteger(value)
      : typeof value === 'string' && value.length <= 1024 && !value.includes('\u0000');
  if (!Array.isArray(k) || k.length !== kinds.length || !k.every((v, i) => fits(v, kinds[i]!))) {
    throw invalid('malformed position');
  }
  return k as (number | string)[];
}
