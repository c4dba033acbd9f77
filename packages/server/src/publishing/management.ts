/**
 * The administrators' operations on plugins beside review (SPEC §1, §5): deletion (also the
 * plugin's owner's), the owner, downloading the code file and the batch upload of catalogue
 * records. Each is audit-logged, in the transaction of the change it records.
 */

import { randomUUID } from 'node:crypto';
import type {
  AssignOwnerResult,
  BatchRemoveResult,
  BatchStatus,
  BatchUploadResult,
} from '@plugin-center/contract/schemas';
import { ApiErrorCode, ReviewStatus } from '@plugin-center/contract/schemas';
import type { Kysely } from 'kysely';
import { importEntries } from '../catalogue/import';
import { markCatalogueChanged, markPluginChanged } from '../db/changes';
import type { Database } from '../db/database';
import type { DatabaseSchema } from '../db/schema';
import { ApiError } from '../errors';
import type { NotificationsService } from '../notifications/service';
import { replacePluginTags } from '../plugins/data/write';
import { unindexPlugins } from '../search/indexer';
import { logAdminAction } from '../shared/auditLog';
import type { AuthUser } from '../shared/auth';
import { FILE_URL_PREFIX, keyOf } from '../shared/storage/fileKeys';
import { type FileStorage, STORAGE_KEY } from '../shared/storage/fileStorage';
import { removeUnreferenced } from '../shared/storage/references';
import { emitWebhook } from '../webhooks/emit';
import { readBatch } from './batch';
import {
  accountByEmail,
  countPluginsOfBatch,
  deletePlugin,
  hasSubmission,
  insertSubmission,
  isListed,
  latestSubmission,
  lockPluginByKey,
  lockPluginsOfBatch,
  type PluginRow,
  pluginByKey,
  pluginFileKeys,
  pluginTagCodes,
  updatePlugin,
} from './data';
import { refuseMirrored } from './service';
import { allowedPlugin } from './versions';

/** Options of {@link PluginManagement}. */
export interface PluginManagementOptions {
  /** Current time, ms (default `Date.now`). */
  clock?: () => number;
  /** Tells a plugin's owner when an administrator deletes it, after the commit. */
  notifications?: NotificationsService;
}

/** The administrators' plugin operations, over one database and the uploads' file storage. */
export class PluginManagement {
  private readonly clock: () => number;
  private readonly notifications: NotificationsService | undefined;

  constructor(
    private readonly db: Database,
    private readonly storage: FileStorage,
    options: PluginManagementOptions = {},
  ) {
    this.clock = options.clock ?? Date.now;
    this.notifications = options.notifications;
  }

  /** Tells the owners of `plugins` that `admin` deleted them (an owner deleting their own: nobody). */
  private async tellOwners(admin: AuthUser, plugins: readonly PluginRow[]): Promise<void> {
    for (const plugin of plugins) {
      await emitWebhook(this.db, 'plugin.deleted', {
        plugin_key: plugin.plugin_key,
        plugin_name: plugin.name,
      });
      await this.notifications?.notify({
        ownerId: plugin.owner_id,
        actorId: admin.user_id,
        kind: 'plugin_deleted_by_admin',
        pluginId: plugin.id,
        payload: { plugin_key: plugin.plugin_key, plugin_name: plugin.name },
      });
    }
  }

  /**
   * `DELETE plugin`: removes a plugin with its versions, submissions, tags, installs and likes
   * (tag counts kept in step), audit-logged in the same transaction; its files are then collected.
   * The plugin's owner or an administrator; a plugin that named it as its replacement keeps its
   * deprecation without one. An administrator deleting someone's plugin tells its owner.
   * @throws ApiError 404 PLUGIN_NOT_FOUND, 403 FORBIDDEN (someone else's plugin)
   */
  async remove(user: AuthUser, pluginKey: string): Promise<{ plugin_key: string }> {
    const { plugin, files } = await this.db.kysely.transaction().execute(async (trx) => {
      // Read (and on PostgreSQL locked) in the transaction that deletes: a review or an edit of the
      // plugin committed a moment before is what the tag counts and the file list go by.
      const plugin = allowedPlugin(await lockPluginByKey(trx, this.db.dialect, pluginKey), pluginKey, user);
      return { plugin, files: await this.deleteRow(trx, user, plugin) };
    });
    markPluginChanged(this.db, plugin.plugin_key);
    markCatalogueChanged(this.db);
    await this.tellOwners(user, [plugin]);
    await this.collect(files);
    return { plugin_key: plugin.plugin_key };
  }

  /**
   * `GET manager/plugins/batch`: how many plugins of the batch upload `batchId` are in the database
   * now (0 for an id never used), for an uploader who cancelled after the file was sent.
   */
  async batchStatus(batchId: string): Promise<BatchStatus> {
    return { batch_id: batchId, plugin_count: await countPluginsOfBatch(this.db.kysely, batchId) };
  }

