/**
 * Reading the multipart body of `POST` / `PUT /api/cmt/plugin`: text fields validated
 * against the contract's `PublishFields` (limits of SPEC §5, §9 in `PUBLISH_LIMITS`; the publish
 * and edit forms' text fields are both drawn from it), files read into memory within their size
 * caps — file names, caps and repetition from the contract's `PUBLISH_FORM`, the declaration the
 * OpenAPI document describes the body with. Nothing is written anywhere here: a request refused at this
 * step leaves no trace.
 */

import type {} from '@fastify/multipart';
import { PLUGIN_PLATFORMS, PUBLISH_LIMITS } from '@plugin-center/contract';
import {
  ApiErrorCode,
  BATCH_UPLOAD_FORM,
  BatchId,
  PUBLISH_FORM,
  PublishFields,
} from '@plugin-center/contract/schemas';
import type { FastifyRequest } from 'fastify';
import { Compile } from 'typebox/compile';
import { ApiError } from '../errors';
import { fileTooLarge, multipartError, textTooLarge } from '../shared/multipart';
import { BATCH_LIMITS } from './batch';

/**
 * The file fields of the form (the contract's `PUBLISH_FORM.files`, the same for edit), each with
 * its size cap in bytes and whether it may repeat.
 */
export const FILE_FIELDS: Readonly<Record<FileField, { maxBytes: number; repeat?: boolean }>> =
  PUBLISH_FORM.files;

/** A file field's name. */
export type FileField = keyof typeof PUBLISH_FORM.files;

/** What a size refusal calls each file field's files: `<field>: cover images must be at most 5 MB; …`. */
const FILE_NOUNS: Readonly<Record<FileField, string>> = {
  icon: 'the icon',
  cover_center: 'cover images',
  cover_panel: 'cover images',
  video: 'the video',
  images: 'images',
  code_file: 'the code file',
};

/** Limits given to `@fastify/multipart` for these routes (the largest file of the form). */
export const MULTIPART_LIMITS = {
  fileSize: Math.max(...Object.values(FILE_FIELDS).map((rule) => rule.maxBytes)),
  files: 10,
  fields: 40,
  /** bytes: the longest description in 4-byte characters, with room to spare */
  fieldSize: PUBLISH_LIMITS.DESCRIPTION * 4 + 1024,
  parts: 50,
} as const;

/** The parsed form. */
export interface PublishForm {
  fields: PublishFields;
  files: Partial<Record<FileField, Buffer[]>>;
}

const checkFields = Compile(PublishFields);

const unknownFileField = (name: string) =>
  new ApiError(ApiErrorCode.INVALID_PARAMETER, `${name}: unknown file field`, 400, name);

/**
 * Reads the whole multipart body. Text fields: `tags` and `platforms` may repeat or be
 * comma-separated (a design tool must be a code of `PLUGIN_PLATFORMS`, each at most once); any
 * other repeated text field, an unknown field, a NUL character or a value over its limit is refused.
 *
 * @throws ApiError 400 INVALID_PARAMETER (with `field`) for a missing, unknown, repeated or invalid
 *   field or a request that is not multipart; 413 PAYLOAD_TOO_LARGE beyond the limits: a file over
 *   its own cap with `field` and `<field>: the icon must be at most 1 MB; this file is 1.2 MB`, a text over the
 *   multipart field size with `<field>: at most … of text`.
 */
export async function readPublishForm(request: FastifyRequest): Promise<PublishForm> {
  if (!request.isMultipart()) {
    throw new ApiError(ApiErrorCode.INVALID_PARAMETER, 'send the plugin as multipart/form-data', 415);
  }
  const texts: Record<string, string | string[]> = {};
  const tags: string[] = [];
  const platforms: string[] = [];
  const files: Partial<Record<FileField, Buffer[]>> = {};
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        const name = part.fieldname as FileField;
        const rule = FILE_FIELDS[name];
        if (!rule || !Object.hasOwn(FILE_FIELDS, name)) {
          part.file.resume();
          throw unknownFileField(part.fieldname);
        }
        let bytes: Buffer;
        try {
          bytes = await part.toBuffer();
        } catch (error) {
          // Over the largest file any field takes: the read stopped there, the size is unknown.
          throw multipartError(error, fileTooLarge(name, rule.maxBytes, undefined, FILE_NOUNS[name]));
        }
        if (bytes.byteLength === 0) continue; // an empty file input: nothing chosen
        if (bytes.byteLength > rule.maxBytes)
          throw fileTooLarge(name, rule.maxBytes, bytes.byteLength, FILE_NOUNS[name]);
        const list = files[name] ?? [];
        files[name] = list;
        if (!rule.repeat && list.length > 0)
          throw new ApiError(ApiErrorCode.INVALID_PARAMETER, `${name}: only one file`, 400, name);
        list.push(bytes);
        continue;
      }
      const name = part.fieldname;
      if (part.valueTruncated) throw textTooLarge(name, MULTIPART_LIMITS.fieldSize);
      const value = typeof part.value === 'string' ? part.value : String(part.value);
      if (value.includes('\u0000'))
        throw new ApiError(
          ApiErrorCode.INVALID_PARAMETER,
          `${name}: must not contain NUL characters`,
          400,
          name,
        );
      if (name === 'tags') {
        for (const tag of value.split(',')) if (tag.trim()) tags.push(tag.trim());
        continue;
      }
      if (name === 'platforms') {
        for (const code of value.split(','))
          if (code.trim()) platforms.push(checkedPlatform(code.trim(), platforms));
        continue;
      }
      if (name in texts)
        throw new ApiError(ApiErrorCode.INVALID_PARAMETER, `${name}: only one value`, 400, name);
      texts[name] = name === 'description' ? value : value.trim();
    }
  } catch (error) {
    throw multipartError(error);
  }
  const unknown = Object.keys(texts).find((name) => !Object.hasOwn(PublishFields.properties, name));
  if (unknown !== undefined)
    throw new ApiError(ApiErrorCode.INVALID_PARAMETER, `${unknown}: unknown field`, 400, unknown);
  const candidate: Record<string, unknown> = { ...texts };
  if (tags.length > 0) candidate.tags = [...new Set(tags)];
  if (platforms.length > 0) candidate.platforms = platforms;
  for (const key of [
    'contact',
    'copyright_name',
    'developer',
    'technical_support_link',
    'license',
    'homepage',
    'repository',
  ]) {
    if (candidate[key] === '') delete candidate[key];
  }
  if (!checkFields.Check(candidate)) {
    const first = (
      checkFields.Errors(candidate) as {
        instancePath?: string;
        message?: string;
        keyword?: string;
        params?: Record<string, unknown>;
      }[]
    )[0];
    let field = (first?.instancePath ?? '').replace(/^\//, '').split('/')[0] ?? '';
    let message = first?.message ?? 'is invalid';
    if (first?.keyword === 'required' && Array.isArray(first.params?.requiredProperties)) {
      field = String(first.params.requiredProperties[0]);
      message = 'is required';
    } else if (
      first?.keyword === 'additionalProperties' &&
      Array.isArray(first.params?.additionalProperties)
    ) {
      field = String(first.params.additionalProperties[0]);
      message = 'unknown field';
    } else if (first?.keyword === 'maxLength' || first?.keyword === 'maxItems') {
      message = `over ${first.params?.limit} ${first.keyword === 'maxItems' ? 'items' : 'words'}`;
    } else if (first?.keyword === 'minLength' && candidate[field] === '') {
      message = 'is required';
    }
    throw new ApiError(
      ApiErrorCode.INVALID_PARAMETER,
      `${field || 'form'}: ${message}`,
      400,
      field || undefined,
    );
  }
  return { fields: candidate as PublishFields, files };
}

