/**
 * Publishing and review (issue 12; SPEC §1, §3, §4, §5): a signed-in user publishes a plugin or a
 * new version of their own, the automated checks run on the upload, an administrator approves or
 * rejects it with a reason, and an approved submission becomes the live listing and a history
 * version. Every administrative action goes to the append-only audit log.
 *
 * Order of writes (nothing half-done survives a failure or a `kill -9`): every check runs on the
 * bytes in memory first; the files are then written to storage (content-addressed, atomic); then
 * one database transaction writes the rows that refer to them. When the transaction fails the files
 * this request added are removed again; files no row refers to (after a crash) are collected by
 * {@link PublishingService.collectOrphans} once older than {@link ORPHAN_GRACE_MS}.
 */
import { createHash, randomBytes } from 'node:crypto';
import { isAdminRole, PAGE_SIZE, PUBLISH_LIMITS } from '@plugin-center/contract';
import {
  ApiErrorCode,
  type AssignOwnerResult,
  type AuditLogPage,
  type AuditStatusBody,
  type BatchUploadResult,
  type CheckResult,
  type FieldChange,
  type PublishFields,
  ReviewStatus,
  type Submission,
  type SubmissionPage,
} from '@plugin-center/contract/schemas';
import type { Transaction } from 'kysely';
import semver from 'semver';
import { asciiSlug } from '../catalogue/entry';
import { importEntries } from '../catalogue/import';
import { markCatalogueChanged, markPluginChanged } from '../db/changes';
import type { Database } from '../db/database';
import type { DatabaseSchema, NewPluginRow } from '../db/schema';
import { ApiError } from '../errors';
import type { AuthUser } from '../identity/auth';
import { accountName } from '../identity/data';
import { decodeCursor, encodeCursor } from '../plugins/cursor';
import { refreshSearchIndex, replacePluginTags } from '../plugins/data/write';
import { unindexPlugins } from '../search/indexer';
import { normalizeTagCode } from '../shared/tags';
import { readBatch } from './batch';
import {
  appendAuditLog,
  isApproved,
  latestSubmission,
  listAuditLog,
  listSubmissions,
  otherPluginNames,
  type PluginRow,
  pluginByKey,
  pluginFileKeys,
  pluginsByIds,
  pluginTagCodes,
  referencedAmong,
  referencedFileKeys,
  type SubmissionListRow,
  type SubmissionRow,
  submissionById,
  tagCodesByPlugin,
} from './data';
import type { PublishForm } from './form';
import { validateManifest } from './manifest';
import { type FileStorage, STORAGE_KEY } from './storage';
import { checkImage, checkName, checkSecrets, checkVideo, sniffImage, sniffVideo } from './uploadChecks';

/** Where stored images and videos are served (`GET /api/cmt/file/{key}`). */
export const FILE_URL_PREFIX = '/api/cmt/file/';

/** Age (ms) below which an unreferenced file is left alone: a publish may be between its two writes. */
export const ORPHAN_GRACE_MS = 10 * 60 * 1000;

const cursorQuery = (name: string) => `publishing:${name}`;

/** The storage key of a file: SHA-256 of its bytes and the extension of its sniffed type. */
export function fileKey(bytes: Uint8Array, ext: string): string {
  return `${createHash('sha256').update(bytes).digest('hex')}.${ext}`;
}

/** The URL of a stored image or video, or the value unchanged when it is not a key (imports). */
function fileUrl(value: string | null): string | null {
  if (!value) return null;
  return STORAGE_KEY.test(value) ? `${FILE_URL_PREFIX}${value}` : value;
}

/** A plugin_key for a new plugin: the ASCII slug of the name (as catalogue keys) and 10 random hex digits. */
function newPluginKey(name: string): string {
  return `${asciiSlug(name) || 'plugin'}-${randomBytes(5).toString('hex')}`;
}

const bool = (flag: string | undefined): boolean => flag === '1' || flag === 'true';

const fail = (field: string, detail: string) =>
  new ApiError(ApiErrorCode.UPLOAD_REJECTED, `${field}: ${detail}`, 400, field);

/** The stored files of a submission, as keys (new uploads) or values carried over. */
interface SubmissionFiles {
  icon: string | null;
  cover_center: string | null;
  cover_panel: string | null;
  video: string | null;
  images: string[];
  code_file: string | null;
}

/** Options of {@link PublishingService}. */
export interface PublishingOptions {
  /** Current time, ms (default `Date.now`). */
  clock?: () => number;
}

/** The publishing domain's operations, over one database and one file storage. */
export class PublishingService {
  private readonly clock: () => number;

