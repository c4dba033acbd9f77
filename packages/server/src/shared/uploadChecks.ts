/**
 * Automated checks of a submission before a reviewer sees it: image type sniffed from the bytes (never the file name or declared type) with its
 * dimensions read from the file (`image-size`), SVG refused, a name too similar to an existing
 * plugin's flagged (typosquatting, `fastest-levenshtein`), and secrets in the code file flagged.
 * Each check returns a {@link CheckResult} that is stored with the version and shown to the reviewer.
 */
import { PUBLISH_LIMITS } from '@plugin-center/contract';
import type { CheckResult } from '@plugin-center/contract/schemas';
import { distance } from 'fastest-levenshtein';
import { imageSize } from 'image-size';

export type { CheckResult };

/** Image types a publisher may upload (SVG can carry script: refused rather than sanitised). */
export const IMAGE_TYPES = ['png', 'jpg', 'gif', 'webp'] as const;

/** What an image is for, with its rules (SPEC §5, §9: icon 32×32 square, covers 16:9). */
export const IMAGE_RULES: Record<'icon' | 'cover' | 'image', { maxBytes: number; ratio: number | null }> = {
  icon: { maxBytes: PUBLISH_LIMITS.ICON_BYTES, ratio: 1 },
  cover: { maxBytes: PUBLISH_LIMITS.COVER_BYTES, ratio: 16 / 9 },
  /** A gallery image: any shape. */
  image: { maxBytes: PUBLISH_LIMITS.IMAGE_BYTES, ratio: null },
};

/** How far a cover's width / height may be from 16:9 (and an icon's from square), as a fraction. */
export const RATIO_TOLERANCE = 0.02;

/** An image as read from its bytes. */
export interface SniffedImage {
  type: (typeof IMAGE_TYPES)[number];
  width: number;
  height: number;
}

/**
 * The type and dimensions of an uploaded image, read from its bytes.
 * @returns the image, or undefined when the bytes are not a PNG, JPEG, GIF or WebP image (SVG,
 *   HTML, an executable renamed `.png`, a truncated file…).
 */
export function sniffImage(bytes: Uint8Array): SniffedImage | undefined {
  try {
    const { type, width, height } = imageSize(bytes);
    if (!type || !(IMAGE_TYPES as readonly string[]).includes(type) || !width || !height) return undefined;
    return { type: type as SniffedImage['type'], width, height };
  } catch {
    return undefined;
  }
}

/**
 * Checks an icon or cover: type from the bytes, size, and ratio from the file's dimensions.
 * @returns `fail` with the reason in SPEC §8's style (the limit in MB) or `pass` with what it is.
 */
export function checkImage(bytes: Uint8Array, use: keyof typeof IMAGE_RULES): CheckResult {
  const rule = IMAGE_RULES[use];
  if (bytes.byteLength > rule.maxBytes) {
    return {
      check: 'image',
      status: 'fail',
      detail: `${use} is larger than ${rule.maxBytes / 1024 / 1024} MB`,
    };
  }
  const image = sniffImage(bytes);
  if (!image)
    return { check: 'image', status: 'fail', detail: `${use} is not a PNG, JPEG, GIF or WebP image` };
  const ratio = image.width / image.height;
  if (rule.ratio !== null && Math.abs(ratio - rule.ratio) / rule.ratio > RATIO_TOLERANCE) {
    const wanted = use === 'icon' ? 'square' : '16:9';
    return {
      check: 'image',
      status: 'fail',
      detail: `${use} is ${image.width}×${image.height}, not ${wanted}`,
    };
  }
  return { check: 'image', status: 'pass', detail: `${use}: ${image.type} ${image.width}×${image.height}` };
}

/** Video containers a publisher may upload, recognised by their first bytes. */
export type VideoType = 'mp4' | 'webm';

/**
 * The container of an uploaded video from its bytes: MP4/QuickTime family (an ISO BMFF `ftyp` box
 * first, ISO/IEC 14496-12 §4.3) or WebM (an EBML header, `1A 45 DF A3`).
 * @returns the type, or undefined for anything else.
 */
