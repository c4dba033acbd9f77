/**
 * A plugin's listing state as its owner (or an administrator) sets it:
 * unlist — out of the square's list, the tag counts, search, suggestions and recommendations, while
 * its detail by key, installs and the editor's lists still answer it — relist, and deprecate with a
 * message and an optional replacement plugin (shown on the detail and in the editor's list).
 * Each change is audit-logged in its transaction (`unlist`, `relist`, `deprecate`, `undeprecate`);
 * a call that changes nothing writes nothing.
 */
import { PUBLISH_LIMITS } from '@plugin-center/contract';
import { ApiErrorCode, type DeprecateBody, type ListingState } from '@plugin-center/contract/schemas';
import type { Kysely } from 'kysely';
import { markCatalogueChanged, markPluginChanged } from '../db/changes';
import type { Database } from '../db/database';
import type { DatabaseSchema } from '../db/schema';
import { ApiError } from '../errors';
import { refreshSearchIndex, shiftTagCounts } from '../plugins/data/write';
import { logAdminAction } from '../shared/auditLog';
import type { AuthUser } from '../shared/auth';
import { cleanText } from '../shared/textHygiene';
import { isApproved, lockPluginByKey, type PluginRow, pluginByKey, updatePlugin } from './data';
import { listingStates } from './listingState';
import { allowedPlugin } from './versions';

type Db = Kysely<DatabaseSchema>;

/** Options of {@link PluginListing}. */
export interface PluginListingOptions {
  /** Current time, ms (default `Date.now`). */
  clock?: () => number;
}

/** The listing calls of the owner of a plugin or an administrator. */
export class PluginListing {
  private readonly clock: () => number;

  constructor(
    private readonly db: Database,
    options: PluginListingOptions = {},
  ) {
    this.clock = options.clock ?? Date.now;
  }

  /**
   * `POST plugin/unlist`: sets `unlisted_at`; an approved plugin leaves the tag counts (the list's
   * count follows by trigger) and the search index in the same transaction.
   * @throws ApiError 404 PLUGIN_NOT_FOUND, 403 FORBIDDEN (someone else's plugin)
   */
  unlist(user: AuthUser, pluginKey: string): Promise<ListingState> {
    return this.change(user, pluginKey, async (trx, plugin) => {
      if (plugin.unlisted_at !== null) return undefined;
      await updatePlugin(trx, plugin.id, { unlisted_at: this.clock() });
      if (isApproved(plugin)) {
        await shiftTagCounts(trx, plugin.id, -1);
        await refreshSearchIndex(trx, [plugin.id]);
      }
      return { action: 'unlist', reason: null, catalogue: true };
    });
  }

  /**
   * `POST plugin/relist`: clears `unlisted_at`; an approved plugin counts and is searched again.
   * @throws ApiError 404 PLUGIN_NOT_FOUND, 403 FORBIDDEN (someone else's plugin)
   */
  relist(user: AuthUser, pluginKey: string): Promise<ListingState> {
    return this.change(user, pluginKey, async (trx, plugin) => {
      if (plugin.unlisted_at === null) return undefined;
      await updatePlugin(trx, plugin.id, { unlisted_at: null });
      if (isApproved(plugin)) {
        await shiftTagCounts(trx, plugin.id, 1);
        await refreshSearchIndex(trx, [plugin.id]);
      }
      return { action: 'relist', reason: null, catalogue: true };
    });
  }

  /**
   * `POST plugin/deprecate`: sets (or replaces) the message and the replacement. The message loses
   * its invisible and bidirectional control characters (the description's rule) and is trimmed.
   * @throws ApiError 400 INVALID_PARAMETER (field `message`: blank or too long; field
   *   `replacement_plugin_key`: no approved plugin has it, or it is the plugin itself), 404
   *   PLUGIN_NOT_FOUND, 403 FORBIDDEN (someone else's plugin)
   */
  async deprecate(user: AuthUser, body: DeprecateBody): Promise<ListingState> {
    const message = cleanText(body.message, true);
    if (message.length === 0)
      throw new ApiError(ApiErrorCode.INVALID_PARAMETER, 'message: must not be blank', 400, 'message');
    if ([...message].length > PUBLISH_LIMITS.REASON)
      throw new ApiError(
        ApiErrorCode.INVALID_PARAMETER,
        `message: at most ${PUBLISH_LIMITS.REASON} characters`,
        400,
        'message',
      );
    const replacementKey = body.replacement_plugin_key ?? null;
    return this.change(user, body.plugin_key, async (trx, plugin) => {
      let replacementId: number | null = null;
      if (replacementKey !== null) {
        const replacement = await pluginByKey(trx, replacementKey);
        const refuse = (why: string) =>
          new ApiError(
            ApiErrorCode.INVALID_PARAMETER,
            `replacement_plugin_key: ${why}`,
            400,
            'replacement_plugin_key',
          );
        if (!replacement || !isApproved(replacement)) throw refuse('no approved plugin has this key');
        if (replacement.id === plugin.id) throw refuse('a plugin cannot replace itself');
        replacementId = replacement.id;
      }
      await updatePlugin(trx, plugin.id, {
        deprecation_message: message,
        deprecation_time: this.clock(),
        replacement_plugin_id: replacementId,
      });
      return {
        action: 'deprecate',
        reason: replacementKey === null ? message : `${message} (replacement: ${replacementKey})`,
        catalogue: false,
      };
    });
  }

  /**
   * `POST plugin/undeprecate`: clears the deprecation.
   * @throws ApiError 404 PLUGIN_NOT_FOUND, 403 FORBIDDEN (someone else's plugin)
   */
  undeprecate(user: AuthUser, pluginKey: string): Promise<ListingState> {
    return this.change(user, pluginKey, async (trx, plugin) => {
      if (plugin.deprecation_message === null) return undefined;
      await updatePlugin(trx, plugin.id, {
        deprecation_message: null,
        deprecation_time: null,
        replacement_plugin_id: null,
      });
      return { action: 'undeprecate', reason: null, catalogue: false };
    });
  }

  /**
   * Runs `apply` on the plugin `pluginKey`, read (and on PostgreSQL locked) in the transaction that
   * writes, once the caller may change it; audit-logs what it did (undefined: nothing changed) and
   * marks the plugin (and, for list changes, the catalogue) changed for the caches.
   */
  private async change(
    user: AuthUser,
    pluginKey: string,
    apply: (
      trx: Db,
      plugin: PluginRow,
    ) => Promise<{ action: string; reason: string | null; catalogue: boolean } | undefined>,
  ): Promise<ListingState> {
    const { plugin, changed } = await this.db.kysely.transaction().execute(async (trx) => {
      const plugin = allowedPlugin(await lockPluginByKey(trx, this.db.dialect, pluginKey), pluginKey, user);
      const changed = await apply(trx, plugin);
      if (changed)
        await logAdminAction(trx, user, {
          time: this.clock(),
          action: changed.action,
          plugin_key: plugin.plugin_key,
          version: plugin.current_version,
          reason: changed.reason,
        });
      return { plugin: (await pluginByKey(trx, plugin.plugin_key))!, changed };
    });
    if (changed) {
      markPluginChanged(this.db, plugin.plugin_key);
      if (changed.catalogue) markCatalogueChanged(this.db);
    }
    return (await listingStates(this.db.kysely, [plugin])).get(plugin.id)!;
  }
}
