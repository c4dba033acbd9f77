/**
 * One plugin's statistics for its publisher (`GET /api/cmt/plugin/stats` and its CSV,
 * `GET /api/cmt/plugin/stats/csv`): installs, uninstalls, detail views, likes, unlikes and ratings
 * per UTC day and per version, from `plugin_daily_stat` (migration 0040), which triggers keep in step
 * with the server's own rows. The collector's events are not used: anyone can send them, and they
 * carry no version.
 */
import {
  ApiErrorCode,
  isAdminRole,
  type PluginStats,
  type PluginStatsCounts,
  type PluginStatsQuery,
  type PluginStatsVersion,
} from '@plugin-center/contract/schemas';
import semver from 'semver';
import type { Database } from '../db/database';
import { ApiError } from '../errors';
import { NO_PERMISSION_MESSAGE } from '../shared/auth';
import { csvDocument } from './csv';
import {
  DAILY_STAT_COUNTERS,
  type DailyStatRow,
  dailyStatRows,
  type StatsPlugin,
  statsPlugin,
} from './pluginStatsData';
import { DAY_MS, DEFAULT_RANGE_DAYS, dayNumber, formatDay, MAX_RANGE_DAYS } from './range';

/** The counters of a statistics row, in the order of the CSV's columns. */

/** The CSV's header row. */
export const PLUGIN_STATS_CSV_HEADER = [
  'plugin_key',
  'plugin',
  'date',
  'version',
  'installs',
  'uninstalls',
  'views',
  'likes',
  'unlikes',
  'ratings',
  'average_rating',
] as const;

/** A range of UTC day numbers, both ends included. */
export interface StatsDays {
  from: number;
  to: number;
}

/** The UTC day number of `YYYY-MM-DD` (already matched by the schema's pattern), or 400 naming `field`. */
function parseDay(text: string, field: 'from' | 'to'): number {
  const [y, m, d] = text.split('-').map(Number) as [number, number, number];
  const ms = Date.UTC(y, m - 1, d);
  if (y < 1970 || Number.isNaN(ms) || new Date(ms).toISOString().slice(0, 10) !== text) {
    throw new ApiError(
      ApiErrorCode.INVALID_PARAMETER,
      `querystring.${field}: must be a day from 1970-01-01 on, as YYYY-MM-DD`,
    );
  }
  return ms / DAY_MS;
}

/**
 * The UTC days of a statistics query: `to` defaults to today (UTC, from `now`), `from` to
 * {@link DEFAULT_RANGE_DAYS} − 1 days before `to`; both included.
 *
 * @throws ApiError 400 INVALID_PARAMETER when a day does not exist (`2025-02-30`) or is before 1970,
 *   when `from` is after `to`, or when the range has more than {@link MAX_RANGE_DAYS} days.
 */
export function resolveStatsDays(query: Pick<PluginStatsQuery, 'from' | 'to'>, now: number): StatsDays {
  const to = query.to === undefined ? dayNumber(now) : parseDay(query.to, 'to');
  const from =
    query.from === undefined ? Math.max(0, to - (DEFAULT_RANGE_DAYS - 1)) : parseDay(query.from, 'from');
  if (from > to) throw new ApiError(ApiErrorCode.INVALID_PARAMETER, 'querystring.from: must not be after to');
  if (to - from + 1 > MAX_RANGE_DAYS) {
    throw new ApiError(
      ApiErrorCode.INVALID_PARAMETER,
      `querystring.from: the range must not be longer than ${MAX_RANGE_DAYS} days`,
    );
  }
  return { from, to };
}

/**
 * The plugin `pluginKey` when `caller` may read its statistics: its owner or an administrator.
 *
 * @throws ApiError 404 PLUGIN_NOT_FOUND (no plugin with that key, any review status), 403 FORBIDDEN
 *   'Current account has no permission' (someone else's plugin).
 */
async function readablePlugin(
  db: Database,
  caller: { user_id: number; role: number },
  pluginKey: string,
): Promise<StatsPlugin> {
  const plugin = await statsPlugin(db, pluginKey);
  if (!plugin) {
    throw new ApiError(
      ApiErrorCode.PLUGIN_NOT_FOUND,
      `no plugin with plugin_key ${JSON.stringify(pluginKey)}`,
    );
  }
  if (plugin.owner_id !== caller.user_id && !isAdminRole(caller.role)) {
    throw new ApiError(ApiErrorCode.FORBIDDEN, NO_PERMISSION_MESSAGE);
  }
  return plugin;
}

const zero = (): PluginStatsCounts => ({
  installs: 0,
  uninstalls: 0,
  views: 0,
  likes: 0,
  unlikes: 0,
  ratings: 0,
  rating_sum: 0,
});

function add(into: PluginStatsCounts, row: PluginStatsCounts): void {
  for (const c of DAILY_STAT_COUNTERS) into[c] += row[c];
}

/**
 * Newest version first: semantic versions by precedence, before other texts (natural order,
 * descending); the unrecorded version (null) last.
 */
