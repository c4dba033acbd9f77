/**
 * The `backoffice` group of the route table: every call of the back office (`access: 'admin'`) —
 * review and batch upload, the audit log, curation (recommendations, silent installs, resource
 * positions, banners), the space setting and the external accounts, the sign-in methods, people,
 * and the moderation of ratings. A group of its own, exported only by `@plugin-center/contract/routes`,
 * so the square's bundle and the route table of the package's main entry carry none of it; the API
 * client's calls for it come from `@plugin-center/api/backoffice` (`backofficeCalls`).
 */
import type { RouteDefinition } from './definition';

/** The back office's calls (SPEC §7, every one for administrators: role 1 or 2). */
export const BACKOFFICE_ROUTES = {
  analyticsOverview: {
    method: 'GET',
    path: '/api/cmt/manager/analytics/overview',
    access: 'admin',
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
  batchStatus: {
    method: 'GET',
    path: '/api/cmt/manager/plugins/batch',
    access: 'admin',
    request: 'query',
    response: 'envelope',
  },
  batchRemove: {
    method: 'DELETE',
    path: '/api/cmt/manager/plugins/batch',
    access: 'admin',
    request: 'body',
    response: 'envelope',
  },
  assignOwner: {
    method: 'POST',
    path: '/api/cmt/manager/plugin/owner',
    access: 'admin',
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
  // Curation: recommendations, silent install, resource positions.
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
  // Settings: the sign-in methods of a private deployment (saves: super administrators only).
  loginMethodList: {
    method: 'GET',
    path: '/api/cmt/manager/login-methods',
    access: 'admin',
    request: 'none',
    response: 'envelope',
  },
  saveLoginMethod: {
    method: 'PUT',
    path: '/api/cmt/manager/login-methods',
    access: 'admin',
    request: 'body',
    response: 'envelope',
  },
  // Settings: the space setting's admin save and the people of
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
    superAdmin: true,
    request: 'body',
    response: 'envelope',
  },
  setUserStatus: {
    method: 'PUT',
    path: '/api/cmt/manager/users/status',
    // A general administrator may act on general users only (the service answers 403 otherwise).
    access: 'admin',
    request: 'body',
    response: 'envelope',
  },
  ratingReportList: {
    method: 'GET',
    path: '/api/cmt/manager/rating/report/list',
    access: 'admin',
    request: 'query',
    response: 'envelope',
  },
  moderateRating: {
    method: 'POST',
    path: '/api/cmt/manager/rating/moderate',
    access: 'admin',
    request: 'body',
    response: 'envelope',
  },
  // Publishers: an administrator marks one verified (or not).
  setPublisherVerified: {
    method: 'PUT',
    path: '/api/cmt/manager/publisher/verified',
    access: 'admin',
    request: 'body',
    response: 'envelope',
  },
  // Mirroring (docs/mirroring.md): the upstream, the allowlist, the last pull, and "pull now".
  mirrorStatus: {
    method: 'GET',
    path: '/api/cmt/manager/mirror',
    access: 'admin',
    request: 'none',
    response: 'envelope',
  },
  mirrorPull: {
    method: 'POST',
    path: '/api/cmt/manager/mirror/pull',
    access: 'admin',
    request: 'none',
    response: 'envelope',
  },
} as const satisfies Record<string, RouteDefinition>;