  constructor(
    private readonly db: Database,
    readonly storage: FileStorage,
    options: PublishingOptions = {},
  ) {
    this.clock = options.clock ?? Date.now;
  }

  /**
   * Runs the automated checks on a form's files and name (issue 12 "Automated checks on upload"):
   * types from the bytes, sizes, image dimensions and ratios, the manifest schema; then flags for
   * the reviewer (a name close to another plugin's, credentials in the code file).
   *
   * @returns the check results and the bytes to store, by key
   * @throws ApiError 400 UPLOAD_REJECTED (with `field`) on the first failing check
   */
  private async runChecks(
    form: PublishForm,
    pluginId: number | undefined,
    requireCode: boolean,
  ): Promise<{ checks: CheckResult[]; uploads: Map<string, Buffer>; keys: Partial<SubmissionFiles> }> {
    const checks: CheckResult[] = [];
    const uploads = new Map<string, Buffer>();
    const keys: Partial<SubmissionFiles> = {};
    const image = (field: 'icon' | 'cover_center' | 'cover_panel' | 'images', bytes: Buffer) => {
      const use = field === 'icon' ? 'icon' : field === 'images' ? 'image' : 'cover';
      const result = checkImage(bytes, use);
      if (result.status === 'fail') throw fail(field, result.detail.replace(/^(icon|cover|image) /, ''));
      checks.push({ ...result, detail: result.detail.replace(/^(icon|cover|image)/, field) });
      const key = fileKey(bytes, sniffImage(bytes)!.type);
      uploads.set(key, bytes);
      return key;
    };
    const { files } = form;
    if (files.icon) keys.icon = image('icon', files.icon[0]!);
    if (files.cover_center) keys.cover_center = image('cover_center', files.cover_center[0]!);
    if (files.cover_panel) keys.cover_panel = image('cover_panel', files.cover_panel[0]!);
    const media = (files.images?.length ?? 0) + (files.video ? 1 : 0);
    if (media > PUBLISH_LIMITS.MEDIA)
      throw fail('images', `at most ${PUBLISH_LIMITS.MEDIA} images and videos in total`);
    if (files.images) keys.images = files.images.map((bytes) => image('images', bytes));
    if (files.video) {
      const bytes = files.video[0]!;
      const result = checkVideo(bytes);
      if (result.status === 'fail') throw fail('video', result.detail.replace(/^video /, ''));
      checks.push(result);
      const key = fileKey(bytes, sniffVideo(bytes)!);
      uploads.set(key, bytes);
      keys.video = key;
    }
    if (files.code_file) {
      const bytes = files.code_file[0]!;
      const manifest = validateManifest(bytes);
      if (!manifest.ok) {
        const first = manifest.problems[0]!;
        throw fail('code_file', `${first.path || 'manifest'} ${first.message}`.trim());
      }
      checks.push({ check: 'manifest', status: 'pass', detail: `a valid ${manifest.kind} manifest` });
      checks.push(checkSecrets(new TextDecoder().decode(bytes)));
      const key = fileKey(bytes, 'json');
      uploads.set(key, bytes);
      keys.code_file = key;
    } else if (requireCode) {
      throw fail('code_file', 'the code file (manifest.json) is required');
    }
    checks.push(checkName(form.fields.name, await otherPluginNames(this.db.kysely, pluginId)));
    return { checks, uploads, keys };
  }

  /** Writes the uploads; returns the keys this call added (for removal if the rows fail). */
  private async store(uploads: Map<string, Buffer>): Promise<string[]> {
    const added: string[] = [];
    try {
      for (const [key, bytes] of uploads) if (await this.storage.put(key, bytes)) added.push(key);
    } catch (error) {
      await this.removeUnreferenced(added);
      throw error;
    }
    return added;
  }

  /** Removes these keys unless a row refers to them now. */
  private async removeUnreferenced(keys: readonly string[]): Promise<void> {
    const referenced = await referencedAmong(this.db.kysely, keys, FILE_URL_PREFIX);
    for (const key of keys) if (!referenced.has(key)) await this.storage.delete(key);
  }

  /**
   * Deletes stored files that no row refers to and that are older than `graceMs` (interrupted
   * publishes, replaced submissions, deleted plugins), and leftovers of interrupted writes.
   * @returns how many files were removed
   */
  async collectOrphans(graceMs = ORPHAN_GRACE_MS): Promise<number> {
    const files = await this.storage.list();
    if (files.length === 0) return 0;
    const referenced = await referencedFileKeys(this.db, FILE_URL_PREFIX);
    const cutoff = this.clock() - graceMs;
    let removed = 0;
    for (const file of files) {
      if (referenced.has(file.key) || file.mtimeMs > cutoff) continue;
      await this.storage.delete(file.key);
      removed++;
    }
    return removed;
  }

