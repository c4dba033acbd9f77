/**
 * Ratings and reviews of plugins (Open VSX, JetBrains Marketplace): a signed-in user who has
 * installed an approved plugin rates it 1–5 stars with an optional title and text, one rating per
 * user and plugin, and edits or deletes it; others mark reviews helpful and report them; the
 * plugin's owner replies once per review; administrators hide, restore or dismiss reported reviews
 * from the moderation queue, each in the audit log. The plugin's count, sum and distribution of
 * shown ratings and a review's helpful count follow the rows through the triggers of migration 0035.
 *
 * Not the `review` domain (administrators' decisions on submissions): the wire calls these
 * "ratings" and "plugin reviews".
 */
import {
  ApiErrorCode,
  type ModerateRatingBody,
  PAGE_SIZE,
  type PluginReview,
  type RatingHelpfulResult,
  type RatingListQuery,
  type RatingPage,
  type RatingReportListQuery,
  type RatingReportPage,
  type RatingReportResult,
  type RatingSort,
  type RatingSummary,
  type ReportedRating,
  type SaveRatingBody,
  type SaveRatingResult,
} from '@plugin-center/contract/schemas';
import { markPluginChanged } from '../db/changes';
import type { Database } from '../db/database';
import { retryOnConflict } from '../db/retry';
import { ApiError } from '../errors';
import type { NotificationsService } from '../notifications/service';
import { logAdminAction } from '../shared/auditLog';
import type { AuthUser } from '../shared/auth';
import { decodeCursor, encodeCursor } from '../shared/cursor';
import { ratingAverage } from '../shared/ratingAverage';
import { cleanText } from '../shared/textHygiene';
import { emitWebhook } from '../webhooks/emit';
import {
  approvedPlugin,
  deleteRating,
  hasInstalled,
  helpfulCount,
  insertReport,
  openReports,
  type RatedPlugin,
  type RatingCounters,
  type RatingRow,
  ratingById,
  ratingCounters,
  ratingOfUser,
  ratingPage,
  ratingSortKey,
  reportQueue,
  resolveReports,
  setHidden,
  setReply,
  setVote,
  upsertRating,
} from './data';

/** Options of {@link RatingsService}. */
export interface RatingsOptions {
  /** Current time, ms (default `Date.now`). */
  clock?: () => number;
  /** Tells a plugin's owner of a new review with a text (not their own, not an edit). */
  notifications?: NotificationsService;
}

/** The message of the 403 answered to a rating of a plugin the caller never installed. */
export const NOT_INSTALLED_MESSAGE =
  'install the plugin before rating it: only people who installed a plugin rate it';

const invalid = (field: string, message: string) =>
  new ApiError(ApiErrorCode.INVALID_PARAMETER, `${field}: ${message}`, 400, field);
const forbidden = (message: string) => new ApiError(ApiErrorCode.FORBIDDEN, message, 403);
const ratingNotFound = (id: number) =>
  new ApiError(ApiErrorCode.RATING_NOT_FOUND, `no plugin review with review_id ${id}`, 404);

/** The summary of the plugin's counters: count, average to one decimal, distribution 1 … 5. */
export function ratingSummary(c: RatingCounters): RatingSummary {
  const count = Number(c.rating_count);
  return {
    rating_count: count,
    rating_average: ratingAverage(count, c.rating_sum),
    distribution: [c.rating_1, c.rating_2, c.rating_3, c.rating_4, c.rating_5].map(Number),
  };
}

/**
 * The wire review of a row, seen by `viewerId`; `showHidden` keeps the moderator's reason (the
 * author's own review, the moderation queue).
 */
