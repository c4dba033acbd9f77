/**
 * The queries of the plugin list and search (`GET plugin/list`, `GET plugin/tag/list`; the rules
 * that combine them are in `../list.ts`): keyset walks of the plugin sort index, of the per-tag
 * sort index of `plugin_tag` and of the search plans, the counts, and the tags in use. Every query
 * shows approved plugins only (`review_status = 2`).
 *
 * Search conditions per dialect: SQLite FTS5 (`plugin_fts`, external content of
 * `search_name` / `search_all`), PostgreSQL `tsvector` columns with GIN indexes (see
 * docs/search.md).
 */
import { ReviewStatus } from '@plugin-center/contract/schemas';
import { type Expression, type ExpressionBuilder, expressionBuilder, type SqlBool, sql } from 'kysely';
import type { Database } from '../../db/database';
import type { DatabaseSchema } from '../../db/schema';
import { type QueryToken, toFts5Query, toTsQuery } from '../../search/tokenize';

/** Sort key columns of a list order (all descending, then the plugin id). */
export type SortColumn = 'sort_time' | 'download_count';

/** The sort key of one row of a page. */
export interface KeyRow {
  id: number;
  sort_time: number;
  download_count: number;
}

/** A keyset walk: order, where to continue, how many rows. */
export interface KeysetQuery {
  sortColumns: readonly SortColumn[];
  /** Sort key (the `sortColumns` values, then the id) to continue after; null from the start. */
  after: readonly number[] | null;
  limit: number;
}

/** Which part of a search a {@link searchGroupKeys} walk reads. */
export const SearchGroup = {
  /** Plugins whose name matches every term. */
  NAME: 'name',
  /** Plugins whose document matches every term (minus the name matches when `excludeNameMatches`). */
  OTHER: 'other',
} as const;
export type SearchGroup = (typeof SearchGroup)[keyof typeof SearchGroup];

/** A keyset walk of one search group. */
export interface SearchGroupQuery extends KeysetQuery {
  tokens: readonly QueryToken[];
  /** 0 = all tags. */
  tagId: number;
  group: SearchGroup;
  /** SQLite plan: walk the sort index and probe the matches (see {@link matchCondition}). */
  scan: boolean;
  /** `OTHER` only: leave out plugins whose name matches (skip when none does). */
  excludeNameMatches: boolean;
}

type PluginScope = ExpressionBuilder<DatabaseSchema & { p: DatabaseSchema['plugin'] }, 'p'>;

/**
 * SQL condition "plugin p matches all tokens in `column`" for the database's dialect. On SQLite,
 * `scan` writes the membership test as `+p.id IN (…)`, which stops the planner from driving the
 * query from the FTS rowids: it then walks the sort index and probes the (materialised) match list
 * — the fast plan when many plugins match; without `scan` it looks the matches up by rowid and
 * sorts them — the fast plan when few match.
 */
function matchCondition(
  db: Database,
  tokens: readonly QueryToken[],
  column: 'search_all' | 'search_name',
  scan = false,
  negate = false,
) {
  if (db.dialect === 'postgres') {
    const match = sql`${sql.ref(`p.${column}_tsv`)} @@ ${toTsQuery(tokens)}::tsquery`;
    return negate ? sql<SqlBool>`NOT (${match})` : sql<SqlBool>`${match}`;
  }
  const id = scan ? sql`+p.id` : sql`p.id`;
  const op = negate ? sql`NOT IN` : sql`IN`;
  return sql<SqlBool>`${id} ${op} (SELECT rowid FROM plugin_fts WHERE plugin_fts MATCH ${toFts5Query(tokens, column)})`;
}

/** Tag filter of a search: probes `plugin_tag` for each candidate plugin. */
function tagCondition(tagId: number) {
  return (eb: PluginScope) =>
    eb.exists(
      eb
        .selectFrom('plugin_tag as pt')
        .select(sql`1`.as('one'))
        .whereRef('pt.plugin_id', '=', 'p.id')
        .where('pt.tag_id', '=', tagId),
    );
}

/** `(a, b, …) < (x, y, …)` over columns and values (keyset continuation, all orders descending). */
function rowLessThan(columns: readonly string[], values: readonly number[]): Expression<SqlBool> {
  return sql<SqlBool>`(${sql.join(columns.map((c) => sql.ref(c)))}) < (${sql.join(values.map((v) => sql.val(v)))})`;
}

/** Number of approved plugins: the `approved_plugins` counter of `catalogue_stat` (exact, O(1)). */
export async function approvedTotal(db: Database): Promise<number> {
  // One row kept exact by triggers (migration 0002), so no request counts the whole catalogue.
  const row = await db.kysely
    .selectFrom('catalogue_stat')
    .select('value')
    .where('name', '=', 'approved_plugins')
    .executeTakeFirst();
  return Number(row?.value ?? 0);
}

