/**
 * The webhooks' rows (migration 0047): endpoints, deliveries, and the worker's claim of due rows.
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
