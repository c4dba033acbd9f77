/**
 * The schemas of the `plugin` group's ratings calls (spread into `PLUGIN_ROUTE_SCHEMAS`, `plugin.ts`):
 * a plugin's star ratings and reviews, helpful votes, the publisher's reply, reports and moderation.
 */
import {
  DeleteRatingBody,
  ModerateRatingBody,
  PluginReview,
  RatingHelpfulBody,
  RatingHelpfulResult,
  RatingListQuery,
  RatingPage,
  RatingRef,
  RatingReplyBody,
  RatingReportBody,
  RatingReportListQuery,
  RatingReportPage,
  RatingReportResult,
  ReportedRating,
  SaveRatingBody,
  SaveRatingResult,
} from '../wire/ratings';
import { PLUGINS } from './definition';

/** What the ratings' texts must be, for the OpenAPI descriptions. */
const TEXT_RULES =
  'Texts follow the description rule (`@plugin-center/contract/text` stripHidden: invisible and bidirectional control characters removed, tab and line breaks kept; NUL refused with 400 INVALID_PARAMETER); titles are trimmed.';

/** Schemas of the ratings calls of the route table's `plugin` group. */
export const PLUGIN_RATING_ROUTE_SCHEMAS = {
  ratingList: {
    tags: PLUGINS,
    summary: "An approved plugin's ratings: summary (count, average, distribution) and a page of reviews",
    description:
      "Order `sort`: newest (default), helpful (most helpful votes), highest, lowest stars; ties newest first. `next_cursor` continues the same plugin and sort (400 INVALID_CURSOR otherwise). Hidden reviews are neither listed nor counted. With a bearer access token the answer carries the caller's `my_review` (also when hidden), `is_helpful` and `is_mine` on each review, `can_rate` and `can_reply`. 404 PLUGIN_NOT_FOUND.",
    querystring: RatingListQuery,
    response: RatingPage,
  },
  saveRating: {
    tags: PLUGINS,
    summary: "Rate an installed plugin 1–5 stars with an optional title and text, or change one's rating",
    description: `One rating per user and plugin: a second call replaces the first (its helpful votes and the publisher's reply stay). Only after installing the plugin (now or before): 403 FORBIDDEN otherwise. A rating hidden by a moderator stays hidden when edited. ${TEXT_RULES} 404 PLUGIN_NOT_FOUND unless the plugin is approved.`,
    body: SaveRatingBody,
    response: SaveRatingResult,
  },
  deleteRating: {
    tags: PLUGINS,
    summary: "Delete one's rating of a plugin with its votes, reply and reports (idempotent)",
    body: DeleteRatingBody,
    response: SaveRatingResult,
  },
  ratingHelpful: {
    tags: PLUGINS,
    summary: 'Mark (helpful true) or unmark (false) a review as helpful (idempotent)',
    description:
      "Not on one's own review: 403 FORBIDDEN. 404 RATING_NOT_FOUND for an unknown or hidden review. `helpful_count` equals the votes.",
    body: RatingHelpfulBody,
    response: RatingHelpfulResult,
  },
  saveRatingReply: {
    tags: PLUGINS,
    summary: "The publisher's one reply to a review of their plugin, written or replaced",
    description: `The plugin's owner only (403 FORBIDDEN for anyone else, administrators included). ${TEXT_RULES} 404 RATING_NOT_FOUND.`,
    body: RatingReplyBody,
    response: PluginReview,
  },
  deleteRatingReply: {
    tags: PLUGINS,
    summary: "Delete the publisher's reply to a review (the plugin's owner; idempotent)",
    body: RatingRef,
    response: PluginReview,
  },
  reportRating: {
    tags: PLUGINS,
    summary: 'Report a review to the moderators with a reason (once per user and review)',
    description:
      "A second report of the same review by the same user changes nothing. Not one's own review: 403 FORBIDDEN. 404 RATING_NOT_FOUND.",
    body: RatingReportBody,
    response: RatingReportResult,
  },
  ratingReportList: {
    tags: PLUGINS,
    summary: 'The moderation queue (admin): reported reviews with their open reports, or the hidden ones',
    description:
      '`status` open (default): reviews with open reports, most recently reported first; hidden: hidden reviews, most recently hidden first.',
    querystring: RatingReportListQuery,
    response: RatingReportPage,
  },
  moderateRating: {
    tags: PLUGINS,
    summary: 'Hide (reason required), restore or dismiss the reports of a review (admin; audit-logged)',
    description:
      'hide: the review leaves the list and the summary, its open reports are closed; restore: a hidden review is shown and counted again; dismiss: its open reports are closed, the review stays. Each writes an audit entry (`rating_hide`, `rating_restore`, `rating_dismiss`) in its transaction. 400 INVALID_PARAMETER (field `reason`) for hide without a reason. 404 RATING_NOT_FOUND.',
    body: ModerateRatingBody,
    response: ReportedRating,
  },
} as const;
