// Settings (issue 14).
import type {
  ActivityInfo,
  ActivityInfoQuery,
  AdminInfo,
  AdminUser,
  AnalyticsOverview,
  AnalyticsRangeQuery,
  ApiResponse,
  AssignOwnerBody,
  AssignOwnerResult,
  AuditListQuery,
  AuditLogPage,
  AuditLogQuery,
  AuditStatusBody,
  BannerListResult,
  BatchUploadResult,
  CreatedPersonalToken,
  CreatePersonalTokenBody,
  CuratedRecommendation,
  CuratedRecommendationQuery,
  DeleteBannerBody,
  DeleteBannerResult,
  EditorCodeQuery,
  EditorPluginsQuery,
  EditorPluginsResult,
  FeaturedQuery,
  FeaturedResult,
  IconfontBody,
  IconfontConfig,
  InstalledListQuery,
  InstalledListResult,
  InstallResult,
  Locale,
  PersonalTokenList,
  PexelsBody,
  PexelsConfig,
  PluginDetail,
  PluginDetailQuery,
  PluginKeyBody,
  PluginListQuery,
  PluginListResult,
  PluginViewResult,
  PraiseBody,
  PraiseResult,
  PublisherAnalytics,
  PublishResult,
  QrCodeListResult,
  RecommendationPublishBody,
  RecommendationQuery,
  RecommendationResult,
  ResourcePosition,
  ResourcePositionBody,
  ResourcePositionDisableQuery,
  ResourcePositionListQuery,
  ResourcePositionPage,
  RevokePersonalTokenBody,
  SaveBannerResult,
  SetUserRoleBody,
  SilentInstallBody,
  SilentInstallList,
  SilentInstallListQuery,
  SilentInstallResult,
  SpaceSetting,
  SpaceSettingBody,
  SubmissionPage,
  SuggestQuery,
  SuggestResult,
  TagListResult,
  UserListQuery,
  UserListResult,
  UserPluginsQuery,
} from '@plugin-center/contract';
import { PLUGIN_ROUTES, type RouteDefinition } from '@plugin-center/contract';
import { createFetch } from 'ofetch';
import { currentPath, isServer } from './globals';

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
 */
export const isCancelled = (res: { message?: string; error?: string } | undefined): boolean =>
  res?.error === 'CANCELLED' && res.message === CANCEL_MESSAGE;

/**
 * Whether an envelope is a success (SPEC §4, §9): `code` is 0 or 200 and `data` is present (not
 * `undefined` or `null`).
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
  /** Extra query fields, for any method (undefined values skipped). */
  query?: Record<string, unknown>;
}

// Curation (issue 14, part "curation"): the bodies and queries are the contract's; these names stay
// for callers of earlier versions.
/** Body of `POST plugin/recommendation/publish`: the plugin_keys recommended, in order. */
export type { RecommendationPublishBody, SilentInstallBody };
/** Body of `POST plugin/resource_state` (the contract's `ResourcePositionBody`; times in ms). */
export type ResourceStateBody = ResourcePositionBody;
/** Query of `GET plugin/resource_state/list` (the contract's `ResourcePositionListQuery`). */
export type ResourceStateListQuery = ResourcePositionListQuery;
// End of curation (issue 14).
type O = RequestOptions;
type R<T> = Promise<ApiResponse<T>>;

/**
 * Typed functions for every plugin call of SPEC §7 (paths under `/api/cmt/`). Each resolves with the
 * envelope (failed envelopes resolve too: test with {@link isSuccess}), rejects with {@link ApiError}
 * on HTTP failure, and resolves with the cancel result when `o.signal` aborts.
 */
