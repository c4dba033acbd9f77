/**
 * The back office's lists, each a {@link createPagedList} over one call of the route table: the
 * review list, the audit log, the signed-in user's plugins, the people and the resource positions.
 */
import type {
  AdminUser,
  AuditListQuery,
  AuditLogEntry,
  AuditLogQuery,
  Notification,
  NotificationListQuery,
  ResourcePosition,
  ResourcePositionListQuery,
  Submission,
  SubmissionPage,
  UserListQuery,
  UserPluginsQuery,
} from '@plugin-center/contract';
import { backofficeCalls } from './backofficeCalls';
import type { ApiClient } from './client';
import { createPagedList, type PagedList } from './pagedList';

type Paged<Q> = Omit<Q, 'cursor'>;
const submissions = (d: SubmissionPage) => ({ ...d, items: d.submission_list });

/**
 * The review list (`GET /api/cmt/plugin/audit/list`, admin): submissions with their checks and
 * changes, newest first, filtered by audit `status` (0 all, 1 unaudited, 2 passed, 3 not passed) and
 * `keyword`.
 *
 * @example
 * ```ts
 * const list = createAuditList(client, { status: 1 });
 * await list.load();
 * list.setQuery({ status: 1, keyword: 'grid' });
 * ```
 */
export function createAuditList(
  client: ApiClient,
  query: Paged<AuditListQuery> = {},
): PagedList<Submission, Paged<AuditListQuery>> {
  return createPagedList(
    (q, cursor, signal) => backofficeCalls(client).auditList({ ...q, cursor }, { signal }),
    submissions,
    query,
  );
}

/**
 * The signed-in user's plugins (`GET /api/cmt/plugin/audit`): the latest submission of each with
 * its review status and reason.
 *
 * @example
 * ```ts
 * const mine = createMyPlugins(client);
 * await mine.load();
 * ```
 */
export function createMyPlugins(
  client: ApiClient,
  query: Paged<UserPluginsQuery> = {},
): PagedList<Submission, Paged<UserPluginsQuery>> {
  return createPagedList(
    (q, cursor, signal) => client.plugin.userPlugins({ ...q, cursor }, { signal }),
    submissions,
    query,
  );
}

/**
 * The signed-in account's notifications (`GET /api/cmt/plugin/notification/list`), newest first.
 * `total` is the account's unread count (`unread_count`) as of the last page read.
 *
 * @example
 * ```ts
 * const inbox = createNotificationList(client);
 * await inbox.load();
 * inbox.getSnapshot().total; // unread
 * ```
 */
export function createNotificationList(
  client: ApiClient,
  query: Paged<NotificationListQuery> = {},
): PagedList<Notification, Paged<NotificationListQuery>> {
  return createPagedList(
    (q, cursor, signal) => client.plugin.notificationList({ ...q, cursor }, { signal }),
    (d) => ({ items: d.notification_list, total: d.unread_count, next_cursor: d.next_cursor }),
    query,
  );
}

/**
 * The append-only audit log of administrative actions (`GET /api/cmt/manager/audit-log`, admin),
 * newest first, optionally one plugin's.
 *
 * @example
 * ```ts
 * const log = createAuditLog(client, { plugin_key: 'grid' });
 * await log.load();
 * ```
 */
export function createAuditLog(
  client: ApiClient,
  query: Paged<AuditLogQuery> = {},
): PagedList<AuditLogEntry, Paged<AuditLogQuery>> {
  return createPagedList(
    (q, cursor, signal) => backofficeCalls(client).auditLog({ ...q, cursor }, { signal }),
    (d) => ({ ...d, items: d.entry_list }),
    query,
  );
}

/**
 * The people of the back office (`GET /api/cmt/manager/users`, admin): accounts newest first with
 * their role, by `keyword` (email, nick or user name; blank ignored) and `role`.
 *
 * @example
 * ```ts
 * const people = createPeopleList(client, { role: 2 });
 * await people.load();
 * ```
 */
export function createPeopleList(
  client: ApiClient,
  query: Paged<UserListQuery> = {},
): PagedList<AdminUser, Paged<UserListQuery>> {
  return createPagedList(
    (q, cursor, signal) =>
      backofficeCalls(client).userList({ ...q, keyword: q.keyword?.trim() || undefined, cursor }, { signal }),
    (d) => ({ ...d, items: d.user_list }),
    query,
  );
}

/**
 * The resource positions (featured slots) of the back office (`GET /api/cmt/plugin/resource_state/list`,
 * admin): newest slot first, each with the plugin's name and icon, its times and derived `status`;
 * filtered by `status`, texts in `lang`.
 *
 * @example
 * ```ts
 * const slots = createResourcePositionList(client, { status: 'active' });
 * await slots.load();
 * ```
 */
export function createResourcePositionList(
  client: ApiClient,
  query: Paged<ResourcePositionListQuery> = {},
): PagedList<ResourcePosition, Paged<ResourcePositionListQuery>> {
  return createPagedList(
    (q, cursor, signal) => backofficeCalls(client).resourceStateList({ ...q, cursor }, { signal }),
    (d) => ({ ...d, items: d.resource_state_list }),
    query,
  );
}
