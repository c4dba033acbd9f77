/**
 * Migration 0042: the signature of each approved version.
 *
 * - `plugin_version.signature`: the compact JWS (EdDSA, Ed25519) the instance's version-signing key
 *   made over the version's description when it was approved (`signatures/versionSigner.ts`,
 *   docs/signatures.md); null until signed.
 * - `plugin_version.signature_kid`: the id of that key (the JWS header's `kid`), kept beside it so
 *   that answers and queries need not decode the JWS.
 *
 * Versions approved before this migration are signed by the server's start
 * (`signatures/backfill.ts` signVersionBackfill), not here: signing needs the sealed key and the
 * stored files, which a migration does not have.
 */
import type { Kysely } from 'kysely';

/** Adds the two columns. */
// biome-ignore lint/suspicious/noExplicitAny: migrations run against the untyped schema of their time
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('plugin_version').addColumn('signature', 'text').execute();
  await db.schema.alterTable('plugin_version').addColumn('signature_kid', 'text').execute();
}

/** Drops them. */
// biome-ignore lint/suspicious/noExplicitAny: see up
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('plugin_version').dropColumn('signature_kid').execute();
  await db.schema.alterTable('plugin_version').dropColumn('signature').execute();
}
