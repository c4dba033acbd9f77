/**
 * Where uploaded files live: one small interface ({@link FileStorage}) with two implementations,
 * the local disk under `DATA_DIR/uploads` (`localStorage.ts`, the default) and an S3-compatible
 * bucket (`s3Storage.ts`, when `S3_BUCKET` is set); `createFileStorage.ts` picks one. Keys are
 * content addresses (`<sha256 hex>.<ext>`, see `fileKeys.ts`), so a file is written once however
 * many rows share it, and a write is atomic: a reader never sees half a file.
 */

/** A stored file as {@link FileStorage.list} reports it. */
export interface StoredFile {
  key: string;
  /** Last modification, ms since the Unix epoch (the collector's grace period counts from it). */
  mtimeMs: number;
}

/** Storage of uploaded files by key. */
export interface FileStorage {
  /** Stores `bytes` under `key` unless it is there already. @returns whether it was written now. */
  put(key: string, bytes: Uint8Array): Promise<boolean>;
  /** The bytes of `key`, or undefined when there is no such file. */
  get(key: string): Promise<Buffer | undefined>;
  /** Removes `key` (no error when absent). */
  delete(key: string): Promise<void>;
  /** Every stored file, and leftovers of interrupted writes (keys starting with `.tmp-`). */
  list(): Promise<StoredFile[]>;
  /** Releases what the storage holds open (connections); called when the server closes. */
  close?(): void;
}

/** A content address: 64 lower-case hex digits of SHA-256, a dot, an extension of 2–5 characters. */
export const STORAGE_KEY = /^[0-9a-f]{64}\.[a-z0-9]{2,5}$/;
/** The name prefix of a local write's temporary file (a leftover after a crash is collected). */
export const TEMP_PREFIX = '.tmp-';

/**
 * Throws on a key that is neither a content address ({@link STORAGE_KEY}) nor a temporary file's
 * name (`.tmp-…`), or that holds a path separator or `..` (no key can escape the directory or the
 * bucket prefix).
 *
 * @throws Error `invalid storage key <key>`
 */
export function checkKey(key: string): void {
  if (!STORAGE_KEY.test(key) && !key.startsWith(TEMP_PREFIX)) throw new Error(`invalid storage key ${key}`);
  if (key.includes('/') || key.includes('\\') || key.includes('..'))
    throw new Error(`invalid storage key ${key}`);
}