/** Approved plugins carrying the tag: its denormalised `plugin_count` (0 for an unknown tag). */
export async function tagPluginCount(db: Database, tagId: number): Promise<number> {
  const tag = await db.kysely
    .selectFrom('tag')
    .select('plugin_count')
    .where('id', '=', tagId)
    .executeTakeFirst();
  return tag?.plugin_count ?? 0;
}

/** Keys of a page of the tag-filtered list: one walk of `plugin_tag`'s per-tag sort index. */
export function tagPageKeys(db: Database, q: KeysetQuery & { tagId: number }): Promise<KeyRow[]> {
  let query = db.kysely
    .selectFrom('plugin_tag as pt')
    .select(['pt.plugin_id as id', 'pt.sort_time', 'pt.download_count'])
    .where('pt.tag_id', '=', q.tagId)
    .where('pt.review_status', '=', ReviewStatus.APPROVED);
  if (q.after)
    query = query.where(rowLessThan([...q.sortColumns.map((c) => `pt.${c}`), 'pt.plugin_id'], q.after));
  for (const c of q.sortColumns) query = query.orderBy(sql.ref(`pt.${c}`), 'desc');
  return query.orderBy('pt.plugin_id', 'desc').limit(q.limit).execute();
}

/** Keys of a page of approved plugins meeting `conditions`, in the keyset order. */
function approvedKeys(db: Database, q: KeysetQuery, conditions: readonly Expression<SqlBool>[] = []) {
  let query = db.kysely
    .selectFrom('plugin as p')
    .select(['p.id', 'p.sort_time', 'p.download_count'])
    .where('p.review_status', '=', ReviewStatus.APPROVED);
  for (const condition of conditions) query = query.where(condition);
  if (q.after) query = query.where(rowLessThan([...q.sortColumns.map((c) => `p.${c}`), 'p.id'], q.after));
  for (const c of q.sortColumns) query = query.orderBy(sql.ref(`p.${c}`), 'desc');
  return query.orderBy('p.id', 'desc').limit(q.limit).execute();
}

/** Keys of a page of the unfiltered list: one walk of the plugin sort index. */
export function listPageKeys(db: Database, q: KeysetQuery): Promise<KeyRow[]> {
  return approvedKeys(db, q);
}

/** Keys of a page of one search group (see {@link SearchGroupQuery}), in the keyset order. */
export function searchGroupKeys(db: Database, q: SearchGroupQuery): Promise<KeyRow[]> {
  const tag = q.tagId > 0 ? [tagCondition(q.tagId)(expressionBuilder())] : [];
  let conditions: Expression<SqlBool>[];
  if (q.group === SearchGroup.NAME) {
    conditions = [matchCondition(db, q.tokens, 'search_name', q.scan), ...tag];
    // PostgreSQL: the indexed document condition lets the planner use the GIN index (name ⊂ all).
    if (db.dialect === 'postgres') conditions.push(matchCondition(db, q.tokens, 'search_all'));
  } else {
    conditions = [matchCondition(db, q.tokens, 'search_all', q.scan), ...tag];
    if (q.excludeNameMatches) conditions.push(matchCondition(db, q.tokens, 'search_name', q.scan, true));
  }
  return approvedKeys(db, q, conditions);
}

/** Approved plugins whose document matches every token (and carry the tag when `tagId` > 0). */
export async function countApprovedMatches(
  db: Database,
  tokens: readonly QueryToken[],
  tagId: number,
  scan: boolean,
): Promise<number> {
  let q = db.kysely
    .selectFrom('plugin as p')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('p.review_status', '=', ReviewStatus.APPROVED)
    .where(matchCondition(db, tokens, 'search_all', scan));
  if (tagId > 0) q = q.where(tagCondition(tagId));
  return Number((await q.executeTakeFirstOrThrow()).n);
}

/** SQLite only: plugins of any review status whose `column` matches every token (FTS5 count). */
export async function ftsMatchCount(
  db: Database,
  tokens: readonly QueryToken[],
  column: 'search_all' | 'search_name',
): Promise<number> {
  const result = await sql<{
    n: number;
  }>`SELECT count(*) AS n FROM plugin_fts WHERE plugin_fts MATCH ${toFts5Query(tokens, column)}`.execute(
    db.kysely,
  );
  return Number(result.rows[0]?.n ?? 0);
}

/**
 * Plugins not approved (unreviewed or unapproved) whose document matches every token: walks only
 * the non-approved part of the index (matches minus these = approved matches).
 */
export async function countUnapprovedMatches(db: Database, tokens: readonly QueryToken[]): Promise<number> {
  const row = await db.kysely
    .selectFrom('plugin as p')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('p.review_status', 'in', [ReviewStatus.UNREVIEWED, ReviewStatus.UNAPPROVED])
    .where(matchCondition(db, tokens, 'search_all', true))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Tags carrying at least one approved plugin, with their denormalised `plugin_count` (unordered). */
export function tagsInUse(
  db: Database,
): Promise<{ id: number; name: string; code: string; plugin_count: number }[]> {
  return db.kysely
    .selectFrom('tag')
    .select(['id', 'name', 'code', 'plugin_count'])
    .where('plugin_count', '>', 0)
    .execute();
}
