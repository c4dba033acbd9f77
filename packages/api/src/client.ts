import type {
  ApiResponse,
  RecommendationPublishBody,
  ResourcePositionBody,
  ResourcePositionListQuery,
  RouteDefinition,
  SilentInstallBody,
} from '@plugin-center/contract';
import { PLUGIN_ROUTES, USER_ROUTES } from '@plugin-center/contract';
import type { ROUTES } from '@plugin-center/contract/routes';
import type { ROUTE_SCHEMAS } from '@plugin-center/contract/schemas';
import { createFetch } from 'ofetch';
import type { Static, TSchema } from 'typebox';
import { currentPath, isServer } from './globals';
import type { UploadProgress, UploadTransport } from './upload';

/**
 * The numeric codes of SPEC §8 an {@link ApiError} carries in `numericCode`: 401 when the HTTP status
 * was 401, else -10000.
 */
export const API_ERROR_CODES = { UNAUTHORIZED: 401, NETWORK: -10000 } as const;

/**
 * The string `code` of an {@link ApiError} when the server's answer did not name one: `UNAUTHORIZED`
 * (HTTP 401 without an error envelope) or `NETWORK_ERROR` (no response, a timeout, or an answer that
 * is not an envelope). Otherwise `code` is the `error` identifier of the server's error envelope, one
 * of `ApiErrorCode` of `@plugin-center/contract` (`PLUGIN_NOT_FOUND`, `RATE_LIMITED`, …).
 */
export const ApiErrorKind = { UNAUTHORIZED: 'UNAUTHORIZED', NETWORK_ERROR: 'NETWORK_ERROR' } as const;

/**
 * A failed HTTP call (SPEC §8): the server answered with status 4xx/5xx, the network failed, the
 * 15-minute timeout passed, or a 2xx answer was not an envelope. The promise of the call rejects with it.
 *
 * - `code`: a stable string to branch on (house style "errors are typed classes with a stable
 *   `code`"): the server envelope's `error` identifier (`UNAUTHORIZED`, `FORBIDDEN`,
 *   `PLUGIN_NOT_FOUND`, …; see docs/api.md), else {@link ApiErrorKind} — `UNAUTHORIZED` for a bare
 *   401, `NETWORK_ERROR` for everything without an envelope;
 * - `numericCode`: SPEC §8's code, {@link API_ERROR_CODES} — `401` if the HTTP status was 401, else `-10000`;
 * - `data`: always the text `'network error'` (SPEC §8);
 * - `status`: the HTTP status when there was a response;
 * - `body`: the parsed response body (the server's error envelope), if any;
 * - `cause`: the underlying error (ofetch `FetchError`, `TypeError` of fetch, timeout).
 */
export class ApiError extends Error {
  /** The server's `error` identifier, else `UNAUTHORIZED` (HTTP 401) or `NETWORK_ERROR`. */
  code: string;
  /** SPEC §8: 401 when HTTP status 401, else -10000. */
  numericCode: 401 | -10000;
  /** Always 'network error' (SPEC §8). */
  data = 'network error' as const;
  /** HTTP status when there was a response. */
  declare status?: number;
  /** The server's parsed error envelope, if any. */
  declare body?: unknown;

  /**
   * @param message - readable description, for logs
   * @param status - HTTP status, if a response arrived
   * @param body - parsed response body, if any
   * @param cause - underlying error
   */
  constructor(message: string, status?: number, body?: unknown, cause?: unknown) {
    super(message, { cause });
    this.name = 'ApiError';
    this.numericCode = status === 401 ? 401 : -10000;
    const named = (body as { error?: unknown } | null | undefined)?.error;
    this.code =
      status !== undefined && typeof named === 'string' && named
        ? named
        : status === 401
          ? ApiErrorKind.UNAUTHORIZED
          : ApiErrorKind.NETWORK_ERROR;
    this.status = status;
    this.body = body;
  }
}

/**
 * The message a cancelled request resolves with (SPEC §8: "cancelled requests resolve with the
 * cancel message"). A call whose `signal` aborts does not reject: it resolves with
 * `{ code: -1, data: undefined, message: CANCEL_MESSAGE, error: 'CANCELLED' }`; test it with
 * {@link isCancelled}.
 */
export const CANCEL_MESSAGE = 'request cancelled';

