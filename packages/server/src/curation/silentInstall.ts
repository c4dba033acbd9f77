/**
 * The default (silent) install set (SPEC §1 "set silent (default) install", §7
 * `PUT plugin/silent_install`, `POST plugin/user/new/silent`): plugins installed for every new
 * account. The flag is the plugin's `is_default_install` (also shown by the detail); accounts get
 * the set in the transaction that creates them ({@link installDefaultsOnAccountCreated}, the
 * identity service's `onAccountCreated` hook), and `POST plugin/user/new/silent`
 * (`plugins/userActions.ts`) adds what an existing account lacks.
 */
import {
  ApiErrorCode,
  type Locale,
  ReviewStatus,
  type SilentInstallList,
  type SilentInstallResult,
} from '@plugin-center/contract/schemas';
import type { Kysely, Transaction } from 'kysely';
import { markPluginChanged } from '../db/changes';
import type { Database } from '../db/database';
import type { DatabaseSchema } from '../db/schema';
import { ApiError } from '../errors';
import { summariesByIds } from '../plugins/data/summaries';
import type { AuthUser } from '../shared/auth';
import { CurationAction, type CurationContext, logCuration } from './context';
import { defaultInstallIds, installDefaultsFor, pluginFlag, setDefaultInstall } from './data/silentInstall';

/**
 * `PUT plugin/silent_install` (admin): marks (`on`) or unmarks the plugin as installed by default.
 * Idempotent: a call that changes nothing is not logged; one that does is audit-logged
 * (`silent_install_on` / `silent_install_off`) in its transaction, which reads the flag it
 * changes (two identical calls at once: one change, one entry).
 *
 * @throws ApiError PLUGIN_NOT_FOUND (404): no plugin with the key, or (marking) not approved.
 */
export async function setSilentInstall(
  ctx: CurationContext,
  admin: AuthUser,
  pluginKey: string,
  on: boolean,
): Promise<SilentInstallResult> {
  const changed = await ctx.db.kysely.transaction().execute(async (trx) => {
    const plugin = await pluginFlag(trx, ctx.db.dialect, pluginKey);
    if (!plugin || (on && plugin.review_status !== ReviewStatus.APPROVED)) {
      throw new ApiError(
        ApiErrorCode.PLUGIN_NOT_FOUND,
        `no ${on ? 'approved ' : ''}plugin with plugin_key ${JSON.stringify(pluginKey)}`,
        404,
        'plugin_key',
      );
    }
    if ((plugin.is_default_install === 1) === on) return false;
    await setDefaultInstall(trx, plugin.id, on);
    await logCuration(trx, admin, {
      action: on ? CurationAction.SILENT_INSTALL_ON : CurationAction.SILENT_INSTALL_OFF,
      plugin_key: pluginKey,
      reason: null,
      time: ctx.clock(),
    });
    return true;
  });
  if (changed) markPluginChanged(ctx.db, pluginKey);
  return { plugin_key: pluginKey, is_default_install: on };
}

/** `GET plugin/silent_install/list` (admin): the approved default-install plugins, by name. */
export async function silentInstallList(
  ctx: CurationContext,
  lang: Locale | undefined,
): Promise<SilentInstallList> {
  return { plugin_list: await summariesByIds(ctx.db, await defaultInstallIds(ctx.db.kysely), lang) };
}

/**
 * The identity service's `onAccountCreated` hook for `db`: installs the default set for the new
 * account `userId` inside `trx`, the transaction that creates it (so an account never exists
 * without its default plugins, and the install counters move with the rows). Answers what to run
 * after the commit: marking those plugins changed for the read cache.
 */
export function installDefaultsOnAccountCreated(db: Database) {
  return async (
    trx: Kysely<DatabaseSchema> | Transaction<DatabaseSchema>,
    userId: number,
    now: number,
  ): Promise<() => void> => {
    const keys = await installDefaultsFor(trx, userId, now);
    return () => {
      for (const key of keys) markPluginChanged(db, key);
    };
  };
}
