/**
 * Notifications: what an author is told about their plugins — a submission approved or rejected
 * (with the reason), a review posted on their plugin, their plugin deleted by an administrator — in
 * the app (a list with an unread count) and, unless the account turned that kind off, by e-mail
 * through `SMTP_URL`, in the recipient's language, with an unsubscribe link per kind.
 *
 * The review, ratings and publishing domains call {@link NotificationsService.notify} after the
 * change they tell of is committed. It never throws: a notification that cannot be written is
 * logged and the change stands. A plugin without an owner (the catalogue's imports) tells no one,
 * and nobody is told of their own doing.
 *
 * Language: the account's (`user_account.locale`, recorded at each sign-in's code exchange, when it
 * is one of the site's locales), else the site's first locale; the unsubscribe page speaks the
 * language its e-mail was written in.
 */
import {
  ApiErrorCode,
  type Locale,
  NOTIFICATION_KINDS,
  type NotificationKind,
  PAGE_SIZE,
} from '@plugin-center/contract';
import { ROUTES } from '@plugin-center/contract/routes';
import type {
  Notification,
  NotificationListQuery,
  NotificationPage,
  NotificationPayload,
  NotificationPreferences,
  NotificationReadResult,
  SaveNotificationPreferencesBody,
} from '@plugin-center/contract/schemas';
import type { MailConfig } from '../config/mail';
import type { Database } from '../db/database';
import { ApiError } from '../errors';
import type { AuthUser } from '../shared/auth';
import { decodeCursor, encodeCursor } from '../shared/cursor';
import {
  emailSettings,
  insertNotification,
  markAllRead,
  markRead,
  type NotificationRow,
  notificationPage,
  recipient,
  saveEmailSettings,
  unreadCount,
} from './data';
import { type MailLog, MailQueue } from './mailer';
import { composeMail } from './texts';
import { type UnsubscribePage, unsubscribePage } from './unsubscribePage';
import { UnsubscribeTokens } from './unsubscribeToken';

/** Something to tell a plugin's owner. */
export interface NotificationEvent {
  /** The plugin's owner; null or undefined (no owner): nobody is told. */
  ownerId: number | null | undefined;
  /** Who caused it (the administrator, the reviewer): never told of their own doing. */
  actorId?: number;
  kind: NotificationKind;
  /** The plugin's row id (kept after it is deleted). */
  pluginId: number | null;
  payload: NotificationPayload;
}

/** What the service logs (Fastify's logger fits). */
export type NotificationLog = MailLog;

/** Options of {@link NotificationsService}. */
export interface NotificationsOptions {
  /** Current time, ms (default `Date.now`). */
  clock?: () => number;
  /** The site's first locale: the language of an e-mail to an account with none of `locales`. */
  locale: Locale;
  /** The site's locales (default: `locale` alone): an account's own language counts when it is one. */
  locales?: readonly Locale[];
  /** `SMTP_URL`, `MAIL_FROM`, `PUBLIC_URL`; undefined: no e-mail. */
  mail?: MailConfig | undefined;
  log: NotificationLog;
  /** The waits between attempts of a failed e-mail, ms (default `MAIL_RETRY_DELAYS_MS`). */
  retryDelaysMs?: readonly number[];
}

const notFound = (id: number) =>
  new ApiError(ApiErrorCode.NOTIFICATION_NOT_FOUND, `no notification with id ${id}`, 404);

/** Ids are int32 on PostgreSQL: a cursor position beyond it starts from the newest. */
const ID_MAX = 2_147_483_647;

/** The wire notification of a row. */
function toNotification(row: NotificationRow): Notification {
  return {
    id: row.id,
    kind: row.kind as NotificationKind,
    payload: JSON.parse(row.payload) as NotificationPayload,
    create_time: Number(row.create_time),
    read_at: row.read_at === null ? null : Number(row.read_at),
  };
}

/** The notifications of one database, and their e-mail. */
export class NotificationsService {
  private readonly clock: () => number;
  private readonly tokens: UnsubscribeTokens;
  /** The e-mail outbox; undefined without `SMTP_URL`. */
  readonly mailQueue: MailQueue | undefined;

  constructor(
    private readonly db: Database,
    private readonly options: NotificationsOptions,
  ) {
    this.clock = options.clock ?? Date.now;
    this.tokens = new UnsubscribeTokens(db, this.clock);
    this.mailQueue = options.mail
      ? new MailQueue({
          smtpUrl: options.mail.smtpUrl,
          from: options.mail.from,
          log: options.log,
          ...(options.retryDelaysMs ? { retryDelaysMs: options.retryDelaysMs } : {}),
        })
      : undefined;
  }

  /**
   * Tells the plugin's owner of `event`: a notification row, then (e-mail configured, the kind on
   * for the account, the account active with an address) an e-mail queued. Nothing for a plugin
   * without an owner, or when the owner caused it. Never throws: a failure is logged.
   */
  async notify(event: NotificationEvent): Promise<void> {
    const ownerId = event.ownerId;
    if (ownerId === null || ownerId === undefined || ownerId === event.actorId) return;
    try {
      await insertNotification(this.db.kysely, {
        user_id: ownerId,
        kind: event.kind,
        plugin_id: event.pluginId,
        payload: JSON.stringify(event.payload),
        create_time: this.clock(),
      });
      if (this.mailQueue) await this.queueMail(ownerId, event, this.mailQueue);
    } catch (error) {
      this.options.log.error(
        { err: error, kind: event.kind, plugin_key: event.payload.plugin_key },
        'notification not recorded',
      );
    }
  }

