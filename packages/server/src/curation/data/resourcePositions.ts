/**
 * The queries of the resource positions (`resource_position` of migration 0014;
 * the rules are in `../resourcePositions.ts`). The status is derived from `now` (ms) and
 * `is_disabled` in the filters below, the same rule as `positionStatus` there.
 */
import { type Locale, ReviewStatus, ResourcePositionStatus } from '@plugin-center/contract/schemas';
import type { ExpressionBuilder, Kysely, Transaction } from 'kysely';
import type { Dialect } from '../../db/database';
import type { DatabaseSchema } from '../../db/schema';

type Executor = Kysely<DatabaseSchema> | Transaction<DatabaseSchema>;

/** A slot with its plugin's key, (localised) name and icon. */
export interface PositionRow {
  id: number;
  plugin_key: string;
  name: string;
  icon: string | null;
  start_time: number;
  end_time: number;
  is_new: number;
  is_disabled: number;
  create_time: number;
  update_time: number;
}

/** The `resource_position as r` rows of one derived status at `now` (ms). */
function statusFilter(status: ResourcePositionStatus, now: number) {
  return (eb: ExpressionBuilder<DatabaseSchema & { r: DatabaseSchema['resource_position'] }, 'r'>) => {
    switch (status) {
      case ResourcePositionStatus.INVALIDATED:
        return eb('r.is_disabled', '=', 1);
      case ResourcePositionStatus.PENDING:
        return eb.and([eb('r.is_disabled', '=', 0), eb('r.start_time', '>', now)]);
      case ResourcePositionStatus.ACTIVE:
        return eb.and([eb('r.is_disabled', '=', 0), eb('r.start_time', '<=', now), eb('r.end_time', '>', now)]);
      case ResourcePositionStatus.EXPIRED:
        return eb.and([eb('r.is_disabled', '=', 0), eb('r.end_time', '<=', now)]);
    }
  };
}

