/**
 * The webhooks' rows (migrations 0047, 0049): endpoints, deliveries, the worker's claim of due rows,
 * its wake-up time and the log's retention.
 */
import type { Kysely, Selectable } from 'kysely';
import type { DatabaseSchema, WebhookDeliveryTable, WebhookEndpointTable } from '../db/schema';

type Db = Kysely<DatabaseSchema>;

/** A `webhook_endpoint` row. */
export type EndpointRow = Selectable<WebhookEndpointTable>;
/** A `webhook_delivery` row. */
export type DeliveryRow = Selectable<WebhookDeliveryTable>;

/** All endpoints, oldest first. */
export function listEndpointRows(db: Db): Promise<EndpointRow[]> {
  return db.selectFrom('webhook_endpoint').selectAll().orderBy('id').execute();
}

/** One endpoint, or undefined. */
export function endpointRow(db: Db, id: number): Promise<EndpointRow | undefined> {
  return db.selectFrom('webhook_endpoint').selectAll().where('id', '=', id).executeTakeFirst();
}

/** One delivery, or undefined. */
export function deliveryRow(db: Db, id: number): Promise<DeliveryRow | undefined> {
  return db.selectFrom('webhook_delivery').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Up to `limit` deliveries of an endpoint with ids below `before`, newest first. */
export function deliveryPage(
  db: Db,
  endpointId: number,
  before: number,
  limit: number,
): Promise<DeliveryRow[]> {
  return db
    .selectFrom('webhook_delivery')
    .selectAll()
    .where('endpoint_id', '=', endpointId)
    .where('id', '<', before)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

/** Ids of up to `limit` pending deliveries due at `now`, the most overdue first. */
export async function dueDeliveryIds(db: Db, now: number, limit: number): Promise<number[]> {
  const rows = await db
    .selectFrom('webhook_delivery')
    .select('id')
    .where('status', '=', 'pending')
    .where('next_attempt_at', '<=', now)
    .orderBy('next_attempt_at')
    .limit(limit)
    .execute();
  return rows.map((r) => r.id);
}

/**
 * Claims a due delivery for one attempt: moves its `next_attempt_at` to `leaseUntil` if it is still
 * pending and due. One UPDATE, so of two processes only one sees a row changed (both databases).
 * @returns true when this call claimed it
 */
export async function claimDelivery(db: Db, id: number, now: number, leaseUntil: number): Promise<boolean> {
  const result = await db
    .updateTable('webhook_delivery')
    .set({ next_attempt_at: leaseUntil, update_time: now })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .where('next_attempt_at', '<=', now)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** When the next pending delivery is due (ms), or null when none is pending. */
export async function nextPendingAt(db: Db): Promise<number | null> {
  const row = await db
    .selectFrom('webhook_delivery')
    .select((eb) => eb.fn.min('next_attempt_at').as('next'))
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return row?.next === null || row?.next === undefined ? null : Number(row.next);
}

/**
 * Deletes up to `limit` finished (`delivered` or `failed`) deliveries whose last attempt was before
 * `cutoff` (ms). A finished delivery's `next_attempt_at` is the time of its last attempt (the
 * worker sets both it and `update_time` then), so the scan uses `webhook_delivery_due_idx`. Pending
 * deliveries are never touched.
 * @returns the number deleted
 */
export async function deleteFinishedBefore(db: Db, cutoff: number, limit: number): Promise<number> {
  const result = await db
    .deleteFrom('webhook_delivery')
    .where(
      'id',
      'in',
      db
        .selectFrom('webhook_delivery')
        .select('id')
        .where('status', 'in', ['delivered', 'failed'])
        .where('next_attempt_at', '<', cutoff)
        .limit(limit),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Forgets the previous secrets whose grace period ended by `now` (ms). */
export async function clearExpiredPreviousSecrets(db: Db, now: number): Promise<void> {
  await db
    .updateTable('webhook_endpoint')
    .set({ previous_secret: null, previous_secret_until: null })
    .where('previous_secret_until', '<=', now)
    .execute();
}
