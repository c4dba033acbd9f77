/**
 * Reading the multipart body of `PUT /api/cmt/manager/plugin-banner`: text fields
 * `id`, `redirect_url`, `position` and the file `image` as the contract's `BANNER_FORM` declares them
 * (the declaration the OpenAPI document describes the body with), read into memory within its caps. Nothing is written anywhere here: a request refused at this
 * step leaves no trace. Malformed bodies are answered as the publish form's are
 * (`shared/multipart.ts` `multipartError`).
 */
import type {} from '@fastify/multipart';
import {
  ApiErrorCode,
  BANNER_FORM,
  BANNER_LIMITS,
  BANNER_URL_MESSAGE,
  INT32_MAX,
} from '@plugin-center/contract/schemas';
import type { FastifyRequest } from 'fastify';
import { Compile } from 'typebox/compile';
import { ApiError } from '../errors';
import { httpUrl } from '../shared/links';
import { fileTooLarge, multipartError } from '../shared/multipart';

/** The one file field of the form and its cap. */
const IMAGE = 'image' satisfies keyof typeof BANNER_FORM.files;

/** Limits given to `@fastify/multipart` for this route (one image, three short text fields). */
export const BANNER_MULTIPART_LIMITS = {
  fileSize: BANNER_FORM.files[IMAGE].maxBytes,
  files: 2,
  fields: 10,
  /** bytes: the longest link in 4-byte characters, with room to spare */
  fieldSize: BANNER_LIMITS.URL * 4 + 64,
  parts: 12,
} as const;

/** The parsed form: numbers converted, the link checked and normalised. */
export interface BannerForm {
  /** The banner to replace; absent: create one. */
  id?: number;
  /** The normalised absolute http(s) link (see `httpUrl`). */
  redirectUrl?: string;
  /** 0-based place wanted (may be past the end). */
  position?: number;
  /** The image's bytes (not checked yet: `banners.ts` sniffs them). */
  image?: Buffer;
}

const checkFields = Compile(BANNER_FORM.fields);

const invalid = (field: string, message: string) =>
  new ApiError(ApiErrorCode.INVALID_PARAMETER, `${field}: ${message}`, 400, field);

/** The error of a link that is not an absolute http(s) URL: SPEC §5's text exactly. */
export const wrongUrl = () =>
  new ApiError(ApiErrorCode.INVALID_PARAMETER, BANNER_URL_MESSAGE, 400, 'redirect_url');

/**
 * Reads the whole multipart body. A repeated or unknown field, a second file, a NUL character in
 * `id` or `position`, or a value that does not fit is refused; an empty file input means no file.
 * `redirect_url` that is not an absolute http(s) URL (empty, relative, `javascript:`, `data:`,
 * too long, NUL or spaces…) → 400 INVALID_PARAMETER `'Wrong url, please try again'`.
 *
 * @throws ApiError 415 INVALID_PARAMETER for a body that is not multipart; 400 INVALID_PARAMETER
 *   (with `field`) for a bad field or a malformed body; 413 PAYLOAD_TOO_LARGE (field `image` for an
 *   image over the `BANNER_FORM` image cap) beyond the limits.
 */
export async function readBannerForm(request: FastifyRequest): Promise<BannerForm> {
  if (!request.isMultipart())
    throw new ApiError(ApiErrorCode.INVALID_PARAMETER, 'send the banner as multipart/form-data', 415);
  const texts: Record<string, string> = {};
  let image: Buffer | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== IMAGE) {
          part.file.resume();
          throw invalid(part.fieldname, 'unknown file field');
        }
        const bytes = await part.toBuffer();
        if (bytes.byteLength === 0) continue; // an empty file input: nothing chosen
        if (image) throw invalid(IMAGE, 'only one file');
        image = bytes;
        continue;
      }
      const name = part.fieldname;
      if (part.valueTruncated) {
        if (name === 'redirect_url') throw wrongUrl();
        throw new ApiError(ApiErrorCode.PAYLOAD_TOO_LARGE, `${name}: is too long`, 413, name);
      }
      if (Object.hasOwn(texts, name)) throw invalid(name, 'only one value');
      texts[name] = typeof part.value === 'string' ? part.value : String(part.value);
    }
  } catch (error) {
    throw multipartError(
      error,
      fileTooLarge(IMAGE, BANNER_FORM.files[IMAGE].maxBytes, undefined, 'banner images'),
    );
  }
  const unknown = Object.keys(texts).find((name) => !Object.hasOwn(BANNER_FORM.fields.properties, name));
  if (unknown !== undefined) throw invalid(unknown, 'unknown field');
  const form: BannerForm = {};
  if (texts.redirect_url !== undefined) {
    const link = httpUrl(texts.redirect_url.trim());
    if (link === undefined) throw wrongUrl();
    form.redirectUrl = link;
  }
  const numbers = { id: texts.id?.trim(), position: texts.position?.trim() };
  if (!checkFields.Check(Object.fromEntries(Object.entries(numbers).filter(([, v]) => v !== undefined)))) {
    const field = numbers.id !== undefined && !/^[1-9][0-9]{0,9}$/.test(numbers.id) ? 'id' : 'position';
    throw invalid(field, field === 'id' ? 'must be a banner id' : 'must be a whole number from 0');
  }
  if (numbers.id !== undefined) {
    const id = Number(numbers.id);
    if (id > INT32_MAX) throw invalid('id', 'must be a banner id');
    form.id = id;
  }
  if (numbers.position !== undefined) form.position = Math.min(Number(numbers.position), INT32_MAX);
  if (image) form.image = image;
  return form;
}
