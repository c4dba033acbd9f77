/**
 * The ratings' entries of the `plugin` group (spread into `PLUGIN_ROUTES`, `plugin.ts`): a plugin's
 * star ratings and reviews, helpful votes, the publisher's reply, reports and the back office's
 * moderation queue. Plugins are named by `plugin_key`, reviews by `review_id`, as the other plugin
 * calls name their rows.
 */
import type { RouteDefinition } from './definition';

/** The ratings calls under `/api/cmt/`, named as the API client's `plugin.*` functions. */
export const PLUGIN_RATING_ROUTES = {
  ratingList: {
    method: 'GET',
    path: '/api/cmt/plugin/rating/list',
    access: 'public',
    request: 'query',
    response: 'envelope',
  },
  saveRating: {
    method: 'PUT',
    path: '/api/cmt/plugin/rating',
    access: 'user',
    request: 'body',
    response: 'envelope',
  },
  deleteRating: {
    method: 'DELETE',
    path: '/api/cmt/plugin/rating',
    access: 'user',
    request: 'body',
    response: 'envelope',
  },
  ratingHelpful: {
    method: 'POST',
    path: '/api/cmt/plugin/rating/helpful',
    access: 'user',
    request: 'body',
    response: 'envelope',
  },
  saveRatingReply: {
    method: 'PUT',
    path: '/api/cmt/plugin/rating/reply',
    // The plugin's owner only (the service answers 403 to anyone else).
    access: 'user',
    request: 'body',
    response: 'envelope',
  },
  deleteRatingReply: {
    method: 'DELETE',
    path: '/api/cmt/plugin/rating/reply',
    access: 'user',
    request: 'body',
    response: 'envelope',
  },
  reportRating: {
    method: 'POST',
    path: '/api/cmt/plugin/rating/report',
    access: 'user',
    request: 'body',
    response: 'envelope',
  },
} as const satisfies Record<string, RouteDefinition>;
