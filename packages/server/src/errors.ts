/**
 * The server's error model: every failure answers with the wire `ErrorEnvelope`
 * (`{ code, error, message, data: null }`) carrying an `ApiErrorCode` entry and a fitting HTTP
 * status. Bad input is never a 500; a 500 never carries a stack or an internal message.
 */

import { DEFAULT_SITE_CONFIG, type SiteConfig } from '@plugin-center/contract';
import { ApiErrorCode, type ErrorEnvelope } from '@plugin-center/contract/schemas';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sendNotFoundPage, wantsHtmlPage } from './notFoundPage';
import { REQUEST_ID_HEADER } from './requestLog';

/** One entry of the wire's `ApiErrorCode`. */
export type ApiErrorEntry = (typeof ApiErrorCode)[keyof typeof ApiErrorCode];

/** HTTP status of each error identifier. */
export const ERROR_STATUS: Record<ApiErrorEntry['error'], number> = {
  INVALID_PARAMETER: 400,
  MALFORMED_BODY: 400,
  INVALID_CURSOR: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  PLUGIN_NOT_FOUND: 404,
  ROUTE_NOT_FOUND: 404,
  RATING_NOT_FOUND: 404,
  // Banners and activities
  BANNER_NOT_FOUND: 404,
  ACTIVITY_NOT_FOUND: 404,
  PAYLOAD_TOO_LARGE: 413,
  RATE_LIMITED: 429,
  INVALID_CREDENTIALS: 401,
  INVALID_CODE: 400,
  REDIRECT_NOT_ALLOWED: 400,
  EMAIL_TAKEN: 409,
  THIRD_PARTY_FAILED: 502,
  SSO_REJECTED: 401,
  ACCOUNT_DISABLED: 403,
  LOGIN_METHOD_DISABLED: 404,
  UPLOAD_REJECTED: 400,
  VERSION_NOT_INCREASED: 409,
  PENDING_LIMIT_REACHED: 409,
  STORAGE_QUOTA_EXCEEDED: 413,
  MANIFEST_ID_TAKEN: 409,
  ALREADY_REVIEWED: 409,
  RESOURCE_POSITION_NOT_FOUND: 404,
  BATCH_ID_TAKEN: 409,
  PUBLISHER_NOT_FOUND: 404,
  NOTIFICATION_NOT_FOUND: 404,
  WEBHOOK_NOT_FOUND: 404,
  HANDLE_TAKEN: 409,
  HANDLE_ALREADY_SET: 409,
  DOMAIN_NOT_VERIFIED: 409,
  INTERNAL: 500,
};

/**
 * An expected failure of a request: thrown anywhere in a handler, answered by the error handler
 * as `{ code: entry.code, error: entry.error, message, data: null }` with `status` (by default the
 * entry's own, see {@link ERROR_STATUS}).
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  /**
   * @param field - the request field the error is about, answered as the envelope's `field` (the
   *   publish form shows the message beside it)
   */
  constructor(
    readonly entry: ApiErrorEntry,
    message: string,
    status?: number,
    readonly field?: string,
  ) {
    super(message);
    this.status = status ?? ERROR_STATUS[entry.error];
  }
}

/** Builds the body of a failed response; `field` only when given. */
export function errorEnvelope(entry: ApiErrorEntry, message: string, field?: string): ErrorEnvelope {
  const body: ErrorEnvelope = { code: entry.code, error: entry.error, message, data: null };
  if (field !== undefined) body.field = field;
  return body;
}

interface ValidationIssue {
  instancePath?: string;
  message?: string;
  params?: Record<string, unknown>;
  keyword?: string;
}

/**
 * "querystring.page_size: must be <= 100" from a Fastify validation error (TypeBox issues): names
 * the first offending field; unions of constants read "must be one of 0, 1", unknown fields
 * "unknown field".
 */
