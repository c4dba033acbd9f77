/**
 * The queries of what a signed-in user does to plugins (`plugin_install` / `plugin_praise`, one row
 * per user and plugin; the rules are in `../userActions.ts`). The plugin's `download_count` /
 * `praise_count` follow those rows through the triggers of migration 0004, in the same statement.
 */
import { ReviewStatus } from '@plugin-center/contract/schemas';
import { markPluginChanged } from '../../db/changes';
import type { Database } from '../../db/database';
import { userHasRow } from './userRows';

/** The row tables of the two per-user relations. */
export type Relation = 'plugin_install' | 'plugin_praise';

/** Id of the plugin with `pluginKey`; approved plugins only when `approvedOnly`. */
export async function pluginIdByKey(
  db: Database,
  pluginKey: string,
  approvedOnly: boolean,
): Promise<number | undefined> {
  let q = db.kysely.selectFrom('plugin').select('id').where('plugin_key', '=', pluginKey);
  if (approvedOnly) q = q.where('review_status', '=', ReviewStatus.APPROVED);
  return (await q.executeTakeFirst())?.id;
}

/**
 * Inserts (`on`, time `now` ms) or deletes the user's row of `relation` for the plugin; idempotent
 * (an existing row is kept, a missing one ignored). Then marks the plugin changed
 * (`markPluginChanged`: its cached details are stale).
 */
export async function setRelation(
  db: Database,
  relation: Relation,
  userId: number,
  plugin: { id: number; plugin_key: string },
  on: boolean,
  now: number,
): Promise<void> {
  await db.kysely.transaction().execute(async (trx) => {
    if (on) {
      await trx
        .insertInto(relation)
        .values({ user_id: userId, plugin_id: plugin.id, create_time: now })
        .onConflict((oc) => oc.columns(['user_id', 'plugin_id']).doNothing())
        .execute();
    } else {
      await trx
        .deleteFrom(relation)
        .where('user_id', '=', userId)
        .where('plugin_id', '=', plugin.id)
        .execute();
    }
    // The editor's side: an uninstall is remembered (`plugin_uninstall`, migration 0017)
    // so a default-install plugin stays out of the user's editor; installing again forgets it.
    if (relation === 'plugin_install') {
      if (on) {
        await trx
          .deleteFrom('plugin_uninstall')
          .where('user_id', '=', userId)
          .where('plugin_id', '=', plugin.id)
          .execute();
      } else {
        await trx
          .insertInto('plugin_uninstall')
          .values({ user_id: userId, plugin_id: plugin.id, create_time: now })
          .onConflict((oc) => oc.columns(['user_id', 'plugin_id']).doUpdateSet({ create_time: now }))
          .execute();
      }
    }
  });
  markPluginChanged(db, plugin.plugin_key);
}

/** The plugin's install and like counters (kept equal to the rows by triggers). */
export function pluginCounters(
  db: Database,
  pluginId: number,
): Promise<{ download_count: number; praise_count: number }> {
  return db.kysely
    .selectFrom('plugin')
    .select(['download_count', 'praise_count'])
    .where('id', '=', pluginId)
    .executeTakeFirstOrThrow();
}

/**
 * Ids of the approved default-install plugins the user has not installed, and has not uninstalled
 * either (`plugin_uninstall`: an uninstalled default plugin is not brought back).
 */
export async function missingDefaultInstalls(db: Database, userId: number): Promise<number[]> {
  const rows = await db.kysely
    .selectFrom('plugin as p')
    .select('p.id')
    .where('p.is_default_install', '=', 1)
    .where('p.review_status', '=', ReviewStatus.APPROVED)
    .where((eb) => eb.not(userHasRow(eb, 'plugin_install', userId)))
    .where((eb) => eb.not(userHasRow(eb, 'plugin_uninstall', userId)))
    .execute();
  return rows.map((r) => r.id);
}

/** Installs the plugins for the user at `now` (ms) in one statement; existing rows are kept. */
export async function insertInstalls(
  db: Database,
  userId: number,
  pluginIds: readonly number[],
  now: number,
): Promise<void> {
  if (pluginIds.length === 0) return;
  await db.kysely
    .insertInto('plugin_install')
    .values(pluginIds.map((plugin_id) => ({ user_id: userId, plugin_id, create_time: now })))
    .onConflict((oc) => oc.columns(['user_id', 'plugin_id']).doNothing())
    .execute();
}

/** Ids of the user's installed plugins that are approved, most recently installed first (then id desc). */
export async function installedPluginIds(db: Database, userId: number): Promise<number[]> {
  const rows = await db.kysely
    .selectFrom('plugin_install as i')
    .innerJoin('plugin as p', 'p.id', 'i.plugin_id')
    .select('p.id')
    .where('i.user_id', '=', userId)
    .where('p.review_status', '=', ReviewStatus.APPROVED)
    .orderBy('i.create_time', 'desc')
    .orderBy('p.id', 'desc')
    .execute();
  return rows.map((r) => r.id);
}

/**
 * Whether the user has a row of each relation for the plugin with `pluginKey`, and whether they own
 * it (three queries at once).
 */
export async function userRelations(
  db: Database,
  userId: number,
  pluginKey: string,
): Promise<{ praised: boolean; installed: boolean; owned: boolean }> {
  const [praise, install, owner] = await Promise.all([
    ...(['plugin_praise', 'plugin_install'] as const).map((relation) =>
      db.kysely
        .selectFrom(`${relation} as r`)
        .innerJoin('plugin as p', 'p.id', 'r.plugin_id')
        .select('r.plugin_id')
        .where('p.plugin_key', '=', pluginKey)
        .where('r.user_id', '=', userId)
        .executeTakeFirst(),
    ),
    db.kysely
      .selectFrom('plugin')
      .select('id as plugin_id')
      .where('plugin_key', '=', pluginKey)
      .where('owner_id', '=', userId)
      .executeTakeFirst(),
  ]);
  return { praised: praise !== undefined, installed: install !== undefined, owned: owner !== undefined };
}
