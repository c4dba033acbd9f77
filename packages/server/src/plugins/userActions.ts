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
} from '@plugin-center/contract/schemas';
import type { Database } from '../db/database';
import { ApiError } from '../errors';
import { summariesByIds } from './data/summaries';
import {
  insertInstalls,
  installedPluginIds,
  missingDefaultInstalls,
  pluginCounters,
  pluginIdByKey,
  type Relation,
  setRelation,
  userRelations,
} from './data/userActions';

/**
 * Id of the plugin with `pluginKey`: any review status when `approvedOnly` is false (so a user can
 * still uninstall or unlike a plugin that was withdrawn), approved only otherwise.
 *
 * @throws ApiError PLUGIN_NOT_FOUND (404).
 */
async function pluginId(db: Database, pluginKey: string, approvedOnly: boolean): Promise<number> {
  const id = await pluginIdByKey(db, pluginKey, approvedOnly);
  if (id === undefined) {
    throw new ApiError(
      ApiErrorCode.PLUGIN_NOT_FOUND,
      `no plugin with plugin_key ${JSON.stringify(pluginKey)}`,
    );
  }
  return id;
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
  await setRelation(db, relation, userId, { id, plugin_key: pluginKey }, on, Date.now());
  return pluginCounters(db, id);
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
  const ids = await missingDefaultInstalls(db, userId);
  if (ids.length === 0) return [];
  await insertInstalls(db, userId, ids, Date.now());
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
  const ids = await installedPluginIds(db, userId);
  return summariesByIds(db, ids, lang);
}

/**
 * Whether the user likes, has installed and owns the plugin with `pluginKey` (the detail's
 * is_praise / is_installed / is_owner).
 */
export async function userPluginState(
  db: Database,
  userId: number,
  pluginKey: string,
): Promise<{ is_praise: boolean; is_installed: boolean; is_owner: boolean }> {
  const { praised, installed, owned } = await userRelations(db, userId, pluginKey);
  return { is_praise: praised, is_installed: installed, is_owner: owned };
}
