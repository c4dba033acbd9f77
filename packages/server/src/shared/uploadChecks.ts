/**
 * Automated checks of a submission before a reviewer sees it: images sniffed from the bytes (never
 * the file name or declared type), bounded in pixels per kind, walked to their end marker, decoded
 * and re-encoded by libvips (`sharp`) so that what is stored and served is what was checked; SVG
 * refused; a name too similar to an existing plugin's flagged (typosquatting,
 * `fastest-levenshtein`), and secrets in the code file flagged. Each check returns a
 * {@link CheckResult} that is stored with the version and shown to the reviewer.
 */
import { BANNER_LIMITS, PUBLISH_LIMITS } from '@plugin-center/contract';
import type { CheckResult } from '@plugin-center/contract/schemas';
import { distance } from 'fastest-levenshtein';
import { imageSize } from 'image-size';
import sharp from 'sharp';
import { imageEnd, type ImageType as StructureType } from './imageStructure';
import { formatBytes, sizeLimitText } from './multipart';

export type { CheckResult };

// Every upload is a different image: libvips' operation cache would only hold on to memory.
sharp.cache(false);

/** Image types a publisher may upload (SVG can carry script: refused rather than sanitised). */
export const IMAGE_TYPES = ['png', 'jpg', 'gif', 'webp'] as const;

/** An image type a publisher may upload (the file extension it is stored with). */
export type ImageType = (typeof IMAGE_TYPES)[number] & StructureType;

/** What an image is for: a plugin's icon, a cover, a gallery image, or a banner of the square. */
export type ImageKind = 'icon' | 'cover' | 'image' | 'banner';

/** The rules of one kind of image. */
export interface ImageRule {
  /** What the refusals call images of this kind (`the icon`, `cover images`): "<noun> must be at most …". */
  noun: string;
  /** Bytes of the uploaded file, at most. */
  maxBytes: number;
  /** Width / height wanted (within {@link RATIO_TOLERANCE}); null: any shape. */
  ratio: number | null;
  /** Pixels across, at most (after the EXIF orientation is applied). */
  maxWidth: number;
  /** Pixels down, at most (one frame of an animation; after the EXIF orientation is applied). */
  maxHeight: number;
  /**
   * Pixels decoded at most, all frames of an animation together: the decoder refuses a file
   * beyond it before decoding (`limitInputPixels`), so a small file cannot expand into gigabytes.
   */
  maxPixels: number;
}

/**
 * The rules of each kind (SPEC §5, §9: icon square, recommended 32×32; covers 16:9). Pixel bounds
 * leave room for high-density screens: an icon up to 1024 × 1024, a cover up to 4096 × 2304 (16:9),
 * a gallery image (a screenshot) up to 6144 × 6144, a banner up to 4096 × 2048.
 */
export const IMAGE_RULES: Record<ImageKind, ImageRule> = {
  icon: {
    noun: 'the icon',
    maxBytes: PUBLISH_LIMITS.ICON_BYTES,
    ratio: 1,
    maxWidth: 1024,
    maxHeight: 1024,
    maxPixels: 8_000_000,
  },
  cover: {
    noun: 'cover images',
    maxBytes: PUBLISH_LIMITS.COVER_BYTES,
    ratio: 16 / 9,
    maxWidth: 4096,
    maxHeight: 2304,
    maxPixels: 40_000_000,
  },
  /** A gallery image: any shape. */
  image: {
    noun: 'images',
    maxBytes: PUBLISH_LIMITS.IMAGE_BYTES,
    ratio: null,
    maxWidth: 6144,
    maxHeight: 6144,
    maxPixels: 40_000_000,
  },
  /** A banner of the square's carousel: any shape. */
  banner: {
    noun: 'banner images',
    maxBytes: BANNER_LIMITS.IMAGE_BYTES,
    ratio: null,
    maxWidth: 4096,
    maxHeight: 2048,
    maxPixels: 40_000_000,
  },
};

/** How far a cover's width / height may be from 16:9 (and an icon's from square), as a fraction. */
export const RATIO_TOLERANCE = 0.02;

/** An image as read from its header. */
export interface SniffedImage {
  type: ImageType;
  /** Pixels across and down as stored (before any EXIF orientation). */
  width: number;
  height: number;
  /** The EXIF orientation (1–8) when the header gives one. */
  orientation?: number;
}

/**
 * The type and dimensions of an uploaded image, read from its header (`image-size`; nothing is
 * decoded, so a header claiming billions of pixels costs nothing).
 * @returns the image, or undefined when the bytes are not a PNG, JPEG, GIF or WebP image (SVG,
 *   HTML, an executable renamed `.png`, a file too short for its header…).
 */
export function sniffImage(bytes: Uint8Array): SniffedImage | undefined {
  try {
    const { type, width, height, orientation } = imageSize(bytes);
    if (!type || !(IMAGE_TYPES as readonly string[]).includes(type) || !width || !height) return undefined;
    const image: SniffedImage = { type: type as ImageType, width, height };
    if (orientation) image.orientation = orientation;
    return image;
  } catch {
    return undefined;
  }
}

