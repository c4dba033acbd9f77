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

/** Bytes in a MB, for the messages that show a size limit in MB (SPEC §5). */
const MB = 1024 * 1024;

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
 * An image file: one of {@link IMAGE_TYPES} and at most `maxBytes`; otherwise `error.imageFormat`
 * with the limit in MB (SPEC §5 "image format/size errors show the size limit in MB").
 */
export function checkImageFile(file: File, maxBytes: number): FieldError | null {
  const okType = (IMAGE_TYPES as readonly string[]).includes(file.type);
  if (!okType || file.size > maxBytes) return { key: 'error.imageFormat', values: { mb: maxBytes / MB } };
  return null;
}

/** The video: MP4 or WebM of at most {@link PUBLISH_LIMITS.VIDEO_BYTES} (25 MB, SPEC §9). */
export function checkVideoFile(file: File): FieldError | null {
  const okType = (VIDEO_TYPES as readonly string[]).includes(file.type);
  if (!okType || file.size > PUBLISH_LIMITS.VIDEO_BYTES) {
    return { key: 'error.videoFormat', values: { mb: PUBLISH_LIMITS.VIDEO_BYTES / MB } };
  }
  return null;
}

/**
 * The code file (SPEC §5 "json only"): its name ends in `.json`, it is at most
 * {@link PUBLISH_LIMITS.CODE_BYTES} and its text parses as JSON.
 */
export async function checkCodeFile(file: File): Promise<FieldError | null> {
  if (!/\.json$/i.test(file.name)) return { key: 'error.codeType' };
  if (file.size > PUBLISH_LIMITS.CODE_BYTES) {
    return { key: 'error.codeSize', values: { kb: PUBLISH_LIMITS.CODE_BYTES / 1024 } };
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

/** Size caps of the media fields, bytes (SPEC §5, §9; the server's `PUBLISH_LIMITS`). */
const MEDIA_BYTES: Record<string, number> = {
  icon: PUBLISH_LIMITS.ICON_BYTES,
  cover_center: PUBLISH_LIMITS.COVER_BYTES,
  cover_panel: PUBLISH_LIMITS.COVER_BYTES,
  images: PUBLISH_LIMITS.IMAGE_BYTES,
  video: PUBLISH_LIMITS.VIDEO_BYTES,
};

/**
 * The form's own wording of a server refusal of a media file (400 `UPLOAD_REJECTED` or 413 with
 * `field`): the shape errors (`error.square`, `error.ratio`) or the format/size error with the
 * field's limit in MB (SPEC §8); null for other fields, whose server message is shown as it is
 * (a manifest's JSON path helps the developer more than a generic text).
 */
export function mediaRefusal(field: string, serverMessage: string): FieldError | null {
  const maxBytes = MEDIA_BYTES[field];
  if (maxBytes === undefined) return null;
  if (field === 'video') return { key: 'error.videoFormat', values: { mb: maxBytes / MB } };
  if (/not square/.test(serverMessage)) return { key: 'error.square' };
  if (/not 16:9/.test(serverMessage)) return { key: 'error.ratio' };
  if (/at most \d+ images and videos/.test(serverMessage))
    return { key: 'error.tooManyMedia', values: { max: PUBLISH_LIMITS.MEDIA } };
  return { key: 'error.imageFormat', values: { mb: maxBytes / MB } };
}
