/**
 * Queries of the notifications domain: the notification rows of one account (newest first, unread
 * count, marking read), the e-mail preferences, and the recipient's address.
 */
import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '../db/schema';
import type { NotificationTable } from '../db/schemaCommunity';

type Db = Kysely<DatabaseSchema>;

/** A stored notification. */
export interface NotificationRow {
  id: number;
  user_id: number;
  kind: string;
  plugin_id: number | null;
  payload: string;
  create_time: number | string;
  read_at: number | string | null;
}

/** Inserts a notification. @returns its id */
export async function insertNotification(
  db: Db,
  row: Omit<NotificationTable, 'id' | 'read_at'>,
): Promise<number> {
  const inserted = await db.insertInto('notification').values(row).returning('id').executeTakeFirstOrThrow();
  return inserted.id;
}

/** Up to `limit` of the account's notifications with ids below `beforeId` (all without), newest first. */
export function notificationPage(
  db: Db,
  userId: number,
  beforeId: number | undefined,
  limit: number,
): Promise<NotificationRow[]> {
  let query = db
    .selectFrom('notification')
    .select(['id', 'user_id', 'kind', 'plugin_id', 'payload', 'create_time', 'read_at'])
    .where('user_id', '=', userId);
  if (beforeId !== undefined) query = query.where('id', '<', beforeId);
  return query.orderBy('id', 'desc').limit(limit).execute();
}

/** How many of the account's notifications are unread. */
export async function unreadCount(db: Db, userId: number): Promise<number> {
  const row = await db
    .selectFrom('notification')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('user_id', '=', userId)
    .where('read_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Marks the account's notification `id` read (kept as it is when read already).
 * @returns whether the account has such a notification
 */
export async function markRead(db: Db, userId: number, id: number, now: number): Promise<boolean> {
  await db
    .updateTable('notification')
    .set({ read_at: now })
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .where('read_at', 'is', null)
    .execute();
  const row = await db
    .selectFrom('notification')
    .select('id')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row !== undefined;
}

/** Marks every unread notification of the account read. */
export async function markAllRead(db: Db, userId: number, now: number): Promise<void> {
  await db
    .updateTable('notification')
    .set({ read_at: now })
    .where('user_id', '=', userId)
    .where('read_at', 'is', null)
    .execute();
}

/** The account's saved e-mail settings by kind (kinds never saved are absent: on). */
export async function emailSettings(db: Db, userId: number): Promise<Map<string, boolean>> {
  const rows = await db
    .selectFrom('notification_preference')
    .select(['kind', 'email'])
    .where('user_id', '=', userId)
    .execute();
  return new Map(rows.map((row) => [row.kind, Number(row.email) === 1]));
}

/** Saves the account's e-mail setting of each kind of `settings`. */
export async function saveEmailSettings(
  db: Db,
  userId: number,
  settings: readonly (readonly [string, boolean])[],
  now: number,
): Promise<void> {
  for (const [kind, on] of settings) {
    await db
      .insertInto('notification_preference')
      .values({ user_id: userId, kind, email: on ? 1 : 0, update_time: now })
      .onConflict((oc) =>
        oc.columns(['user_id', 'kind']).doUpdateSet({ email: on ? 1 : 0, update_time: now }),
      )
      .execute();
  }
}

/** The account's address, language and whether it is active, or undefined for no such account. */
export function recipient(
  db: Db,
  userId: number,
): Promise<{ email: string | null; staff_status: number; locale: string | null } | undefined> {
  return db
    .selectFrom('user_account')
    .select(['email', 'staff_status', 'locale'])
    .where('id', '=', userId)
    .executeTakeFirst();
}

/** Whether the account exists. */
export async function accountExists(db: Db, userId: number): Promise<boolean> {
  return (await recipient(db, userId)) !== undefined;
}
