/**
 * What an entry of the route table says: its method, path, access, request and response kind.
 */

/** HTTP methods of the route table. */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'OPTIONS';

/**
 * Who may call a route (SPEC §6 roles and permissions):
 * - `public`: anyone; a valid bearer access token, when sent, personalises the answer (e.g. the
 *   detail's `is_praise`) but is never required;
 * - `user`: a signed-in caller (`Authorization: Bearer <access token>`), else 401 `UNAUTHORIZED`;
 * - `admin`: a signed-in caller whose current role is 1 or 2, else 401 `UNAUTHORIZED` or 403
 *   `FORBIDDEN` 'Current account has no permission';
 * - `refresh_token`: the refresh token as `Authorization: Bearer <refresh token>` (SPEC §7 user API
 *   "(refresh token)" calls), else 401 `UNAUTHORIZED`;
 * - `metrics_token`: the server's scrape token (`METRICS_TOKEN`) as `Authorization: Bearer <token>`,
 *   else 401 `UNAUTHORIZED` (no account's token opens it); while the server has none configured the
 *   route is not served (404 `ROUTE_NOT_FOUND`).
 */
export const Access = {
  PUBLIC: 'public',
  USER: 'user',
  ADMIN: 'admin',
  REFRESH_TOKEN: 'refresh_token',
  METRICS_TOKEN: 'metrics_token',
} as const;
/** A value of {@link Access}. */
export type Access = (typeof Access)[keyof typeof Access];

/**
 * How a route's request carries its input:
 * - `none`: nothing (the client's call takes only options);
 * - `query`: the query string — on a GET the payload's fields, on other methods the `query` option
 *   (SPEC §7 `PUT plugin/resource_state/disable` "query id, is_disabled");
 * - `body`: a JSON body (or, where the route says so, a form body);
 * - `multipart`: `multipart/form-data`, passed through (SPEC §7 "multipart passed through").
 */
export type RequestKind = 'none' | 'query' | 'body' | 'multipart';

/**
 * What a route answers with:
 * - `envelope`: JSON `{ code: 0, data }` (SPEC §3), failures the error envelope;
 * - `blob`: a file (downloads);
 * - `raw`: JSON, script or text that is not enveloped (the Sensors Data SDK's own shapes, the
 *   Prometheus text format);
 * - `image`: the collector's 1×1 GIF; `empty`: no body (CORS preflight, 204);
 * - `html`: a page; `redirect`: a 3xx; `asset`: a static file (script, style, the built app).
 */
export type ResponseKind = 'envelope' | 'blob' | 'raw' | 'image' | 'empty' | 'html' | 'redirect' | 'asset';

/** One entry of the route table. */
export interface RouteDefinition {
  /** HTTP method. A GET route also answers HEAD. */
  readonly method: HttpMethod;
  /** Absolute path; `{name}` is a path parameter; a trailing `*` covers every path below it. */
  readonly path: string;
  /** Who may call it, see {@link Access}. */
  readonly access: Access;
  /**
   * A `user` route that also takes a personal access token (`Authorization: Bearer pcpat_…`, scope
   * `publish`) instead of an access token. Every other route refuses such a token.
   */
  readonly personalToken?: true;
  /**
   * An `admin` route for super administrators only (role 1): its handler answers 403 `FORBIDDEN` to
   * a general administrator. Shown in the OpenAPI document's `x-required-role`.
   */
  readonly superAdmin?: true;
  /** How the request carries its input, see {@link RequestKind}. */
  readonly request: RequestKind;
  /** What it answers with, see {@link ResponseKind}. */
  readonly response: ResponseKind;
  /**
   * Set while the server has no handler for it yet: the issue that brings it (the client already has
   * the call, SPEC §7). Such a route answers 404 `ROUTE_NOT_FOUND` until then.
   */
  readonly planned?: string;
}
