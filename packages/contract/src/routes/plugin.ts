/**
 * The `plugin` group of the route table: the plugin calls under `/api/cmt/` (the square, publishing,
 * review, the back office's curation, settings and reports).
 */
import type { RouteDefinition } from './definition';
import { PLUGIN_NOTIFICATION_ROUTES } from './pluginNotifications';
import { PLUGIN_PUBLISHER_ROUTES } from './pluginPublishers';
import { PLUGIN_RATING_ROUTES } from './pluginRatings';
import { PLUGIN_STATS_ROUTES } from './pluginStats';

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
  more: {
    method: 'GET',
    path: '/api/cmt/plugin/more',
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
  // The editor's side: the design tool's list of the user's plugins.
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
  verify: {
    method: 'GET',
    path: '/api/cmt/manager/verify',
    access: 'user',
    request: 'none',
    response: 'envelope',
  },
  publisherAnalytics: {
    method: 'GET',
    path: '/api/cmt/plugin/analytics',
    // The caller's own plugins by ownership; an administrator may name a developer.
    access: 'user',
    request: 'query',
    response: 'envelope',
  },
  publish: {
    method: 'POST',
    path: '/api/cmt/plugin',
    access: 'user',
    personalToken: true,
    request: 'multipart',
    response: 'envelope',
  },
  edit: {
    method: 'PUT',
    path: '/api/cmt/plugin',
    access: 'user',
    personalToken: true,
    request: 'multipart',
    response: 'envelope',
  },
  remove: {
    method: 'DELETE',
    path: '/api/cmt/plugin',
    // The plugin's owner, or an administrator (the service checks the owner).
    access: 'user',
    request: 'body',
    response: 'envelope',
  },
  unlist: {
    method: 'POST',
    path: '/api/cmt/plugin/unlist',
    access: 'user',
    request: 'body',
    response: 'envelope',
  },
  relist: {
    method: 'POST',
    path: '/api/cmt/plugin/relist',
    access: 'user',
    request: 'body',
    response: 'envelope',
  },
  deprecate: {
    method: 'POST',
    path: '/api/cmt/plugin/deprecate',
    access: 'user',
    request: 'body',
    response: 'envelope',
  },
  undeprecate: {
    method: 'POST',
    path: '/api/cmt/plugin/undeprecate',
    access: 'user',
    request: 'body',
    response: 'envelope',
  },
  userPlugins: {
    method: 'GET',
    path: '/api/cmt/plugin/audit',
    access: 'user',
    personalToken: true,
    request: 'query',
    response: 'envelope',
  },
  submissionHistory: {
    method: 'GET',
    path: '/api/cmt/plugin/audit/history',
    access: 'user',
    request: 'query',
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
  featuredList: {
    method: 'GET',
    path: '/api/cmt/plugin/resource_state/active',
    access: 'public',
    request: 'query',
    response: 'envelope',
  },
  bannerList: {
    method: 'GET',
    path: '/api/cmt/plugin-banner/all',
    access: 'public',
    request: 'none',
    response: 'envelope',
  },
  activityInfo: {
    method: 'GET',
    path: '/api/cmt/activity/activity/info',
    access: 'public',
    request: 'query',
    response: 'envelope',
  },
  // Ratings and reviews of plugins (the ratings domain).
  ...PLUGIN_RATING_ROUTES,
  // A publisher's statistics of one plugin (the reports domain).
  ...PLUGIN_STATS_ROUTES,
  ...PLUGIN_PUBLISHER_ROUTES,
  ...PLUGIN_NOTIFICATION_ROUTES,
} as const satisfies Record<string, RouteDefinition>;
