/**
 * Client-side checks of the publish form (SPEC §5), run before anything is sent; the server checks
 * again (docs/publishing.md). Each check returns `null` when the value is fine, else an
 * {@link FieldError}: the key of a text of the `publish` namespace plus its values, so the message is
 * translated where it is shown.
 *
 * @packageDocumentation
 */
import { BANNER_URL_MESSAGE, PUBLISH_LIMITS } from '@plugin-center/contract';
import { CONTACT_MESSAGE, contactProblem, httpUrl } from '@plugin-center/contract/text';

/** A validation failure: a text key of the `publish` namespace (`error.*`) and its interpolation values. */
export interface FieldError {
  key: string;
  values?: Record<string, unknown>;
}

/** Image types the server accepts (it sniffs the bytes: PNG, JPEG, GIF, WebP; SVG refused). */
export const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;
/** Video types offered by the form. */
export const VIDEO_TYPES = ['video/mp4', 'video/webm'] as const;

/** Bytes in a KB and in a MB (binary multiples, as the server's). */
const KB = 1024;
const MB = 1024 * 1024;

/**
 * A size limit as a person reads it: whole MB from 1 MB up (`5 MB`), else KB (`64 KB`), never a
 * fraction of a MB (SPEC §5 shows image limits in MB; the code file's 64 KB is not "0.0625 MB").
 */
export function formatLimit(bytes: number): string {
  return bytes >= MB ? `${Math.round((bytes / MB) * 10) / 10} MB` : `${Math.round(bytes / KB)} KB`;
}

/** The media fields' groups in the refusal texts (`media.size.<group>`, `media.format.<group>`, …). */
export type MediaGroup = 'icon' | 'cover' | 'images' | 'video' | 'code';

/** The text group of a file field: both covers are "cover images". */
export const mediaGroup = (field: string): MediaGroup | undefined =>
  field === 'icon'
    ? 'icon'
    : field === 'cover_center' || field === 'cover_panel'
      ? 'cover'
      : field === 'images'
        ? 'images'
        : field === 'video'
          ? 'video'
          : field === 'code_file'
            ? 'code'
            : undefined;

/** "<the field's files> must be at most <limit>" (`media.size.<group>`, e.g. "Cover images must be at most 5 MB"). */
const tooLarge = (group: MediaGroup, maxBytes: number): FieldError => ({
  key: `media.size.${group}`,
  values: { size: formatLimit(maxBytes) },
});

/** Length in user-perceived characters (code points), the unit of the text limits. */
export const textLength = (s: string) => [...s].length;

/**
 * A text field: `required` and empty (after trimming) → `error.required`; longer than `limit`
 * characters → `error.overLimit` ("over the word limit", the limit itself not shown, SPEC §5).
 */
export function checkText(value: string, limit: number, required = false): FieldError | null {
  if (required && value.trim() === '') return { key: 'error.required' };
  if (textLength(value) > limit) return { key: 'error.overLimit' };
  return null;
}

/**
 * An optional link: empty is fine; otherwise the contract's one link rule (`httpUrl`: an absolute
 * http(s) URL, no credentials, backslash, control or invisible character — what the server
 * applies), else 'Wrong url, please try again' (SPEC §5).
 */
export function checkUrl(value: string): FieldError | null {
  const v = value.trim();
  if (v === '') return null;
  if (textLength(v) > PUBLISH_LIMITS.URL) return { key: 'error.overLimit' };
  return httpUrl(v) === undefined ? { key: 'error.url' } : null;
}

/**
 * The contact: at most {@link PUBLISH_LIMITS.CONTACT} characters, and by the contract's contact rule
 * a `javascript:`/`data:`/other active scheme, another `scheme://` or a broken http(s) link shows
 * 'Wrong url, please try again'; invisible characters are left to the server's message.
 */
export function checkContact(value: string): FieldError | null {
  const v = value.trim();
  const tooLong = checkText(v, PUBLISH_LIMITS.CONTACT);
  if (tooLong || v === '') return tooLong;
  const problem = contactProblem(v);
  return problem === CONTACT_MESSAGE || problem === BANNER_URL_MESSAGE ? { key: 'error.url' } : null;
}

/** Semantic version `MAJOR.MINOR.PATCH` with optional pre-release and build (semver.org). */
const SEMVER =
  /^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(?:-((?:0|[1-9]\d*|\d*[a-zA-Z-][0-9a-zA-Z-]*)(?:\.(?:0|[1-9]\d*|\d*[a-zA-Z-][0-9a-zA-Z-]*))*))?(?:\+([0-9a-zA-Z-]+(?:\.[0-9a-zA-Z-]+)*))?$/;

/** The version: required, semver (e.g. `1.0.0`), at most 64 characters. */
export function checkVersion(value: string): FieldError | null {
  const v = value.trim();
  if (v === '') return { key: 'error.required' };
  if (v.length > 64 || !SEMVER.test(v)) return { key: 'error.semver' };
  return null;
}

/**
 * An image file of the field `group`: one of {@link IMAGE_TYPES} (else `media.format.<group>`, "The
 * icon must be a PNG, JPEG, GIF or WebP image") and at most `maxBytes` (else `media.size.<group>`
 * with the limit, "Cover images must be at most 5 MB"; SPEC §5 "show the size limit in MB").
 */
export function checkImageFile(
  file: File,
  maxBytes: number,
  group: 'icon' | 'cover' | 'images',
): FieldError | null {
  if (!(IMAGE_TYPES as readonly string[]).includes(file.type)) return { key: `media.format.${group}` };
  if (file.size > maxBytes) return tooLarge(group, maxBytes);
  return null;
}