function toReview(row: RatingRow, viewerId: number | null, showHidden: boolean): PluginReview {
  return {
    id: row.id,
    plugin_key: row.plugin_key,
    rating: row.rating,
    title: row.title,
    body: row.body,
    author: { user_id: row.user_id, nick_name: row.nick_name || row.user_name, avatar_url: row.avatar_url },
    create_time: Number(row.create_time),
    update_time: Number(row.update_time),
    helpful_count: Number(row.helpful_count),
    is_helpful: Boolean(row.is_helpful),
    is_mine: viewerId !== null && row.user_id === viewerId,
    reply:
      row.reply_body === null
        ? null
        : {
            body: row.reply_body,
            create_time: Number(row.reply_create_time),
            update_time: Number(row.reply_update_time),
          },
    hidden_reason: showHidden && row.hidden_at !== null ? (row.hidden_reason ?? '') : null,
  };
}

/** The rating operations over one database. */
export class RatingsService {
  private readonly clock: () => number;
  private readonly notifications: NotificationsService | undefined;

  constructor(
    private readonly db: Database,
    options: RatingsOptions = {},
  ) {
    this.clock = options.clock ?? Date.now;
    this.notifications = options.notifications;
  }

  /** The approved plugin with `pluginKey`. @throws ApiError PLUGIN_NOT_FOUND (404). */
  private async plugin(pluginKey: string): Promise<RatedPlugin> {
    const plugin = await approvedPlugin(this.db, pluginKey);
    if (!plugin) {
      throw new ApiError(
        ApiErrorCode.PLUGIN_NOT_FOUND,
        `no plugin with plugin_key ${JSON.stringify(pluginKey)}`,
      );
    }
    return plugin;
  }

  /** A shown rating by id. @throws ApiError RATING_NOT_FOUND (404) when unknown or hidden. */
  private async shownRating(id: number, viewerId: number): Promise<RatingRow> {
    const row = await ratingById(this.db.kysely, id, viewerId);
    if (!row || row.hidden_at !== null) throw ratingNotFound(id);
    return row;
  }

  /**
   * `GET plugin/rating/list`: the plugin's summary and one page of its shown reviews in `sort` order
   * (newest, helpful, highest, lowest; ties newest first), with the caller's own review and what the
   * caller may do.
   * @throws ApiError PLUGIN_NOT_FOUND (404), INVALID_CURSOR (400)
   */
  async list(viewer: AuthUser | null, query: RatingListQuery): Promise<RatingPage> {
    const plugin = await this.plugin(query.plugin_key);
    const sort: RatingSort = query.sort ?? 'newest';
    const pageSize = query.page_size ?? PAGE_SIZE.DEFAULT;
    const fingerprint = `ratings:${plugin.id}:${sort}`;
    const after = query.cursor ? (decodeCursor(query.cursor, fingerprint, 2) as [number, number]) : undefined;
    const viewerId = viewer?.user_id ?? null;
    const rows = await ratingPage(this.db.kysely, plugin.id, sort, after, pageSize + 1, viewerId);
    const page = rows.slice(0, pageSize);
    const last = page.at(-1);
    const mine =
      viewerId === null ? undefined : await ratingOfUser(this.db.kysely, plugin.id, viewerId, viewerId);
    return {
      summary: ratingSummary(await ratingCounters(this.db.kysely, plugin.id)),
      review_list: page.map((row) => toReview(row, viewerId, false)),
      next_cursor:
        rows.length > pageSize && last ? encodeCursor(fingerprint, ratingSortKey(last, sort)) : null,
      my_review: mine ? toReview(mine, viewerId, true) : null,
      can_rate: viewerId !== null && (await hasInstalled(this.db, viewerId, plugin.id)),
      can_reply: viewerId !== null && plugin.owner_id === viewerId,
    };
  }

