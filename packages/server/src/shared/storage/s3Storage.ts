/**
 * {@link FileStorage} in an S3-compatible bucket (AWS S3, MinIO, Ceph, s3rver…), selected by
 * `S3_BUCKET` (see `createFileStorage.ts`). Objects are named `<prefix><key>` with the
 * content-addressed keys of `fileStorage.ts`; a PUT is atomic on S3 (a reader sees the whole object
 * or none), so no temporary objects are ever written. Only objects whose name is the prefix followed
 * by a content address are listed, so the orphan collection (`references.ts` `collectOrphans`) never
 * touches anything else a shared bucket holds.
 */
import { createHash } from 'node:crypto';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import type { S3StorageConfig } from '../../config/storage';
import { checkKey, type FileStorage, STORAGE_KEY, type StoredFile } from './fileStorage';

/** Time to open a connection to the service, ms. */
export const S3_CONNECTION_TIMEOUT_MS = 5_000;
/** Time a request may wait for the service without any byte moving, ms. */
export const S3_REQUEST_TIMEOUT_MS = 30_000;

/** Options of {@link S3FileStorage}: the settings of `S3_*`, and optionally a client of one's own. */
export interface S3FileStorageOptions extends S3StorageConfig {
  /** Use this client (its endpoint, credentials, region) instead of building one from the settings. */
  client?: S3Client;
  /** Objects per ListObjectsV2 page, 1–1000 (default 1000, S3's maximum; smaller in tests). */
  pageSize?: number;
}

/**
 * Whether `error` is the service's answer that the object does not exist: `NoSuchKey` (GET), or
 * `NotFound` (HEAD, whose 404 has no body). A missing bucket (`NoSuchBucket`, also 404) is not.
 */
function isNotFound(error: unknown): boolean {
  return error instanceof S3ServiceException && (error.name === 'NoSuchKey' || error.name === 'NotFound');
}

/**
 * {@link FileStorage} in one bucket of an S3-compatible service, under an optional key prefix.
 *
 * - `put`: HeadObject, then PutObject (with `Content-MD5`, `application/octet-stream`) only when
 *   the object is absent; resolves to whether it wrote.
 * - `get`: GetObject's bytes, or undefined when the service answers `NoSuchKey`.
 * - `delete`: DeleteObject (S3 answers success for an absent object).
 * - `list`: ListObjectsV2 under the prefix, page by page; `mtimeMs` is the object's LastModified
 *   (S3 keeps whole seconds).
 *
 * Every method rejects with the SDK's error (an `S3ServiceException` such as `AccessDenied` or
 * `NoSuchBucket`, or a network/timeout error) for anything but a missing object, and with
 * `Error('invalid storage key …')` for a key that is not a content address (`checkKey`).
 */
export class S3FileStorage implements FileStorage {
  /** The client the storage sends with. */
  readonly client: S3Client;
  /** The bucket. */
  readonly bucket: string;
  /** Prepended to every key: `''` or a prefix ending in `/`. */
  readonly prefix: string;
  private readonly pageSize: number;
  private readonly ownsClient: boolean;

  /** @throws Error when `prefix` is neither empty nor ends in `/`, or `pageSize` is outside 1–1000. */
  constructor(options: S3FileStorageOptions) {
    if (options.prefix !== '' && !options.prefix.endsWith('/'))
      throw new Error(`S3 key prefix must be empty or end in "/", got ${JSON.stringify(options.prefix)}`);
    const pageSize = options.pageSize ?? 1000;
    if (!Number.isInteger(pageSize) || pageSize < 1 || pageSize > 1000)
      throw new Error(`S3 list page size must be 1–1000, got ${pageSize}`);
    this.bucket = options.bucket;
    this.prefix = options.prefix;
    this.pageSize = pageSize;
    this.ownsClient = !options.client;
    this.client =
      options.client ??
      new S3Client({
        region: options.region,
        ...(options.endpoint ? { endpoint: options.endpoint } : {}),
        forcePathStyle: options.forcePathStyle,
        credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey },
        // CRC checksums only where the API requires them: many S3-compatible services reject the
        // SDK's default trailing checksums; PutObject carries Content-MD5 instead (below).
        requestChecksumCalculation: 'WHEN_REQUIRED',
        responseChecksumValidation: 'WHEN_REQUIRED',
        requestHandler: {
          connectionTimeout: S3_CONNECTION_TIMEOUT_MS,
          requestTimeout: S3_REQUEST_TIMEOUT_MS,
        },
      });
  }

  /** `<prefix><key>`; only content addresses (no temporary names: S3 writes are atomic). */
  private objectKey(key: string): string {
    checkKey(key);
    if (!STORAGE_KEY.test(key)) throw new Error(`invalid storage key ${key}`);
    return `${this.prefix}${key}`;
  }

  /**
   * Stores `bytes` as `<prefix><key>` unless an object of that name exists (HeadObject first).
   * @returns true when written now, false when it was there already
   * @throws Error on an invalid key; the SDK's error when HEAD fails otherwise than 404 or PUT fails
   *   (e.g. `BadDigest` when the bytes arrived damaged, `NoSuchBucket`, `AccessDenied`)
   */
  async put(key: string, bytes: Uint8Array): Promise<boolean> {
    const Key = this.objectKey(key);
    try {
      await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key }));
      return false;
    } catch (error) {
      if (!isNotFound(error)) throw error;
    }
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.bucket,
        Key,
        Body: bytes,
        ContentLength: bytes.byteLength,
        // The service checks the bytes arrived whole (and refuses the PUT otherwise).
        ContentMD5: createHash('md5').update(bytes).digest('base64'),
        // Served by the server with the sniffed type; never rendered from a public bucket.
        ContentType: 'application/octet-stream',
      }),
    );
    return true;
  }

  /**
   * The bytes of `<prefix><key>`, read whole into memory.
   * @returns undefined when there is no such object (`NoSuchKey`)
   * @throws Error on an invalid key; the SDK's error otherwise (`NoSuchBucket`, `AccessDenied`, network)
   */
  async get(key: string): Promise<Buffer | undefined> {
    const Key = this.objectKey(key);
    try {
      const response = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key }));
      if (!response.Body) return Buffer.alloc(0);
      const bytes = await response.Body.transformToByteArray();
      return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    } catch (error) {
      if (isNotFound(error)) return undefined;
      throw error;
    }
  }

  /**
   * Removes `<prefix><key>`; resolves also when there was no such object.
   * @throws Error on an invalid key; the SDK's error when the request fails
   */
  async delete(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: this.objectKey(key) }));
  }

  /**
   * The content-addressed objects directly under the prefix, with LastModified as `mtimeMs` (ms
   * since the epoch, whole seconds), in the service's order; one request per `pageSize` objects.
   * @throws the SDK's error when a request fails
   */
  async list(): Promise<StoredFile[]> {
    const out: StoredFile[] = [];
    let ContinuationToken: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({
          Bucket: this.bucket,
          Prefix: this.prefix,
          MaxKeys: this.pageSize,
          ...(ContinuationToken ? { ContinuationToken } : {}),
        }),
      );
      for (const object of page.Contents ?? []) {
        const key = object.Key?.slice(this.prefix.length);
        if (!key || !STORAGE_KEY.test(key)) continue;
        // No date (never seen from S3): counted as just written, so never collected early.
        out.push({ key, mtimeMs: object.LastModified?.getTime() ?? Date.now() });
      }
      ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (ContinuationToken);
    return out;
  }

  /** Closes the client's connections, unless the client was passed in (then its owner closes it). */
  close(): void {
    if (this.ownsClient) this.client.destroy();
  }
}