/**
 * One design tool of the `platforms` field: a code of the contract's `PLUGIN_PLATFORMS` not given
 * before (`seen`), so the list stays within its `maxItems` however long the body.
 * @throws ApiError 400 INVALID_PARAMETER (field `platforms`) for an unknown or repeated code
 */
function checkedPlatform(code: string, seen: readonly string[]): string {
  const refuse = (why: string) =>
    new ApiError(ApiErrorCode.INVALID_PARAMETER, `platforms: ${why}`, 400, 'platforms');
  const shown = JSON.stringify(code.length > 40 ? `${code.slice(0, 40)}…` : code);
  if (!(PLUGIN_PLATFORMS as readonly string[]).includes(code))
    throw refuse(`unknown design tool ${shown}; one of ${PLUGIN_PLATFORMS.join(', ')}`);
  if (seen.includes(code)) throw refuse(`${shown} is given twice`);
  return code;
}

/** The contract's rule for a batch id (`BatchId`). */
const BATCH_ID = Compile(BatchId);

/** The one file field of a batch upload (the contract's `BATCH_UPLOAD_FORM`). */
const BATCH_FILE = Object.keys(BATCH_UPLOAD_FORM.files)[0] as keyof typeof BATCH_UPLOAD_FORM.files;

/**
 * Reads the one file of a batch upload (multipart field `file` of the contract's
 * `BATCH_UPLOAD_FORM`, at most {@link BATCH_LIMITS}.FILE_BYTES) and its optional text field
 * `batch_id`; other text fields are ignored.
 * @throws ApiError 415 for a body that is not multipart, 400 INVALID_PARAMETER for another file
 *   field, no file, a `batch_id` that is not a `BatchId` or a malformed body, 413
 *   PAYLOAD_TOO_LARGE (field `file`) beyond the limit
 */
export async function readBatchFile(
  request: FastifyRequest,
): Promise<{ name: string; bytes: Buffer; batchId?: string }> {
  if (!request.isMultipart())
    throw new ApiError(ApiErrorCode.INVALID_PARAMETER, 'send the file as multipart/form-data', 415);
  let file: { name: string; bytes: Buffer } | undefined;
  let batchId: string | undefined;
  try {
    for await (const part of request.parts({
      limits: { fileSize: BATCH_LIMITS.FILE_BYTES, files: 1, fields: 5, fieldSize: 1024 },
    })) {
      if (part.type !== 'file') {
        if (part.fieldname === 'batch_id') batchId = batchIdField(part.value);
        continue;
      }
      if (part.fieldname !== BATCH_FILE) {
        part.file.resume();
        throw unknownFileField(part.fieldname);
      }
      file = { name: part.filename || 'upload', bytes: await part.toBuffer() };
    }
  } catch (error) {
    throw multipartError(error, fileTooLarge('file', BATCH_LIMITS.FILE_BYTES, undefined, 'the batch file'));
  }
  if (!file) throw new ApiError(ApiErrorCode.INVALID_PARAMETER, 'file: is required', 400, 'file');
  return batchId === undefined ? file : { ...file, batchId };
}

/** The `batch_id` text field checked against the contract's `BatchId` rule. @throws ApiError 400 INVALID_PARAMETER */
function batchIdField(value: unknown): string {
  if (typeof value !== 'string' || !BATCH_ID.Check(value))
    throw new ApiError(
      ApiErrorCode.INVALID_PARAMETER,
      'batch_id: 8 to 64 letters, digits, - or _',
      400,
      'batch_id',
    );
  return value;
}