/** A checked image: the bytes to store (decoded and re-encoded, metadata stripped) and what they are. */
export interface CheckedImage {
  type: ImageType;
  /** The re-encoded file. */
  bytes: Buffer;
  /** Pixels across and down as displayed (one frame of an animation). */
  width: number;
  height: number;
  /** Frames: 1 for a still image. */
  frames: number;
}

/** The outcome of {@link checkImage}. */
export type ImageCheck =
  | {
      ok: true;
      /** The passing check, `<label>: <type> <width>×<height>` (and its frames when animated). */
      check: CheckResult;
      image: CheckedImage;
    }
  | {
      ok: false;
      /** Why, as the rest of a `<field>: …` message (e.g. `the icon must be at most 1024 × 1024 pixels; this image is 4000 × 4000`). */
      reason: string;
    };

const TYPE_NAMES: Record<ImageType, string> = { png: 'PNG', jpg: 'JPEG', gif: 'GIF', webp: 'WebP' };
const SHARP_FORMATS: Record<ImageType, string> = { png: 'png', jpg: 'jpeg', gif: 'gif', webp: 'webp' };

/** The last, most specific part of a libvips error ("pngload_buffer: invalid chunk checksum" → "invalid chunk checksum"). */
function decoderReason(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const line = message.split('\n').find((text) => text.trim() !== '') ?? message;
  const reason = line.split(': ').pop()?.trim() ?? '';
  return reason || 'it cannot be decoded';
}

const pixelsText = (n: number) =>
  `${(n / 1_000_000).toLocaleString('en-US', { maximumFractionDigits: 1 })} million`;

/**
 * Checks an uploaded image and re-encodes it. In order, each step refusing with its reason:
 * Each reason is one sentence naming the kind's images ({@link ImageRule.noun}) and the limit.
 * 1. at most {@link ImageRule.maxBytes} (`the icon must be at most 1 MB; this file is 1.2 MB`);
 * 2. a PNG, JPEG, GIF or WebP image by its bytes (SVG and anything else refused);
 * 3. within the kind's pixel bounds by its header, before anything is decoded
 *    (`the icon must be at most 1024 × 1024 pixels; this image is 4000 × 4000`);
 * 4. the file ends where the image ends: a PNG at its IEND chunk (every chunk's CRC right), a JPEG
 *    at its EOI marker (or after the further images of a Multi-Picture Format index), a GIF
 *    at its trailer, a WebP at the end its RIFF header gives (`has 1,234 bytes of other data
 *    after the end of the GIF image`), so a polyglot (an image with an archive or a script
 *    appended) is refused — see `imageStructure.ts`;
 * 5. decoded in full by libvips (compressed data, truncation; any decoder warning refuses),
 *    all frames of an animation together within {@link ImageRule.maxPixels}
 *    (`limitInputPixels`, so a decompression bomb is refused before its pixels are allocated);
 * 6. turned upright by its EXIF orientation, then the shape: icon square, cover 16:9 (± 2 %).
 * The image is re-encoded in its own format (an animated GIF or WebP keeps its frames, delays
 * and loop count), without metadata (EXIF, XMP, comments) and in sRGB.
 *
 * @param label - the name the passing check's detail starts with (the form field)
 * @returns the stored bytes and what they are, or why the image is refused
 */