/**
 * Whether a call's result is the cancel result (its signal aborted), see {@link CANCEL_MESSAGE}.
 * @returns true for `{ message: CANCEL_MESSAGE, error: 'CANCELLED' }`
 *
 * @example
 * ```ts
 * const controller = new AbortController();
 * const pending = client.plugin.list({}, { signal: controller.signal });
 * controller.abort();
 * isCancelled(await pending); // true
 * ```
 */
export const isCancelled = (res: { message?: string; error?: string } | undefined): boolean =>
  res?.error === 'CANCELLED' && res.message === CANCEL_MESSAGE;

/**
 * Whether an envelope is a success (SPEC §4, §9): `code` is 0 or 200 and `data` is present (not
 * `undefined` or `null`).
 *
 * @example
 * ```ts
 * const res = await client.plugin.detail({ plugin_key: 'grid' });
 * if (isSuccess(res)) show(res.data.name);
 * else console.warn(res.error, res.message);
 * ```
 */
export const isSuccess = (res: { code: number; data?: unknown } | undefined): boolean =>
  !!res && (res.code === 0 || res.code === 200) && res.data != null;

/** HTTP methods of the Plugin Center API. */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** Options of {@link createApiClient}. Everything that varies is injectable (DESIGN "inject what varies"). */
export interface ApiClientOptions {
  /** Base URL of the API, default `''` (same origin). */
  baseURL?: string;
  /** Used instead of `baseURL` when running on the server (no `window`): the SSR base URL (SPEC §7). */
  serverBaseURL?: string;
  /** Returns the access token; when it returns one, calls send `Authorization: Bearer <token>` (SPEC §7). */
  getAccessToken?: () => string | null | undefined;
  /** Whether the page is an admin page; default: `window.location.pathname` contains `/admin` (SPEC §2). */
  isAdminPage?: () => boolean;
  /** Path prefixes rewritten to the manager API on admin pages; default `['/api/helpcenter/']` (SPEC §7). */
  managerPrefixes?: string[];
  /** The fetch implementation; default the global `fetch`, looked up at call time. */
  fetch?: typeof fetch;
  /**
   * Sends the multipart calls that ask for upload progress: `xhrUpload` of
   * `@plugin-center/api/upload` (fetch reports no upload progress). Without it such a call goes out
   * through fetch and reports none; so a bundle that never uploads does not carry it.
   */
  upload?: UploadTransport;
  /** Creates the request object of `xhrUpload` (tests pass a fake); default `new XMLHttpRequest()`. */
  createXhr?: () => XMLHttpRequest;
  /** Timeout of a call in ms; default 15 * 60 * 1000 (15 minutes, SPEC §9). */
  timeout?: number;
  /** Where failed calls are logged (SPEC §8: "details logged to console"); default `console`. */
  logger?: Pick<Console, 'error'>;
}

/** Options of one call. */
export interface RequestOptions {
  /** Aborting it cancels the call, which then resolves with the cancel result ({@link CANCEL_MESSAGE}). */
  signal?: AbortSignal;
  /** Send the payload as multipart/form-data: a plain object is turned into `FormData`; `FormData` is always sent as is. */
  multipart?: boolean;
  /** `'blob'` resolves with `{ code: 0, data: Blob }` (downloads); default `'json'` (the envelope). */
  responseType?: 'json' | 'blob';
  /**
   * Called with the bytes sent and the total as a multipart upload goes out (the publish form, the
   * batch upload, a banner), when the client has an `upload` transport (`xhrUpload`): `fetch`
   * reports no upload progress, so such a call is sent with `XMLHttpRequest`; everything else
   * (headers, timeout, cancel, errors, the envelope) is the same.
   */
  onUploadProgress?: (progress: UploadProgress) => void;
  /** Extra query fields, for any method (undefined values skipped). */
  query?: Record<string, unknown>;
}

/** Body of `POST plugin/recommendation/publish`: the plugin_keys recommended, in order. */
export type { RecommendationPublishBody, SilentInstallBody };
/** Body of `POST plugin/resource_state` (the contract's `ResourcePositionBody`; times in ms). */
export type ResourceStateBody = ResourcePositionBody;
/** Query of `GET plugin/resource_state/list` (the contract's `ResourcePositionListQuery`). */
export type ResourceStateListQuery = ResourcePositionListQuery;

