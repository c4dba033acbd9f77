/** The one account fact several domains show: an account's display name. */
import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '../db/schema';

/** The display name of an account (nick name, else user name), or '' when it is gone. */
export async function accountName(db: Kysely<DatabaseSchema>, userId: number): Promise<string> {
  const row = await db
    .selectFrom('user_account')
    .select(['nick_name', 'user_name'])
    .where('id', '=', userId)
    .executeTakeFirst();
  return row ? row.nick_name || row.user_name : '';
}