  /**
   * `DELETE manager/plugins/batch`: deletes every plugin the batch upload `batchId` imported, each
   * as {@link remove} does (tags and their counts, search documents, versions, submissions,
   * installs, likes; one `delete` audit entry each), all in one transaction; then their files no
   * other row names. Plugins of other batches, published ones and the shipped catalogue's are never
   * touched. Deleting a batch with nothing left answers `deleted: 0`.
   */
  async removeBatch(admin: AuthUser, batchId: string): Promise<BatchRemoveResult> {
    const removed = await this.db.kysely.transaction().execute(async (trx) => {
      const plugins = await lockPluginsOfBatch(trx, this.db.dialect, batchId);
      const files: string[] = [];
      for (const plugin of plugins) files.push(...(await this.deleteRow(trx, admin, plugin)));
      return { keys: plugins.map((p) => p.plugin_key), files, plugins };
    });
    for (const key of removed.keys) markPluginChanged(this.db, key);
    if (removed.keys.length > 0) markCatalogueChanged(this.db);
    await this.tellOwners(admin, removed.plugins);
    await this.collect(removed.files);
    return { batch_id: batchId, deleted: removed.keys.length };
  }

  /**
   * Deletes one locked plugin in `trx`: its tags (counts kept in step), search documents and row
   * (versions, submissions, installs and likes go with it), audit-logged as `delete`.
   * @returns the stored-file keys it referred to, for {@link collect} after the commit
   */
  private async deleteRow(
    trx: Kysely<DatabaseSchema>,
    admin: AuthUser,
    plugin: PluginRow,
  ): Promise<string[]> {
    const files = await pluginFileKeys(trx, plugin.id, FILE_URL_PREFIX);
    await replacePluginTags(trx, plugin.id, [], isListed(plugin), false);
    await unindexPlugins(trx, [plugin.id]);
    await deletePlugin(trx, plugin.id);
    await logAdminAction(trx, admin, {
      time: this.clock(),
      action: 'delete',
      plugin_key: plugin.plugin_key,
      version: plugin.current_version,
      reason: null,
    });
    return files;
  }

  /**
   * Removes from the storage those of `files` (deleted plugins' own files) that no other row refers
   * to (an upload shared by content with another plugin stays); never a general sweep, which could
   * take the files of a publish in flight.
   */
  private async collect(files: readonly string[]): Promise<void> {
    await removeUnreferenced(
      this.db.kysely,
      this.storage,
      files.filter((key) => STORAGE_KEY.test(key)),
    );
  }

  /**
   * `POST manager/plugin/owner`: gives a plugin to the account with `email` (case-insensitive), or
   * to nobody; audit-logged in the same transaction (`assign_owner`, the reason names the account).
   * @throws ApiError 404 PLUGIN_NOT_FOUND, 403 FORBIDDEN (a plugin mirrored from an upstream), 400 INVALID_PARAMETER (field `email`) for an unknown email
   */
  async assignOwner(admin: AuthUser, pluginKey: string, email: string | null): Promise<AssignOwnerResult> {
    const found = await pluginByKey(this.db.kysely, pluginKey);
    if (!found) throw notFound(pluginKey);
    // A mirrored plugin has no local owner: its versions come from the upstream.
    refuseMirrored(found);
    let owner: AssignOwnerResult['owner'] = null;
    if (email !== null) {
      const account = await accountByEmail(this.db.kysely, email.trim().toLowerCase());
      if (!account)
        throw new ApiError(ApiErrorCode.INVALID_PARAMETER, 'email: no account has this email', 400, 'email');
      owner = { user_id: account.id, nick_name: account.nick_name || account.user_name };
    }
    const plugin = await this.db.kysely.transaction().execute(async (trx) => {
      // Read (and on PostgreSQL locked) in the transaction that writes, so that two assignments at
      // once add one approved submission, not two, and it copies the listing as it is now.
      const plugin = await lockPluginByKey(trx, this.db.dialect, pluginKey);
      if (!plugin) throw notFound(pluginKey);
      await updatePlugin(trx, plugin.id, { owner_id: owner?.user_id ?? null });
      // A plugin that never went through publishing (an import) gets its live listing as an approved
      // submission, so that its new owner finds it in "my plugins" and can edit it.
      if (owner && !(await hasSubmission(trx, plugin.id))) {
        await insertSubmission(trx, {
          plugin_id: plugin.id,
          status: ReviewStatus.APPROVED,
          submitter_id: null,
          reviewer_id: admin.user_id,
          create_time: plugin.update_time ?? plugin.create_time,
          review_time: this.clock(),
          version: plugin.current_version ?? '',
          name: plugin.name,
          intro: plugin.intro,
          description: plugin.description,
          tags: JSON.stringify(await pluginTagCodes(trx, plugin.id)),
          icon: keyOf(plugin.icon),
          cover_center: keyOf(plugin.cover_center),
          cover_panel: keyOf(plugin.cover_panel),
          reuse_center_cover: plugin.reuse_center_cover,
          video: keyOf(plugin.video),
          images: JSON.stringify((JSON.parse(String(plugin.images)) as string[]).map((url) => keyOf(url))),
          code_file: plugin.code_file,
          contact: plugin.contact,
          copyright_type: plugin.copyright_type,
          copyright_name: plugin.copyright_name,
          developer: plugin.developer,
          technical_support_link: plugin.technical_support_link,
          license: plugin.license,
          homepage: plugin.homepage,
          repository: plugin.repository,
          is_default_install: plugin.is_default_install,
          checks: '[]',
          reject_reason: null,
          version_content: plugin.version_content,
        });
      }
      await logAdminAction(trx, admin, {
        time: this.clock(),
        action: 'assign_owner',
        plugin_key: plugin.plugin_key,
        version: plugin.current_version,
        reason: owner ? `to ${owner.nick_name} (user ${owner.user_id})` : 'to nobody',
      });
      return plugin;
    });
    return { plugin_key: plugin.plugin_key, owner };
  }

