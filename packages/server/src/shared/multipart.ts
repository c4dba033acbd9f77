/**
 * What every multipart route (the publish form, the batch upload, the banner form) answers for a
 * body it cannot read: the `@fastify/multipart` and busboy failures mapped to the error envelope.
 */
import { ApiErrorCode } from '@plugin-center/contract/schemas';
import { ApiError } from '../errors';

/** 413 PAYLOAD_TOO_LARGE for `what` (with `field` for one form field). */
export const tooLarge = (what: string, field?: string) =>
  new ApiError(ApiErrorCode.PAYLOAD_TOO_LARGE, `${what} is larger than the server accepts`, 413, field);

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
  if (code === 'FST_REQ_FILE_TOO_LARGE') return fileTooLarge ?? tooLarge('a file');
  if (code === 'FST_FILES_LIMIT' || code === 'FST_FIELDS_LIMIT' || code === 'FST_PARTS_LIMIT')
    return tooLarge('the form (too many parts)');
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