  /** The submission fields of a form (admin-only fields applied for administrators only, SPEC §5). */
  private async submissionTexts(user: AuthUser, fields: PublishFields) {
    const admin = isAdminRole(user.role);
    const developer =
      admin && fields.developer ? fields.developer : await accountName(this.db.kysely, user.user_id);
    const url = fields.technical_support_link;
    if (url !== undefined) {
      let ok = false;
      try {
        const parsed = new URL(url);
        ok = (parsed.protocol === 'https:' || parsed.protocol === 'http:') && parsed.hostname !== '';
      } catch {
        ok = false;
      }
      if (!ok)
        throw new ApiError(
          ApiErrorCode.INVALID_PARAMETER,
          'technical_support_link: Wrong url, please try again',
          400,
          'technical_support_link',
        );
    }
    if (!semver.valid(fields.version))
      throw new ApiError(
        ApiErrorCode.INVALID_PARAMETER,
        'version: must be a semantic version such as 1.0.0',
        400,
        'version',
      );
    const copyrightType = fields.copyright_type ?? 'author';
    if (copyrightType === 'custom' && !fields.copyright_name)
      throw new ApiError(
        ApiErrorCode.INVALID_PARAMETER,
        'copyright_name: is required for a custom copyright holder',
        400,
        'copyright_name',
      );
    return {
      name: fields.name,
      intro: fields.intro,
      description: fields.description,
      tags: JSON.stringify([...new Set((fields.tags ?? []).map(normalizeTagCode).filter(Boolean))]),
      contact: fields.contact ?? null,
      version: semver.valid(fields.version)!,
      version_content: fields.version_content,
      copyright_type: copyrightType,
      copyright_name: copyrightType === 'custom' ? (fields.copyright_name ?? null) : null,
      developer: developer || null,
      technical_support_link: url ?? null,
      reuse_center_cover: bool(fields.reuse_center_cover) ? 1 : 0,
      is_default_install: admin && bool(fields.is_default_install) ? 1 : 0,
    };
  }

  /**
   * `POST plugin`: publishes a new plugin owned by the caller; it waits for review (not on the
   * square until approved). The code file is required.
   * @throws ApiError 400 INVALID_PARAMETER / UPLOAD_REJECTED (with `field`)
   */
  async publish(user: AuthUser, form: PublishForm): Promise<Submission> {
    if (form.fields.plugin_key !== undefined)
      throw new ApiError(
        ApiErrorCode.INVALID_PARAMETER,
        'plugin_key: only for an edit (PUT)',
        400,
        'plugin_key',
      );
    const texts = await this.submissionTexts(user, form.fields);
    const { checks, uploads, keys } = await this.runChecks(form, undefined, true);
    const files: SubmissionFiles = {
      icon: keys.icon ?? null,
      cover_center: keys.cover_center ?? null,
      cover_panel: keys.cover_panel ?? null,
      video: keys.video ?? null,
      images: keys.images ?? [],
      code_file: keys.code_file ?? null,
    };
    const now = this.clock();
    const submissionId = await this.commitSubmission(user, texts, files, checks, uploads, async (trx) => {
      const row: NewPluginRow = {
        plugin_key: newPluginKey(texts.name),
        ...this.livePluginColumns(texts, files),
        current_version: null,
        version_content: '',
        review_status: ReviewStatus.UNREVIEWED,
        create_time: now,
        update_time: null,
        sort_time: 0,
        owner_id: user.user_id,
        platforms: '[]',
        download_count: 0,
        view_count: 0,
        praise_count: 0,
        // Not searchable until approved: approval indexes it, with the tags.
      };
      const plugin = await trx.insertInto('plugin').values(row).returning('id').executeTakeFirstOrThrow();
      return plugin.id;
    });
    markCatalogueChanged(this.db);
    return this.submission(submissionId);
  }

