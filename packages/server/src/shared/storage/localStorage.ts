/**
 * {@link FileStorage} on the local disk. A write is atomic (temporary file, then rename): a reader
 * never sees half a file, and a crash leaves at most a temporary file, which
 * {@link LocalFileStorage.list} reports for collection.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { checkKey, type FileStorage, STORAGE_KEY, type StoredFile, TEMP_PREFIX } from './fileStorage';

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
      if (!STORAGE_KEY.test(key) && !key.startsWith(TEMP_PREFIX)) continue;
      try {
        out.push({ key, mtimeMs: (await stat(join(this.dir, key))).mtimeMs });
      } catch {
        // removed meanwhile
      }
    }
    return out;
  }
}