type Schemas = typeof ROUTE_SCHEMAS;
type Table = typeof ROUTES;
/**
 * The groups of the route table the client has calls for: `plugin` (`/api/cmt/`) and `user`
 * (`/api/uc/`, `/api/pix/`) on the client itself, `backoffice` (administrators' calls) through
 * `backofficeCalls` of `@plugin-center/api/backoffice`.
 */
export type CallGroup = 'plugin' | 'user' | 'backoffice';
/** The names of the calls of group `G`: the names of its entries in the route table. */
export type CallName<G extends CallGroup> = keyof Table[G] & keyof Schemas[G] & string;
type Part<S, F extends string> = S extends { readonly [P in F]: infer T extends TSchema }
  ? Static<T>
  : undefined;
type Both<A, B> = A extends undefined
  ? B extends undefined
    ? Record<string, unknown>
    : B
  : B extends undefined
    ? A
    : A & B;

/**
 * The payload of call `G.K`, derived from its table entry and its schemas: nothing for a `none`
 * route; `FormData` (or a plain object of texts and Blobs, turned into one) for a `multipart` route;
 * else the path parameters with the body (`body` routes) or the query (`query` routes).
 */
export type CallInput<G extends CallGroup, K extends CallName<G>> = Table[G][K] extends {
  readonly request: 'none';
}
  ? undefined
  : Table[G][K] extends { readonly request: 'multipart' }
    ? FormData | Record<string, string | Blob>
    : Both<
        Part<Schemas[G][K], 'params'>,
        Part<Schemas[G][K], Table[G][K] extends { readonly request: 'body' } ? 'body' : 'querystring'>
      >;

/** The `data` of a success of call `G.K`: a `Blob` for a `blob` route, else its response schema's type. */
export type CallData<G extends CallGroup, K extends CallName<G>> = Table[G][K] extends {
  readonly response: 'blob';
}
  ? Blob
  : Schemas[G][K] extends { readonly response: infer T extends TSchema }
    ? Static<T>
    : unknown;

/**
 * One call of the route table: `(payload, options)`, the payload optional when every field of it
 * is, absent for a `none` route. It resolves with the envelope (failed envelopes resolve too: test
 * with {@link isSuccess}), rejects with {@link ApiError} on HTTP failure, and resolves with the
 * cancel result when `options.signal` aborts.
 */
export type RouteCall<G extends CallGroup, K extends CallName<G>> =
  CallInput<G, K> extends undefined
    ? (o?: RequestOptions) => Promise<ApiResponse<CallData<G, K>>>
    : Record<string, never> extends CallInput<G, K>
      ? (payload?: CallInput<G, K>, o?: RequestOptions) => Promise<ApiResponse<CallData<G, K>>>
      : (payload: CallInput<G, K>, o?: RequestOptions) => Promise<ApiResponse<CallData<G, K>>>;

/** Every call of group `G`, named as its table entries; the schemas' summaries in docs/api.md say what each does. */
export type GroupCalls<G extends CallGroup> = { [K in CallName<G>]: RouteCall<G, K> };

/**
 * The plugin calls of SPEC §7 (`ROUTES.plugin`: the square, installs and likes, ratings, publishing),
 * typed from the route table and its schemas.
 */
export type PluginCalls = GroupCalls<'plugin'>;
/**
 * The back office's calls (`ROUTES.backoffice`: review, batch upload, the audit log, curation,
 * settings, people, the moderation of ratings), typed like {@link PluginCalls}.
 */
export type BackofficeCalls = GroupCalls<'backoffice'>;
/** The user API's calls (`ROUTES.user`); the SSO client makes the token calls with the refresh token. */
export type UserCalls = GroupCalls<'user'>;

