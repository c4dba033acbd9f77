/**
 * The queries of a plugin's statistics (the rules are in `pluginStats.ts`): the plugin itself and its
 * `plugin_daily_stat` rows (migration 0040), which triggers keep in step with the install, like,
 * view and rating rows in the statements that write them. A range of days is one range scan of the
 * table's primary key `(plugin_id, day, version)` on both dialects: at most one row per day and
 * version, whatever the traffic.
 */
import type { Database } from '../db/database';
import type { PluginDailyStatTable } from '../db/schema';

/** What the statistics need of a plugin. */
export interface StatsPlugin {
  id: number;
  plugin_key: string;
  name: string;
  owner_id: number | null;
  current_version: string | null;
}

/** The plugin with this key, any review status; undefined when there is none. */
export function statsPlugin(db: Database, pluginKey: string): Promise<StatsPlugin | undefined> {
  return db.kysely
    .selectFrom('plugin')
    .select(['id', 'plugin_key', 'name', 'owner_id', 'current_version'])
    .where('plugin_key', '=', pluginKey)
    .executeTakeFirst();
}

/**
 * One `plugin_daily_stat` row as read, without its plugin (numbers converted from the drivers'
 * strings; `version` `''` where it was not recorded).
 */
export type DailyStatRow = Omit<PluginDailyStatTable, 'plugin_id'>;

/** The counters of a `plugin_daily_stat` row (every column but its plugin, day and version). */
export const DAILY_STAT_COUNTERS = [
  'installs',
  'uninstalls',
  'views',
  'likes',
  'unlikes',
  'ratings',
  'rating_sum',
] as const;

/**
 * The plugin's rows from UTC day number `fromDay` to `toDay`, both included, by day then version
 * (days and versions without anything have no row).
 */
export async function dailyStatRows(
  db: Database,
  pluginId: number,
  fromDay: number,
  toDay: number,
): Promise<DailyStatRow[]> {
  const rows = await db.kysely
    .selectFrom('plugin_daily_stat')
    .select(['day', 'version', ...DAILY_STAT_COUNTERS])
    .where('plugin_id', '=', pluginId)
    .where('day', '>=', fromDay)
    .where('day', '<=', toDay)
    .orderBy('day')
    .orderBy('version')
    .execute();
  return rows.map((r) => {
    const row = { day: Number(r.day), version: r.version } as DailyStatRow;
    for (const c of DAILY_STAT_COUNTERS) row[c] = Number(r[c]);
    return row;
  });
}
