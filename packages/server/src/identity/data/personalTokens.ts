/** Data access of personal access tokens (migration 0010), stored as SHA-256 hashes. */
import type { Insertable, Kysely, Selectable } from 'kysely';
import type { DatabaseSchema, PersonalAccessTokenTable } from '../../db/schema';

type Db = Kysely<DatabaseSchema>;

/** A stored token row. */
export type PersonalTokenRow = Selectable<PersonalAccessTokenTable>;

/** The account's tokens, newest first. */
export function tokensOf(db: Db, userId: number): Promise<PersonalTokenRow[]> {
  return db
    .selectFrom('personal_access_token')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .execute();
}

/** How many tokens the account has. */
export async function countTokens(db: Db, userId: number): Promise<number> {
  const count = await db
    .selectFrom('personal_access_token')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(count.n);
}

/** Inserts a token row. @returns the row as stored */
export function insertToken(db: Db, row: Insertable<PersonalAccessTokenTable>): Promise<PersonalTokenRow> {
  return db.insertInto('personal_access_token').values(row).returningAll().executeTakeFirstOrThrow();
}

/** Deletes the account's token `id`. @returns whether there was one */
export async function deleteToken(db: Db, userId: number, id: number): Promise<boolean> {
  const result = await db
    .deleteFrom('personal_access_token')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** The token with this hash and its account's role and status, or undefined. */
export function tokenByHash(db: Db, tokenHash: string) {
  return db
    .selectFrom('personal_access_token as t')
    .innerJoin('user_account as u', 'u.id', 't.user_id')
    .select(['t.id', 't.user_id', 't.expire_time', 'u.role', 'u.staff_status'])
    .where('t.token_hash', '=', tokenHash)
    .executeTakeFirst();
}

/** Records when token `id` was last used. */
export async function recordTokenUse(db: Db, id: number, now: number): Promise<void> {
  await db.updateTable('personal_access_token').set({ last_used_time: now }).where('id', '=', id).execute();
}
