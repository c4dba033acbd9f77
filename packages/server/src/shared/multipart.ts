/**
 * What every multipart route (the publish form, the batch upload, the banner form) answers for a
 * body it cannot read: the `@fastify/multipart` and busboy failures mapped to the error envelope.
 */
import { ApiErrorCode } from '@plugin-center/contract/schemas';
import { ApiError } from '../errors';

const KB = 1024;
const MB = 1024 * 1024;

/**
 * A number of bytes in the unit a person reads (binary multiples, as SPEC §5's "MB"): `512 bytes`,
 * `64 KB`, `1 MB`, `1.2 MB`, with at most one decimal. `roundUp` rounds the decimal up, so a file
 * just over a limit never reads as the limit itself (`1 MB` + 1 byte → `1.1 MB`).
 */
export function formatBytes(bytes: number, roundUp = false): string {
  const [unit, size] = bytes >= MB ? ['MB', MB] : bytes >= KB ? ['KB', KB] : ['bytes', 1];
  const round = roundUp ? Math.ceil : Math.round;
  const value = round((bytes / size) * 10) / 10;
  return `${value.toLocaleString('en-US')} ${unit}`;
}

/**
 * A size limit as one sentence naming what it limits (`noun`, e.g. `cover images`):
 * `cover images must be at most 5 MB; this file is 6.1 MB`, or `… at most 5 MB` when the file's size
 * is not known (the upload was stopped at the limit). Limits under 1 MB read in KB (`64 KB`).
 */
export function sizeLimitText(maxBytes: number, size?: number, noun = 'the file'): string {
  const limit = `${noun} must be at most ${formatBytes(maxBytes)}`;
  return size === undefined ? limit : `${limit}; this file is ${formatBytes(size, true)}`;
}

/**
 * 413 PAYLOAD_TOO_LARGE for a file over its limit, with `field`:
 * `<field>: the code file must be at most 64 KB; this file is 80 KB` (see {@link sizeLimitText};
 * `noun` names the field's files, default `the file`).
 */
export const fileTooLarge = (field: string, maxBytes: number, size?: number, noun?: string) =>
  new ApiError(
    ApiErrorCode.PAYLOAD_TOO_LARGE,
    `${field}: ${sizeLimitText(maxBytes, size, noun)}`,
    413,
    field,
  );

/** 413 PAYLOAD_TOO_LARGE for a text field over `maxBytes`: `<field>: at most 81 KB of text`. */
export const textTooLarge = (field: string, maxBytes: number) =>
  new ApiError(
    ApiErrorCode.PAYLOAD_TOO_LARGE,
    `${field}: at most ${formatBytes(maxBytes)} of text`,
    413,
    field,
  );

/**
 * The error to answer for a failure while reading a multipart body (`@fastify/multipart` and busboy
 * errors, a body cut short): 413 PAYLOAD_TOO_LARGE beyond the limits, 400 INVALID_PARAMETER for a
 * body that is not well-formed multipart; an `ApiError` or anything else unknown is returned as is.
 * `fileTooLarge`: what a file over its size limit answers instead of the generic 413 (a form with one
 * file names its field and limit).
 */
export function multipartError(error: unknown, fileTooLarge?: ApiError): unknown {
  if (error instanceof ApiError) return error;
  const code = (error as { code?: string }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE')
    return (
      fileTooLarge ??
      new ApiError(ApiErrorCode.PAYLOAD_TOO_LARGE, 'a file is larger than the server accepts', 413)
    );
  if (code === 'FST_FILES_LIMIT' || code === 'FST_FIELDS_LIMIT' || code === 'FST_PARTS_LIMIT')
    return new ApiError(
      ApiErrorCode.PAYLOAD_TOO_LARGE,
      'the form has more files or fields than the server accepts',
      413,
    );
  if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE' || code === 'FST_NO_FORM_DATA')
    return new ApiError(ApiErrorCode.INVALID_PARAMETER, 'send the form as multipart/form-data', 400);
  if (code === 'ERR_STREAM_PREMATURE_CLOSE')
    return new ApiError(
      ApiErrorCode.INVALID_PARAMETER,
      'malformed multipart body: it ends before its last part',
      400,
    );
  // A body cut short or not multipart at all (busboy: "Unexpected end of form", "Malformed part header").
  if (error instanceof Error && /form|part|boundary|multipart/i.test(error.message))
    return new ApiError(ApiErrorCode.INVALID_PARAMETER, `malformed multipart body: ${error.message}`, 400);
  return error;
}