  /**
   * `PUT plugin`: a new version of the caller's plugin (an administrator may edit any). Files left
   * out are carried over from the latest submission; the version must be greater (semver) than the
   * latest submitted one. A pending submission is replaced. The live listing is unchanged until the
   * new version is approved; a plugin never approved shows the new texts to its owner at once.
   * @throws ApiError 404 PLUGIN_NOT_FOUND, 403 FORBIDDEN (someone else's plugin), 409
   *   VERSION_NOT_INCREASED, 400 as for {@link publish}
   */
  async edit(user: AuthUser, form: PublishForm): Promise<Submission> {
    const key = form.fields.plugin_key;
    if (key === undefined)
      throw new ApiError(ApiErrorCode.INVALID_PARAMETER, 'plugin_key: is required', 400, 'plugin_key');
    const plugin = await pluginByKey(this.db.kysely, key);
    if (!plugin) throw new ApiError(ApiErrorCode.PLUGIN_NOT_FOUND, `no plugin with plugin_key ${key}`);
    if (plugin.owner_id !== user.user_id && !isAdminRole(user.role))
      throw new ApiError(ApiErrorCode.FORBIDDEN, 'Current account has no permission');
    const texts = await this.submissionTexts(user, form.fields);
    if (!isAdminRole(user.role) && plugin.developer) texts.developer = texts.developer ?? plugin.developer;
    // Curation (issue 14): the default-install flag is the administrators'; an author's new version
    // carries the plugin's current flag, so approving it does not undo `PUT plugin/silent_install`.
    if (!isAdminRole(user.role)) texts.is_default_install = plugin.is_default_install;
    const previous = await latestSubmission(this.db.kysely, plugin.id);
    const last = [previous?.version, plugin.current_version].filter(
      (v): v is string => !!v && !!semver.valid(v),
    );
    const highest = last.sort(semver.rcompare)[0];
    if (highest && !semver.gt(texts.version, highest))
      throw new ApiError(
        ApiErrorCode.VERSION_NOT_INCREASED,
        `version: must be greater than ${highest}`,
        409,
        'version',
      );
    const { checks, uploads, keys } = await this.runChecks(form, plugin.id, false);
    const files: SubmissionFiles = {
      icon: keys.icon ?? previous?.icon ?? keyOf(plugin.icon),
      cover_center: keys.cover_center ?? previous?.cover_center ?? keyOf(plugin.cover_center),
      cover_panel: keys.cover_panel ?? previous?.cover_panel ?? keyOf(plugin.cover_panel),
      video: keys.video ?? previous?.video ?? keyOf(plugin.video),
      images: keys.images ?? (previous ? (JSON.parse(previous.images) as string[]) : []),
      code_file: keys.code_file ?? previous?.code_file ?? plugin.code_file,
    };
    if (!files.code_file) throw fail('code_file', 'the code file (manifest.json) is required');
    if (files.images.length + (files.video ? 1 : 0) > PUBLISH_LIMITS.MEDIA)
      throw fail('images', `at most ${PUBLISH_LIMITS.MEDIA} images and videos in total`);
    const submissionId = await this.commitSubmission(user, texts, files, checks, uploads, async (trx) => {
      await trx
        .deleteFrom('plugin_submission')
        .where('plugin_id', '=', plugin.id)
        .where('status', '=', ReviewStatus.UNREVIEWED)
        .execute();
      if (!isApproved(plugin)) {
        await trx
          .updateTable('plugin')
          .set({
            ...this.livePluginColumns(texts, files),
            review_status: ReviewStatus.UNREVIEWED,
            reject_reason: null,
          })
          .where('id', '=', plugin.id)
          .execute();
      }
      return plugin.id;
    });
    markPluginChanged(this.db, plugin.plugin_key);
    markCatalogueChanged(this.db);
    return this.submission(submissionId);
  }

