/**
 * The queries of the default (silent) install set: the plugin's
 * `is_default_install` flag and the installs a new account gets. Install rows go to
 * `plugin_install`, whose triggers (migration 0004) keep `download_count` equal to the rows in the
 * same statement.
 */
import { ReviewStatus } from '@plugin-center/contract/schemas';
import type { Kysely, Transaction } from 'kysely';
import type { Dialect } from '../../db/database';
import type { DatabaseSchema } from '../../db/schema';

type Executor = Kysely<DatabaseSchema> | Transaction<DatabaseSchema>;

/**
 * The plugin's id, review status and flag, or undefined; read in the caller's transaction that
 * changes the flag: on PostgreSQL the row is locked (`FOR UPDATE`) until it ends, so a second
 * toggle of the same plugin at once waits and reads the flag the first one wrote (SQLite's one
 * connection runs one transaction at a time).
 */
export function pluginFlag(
  db: Executor,
  dialect: Dialect,
  pluginKey: string,
): Promise<{ id: number; review_status: number; is_default_install: number } | undefined> {
  let query = db
    .selectFrom('plugin')
    .select(['id', 'review_status', 'is_default_install'])
    .where('plugin_key', '=', pluginKey);
  if (dialect === 'postgres') query = query.forUpdate();
  return query.executeTakeFirst();
}

/**
 * Sets the plugin's default-install flag, and that of its submission waiting for review (approval
 * copies the submission's flag to the plugin, so a pending version must not bring the old one back).
 */
export async function setDefaultInstall(db: Executor, pluginId: number, on: boolean): Promise<void> {
  await db
    .updateTable('plugin')
    .set({ is_default_install: on ? 1 : 0 })
    .where('id', '=', pluginId)
    .execute();
  await db
    .updateTable('plugin_submission')
    .set({ is_default_install: on ? 1 : 0 })
    .where('plugin_id', '=', pluginId)
    .where('status', '=', ReviewStatus.UNREVIEWED)
    .execute();
}

/** Ids of the approved default-install plugins, by name then id. */
export async function defaultInstallIds(db: Executor): Promise<number[]> {
  const rows = await db
    .selectFrom('plugin')
    .select('id')
    .where('is_default_install', '=', 1)
    .where('review_status', '=', ReviewStatus.APPROVED)
    .orderBy('name')
    .orderBy('id')
    .execute();
  return rows.map((r) => r.id);
}

/**
 * Installs every approved default-install plugin for the account `userId` at `now` (ms); rows it
 * already has are kept (idempotent). Answers the keys of the default plugins.
 */
export async function installDefaultsFor(db: Executor, userId: number, now: number): Promise<string[]> {
  const plugins = await db
    .selectFrom('plugin')
    .select(['id', 'plugin_key'])
    .where('is_default_install', '=', 1)
    .where('review_status', '=', ReviewStatus.APPROVED)
    .execute();
  if (plugins.length === 0) return [];
  await db
    .insertInto('plugin_install')
    .values(plugins.map((p) => ({ user_id: userId, plugin_id: p.id, create_time: now })))
    .onConflict((oc) => oc.columns(['user_id', 'plugin_id']).doNothing())
    .execute();
  return plugins.map((p) => p.plugin_key);
}
