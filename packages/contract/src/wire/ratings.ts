/**
 * The ratings' wire: a plugin's star ratings and reviews (not the administrators' review of
 * submissions, `review.ts`), their summary, helpful votes, the publisher's reply, reports and the
 * back office's moderation queue.
 */
import { type Static, Type } from 'typebox';
import { PAGE_SIZE } from '../constants';
import { RATING_LIMITS } from '../text';
import { INT32_MAX } from './common';
import { NullableString } from './fields';

const PluginKey = Type.String({ minLength: 1, maxLength: 128 });
const ReviewId = Type.Integer({ minimum: 1, maximum: INT32_MAX, description: 'id of the plugin review' });
const Cursor = Type.String({ maxLength: 512 });
const PageSize = Type.Integer({ minimum: 1, maximum: PAGE_SIZE.MAX, default: PAGE_SIZE.DEFAULT });
const Stars = Type.Integer({ minimum: RATING_LIMITS.MIN_STARS, maximum: RATING_LIMITS.MAX_STARS });

/**
 * A plugin's ratings in figures: count, average and distribution of the visible reviews (hidden
 * ones are left out), kept equal to the review rows in the transaction that writes them.
 */
export const RatingSummary = Type.Object({
  rating_count: Type.Integer({ minimum: 0 }),
  rating_average: Type.Union([Type.Number({ minimum: 1, maximum: 5 }), Type.Null()], {
    description: 'mean stars rounded to one decimal; null without ratings',
  }),
  distribution: Type.Array(Type.Integer({ minimum: 0 }), {
    minItems: 5,
    maxItems: 5,
    description: 'number of ratings with 1, 2, 3, 4 and 5 stars (index 0 is 1 star)',
  }),
});
export type RatingSummary = Static<typeof RatingSummary>;

/** The publisher's reply to a review (one per review). */
export const RatingReply = Type.Object({
  body: Type.String(),
  create_time: Type.Integer({ description: 'ms since the Unix epoch' }),
  update_time: Type.Integer({ description: 'ms since the Unix epoch' }),
});
export type RatingReply = Static<typeof RatingReply>;

/** One plugin review: the stars, the optional title and text, its author, votes and reply. */
export const PluginReview = Type.Object({
  id: Type.Integer(),
  plugin_key: Type.String(),
  rating: Stars,
  title: Type.String({ description: "'' when the rating has no title" }),
  body: Type.String({ description: "'' when the rating has no text" }),
  author: Type.Object({ user_id: Type.Integer(), nick_name: Type.String(), avatar_url: NullableString }),
  create_time: Type.Integer({ description: 'ms since the Unix epoch' }),
  update_time: Type.Integer({ description: 'ms since the Unix epoch' }),
  helpful_count: Type.Integer({ minimum: 0, description: 'equals the helpful votes it has' }),
  is_helpful: Type.Boolean({ description: 'the caller marked it helpful' }),
  is_mine: Type.Boolean(),
  reply: Type.Union([RatingReply, Type.Null()]),
  hidden_reason: Type.Union([Type.String(), Type.Null()], {
    description:
      "why a moderator hid it; only ever set on the author's own review (`my_review`) and in the moderation queue",
  }),
});
export type PluginReview = Static<typeof PluginReview>;

/** Query of `GET /api/cmt/plugin/rating/list`. */
export const RatingListQuery = Type.Object(
  {
    plugin_key: PluginKey,
    sort: Type.Optional(
      Type.Union(
        [Type.Literal('newest'), Type.Literal('helpful'), Type.Literal('highest'), Type.Literal('lowest')],
        { default: 'newest' },
      ),
    ),
    cursor: Type.Optional(Cursor),
    page_size: Type.Optional(PageSize),
  },
  { additionalProperties: false },
);
export type RatingListQuery = Static<typeof RatingListQuery>;
/** An order of a plugin's reviews: newest first, most helpful, highest rating, lowest rating. */
export type RatingSort = NonNullable<RatingListQuery['sort']>;

/** Data of `GET /api/cmt/plugin/rating/list`: the summary and a page of visible reviews. */
export const RatingPage = Type.Object({
  summary: RatingSummary,
  review_list: Type.Array(PluginReview),
  next_cursor: NullableString,
  my_review: Type.Union([PluginReview, Type.Null()], {
    description:
      "the caller's own review, also when hidden (with `hidden_reason`); null signed out or without one",
  }),
  can_rate: Type.Boolean({ description: 'signed in and has installed the plugin (now or before)' }),
  can_reply: Type.Boolean({ description: "the caller owns the plugin (the publisher's reply)" }),
});
export type RatingPage = Static<typeof RatingPage>;

/** Body of `PUT /api/cmt/plugin/rating`: the caller's rating, created or replaced. */
export const SaveRatingBody = Type.Object(
  {
    plugin_key: PluginKey,
    rating: Stars,
    title: Type.Optional(Type.String({ maxLength: RATING_LIMITS.TITLE })),
    body: Type.Optional(Type.String({ maxLength: RATING_LIMITS.BODY })),
  },
  { additionalProperties: false },
);
export type SaveRatingBody = Static<typeof SaveRatingBody>;