  /**
   * The two writes of a publish or an edit, in their order: the uploads to storage first, then one
   * transaction in which `writePlugin` creates or updates the plugin row (returning its id) and the
   * submission row is inserted. When the transaction fails, the files this call added are removed.
   * @returns the new submission's id
   */
  private async commitSubmission(
    user: AuthUser,
    texts: Awaited<ReturnType<PublishingService['submissionTexts']>>,
    files: SubmissionFiles,
    checks: CheckResult[],
    uploads: Map<string, Buffer>,
    writePlugin: (trx: Transaction<DatabaseSchema>) => Promise<number>,
  ): Promise<number> {
    const added = await this.store(uploads);
    let id: number;
    try {
      id = await this.db.kysely.transaction().execute(async (trx) => {
        const pluginId = await writePlugin(trx);
        const submission = await trx
          .insertInto('plugin_submission')
          .values({
            plugin_id: pluginId,
            status: ReviewStatus.UNREVIEWED,
            submitter_id: user.user_id,
            create_time: this.clock(),
            ...texts,
            ...files,
            images: JSON.stringify(files.images),
            checks: JSON.stringify(checks),
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        return submission.id;
      });
    } catch (error) {
      await this.removeUnreferenced(added);
      throw error;
    }
    // Files are shared by content: a failed publish of the same bytes may have removed one of ours
    // between our write and our commit (it saw no row yet). Putting again is a no-op when the file is
    // there and restores it when it is not, so no committed row points to a missing file.
    for (const [key, bytes] of uploads) await this.storage.put(key, bytes).catch(() => false);
    return id;
  }

  /**
   * The plugin-row columns a submission sets (live listing texts and file URLs). The search
   * documents are left to approval (`refreshSearchIndex`, with the tags): only approved plugins
   * are searched.
   */
  private livePluginColumns(
    texts: Awaited<ReturnType<PublishingService['submissionTexts']>>,
    files: SubmissionFiles,
  ) {
    return {
      name: texts.name,
      intro: texts.intro,
      description: texts.description,
      contact: texts.contact,
      copyright_type: texts.copyright_type,
      copyright_name: texts.copyright_name,
      developer: texts.developer,
      technical_support_link: texts.technical_support_link,
      reuse_center_cover: texts.reuse_center_cover,
      is_default_install: texts.is_default_install,
      icon: fileUrl(files.icon),
      cover_center: fileUrl(files.cover_center),
      cover_panel: fileUrl(texts.reuse_center_cover ? files.cover_center : files.cover_panel),
      video: fileUrl(files.video),
      images: JSON.stringify(files.images.map((key) => fileUrl(key)!)),
      code_file: files.code_file,
    };
  }

  /**
   * `POST plugin/audit/status`: approves (2) or rejects (3, reason required, SPEC §4/§5) the
   * plugin's pending submission. Approval makes it the live listing (texts, files, tags, search
   * documents) and a history version; both are audit-logged, in the same transaction.
   * @throws ApiError 400 INVALID_PARAMETER (reject without reason), 404 PLUGIN_NOT_FOUND (no such
   *   plugin, or nothing pending)
   */
  async review(admin: AuthUser, body: AuditStatusBody): Promise<Submission> {
    const reason = body.reason?.trim() ?? '';
    if (body.status === ReviewStatus.UNAPPROVED && reason === '')
      throw new ApiError(
        ApiErrorCode.INVALID_PARAMETER,
        'reason: a reason is required to reject',
        400,
        'reason',
      );
    const plugin = await pluginByKey(this.db.kysely, body.plugin_key);
    if (!plugin)
      throw new ApiError(ApiErrorCode.PLUGIN_NOT_FOUND, `no plugin with plugin_key ${body.plugin_key}`);
    const actorName = await accountName(this.db.kysely, admin.user_id);
    const now = this.clock();
    const id = await this.db.kysely.transaction().execute(async (trx) => {
      const pending = await trx
        .selectFrom('plugin_submission')
        .selectAll()
        .where('plugin_id', '=', plugin.id)
        .where('status', '=', ReviewStatus.UNREVIEWED)
        .orderBy('id', 'desc')
        .executeTakeFirst();
      if (!pending)
        throw new ApiError(
          ApiErrorCode.PLUGIN_NOT_FOUND,
          `plugin ${plugin.plugin_key} has no submission waiting for review`,
        );
      await trx
        .updateTable('plugin_submission')
        .set({
          status: body.status,
          reject_reason: body.status === ReviewStatus.UNAPPROVED ? reason : null,
          review_time: now,
          reviewer_id: admin.user_id,
        })
        .where('id', '=', pending.id)
        .execute();
      if (body.status === ReviewStatus.APPROVED) {
        const wasApproved = isApproved(plugin);
        const files: SubmissionFiles = { ...pending, images: JSON.parse(pending.images) as string[] };
        await trx
          .updateTable('plugin')
          .set({
            ...this.livePluginColumns(pending, files),
            review_status: ReviewStatus.APPROVED,
            reject_reason: null,
            current_version: pending.version,
            version_content: pending.version_content,
            update_time: now,
            sort_time: now,
          })
          .where('id', '=', plugin.id)
          .execute();
        await replacePluginTags(trx, plugin.id, JSON.parse(pending.tags) as string[], wasApproved, true);
        await trx
          .insertInto('plugin_version')
          .values({
            plugin_id: plugin.id,
            version: pending.version,
            version_content: pending.version_content,
            create_time: now,
          })
          .onConflict((oc) => oc.columns(['plugin_id', 'version']).doNothing())
          .execute();
        await refreshSearchIndex(trx, [plugin.id]);
      } else if (!isApproved(plugin)) {
        await trx
          .updateTable('plugin')
          .set({ review_status: ReviewStatus.UNAPPROVED, reject_reason: reason })
          .where('id', '=', plugin.id)
          .execute();
      }
      await appendAuditLog(trx, {
        time: now,
        actor_id: admin.user_id,
        actor_name: actorName,
        action: body.status === ReviewStatus.APPROVED ? 'approve' : 'reject',
        plugin_key: plugin.plugin_key,
        version: pending.version,
        reason: body.status === ReviewStatus.UNAPPROVED ? reason : null,
      });
      return pending.id;
    });
    markPluginChanged(this.db, plugin.plugin_key);
    markCatalogueChanged(this.db);
    return this.submission(id);
  }

  /**
   * `DELETE plugin`: removes a plugin with its versions, submissions, tags, installs and likes
   * (tag counts kept in step), audit-logged in the same transaction; its files are then collected.
   * @throws ApiError 404 PLUGIN_NOT_FOUND
   */
  async remove(admin: AuthUser, pluginKey: string): Promise<{ plugin_key: string }> {
    const plugin = await pluginByKey(this.db.kysely, pluginKey);
    if (!plugin) throw new ApiError(ApiErrorCode.PLUGIN_NOT_FOUND, `no plugin with plugin_key ${pluginKey}`);
    const actorName = await accountName(this.db.kysely, admin.user_id);
    const files = await pluginFileKeys(this.db.kysely, plugin.id, FILE_URL_PREFIX);
    await this.db.kysely.transaction().execute(async (trx) => {
      await replacePluginTags(trx, plugin.id, [], isApproved(plugin), false);
      await unindexPlugins(trx, [plugin.id]);
      await trx.deleteFrom('plugin').where('id', '=', plugin.id).execute();
      await appendAuditLog(trx, {
        time: this.clock(),
        actor_id: admin.user_id,
        actor_name: actorName,
        action: 'delete',
        plugin_key: plugin.plugin_key,
        version: plugin.current_version,
        reason: null,
      });
    });
    markPluginChanged(this.db, plugin.plugin_key);
    markCatalogueChanged(this.db);
    // Only this plugin's own files, and only those no other row refers to (an upload shared by
    // content with another plugin stays); never a general sweep, which could take the files of a
    // publish in flight.
    await this.removeUnreferenced(files.filter((key) => STORAGE_KEY.test(key)));
    return { plugin_key: plugin.plugin_key };
  }

  /**
   * `POST manager/plugin/owner`: gives a plugin to the account with `email` (case-insensitive), or
   * to nobody; audit-logged in the same transaction (`assign_owner`, the reason names the account).
   * @throws ApiError 404 PLUGIN_NOT_FOUND, 400 INVALID_PARAMETER (field `email`) for an unknown email
   */
  async assignOwner(admin: AuthUser, pluginKey: string, email: string | null): Promise<AssignOwnerResult> {
    const plugin = await pluginByKey(this.db.kysely, pluginKey);
    if (!plugin) throw new ApiError(ApiErrorCode.PLUGIN_NOT_FOUND, `no plugin with plugin_key ${pluginKey}`);
    let owner: AssignOwnerResult['owner'] = null;
    if (email !== null) {
      const account = await this.db.kysely
        .selectFrom('user_account')
        .select(['id', 'nick_name', 'user_name'])
        .where('email', '=', email.trim().toLowerCase())
        .executeTakeFirst();
      if (!account)
        throw new ApiError(ApiErrorCode.INVALID_PARAMETER, 'email: no account has this email', 400, 'email');
      owner = { user_id: account.id, nick_name: account.nick_name || account.user_name };
    }
    const actorName = await accountName(this.db.kysely, admin.user_id);
    const tags = await pluginTagCodes(this.db.kysely, plugin.id);
    await this.db.kysely.transaction().execute(async (trx) => {
      await trx
        .updateTable('plugin')
        .set({ owner_id: owner?.user_id ?? null })
        .where('id', '=', plugin.id)
        .execute();
      // A plugin that never went through publishing (an import) gets its live listing as an approved
      // submission, so that its new owner finds it in "my plugins" and can edit it.
      const any = await trx
        .selectFrom('plugin_submission')
        .select('id')
        .where('plugin_id', '=', plugin.id)
        .executeTakeFirst();
      if (owner && !any) {
        await trx
          .insertInto('plugin_submission')
          .values({
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
            tags: JSON.stringify(tags),
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
            is_default_install: plugin.is_default_install,
            checks: '[]',
            reject_reason: null,
            version_content: plugin.version_content,
          })
          .execute();
      }
      await appendAuditLog(trx, {
        time: this.clock(),
        actor_id: admin.user_id,
        actor_name: actorName,
        action: 'assign_owner',
        plugin_key: plugin.plugin_key,
        version: plugin.current_version,
        reason: owner ? `to ${owner.nick_name} (user ${owner.user_id})` : 'to nobody',
      });
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
    if (!plugin) throw new ApiError(ApiErrorCode.PLUGIN_NOT_FOUND, `no plugin with plugin_key ${pluginKey}`);
    const latest = await latestSubmission(this.db.kysely, plugin.id);
    const key = latest?.code_file ?? plugin.code_file;
    const bytes =
      key && STORAGE_KEY.test(key) && key.endsWith('.json') ? await this.storage.get(key) : undefined;
    if (!bytes) throw new ApiError(ApiErrorCode.PLUGIN_NOT_FOUND, `plugin ${pluginKey} has no code file`);
    await appendAuditLog(this.db.kysely, {
      time: this.clock(),
      actor_id: admin.user_id,
      actor_name: await accountName(this.db.kysely, admin.user_id),
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
   * come back with their file, index and reason. `signal` (the request closing) stops the import
   * between plugins: every plugin written is whole. Audit-logged with the counts.
   * @throws ApiError 400 UPLOAD_REJECTED for a file that is neither (see `readBatch`)
   */
  async batchUpload(
    admin: AuthUser,
    fileName: string,
    bytes: Uint8Array,
    signal?: AbortSignal,
  ): Promise<BatchUploadResult> {
    const sources = readBatch(fileName, bytes);
    const report = await importEntries(this.db, sources, {
      batchSize: 1,
      now: this.clock(),
      ...(signal ? { signal } : {}),
    });
    const failed = report.errors.map((e) => ({ file: e.file ?? fileName, index: e.index, reason: e.reason }));
    await appendAuditLog(this.db.kysely, {
      time: this.clock(),
      actor_id: admin.user_id,
      actor_name: await accountName(this.db.kysely, admin.user_id),
      action: 'batch_upload',
      plugin_key: '',
      version: null,
      reason: `${fileName}: ${report.added} added, ${report.skipped} skipped, ${failed.length} failed${report.cancelled ? ', cancelled' : ''}`,
    });
    return {
      added: report.added,
      skipped: report.skipped,
      translations: report.translations,
      failed,
      cancelled: report.cancelled === true,
    };
  }

  /** `GET plugin/audit`: the caller's plugins, the newest submission of each, newest first. */
  userPlugins(
    user: AuthUser,
    cursor: string | undefined,
    pageSize: number | undefined,
  ): Promise<SubmissionPage> {
    return this.page({ ownerId: user.user_id }, 'mine', cursor, pageSize);
  }

  /** `GET plugin/audit/list`: submissions by audit filter (0 all, 1 unaudited, 2 passed, 3 not passed). */
  auditList(
    status: number | undefined,
    keyword: string | undefined,
    cursor: string | undefined,
    pageSize: number | undefined,
  ): Promise<SubmissionPage> {
    const filter = { ...(status ? { status } : {}), ...(keyword?.trim() ? { keyword: keyword.trim() } : {}) };
    return this.page(filter, `audit:${filter.status ?? 0}:${filter.keyword ?? ''}`, cursor, pageSize);
  }

  private async page(
    filter: Parameters<typeof listSubmissions>[1],
    query: string,
    cursor: string | undefined,
    pageSize: number = PAGE_SIZE.DEFAULT,
  ): Promise<SubmissionPage> {
    const fingerprint = cursorQuery(query);
    const beforeId = cursor ? decodeCursor(cursor, fingerprint, 1)[0] : undefined;
    const { rows, total } = await listSubmissions(this.db.kysely, filter, beforeId, pageSize);
    const plugins = await pluginsByIds(
      this.db.kysely,
      rows.map((r) => r.plugin_id),
    );
    const tags = await tagCodesByPlugin(
      this.db.kysely,
      rows.filter((r) => isApproved(plugins.get(r.plugin_id)!)).map((r) => r.plugin_id),
    );
    const list = rows.map((row) =>
      this.toWire(row, plugins.get(row.plugin_id)!, tags.get(row.plugin_id) ?? []),
    );
    const last = rows.at(-1);
    return {
      submission_list: list,
      total,
      next_cursor: rows.length === pageSize && last ? encodeCursor(fingerprint, [last.id]) : null,
    };
  }

  /** `GET manager/audit-log`: newest first, optionally one plugin's. */
  async auditLog(
    pluginKey: string | undefined,
    cursor: string | undefined,
    pageSize: number = PAGE_SIZE.DEFAULT,
  ): Promise<AuditLogPage> {
    const fingerprint = cursorQuery(`log:${pluginKey ?? ''}`);
    const beforeId = cursor ? decodeCursor(cursor, fingerprint, 1)[0] : undefined;
    const rows = await listAuditLog(this.db.kysely, pluginKey, beforeId, pageSize);
    const last = rows.at(-1);
    return {
      entry_list: rows.map((r) => ({
        id: r.id,
        time: Number(r.time),
        actor: { user_id: r.actor_id, nick_name: r.actor_name },
        action: r.action,
        plugin_key: r.plugin_key,
        version: r.version,
        reason: r.reason,
      })),
      next_cursor: rows.length === pageSize && last ? encodeCursor(fingerprint, [last.id]) : null,
    };
  }

  /** One submission on the wire. */
  async submission(id: number): Promise<Submission> {
    const row = await submissionById(this.db.kysely, id);
    if (!row) throw new ApiError(ApiErrorCode.PLUGIN_NOT_FOUND, 'the submission no longer exists');
    const plugin = (await pluginsByIds(this.db.kysely, [row.plugin_id])).get(row.plugin_id)!;
    return this.toWire(
      row,
      plugin,
      isApproved(plugin) ? await pluginTagCodes(this.db.kysely, plugin.id) : [],
    );
  }

  /** A submission on the wire; `liveTags`: the live listing's tag codes (for the changes). */
  private toWire(row: SubmissionListRow, plugin: PluginRow, liveTags: readonly string[]): Submission {
    const live = isApproved(plugin);
    const tags = JSON.parse(row.tags) as string[];
    return {
      id: row.id,
      plugin_key: row.plugin_key,
      name: row.name,
      intro: row.intro,
      description: row.description,
      tags,
      icon: fileUrl(row.icon),
      cover_center: fileUrl(row.cover_center),
      cover_panel: fileUrl(row.reuse_center_cover ? row.cover_center : row.cover_panel),
      reuse_center_cover: row.reuse_center_cover === 1,
      video: fileUrl(row.video),
      images: (JSON.parse(row.images) as string[]).map((k) => fileUrl(k)!),
      has_code_file: row.code_file !== null,
      contact: row.contact,
      version: row.version,
      version_content: row.version_content,
      copyright_type: row.copyright_type,
      copyright_name: row.copyright_name,
      developer: row.developer,
      technical_support_link: row.technical_support_link,
      is_default_install: row.is_default_install === 1,
      review_status: row.status as Submission['review_status'],
      reject_reason: row.reject_reason,
      checks: JSON.parse(row.checks) as CheckResult[],
      live_version: live ? plugin.current_version : null,
      changes: live ? changesOf(row, plugin, liveTags) : [],
      submitter:
        row.submitter_id === null ? null : { user_id: row.submitter_id, nick_name: row.submitter_name ?? '' },
      create_time: Number(row.create_time),
      review_time: row.review_time === null ? null : Number(row.review_time),
    };
  }
}

/** The fields in which a submission differs from the live listing (texts cut to 500 characters). */
function changesOf(row: SubmissionRow, plugin: PluginRow, liveTags: readonly string[]): FieldChange[] {
  const cut = (v: string | null) => (v === null ? null : v.length > 500 ? `${v.slice(0, 500)}…` : v);
  const out: FieldChange[] = [];
  const compare = (field: string, before: string | null, after: string | null) => {
    if ((before ?? '') !== (after ?? '')) out.push({ field, before: cut(before), after: cut(after) });
  };
  compare('version', plugin.current_version, row.version);
  compare('name', plugin.name, row.name);
  compare('intro', plugin.intro, row.intro);
  compare('description', plugin.description, row.description);
  compare('tags', liveTags.join(', '), (JSON.parse(row.tags) as string[]).join(', '));
  compare('icon', plugin.icon, fileUrl(row.icon));
  compare('cover_center', plugin.cover_center, fileUrl(row.cover_center));
  compare('video', plugin.video, fileUrl(row.video));
  compare('code_file', plugin.code_file, row.code_file);
  compare('contact', plugin.contact, row.contact);
  compare('developer', plugin.developer, row.developer);
  compare('technical_support_link', plugin.technical_support_link, row.technical_support_link);
  return out;
}

/** The storage key inside a stored-file URL, or the value when it is not one (kept as is). */
function keyOf(value: string | null): string | null {
  if (!value) return null;
  return value.startsWith(FILE_URL_PREFIX) ? value.slice(FILE_URL_PREFIX.length) : value;
}
