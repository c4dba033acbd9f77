/**
 * Migration 0033: `user_account.disabled_by`, who disabled an account (`staff_status` 0): null while
 * it is active, `'admin'` when an administrator disabled it in the back office
 * (`PUT /api/cmt/manager/users/status`), `'directory'` when a directory check found the person
 * disabled or gone. A directory sign-in enables again only what the directory disabled, never an
 * administrator's decision (`identity/directoryAccounts.ts`). `staff_status` stays the one flag
 * every sign-in path checks.
 *
 * Accounts already disabled take `'directory'`: before this migration only the directory check
 * wrote `staff_status` 0.
 */
import type { Kysely } from 'kysely';

/** Adds the column and marks the accounts disabled so far as disabled by their directory. */
// biome-ignore lint/suspicious/noExplicitAny: migrations run against the untyped schema of their time
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('user_account').addColumn('disabled_by', 'text').execute();
  await db
    .updateTable('user_account')
    .set({ disabled_by: 'directory' })
    .where('staff_status', '=', 0)
    .execute();
}

/** Drops the column. */
// biome-ignore lint/suspicious/noExplicitAny: see up
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('user_account').dropColumn('disabled_by').execute();
}