/** Inserts a slot; answers its id. */
export async function insertPosition(
  db: Executor,
  slot: { plugin_id: number; start_time: number; end_time: number; is_new: boolean },
  now: number,
): Promise<number> {
  const row = await db
    .insertInto('resource_position')
    .values({
      plugin_id: slot.plugin_id,
      start_time: slot.start_time,
      end_time: slot.end_time,
      is_new: slot.is_new ? 1 : 0,
      is_disabled: 0,
      create_time: now,
      update_time: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * The id of the approved plugin `pluginKey`, read in the caller's transaction that features it: on
 * PostgreSQL the row is share-locked (`FOR KEY SHARE`) until that transaction ends, so a deletion
 * of the plugin at the same moment waits (or, committed first, makes this undefined) instead of
 * failing the slot's insert on its foreign key.
 */
export async function approvedPluginIdForSlot(
  trx: Executor,
  dialect: Dialect,
  pluginKey: string,
): Promise<number | undefined> {
  let query = trx
    .selectFrom('plugin')
    .select('id')
    .where('plugin_key', '=', pluginKey)
    .where('review_status', '=', ReviewStatus.APPROVED);
  if (dialect === 'postgres') query = query.forKeyShare();
  return (await query.executeTakeFirst())?.id;
}

/**
 * Sets the slot's disabled flag (and `update_time` when it changes); answers whether a slot with
 * that id exists and whether its flag changed.
 */
export async function setPositionDisabled(
  db: Executor,
  id: number,
  disabled: boolean,
  now: number,
): Promise<{ found: boolean; changed: boolean }> {
  const current = await db
    .selectFrom('resource_position')
    .select('is_disabled')
    .where('id', '=', id)
    .executeTakeFirst();
  if (!current) return { found: false, changed: false };
  if ((current.is_disabled === 1) === disabled) return { found: true, changed: false };
  // Conditional: of two identical calls at once, the second updates nothing (and logs nothing).
  const result = await db
    .updateTable('resource_position')
    .set({ is_disabled: disabled ? 1 : 0, update_time: now })
    .where('id', '=', id)
    .where('is_disabled', '=', disabled ? 0 : 1)
    .executeTakeFirst();
  return { found: true, changed: Number(result.numUpdatedRows) === 1 };
}

function positionsQuery(db: Executor, lang: Locale | undefined) {
  return db
    .selectFrom('resource_position as r')
    .innerJoin('plugin as p', 'p.id', 'r.plugin_id')
    .leftJoin('plugin_translation as t', (join) =>
      join.onRef('t.plugin_id', '=', 'p.id').on('t.locale', '=', lang ?? ''),
    )
    .select((eb) => [
      'r.id',
      'p.plugin_key',
      eb.fn.coalesce('t.name', 'p.name').as('name'),
      'p.icon',
      'r.start_time',
      'r.end_time',
      'r.is_new',
      'r.is_disabled',
      'r.create_time',
      'r.update_time',
    ]);
}

/** The slot with this id, or undefined. */
export async function positionById(
  db: Executor,
  id: number,
  lang?: Locale,
): Promise<PositionRow | undefined> {
  return (await positionsQuery(db, lang).where('r.id', '=', id).executeTakeFirst()) as PositionRow | undefined;
}

/**
 * A page of slots, newest (highest id) first, before id `beforeId` (exclusive), optionally of one
 * derived status at `now`; with the number of slots of that status.
 */
export async function listPositions(
  db: Executor,
  filter: { status?: ResourcePositionStatus | undefined; now: number; lang?: Locale | undefined },
  beforeId: number | undefined,
  limit: number,
): Promise<{ rows: PositionRow[]; total: number }> {
  let q = positionsQuery(db, filter.lang);
  let count = db.selectFrom('resource_position as r').select((eb) => eb.fn.countAll<number>().as('n'));
  if (filter.status !== undefined) {
    q = q.where(statusFilter(filter.status, filter.now));
    count = count.where(statusFilter(filter.status, filter.now));
  }
  if (beforeId !== undefined) q = q.where('r.id', '<', beforeId);
  const [rows, total] = await Promise.all([
    q.orderBy('r.id', 'desc').limit(limit).execute(),
    count.executeTakeFirstOrThrow(),
  ]);
  return { rows: rows as PositionRow[], total: Number(total.n) };
}

/**
 * The active slots at `now` of approved plugins, the most recently started first (then the newest
 * slot), at most `limit`.
 */
export async function activePositions(
  db: Executor,
  now: number,
  limit: number,
): Promise<
  { id: number; plugin_id: number; plugin_key: string; start_time: number; end_time: number; is_new: number }[]
> {
  return db
    .selectFrom('resource_position as r')
    .innerJoin('plugin as p', 'p.id', 'r.plugin_id')
    .select(['r.id', 'r.plugin_id', 'p.plugin_key', 'r.start_time', 'r.end_time', 'r.is_new'])
    .where(statusFilter(ResourcePositionStatus.ACTIVE, now))
    .where('p.review_status', '=', ReviewStatus.APPROVED)
    .orderBy('r.start_time', 'desc')
    .orderBy('r.id', 'desc')
    .limit(limit)
    .execute();
}

/**
 * The next instant after `now` (ms) at which an enabled slot starts or ends, or null: the first
 * boundary at which the square's featured area can change by the clock alone.
 */
export async function nextBoundary(db: Executor, now: number): Promise<number | null> {
  const row = await db
    .selectFrom('resource_position')
    .select((eb) =>
      eb.fn
        .min(eb.case().when('start_time', '>', now).then(eb.ref('start_time')).else(eb.ref('end_time')).end())
        .as('next'),
    )
    .where('is_disabled', '=', 0)
    .where('end_time', '>', now)
    .executeTakeFirst();
  return row?.next == null ? null : Number(row.next);
}