function byVersionDesc(a: PluginStatsVersion, b: PluginStatsVersion): number {
  if (a.version === null || b.version === null) return a.version === null ? (b.version === null ? 0 : 1) : -1;
  const va = semver.valid(a.version);
  const vb = semver.valid(b.version);
  if (va && vb) return semver.rcompare(va, vb);
  if (va || vb) return va ? -1 : 1;
  return b.version.localeCompare(a.version, 'en', { numeric: true });
}

/** The statistics of a plugin over `days` from its rows. */
function summarise(plugin: StatsPlugin, days: StatsDays, rows: readonly DailyStatRow[]): PluginStats {
  const perDay = new Map<number, PluginStatsCounts>();
  const perVersion = new Map<string, PluginStatsCounts>();
  const totals = zero();
  for (const row of rows) {
    const day = perDay.get(row.day) ?? zero();
    const version = perVersion.get(row.version) ?? zero();
    perDay.set(row.day, day);
    perVersion.set(row.version, version);
    add(day, row);
    add(version, row);
    add(totals, row);
  }
  const out: PluginStats['days'] = [];
  for (let d = days.from; d <= days.to; d += 1) out.push({ day: formatDay(d), ...(perDay.get(d) ?? zero()) });
  const versions = [...perVersion].map(([v, counts]) => ({ version: v === '' ? null : v, ...counts }));
  return {
    plugin_key: plugin.plugin_key,
    name: plugin.name,
    current_version: plugin.current_version,
    from: formatDay(days.from),
    to: formatDay(days.to),
    days: out,
    versions: versions.sort(byVersionDesc),
    totals,
  };
}

/**
 * A plugin's statistics (`GET /api/cmt/plugin/stats`) for its owner or an administrator: every UTC
 * day of the range (zero-filled, oldest first), the versions with anything in the range (newest
 * first, the unrecorded one — `version` null — last) and the range's totals. Each number is a sum of
 * `plugin_daily_stat` rows, so over any range `installs − uninstalls` is the change in the plugin's
 * install rows, and `likes − unlikes` in its like rows.
 *
 * @param now - the current time, ms (the default range ends on its UTC day)
 * @throws ApiError 400 INVALID_PARAMETER (range, see {@link resolveStatsDays}), 404 PLUGIN_NOT_FOUND,
 *   403 FORBIDDEN.
 */
export async function pluginStats(
  db: Database,
  caller: { user_id: number; role: number },
  query: PluginStatsQuery,
  now: number,
): Promise<PluginStats> {
  const days = resolveStatsDays(query, now);
  const plugin = await readablePlugin(db, caller, query.plugin_key);
  return summarise(plugin, days, await dailyStatRows(db, plugin.id, days.from, days.to));
}

/** The average stars of `ratings` ratings whose stars sum to `sum`, two decimals; `''` without ratings. */
const average = (sum: number, ratings: number) => (ratings === 0 ? '' : (sum / ratings).toFixed(2));

/**
 * A plugin's statistics as a CSV file (`GET /api/cmt/plugin/stats/csv`; same rules and errors as
 * {@link pluginStats}): the header {@link PLUGIN_STATS_CSV_HEADER}, then for every UTC day of the
 * range, oldest first, one record per version with anything that day (newest version first, the
 * unrecorded one with an empty version last), or one record of zeros with an empty version for a day
 * with nothing. Encoded by `csvDocument` (RFC 4180, BOM, CRLF, formula-safe).
 *
 * @returns the file's text and its name, `plugin-stats-<plugin_key>-<from>-<to>.csv` (characters
 *   other than letters, digits, `.`, `_` and `-` of the key replaced by `_`).
 */
export async function pluginStatsCsv(
  db: Database,
  caller: { user_id: number; role: number },
  query: PluginStatsQuery,
  now: number,
): Promise<{ fileName: string; text: string }> {
  const days = resolveStatsDays(query, now);
  const plugin = await readablePlugin(db, caller, query.plugin_key);
  const rows = await dailyStatRows(db, plugin.id, days.from, days.to);
  const byDay = new Map<number, PluginStatsVersion[]>();
  for (const row of rows) {
    const list = byDay.get(row.day) ?? [];
    list.push({ ...row, version: row.version === '' ? null : row.version });
    byDay.set(row.day, list);
  }
  const records: (string | number)[][] = [[...PLUGIN_STATS_CSV_HEADER]];
  for (let d = days.from; d <= days.to; d += 1) {
    const versions = (byDay.get(d) ?? [{ version: null, ...zero() }]).sort(byVersionDesc);
    for (const v of versions) {
      records.push([
        plugin.plugin_key,
        plugin.name,
        formatDay(d),
        v.version ?? '',
        v.installs,
        v.uninstalls,
        v.views,
        v.likes,
        v.unlikes,
        v.ratings,
        average(v.rating_sum, v.ratings),
      ]);
    }
  }
  const safeKey = plugin.plugin_key.replace(/[^\w.-]/g, '_');
  return {
    fileName: `plugin-stats-${safeKey}-${formatDay(days.from)}-${formatDay(days.to)}.csv`,
    text: csvDocument(records),
  };
}
