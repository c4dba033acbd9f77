/**
 * Migration 0049: rotating a webhook endpoint's signing secret (docs/webhooks.md, "Rotating the
 * secret"). `webhook_endpoint.previous_secret`: the secret replaced by the last rotation, sealed like
 * `secret` (`SecretBox`, context `webhook-endpoint`); `previous_secret_until` (ms): until then every
 * delivery also carries its signature, so a receiver can switch over; both null when no rotation is
 * in its grace period (or the endpoint was never rotated).
 */
import type { Kysely } from 'kysely';

/** Adds the columns. */
// biome-ignore lint/suspicious/noExplicitAny: migrations run against the untyped schema of their time
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('webhook_endpoint').addColumn('previous_secret', 'text').execute();
  await db.schema.alterTable('webhook_endpoint').addColumn('previous_secret_until', 'bigint').execute();
}

/** Drops the columns. */
// biome-ignore lint/suspicious/noExplicitAny: see up
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('webhook_endpoint').dropColumn('previous_secret_until').execute();
  await db.schema.alterTable('webhook_endpoint').dropColumn('previous_secret').execute();
}
