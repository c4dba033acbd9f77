/**
 * The schemas of the `plugin` group's notifications calls (spread into `PLUGIN_ROUTE_SCHEMAS`,
 * `plugin.ts`): the signed-in account's notifications and e-mail preferences, and the e-mail's
 * unsubscribe link.
 */
import {
  NotificationListQuery,
  NotificationPage,
  NotificationPreferences,
  NotificationReadBody,
  NotificationReadResult,
  SaveNotificationPreferencesBody,
} from '../wire/notifications';
import { PLUGINS } from './definition';

const KINDS =
  'Kinds: `submission_approved`, `submission_rejected` (payload `reason`), `review_posted` (payload `rating`, `title`), `plugin_deleted_by_admin`; every payload has `plugin_key` and `plugin_name` as they were when it happened.';

/** Schemas of the notifications calls of the route table's `plugin` group. */
export const PLUGIN_NOTIFICATION_ROUTE_SCHEMAS = {
  notificationList: {
    tags: PLUGINS,
    summary: "The caller's notifications, newest first, with the unread count",
    description: `Only the caller's own. \`next_cursor\` continues the list (400 INVALID_CURSOR for another list's cursor); \`unread_count\` counts every unread one, not only this page's. ${KINDS}`,
    querystring: NotificationListQuery,
    response: NotificationPage,
  },
  readNotification: {
    tags: PLUGINS,
    summary: 'Mark one of the caller’s notifications read (idempotent)',
    description:
      "404 NOTIFICATION_NOT_FOUND for an unknown id and for another account's notification (never told apart). Answers the unread count afterwards.",
    body: NotificationReadBody,
    response: NotificationReadResult,
  },
  readAllNotifications: {
    tags: PLUGINS,
    summary: 'Mark every notification of the caller read',
    response: NotificationReadResult,
  },
  notificationPreferences: {
    tags: PLUGINS,
    summary: 'Which kinds of notification the caller also gets by e-mail',
    description:
      'Every kind is on until turned off (here or by the link of an e-mail). `email_available` false: the server sends no e-mail (no `SMTP_URL`); the notifications are in the app either way.',
    response: NotificationPreferences,
  },
  saveNotificationPreferences: {
    tags: PLUGINS,
    summary: 'Turn the e-mail of some kinds of notification on or off',
    description: 'Kinds left out keep their setting. Answers every kind’s setting afterwards.',
    body: SaveNotificationPreferencesBody,
    response: NotificationPreferences,
  },
} as const;
