/**
 * The route table of Plugin Center: every HTTP route the server answers (and every client call still
 * waiting for its server side), one entry each, with its method, absolute path, who may call it and
 * how its request and response travel. TypeBox-free and dependency-free, so the browser SDKs build
 * their calls from it; the request and response schemas of each entry are in
 * `@plugin-center/contract/schemas` (`ROUTE_SCHEMAS`, same groups and names), which the server
 * registers its handlers from and generates the OpenAPI document from.
 *
 * Paths are absolute; `{name}` marks a path parameter (filled by the client from the payload, SPEC §7).
 * A route in the table without a handler, or a handler without a route in the table, fails the
 * server's `routeTable.test.ts`.
 *
 * @packageDocumentation
 */
import {
  BIND_PAGE_PATH,
  COLLECTOR_PATH,
  DEEPLINK_PATH,
  LOGIN_PAGE_PATH,
  VISUAL_CONFIG_PATH,
} from './constants';

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
 *   "(refresh token)" calls), else 401 `UNAUTHORIZED`.
 */
export const Access = {
  PUBLIC: 'public',
  USER: 'user',
  ADMIN: 'admin',
  REFRESH_TOKEN: 'refresh_token',
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
 * - `raw`: JSON or script that is not enveloped (the Sensors Data SDK's own shapes);
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

/**
 * The plugin calls of SPEC §7 (under `/api/cmt/`), named as the API client's `plugin.*` functions:
 * the client builds each function from its entry.
 */
export const PLUGIN_ROUTES = {
  list: {
    method: 'GET',
    path: '/api/cmt/plugin/list',
    access: 'public',
    request: 'query',
    response: 'envelope',
  },
  suggest: {
    method: 'GET',
    path: '/api/cmt/plugin/suggest',
    access: 'public',
    request: 'query',
    response: 'envelope',
  },
  tagList: {
    method: 'GET',
    path: '/api/cmt/plugin/tag/list',
    access: 'public',
    request: 'query',
    response: 'envelope',
  },
  detail: {
    method: 'GET',
    path: '/api/cmt/plugin',
    access: 'public',
    request: 'query',
    response: 'envelope',
  },
  recommendationList: {
    method: 'GET',
    path: '/api/cmt/plugin/recommendation/list',
    access: 'public',
    request: 'query',
    response: 'envelope',
  },
  view: {
    method: 'POST',
    path: '/api/cmt/plugin/view',
    access: 'public',
    request: 'body',
    response: 'envelope',
  },
  install: {
    method: 'POST',
    path: '/api/cmt/plugin/user',
    access: 'user',
    request: 'body',
    response: 'envelope',
  },
  uninstall: {
    method: 'DELETE',
    path: '/api/cmt/plugin/user',
    access: 'user',
    request: 'body',
    response: 'envelope',
  },
  installedList: {
    method: 'GET',
    path: '/api/cmt/plugin/user',
    access: 'user',
    request: 'query',
    response: 'envelope',
  },
  praise: {
    method: 'POST',
    path: '/api/cmt/plugin/user/praise',
    access: 'user',
    request: 'body',
    response: 'envelope',
  },
  newUserSilentInstall: {
    method: 'POST',
    path: '/api/cmt/plugin/user/new/silent',
    access: 'user',
    request: 'none',
    response: 'envelope',
  },
  // Issue 14, the editor's side (helper "editor"): the design tool's list of the user's plugins.
  editorPlugins: {
    method: 'GET',
    path: '/api/cmt/plugin/user/editor',
    access: 'user',
    request: 'query',
    response: 'envelope',
  },
  editorCode: {
    method: 'GET',
    path: '/api/cmt/plugin/user/editor/code',
    access: 'user',
    request: 'query',
    response: 'blob',
  },
  // End of issue 14, the editor's side.
  verify: {
    method: 'GET',
    path: '/api/cmt/manager/verify',
    access: 'user',
    request: 'none',
    response: 'envelope',
  },
  analyticsOverview: {
    method: 'GET',
    path: '/api/cmt/manager/analytics/overview',
    access: 'admin',
    request: 'query',
    response: 'envelope',
  },
  publisherAnalytics: {
    method: 'GET',
    path: '/api/cmt/plugin/analytics',
    // The caller's own plugins by ownership (issue 12); an administrator may name a developer.
    access: 'user',
    request: 'query',
    response: 'envelope',
  },
  publish: {
    method: 'POST',
    path: '/api/cmt/plugin',
    access: 'user',
    request: 'multipart',
    response: 'envelope',
  },
  edit: {
    method: 'PUT',
    path: '/api/cmt/plugin',
    access: 'user',
    request: 'multipart',
    response: 'envelope',
  },
  remove: {
    method: 'DELETE',
    path: '/api/cmt/plugin',
    access: 'admin',
    request: 'body',
    response: 'envelope',
  },
  userPlugins: {
    method: 'GET',
    path: '/api/cmt/plugin/audit',
    access: 'user',
    request: 'query',
    response: 'envelope',
  },
  auditList: {
    method: 'GET',
    path: '/api/cmt/plugin/audit/list',
    access: 'admin',
    request: 'query',
    response: 'envelope',
  },
  auditStatus: {
    method: 'POST',
    path: '/api/cmt/plugin/audit/status',
    access: 'admin',
    request: 'body',
    response: 'envelope',
  },
  download: {
    method: 'GET',
    path: '/api/cmt/manager/plugin/{id}/download',
    access: 'admin',
    request: 'query',
    response: 'blob',
  },
  batchUpload: {
    method: 'POST',
    path: '/api/cmt/manager/plugins/upload',
    access: 'admin',
    request: 'multipart',
    response: 'envelope',
  },
  assignOwner: {
    method: 'POST',
    path: '/api/cmt/manager/plugin/owner',
    access: 'admin',
    request: 'body',
    response: 'envelope',
  },
  personalTokenList: {
    method: 'GET',
    path: '/api/cmt/user/tokens',
    access: 'user',
    request: 'none',
    response: 'envelope',
  },
  createPersonalToken: {
    method: 'POST',
    path: '/api/cmt/user/tokens',
    access: 'user',
    request: 'body',
    response: 'envelope',
  },
  revokePersonalToken: {
    method: 'DELETE',
    path: '/api/cmt/user/tokens',
    access: 'user',
    request: 'body',
    response: 'envelope',
  },
  auditLog: {
    method: 'GET',
    path: '/api/cmt/manager/audit-log',
    access: 'admin',
    request: 'query',
    response: 'envelope',
  },
  // Curation (issue 14, part "curation"): recommendations, silent install, resource positions.
  publishRecommendation: {
    method: 'POST',
    path: '/api/cmt/plugin/recommendation/publish',
    access: 'admin',
    request: 'body',
    response: 'envelope',
  },
  setSilentInstall: {
    method: 'PUT',
    path: '/api/cmt/plugin/silent_install',
    access: 'admin',
    request: 'body',
    response: 'envelope',
  },
  createResourceState: {
    method: 'POST',
    path: '/api/cmt/plugin/resource_state',
    access: 'admin',
    request: 'body',
    response: 'envelope',
  },
  disableResourceState: {
    method: 'PUT',
    path: '/api/cmt/plugin/resource_state/disable',
    access: 'admin',
    request: 'query',
    response: 'envelope',
  },
  resourceStateList: {
    method: 'GET',
    path: '/api/cmt/plugin/resource_state/list',
    access: 'admin',
    request: 'query',
    response: 'envelope',
  },
  featuredList: {
    method: 'GET',
    path: '/api/cmt/plugin/resource_state/active',
    access: 'public',
    request: 'query',
    response: 'envelope',
  },
  curatedRecommendation: {
    method: 'GET',
    path: '/api/cmt/plugin/recommendation/curated',
    access: 'admin',
    request: 'query',
    response: 'envelope',
  },
  silentInstallList: {
    method: 'GET',
    path: '/api/cmt/plugin/silent_install/list',
    access: 'admin',
    request: 'query',
    response: 'envelope',
  },
  // End of curation (issue 14).
  bannerList: {
    method: 'GET',
    path: '/api/cmt/plugin-banner/all',
    access: 'public',
    request: 'none',
    response: 'envelope',
  },
  saveBanner: {
    method: 'PUT',
    path: '/api/cmt/manager/plugin-banner',
    access: 'admin',
    request: 'multipart',
    response: 'envelope',
  },
  deleteBanner: {
    method: 'DELETE',
    path: '/api/cmt/manager/plugin-banner',
    access: 'admin',
    request: 'body',
    response: 'envelope',
  },
  qrCodeList: {
    method: 'GET',
    path: '/api/cmt/manager/qr-code/list',
    access: 'admin',
    request: 'none',
    response: 'envelope',
  },
  getIconfont: {
    method: 'GET',
    path: '/api/cmt/manager/space-setting/iconfont',
    access: 'admin',
    request: 'none',
    response: 'envelope',
  },
  saveIconfont: {
    method: 'PUT',
    path: '/api/cmt/manager/space-setting/iconfont',
    access: 'admin',
    request: 'body',
    response: 'envelope',
  },
  getPexels: {
    method: 'GET',
    path: '/api/cmt/srv/config/pexels',
    access: 'admin',
    request: 'none',
    response: 'envelope',
  },
  savePexels: {
    method: 'POST',
    path: '/api/cmt/srv/config/pexels',
    access: 'admin',
    request: 'body',
    response: 'envelope',
  },
  activityInfo: {
    method: 'GET',
    path: '/api/cmt/activity/activity/info',
    access: 'public',
    request: 'query',
    response: 'envelope',
  },
  // --- Settings (issue 14, helper "settings"): the space setting's admin save and the people of
  // the back office. getIconfont, saveIconfont, getPexels and savePexels above are also its.
  saveSpaceSetting: {
    method: 'PUT',
    path: '/api/cmt/manager/space-setting',
    access: 'admin',
    request: 'body',
    response: 'envelope',
  },
  userList: {
    method: 'GET',
    path: '/api/cmt/manager/users',
    access: 'admin',
    request: 'query',
    response: 'envelope',
  },
  setUserRole: {
    method: 'PUT',
    path: '/api/cmt/manager/users/role',
    // Super admins only (the service answers 403 to a general admin).
    access: 'admin',
    request: 'body',
    response: 'envelope',
  },
  // --- end of settings (issue 14)
} as const satisfies Record<string, RouteDefinition>;

/**
 * The user API of SPEC §7 under `USER_API_BASE` (`/api/uc/`; paths as in `USER_API`), the login
 * page's sign-in and sign-up, the third-party (OAuth2/OIDC) calls and the space setting the SSO
 * client reads (`GET /api/pix/spaces/setting`).
 */
export const USER_ROUTES = {
  signIn: {
    method: 'POST',
    path: '/api/uc/user/login',
    access: 'public',
    request: 'body',
    response: 'envelope',
  },
  signUp: {
    method: 'POST',
    path: '/api/uc/user/sign_up',
    access: 'public',
    request: 'body',
    response: 'envelope',
  },
  exchangeCode: {
    method: 'GET',
    path: '/api/uc/user/login/code/user',
    access: 'public',
    request: 'query',
    response: 'envelope',
  },
  valid: {
    method: 'GET',
    path: '/api/uc/user/valid',
    access: 'refresh_token',
    request: 'none',
    response: 'envelope',
  },
  refreshToken: {
    method: 'POST',
    path: '/api/uc/user/refresh_token',
    access: 'refresh_token',
    request: 'none',
    response: 'envelope',
  },
  logout: {
    method: 'POST',
    path: '/api/uc/user/logout',
    access: 'refresh_token',
    request: 'none',
    response: 'envelope',
  },
  userInfo: {
    method: 'GET',
    path: '/api/uc/user/userinfo',
    access: 'user',
    request: 'none',
    response: 'envelope',
  },
  loginCode: {
    method: 'GET',
    path: '/api/uc/user/login/code',
    access: 'user',
    request: 'query',
    response: 'envelope',
  },
  resetToken: {
    method: 'POST',
    path: '/api/uc/user/reset_token',
    access: 'user',
    request: 'body',
    response: 'envelope',
  },
  privateStandard: {
    method: 'GET',
    path: '/api/uc/config/private/standard/{product}',
    access: 'public',
    request: 'none',
    response: 'envelope',
  },
  thirdPartyAuthorize: {
    method: 'GET',
    path: '/api/uc/3rd-party/oauth2/{source}/authorize',
    access: 'public',
    request: 'query',
    response: 'redirect',
  },
  thirdPartyAuth: {
    method: 'POST',
    path: '/api/uc/3rd-party/oauth2/{source}/auth',
    access: 'public',
    request: 'body',
    response: 'envelope',
  },
  oauth2Login: {
    method: 'POST',
    path: '/api/uc/user/oauth2/login',
    access: 'public',
    request: 'body',
    response: 'envelope',
  },
  thirdPartyBind: {
    method: 'POST',
    path: '/api/uc/3rd-party/bind',
    access: 'user',
    request: 'body',
    response: 'envelope',
  },
  spaceSetting: {
    method: 'GET',
    path: '/api/pix/spaces/setting',
    access: 'public',
    request: 'query',
    response: 'envelope',
  },
  // --- Settings (issue 14, helper "settings"): the space setting of SPEC §7 "Other" calls.
  mstSpaceSetting: {
    method: 'GET',
    path: '/api/pix/mst/spaces/setting',
    access: 'public',
    request: 'none',
    response: 'envelope',
  },
  mstSpaceSettingResource: {
    method: 'GET',
    path: '/api/pix/mst/spaces/setting/resource',
    access: 'public',
    request: 'query',
    response: 'envelope',
  },
  // --- end of settings (issue 14)
} as const satisfies Record<string, RouteDefinition>;

/**
 * The analytics collector (SPEC §7 Analytics; the Sensors Data web SDK's endpoints), each with its
 * CORS preflight: the tracker calls them from any product site.
 */
export const COLLECTOR_ROUTES = {
  collect: { method: 'POST', path: COLLECTOR_PATH, access: 'public', request: 'body', response: 'envelope' },
  collectByImage: {
    method: 'GET',
    path: COLLECTOR_PATH,
    access: 'public',
    request: 'query',
    response: 'image',
  },
  collectByPixel: { method: 'GET', path: '/sa.gif', access: 'public', request: 'query', response: 'image' },
  visualConfig: {
    method: 'GET',
    path: VISUAL_CONFIG_PATH,
    access: 'public',
    request: 'query',
    response: 'raw',
  },
  deeplink: { method: 'GET', path: DEEPLINK_PATH, access: 'public', request: 'query', response: 'raw' },
  collectPreflight: {
    method: 'OPTIONS',
    path: COLLECTOR_PATH,
    access: 'public',
    request: 'none',
    response: 'empty',
  },
  pixelPreflight: {
    method: 'OPTIONS',
    path: '/sa.gif',
    access: 'public',
    request: 'none',
    response: 'empty',
  },
  visualConfigPreflight: {
    method: 'OPTIONS',
    path: VISUAL_CONFIG_PATH,
    access: 'public',
    request: 'none',
    response: 'empty',
  },
  deeplinkPreflight: {
    method: 'OPTIONS',
    path: DEEPLINK_PATH,
    access: 'public',
    request: 'none',
    response: 'empty',
  },
} as const satisfies Record<string, RouteDefinition>;

/** Pages and files for browsers: the login pages (SPEC §2), the built app, the tracker's script tag. */
export const PAGE_ROUTES = {
  loginPage: { method: 'GET', path: LOGIN_PAGE_PATH, access: 'public', request: 'query', response: 'html' },
  loginPageSlash: {
    method: 'GET',
    path: '/user/login',
    access: 'public',
    request: 'query',
    response: 'redirect',
  },
  bindPage: { method: 'GET', path: BIND_PAGE_PATH, access: 'public', request: 'query', response: 'html' },
  bindPageSlash: {
    method: 'GET',
    path: '/user/login/bind/',
    access: 'public',
    request: 'query',
    response: 'redirect',
  },
  loginScript: {
    method: 'GET',
    path: '/user/login/login.js',
    access: 'public',
    request: 'none',
    response: 'asset',
  },
  loginStyle: {
    method: 'GET',
    path: '/user/login/login.css',
    access: 'public',
    request: 'none',
    response: 'asset',
  },
  root: { method: 'GET', path: '/', access: 'public', request: 'none', response: 'redirect' },
  appBare: { method: 'GET', path: '/plugins', access: 'public', request: 'query', response: 'redirect' },
  app: { method: 'GET', path: '/plugins/*', access: 'public', request: 'none', response: 'asset' },
  uploadedFile: {
    method: 'GET',
    path: '/api/cmt/file/{key}',
    access: 'public',
    request: 'query',
    response: 'asset',
  },
  trackerScript: {
    method: 'GET',
    path: '/sdk/analytics.iife.js',
    access: 'public',
    request: 'none',
    response: 'asset',
  },
  trackerSourceMap: {
    method: 'GET',
    path: '/sdk/analytics.iife.js.map',
    access: 'public',
    request: 'none',
    response: 'asset',
  },
} as const satisfies Record<string, RouteDefinition>;

/** Operations: health and the OpenAPI document. */
export const OPERATION_ROUTES = {
  health: { method: 'GET', path: '/healthz', access: 'public', request: 'none', response: 'raw' },
  openApi: { method: 'GET', path: '/api/openapi.json', access: 'public', request: 'none', response: 'raw' },
} as const satisfies Record<string, RouteDefinition>;

/**
 * The whole route table by group. The server registers every entry that is not `planned`; the API
 * client's `plugin.*` calls are the `plugin` group; docs/api.md lists the table.
 */
export const ROUTES = {
  plugin: PLUGIN_ROUTES,
  user: USER_ROUTES,
  collector: COLLECTOR_ROUTES,
  page: PAGE_ROUTES,
  operation: OPERATION_ROUTES,
} as const;

/** The groups of {@link ROUTES}. */
export type RouteGroup = keyof typeof ROUTES;
/** The names of the routes of a group of {@link ROUTES}. */
export type RouteName<G extends RouteGroup> = keyof (typeof ROUTES)[G] & string;