function describeValidation(error: FastifyError): string {
  const issues = (error.validation ?? []) as ValidationIssue[];
  const where = error.validationContext ?? 'request';
  const first =
    issues.find((i) => i.keyword === 'additionalProperties' || i.keyword === 'required') ??
    issues.find((i) => i.keyword !== 'boolean') ??
    issues[0];
  if (!first) return `${where}: invalid`;
  const params = first.params ?? {};
  let field = (first.instancePath ?? '').replace(/^\//, '').replaceAll('/', '.');
  let message = first.message ?? 'is invalid';
  if (first.keyword === 'additionalProperties' && Array.isArray(params.additionalProperties)) {
    field = [field, String(params.additionalProperties[0])].filter(Boolean).join('.');
    message = 'unknown field';
  } else if (first.keyword === 'required' && Array.isArray(params.requiredProperties)) {
    field = [field, String(params.requiredProperties[0])].filter(Boolean).join('.');
    message = 'is required';
  } else {
    const constants = issues
      .filter((i) => i.keyword === 'const' && i.instancePath === first.instancePath)
      .map((i) => JSON.stringify(i.params?.allowedValue));
    if (constants.length > 1) message = `must be one of ${constants.join(', ')}`;
    if (first.keyword === 'enum' && Array.isArray(params.allowedValues)) {
      message = `must be one of ${params.allowedValues.map((v) => JSON.stringify(v)).join(', ')}`;
    }
  }
  return field ? `${where}.${field}: ${message}` : `${where}: ${message}`;
}

/** Maps any error thrown while handling a request to its status and envelope. */
export function toErrorResponse(error: unknown): { status: number; body: ErrorEnvelope; internal: boolean } {
  if (error instanceof ApiError) {
    return {
      status: error.status,
      body: errorEnvelope(error.entry, error.message, error.field),
      internal: false,
    };
  }
  const e = error as FastifyError;
  if (e?.validation) {
    return {
      status: 400,
      body: errorEnvelope(ApiErrorCode.INVALID_PARAMETER, describeValidation(e)),
      internal: false,
    };
  }
  switch (e?.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return {
        status: 400,
        body: errorEnvelope(ApiErrorCode.MALFORMED_BODY, 'the request body is not valid JSON'),
        internal: false,
      };
    case 'FST_ERR_BAD_URL':
      return {
        status: 400,
        body: errorEnvelope(
          ApiErrorCode.INVALID_PARAMETER,
          'the URL path is not valid percent-encoded UTF-8',
        ),
        internal: false,
      };
    case 'FST_ERR_MAX_PARAM_LENGTH':
      return {
        status: 400,
        body: errorEnvelope(ApiErrorCode.INVALID_PARAMETER, 'a path parameter is longer than 100 characters'),
        internal: false,
      };
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return {
        status: 413,
        body: errorEnvelope(
          ApiErrorCode.PAYLOAD_TOO_LARGE,
          'the request body is larger than the server accepts',
        ),
        internal: false,
      };
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return {
        status: 415,
        body: errorEnvelope(
          ApiErrorCode.INVALID_PARAMETER,
          'unsupported Content-Type; send application/json',
        ),
        internal: false,
      };
  }
  if (e instanceof SyntaxError && (e as FastifyError).statusCode === 400) {
    return {
      status: 400,
      body: errorEnvelope(ApiErrorCode.MALFORMED_BODY, 'the request body is not valid JSON'),
      internal: false,
    };
  }
  const status = typeof e?.statusCode === 'number' ? e.statusCode : 500;
  if (status === 413) {
    return {
      status,
      body: errorEnvelope(
        ApiErrorCode.PAYLOAD_TOO_LARGE,
        'the request body is larger than the server accepts',
      ),
      internal: false,
    };
  }
  if (status >= 400 && status < 500) {
    const entry = status === 404 ? ApiErrorCode.ROUTE_NOT_FOUND : ApiErrorCode.INVALID_PARAMETER;
    return { status, body: errorEnvelope(entry, e.message || 'bad request'), internal: false };
  }
  return {
    status: 500,
    body: errorEnvelope(ApiErrorCode.INTERNAL, 'internal server error; the details are in the server log'),
    internal: true,
  };
}

/**
 * Fastify's `frameworkErrors` option: the errors its router raises before any route, hook or error
 * handler runs — FST_ERR_BAD_URL (a path with a malformed percent escape or one that is not UTF-8)
 * and FST_ERR_MAX_PARAM_LENGTH (a path parameter over Fastify's 100 characters) — answered in the
 * SPEC §8 envelope like every other error: 400 INVALID_PARAMETER (found by the fuzzer of `attack/fuzz.test.ts`;
 * Fastify's own answer was `{ error, code: 'FST_…', message }`), with the request's `X-Request-Id`.
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const { status, body } = toErrorResponse(error);
  // No hook runs before these: the request id is answered here (requestLog.ts echoRequestId).
  void reply
    .code(status)
    .header(REQUEST_ID_HEADER, request.id)
    .type('application/json; charset=utf-8')
    .send(body);
}

/**
 * Installs the error handler (everything in the envelope; 5xx logged with the stack, answered
 * without it) and the not-found handler: 404 ROUTE_NOT_FOUND naming method and path, except for a
 * browser navigation outside the API (`wantsHtmlPage`), which gets the HTML page of
 * `notFoundPage.ts` in the language of `site` (default: the domestic site).
 */
export function installErrorHandling(app: FastifyInstance, site: SiteConfig = DEFAULT_SITE_CONFIG): void {
  app.setErrorHandler((error: unknown, request: FastifyRequest, reply: FastifyReply) => {
    const { status, body, internal } = toErrorResponse(error);
    if (internal) request.log.error({ err: error }, 'request failed');
    return reply.code(status).type('application/json; charset=utf-8').send(body);
  });
  app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
    if (wantsHtmlPage(request)) return sendNotFoundPage(request, reply, site);
    const path = request.url.split('?')[0] ?? request.url;
    return reply
      .code(404)
      .type('application/json; charset=utf-8')
      .send(errorEnvelope(ApiErrorCode.ROUTE_NOT_FOUND, `no route for ${request.method} ${path}`));
  });
}
