/**
 * Plain constants of the Plugin Center wire, free of TypeBox so the client bundle can import them.
 * `wire.ts` imports and re-exports these, so server and client share one definition.
 *
 * @packageDocumentation
 */

/** Success codes of the response envelope (SPEC §3, §9): `0` or `200`. */
export const SUCCESS_CODES = [0, 200] as const;

/**
 * Stable error identifiers the server returns in `error` of a failed envelope, with the numeric
 * `code` that goes with each (never 0 or 200). Listed in docs/api.md.
 */
export const ApiErrorCode = {
  /** A query or body field is missing, of the wrong type or out of range (HTTP 400). */
  INVALID_PARAMETER: { code: 40000, error: 'INVALID_PARAMETER' },
  /** The request body is not valid JSON (HTTP 400). */
  MALFORMED_BODY: { code: 40001, error: 'MALFORMED_BODY' },
  /** A pagination cursor that this server did not issue or that does not fit the query (HTTP 400). */
  INVALID_CURSOR: { code: 40002, error: 'INVALID_CURSOR' },
  /** Authentication required or failed (HTTP 401). */
  UNAUTHORIZED: { code: 401, error: 'UNAUTHORIZED' },
  /** Signed in without the rights for this call: 'Current account has no permission' (HTTP 403). */
  FORBIDDEN: { code: 40300, error: 'FORBIDDEN' },
  /** No plugin with that plugin_key (or not visible to the caller) (HTTP 404). */
  PLUGIN_NOT_FOUND: { code: 40400, error: 'PLUGIN_NOT_FOUND' },
  /** No route for this method and path (HTTP 404). */
  ROUTE_NOT_FOUND: { code: 40401, error: 'ROUTE_NOT_FOUND' },
  /** The body is larger than the server accepts (HTTP 413). */
  PAYLOAD_TOO_LARGE: { code: 41300, error: 'PAYLOAD_TOO_LARGE' },
  /** Too many requests from this client (HTTP 429). */
  RATE_LIMITED: { code: 42900, error: 'RATE_LIMITED' },
  /** Anything unexpected; details are in the server log, never in the response (HTTP 500). */
  INTERNAL: { code: 50000, error: 'INTERNAL' },
} as const;

/** Sort orders of the plugin list (SPEC §4): `0` latest (default), `1` most popular. */
export const PluginSort = { LATEST: 0, MOST_POPULAR: 1 } as const;
/** A value of {@link PluginSort}. */
export type PluginSort = (typeof PluginSort)[keyof typeof PluginSort];

/** Review (audit) status of a plugin; the numbers are the audit filter's (SPEC §3): 1 unaudited, 2 passed, 3 not passed. */
export const ReviewStatus = { UNREVIEWED: 1, APPROVED: 2, UNAPPROVED: 3 } as const;
/** A value of {@link ReviewStatus}. */
export type ReviewStatus = (typeof ReviewStatus)[keyof typeof ReviewStatus];

/** The id of the "All" entry of the tag row (SPEC §2). */
export const ALL_TAGS_ID = 0;

/** Page size limits of `GET plugin/list`: default 20, at most 100. */
export const PAGE_SIZE = { DEFAULT: 20, MAX: 100 } as const;

/** Longest search keyword accepted, in characters. */
export const KEYWORD_MAX_LENGTH = 100;

/**
 * Interface locales (SPEC §1): zh-CN default, en-US fallback. Sent as `lang` on reads, it picks a
 * plugin's translated name, intro and description where the catalogue has one (zh.json entries that
 * describe an English plugin); otherwise the plugin's own texts are returned.
 */
export const LOCALES = ['zh-CN', 'en-US', 'ja-JP', 'ko-KR', 'ru-RU', 'es-ES'] as const;
/** One of {@link LOCALES}. */
export type Locale = (typeof LOCALES)[number];
