/**
 * Where uploaded files live (issue 12 "Storage"): one small interface, with the local disk under
 * `DATA_DIR/uploads` as the implementation the server uses by default. Keys are content addresses
 * (`<sha256 hex>.<ext>`, see `files.ts`), so a file is written once however many submissions share
 * it, and a write is atomic (temporary file, then rename): a reader never sees half a file, and a
 * crash leaves at most a temporary file, which {@link LocalFileStorage.list} reports for collection.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

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
}

const KEY = /^[0-9a-f]{64}\.[a-z0-9]{2,5}$/;
const TEMP_PREFIX = '.tmp-';

/** Throws on a key that is not a content address (no path can escape the directory). */
function checkKey(key: string): void {
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
