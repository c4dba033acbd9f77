/**
 * The queries of plugin ratings and reviews (`plugin_rating`, `plugin_rating_vote`,
 * `plugin_rating_report`, migration 0035; the rules are in `service.ts`). The plugin's
 * `rating_count`, `rating_sum` and `rating_1` … `rating_5`, and a rating's `helpful_count`, follow
 * the rows through the triggers of migration 0035 in the statement that writes them; nothing here
 * writes a counter.
 */
import { type RatingSort, ReviewStatus } from '@plugin-center/contract/schemas';
import { type Expression, type Kysely, type Selectable, type SqlBool, sql } from 'kysely';
import type { Database } from '../db/database';
import type { DatabaseSchema, PluginRatingTable } from '../db/schema';

type Db = Kysely<DatabaseSchema>;

/** The plugin a rating call is about. */
export interface RatedPlugin {
  id: number;
  plugin_key: string;
  name: string;
  owner_id: number | null;
}

/** The approved plugin with `pluginKey`, or undefined. */
export function approvedPlugin(db: Database, pluginKey: string): Promise<RatedPlugin | undefined> {
  return db.kysely
    .selectFrom('plugin')
    .select(['id', 'plugin_key', 'name', 'owner_id'])
    .where('plugin_key', '=', pluginKey)
    .where('review_status', '=', ReviewStatus.APPROVED)
    .executeTakeFirst();
}

/**
 * Whether the user has installed the plugin, now (`plugin_install`) or before and uninstalled it
 * since (`plugin_uninstall`, migration 0017).
 */
export async function hasInstalled(db: Database, userId: number, pluginId: number): Promise<boolean> {
  const row = await db.kysely
    .selectNoFrom((eb) => [
      eb
        .or([
          eb.exists(
            eb
              .selectFrom('plugin_install')
              .select('user_id')
              .where('user_id', '=', userId)
              .where('plugin_id', '=', pluginId),
          ),
          eb.exists(
            eb
              .selectFrom('plugin_uninstall')
              .select('user_id')
              .where('user_id', '=', userId)
              .where('plugin_id', '=', pluginId),
          ),
        ])
        .as('installed'),
    ])
    .executeTakeFirstOrThrow();
  return Boolean(row.installed);
}

/** The plugin's rating counters (migration 0035). */
export interface RatingCounters {
  rating_count: number;
  rating_sum: number;
  rating_1: number;
  rating_2: number;
  rating_3: number;
  rating_4: number;
  rating_5: number;
}

/** The rating counters of plugin `pluginId`. */
export function ratingCounters(db: Db, pluginId: number): Promise<RatingCounters> {
  return db
    .selectFrom('plugin')
    .select(['rating_count', 'rating_sum', 'rating_1', 'rating_2', 'rating_3', 'rating_4', 'rating_5'])
    .where('id', '=', pluginId)
    .executeTakeFirstOrThrow();
}

/** A rating row with its author and plugin, as the service turns it into a `PluginReview`. */
export type RatingRow = Selectable<PluginRatingTable> & {
  plugin_key: string;
  plugin_name: string;
  owner_id: number | null;
  nick_name: string;
  user_name: string;
  avatar_url: string | null;
  /** 1 when the viewer marked it helpful, else 0 (or null without a viewer). */
  is_helpful: number | boolean | null;
};

/** The rows joined for a {@link RatingRow}; `viewerId` decides `is_helpful`. */
function ratingRows(db: Db, viewerId: number | null) {
  return db
    .selectFrom('plugin_rating as r')
    .innerJoin('plugin as p', 'p.id', 'r.plugin_id')
    .innerJoin('user_account as u', 'u.id', 'r.user_id')
    .select([
      'r.id',
      'r.plugin_id',
      'p.plugin_key',
      'p.name as plugin_name',
      'p.owner_id',
      'r.user_id',
      'r.rating',
      'r.title',
      'r.body',
      'r.create_time',
      'r.update_time',
      'r.helpful_count',
      'r.reply_body',
      'r.reply_create_time',
      'r.reply_update_time',
      'r.hidden_at',
      'r.hidden_reason',
      'u.nick_name',
      'u.user_name',
      'u.avatar_url',
    ])
    .select((eb) =>
      viewerId === null
        ? sql<null>`NULL`.as('is_helpful')
        : eb
            .exists(
              eb
                .selectFrom('plugin_rating_vote as v')
                .select('v.user_id')
                .whereRef('v.rating_id', '=', 'r.id')
                .where('v.user_id', '=', viewerId),
            )
            .as('is_helpful'),
    );
}

