/**
 * Per-account limits of publishing (group `publishing`): how many publishes and new versions an
 * account sends per hour, how many of its submissions may wait for review at once, and how many
 * bytes the files of its plugins and submissions may take in the storage. They keep one account
 * from filling the disk or the review queue; administrators are exempt from the first two
 * (`publishing/quotas.ts`).
 */
import { Type } from 'typebox';
import { about, trim } from './variables';

/** The per-account publishing limits; 0 turns a limit off. */
export interface PublishLimits {
  /** `PUBLISH_RATE_LIMIT`: publishes and new versions (`POST`/`PUT plugin`) per hour per account. */
  perHour: number;
  /** `PUBLISH_PENDING_MAX`: submissions of the account's plugins waiting for review at once. */
  pendingMax: number;
  /** `PUBLISH_STORAGE_QUOTA_MB` × 1 MiB: bytes of the stored files of the account's plugins. */
  storageBytes: number;
}

/**
 * Defaults a public instance would use. A release with its fixes rarely takes more than a few
 * attempts, so 10 per hour leaves room for a refused form sent again while bounding what one
 * account uploads in an hour (one publish carries at most about 46 MB); 5 submissions waiting
 * for review is more than an author works on at once and keeps one account from flooding the
 * review queue; 200 MiB holds four plugins with every file at its largest, or dozens of ordinary ones.
 */
export const PUBLISH_DEFAULTS: PublishLimits = {
  perHour: 10,
  pendingMax: 5,
  storageBytes: 200 * 1024 * 1024,
};

/** One MiB, the unit of `PUBLISH_STORAGE_QUOTA_MB`. */
export const MIB = 1024 * 1024;

const LIMIT_MAX = 1_000_000;

/** `PUBLISH_RATE_LIMIT`, `PUBLISH_PENDING_MAX`, `PUBLISH_STORAGE_QUOTA_MB`. */
export const PUBLISHING_VARIABLES = {
  PUBLISH_RATE_LIMIT: Type.Integer({
    minimum: 0,
    maximum: LIMIT_MAX,
    default: PUBLISH_DEFAULTS.perHour,
    ...about({
      group: 'publishing',
      transform: trim,
      summary: 'publishes and new versions per hour per account (0: no limit)',
      description:
        'publishes and new versions (`POST` and `PUT /api/cmt/plugin`) per hour per account, refused ones included; beyond it 429 `RATE_LIMITED` with `Retry-After`. Administrators are exempt; 0 = no limit',
    }),
  }),
  PUBLISH_PENDING_MAX: Type.Integer({
    minimum: 0,
    maximum: LIMIT_MAX,
    default: PUBLISH_DEFAULTS.pendingMax,
    ...about({
      group: 'publishing',
      transform: trim,
      summary: 'submissions waiting for review per account (0: no limit)',
      description:
        "submissions of an account's plugins waiting for review at once; a publish beyond it is refused with 409 `PENDING_LIMIT_REACHED` (a new version of a waiting plugin replaces its submission and is allowed). Administrators are exempt; 0 = no limit",
    }),
  }),
  PUBLISH_STORAGE_QUOTA_MB: Type.Integer({
    minimum: 0,
    maximum: LIMIT_MAX,
    default: PUBLISH_DEFAULTS.storageBytes / MIB,
    ...about({
      group: 'publishing',
      transform: trim,
      summary: 'MiB of stored files per account (0: no limit)',
      description:
        "MiB (1,048,576 bytes) the stored files of an account's plugins and their submissions (code files, icons, covers, images, videos; a file counted once) may take; a publish or new version that would go over it is refused with 413 `STORAGE_QUOTA_EXCEEDED` before anything is stored. Applies to administrators too (for the plugin's owner); 0 = no limit",
    }),
  }),
};
