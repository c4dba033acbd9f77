/**
 * `S3FileStorage` against a real S3-compatible server (s3rver on a free local port, see
 * `testing/testS3.ts`): put/get/delete/list, idempotent put, missing keys, prefix isolation, foreign
 * objects in a shared bucket left alone, and errors that are not "missing" surfaced; the paging of
 * `list` against a stub client (s3rver cannot page on Node 20, see below).
 */
import { randomBytes } from 'node:crypto';
import {
  GetObjectCommand,
  HeadObjectCommand,
  type ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestS3, type TestS3Server } from '../../testing/testS3';
import { createFileStorage } from './createFileStorage';
import { fileKey } from './fileKeys';
import { LocalFileStorage } from './localStorage';
import { S3FileStorage } from './s3Storage';

let s3: TestS3Server;

beforeAll(async () => {
  s3 = await startTestS3('uploads');
}, 30_000);
afterAll(async () => s3?.close());

/** Random bytes and their content-addressed key. */
function file(ext = 'png', size = 64): { key: string; bytes: Buffer } {
  const bytes = randomBytes(size);
  return { key: fileKey(bytes, ext), bytes };
}

/**
 * The bytes of `key` once s3rver has written them whole. s3rver answers a PUT when the body has
 * been read, before its file is flushed to disk (its filesystem store resolves on the reading
 * stream's `finish`), so a GET right after can see a short file on a loaded machine; S3 itself
 * reads its writes. Polls `get` for up to 5 s until the length is `size`.
 */
async function whenWritten(store: S3FileStorage, key: string, size: number): Promise<Buffer | undefined> {
  let got = await store.get(key);
  for (let i = 0; i < 50 && got !== undefined && got.length !== size; i++) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    got = await store.get(key);
  }
  return got;
}

/** A storage under its own random prefix, so the tests do not see each other's objects. */
function storage(prefix = `t${randomBytes(4).toString('hex')}/`): S3FileStorage {
  return new S3FileStorage(s3.config(prefix));
}