  /**
   * `GET manager/plugin/{id}/download`: the plugin's code file (the newest submission's, else the
   * live one), audit-logged.
   * @returns the bytes and a file name
   * @throws ApiError 404 PLUGIN_NOT_FOUND (no plugin, or it has no code file)
   */
  async download(admin: AuthUser, pluginKey: string): Promise<{ bytes: Buffer; fileName: string }> {
    const plugin = await pluginByKey(this.db.kysely, pluginKey);
    if (!plugin) throw notFound(pluginKey);
    const latest = await latestSubmission(this.db.kysely, plugin.id);
    const key = latest?.code_file ?? plugin.code_file;
    const bytes =
      key && STORAGE_KEY.test(key) && key.endsWith('.json') ? await this.storage.get(key) : undefined;
    if (!bytes) throw new ApiError(ApiErrorCode.PLUGIN_NOT_FOUND, `plugin ${pluginKey} has no code file`);
    await logAdminAction(this.db.kysely, admin, {
      time: this.clock(),
      action: 'download',
      plugin_key: plugin.plugin_key,
      version: latest?.version ?? plugin.current_version,
      reason: null,
    });
    return { bytes, fileName: `${plugin.plugin_key}.json` };
  }

  /**
   * `POST manager/plugins/upload`: imports the catalogue records of an uploaded JSON or ZIP file as
   * approved plugins (SPEC §1 "batch-upload plugins"), each record validated on its own; failures
   * come back with their file, index and reason, and the files of a ZIP that could not be read with
   * theirs (the other files are imported). Every plugin created carries the batch's id (`batchId`,
   * else a new random one), so that {@link removeBatch} can undo exactly this upload. `signal` (the
   * request closing) stops the import between plugins: every plugin written is whole. Audit-logged
   * with the counts and the batch id.
   * @throws ApiError 400 UPLOAD_REJECTED for a file that is neither (see `readBatch`), 409
   *   BATCH_ID_TAKEN when plugins of an earlier upload carry `batchId`
   */
  async batchUpload(
    admin: AuthUser,
    fileName: string,
    bytes: Uint8Array,
    signal?: AbortSignal,
    batchId: string = randomUUID(),
  ): Promise<BatchUploadResult> {
    const { sources, rejected } = readBatch(fileName, bytes);
    if ((await countPluginsOfBatch(this.db.kysely, batchId)) > 0)
      throw new ApiError(
        ApiErrorCode.BATCH_ID_TAKEN,
        `batch_id: plugins of an earlier batch upload carry ${batchId}`,
        409,
        'batch_id',
      );
    const report = await importEntries(this.db, sources, {
      batchSize: 1,
      now: this.clock(),
      batchId,
      ...(signal ? { signal } : {}),
    });
    const failed = report.errors.map((e) => ({ file: e.file ?? fileName, index: e.index, reason: e.reason }));
    await logAdminAction(this.db.kysely, admin, {
      time: this.clock(),
      action: 'batch_upload',
      plugin_key: '',
      version: null,
      reason: `${fileName}: ${report.added} added, ${report.skipped} skipped, ${failed.length} failed${rejected.length ? `, ${rejected.length} files unread` : ''}${report.cancelled ? ', cancelled' : ''} (batch ${batchId})`,
    });
    return {
      batch_id: batchId,
      added: report.added,
      skipped: report.skipped,
      translations: report.translations,
      failed,
      rejected_files: rejected,
      cancelled: report.cancelled === true,
    };
  }
}

/** 404 PLUGIN_NOT_FOUND for `pluginKey`. */
function notFound(pluginKey: string): ApiError {
  return new ApiError(ApiErrorCode.PLUGIN_NOT_FOUND, `no plugin with plugin_key ${pluginKey}`);
}