/** Data of `PUT` and `DELETE /api/cmt/plugin/rating`: the caller's review (null once deleted) and the new summary. */
export const SaveRatingResult = Type.Object({
  review: Type.Union([PluginReview, Type.Null()]),
  summary: RatingSummary,
});
export type SaveRatingResult = Static<typeof SaveRatingResult>;

/** Body of `DELETE /api/cmt/plugin/rating`. */
export const DeleteRatingBody = Type.Object({ plugin_key: PluginKey }, { additionalProperties: false });
export type DeleteRatingBody = Static<typeof DeleteRatingBody>;

/** Body of `POST /api/cmt/plugin/rating/helpful`: mark (true) or unmark (false) a review helpful. */
export const RatingHelpfulBody = Type.Object(
  { review_id: ReviewId, helpful: Type.Boolean() },
  { additionalProperties: false },
);
export type RatingHelpfulBody = Static<typeof RatingHelpfulBody>;

/** Data of `POST /api/cmt/plugin/rating/helpful`. */
export const RatingHelpfulResult = Type.Object({
  review_id: Type.Integer(),
  is_helpful: Type.Boolean(),
  helpful_count: Type.Integer({ minimum: 0, description: 'equals the helpful votes it has' }),
});
export type RatingHelpfulResult = Static<typeof RatingHelpfulResult>;

/** Body of `PUT /api/cmt/plugin/rating/reply`: the publisher's reply, written or replaced. */
export const RatingReplyBody = Type.Object(
  { review_id: ReviewId, body: Type.String({ minLength: 1, maxLength: RATING_LIMITS.REPLY }) },
  { additionalProperties: false },
);
export type RatingReplyBody = Static<typeof RatingReplyBody>;

/** Body of `DELETE /api/cmt/plugin/rating/reply` and the review id of other calls. */
export const RatingRef = Type.Object({ review_id: ReviewId }, { additionalProperties: false });
export type RatingRef = Static<typeof RatingRef>;

/** Body of `POST /api/cmt/plugin/rating/report`. */
export const RatingReportBody = Type.Object(
  { review_id: ReviewId, reason: Type.String({ minLength: 1, maxLength: RATING_LIMITS.REASON }) },
  { additionalProperties: false },
);
export type RatingReportBody = Static<typeof RatingReportBody>;

/** Data of `POST /api/cmt/plugin/rating/report`. */
export const RatingReportResult = Type.Object({
  review_id: Type.Integer(),
  reported: Type.Literal(true),
});
export type RatingReportResult = Static<typeof RatingReportResult>;

/** Query of `GET /api/cmt/manager/rating/report/list`: `open` reports waiting (default), or `hidden` reviews. */
export const RatingReportListQuery = Type.Object(
  {
    status: Type.Optional(Type.Union([Type.Literal('open'), Type.Literal('hidden')], { default: 'open' })),
    cursor: Type.Optional(Cursor),
    page_size: Type.Optional(PageSize),
  },
  { additionalProperties: false },
);
export type RatingReportListQuery = Static<typeof RatingReportListQuery>;

/** One report of a review. */
export const RatingReport = Type.Object({
  reporter: Type.Object({ user_id: Type.Integer(), nick_name: Type.String() }),
  reason: Type.String(),
  create_time: Type.Integer({ description: 'ms since the Unix epoch' }),
});
export type RatingReport = Static<typeof RatingReport>;

/** One entry of the moderation queue: the review, its plugin's name and its open reports. */
export const ReportedRating = Type.Object({
  review: PluginReview,
  plugin_name: Type.String(),
  is_hidden: Type.Boolean(),
  report_list: Type.Array(RatingReport, { description: 'open reports, oldest first' }),
});
export type ReportedRating = Static<typeof ReportedRating>;

/** Data of `GET /api/cmt/manager/rating/report/list`: most recently reported first. */
export const RatingReportPage = Type.Object({
  entry_list: Type.Array(ReportedRating),
  next_cursor: NullableString,
});
export type RatingReportPage = Static<typeof RatingReportPage>;

/**
 * Body of `POST /api/cmt/manager/rating/moderate`: `hide` (reason required) takes the review out of
 * the list and the summary and closes its open reports; `restore` shows a hidden review again;
 * `dismiss` closes its open reports and leaves it shown.
 */
export const ModerateRatingBody = Type.Object(
  {
    review_id: ReviewId,
    action: Type.Union([Type.Literal('hide'), Type.Literal('restore'), Type.Literal('dismiss')]),
    reason: Type.Optional(Type.String({ maxLength: RATING_LIMITS.REASON })),
  },
  { additionalProperties: false },
);
export type ModerateRatingBody = Static<typeof ModerateRatingBody>;
