/**
 * Test support for the S3 storage: a real S3-compatible server (s3rver, in this process) on a free
 * port of 127.0.0.1 with its data in a fresh temporary folder and one bucket created, plus a
 * client of its own to look into the bucket independently of `S3FileStorage`.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GetObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import type { S3StorageConfig } from '../config/storage';

/** s3rver's built-in account. */
const ACCESS_KEY_ID = 'S3RVER';
const SECRET_ACCESS_KEY = 'S3RVER';

/** A running s3rver and how to reach and stop it. */
export interface TestS3Server {
  /** `http://127.0.0.1:<port>`. */
  endpoint: string;
  /** The bucket created at start. */
  bucket: string;
  /** A client of this server (path style, s3rver's credentials). */
  client: S3Client;
  /** `ServerConfig.s3` for this server's bucket under `prefix` (`''` or ending in `/`). */
  config(prefix?: string): S3StorageConfig;
  /** Every object name in `bucket` (default: the one created) starting with `prefix`, sorted. */
  objects(prefix?: string, bucket?: string): Promise<string[]>;
  /** The bytes of object `name` in `bucket` (default: the one created); rejects when absent. */
  bytes(name: string, bucket?: string): Promise<Buffer>;
  /** Stops the server, closes the client and removes the data folder. */
  close(): Promise<void>;
}

/**
 * Starts s3rver on a free port (the system picks it: port 0) of 127.0.0.1, silent, its data in a
 * new temporary folder, with the buckets `bucket` and `others` created.
 */
export async function startTestS3(bucket = 'plugin-center'): Promise<TestS3Server> {
  const directory = await mkdtemp(join(tmpdir(), 'plugin-center-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [bucket, 'others'].map((name) => ({ name, configs: [] })),
  });
  let address: AddressInfo;
  try {
    address = await server.run();
  } catch (error) {
    await rm(directory, { recursive: true, force: true });
    throw error;
  }
  const endpoint = `http://127.0.0.1:${address.port}`;
  const config = (prefix = ''): S3StorageConfig => ({
    endpoint,
    bucket,
    region: 'us-east-1',
    accessKeyId: ACCESS_KEY_ID,
    secretAccessKey: SECRET_ACCESS_KEY,
    prefix,
    forcePathStyle: true,
  });
  const client = new S3Client({
    endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: ACCESS_KEY_ID, secretAccessKey: SECRET_ACCESS_KEY },
  });
  return {
    endpoint,
    bucket,
    client,
    config,
    async objects(prefix = '', inBucket = bucket) {
      const out: string[] = [];
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({
            Bucket: inBucket,
            Prefix: prefix,
            ...(ContinuationToken ? { ContinuationToken } : {}),
          }),
        );
        for (const object of page.Contents ?? []) out.push(object.Key!);
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
      return out.sort();
    },
    async bytes(name, inBucket = bucket) {
      const response = await client.send(new GetObjectCommand({ Bucket: inBucket, Key: name }));
      return Buffer.from(await response.Body!.transformToByteArray());
    },
    async close() {
      client.destroy();
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