/** The rating with `id` (hidden or not), or undefined. */
export async function ratingById(
  db: Db,
  id: number,
  viewerId: number | null,
): Promise<RatingRow | undefined> {
  return (await ratingRows(db, viewerId).where('r.id', '=', id).executeTakeFirst()) as RatingRow | undefined;
}

/** The user's rating of the plugin (hidden or not), or undefined. */
export async function ratingOfUser(
  db: Db,
  pluginId: number,
  userId: number,
  viewerId: number | null,
): Promise<RatingRow | undefined> {
  return (await ratingRows(db, viewerId)
    .where('r.plugin_id', '=', pluginId)
    .where('r.user_id', '=', userId)
    .executeTakeFirst()) as RatingRow | undefined;
}

/** The keyset of each order: the column of the order and its direction; ties go to the larger id. */
const ORDER: Record<RatingSort, { column: 'create_time' | 'helpful_count' | 'rating'; desc: boolean }> = {
  newest: { column: 'create_time', desc: true },
  helpful: { column: 'helpful_count', desc: true },
  highest: { column: 'rating', desc: true },
  lowest: { column: 'rating', desc: false },
};

/**
 * One page of the plugin's shown ratings in `sort` order (ties: larger id first), after the
 * position `after` (`[value, id]` of the last row of the previous page), at most `limit` rows.
 */
export async function ratingPage(
  db: Db,
  pluginId: number,
  sort: RatingSort,
  after: readonly [number, number] | undefined,
  limit: number,
  viewerId: number | null,
): Promise<RatingRow[]> {
  const { column, desc } = ORDER[sort];
  const ref = `r.${column}` as const;
  let q = ratingRows(db, viewerId).where('r.plugin_id', '=', pluginId).where('r.hidden_at', 'is', null);
  if (after) {
    const [value, id] = after;
    q = q.where((eb) =>
      eb.or([eb(ref, desc ? '<' : '>', value), eb.and([eb(ref, '=', value), eb('r.id', '<', id)])]),
    );
  }
  return (await q
    .orderBy(ref, desc ? 'desc' : 'asc')
    .orderBy('r.id', 'desc')
    .limit(limit)
    .execute()) as RatingRow[];
}

/** The sort key of `row` in `sort` order, as {@link ratingPage} takes it back. */
export function ratingSortKey(row: RatingRow, sort: RatingSort): [number, number] {
  return [Number(row[ORDER[sort].column]), row.id];
}

/**
 * Creates the user's rating of the plugin, or replaces its stars and texts (one row per user and
 * plugin: the unique pair decides between two concurrent first ratings); the helpful votes, the
 * reply and a moderator's hiding stay.
 * @returns whether this call created the rating: of two concurrent first ratings exactly one did.
 */
export async function upsertRating(
  db: Db,
  row: { plugin_id: number; user_id: number; rating: number; title: string; body: string },
  now: number,
): Promise<boolean> {
  // A delete between the two statements leaves nothing to update: the insert is tried again.
  for (;;) {
    const created = await db
      .insertInto('plugin_rating')
      .values({ ...row, create_time: now, update_time: now })
      .onConflict((oc) => oc.columns(['plugin_id', 'user_id']).doNothing())
      .returning('id')
      .executeTakeFirst();
    if (created) return true;
    const updated = await db
      .updateTable('plugin_rating')
      .set({ rating: row.rating, title: row.title, body: row.body, update_time: now })
      .where('plugin_id', '=', row.plugin_id)
      .where('user_id', '=', row.user_id)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) > 0) return false;
  }
}

/** Deletes the user's rating of the plugin (its votes and reports go with it); idempotent. */
export async function deleteRating(db: Db, pluginId: number, userId: number): Promise<void> {
  await db
    .deleteFrom('plugin_rating')
    .where('plugin_id', '=', pluginId)
    .where('user_id', '=', userId)
    .execute();
}

/** Adds (`on`) or removes the user's helpful vote on a rating; idempotent. */
export async function setVote(
  db: Db,
  ratingId: number,
  userId: number,
  on: boolean,
  now: number,
): Promise<void> {
  if (on) {
    await db
      .insertInto('plugin_rating_vote')
      .values({ rating_id: ratingId, user_id: userId, create_time: now })
      .onConflict((oc) => oc.columns(['rating_id', 'user_id']).doNothing())
      .execute();
  } else {
    await db
      .deleteFrom('plugin_rating_vote')
      .where('rating_id', '=', ratingId)
      .where('user_id', '=', userId)
      .execute();
  }
}

/** The helpful votes a rating has (its `helpful_count`), or undefined once it is gone. */
export async function helpfulCount(db: Db, ratingId: number): Promise<number | undefined> {
  return (
    await db.selectFrom('plugin_rating').select('helpful_count').where('id', '=', ratingId).executeTakeFirst()
  )?.helpful_count;
}