/**
 * The video: MP4 or WebM (else `media.format.video`) of at most {@link PUBLISH_LIMITS.VIDEO_BYTES}
 * (25 MB, SPEC §9; else `media.size.video`).
 */
export function checkVideoFile(file: File): FieldError | null {
  if (!(VIDEO_TYPES as readonly string[]).includes(file.type)) return { key: 'media.format.video' };
  if (file.size > PUBLISH_LIMITS.VIDEO_BYTES) return tooLarge('video', PUBLISH_LIMITS.VIDEO_BYTES);
  return null;
}

/**
 * The code file (SPEC §5 "json only"): its name ends in `.json`, it is at most
 * {@link PUBLISH_LIMITS.CODE_BYTES} ("The code file must be at most 64 KB") and its text parses as JSON.
 */
export async function checkCodeFile(file: File): Promise<FieldError | null> {
  if (!/\.json$/i.test(file.name)) return { key: 'error.codeType' };
  if (file.size > PUBLISH_LIMITS.CODE_BYTES) {
    return tooLarge('code', PUBLISH_LIMITS.CODE_BYTES);
  }
  try {
    JSON.parse(await readText(file));
  } catch {
    return { key: 'error.codeJson' };
  }
  return null;
}

/** A file's text (`File.text()`, else a FileReader for older engines). */
function readText(file: File): Promise<string> {
  if (typeof file.text === 'function') return file.text();
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsText(file);
  });
}

/**
 * An image's pixel size, read with `createImageBitmap` where the browser has it; `null` when it
 * cannot be read here (no API, or an undecodable file: the server decides then).
 */
export async function imageSize(file: Blob): Promise<{ width: number; height: number } | null> {
  if (typeof createImageBitmap !== 'function') return null;
  try {
    const bitmap = await createImageBitmap(file);
    const size = { width: bitmap.width, height: bitmap.height };
    bitmap.close?.();
    return size.width > 0 && size.height > 0 ? size : null;
  } catch {
    return null;
  }
}

/** Tolerance of the 16:9 check, as the server's (±2 %). */
const RATIO_TOLERANCE = 0.02;

/**
 * The shape of an image (SPEC §5): `square` for the icon (recommended 32×32), `16:9` for the covers.
 * Skipped (null) when the size cannot be read in this browser.
 */
export async function checkShape(file: File, shape: 'square' | '16:9'): Promise<FieldError | null> {
  const size = await imageSize(file);
  if (!size) return null;
  if (shape === 'square') return size.width === size.height ? null : { key: 'error.square' };
  const ratio = size.width / size.height;
  return Math.abs(ratio / (16 / 9) - 1) <= RATIO_TOLERANCE ? null : { key: 'error.ratio' };
}

/** Size caps of the file fields, bytes (SPEC §5, §9; the server's `PUBLISH_LIMITS`). */
const MEDIA_BYTES: Record<MediaGroup, number> = {
  icon: PUBLISH_LIMITS.ICON_BYTES,
  cover: PUBLISH_LIMITS.COVER_BYTES,
  images: PUBLISH_LIMITS.IMAGE_BYTES,
  video: PUBLISH_LIMITS.VIDEO_BYTES,
  code: PUBLISH_LIMITS.CODE_BYTES,
};

/**
 * The form's own wording of a server refusal of a file (400 `UPLOAD_REJECTED` or 413 with `field`),
 * one sentence naming the field's files and the limit, read from the server's message
 * (`<field>: …`, see the server's `uploadChecks.ts` and `multipart.ts`):
 * - over the size (`must be at most 5 MB`, or any 413): `media.size.<group>` with the field's limit;
 * - over the pixel bounds (`at most 1024 × 1024 pixels`): `media.pixels.<group>` with those bounds;
 * - over the decoded pixels of all frames (`at most 8 million pixels`): `media.frames`;
 * - not square / not 16:9: `error.square` / `error.ratio`; too many images and videos: `error.tooManyMedia`;
 * - any other refusal of an image or the video (not a PNG…, a damaged or polyglot file): `media.format.<group>`.
 * Null for a code file refused for its content and for other fields, whose server message is shown
 * as it is (a manifest's JSON path helps the developer more than a generic text).
 */
export function mediaRefusal(field: string, serverMessage: string, status = 400): FieldError | null {
  const group = mediaGroup(field);
  if (group === undefined) return null;
  if (status === 413 || /must be at most [\d.,]+ (?:MB|KB|bytes)/.test(serverMessage))
    return tooLarge(group, MEDIA_BYTES[group]);
  if (group === 'code') return null;
  const pixels = /at most (\d+) × (\d+) pixels/.exec(serverMessage);
  if (pixels && group !== 'video')
    return { key: `media.pixels.${group}`, values: { width: Number(pixels[1]), height: Number(pixels[2]) } };
  const frames = /at most ([\d.,]+) million pixels/.exec(serverMessage);
  if (frames) return { key: 'media.frames', values: { million: frames[1] } };
  if (/not square/.test(serverMessage)) return { key: 'error.square' };
  if (/not 16:9/.test(serverMessage)) return { key: 'error.ratio' };
  if (/at most \d+ images and videos/.test(serverMessage))
    return { key: 'error.tooManyMedia', values: { max: PUBLISH_LIMITS.MEDIA } };
  return { key: `media.format.${group}` };
}
