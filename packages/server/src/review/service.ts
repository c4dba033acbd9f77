/**
 * Review (SPEC §4, §5): administrators list the submissions by audit status and approve or reject
 * the pending one of a plugin. Approval makes it the live listing (texts, files, tags, search
 * documents) and a history version; each decision is audit-logged in its transaction.
 */
import type {
  AuditLogPage,
  AuditStatusBody,
  Submission,
  SubmissionPage,
} from '@plugin-center/contract/schemas';
import { ApiErrorCode, ReviewStatus } from '@plugin-center/contract/schemas';
import type { Kysely } from 'kysely';
import { markCatalogueChanged, markPluginChanged } from '../db/changes';
import type { Database } from '../db/database';
import type { DatabaseSchema } from '../db/schema';
import { ApiError } from '../errors';
import type { NotificationsService } from '../notifications/service';
import { refreshSearchIndex, replacePluginTags } from '../plugins/data/write';
import {
  isApproved,
  isListed,
  latestSubmission,
  lockPluginByKey,
  type PluginRow,
  pluginByKey,
  updatePlugin,
} from '../publishing/data';
import {
  livePluginColumns,
  type SubmissionFiles,
  submissionOf,
  submissionPage,
} from '../publishing/submissions';
import { logAdminAction, readAuditLog } from '../shared/auditLog';
import type { AuthUser } from '../shared/auth';
import { cleanText } from '../shared/textHygiene';
import type { VersionFileRefs, VersionSigner } from '../signatures/versionSigner';
import { emitWebhook } from '../webhooks/emit';
import { addVersion, pendingSubmission, recordDecision, recordFirstApproval } from './data';
import { withMatches } from './matches';

/** Options of {@link ReviewService}. */
export interface ReviewOptions {
  /** Current time, ms (default `Date.now`). */
  clock?: () => number;
  /** Tells the plugin's owner of each decision, after it is committed. */
  notifications?: NotificationsService;
}

/** The review operations over one database. */
export class ReviewService {
  private readonly clock: () => number;

  /** @param signer - signs every approved version, in the approval's transaction. */
  constructor(
    private readonly db: Database,
    private readonly signer: VersionSigner,
    options: ReviewOptions = {},
  ) {
    this.clock = options.clock ?? Date.now;
    this.notifications = options.notifications;
  }

  private readonly notifications: NotificationsService | undefined;

  /**
   * `GET plugin/audit/list`: submissions by audit filter (0 all, 1 unaudited, 2 passed, 3 not
   * passed), each with the other plugins it matches by manifest id, name or repository
   * (`matches.ts`).
   */
  async auditList(
    status: number | undefined,
    keyword: string | undefined,
    cursor: string | undefined,
    pageSize: number | undefined,
  ): Promise<SubmissionPage> {
    const filter = { ...(status ? { status } : {}), ...(keyword?.trim() ? { keyword: keyword.trim() } : {}) };
    const page = await submissionPage(
      this.db.kysely,
      filter,
      `audit:${filter.status ?? 0}:${filter.keyword ?? ''}`,
      cursor,
      pageSize,
    );
    return { ...page, submission_list: await withMatches(this.db.kysely, page.submission_list) };
  }

