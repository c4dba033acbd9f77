/**
 * Named values the server generates once and every process then shares (`server_secret`): the
 * access-token signing key, the key of the view counter's visitor hashes.
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
