/**
 * Plugin rows as the wire's `PluginSummary` (SPEC §3 Plugin): the summary columns, the tags of
 * several plugins in one query, and the summaries of approved plugins by id. Shared by the list,
 * detail, recommendation and user-action reads.
 */
import { type Locale, type PluginSummary, ReviewStatus } from '@plugin-center/contract/schemas';
import { type RawBuilder, sql } from 'kysely';
import type { Database } from '../../db/database';
import { ratingAverage } from '../../shared/ratingAverage';

/**
 * The owner's publisher row of the outer query's plugin `p`, when the owner's account is active: a
 * disabled account's publisher page answers 404 (`publishers/data.ts` publisherByHandle), so its
 * cards and detail show no handle to link there and no verified mark. Primary-key lookups.
 */
const ACTIVE_PUBLISHER_OF_P = sql`FROM publisher pub JOIN user_account u ON u.id = pub.user_id
  WHERE pub.user_id = p.owner_id AND u.staff_status = 1`;
/** The owner's publisher handle (null without one, or for a disabled account), see {@link ACTIVE_PUBLISHER_OF_P}. */
export const PUBLISHER_HANDLE_SQL = sql<string | null>`(SELECT pub.handle ${ACTIVE_PUBLISHER_OF_P})`;
/** 1 when the owner is a verified publisher, 0 when not, null without a publisher (or a disabled account). */
export const PUBLISHER_VERIFIED_SQL = sql<number | null>`(SELECT CASE WHEN pub.verified_by IS NULL THEN 0 ELSE 1 END ${ACTIVE_PUBLISHER_OF_P})`;

/** Columns of `plugin as p` that a summary needs. */
export const SUMMARY_COLUMNS = [
  'p.id',
  'p.plugin_key',
  'p.name',
  'p.intro',
  'p.icon',
  'p.developer',
  'p.platforms',
  'p.current_version',
  'p.download_count',
  'p.view_count',
  'p.praise_count',
  'p.rating_count',
  'p.rating_sum',
  'p.create_time',
  'p.update_time',
  'p.sort_time',
  PUBLISHER_HANDLE_SQL.as('publisher_handle'),
  PUBLISHER_VERIFIED_SQL.as('publisher_verified'),
] as const;

/**
 * The columns of {@link SUMMARY_COLUMNS}' `publisher_handle` and `publisher_verified` as SQL of the
 * outer query's plugin `p`, for the statements written as SQL text (the list page).
 */
export const PUBLISHER_COLUMNS_SQL = sql`${PUBLISHER_HANDLE_SQL} AS publisher_handle, ${PUBLISHER_VERIFIED_SQL} AS publisher_verified`;

/** A row of {@link SUMMARY_COLUMNS}, with the translated texts when a locale was joined. */
export interface SummaryRow {
  id: number;
  plugin_key: string;
  name: string;
  intro: string;
  icon: string | null;
  developer: string | null;
  platforms: string;
  current_version: string | null;
  download_count: number;
  view_count: number;
  praise_count: number;
  rating_count: number;
  rating_sum: number;
  create_time: number;
  update_time: number | null;
  sort_time: number;
  /** The owner's publisher handle; null without one (or without an owner). */
  publisher_handle: string | null;
  /** 1 when the owner is a verified publisher; 0 or null otherwise. */
  publisher_verified: number | null;
  t_name?: string | null;
  t_intro?: string | null;
}

function parsePlatforms(json: string): string[] {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
}

/** The wire summary of a row: translated name/intro when present, `platforms` parsed from JSON. */
export function toSummary(row: SummaryRow, tags: PluginSummary['tags']): PluginSummary {
  return {
    plugin_key: row.plugin_key,
    name: row.t_name ?? row.name,
    intro: row.t_intro ?? row.intro,
    icon: row.icon,
    tags,
    developer: row.developer,
    platforms: parsePlatforms(row.platforms),
    current_version: row.current_version,
    download_count: row.download_count,
    view_count: row.view_count,
    praise_count: row.praise_count,
    rating_count: Number(row.rating_count),
    rating_average: ratingAverage(row.rating_count, row.rating_sum),
    create_time: row.create_time,
    update_time: row.update_time,
    publisher_handle: row.publisher_handle ?? null,
    publisher_verified: Number(row.publisher_verified ?? 0) === 1,
  };
}

/**
 * Summaries of the given approved plugins in the given order, with their tags ({@link tagsJson}), in
 * one statement; ids of missing or not approved plugins are left out. Texts in `lang` when a
 * translation exists.
 */
export async function summariesByIds(
  db: Database,
  ids: readonly number[],
  lang?: Locale,
): Promise<PluginSummary[]> {
  if (ids.length === 0) return [];
  const q = db.kysely
    .selectFrom('plugin as p')
    .select(SUMMARY_COLUMNS)
    .select(tagsJson(db, sql`p.id`).as('tags_json'))
    .where('p.id', 'in', ids)
    .where('p.review_status', '=', ReviewStatus.APPROVED);
  const rows = (await (lang
    ? q
        .leftJoin('plugin_translation as t', (join) =>
          join.onRef('t.plugin_id', '=', 'p.id').on('t.locale', '=', lang),
        )
        .select(['t.name as t_name', 't.intro as t_intro'])
        .execute()
    : q.execute())) as (SummaryRow & { tags_json: unknown })[];
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [toSummary(row, parseTagsJson(row.tags_json))] : [];
  });
}

/**
 * A scalar subquery of the tags of the plugin `pluginId` (an SQL expression of the outer query)
 * as a JSON array of `[id, name, code]`, unordered: SQLite answers it as text, PostgreSQL as
 * parsed JSON; {@link parseTagsJson} reads both and orders them. Lets a page's rows come with their
 * tags in the same statement.
 */
export function tagsJson(db: Database, pluginId: RawBuilder<unknown>): RawBuilder<unknown> {
  return db.dialect === 'sqlite'
    ? sql`(SELECT json_group_array(json_array(tg.id, tg.name, tg.code))
        FROM plugin_tag tg_l JOIN tag tg ON tg.id = tg_l.tag_id WHERE tg_l.plugin_id = ${pluginId})`
    : sql`(SELECT coalesce(json_agg(json_build_array(tg.id, tg.name, tg.code)), '[]')
        FROM plugin_tag tg_l JOIN tag tg ON tg.id = tg_l.tag_id WHERE tg_l.plugin_id = ${pluginId})`;
}

/**
 * The tags of a {@link tagsJson} column (text on SQLite, parsed JSON on PostgreSQL), ordered by
 * code (the order of a plugin's tags everywhere it shows them).
 */
export function parseTagsJson(value: unknown): PluginSummary['tags'] {
  const list = (typeof value === 'string' ? JSON.parse(value) : (value ?? [])) as [number, string, string][];
  return list
    .map(([id, name, code]) => ({ id, name, code }))
    .sort((a, b) => (a.code < b.code ? -1 : a.code > b.code ? 1 : 0));
}