  private async queueMail(userId: number, event: NotificationEvent, queue: MailQueue): Promise<void> {
    const mail = this.options.mail!;
    const account = await recipient(this.db.kysely, userId);
    if (!account?.email || account.staff_status !== 1) return;
    if ((await emailSettings(this.db.kysely, userId)).get(event.kind) === false) return;
    const offered = this.options.locales ?? [this.options.locale];
    const own = offered.find((l) => l === account.locale);
    const locale = own ?? this.options.locale;
    const token = await this.tokens.sign({ userId, kind: event.kind, locale });
    const unsubscribe = `${mail.publicUrl}${ROUTES.page.notificationUnsubscribe.path}?token=${encodeURIComponent(token)}`;
    const composed = composeMail(locale, event.kind, event.payload, {
      notifications: `${mail.publicUrl}/plugins/notifications`,
      unsubscribe,
    });
    queue.enqueue({
      to: account.email,
      ...composed,
      headers: {
        'List-Unsubscribe': `<${unsubscribe}>`,
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      },
    });
  }

  /**
   * `GET plugin/notification/list`: a page of the caller's notifications, newest first, and the
   * caller's unread count.
   * @throws ApiError INVALID_CURSOR (400)
   */
  async list(user: AuthUser, query: NotificationListQuery): Promise<NotificationPage> {
    const pageSize = query.page_size ?? PAGE_SIZE.DEFAULT;
    const fingerprint = `notifications:${user.user_id}`;
    const before = query.cursor ? (decodeCursor(query.cursor, fingerprint, 1)[0] as number) : undefined;
    const rows = await notificationPage(
      this.db.kysely,
      user.user_id,
      before === undefined ? undefined : Math.min(Math.max(before, 0), ID_MAX),
      pageSize + 1,
    );
    const page = rows.slice(0, pageSize);
    const last = page.at(-1);
    return {
      notification_list: page.map(toNotification),
      next_cursor: rows.length > pageSize && last ? encodeCursor(fingerprint, [last.id]) : null,
      unread_count: await unreadCount(this.db.kysely, user.user_id),
    };
  }

  /**
   * `POST plugin/notification/read`: marks the caller's notification `id` read.
   * @throws ApiError NOTIFICATION_NOT_FOUND (404) for an unknown id or another account's
   */
  async read(user: AuthUser, id: number): Promise<NotificationReadResult> {
    if (!(await markRead(this.db.kysely, user.user_id, id, this.clock()))) throw notFound(id);
    return { unread_count: await unreadCount(this.db.kysely, user.user_id) };
  }

  /** `POST plugin/notification/read-all`: marks every notification of the caller read. */
  async readAll(user: AuthUser): Promise<NotificationReadResult> {
    await markAllRead(this.db.kysely, user.user_id, this.clock());
    return { unread_count: 0 };
  }

  /** `GET plugin/notification/preferences`: the caller's e-mail setting of every kind. */
  async preferences(user: AuthUser): Promise<NotificationPreferences> {
    const saved = await emailSettings(this.db.kysely, user.user_id);
    const email = Object.fromEntries(NOTIFICATION_KINDS.map((kind) => [kind, saved.get(kind) !== false]));
    return {
      email: email as NotificationPreferences['email'],
      email_available: this.mailQueue !== undefined,
    };
  }

  /** `PUT plugin/notification/preferences`: saves the kinds of `body` (others unchanged). */
  async savePreferences(
    user: AuthUser,
    body: SaveNotificationPreferencesBody,
  ): Promise<NotificationPreferences> {
    const settings = NOTIFICATION_KINDS.flatMap((kind) => {
      const on = body.email[kind];
      return on === undefined ? [] : [[kind, on] as const];
    });
    await saveEmailSettings(this.db.kysely, user.user_id, settings, this.clock());
    return this.preferences(user);
  }

  /**
   * The unsubscribe link's page: with a valid token, one button that posts the turn-off; else 400
   * with a page saying the link is bad or expired.
   */
  async unsubscribePage(token: unknown): Promise<UnsubscribePage> {
    const claims = await this.tokens.verify(token);
    if (!claims) return unsubscribePage(this.options.locale, 'invalid');
    return unsubscribePage(claims.locale, 'confirm', claims.kind);
  }

  /**
   * The unsubscribe POST (the page's button, RFC 8058 one-click): turns the token's kind of e-mail
   * off for its account; idempotent. A bad or expired token, or a deleted account: 400 page.
   */
  async unsubscribe(token: unknown): Promise<UnsubscribePage> {
    const claims = await this.tokens.verify(token);
    if (!claims || !(await recipient(this.db.kysely, claims.userId)))
      return unsubscribePage(this.options.locale, 'invalid');
    await saveEmailSettings(this.db.kysely, claims.userId, [[claims.kind, false]], this.clock());
    return unsubscribePage(claims.locale, 'done', claims.kind);
  }

  /** Resolves when no e-mail is being sent or waiting for a retry. */
  mailIdle(): Promise<void> {
    return this.mailQueue?.idle() ?? Promise.resolve();
  }

  /** Stops the e-mail outbox (what waits for a retry is dropped). */
  close(): void {
    this.mailQueue?.close();
  }
}