  /**
   * `PUT plugin/rating`: creates the caller's rating of the plugin or replaces its stars and texts
   * (title trimmed; both texts without hidden characters, the description rule). A new rating with
   * a title or text tells the plugin's owner (unless the owner wrote it); an edit tells no one.
   * @throws ApiError PLUGIN_NOT_FOUND (404), FORBIDDEN (403, {@link NOT_INSTALLED_MESSAGE})
   */
  async save(user: AuthUser, body: SaveRatingBody): Promise<SaveRatingResult> {
    const plugin = await this.plugin(body.plugin_key);
    if (!(await hasInstalled(this.db, user.user_id, plugin.id))) throw forbidden(NOT_INSTALLED_MESSAGE);
    const row = {
      plugin_id: plugin.id,
      user_id: user.user_id,
      rating: body.rating,
      title: cleanText(body.title ?? '', true),
      body: cleanText(body.body ?? '').trim(),
    };
    const created = await retryOnConflict(() => upsertRating(this.db.kysely, row, this.clock()));
    markPluginChanged(this.db, plugin.plugin_key);
    if (created && (row.title !== '' || row.body !== '')) {
      await this.notifications?.notify({
        ownerId: plugin.owner_id,
        actorId: user.user_id,
        kind: 'review_posted',
        pluginId: plugin.id,
        payload: {
          plugin_key: plugin.plugin_key,
          plugin_name: plugin.name,
          rating: row.rating,
          title: row.title,
        },
      });
      await emitWebhook(this.db, 'review.posted', {
        plugin_key: plugin.plugin_key,
        plugin_name: plugin.name,
        rating: row.rating,
        title: row.title,
        body: row.body,
      });
    }
    const saved = await ratingOfUser(this.db.kysely, plugin.id, user.user_id, user.user_id);
    return {
      review: saved ? toReview(saved, user.user_id, true) : null,
      summary: ratingSummary(await ratingCounters(this.db.kysely, plugin.id)),
    };
  }

  /**
   * `DELETE plugin/rating`: deletes the caller's rating of the plugin with its votes, reply and
   * reports; idempotent.
   * @throws ApiError PLUGIN_NOT_FOUND (404)
   */
  async remove(user: AuthUser, pluginKey: string): Promise<SaveRatingResult> {
    const plugin = await this.plugin(pluginKey);
    await retryOnConflict(() => deleteRating(this.db.kysely, plugin.id, user.user_id));
    markPluginChanged(this.db, plugin.plugin_key);
    return { review: null, summary: ratingSummary(await ratingCounters(this.db.kysely, plugin.id)) };
  }

  /**
   * `POST plugin/rating/helpful`: marks (`helpful`) or unmarks a shown review as helpful; idempotent.
   * @throws ApiError RATING_NOT_FOUND (404), FORBIDDEN (403) on one's own review
   */
  async helpful(user: AuthUser, reviewId: number, helpful: boolean): Promise<RatingHelpfulResult> {
    const row = await this.shownRating(reviewId, user.user_id);
    if (row.user_id === user.user_id) throw forbidden('a review cannot be marked helpful by its own author');
    await retryOnConflict(() => setVote(this.db.kysely, reviewId, user.user_id, helpful, this.clock()));
    const count = await helpfulCount(this.db.kysely, reviewId);
    if (count === undefined) throw ratingNotFound(reviewId);
    return { review_id: reviewId, is_helpful: helpful, helpful_count: Number(count) };
  }

  /**
   * `PUT` / `DELETE plugin/rating/reply`: writes, replaces or (`body` null) deletes the reply to a
   * shown review of the caller's plugin (one reply per review; its first time is kept on edits).
   * @throws ApiError RATING_NOT_FOUND (404), FORBIDDEN (403) unless the caller owns the plugin,
   *   INVALID_PARAMETER (400, field `body`) for a reply empty once cleaned
   */
  async reply(user: AuthUser, reviewId: number, body: string | null): Promise<PluginReview> {
    const row = await this.shownRating(reviewId, user.user_id);
    if (row.owner_id === null || row.owner_id !== user.user_id) {
      throw forbidden("only the plugin's publisher replies to its reviews");
    }
    const text = body === null ? null : cleanText(body).trim();
    if (text === '') throw invalid('body', 'must not be empty');
    await setReply(this.db.kysely, reviewId, text, this.clock());
    markPluginChanged(this.db, row.plugin_key);
    return toReview((await ratingById(this.db.kysely, reviewId, user.user_id))!, user.user_id, false);
  }

