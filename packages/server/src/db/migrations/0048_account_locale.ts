/**
 * Migration 0048: the language of an account (`user_account.locale`): the interface locale its
 * browser used when it last signed in (the `lang` cookie, else `Accept-Language`, among the site's
 * locales; recorded at the code exchange every sign-in method ends with). The authors'
 * notification e-mails are written in it; null (accounts from before, or signed in elsewhere only)
 * falls back to the site's first locale.
 */
import type { Kysely } from 'kysely';

/** Adds the column. */
// biome-ignore lint/suspicious/noExplicitAny: migrations run against the untyped schema of their time
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('user_account').addColumn('locale', 'text').execute();
}

/** Drops the column. */
// biome-ignore lint/suspicious/noExplicitAny: see up
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('user_account').dropColumn('locale').execute();
}