/** The API client {@link createApiClient} returns. */
export interface ApiClient {
  /**
   * One call following every common rule of SPEC §7 (see {@link createApiClient}).
   * @param path - absolute path such as `/api/cmt/plugin/list`; `{name}` placeholders are filled from `payload`
   * @param payload - query (GET) or JSON body (POST/PUT/DELETE); `FormData` is sent as multipart untouched
   * @returns the envelope; the cancel result when `options.signal` aborts
   * @throws {@link ApiError} (code 401 or -10000) on HTTP failure, network failure or timeout;
   *   `TypeError` when a placeholder has no payload field
   */
  request<T>(
    method: HttpMethod,
    path: string,
    payload?: Record<string, unknown> | FormData,
    options?: RequestOptions,
  ): Promise<ApiResponse<T>>;
  /** Every plugin call of SPEC §7. */
  plugin: PluginCalls;
  /** Every call of the user API's table group (`ROUTES.user`). */
  user: UserCalls;
  /** The back office's calls, set by the first `backofficeCalls(client)` (which returns them from then on). */
  backoffice?: BackofficeCalls;
}

/**
 * Creates the Plugin Center API client on ofetch. Rules (SPEC §7, §8):
 * - `Authorization: Bearer <token>` when `getAccessToken()` returns one; `Content-Type: application/json`
 *   (not for multipart, nor for a POST/PUT/DELETE without a body); `Cache-Control: no-cache` and fetch `cache: 'no-store'`;
 * - `{id}` placeholders are filled from payload fields (URL-encoded) and those fields removed;
 * - GET sends the remaining fields as query (undefined skipped), POST/PUT/DELETE as JSON body;
 *   `FormData` passes through untouched;
 * - timeout `options.timeout` ms (default 15 min), then {@link ApiError} -10000;
 * - base URL `serverBaseURL` when there is no `window` (SSR), else `baseURL`;
 * - on admin pages `/api/helpcenter/x` becomes `/api/helpcenter/manager/x`, except
 *   `/api/helpcenter/user/admininfo` and `/api/helpcenter/upload/picture`; paths containing `/manager` unchanged;
 * - HTTP failures reject with {@link ApiError} and are logged with `logger.error`; no retries;
 * - an aborted `signal` resolves with the cancel result ({@link CANCEL_MESSAGE}).
 *
 * Touches no browser global until a call is made, so it is safe to create in Node or during SSR.
 * Its `plugin.*` and `user.*` calls are built from the contract's route table and typed from its
 * schemas; with `upload: xhrUpload`, a multipart call with `onUploadProgress` reports the bytes sent.
 *
 * @example
 * ```ts
 * const client = createApiClient({ getAccessToken: () => sso.getAccessToken(), upload: xhrUpload });
 * const page = await client.plugin.list({ keyword: 'grid', page_size: 20 });
 * if (isSuccess(page)) console.log(page.data.plugin_list.length, page.data.next_cursor);
 *
 * const controller = new AbortController();
 * const published = await client.plugin.publish(form, {
 *   signal: controller.signal,
 *   onUploadProgress: ({ loaded, total }) => console.log(`${loaded} of ${total} bytes`),
 * });
 * ```
 */
