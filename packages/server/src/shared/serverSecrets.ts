/**
 * Named values the server generates once and every process then shares (`server_secret`): the
 * access-token signing keys (sealed with the secrets key, `identity/signingKeys.ts`), the key of
 * the view counter's visitor hashes.
 */
import type { Kysely, Transaction } from 'kysely';
import type { DatabaseSchema } from '../db/schema';

type Executor = Kysely<DatabaseSchema> | Transaction<DatabaseSchema>;

/**
 * The value of the `server_secret` row `name`, stored as `initial` first when there is none
 * (insert-if-missing, then read: concurrent first callers agree on one row).
 */
export async function serverSecret(db: Executor, name: string, initial: string): Promise<string> {
  await db
    .insertInto('server_secret')
    .values({ name, value: initial })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const row = await db
    .selectFrom('server_secret')
    .select('value')
    .where('name', '=', name)
    .executeTakeFirstOrThrow();
  return row.value;
}

/** The value of the `server_secret` row `name`, or undefined when there is none. */
export async function readServerSecret(db: Executor, name: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('server_secret')
    .select('value')
    .where('name', '=', name)
    .executeTakeFirst();
  return row?.value;
}

/**
 * Replaces the value of row `name` with `next` only while it still holds `expected` (compare and
 * set: of two concurrent writers one wins, the other sees false and reads again).
 */
export async function replaceServerSecret(
  db: Executor,
  name: string,
  expected: string,
  next: string,
): Promise<boolean> {
  const result = await db
    .updateTable('server_secret')
    .set({ value: next })
    .where('name', '=', name)
    .where('value', '=', expected)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Deletes row `name` when it still holds `value` (nothing when another process changed it). */
export async function deleteServerSecret(db: Executor, name: string, value: string): Promise<void> {
  await db.deleteFrom('server_secret').where('name', '=', name).where('value', '=', value).execute();
}
