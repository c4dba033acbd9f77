/**
 * The schemas of the `plugin` group's statistics calls (spread into `PLUGIN_ROUTE_SCHEMAS`,
 * `plugin.ts`): one plugin's numbers per UTC day and per version, as data and as CSV.
 */
import { PluginStats, PluginStatsQuery } from '../wire/reports';
import { ANALYTICS } from './definition';

/** Who may read a plugin's statistics, its range and where its numbers come from. */
const STATS_RULES =
  "The plugin's owner or an administrator: 403 FORBIDDEN 'Current account has no permission' for anyone else, 404 PLUGIN_NOT_FOUND for an unknown `plugin_key` (any review status). Range: `from` and `to` are UTC days (`YYYY-MM-DD`), both included; default `to` today (UTC) and `from` 29 days before; 400 INVALID_PARAMETER for a day that does not exist, `from` after `to`, or more than 366 days. Numbers come from the server's own rows, counted in the statement that writes them (migration 0040): installs and uninstalls of the plugin, views (a visitor once per plugin and day, as `view_count`), likes and unlikes, ratings given and their stars. An install and an uninstall count under the version installed; a view, like or rating under the version current at that moment; `version` null: not recorded (before the server kept versions).";

/** Schemas of the statistics calls of the route table's `plugin` group. */
export const PLUGIN_STATS_ROUTE_SCHEMAS = {
  pluginStats: {
    tags: ANALYTICS,
    summary: "A plugin's installs, uninstalls, views, likes and ratings per UTC day and per version",
    description: `${STATS_RULES} \`days\`: every day of the range, zero-filled, oldest first; \`versions\`: the versions with anything in the range, newest first (the unrecorded one last); \`totals\`: the range's sums.`,
    querystring: PluginStatsQuery,
    response: PluginStats,
  },
  pluginStatsCsv: {
    tags: ANALYTICS,
    summary: "A plugin's statistics per UTC day and version as a CSV file (attachment)",
    description: `${STATS_RULES} RFC 4180 \`text/csv\` in UTF-8 with a byte order mark, CRLF line ends, every field quoted, header \`plugin_key,plugin,date,version,installs,uninstalls,views,likes,unlikes,ratings,average_rating\`: one row per day and version with anything that day, one row of zeros (empty version) for a day with nothing. A text field starting with \`=\`, \`+\`, \`-\`, \`@\`, tab or carriage return is prefixed with \`'\` so a spreadsheet never runs it as a formula. \`Content-Disposition: attachment; filename="plugin-stats-<plugin_key>-<from>-<to>.csv"\`.`,
    querystring: PluginStatsQuery,
  },
} as const;
