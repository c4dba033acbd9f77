/**
 * The notifications' wire: what an author is told about their plugins (a submission approved or
 * rejected, a review posted, a deletion by an administrator), the signed-in account's list with its
 * unread count, marking read, and the e-mail preferences per kind with the unsubscribe link's token.
 */
import { type Static, Type } from 'typebox';
import { NOTIFICATION_KINDS, PAGE_SIZE } from '../constants';
import { RATING_LIMITS } from '../text';
import { INT32_MAX } from './common';

/** A kind of notification (`NOTIFICATION_KINDS`). */
export const NotificationKindSchema = Type.Enum(NOTIFICATION_KINDS, { description: 'what happened' });

const NotificationId = Type.Integer({
  minimum: 1,
  maximum: INT32_MAX,
  description: 'id of the notification',
});

/**
 * What a notification's text needs, written when it is made (the plugin may be renamed or deleted
 * since): the plugin's key and name, the version decided, the rejection's reason, the review's stars
 * and title.
 */
export const NotificationPayload = Type.Object({
  plugin_key: Type.String(),
  plugin_name: Type.String(),
  version: Type.Optional(Type.String({ description: 'the version approved or rejected' })),
  reason: Type.Optional(Type.String({ description: 'why the submission was rejected' })),
  rating: Type.Optional(
    Type.Integer({
      minimum: RATING_LIMITS.MIN_STARS,
      maximum: RATING_LIMITS.MAX_STARS,
      description: 'stars of the review',
    }),
  ),
  title: Type.Optional(Type.String({ description: "the review's title ('' without one)" })),
});
export type NotificationPayload = Static<typeof NotificationPayload>;

/** One notification of the signed-in account. */
export const Notification = Type.Object({
  id: Type.Integer(),
  kind: NotificationKindSchema,
  payload: NotificationPayload,
  create_time: Type.Integer({ description: 'ms since the Unix epoch' }),
  read_at: Type.Union([Type.Integer(), Type.Null()], {
    description: 'ms since the Unix epoch; null while unread',
  }),
});
export type Notification = Static<typeof Notification>;

/** Query of `GET /api/cmt/plugin/notification/list`. */
export const NotificationListQuery = Type.Object(
  {
    cursor: Type.Optional(Type.String({ maxLength: 512 })),
    page_size: Type.Optional(
      Type.Integer({ minimum: 1, maximum: PAGE_SIZE.MAX, default: PAGE_SIZE.DEFAULT }),
    ),
  },
  { additionalProperties: false },
);
export type NotificationListQuery = Static<typeof NotificationListQuery>;

/** A page of the caller's notifications, newest first, and how many of all of them are unread. */
export const NotificationPage = Type.Object({
  notification_list: Type.Array(Notification),
  next_cursor: Type.Union([Type.String(), Type.Null()], { description: 'null on the last page' }),
  unread_count: Type.Integer({ minimum: 0, description: "the caller's unread notifications, all pages" }),
});
export type NotificationPage = Static<typeof NotificationPage>;

/** Body of `POST /api/cmt/plugin/notification/read`. */
export const NotificationReadBody = Type.Object({ id: NotificationId }, { additionalProperties: false });
export type NotificationReadBody = Static<typeof NotificationReadBody>;

/** Answer of marking read: the caller's unread count afterwards. */
export const NotificationReadResult = Type.Object({ unread_count: Type.Integer({ minimum: 0 }) });
export type NotificationReadResult = Static<typeof NotificationReadResult>;

/** Whether e-mail is sent for each kind (true unless the account turned it off). */
const EmailByKind = Type.Object({
  submission_approved: Type.Boolean(),
  submission_rejected: Type.Boolean(),
  review_posted: Type.Boolean(),
  plugin_deleted_by_admin: Type.Boolean(),
});

/** The caller's e-mail preferences per kind, and whether this server sends e-mail at all. */
export const NotificationPreferences = Type.Object({
  email: EmailByKind,
  email_available: Type.Boolean({
    description: 'false while the server has no SMTP_URL: notifications are then only in the app',
  }),
});
export type NotificationPreferences = Static<typeof NotificationPreferences>;

/** Body of `PUT /api/cmt/plugin/notification/preferences`: the kinds to change (others stay). */
export const SaveNotificationPreferencesBody = Type.Object(
  {
    email: Type.Object(
      {
        submission_approved: Type.Optional(Type.Boolean()),
        submission_rejected: Type.Optional(Type.Boolean()),
        review_posted: Type.Optional(Type.Boolean()),
        plugin_deleted_by_admin: Type.Optional(Type.Boolean()),
      },
      { additionalProperties: false },
    ),
  },
  { additionalProperties: false },
);
export type SaveNotificationPreferencesBody = Static<typeof SaveNotificationPreferencesBody>;

/** Query of the unsubscribe link of an e-mail: its signed, expiring token. */
export const UnsubscribeQuery = Type.Object(
  { token: Type.String({ minLength: 1, maxLength: 2048 }) },
  { additionalProperties: true },
);
export type UnsubscribeQuery = Static<typeof UnsubscribeQuery>;