export function createApiClient(options: ApiClientOptions = {}): ApiClient {
  const { timeout = 15 * 60 * 1000, logger = console, managerPrefixes = ['/api/helpcenter/'] } = options;
  const $fetch = createFetch({ fetch: options.fetch ?? ((input, init) => fetch(input, init)) });
  const isAdminPage = options.isAdminPage ?? (() => currentPath().includes('/admin'));

  const request = async <T>(
    method: HttpMethod,
    path: string,
    payload?: Record<string, unknown> | FormData,
    o: RequestOptions = {},
  ): Promise<ApiResponse<T>> => {
    let body = payload;
    if (payload && !(payload instanceof FormData)) {
      const fields: Record<string, unknown> = { ...payload };
      path = path.replace(/\{(\w+)\}/g, (_, key: string) => {
        const value = fields[key];
        if (value == null) throw new TypeError(`missing path parameter ${key}`);
        delete fields[key];
        return encodeURIComponent(String(value));
      });
      body = fields;
      if (o.multipart) {
        body = new FormData();
        for (const [k, v] of Object.entries(fields)) {
          if (v !== undefined) body.append(k, v instanceof Blob ? v : String(v));
        }
      }
    }
    const multipart = body instanceof FormData;

    if (isAdminPage() && !path.includes('/manager')) {
      const bare = path.split('?')[0];
      for (const p of managerPrefixes) {
        if (path.startsWith(p) && bare !== `${p}user/admininfo` && bare !== `${p}upload/picture`) {
          path = `${p}manager/${path.slice(p.length)}`;
          break;
        }
      }
    }

    const isGet = method === 'GET';
    // ofetch leaves the undefined fields out of the query string (ufo's `withQuery`).
    const query: Record<string, unknown> = { ...(isGet && !multipart ? body : undefined), ...o.query };
    const headers: Record<string, string> = { 'Cache-Control': 'no-cache' };
    // A POST/PUT/DELETE without a body (the `query` and `none` routes, e.g. `PUT
    // plugin/resource_state/disable`) sends no JSON content type: Fastify refuses an empty body
    // declared as JSON (FST_ERR_CTP_EMPTY_JSON_BODY, "the request body is not valid JSON").
    if (!multipart && (isGet || body !== undefined)) headers['Content-Type'] = 'application/json';
    const token = options.getAccessToken?.();
    if (token) headers.Authorization = `Bearer ${token}`;

    const controller = new AbortController();
    const abort = () => controller.abort();
    const signal = o.signal;
    signal?.addEventListener('abort', abort);
    if (signal?.aborted) abort();
    const timer = setTimeout(() => controller.abort(new Error(`timeout after ${timeout} ms`)), timeout);
    try {
      const init = {
        method,
        baseURL: (isServer() && options.serverBaseURL) || options.baseURL,
        query,
        body: isGet ? undefined : body,
        headers,
        cache: 'no-store',
        signal: controller.signal,
        retry: 0,
        responseType: o.responseType ?? 'json',
      } as const;
      const res =
        o.onUploadProgress && multipart && options.upload
          ? await options.upload(path, init, o.onUploadProgress, { timeout, createXhr: options.createXhr })
          : await $fetch.raw(path, init);
      const data = res._data as ApiResponse<T> | undefined;
      if (o.responseType === 'blob') return { code: 0, data: data as T };
      if (typeof data?.code !== 'number') throw new ApiError('response is not an envelope', res.status, data);
      return data;
    } catch (e) {
      if (signal?.aborted)
        return { code: -1, data: undefined as T, message: CANCEL_MESSAGE, error: 'CANCELLED' };
      const error =
        e instanceof ApiError
          ? e
          : new ApiError(
              (e as Error).message,
              (e as { status?: number }).status,
              (e as { data?: unknown }).data,
              e,
            );
      logger.error('[plugin-center/api]', method, path, error);
      throw error;
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener('abort', abort);
    }
  };

  return {
    request,
    plugin: routeCalls(request, PLUGIN_ROUTES) as unknown as PluginCalls,
    user: routeCalls(request, USER_ROUTES) as unknown as UserCalls,
  };
}

/**
 * The calls of a group of the route table, one per entry, each sending its input the way the entry
 * says (SPEC §7 paths and methods): a `none` route takes only the options; a `query` route that is
 * not a GET sends its payload as the query; a `multipart` route sends a plain object as FormData; a
 * `blob` route resolves with the file. The client's `plugin` and `user` calls and
 * `backofficeCalls` of `@plugin-center/api/backoffice` are built with it, so no call is declared twice.
 *
 * @param request - the client's {@link ApiClient.request}, which applies every common rule
 * @param table - a group of the table (`PLUGIN_ROUTES`, `BACKOFFICE_ROUTES`, …)
 * @returns one untyped function per entry, `(payload?, options?) => Promise<ApiResponse>`; the
 *   typed view is {@link GroupCalls} of the group
 */
export function routeCalls(
  request: ApiClient['request'],
  table: Record<string, RouteDefinition>,
): Record<string, (payload?: object, o?: RequestOptions) => Promise<ApiResponse<unknown>>> {
  const group: Record<string, (payload?: object, o?: RequestOptions) => Promise<ApiResponse<unknown>>> = {};
  for (const [name, route] of Object.entries(table)) {
    const method = route.method as HttpMethod;
    const { path, request: kind } = route;
    const extra: RequestOptions =
      route.response === 'blob' ? { responseType: 'blob' } : { multipart: kind === 'multipart' };
    group[name] = (payload?: object, o?: RequestOptions) =>
      kind === 'none'
        ? request(method, path, undefined, payload as RequestOptions)
        : kind === 'query' && method !== 'GET'
          ? request(method, path, undefined, { ...o, query: payload as Record<string, unknown> })
          : request(method, path, payload as Record<string, unknown>, { ...extra, ...o });
  }
  return group;
}
