/**
 * Queries of the settings domain: the `app_setting` rows (migration 0016), one JSON
 * document per setting name. Kysely only; the rules are in `service.ts`.
 */
import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../db/database';
import type { DatabaseSchema } from '../db/schema';

type Db = Kysely<DatabaseSchema>;

/** The names of the stored settings. */
export type SettingName = 'space' | 'iconfont' | 'pexels' | 'login_methods';

/** A stored setting: its parsed JSON document and when it was saved (ms). */
export interface StoredSetting<T> {
  value: T;
  update_time: number;
}

/** The setting `name`, or undefined while it was never saved (or was removed). */
export async function readSetting<T>(db: Db, name: SettingName): Promise<StoredSetting<T> | undefined> {
  const row = await db
    .selectFrom('app_setting')
    .select(['value', 'update_time'])
    .where('name', '=', name)
    .executeTakeFirst();
  return row ? { value: JSON.parse(row.value) as T, update_time: Number(row.update_time) } : undefined;
}

/**
 * The setting `name` inside a write transaction, with concurrent writers of the same name kept out
 * until the transaction ends (PostgreSQL: a transaction-scoped advisory lock on the name, which
 * also covers a first save without a row to lock; SQLite has one writer at a time already), so
 * read-modify-write saves do not lose each other's changes.
 */
export async function readSettingForUpdate<T>(
  trx: Db,
  dialect: Dialect,
  name: SettingName,
): Promise<StoredSetting<T> | undefined> {
  if (dialect === 'postgres') {
    await sql`SELECT pg_advisory_xact_lock(hashtext(${`app_setting:${name}`}))`.execute(trx);
  }
  return readSetting<T>(trx, name);
}

/** Stores `value` (as JSON) as the setting `name`, saved at `time` (ms) by `userId`. */
export async function writeSetting(
  db: Db,
  name: SettingName,
  value: unknown,
  time: number,
  userId: number,
): Promise<void> {
  const text = JSON.stringify(value);
  await db
    .insertInto('app_setting')
    .values({ name, value: text, update_time: time, updated_by: userId })
    .onConflict((oc) => oc.column('name').doUpdateSet({ value: text, update_time: time, updated_by: userId }))
    .execute();
}

/** Removes the setting `name` (back to its defaults). */
export async function deleteSetting(db: Db, name: SettingName): Promise<void> {
  await db.deleteFrom('app_setting').where('name', '=', name).execute();
}