export interface PluginCalls {
  /** `GET plugin/list`: a page of approved plugins (tag, sort, keyword, cursor). */
  list(q: PluginListQuery, o?: O): R<PluginListResult>;
  /** `GET plugin/suggest` (issue 13): at most 8 plugin and tag suggestions for what was typed. */
  suggest(q: SuggestQuery, o?: O): R<SuggestResult>;
  /** `GET plugin/tag/list`. */
  tagList(q?: { lang?: Locale }, o?: O): R<TagListResult>;
  /** `GET plugin`: detail with history versions. */
  detail(q: PluginDetailQuery, o?: O): R<PluginDetail>;
  /** `GET plugin/recommendation/list`; another `seed` gives another sample. */
  recommendationList(q?: RecommendationQuery, o?: O): R<RecommendationResult>;
  /** `POST plugin/view`: count a view. */
  view(b: PluginKeyBody, o?: O): R<PluginViewResult>;
  /** `POST plugin/user` (bearer): install; idempotent. 401 when not signed in. */
  install(b: PluginKeyBody, o?: O): R<InstallResult>;
  /** `DELETE plugin/user` (bearer, body): uninstall; idempotent. */
  uninstall(b: PluginKeyBody, o?: O): R<InstallResult>;
  /** `GET plugin/user` (bearer): the signed-in user's installed plugins (for the editor). */
  installedList(q?: InstalledListQuery, o?: O): R<InstalledListResult>;
  /** `POST plugin/user/praise` (bearer): praise 1 like, -1 unlike (SPEC §4); idempotent. */
  praise(b: PraiseBody, o?: O): R<PraiseResult>;
  /**
   * `POST plugin` (multipart, bearer): publish; the submission waits for review. Fields as
   * `PublishFields`, files `icon`, `cover_center`, `cover_panel`, `video`, `images`, `code_file`.
   * Fails with `INVALID_PARAMETER` / `UPLOAD_REJECTED` (and `field`) for bad input.
   */
  publish(form: FormData, o?: O): R<PublishResult>;
  /** `PUT plugin` (multipart, bearer): edit (owner or admin): a new version; `VERSION_NOT_INCREASED` when not greater. */
  edit(form: FormData, o?: O): R<PublishResult>;
  /** `DELETE plugin` (admin, body plugin_key): delete with versions, submissions and files. */
  remove(b: PluginKeyBody, o?: O): R<unknown>;
  /** `GET plugin/audit` (bearer): the signed-in user's plugins, the latest submission of each. */
  userPlugins(q?: UserPluginsQuery, o?: O): R<SubmissionPage>;
  /** `GET plugin/audit/list` (admin): submissions (status 0 all, 1 unaudited, 2 passed, 3 not passed). */
  auditList(q: AuditListQuery, o?: O): R<SubmissionPage>;
  /** `POST plugin/audit/status` (admin): approve (2) or reject (3, reason required) the pending submission. */
  auditStatus(b: AuditStatusBody, o?: O): R<PublishResult>;
  /** `POST manager/plugin/owner` (admin): give a plugin to the account with `email`, or to nobody (null). */
  assignOwner(b: AssignOwnerBody, o?: O): R<AssignOwnerResult>;
  /** `GET user/tokens` (bearer): the caller's personal access tokens (never the tokens themselves). */
  personalTokenList(o?: O): R<PersonalTokenList>;
  /** `POST user/tokens` (bearer): a new publishing token; `token` is in this answer only. */
  createPersonalToken(b: CreatePersonalTokenBody, o?: O): R<CreatedPersonalToken>;
  /** `DELETE user/tokens` (bearer): revoke one of the caller's tokens. */
  revokePersonalToken(b: RevokePersonalTokenBody, o?: O): R<{ id: number }>;
  /** `GET manager/audit-log` (admin): the append-only log of administrative actions. */
  auditLog(q?: AuditLogQuery, o?: O): R<AuditLogPage>;
  // Curation (issue 14, part "curation").
  /**
   * `POST plugin/recommendation/publish` (admin): replace the curated choice with `plugin_keys` in
   * order (approved plugins, no repeats; `[]` returns to the automatic sample). Answers the choice.
   * `INVALID_PARAMETER` (field `plugin_keys`) for a bad key; nothing changes then.
   */
  publishRecommendation(b: RecommendationPublishBody, o?: O): R<CuratedRecommendation>;
  /** `GET plugin/recommendation/curated` (admin): the curated choice in order, to show and reorder. */
  curatedRecommendation(q?: CuratedRecommendationQuery, o?: O): R<CuratedRecommendation>;
  /**
   * `PUT plugin/silent_install` (admin): mark or unmark a plugin installed by default for new
   * accounts; marking needs an approved plugin (`PLUGIN_NOT_FOUND`). Idempotent.
   */
  setSilentInstall(b: SilentInstallBody, o?: O): R<SilentInstallResult>;
  /** `GET plugin/silent_install/list` (admin): the default-install plugins. */
  silentInstallList(q?: SilentInstallListQuery, o?: O): R<SilentInstallList>;
  // End of curation (issue 14).
  /** `POST plugin/user/new/silent`: install the default plugins for a new user. */
  newUserSilentInstall(o?: O): R<InstalledListResult>;
  // Issue 14, the editor's side (helper "editor").
  /**
   * `GET plugin/user/editor` (bearer): the design tool's plugins — the user's installs and the
   * default-install plugins they never uninstalled, each with its approved version and code file URL.
   * This client sends no `If-None-Match` and turns a 304 into an error, so it always fetches the
   * whole list; an editor that polls makes the conditional GET with `fetch` itself (docs/api.md,
   * examples/editor-host).
   */
  editorPlugins(q?: EditorPluginsQuery, o?: O): R<EditorPluginsResult>;
  /**
   * `GET plugin/user/editor/code` (bearer): the approved code file (manifest JSON) of a plugin in the
   * editor list, as a Blob (`{ code: 0, data: Blob }`); 404 PLUGIN_NOT_FOUND when it is not there.
   */
  editorCode(q: EditorCodeQuery, o?: O): R<Blob>;
  // End of issue 14, the editor's side.
  /** `GET manager/plugin/{id}/download`: the code file as a Blob (`{ code: 0, data: Blob }`). */
  download(q: { id: string }, o?: O): R<Blob>;
  /**
   * `POST manager/plugins/upload` (admin, multipart `file`: a JSON array of catalogue records or a
   * ZIP of such files): batch upload; cancellable via `o.signal`. Failed records come back in `failed`.
   */
  batchUpload(form: FormData, o?: O): R<BatchUploadResult>;
  // Curation (issue 14, part "curation").
  /**
   * `POST plugin/resource_state` (admin): feature an approved plugin from `start_time` to `end_time`
   * (ms). `INVALID_PARAMETER` (field `end_time`) when the end is before the start or before now;
   * `PLUGIN_NOT_FOUND` unless the plugin is approved. Answers the new slot with its status.
   */
  createResourceState(b: ResourcePositionBody, o?: O): R<ResourcePosition>;
  /**
   * `PUT plugin/resource_state/disable` (admin) with query `id`, `is_disabled` (true/1 disable,
   * false/0 restore); idempotent. `RESOURCE_POSITION_NOT_FOUND` for an unknown id.
   */
  disableResourceState(q: ResourcePositionDisableQuery, o?: O): R<ResourcePosition>;
  /** `GET plugin/resource_state/list` (admin): slots newest first with derived status; filter by `status`. */
  resourceStateList(q?: ResourcePositionListQuery, o?: O): R<ResourcePositionPage>;
  /**
   * `GET plugin/resource_state/active` (public): the square's featured area — the active slots;
   * ask again at `next_change_time` (ms) to see a slot appear or disappear.
   */
  featuredList(q?: FeaturedQuery, o?: O): R<FeaturedResult>;
  // End of curation (issue 14).
  // --- issue 14, banners and contact QR codes (helper "banners") ---
  /**
   * `GET plugin-banner/all` (public): the square's carousel, every `Banner` (`id`, `image` URL
   * to load as is, `redirect_url`, `position`) in order; `[]` when there is none.
   */
  bannerList(o?: O): R<BannerListResult>;
  /**
   * `PUT manager/plugin-banner` (admin, multipart): create a banner (no `id`: file `image` and
   * `redirect_url` required) or replace one's image, link or place (`id`; a field left out keeps its
   * value). Text fields as `SaveBannerFields` (`id`, `redirect_url`, `position` as decimal text), file
   * `image` (PNG, JPEG, GIF or WebP, at most `BANNER_LIMITS.IMAGE_BYTES`). Pass a `FormData`, or a
   * plain object with `{ multipart: true }` in `o` (a `Blob` value becomes a file part). Resolves
   * with the saved banner. Errors: `INVALID_PARAMETER` with message `BANNER_URL_MESSAGE` ('Wrong url,
   * please try again') and field `redirect_url` for a link that is not an absolute http(s) URL;
   * `UPLOAD_REJECTED` (field `image`) for a file that is not such an image; `BANNER_NOT_FOUND` for an
   * unknown `id`; `PAYLOAD_TOO_LARGE`.
   */
  saveBanner(form: FormData | Record<string, string | Blob>, o?: O): R<SaveBannerResult>;
  /** `DELETE manager/plugin-banner` (admin, body id): delete a banner and its image; `BANNER_NOT_FOUND`. */
  deleteBanner(b: DeleteBannerBody, o?: O): R<DeleteBannerResult>;
  /** `GET manager/qr-code/list` (admin): the contact QR codes `{ name, img_url }` configured on the server. */
  qrCodeList(o?: O): R<QrCodeListResult>;
  // --- end of issue 14, banners ---
  /**
   * `GET manager/space-setting/iconfont` (admin, issue 14): the icon-font account, the client secret
   * masked (`SECRET_MASK_PREFIX` + last 4); `secret_status` `unset`, `set` or `undecryptable`.
   */
  getIconfont(o?: O): R<IconfontConfig>;
  /**
   * `PUT manager/space-setting/iconfont` (admin): save the account (the app toasts 'Save Successfully'
   * / 'Save failure'). The masked secret sent back keeps the stored one; both empty remove the account;
   * `INVALID_PARAMETER` with `field` for a half account. Answers the saved account, masked.
   */
  saveIconfont(b: IconfontBody, o?: O): R<IconfontConfig>;
  /** `GET srv/config/pexels` (admin, issue 14): the stock-photo API key, masked. */
  getPexels(o?: O): R<PexelsConfig>;
  /**
   * `POST srv/config/pexels` (admin): save the API key (the app toasts 'Applied successfully' /
   * 'Please try again'); the masked key sent back keeps it, empty removes it. Answers it masked.
   */
  savePexels(b: PexelsBody, o?: O): R<PexelsConfig>;
  /** `GET manager/verify`: admin info with role (0 user, 1 super admin, 2 admin). */
  verify(o?: O): R<AdminInfo>;
  /** `GET manager/analytics/overview` (admin): page views, visitors, top plugins, events by name (issue 4). */
  analyticsOverview(q?: AnalyticsRangeQuery, o?: O): R<AnalyticsOverview>;
  /** `GET plugin/analytics` (bearer): the publisher's own plugins' views and installs per day (issue 4). */
  publisherAnalytics(q?: AnalyticsRangeQuery, o?: O): R<PublisherAnalytics>;
  /**
   * `GET activity/activity/info` (public, query activity_id; issue 14, helper "banners"): an activity
   * configured on the server — `view_num` (this call counted), `participate_num`, `cover`,
   * `tutorial_url`. `ACTIVITY_NOT_FOUND` for an unknown id.
   */
  activityInfo(q: ActivityInfoQuery, o?: O): R<ActivityInfo>;
  // --- Settings (issue 14, helper "settings")
  /**
   * `PUT manager/space-setting` (admin): change parts of the space setting (brand, topic colour key of
   * `TOPIC_COLOR_KEYS`, login storage 0–2); answers the whole setting. Read it with
   * `request('GET', '/api/pix/mst/spaces/setting')` (public).
   */
  saveSpaceSetting(b: SpaceSettingBody, o?: O): R<SpaceSetting>;
  /** `GET manager/users` (admin): accounts newest first; `keyword` (email, nick or user name), `role`, cursor paging. */
  userList(q?: UserListQuery, o?: O): R<UserListResult>;
  /**
   * `PUT manager/users/role` (super admin): make user `user_id` a general admin (2) or a general user
   * (0). `FORBIDDEN` ('Current account has no permission') for a general admin or a super admin target;
   * `INVALID_PARAMETER` for one's own role or an unknown user. Answers the user.
   */
  setUserRole(b: SetUserRoleBody, o?: O): R<AdminUser>;
  // --- end of settings (issue 14)
}

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
    const query: Record<string, unknown> = {};
    for (const [k, v] of Object.entries({ ...(isGet && !multipart ? body : undefined), ...o.query })) {
      if (v !== undefined) query[k] = v;
    }
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
      const res = await $fetch.raw(path, {
        method,
        baseURL: (isServer() && options.serverBaseURL) || options.baseURL,
        query,
        body: isGet ? undefined : body,
        headers,
        cache: 'no-store',
        signal: controller.signal,
        retry: 0,
        responseType: o.responseType ?? 'json',
      });
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

  // Every plugin call from its entry of the contract's route table (SPEC §7 paths, methods and how
  // the input travels): no call is declared twice.
  const plugin = {} as Record<string, (payload?: object, o?: O) => Promise<ApiResponse<unknown>>>;
  for (const [name, route] of Object.entries(PLUGIN_ROUTES) as [string, RouteDefinition][]) {
    const { method, path } = route as RouteDefinition & { method: HttpMethod };
    const extra: O = route.response === 'blob' ? { responseType: 'blob' } : {};
    plugin[name] =
      route.request === 'none'
        ? (o?: O) => request(method, path, undefined, o)
        : route.request === 'query' && method !== 'GET'
          ? (query?: object, o?: O) =>
              request(method, path, undefined, { ...o, query: query as Record<string, unknown> })
          : (payload?: object, o?: O) =>
              request(method, path, payload as Record<string, unknown>, { ...extra, ...o });
  }

  return { request, plugin: plugin as unknown as PluginCalls };
}
