/**
 * Migration 0032: the one-time state of directory sign-in (OIDC, SAML, custom SSO).
 *
 * - `sso_request`: a sign-in started here and waiting for the provider's answer. `id_hash` is the
 *   SHA-256 (base64url) of the OAuth `state`, the SAML AuthnRequest id or the custom-SSO request id;
 *   `payload` is the JSON the flow needs when the answer comes back (the redirect_uri, the OIDC
 *   nonce and PKCE verifier). A row is spent by its first answer (`used_at`) and useless after
 *   `expires_at` (ms).
 * - `sso_assertion`: the ids of assertions and tickets already accepted, per method, kept until
 *   they expire (ms): a second presentation of one is a replay.
 */
import type { Kysely } from 'kysely';

/** Creates both tables (same shape on both dialects). */
// biome-ignore lint/suspicious/noExplicitAny: migrations run against the untyped schema of their time
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('sso_request')
    .addColumn('id_hash', 'text', (c) => c.primaryKey())
    .addColumn('method', 'text', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('used_at', 'bigint')
    .execute();
  await db.schema.createIndex('sso_request_expires_idx').on('sso_request').column('expires_at').execute();
  await db.schema
    .createTable('sso_assertion')
    .addColumn('method', 'text', (c) => c.notNull())
    .addColumn('assertion_id', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('sso_assertion_pk', ['method', 'assertion_id'])
    .execute();
  await db.schema.createIndex('sso_assertion_expires_idx').on('sso_assertion').column('expires_at').execute();
}

/** Drops both tables. */
// biome-ignore lint/suspicious/noExplicitAny: see up
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('sso_assertion').execute();
  await db.schema.dropTable('sso_request').execute();
}
