/**
 * Where uploaded files live (issue 12 "Storage"): one small interface, with the local disk under
 * `DATA_DIR/uploads` as the implementation the server uses by default, and an S3-compatible bucket
 * (`s3Storage.ts`) when `S3_BUCKET` is set ({@link createFileStorage}). Keys are content addresses
 * (`<sha256 hex>.<ext>`, see `files.ts`), so a file is written once however many submissions share
 * it, and a write is atomic (temporary file, then rename): a reader never sees half a file, and a
 * crash leaves at most a temporary file, which {@link LocalFileStorage.list} reports for collection.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { ServerConfig } from '../config/serverConfig';

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
const KEY = STORAGE_KEY;
const TEMP_PREFIX = '.tmp-';

/**
 * Throws on a key that is neither a content address ({@link STORAGE_KEY}) nor a temporary file's
 * name (`.tmp-…`), or that holds a path separator or `..` (no key can escape the directory or the
 * bucket prefix).
 *
 * @throws Error `invalid storage key <key>`
 */
export function checkKey(key: string): void {
  if (!KEY.test(key) && !key.startsWith(TEMP_PREFIX)) throw new Error(`invalid storage key ${key}`);
  if (key.includes('/') || key.includes('\\') || key.includes('..'))
    throw new Error(`invalid storage key ${key}`);
}

/** {@link FileStorage} in a directory of the local disk (created on first write). */
export class LocalFileStorage implements FileStorage {
  constructor(readonly dir: string) {}

  async put(key: string, bytes: Uint8Array): Promise<boolean> {
    checkKey(key);
    const path = join(this.dir, key);
    try {
      await stat(path);
      return false;
    } catch {
      // not there yet
    }
    await mkdir(this.dir, { recursive: true });
    const temp = join(this.dir, `${TEMP_PREFIX}${randomBytes(8).toString('hex')}`);
    await writeFile(temp, bytes, { flush: true });
    await rename(temp, path);
    return true;
  }

  async get(key: string): Promise<Buffer | undefined> {
    checkKey(key);
    try {
      return await readFile(join(this.dir, key));
    } catch {
      return undefined;
    }
  }

  async delete(key: string): Promise<void> {
    checkKey(key);
    await rm(join(this.dir, key), { force: true });
  }

  async list(): Promise<StoredFile[]> {
    let names: string[];
    try {
      names = await readdir(this.dir);
    } catch {
      return [];
    }
    const out: StoredFile[] = [];
    for (const key of names) {
      if (!KEY.test(key) && !key.startsWith(TEMP_PREFIX)) continue;
      try {
        out.push({ key, mtimeMs: (await stat(join(this.dir, key))).mtimeMs });
      } catch {
        // removed meanwhile
      }
    }
    return out;
  }
}

/**
 * The storage the server's configuration selects: an `S3FileStorage` (`s3Storage.ts`) on
 * `config.s3` (set when `S3_BUCKET` is), else a {@link LocalFileStorage} in `<dataDir>/uploads`.
 * The S3 client is loaded only when it is used (it costs about 0.1 s and 20 MB at start). Nothing
 * is sent to the service here: a wrong bucket or key shows at the first upload, or as a warning of
 * the orphan collection that runs at start.
 *
 * @throws Error when `config.s3.prefix` is neither empty nor ends in `/` (`loadConfig` never
 *   produces such a prefix)
 */
export async function createFileStorage(config: Pick<ServerConfig, 'dataDir' | 's3'>): Promise<FileStorage> {
  if (config.s3) {
    const { S3FileStorage } = await import('./s3Storage');
    return new S3FileStorage(config.s3);
  }
  return new LocalFileStorage(join(config.dataDir, 'uploads'));
}
