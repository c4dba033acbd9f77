/**
 * Uploaded files (group `uploads`): on the local disk under `DATA_DIR/uploads`, or in an
 * S3-compatible bucket ({@link S3StorageConfig}, made by `resolveS3Config` of `loadConfig.ts`).
 */
import { Type } from 'typebox';
import { about, trim, trimLower } from './variables';

/**
 * Where uploaded files go when `S3_BUCKET` is set (`S3FileStorage`, `publishing/s3Storage.ts`):
 * an S3-compatible bucket, optionally under a key prefix.
 */
export interface S3StorageConfig {
  /** `S3_ENDPOINT`: the service URL (`http(s)://host[:port]`); unset → AWS S3 of {@link region}. */
  endpoint?: string;
  /** `S3_BUCKET`: the bucket, which must exist. */
  bucket: string;
  /** `S3_REGION` (default `us-east-1`): the signing region. */
  region: string;
  /** `S3_ACCESS_KEY_ID`. */
  accessKeyId: string;
  /** `S3_SECRET_ACCESS_KEY`. */
  secretAccessKey: string;
  /**
   * `S3_PREFIX`: prepended to every key; `''` (default) or a folder-like prefix ending in `/`
   * (`loadConfig` strips slashes around the value and appends one).
   */
  prefix: string;
  /** `S3_FORCE_PATH_STYLE`: `http://host/bucket/key` instead of `http://bucket.host/key` (MinIO, s3rver). */
  forcePathStyle: boolean;
}

/** `S3_BUCKET` … `S3_FORCE_PATH_STYLE`. */
export const UPLOAD_VARIABLES = {
  S3_BUCKET: Type.Optional(
    Type.String({
      pattern: '^[A-Za-z0-9][A-Za-z0-9._-]*$',
      ...about({
        group: 'uploads',
        transform: trim,
        errorMessage: 'expected a bucket name (letters, digits, ".", "_", "-")',
        defaultText: 'unset (uploads in `DATA_DIR/uploads`)',
        summary: 'S3-compatible bucket for uploads (unset: DATA_DIR/uploads)',
        description:
          'bucket of an S3-compatible object storage (AWS S3, MinIO, …) that receives the uploaded files instead of `DATA_DIR/uploads`; it must exist. Set, it requires `S3_ACCESS_KEY_ID` and `S3_SECRET_ACCESS_KEY`, whose key needs `s3:GetObject`, `s3:PutObject`, `s3:DeleteObject` and `s3:ListBucket` on it',
      }),
    }),
  ),
  S3_ENDPOINT: Type.Optional(
    Type.String({
      pattern: '^[Hh][Tt][Tt][Pp][Ss]?://[^\\s/]+(/\\S*)?$',
      ...about({
        group: 'uploads',
        transform: trim,
        errorMessage: 'expected an http:// or https:// URL',
        defaultText: 'unset (AWS S3 in `S3_REGION`)',
        summary: 'service URL, e.g. http://minio:9000 (unset: AWS S3)',
        description:
          'URL of the S3-compatible service (`https://minio.example.com`, `http://127.0.0.1:9000`); unset: AWS S3 of `S3_REGION`',
      }),
    }),
  ),
  S3_REGION: Type.String({
    pattern: '^[A-Za-z0-9_-]+$',
    default: 'us-east-1',
    ...about({
      group: 'uploads',
      transform: trim,
      errorMessage: 'expected a region name such as us-east-1',
      summary: 'signing region of the bucket',
      description:
        "region the requests are signed for (the bucket's region on AWS; most other services accept any)",
    }),
  }),
  S3_ACCESS_KEY_ID: Type.Optional(
    Type.String({
      ...about({
        group: 'uploads',
        transform: trim,
        summary: 'access key id (required with S3_BUCKET)',
        description: 'access key id; required when `S3_BUCKET` is set',
      }),
    }),
  ),
  S3_SECRET_ACCESS_KEY: Type.Optional(
    Type.String({
      ...about({
        group: 'uploads',
        summary: 'secret access key (required with S3_BUCKET)',
        description: 'secret access key (used as given, spaces included); required when `S3_BUCKET` is set',
      }),
    }),
  ),
  S3_PREFIX: Type.String({
    pattern: "^[A-Za-z0-9!_.*'()/-]*$",
    default: '',
    ...about({
      group: 'uploads',
      transform: trim,
      errorMessage: "expected letters, digits and !_.*'()/- only",
      defaultText: 'unset (keys at the bucket root)',
      summary: 'key prefix in the bucket, e.g. plugin-center/',
      description:
        'key prefix, a folder of the bucket: `plugin-center` and `plugin-center/` both store `plugin-center/<sha256>.<ext>`. Only keys of this shape under the prefix are ever listed or collected, so the bucket may hold other data',
    }),
  }),
  S3_FORCE_PATH_STYLE: Type.Boolean({
    default: false,
    ...about({
      group: 'uploads',
      transform: trimLower,
      blank: 'invalid',
      summary: 'path-style URLs host/bucket/key (MinIO and most self-hosted)',
      description:
        'address the bucket in the path (`http://host/bucket/key`) instead of the host name (`http://bucket.host/key`); needed by MinIO and most self-hosted services',
    }),
  }),
};
