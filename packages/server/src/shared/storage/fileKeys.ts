/**
 * Content addresses of uploaded files and the URLs they are served at: a row stores a file's key
 * (`<sha256 hex>.<ext>`), or, in a plugin's live listing, the URL `/api/cmt/file/<key>`.
 */
import { createHash } from 'node:crypto';
import { STORAGE_KEY } from './fileStorage';

/** Where stored images and videos are served (`GET /api/cmt/file/{key}`). */
export const FILE_URL_PREFIX = '/api/cmt/file/';

/** The storage key of a file: SHA-256 of its bytes and the extension of its sniffed type. */
export function fileKey(bytes: Uint8Array, ext: string): string {
  return `${createHash('sha256').update(bytes).digest('hex')}.${ext}`;
}

/** The URL of a stored image or video, or the value unchanged when it is not a key (imports). */
export function fileUrl(value: string | null): string | null {
  if (!value) return null;
  return STORAGE_KEY.test(value) ? `${FILE_URL_PREFIX}${value}` : value;
}

/** The storage key inside a stored-file URL, or the value when it is not one (kept as is). */
export function keyOf(value: string | null): string | null {
  if (!value) return null;
  return value.startsWith(FILE_URL_PREFIX) ? value.slice(FILE_URL_PREFIX.length) : value;
}
