/**
 * Migration 0037: the sign-in method of every session, so logout follows the method the person used
 * (SPEC §7 `logout_mode` per method).
 *
 * - `login_code.method`: how the person signed in when the code was issued (`password`, `oauth2`,
 *   `ldap`, `oidc`, `saml`, `custom_sso`; a code issued from a session carries that session's);
 * - `refresh_token.method`: the same for the session (the family) started by exchanging the code,
 *   copied at each rotation and named in the access tokens' `login_method` claim.
 * Null for rows written before (the SSO client then falls back to the deployment's first redirect
 * method).
 */
import type { Kysely } from 'kysely';

/** Adds both nullable columns. */
// biome-ignore lint/suspicious/noExplicitAny: migrations run against the untyped schema of their time
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('login_code').addColumn('method', 'text').execute();
  await db.schema.alterTable('refresh_token').addColumn('method', 'text').execute();
}

/** Drops both columns. */
// biome-ignore lint/suspicious/noExplicitAny: see up
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('refresh_token').dropColumn('method').execute();
  await db.schema.alterTable('login_code').dropColumn('method').execute();
}
