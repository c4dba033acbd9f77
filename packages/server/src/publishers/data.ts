/**
 * The publishers' queries: the `publisher` row of an account (migration 0038) with the account's
 * name and avatar, the handle claim, the website, the domain proof and the verified mark, and the
 * figures and ids of a publisher's approved, listed plugins.
 */
import { ReviewStatus } from '@plugin-center/contract/schemas';
import type { Kysely, Selectable } from 'kysely';
import type { DatabaseSchema, PublisherTable } from '../db/schema';

type Executor = Kysely<DatabaseSchema>;

/** A publisher row with its account's display name and avatar. */
export type PublisherRow = Selectable<PublisherTable> & { nick_name: string; avatar_url: string | null };

/** The publisher row of account `userId` with the account's name and avatar; undefined without a row. */
export async function publisherOfUser(db: Executor, userId: number): Promise<PublisherRow | undefined> {
  return (await db
    .selectFrom('publisher as pub')
    .innerJoin('user_account as u', 'u.id', 'pub.user_id')
    .selectAll('pub')
    .select(['u.nick_name', 'u.avatar_url'])
    .where('pub.user_id', '=', userId)
    .executeTakeFirst()) as PublisherRow | undefined;
}

/** The publisher holding `handle` (lower-cased) whose account is active; undefined when none. */
export async function publisherByHandle(db: Executor, handle: string): Promise<PublisherRow | undefined> {
  return (await db
    .selectFrom('publisher as pub')
    .innerJoin('user_account as u', 'u.id', 'pub.user_id')
    .selectAll('pub')
    .select(['u.nick_name', 'u.avatar_url'])
    .where('pub.handle', '=', handle)
    .where('u.staff_status', '=', 1)
    .executeTakeFirst()) as PublisherRow | undefined;
}

/** The name and avatar of account `userId`; undefined for an unknown account. */
export function accountProfile(
  db: Executor,
  userId: number,
): Promise<{ nick_name: string; avatar_url: string | null } | undefined> {
  return db
    .selectFrom('user_account')
    .select(['nick_name', 'avatar_url'])
    .where('id', '=', userId)
    .executeTakeFirst();
}

/** Makes the publisher row of `userId` if it has none (a concurrent insert of the same row is fine). */
export async function ensurePublisher(db: Executor, userId: number, now: number): Promise<void> {
  await db
    .insertInto('publisher')
    .values({ user_id: userId, create_time: now })
    .onConflict((oc) => oc.column('user_id').doNothing())
    .execute();
}

/**
 * Sets the handle of `userId` if it has none yet, in one statement: the unique index refuses a
 * handle another account holds (the caller maps that to HANDLE_TAKEN), also under concurrent claims.
 * @returns whether this call set it (false: the account already had a handle)
 */
export async function claimHandle(
  db: Executor,
  userId: number,
  handle: string,
  now: number,
): Promise<boolean> {
  const result = await db
    .insertInto('publisher')
    .values({ user_id: userId, handle, create_time: now })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ handle }).where('publisher.handle', 'is', null))
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

/**
 * Whether `error` is the database refusing a handle another account holds (the unique index
 * `publisher_handle_idx`): PostgreSQL's 23505 on it, SQLite's `SQLITE_CONSTRAINT_UNIQUE` on
 * `publisher.handle`.
 */
export function isHandleConflict(error: unknown): boolean {
  const e = error as { code?: unknown; constraint?: unknown; message?: unknown } | null;
  if (!e || typeof e !== 'object') return false;
  if (e.code === '23505') return e.constraint === 'publisher_handle_idx';
  return (
    typeof e.code === 'string' &&
    e.code.startsWith('SQLITE_CONSTRAINT') &&
    typeof e.message === 'string' &&
    e.message.includes('publisher.handle')
  );
}

/** Updates columns of the publisher row of `userId` (which exists). */
export async function updatePublisher(
  db: Executor,
  userId: number,
  values: Partial<Omit<PublisherTable, 'user_id' | 'create_time' | 'handle'>>,
): Promise<void> {
  await db.updateTable('publisher').set(values).where('user_id', '=', userId).execute();
}

/** The figures of the approved, listed plugins of account `ownerId`. */
export async function publisherTotalsRow(
  db: Executor,
  ownerId: number,
): Promise<{ plugins: number; downloads: number; praises: number; ratings: number; stars: number }> {
  const row = await db
    .selectFrom('plugin')
    .select((eb) => [
      eb.fn.countAll<string | number>().as('plugins'),
      eb.fn.coalesce(eb.fn.sum<string | number>('download_count'), eb.lit(0)).as('downloads'),
      eb.fn.coalesce(eb.fn.sum<string | number>('praise_count'), eb.lit(0)).as('praises'),
      eb.fn.coalesce(eb.fn.sum<string | number>('rating_count'), eb.lit(0)).as('ratings'),
      eb.fn.coalesce(eb.fn.sum<string | number>('rating_sum'), eb.lit(0)).as('stars'),
    ])
    .where('owner_id', '=', ownerId)
    .where('review_status', '=', ReviewStatus.APPROVED)
    .where('unlisted_at', 'is', null)
    .executeTakeFirstOrThrow();
  return {
    plugins: Number(row.plugins),
    downloads: Number(row.downloads),
    praises: Number(row.praises),
    ratings: Number(row.ratings),
    stars: Number(row.stars),
  };
}

/** Ids of the approved, listed plugins of account `ownerId`, newest first, at most `limit`. */
export async function publisherPluginIds(db: Executor, ownerId: number, limit: number): Promise<number[]> {
  const rows = await db
    .selectFrom('plugin')
    .select('id')
    .where('owner_id', '=', ownerId)
    .where('review_status', '=', ReviewStatus.APPROVED)
    .where('unlisted_at', 'is', null)
    .orderBy('create_time', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => r.id);
}
