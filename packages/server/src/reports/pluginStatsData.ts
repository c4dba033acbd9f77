/**
 * The queries of a plugin's statistics (the rules are in `pluginStats.ts`): the plugin itself and its
 * `plugin_daily_stat` rows (migration 0040), which triggers keep in step with the install, like,
 * view and rating rows in the statements that write them. A range of days is one range scan of the
 * table's primary key `(plugin_id, day, version)` on both dialects: at most one row per day and
 * version, whatever the traffic.
 */
import type { Database } from '../db/database';

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

/** One `plugin_daily_stat` row as read (numbers converted from the drivers' strings). */
export interface DailyStatRow {
  /** UTC day number, `floor(ms / 86 400 000)`. */
  day: number;
  /** `''` where the version was not recorded. */
  version: string;
  installs: number;
  uninstalls: number;
  views: number;
  likes: number;
  unlikes: number;
  ratings: number;
  rating_sum: number;
}

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
    .select([
      'day',
      'version',
      'installs',
      'uninstalls',
      'views',
      'likes',
      'unlikes',
      'ratings',
      'rating_sum',
    ])
    .where('plugin_id', '=', pluginId)
    .where('day', '>=', fromDay)
    .where('day', '<=', toDay)
    .orderBy('day')
    .orderBy('version')
    .execute();
  return rows.map((r) => ({
    day: Number(r.day),
    version: r.version,
    installs: Number(r.installs),
    uninstalls: Number(r.uninstalls),
    views: Number(r.views),
    likes: Number(r.likes),
    unlikes: Number(r.unlikes),
    ratings: Number(r.ratings),
    rating_sum: Number(r.rating_sum),
  }));
}