describe('S3FileStorage', () => {
  it('puts a file once (idempotent), gets its bytes back, and stores it under the prefix', async () => {
    const store = storage('a/');
    const { key, bytes } = file();
    expect(await store.put(key, bytes)).toBe(true);
    expect(await store.put(key, bytes)).toBe(false);
    expect((await whenWritten(store, key, bytes.length))?.equals(bytes)).toBe(true);
    expect(await s3.objects('a/')).toEqual([`a/${key}`]);
    const head = await s3.client.send(new HeadObjectCommand({ Bucket: 'uploads', Key: `a/${key}` }));
    expect(head.ContentLength).toBe(bytes.length);
    expect(head.ContentType).toBe('application/octet-stream');
    store.close();
  });

  it('keeps the bytes intact, empty and 5 MB files included', async () => {
    const store = storage();
    for (const size of [0, 1, 5 * 1024 * 1024]) {
      const { key, bytes } = file('mp4', size);
      expect(await store.put(key, bytes)).toBe(true);
      const got = await whenWritten(store, key, size);
      expect(got?.length).toBe(size);
      expect(got?.equals(bytes)).toBe(true);
    }
  });

  it('answers undefined for a missing key, and deletes (also what is already gone)', async () => {
    const store = storage();
    const { key, bytes } = file('json');
    expect(await store.get(key)).toBeUndefined();
    await store.put(key, bytes);
    await store.delete(key);
    expect(await store.get(key)).toBeUndefined();
    await expect(store.delete(key)).resolves.toBeUndefined();
    expect(await store.list()).toEqual([]);
    // After a delete the same content is written again.
    expect(await store.put(key, bytes)).toBe(true);
  });

  it('lists every file with its last modification', async () => {
    const store = storage();
    const files = Array.from({ length: 5 }, () => file());
    const before = Date.now();
    for (const f of files) await store.put(f.key, f.bytes);
    const listed = await store.list();
    expect(listed.map((f) => f.key).sort()).toEqual(files.map((f) => f.key).sort());
    for (const f of listed) {
      // S3 keeps whole seconds.
      expect(f.mtimeMs).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000 - 1000);
      expect(f.mtimeMs).toBeLessThanOrEqual(Date.now() + 1000);
    }
  });

  // s3rver cannot answer a second page on Node 17+: its continuation tokens are DES-encrypted,
  // which OpenSSL 3 refuses (ERR_OSSL_EVP_UNSUPPORTED → InternalError). So the paging loop is
  // checked against a client that answers ListObjectsV2 pages the way S3 documents them.
  it('follows ListObjectsV2 continuation tokens until the last page', async () => {
    const keys = Array.from({ length: 5 }, () => file().key).sort();
    const requests: Record<string, unknown>[] = [];
    const client = {
      async send(command: ListObjectsV2Command) {
        requests.push({ ...command.input });
        const start = command.input.ContinuationToken ? Number(command.input.ContinuationToken) : 0;
        const end = Math.min(start + command.input.MaxKeys!, keys.length);
        return {
          Contents: keys.slice(start, end).map((key, i) => ({
            Key: `p/${key}`,
            LastModified: new Date(1_700_000_000_000 + (start + i) * 1000),
          })),
          IsTruncated: end < keys.length,
          ...(end < keys.length ? { NextContinuationToken: String(end) } : {}),
        };
      },
      destroy() {},
    } as unknown as S3Client;
    const store = new S3FileStorage({ ...s3.config('p/'), client, pageSize: 2 });
    expect(await store.list()).toEqual(
      keys.map((key, i) => ({ key, mtimeMs: 1_700_000_000_000 + i * 1000 })),
    );
    expect(requests).toEqual([
      { Bucket: 'uploads', Prefix: 'p/', MaxKeys: 2 },
      { Bucket: 'uploads', Prefix: 'p/', MaxKeys: 2, ContinuationToken: '2' },
      { Bucket: 'uploads', Prefix: 'p/', MaxKeys: 2, ContinuationToken: '4' },
    ]);
  });

  it('isolates prefixes, and lists only content addresses directly under its own', async () => {
    const one = storage('tenant/one/');
    const two = storage('tenant/two/');
    const root = storage('');
    const a = file();
    const b = file();
    await one.put(a.key, a.bytes);
    await two.put(b.key, b.bytes);
    expect((await one.list()).map((f) => f.key)).toEqual([a.key]);
    expect((await two.list()).map((f) => f.key)).toEqual([b.key]);
    expect(await two.get(a.key)).toBeUndefined();
    await two.delete(a.key);
    expect((await one.get(a.key))?.equals(a.bytes)).toBe(true);
    // Another application's objects in the same bucket: never listed, so never collected.
    const foreign = [`tenant/one/readme.txt`, `tenant/one/sub/${a.key}`, `tenant/one/${a.key}.bak`, 'x.png'];
    for (const Key of foreign)
      await s3.client.send(new PutObjectCommand({ Bucket: 'uploads', Key, Body: 'not ours' }));
    expect((await one.list()).map((f) => f.key)).toEqual([a.key]);
    expect((await root.list()).map((f) => f.key)).not.toContain('x.png');
    expect((await root.list()).some((f) => f.key.includes('/'))).toBe(false);
  });

  it('refuses keys that are not content addresses, before any request', async () => {
    const store = storage();
    for (const key of ['../x.png', 'a/b.png', `${'a'.repeat(64)}.PNG`, '', 'x.png', '.tmp-0123']) {
      await expect(store.put(key, Buffer.from('x'))).rejects.toThrow(/invalid storage key/);
      await expect(store.get(key)).rejects.toThrow(/invalid storage key/);
      await expect(store.delete(key)).rejects.toThrow(/invalid storage key/);
    }
  });

  it('surfaces errors other than a missing object (no bucket, bad credentials)', async () => {
    const { key, bytes } = file();
    const noBucket = new S3FileStorage({ ...s3.config(''), bucket: 'no-such-bucket' });
    await expect(noBucket.put(key, bytes)).rejects.toMatchObject({ name: 'NoSuchBucket' });
    await expect(noBucket.get(key)).rejects.toMatchObject({ name: 'NoSuchBucket' });
    await expect(noBucket.list()).rejects.toMatchObject({ name: 'NoSuchBucket' });
    const stranger = new S3FileStorage({ ...s3.config(''), accessKeyId: 'NOBODY', secretAccessKey: 'x' });
    await expect(stranger.get(key)).rejects.toMatchObject({ $metadata: { httpStatusCode: 403 } });
    await expect(stranger.list()).rejects.toThrow();
  });

  it('checks its options, and closes only a client it built', async () => {
    expect(() => new S3FileStorage({ ...s3.config('no-slash') })).toThrow(/end in "\/"/);
    expect(() => new S3FileStorage({ ...s3.config(''), pageSize: 0 })).toThrow(/1–1000/);
    const client = new S3Client({
      endpoint: s3.endpoint,
      region: 'us-east-1',
      forcePathStyle: true,
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    });
    const borrowed = new S3FileStorage({ ...s3.config('borrowed/'), client });
    const { key, bytes } = file();
    await borrowed.put(key, bytes);
    borrowed.close();
    // The borrowed client still works after the storage closed.
    const got = await client.send(new GetObjectCommand({ Bucket: 'uploads', Key: `borrowed/${key}` }));
    expect(Buffer.from(await got.Body!.transformToByteArray()).equals(bytes)).toBe(true);
    client.destroy();
  });
});

describe('createFileStorage', () => {
  it('picks the bucket when S3 is configured, else DATA_DIR/uploads', async () => {
    const local = await createFileStorage({ dataDir: '/srv/pc' });
    expect(local).toBeInstanceOf(LocalFileStorage);
    expect((local as LocalFileStorage).dir).toBe('/srv/pc/uploads');
    const remote = await createFileStorage({ dataDir: '/srv/pc', s3: s3.config('p/') });
    expect(remote).toBeInstanceOf(S3FileStorage);
    expect(remote).toMatchObject({ bucket: 'uploads', prefix: 'p/' });
    remote.close?.();
  });
});
