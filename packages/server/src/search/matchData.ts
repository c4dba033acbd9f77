/**
 * The plugin rows search reads about its matches: the keys of the list's orders, which of them pass
 * the list's filters (`db/pluginFilters.ts`), recent installs for the trending order, and a tag's
 * plugins. Queries only; the index itself is in `data.ts`.
 */
import { sql } from 'kysely';
import type { Database } from '../db/database';
import {
  nameKeySql,
  type PluginListFilters,
  pluginFilterConditions,
  ratingScoreSql,
} from '../db/pluginFilters';
import { chunks } from './data';

/** The keys a matched plugin is ordered by (the list's orders, `search/engine.ts`). */
export interface MatchSortKeys {
  id: number;
  sort_time: number;
  download_count: number;
  rating_count: number;
  /** The highest-rated order's score (`db/pluginFilters.ts` ratingScoreSql). */
  rating_score: number;
  /** When the plugin was first approved (the newest order's key; 0 if never, which no listed plugin is). */
  approve_time: number;
  /** The name order's key (`db/pluginFilters.ts` nameKeySql). */
  name_key: string;
}

/** Sort keys and popularity of approved plugins among `ids`. */
export async function pluginSortKeys(db: Database, ids: readonly number[]): Promise<MatchSortKeys[]> {
  const out: MatchSortKeys[] = [];
  for (const part of chunks(ids)) {
    if (part.length === 0) continue;
    const rows = await sql<Record<keyof MatchSortKeys, number | string>>`SELECT p.id, p.sort_time,
        p.download_count, p.rating_count, p.approve_time, ${sql.raw(ratingScoreSql())} AS rating_score,
        ${sql.raw(nameKeySql(db))} AS name_key
      FROM plugin p WHERE p.id IN (${sql.join(part)})`.execute(db.kysely);
    for (const r of rows.rows)
      out.push({
        id: Number(r.id),
        sort_time: Number(r.sort_time),
        download_count: Number(r.download_count),
        rating_count: Number(r.rating_count),
        rating_score: Number(r.rating_score),
        approve_time: Number(r.approve_time ?? 0),
        name_key: String(r.name_key),
      });
  }
  return out;
}

/** The plugins among `ids` that pass the list's `filters` (`db/pluginFilters.ts`). */
export async function pluginsPassing(
  db: Database,
  filters: PluginListFilters,
  ids: readonly number[],
): Promise<Set<number>> {
  const out = new Set<number>();
  for (const part of chunks(ids)) {
    if (part.length === 0) continue;
    const rows = await sql<{ id: number }>`SELECT p.id FROM plugin p
      WHERE p.id IN (${sql.join(part)}) AND ${pluginFilterConditions(filters)}`.execute(db.kysely);
    for (const r of rows.rows) out.add(Number(r.id));
  }
  return out;
}

/** Installs (rows of `plugin_install`) since `since` (ms) of each plugin among `ids` that has any. */
export async function recentInstalls(
  db: Database,
  ids: readonly number[],
  since: number,
): Promise<Map<number, number>> {
  const out = new Map<number, number>();
  for (const part of chunks(ids)) {
    if (part.length === 0) continue;
    const rows = await db.kysely
      .selectFrom('plugin_install')
      .select(['plugin_id', (eb) => eb.fn.countAll().as('n')])
      .where('create_time', '>=', since)
      .where('plugin_id', 'in', part)
      .groupBy('plugin_id')
      .execute();
    for (const r of rows) out.set(r.plugin_id, Number(r.n));
  }
  return out;
}

/** The plugins among `ids` that carry tag `tagId`. */
export async function pluginsWithTag(
  db: Database,
  tagId: number,
  ids: readonly number[],
): Promise<Set<number>> {
  const out = new Set<number>();
  for (const part of chunks(ids)) {
    if (part.length === 0) continue;
    const rows = await db.kysely
      .selectFrom('plugin_tag')
      .select('plugin_id')
      .where('tag_id', '=', tagId)
      .where('plugin_id', 'in', part)
      .execute();
    for (const r of rows) out.add(r.plugin_id);
  }
  return out;
}
