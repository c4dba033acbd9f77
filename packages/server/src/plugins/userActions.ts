/**
 * What a signed-in user does to plugins (SPEC §4 "Like: praise 1 to like, -1 to unlike",
 * "Install/uninstall toggle installed state"; §7 `POST`/`DELETE plugin/user`,
 * `POST plugin/user/praise`, `POST plugin/user/new/silent`): one row per user and plugin in
 * `plugin_install` / `plugin_praise`. Every call is idempotent (inserting an existing row or
 * deleting a missing one changes nothing), and the plugin's `download_count` / `praise_count` are
 * kept equal to those rows by the triggers of migration 0004, in the same statement, so concurrent
 * requests can never leave a counter out of step.
 */
import {
  ApiErrorCode,
  type InstallResult,
  type Locale,
  type PluginSummary,
  type PraiseResult,
  ReviewStatus,
} from '@plugin-center/contract/schemas';
import { markPluginChanged } from '../db/changes';
import type { Database } from '../db/database';
import { ApiError } from '../errors';
import { summariesByIds } from './service';

/** The row tables of the two per-user relations. */
type Relation = 'plugin_install' | 'plugin_praise';

/**
 * Id of the plugin with `pluginKey`: any review status when `approvedOnly` is false (so a user can
 * still uninstall or unlike a plugin that was withdrawn), approved only otherwise.
 *
 * @throws ApiError PLUGIN_NOT_FOUND (404).
 */
async function pluginId(db: Database, pluginKey: string, approvedOnly: boolean): Promise<number> {
  let q = db.kysely.selectFrom('plugin').select('id').where('plugin_key', '=', pluginKey);
  if (approvedOnly) q = q.where('review_status', '=', ReviewStatus.APPROVED);
  const row = await q.executeTakeFirst();
  if (!row) {
    throw new ApiError(
      ApiErrorCode.PLUGIN_NOT_FOUND,
      `no plugin with plugin_key ${JSON.stringify(pluginKey)}`,
    );
  }
  return row.id;
}

/** Adds (`on`) or removes the user's row of `relation`; idempotent. Returns the plugin's counters. */
async function toggle(
  db: Database,
  relation: Relation,
  userId: number,
  pluginKey: string,
  on: boolean,
): Promise<{ download_count: number; praise_count: number }> {
  const id = await pluginId(db, pluginKey, on);
  if (on) {
    await db.kysely
      .insertInto(relation)
      .values({ user_id: userId, plugin_id: id, create_time: Date.now() })
      .onConflict((oc) => oc.columns(['user_id', 'plugin_id']).doNothing())
      .execute();
  } else {
    await db.kysely.deleteFrom(relation).where('user_id', '=', userId).where('plugin_id', '=', id).execute();
  }
  markPluginChanged(db, pluginKey);
  return db.kysely
    .selectFrom('plugin')
    .select(['download_count', 'praise_count'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
}

/**
 * Installs (`installed` true, `POST plugin/user`) or uninstalls (`DELETE plugin/user`) a plugin for
 * the user.
 *
 * @returns the user's state and the plugin's download count, which equals its number of installs.
 * @throws ApiError PLUGIN_NOT_FOUND (404): no approved plugin with that key (install), or no plugin
 *   at all (uninstall).
 */
export async function setInstalled(
  db: Database,
  userId: number,
  pluginKey: string,
  installed: boolean,
): Promise<InstallResult> {
  const counts = await toggle(db, 'plugin_install', userId, pluginKey, installed);
  return { plugin_key: pluginKey, is_installed: installed, download_count: counts.download_count };
}

/**
 * Likes (`praise` 1) or unlikes (-1) a plugin for the user (`POST plugin/user/praise`, SPEC §4).
 *
 * @returns the user's state and the plugin's praise count, which equals its number of likes.
 * @throws ApiError PLUGIN_NOT_FOUND (404), as {@link setInstalled}.
 */
export async function setPraise(
  db: Database,
  userId: number,
  pluginKey: string,
  praise: 1 | -1,
): Promise<PraiseResult> {
  const counts = await toggle(db, 'plugin_praise', userId, pluginKey, praise === 1);
  return { plugin_key: pluginKey, is_praise: praise === 1, praise_count: counts.praise_count };
}

/**
 * Silent install for a new user (`POST plugin/user/new/silent`, SPEC §1 "set silent (default)
 * install"): installs every approved plugin flagged default-install that the user does not have
 * yet. Calling it again adds nothing.
 *
 * @returns the plugins this call installed.
 */
export async function installDefaultPlugins(
  db: Database,
  userId: number,
  lang?: Locale,
): Promise<PluginSummary[]> {
  const ids = (
    await db.kysely
      .selectFrom('plugin as p')
      .select('p.id')
      .where('p.is_default_install', '=', 1)
      .where('p.review_status', '=', ReviewStatus.APPROVED)
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('plugin_install as i')
              .select('i.plugin_id')
              .whereRef('i.plugin_id', '=', 'p.id')
              .where('i.user_id', '=', userId),
          ),
        ),
      )
      .execute()
  ).map((r) => r.id);
  if (ids.length === 0) return [];
  const now = Date.now();
  await db.kysely
    .insertInto('plugin_install')
    .values(ids.map((plugin_id) => ({ user_id: userId, plugin_id, create_time: now })))
    .onConflict((oc) => oc.columns(['user_id', 'plugin_id']).doNothing())
    .execute();
  return summariesByIds(db, ids, lang);
}

/**
 * The user's installed plugins that are still approved (`GET plugin/user`, what the editor loads),
 * most recently installed first.
 */
export async function listInstalledPlugins(
  db: Database,
  userId: number,
  lang?: Locale,
): Promise<PluginSummary[]> {
  const ids = (
    await db.kysely
      .selectFrom('plugin_install as i')
      .innerJoin('plugin as p', 'p.id', 'i.plugin_id')
      .select('p.id')
      .where('i.user_id', '=', userId)
      .where('p.review_status', '=', ReviewStatus.APPROVED)
      .orderBy('i.create_time', 'desc')
      .orderBy('p.id', 'desc')
      .execute()
  ).map((r) => r.id);
  return summariesByIds(db, ids, lang);
}

/** Whether the user likes and has installed the plugin with `pluginKey` (the detail's is_praise / is_installed). */
export async function userPluginState(
  db: Database,
  userId: number,
  pluginKey: string,
): Promise<{ is_praise: boolean; is_installed: boolean }> {
  const [praise, install] = await Promise.all(
    (['plugin_praise', 'plugin_install'] as const).map((relation) =>
      db.kysely
        .selectFrom(`${relation} as r`)
        .innerJoin('plugin as p', 'p.id', 'r.plugin_id')
        .select('r.plugin_id')
        .where('p.plugin_key', '=', pluginKey)
        .where('r.user_id', '=', userId)
        .executeTakeFirst(),
    ),
  );
  return { is_praise: praise !== undefined, is_installed: install !== undefined };
}