export function sniffVideo(bytes: Uint8Array): VideoType | undefined {
  if (bytes.byteLength >= 12 && String.fromCharCode(...bytes.subarray(4, 8)) === 'ftyp') return 'mp4';
  if (
    bytes.byteLength >= 4 &&
    bytes[0] === 0x1a &&
    bytes[1] === 0x45 &&
    bytes[2] === 0xdf &&
    bytes[3] === 0xa3
  )
    return 'webm';
  return undefined;
}

/** Checks a video: container from the bytes, at most {@link PUBLISH_LIMITS}.VIDEO_BYTES (SPEC §9: 25M). */
export function checkVideo(bytes: Uint8Array): CheckResult {
  if (bytes.byteLength > PUBLISH_LIMITS.VIDEO_BYTES)
    return {
      check: 'video',
      status: 'fail',
      detail: `video is larger than ${PUBLISH_LIMITS.VIDEO_BYTES / 1024 / 1024} MB`,
    };
  const type = sniffVideo(bytes);
  if (!type) return { check: 'video', status: 'fail', detail: 'video is not an MP4 or WebM file' };
  return {
    check: 'video',
    status: 'pass',
    detail: `video: ${type}, ${(bytes.byteLength / 1024 / 1024).toFixed(1)} MB`,
  };
}

/** A name folded for comparison: lower case, without spaces, punctuation or diacritics. */
export function foldName(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]/gu, '');
}

/**
 * Flags a name within one edit (two for names of 8+ folded characters) of an existing plugin's
 * name, or equal to it once folded ("Auto-Layout" vs "autolayout") — a possible typosquat.
 * @param existing - names of other plugins
 */
export function checkName(name: string, existing: readonly string[]): CheckResult {
  const folded = foldName(name);
  const limit = folded.length >= 8 ? 2 : 1;
  const close = existing.filter((other) => {
    const o = foldName(other);
    return o !== '' && Math.abs(o.length - folded.length) <= limit && distance(o, folded) <= limit;
  });
  if (close.length === 0) return { check: 'name', status: 'pass', detail: 'no similar plugin name' };
  return {
    check: 'name',
    status: 'flag',
    detail: `similar to ${close
      .slice(0, 5)
      .map((n) => JSON.stringify(n))
      .join(', ')}`,
  };
}

/** Patterns of credentials that must not ship in a code file (provider prefixes and key blocks). */
export const SECRET_PATTERNS: readonly { name: string; pattern: RegExp }[] = [
  { name: 'AWS access key', pattern: /\b(?:AKIA|ASIA)[0-9A-Z]{16}\b/ },
  { name: 'GitHub token', pattern: /\bgh[pousr]_[A-Za-z0-9]{36,}\b/ },
  { name: 'Slack token', pattern: /\bxox[abprs]-[A-Za-z0-9-]{10,}\b/ },
  { name: 'Google API key', pattern: /\bAIza[0-9A-Za-z_-]{35}\b/ },
  { name: 'Stripe secret key', pattern: /\bsk_live_[0-9A-Za-z]{16,}\b/ },
  { name: 'OpenAI key', pattern: /\bsk-(?:proj-)?[A-Za-z0-9_-]{32,}\b/ },
  { name: 'private key', pattern: /-----BEGIN (?:[A-Z]+ )?PRIVATE KEY-----/ },
  {
    name: 'hard-coded secret',
    pattern: /["']?(?:api[_-]?key|secret|access[_-]?token|password)["']?\s*[:=]\s*["'][^"'\s]{16,}["']/i,
  },
];

/** Flags credentials found in a code file (each kind named once), for the reviewer. */
export function checkSecrets(text: string): CheckResult {
  const found = SECRET_PATTERNS.filter(({ pattern }) => pattern.test(text)).map(({ name }) => name);
  if (found.length === 0) return { check: 'secrets', status: 'pass', detail: 'no credentials found' };
  return { check: 'secrets', status: 'flag', detail: `possible ${found.join(', ')} in the code file` };
}