  /**
   * `POST plugin/rating/report`: the caller reports a shown review (once; a second report changes
   * nothing).
   * @throws ApiError RATING_NOT_FOUND (404), FORBIDDEN (403) on one's own review,
   *   INVALID_PARAMETER (400, field `reason`) for a reason empty once cleaned
   */
  async report(user: AuthUser, reviewId: number, reason: string): Promise<RatingReportResult> {
    const row = await this.shownRating(reviewId, user.user_id);
    if (row.user_id === user.user_id) throw forbidden('a review cannot be reported by its own author');
    const text = cleanText(reason, true);
    if (text === '') throw invalid('reason', 'must not be empty');
    await insertReport(this.db.kysely, reviewId, user.user_id, text, this.clock());
    return { review_id: reviewId, reported: true };
  }

  /** The queue entries of rows: each review with its plugin's name and open reports. */
  private async entries(rows: RatingRow[]): Promise<ReportedRating[]> {
    const reports = await openReports(
      this.db.kysely,
      rows.map((r) => r.id),
    );
    return rows.map((row) => ({
      review: toReview(row, null, true),
      plugin_name: row.plugin_name,
      is_hidden: row.hidden_at !== null,
      report_list: reports
        .filter((r) => r.rating_id === row.id)
        .map((r) => ({
          reporter: { user_id: r.user_id, nick_name: r.nick_name || r.user_name },
          reason: r.reason,
          create_time: Number(r.create_time),
        })),
    }));
  }

  /**
   * `GET manager/rating/report/list`: `open` — reviews with open reports, most recently reported
   * first; `hidden` — hidden reviews, most recently hidden first.
   * @throws ApiError INVALID_CURSOR (400)
   */
  async queue(query: RatingReportListQuery): Promise<RatingReportPage> {
    const status = query.status ?? 'open';
    const pageSize = query.page_size ?? PAGE_SIZE.DEFAULT;
    const fingerprint = `ratings:queue:${status}`;
    const after = query.cursor ? (decodeCursor(query.cursor, fingerprint, 2) as [number, number]) : undefined;
    const rows = await reportQueue(this.db.kysely, status, after, pageSize + 1);
    const page = rows.slice(0, pageSize);
    const last = page.at(-1);
    return {
      entry_list: await this.entries(page),
      next_cursor:
        rows.length > pageSize && last ? encodeCursor(fingerprint, [Number(last.queue_time), last.id]) : null,
    };
  }

  /**
   * `POST manager/rating/moderate`: `hide` (reason required; closes the open reports as `hidden`),
   * `restore` (shows a hidden review again) or `dismiss` (closes the open reports, the review
   * stays), each with its audit entry (`rating_hide`, `rating_restore`, `rating_dismiss`: the
   * plugin, and `rating #<id>` with the reason) in the change's transaction.
   * @throws ApiError RATING_NOT_FOUND (404), INVALID_PARAMETER (400, field `reason`)
   */
  async moderate(admin: AuthUser, body: ModerateRatingBody): Promise<ReportedRating> {
    const reason = cleanText(body.reason ?? '', true);
    if (body.action === 'hide' && reason === '')
      throw invalid('reason', 'a reason is required to hide a review');
    const row = await ratingById(this.db.kysely, body.review_id, null);
    if (!row) throw ratingNotFound(body.review_id);
    const now = this.clock();
    await retryOnConflict(() =>
      this.db.kysely.transaction().execute(async (trx) => {
        if (body.action === 'hide') {
          await setHidden(trx, row.id, { reason, now });
          await resolveReports(trx, row.id, 'hidden', now);
        } else if (body.action === 'restore') {
          await setHidden(trx, row.id, null);
        } else {
          await resolveReports(trx, row.id, 'dismissed', now);
        }
        await logAdminAction(trx, admin, {
          time: now,
          action: `rating_${body.action}`,
          plugin_key: row.plugin_key,
          version: null,
          reason: reason ? `rating #${row.id}: ${reason}` : `rating #${row.id}`,
        });
      }),
    );
    markPluginChanged(this.db, row.plugin_key);
    const [entry] = await this.entries([(await ratingById(this.db.kysely, row.id, null))!]);
    return entry!;
  }
}
