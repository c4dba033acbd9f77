/**
 * Migration 0034: what a directory method keeps to ask the provider about a person after sign-in.
 *
 * - `third_party_account.credential`: sealed (`settings/secrets.ts`, bound to the link's source and
 *   subject) text of the provider's credential for the person, e.g. the OpenID Connect refresh
 *   token redeemed when Plugin Center's own session is refreshed; null when the method keeps none.
 * - `third_party_account.checked_at`: when the provider was last asked (ms); a check claims the
 *   link by moving it, so two concurrent refreshes never redeem one rotating token twice.
 */
import type { Kysely } from 'kysely';

/** Adds both columns (nullable, so every existing link reads as "nothing kept"). */
// biome-ignore lint/suspicious/noExplicitAny: migrations run against the untyped schema of their time
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('third_party_account').addColumn('credential', 'text').execute();
  await db.schema.alterTable('third_party_account').addColumn('checked_at', 'bigint').execute();
}

/** Drops both columns. */
// biome-ignore lint/suspicious/noExplicitAny: see up
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('third_party_account').dropColumn('checked_at').execute();
  await db.schema.alterTable('third_party_account').dropColumn('credential').execute();
}
