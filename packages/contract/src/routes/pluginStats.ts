/**
 * The statistics' entries of the `plugin` group (spread into `PLUGIN_ROUTES`, `plugin.ts`): one
 * plugin's installs, uninstalls, views, likes and ratings per UTC day and per version, for its
 * publisher, as data and as a CSV file.
 */
import type { RouteDefinition } from './definition';

/** The statistics calls under `/api/cmt/`, named as the API client's `plugin.*` functions. */
export const PLUGIN_STATS_ROUTES = {
  pluginStats: {
    method: 'GET',
    path: '/api/cmt/plugin/stats',
    // The plugin's owner or an administrator (the service answers 403 to anyone else).
    access: 'user',
    request: 'query',
    response: 'envelope',
  },
  pluginStatsCsv: {
    method: 'GET',
    path: '/api/cmt/plugin/stats/csv',
    access: 'user',
    request: 'query',
    response: 'blob',
  },
} as const satisfies Record<string, RouteDefinition>;