export async function checkImage(
  bytes: Uint8Array,
  kind: ImageKind,
  label: string = kind,
): Promise<ImageCheck> {
  const rule = IMAGE_RULES[kind];
  if (bytes.byteLength > rule.maxBytes)
    return { ok: false, reason: sizeLimitText(rule.maxBytes, bytes.byteLength, rule.noun) };
  const sniffed = sniffImage(bytes);
  if (!sniffed) return { ok: false, reason: 'not a PNG, JPEG, GIF or WebP image' };
  const name = TYPE_NAMES[sniffed.type];
  const turned = (sniffed.orientation ?? 1) >= 5;
  const bounds = (width: number, height: number) =>
    width > rule.maxWidth || height > rule.maxHeight
      ? `${rule.noun} must be at most ${rule.maxWidth} × ${rule.maxHeight} pixels; this image is ${width} × ${height}`
      : undefined;
  const claimed = turned ? bounds(sniffed.height, sniffed.width) : bounds(sniffed.width, sniffed.height);
  if (claimed) return { ok: false, reason: claimed };
  const end = imageEnd(bytes, sniffed.type);
  if ('problem' in end) return { ok: false, reason: `not a valid ${name} image (${end.problem})` };
  if (end.end < bytes.byteLength) {
    const extra = bytes.byteLength - end.end;
    return {
      ok: false,
      reason: `has ${extra.toLocaleString('en-US')} bytes of other data after the end of the ${name} image`,
    };
  }
  const animated = sniffed.type === 'gif' || sniffed.type === 'webp';
  const input = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const options = { animated, limitInputPixels: rule.maxPixels, failOn: 'warning' as const };
  let encoded: { data: Buffer; info: sharp.OutputInfo };
  let frames = 1;
  try {
    const metadata = await sharp(input, { ...options, limitInputPixels: false }).metadata();
    if (metadata.format !== SHARP_FORMATS[sniffed.type])
      return {
        ok: false,
        reason: `not a valid ${name} image (it decodes as ${metadata.format ?? 'something else'})`,
      };
    frames = metadata.pages ?? 1;
    const frameHeight = metadata.pageHeight ?? metadata.height ?? 0;
    const total = (metadata.width ?? 0) * frameHeight * frames;
    if (total > rule.maxPixels)
      return {
        ok: false,
        reason: `${rule.noun} must have at most ${pixelsText(rule.maxPixels)} pixels in all frames together; this image has ${pixelsText(total)}`,
      };
    const pipeline = sharp(input, options).autoOrient();
    if (sniffed.type === 'png') pipeline.png({ palette: metadata.isPalette === true });
    else if (sniffed.type === 'jpg') pipeline.jpeg({ quality: 90 });
    else if (sniffed.type === 'gif') pipeline.gif();
    else pipeline.webp({ quality: 90 });
    encoded = await pipeline.toBuffer({ resolveWithObject: true });
  } catch (error) {
    const reason = decoderReason(error);
    if (/pixel limit/i.test(reason))
      return {
        ok: false,
        reason: `${rule.noun} must have at most ${pixelsText(rule.maxPixels)} pixels in all frames together`,
      };
    return { ok: false, reason: `not a valid ${name} image (${reason})` };
  }
  const width = encoded.info.width;
  const height = frames > 1 ? Math.round(encoded.info.height / frames) : encoded.info.height;
  const decoded = bounds(width, height);
  if (decoded) return { ok: false, reason: decoded };
  if (rule.ratio !== null && Math.abs(width / height - rule.ratio) / rule.ratio > RATIO_TOLERANCE) {
    return { ok: false, reason: `is ${width}×${height}, not ${kind === 'icon' ? 'square' : '16:9'}` };
  }
  const animation = frames > 1 ? `, ${frames} frames` : '';
  return {
    ok: true,
    check: {
      check: 'image',
      status: 'pass',
      detail: `${label}: ${sniffed.type} ${width}×${height}${animation}`,
    },
    image: { type: sniffed.type, bytes: encoded.data, width, height, frames },
  };
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

/**
 * Checks a video: container from the bytes, at most {@link PUBLISH_LIMITS}.VIDEO_BYTES (SPEC §9: 25M).
 * @returns `fail` with the reason (`video: the video must be at most 25 MB; this file is 26.1 MB`), or `pass`
 */
export function checkVideo(bytes: Uint8Array): CheckResult {
  if (bytes.byteLength > PUBLISH_LIMITS.VIDEO_BYTES)
    return {
      check: 'video',
      status: 'fail',
      detail: `video: ${sizeLimitText(PUBLISH_LIMITS.VIDEO_BYTES, bytes.byteLength, 'the video')}`,
    };
  const type = sniffVideo(bytes);
  if (!type) return { check: 'video', status: 'fail', detail: 'video: not an MP4 or WebM file' };
  return {
    check: 'video',
    status: 'pass',
    detail: `video: ${type}, ${formatBytes(bytes.byteLength)}`,
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

/** Another plugin as the similar-name check sees it. */
export interface NamedPlugin {
  name: string;
  plugin_key: string;
}

/**
 * Flags a name within one edit (two for names of 8+ folded characters) of an existing plugin's
 * name, or equal to it once folded ("Auto-Layout" vs "autolayout") — a possible typosquat. The
 * detail names each such plugin once, by name and key, so two plugins of one name read as two:
 * `similar to "Grid Helper" (grid-helper), "Grid Helper" (grid-helper-2)`; at most 5, then
 * `and 3 more`.
 * @param existing - the other plugins (each once)
 */
export function checkName(name: string, existing: readonly NamedPlugin[]): CheckResult {
  const folded = foldName(name);
  const limit = folded.length >= 8 ? 2 : 1;
  const seen = new Set<string>();
  const close = existing.filter((other) => {
    if (seen.has(other.plugin_key)) return false;
    seen.add(other.plugin_key);
    const o = foldName(other.name);
    return o !== '' && Math.abs(o.length - folded.length) <= limit && distance(o, folded) <= limit;
  });
  if (close.length === 0) return { check: 'name', status: 'pass', detail: 'no similar plugin name' };
  const named = close
    .slice(0, 5)
    .map((p) => `${JSON.stringify(p.name)} (${p.plugin_key})`)
    .join(', ');
  return {
    check: 'name',
    status: 'flag',
    detail: `similar to ${named}${close.length > 5 ? ` and ${close.length - 5} more` : ''}`,
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
