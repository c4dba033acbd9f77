/**
 * Migration 0047: webhooks (docs/webhooks.md).
 *
 * `webhook_endpoint`: one URL an administrator registered for some events.
 * - `url`: the `http(s)` URL POSTed to; `secret`: the signing secret's bytes (base64), sealed with
 *   the server's `SecretBox` under the context `webhook-endpoint`; `events`: JSON list of event types.
 * - `allow_private` 1: an administrator allowed loopback, private and link-local addresses (SSRF rule
 *   off for this endpoint); `enabled` 0: nothing is sent to it.
 * - `create_time` (ms), `created_by` (the administrator's account id, no foreign key: kept after it).
 *
 * `webhook_delivery`: one event sent (or to send) to one endpoint, with its last attempt.
 * - `msg_id`: `msg_…`, the `webhook-id` header, the same on every attempt; `payload`: the JSON body.
 * - `attempts`, `next_attempt_at` (ms), `status` `pending` | `delivered` | `failed`,
 *   `response_status`, `response_body` (first 2 KB), `last_error`, `create_time`, `update_time`.
 * - `webhook_delivery_due_idx (status, next_attempt_at)`: the worker's scan of due rows;
 *   `webhook_delivery_endpoint_idx (endpoint_id, id DESC)`: an endpoint's log, newest first.
 */
import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../database';

/** Creates both tables and their indexes. */
// biome-ignore lint/suspicious/noExplicitAny: migrations run against the untyped schema of their time
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  const id = dialect === 'postgres' ? 'serial' : 'integer';
  await db.schema
    .createTable('webhook_endpoint')
    .addColumn('id', id, (c) => (dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('secret', 'text', (c) => c.notNull())
    .addColumn('events', 'text', (c) => c.notNull())
    .addColumn('allow_private', 'integer', (c) =>
      c.notNull().defaultTo(0).check(sql`allow_private IN (0, 1)`),
    )
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1).check(sql`enabled IN (0, 1)`))
    .addColumn('create_time', 'bigint', (c) => c.notNull())
    .addColumn('created_by', 'integer')
    .execute();
  await db.schema
    .createTable('webhook_delivery')
    .addColumn('id', id, (c) => (dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn('endpoint_id', 'integer', (c) =>
      c.notNull().references('webhook_endpoint.id').onDelete('cascade'),
    )
    .addColumn('event_type', 'text', (c) => c.notNull())
    .addColumn('msg_id', 'text', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'bigint', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('response_status', 'integer')
    .addColumn('response_body', 'text')
    .addColumn('last_error', 'text')
    .addColumn('create_time', 'bigint', (c) => c.notNull())
    .addColumn('update_time', 'bigint', (c) => c.notNull())
    .execute();
  await sql`CREATE INDEX webhook_delivery_due_idx ON webhook_delivery (status, next_attempt_at)`.execute(db);
  await sql`CREATE INDEX webhook_delivery_endpoint_idx ON webhook_delivery (endpoint_id, id DESC)`.execute(
    db,
  );
}

/** Drops both tables (and their indexes). */
// biome-ignore lint/suspicious/noExplicitAny: see up
export async function down(db: Kysely<any>, _dialect: Dialect): Promise<void> {
  await db.schema.dropTable('webhook_delivery').execute();
  await db.schema.dropTable('webhook_endpoint').execute();
}