  /**
   * `POST plugin/audit/status`: approves (2) or rejects (3, reason required, SPEC §4/§5) the
   * plugin's pending submission. Approval makes it the live listing (texts, files, tags, search
   * documents) and a history version signed by the instance's version-signing key (over the
   * version and the SHA-256 of its stored files, `signatures/versionSigner.ts`); both are
   * audit-logged, in the same transaction, so no approved version lacks its signature. The reason is
   * stored trimmed and without invisible or bidirectional control characters (`shared/textHygiene.ts`).
   *
   * A decision acts only on a submission still waiting: the plugin row is read and (PostgreSQL)
   * locked inside the transaction, and the decision is a conditional update of a submission whose
   * status is still unreviewed. Of two decisions sent at once exactly one is taken; the other is
   * answered 409 and writes nothing (no audit entry either). With `body.version` (the version the
   * administrator looked at) the decision is taken only on that version: one an edit replaced
   * meanwhile is answered 409 as well.
   * @throws ApiError 400 INVALID_PARAMETER (reject without reason), 404 PLUGIN_NOT_FOUND (no such
   *   plugin, or it never had a submission), 409 ALREADY_REVIEWED (its latest submission is
   *   decided already, for example by another administrator a moment before, or `body.version` is
   *   not the version waiting)
   */
  async review(admin: AuthUser, body: AuditStatusBody): Promise<Submission> {
    const reason = cleanText(body.reason ?? '', true);
    if (body.status === ReviewStatus.UNAPPROVED && reason === '')
      throw new ApiError(
        ApiErrorCode.INVALID_PARAMETER,
        'reason: a reason is required to reject',
        400,
        'reason',
      );
    const now = this.clock();
    // The stored files are hashed before the transaction (reading a video takes a while); the
    // transaction hashes again only what an edit changed meanwhile.
    const known =
      body.status === ReviewStatus.APPROVED ? await this.pendingDigests(body.plugin_key) : undefined;
    const notFound = () =>
      new ApiError(ApiErrorCode.PLUGIN_NOT_FOUND, `no plugin with plugin_key ${body.plugin_key}`);
    const decided = await this.db.kysely.transaction().execute(async (trx) => {
      const plugin = await lockPluginByKey(trx, this.db.dialect, body.plugin_key);
      if (!plugin) throw notFound();
      const pending = await pendingSubmission(trx, plugin.id);
      if (!pending) throw await nothingPending(trx, plugin);
      if (body.version !== undefined && body.version !== pending.version)
        throw new ApiError(
          ApiErrorCode.ALREADY_REVIEWED,
          `plugin ${plugin.plugin_key}: version ${body.version} is no longer waiting for review (version ${pending.version} replaced it)`,
        );
      const taken = await recordDecision(trx, pending.id, {
        status: body.status,
        reject_reason: body.status === ReviewStatus.UNAPPROVED ? reason : null,
        review_time: now,
        reviewer_id: admin.user_id,
      });
      if (!taken) throw await nothingPending(trx, plugin);
      if (body.status === ReviewStatus.APPROVED) {
        const wasListed = isListed(plugin);
        const files: SubmissionFiles = { ...pending, images: JSON.parse(pending.images) as string[] };
        const live = livePluginColumns(pending, files);
        const signature = await this.signer.sign(
          trx,
          await this.signer.describe(plugin.plugin_key, pending.version, now, liveFiles(live), known),
        );
        await updatePlugin(trx, plugin.id, {
          ...live,
          review_status: ReviewStatus.APPROVED,
          reject_reason: null,
          current_version: pending.version,
          version_content: pending.version_content,
          update_time: now,
          sort_time: now,
          // The design tools the submission declares (rows before migration 0041 declare none: kept).
          ...(pending.platforms === null ? {} : { platforms: pending.platforms }),
        });
        await recordFirstApproval(trx, plugin.id, now);
        await replacePluginTags(
          trx,
          plugin.id,
          JSON.parse(pending.tags) as string[],
          wasListed,
          plugin.unlisted_at === null,
        );
        await addVersion(trx, {
          plugin_id: plugin.id,
          version: pending.version,
          version_content: pending.version_content,
          create_time: now,
          ...signature,
        });
        await refreshSearchIndex(trx, [plugin.id]);
      } else if (!isApproved(plugin)) {
        await updatePlugin(trx, plugin.id, { review_status: ReviewStatus.UNAPPROVED, reject_reason: reason });
      }
      await logAdminAction(trx, admin, {
        time: now,
        action: body.status === ReviewStatus.APPROVED ? 'approve' : 'reject',
        plugin_key: plugin.plugin_key,
        version: pending.version,
        reason: body.status === ReviewStatus.UNAPPROVED ? reason : null,
      });
      return { id: pending.id, pluginKey: plugin.plugin_key, plugin, pending };
    });
    markPluginChanged(this.db, decided.pluginKey);
    markCatalogueChanged(this.db);
    const approved = body.status === ReviewStatus.APPROVED;
    await this.notifications?.notify({
      ownerId: decided.plugin.owner_id,
      actorId: admin.user_id,
      kind: approved ? 'submission_approved' : 'submission_rejected',
      pluginId: decided.plugin.id,
      payload: {
        plugin_key: decided.pluginKey,
        plugin_name: decided.pending.name,
        version: decided.pending.version,
        ...(approved ? {} : { reason }),
      },
    });
    await emitWebhook(this.db, approved ? 'plugin.approved' : 'plugin.rejected', {
      plugin_key: decided.pluginKey,
      plugin_name: decided.pending.name,
      version: decided.pending.version,
      ...(approved ? { first: decided.plugin.approve_time === null } : { reason }),
    });
    return submissionOf(this.db.kysely, decided.id);
  }

  /**
   * The SHA-256 of the stored files of the plugin's pending submission as it would go live (an
   * empty map when there is none or a file cannot be read: the approval then finds out itself).
   */
  private async pendingDigests(pluginKey: string): Promise<Map<string, string>> {
    try {
      const plugin = await pluginByKey(this.db.kysely, pluginKey);
      const pending = plugin && (await pendingSubmission(this.db.kysely, plugin.id));
      if (!pending) return new Map();
      const files: SubmissionFiles = { ...pending, images: JSON.parse(pending.images) as string[] };
      return await this.signer.digests(liveFiles(livePluginColumns(pending, files)));
    } catch {
      return new Map();
    }
  }

  /** `GET manager/audit-log`: newest first, optionally one plugin's. */
  auditLog(
    pluginKey: string | undefined,
    cursor: string | undefined,
    pageSize?: number,
  ): Promise<AuditLogPage> {
    return readAuditLog(this.db.kysely, pluginKey, cursor, pageSize);
  }
}

/** The files of a live listing (the columns `livePluginColumns` makes) as a version's signature names them. */
function liveFiles(live: ReturnType<typeof livePluginColumns>): VersionFileRefs {
  return { ...live, images: JSON.parse(live.images) as string[] };
}

/**
 * The error for a decision on `plugin` when nothing of it is waiting for review: 409
 * ALREADY_REVIEWED naming the decided latest submission, or 404 PLUGIN_NOT_FOUND when it never had
 * one (a plugin imported from the catalogue).
 */
async function nothingPending(db: Kysely<DatabaseSchema>, plugin: PluginRow): Promise<ApiError> {
  const latest = await latestSubmission(db, plugin.id);
  if (!latest)
    return new ApiError(
      ApiErrorCode.PLUGIN_NOT_FOUND,
      `plugin ${plugin.plugin_key} has no submission waiting for review`,
    );
  const decision = latest.status === ReviewStatus.APPROVED ? 'approved' : 'rejected';
  return new ApiError(
    ApiErrorCode.ALREADY_REVIEWED,
    `plugin ${plugin.plugin_key}: version ${latest.version} was already ${decision}; nothing is waiting for review`,
  );
}