/** Writes (text) or removes (null) the publisher's reply of a rating. */
export async function setReply(db: Db, ratingId: number, body: string | null, now: number): Promise<void> {
  await db
    .updateTable('plugin_rating')
    .set(
      body === null
        ? { reply_body: null, reply_create_time: null, reply_update_time: null }
        : {
            reply_body: body,
            reply_create_time: sql<number>`COALESCE(reply_create_time, ${now})`,
            reply_update_time: now,
          },
    )
    .where('id', '=', ratingId)
    .execute();
}

/** Records the user's report of a rating; a second report by the same user changes nothing. */
export async function insertReport(
  db: Db,
  ratingId: number,
  userId: number,
  reason: string,
  now: number,
): Promise<void> {
  await db
    .insertInto('plugin_rating_report')
    .values({ rating_id: ratingId, user_id: userId, reason, create_time: now })
    .onConflict((oc) => oc.columns(['rating_id', 'user_id']).doNothing())
    .execute();
}

/** Hides (`reason`, time `now`) or shows again (null) a rating. */
export async function setHidden(db: Db, ratingId: number, hidden: { reason: string; now: number } | null) {
  await db
    .updateTable('plugin_rating')
    .set(
      hidden
        ? { hidden_at: hidden.now, hidden_reason: hidden.reason }
        : { hidden_at: null, hidden_reason: null },
    )
    .where('id', '=', ratingId)
    .execute();
}

/** Closes the open reports of a rating with `resolution`; returns how many were open. */
export async function resolveReports(
  db: Db,
  ratingId: number,
  resolution: string,
  now: number,
): Promise<number> {
  const result = await db
    .updateTable('plugin_rating_report')
    .set({ resolved_at: now, resolution })
    .where('rating_id', '=', ratingId)
    .where('resolved_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** An open report with its reporter's name. */
export interface ReportRow {
  rating_id: number;
  user_id: number;
  reason: string;
  create_time: number;
  nick_name: string;
  user_name: string;
}

/** The open reports of the given ratings, oldest first. */
export function openReports(db: Db, ratingIds: readonly number[]): Promise<ReportRow[]> {
  if (ratingIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('plugin_rating_report as rep')
    .innerJoin('user_account as u', 'u.id', 'rep.user_id')
    .select(['rep.rating_id', 'rep.user_id', 'rep.reason', 'rep.create_time', 'u.nick_name', 'u.user_name'])
    .where('rep.rating_id', 'in', ratingIds)
    .where('rep.resolved_at', 'is', null)
    .orderBy('rep.create_time')
    .orderBy('rep.user_id')
    .execute();
}

/**
 * A page of the moderation queue: `open`, the ratings with open reports by their latest open
 * report, newest first; `hidden`, the hidden ratings by the time they were hidden, newest first.
 * Ties go to the larger id; `after` is `[time, id]` of the previous page's last entry.
 * @returns the rows with the time they are ordered by (`queue_time`)
 */
export async function reportQueue(
  db: Db,
  status: 'open' | 'hidden',
  after: readonly [number, number] | undefined,
  limit: number,
): Promise<(RatingRow & { queue_time: number })[]> {
  const keyset = (time: Expression<number>, id: Expression<number>) =>
    after
      ? sql<SqlBool>`(${time} < ${after[0]} OR (${time} = ${after[0]} AND ${id} < ${after[1]}))`
      : sql<SqlBool>`1 = 1`;
  if (status === 'hidden') {
    const rows = await ratingRows(db, null)
      .select(sql<number>`r.hidden_at`.as('queue_time'))
      .where('r.hidden_at', 'is not', null)
      .where(keyset(sql`r.hidden_at`, sql`r.id`))
      .orderBy('r.hidden_at', 'desc')
      .orderBy('r.id', 'desc')
      .limit(limit)
      .execute();
    return rows as (RatingRow & { queue_time: number })[];
  }
  const latest = db
    .selectFrom('plugin_rating_report')
    .select(['rating_id', (eb) => eb.fn.max('create_time').as('last_report')])
    .where('resolved_at', 'is', null)
    .groupBy('rating_id')
    .as('q');
  const rows = await ratingRows(db, null)
    .innerJoin(latest, 'q.rating_id', 'r.id')
    .select(sql<number>`q.last_report`.as('queue_time'))
    .where(keyset(sql`q.last_report`, sql`r.id`))
    .orderBy(sql`q.last_report`, 'desc')
    .orderBy('r.id', 'desc')
    .limit(limit)
    .execute();
  return rows as (RatingRow & { queue_time: number })[];
}
