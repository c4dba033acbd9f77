/**
 * `@plugin-center/react/ratings`: the hooks of plugin ratings and reviews — a plugin's reviews with
 * their summary ({@link usePluginRatings}) and the back office's moderation queue
 * ({@link useRatingReports}). Its own entry point, so that only the lazily loaded parts that show
 * ratings carry it: hooks re-exported by the main entry end up in the square's first load.
 *
 * @packageDocumentation
 */
export type { PluginRatingsMeta } from './usePluginRatings';
export { usePluginRatings } from './usePluginRatings';
export { useRatingReports } from './useRatingReports';
