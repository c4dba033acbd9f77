/**
 * The queries of the plugin list and search (`GET plugin/list`, `GET plugin/tag/list`; the rules
 * that combine them are in `../list.ts`): keyset walks of the plugin sort index, of the per-tag
 * sort index of `plugin_tag` and of the search plans, the counts, and the tags in use. Every query
 * shows approved plugins only (`review_status = 2`).
 * (Search reads its own index: `search/data.ts`.)
 */
import { ReviewStatus } from '@plugin-center/contract/schemas';
import { type Expression, type SqlBool, sql } from 'kysely';
import type { Database } from '../../db/database';

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

/** `(a, b, …) < (x, y, …)` over columns and values (keyset continuation, all orders descending). */
function rowLessThan(columns: readonly string[], values: readonly number[]): Expression<SqlBool> {
  return sql<SqlBool>`(${sql.join(columns.map((c) => sql.ref(c)))}) < (${sql.join(values.map((v) => sql.val(v)))})`;
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
