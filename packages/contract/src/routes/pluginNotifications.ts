/**
 * The notifications' entries of the `plugin` group (spread into `PLUGIN_ROUTES`, `plugin.ts`): the
 * signed-in account's notifications (list with the unread count, mark one or all read), its e-mail
 * preferences per kind, and the unsubscribe link of an e-mail (no sign-in: a signed token).
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
  // The e-mail's link: a page with one button (GET never changes anything: mail scanners follow links).
  unsubscribePage: {
    method: 'GET',
    path: '/api/cmt/plugin/notification/unsubscribe',
    access: 'public',
    request: 'query',
    response: 'html',
  },
  // The button's form and RFC 8058 one-click (`List-Unsubscribe-Post: List-Unsubscribe=One-Click`).
  unsubscribe: {
    method: 'POST',
    path: '/api/cmt/plugin/notification/unsubscribe',
    access: 'public',
    request: 'query',
    response: 'html',
  },
} as const satisfies Record<string, RouteDefinition>;
