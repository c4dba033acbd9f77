/**
 * The notifications' entries of the `plugin` group (spread into `PLUGIN_ROUTES`, `plugin.ts`): the
 * signed-in account's notifications (list with the unread count, mark one or all read) and its
 * e-mail preferences per kind. The e-mail's unsubscribe page is in the `page` group (`page.ts`).
 */
import type { RouteDefinition } from './definition';

/** The notifications calls under `/api/cmt/`, named as the API client's `plugin.*` functions. */
export const PLUGIN_NOTIFICATION_ROUTES = {
  notificationList: {
    method: 'GET',
    path: '/api/cmt/plugin/notification/list',
    access: 'user',
    request: 'query',
    response: 'envelope',
  },
  readNotification: {
    method: 'POST',
    path: '/api/cmt/plugin/notification/read',
    access: 'user',
    request: 'body',
    response: 'envelope',
  },
  readAllNotifications: {
    method: 'POST',
    path: '/api/cmt/plugin/notification/read-all',
    access: 'user',
    request: 'none',
    response: 'envelope',
  },
  notificationPreferences: {
    method: 'GET',
    path: '/api/cmt/plugin/notification/preferences',
    access: 'user',
    request: 'none',
    response: 'envelope',
  },
  saveNotificationPreferences: {
    method: 'PUT',
    path: '/api/cmt/plugin/notification/preferences',
    access: 'user',
    request: 'body',
    response: 'envelope',
  },
} as const satisfies Record<string, RouteDefinition>;
