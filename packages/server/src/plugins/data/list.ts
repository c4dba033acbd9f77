/**
 * The queries of the plugin list (`GET plugin/list`, `GET plugin/tag/list`; the rules that combine
 * them are in `../list.ts`): a page — a keyset walk of the plugin sort index or of the per-tag sort
 * index of `plugin_tag`, with the page's summaries, tags and count — the counts, and the tags in
 * use. Every query shows listed approved plugins only (`review_status = 2`, `unlisted_at` null: a
 * plugin its publisher unlisted is left out, and out of the counts).
 * (Search reads its own index: `search/data.ts`.)
 */
import { type Locale, ReviewStatus } from '@plugin-center/contract/schemas';
import { type RawBuilder, sql } from 'kysely';
import { approvedTotal } from '../../db/catalogueStat';
import type { Database } from '../../db/database';
import { PUBLISHER_COLUMNS_SQL, type SummaryRow, tagsJson } from './summaries';

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

/** Approved plugins carrying the tag: its denormalised `plugin_count` (0 for an unknown tag). */
export async function tagPluginCount(db: Database, tagId: number): Promise<number> {
  const tag = await db.kysely
    .selectFrom('tag')
    .select('plugin_count')
    .where('id', '=', tagId)
    .executeTakeFirst();
  return tag?.plugin_count ?? 0;
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

/** A row of {@link listPageRows}: the summary columns, the tags as JSON, the count of its list. */
export type PageRow = SummaryRow & { tags_json: unknown; total: number };

/**
 * The keyset condition `(c1, …, ck) < (v1, …, vk)` of a page after `after`, as the branches that
 * find its rows by index seeks. A B-tree seeks on a row value — PostgreSQL always, SQLite when the
 * last column is an ordinary one (`plugin_tag.plugin_id`) — so one branch. SQLite does not seek on a
 * row value that ends with the rowid (`plugin.id`): it seeks on the first column only and scans
 * the rest of its ties (the 45 % of the bench catalogue with no update date share sort_time 0: a
 * deep page read tens of thousands of index entries, 7 ms at 100,000 plugins), so there it is the
 * union of two seeks: `(c1, …, c(k-1)) < (v1, …, v(k-1))` and `c1 = v1 … c(k-1) = v(k-1) AND id < vk`.
 */
function keysetBranches(
  db: Database,
  columns: readonly string[],
  after: readonly number[] | null,
  endsWithRowid: boolean,
): RawBuilder<unknown>[] {
  if (!after) return [sql`TRUE`];
  const rowValue = (cs: readonly string[], vs: readonly number[]) =>
    cs.length === 1
      ? sql`${sql.raw(cs[0]!)} < ${sql.val(vs[0])}`
      : sql`(${sql.join(cs.map((c) => sql.raw(c)))}) < (${sql.join(vs.map((v) => sql.val(v)))})`;
  if (db.dialect === 'postgres' || !endsWithRowid) return [rowValue(columns, after)];
  const k = columns.length - 1;
  return [
    rowValue(columns.slice(0, k), after.slice(0, k)),
    sql.join(
      [
        ...columns.slice(0, k).map((c, i) => sql`${sql.raw(c)} = ${sql.val(after[i])}`),
        sql`${sql.raw(columns[k]!)} < ${sql.val(after[k])}`,
      ],
      sql` AND `,
    ),
  ];
}

/** The columns of a page row (`p`: the plugin; the translation `t` when a locale is asked). */
function pageColumns(db: Database, lang: Locale | undefined, total: RawBuilder<unknown>): RawBuilder<unknown> {
  return sql`p.id, p.plugin_key, p.name, p.intro, p.icon, p.developer, p.platforms, p.current_version,
    p.download_count, p.view_count, p.praise_count, p.rating_count, p.rating_sum, p.create_time, p.update_time,
    p.sort_time, ${PUBLISHER_COLUMNS_SQL} ${lang ? sql`, t.name AS t_name, t.intro AS t_intro` : sql``},
    ${tagsJson(db, sql`p.id`)} AS tags_json, ${total} AS total`;
}

/**
 * One page of the plain or tag-filtered list in one statement: the next `limit` approved plugins
 * after `after` in the keyset order (a walk of the plugin sort index, or of `plugin_tag`'s per-tag
 * sort index for `tagId` > 0, joined to the plugin by primary key), each with its summary columns,
 * its `lang` texts, its tags ({@link tagsJson}) and the list's count (`catalogue_stat.approved_plugins`,
 * or the tag's `plugin_count`: kept as the data changes, never counted here). No rows on an empty
 * page (the count then comes from {@link approvedCount}). The statement is kept flat — one ordered,
 * limited walk — where one branch does (PostgreSQL plans every statement it is sent: 0.23 ms for
 * this form against 0.36 ms for the nested one, warm, at 100,000 plugins), and is a union of seeks
 * only on SQLite's plugin index ({@link keysetBranches}).
 */
export async function listPageRows(
  db: Database,
  q: KeysetQuery & { tagId: number; lang?: Locale | undefined },
): Promise<PageRow[]> {
  const tagged = q.tagId > 0;
  const k = tagged ? 'k' : 'p';
  const idColumn = tagged ? 'k.plugin_id' : 'p.id';
  const columns = [...q.sortColumns.map((c) => `${k}.${c}`), idColumn];
  const keyOrder = sql.raw(columns.map((c) => `${c} DESC`).join(', '));
  const approved = ReviewStatus.APPROVED;
  const base = tagged
    ? sql`k.tag_id = ${q.tagId} AND k.review_status = ${approved}`
    : sql`p.review_status = ${approved} AND p.unlisted_at IS NULL`;
  const total = tagged
    ? sql`(SELECT plugin_count FROM tag WHERE id = ${q.tagId})`
    : sql`(SELECT value FROM catalogue_stat WHERE name = 'approved_plugins')`;
  const translationJoin = q.lang
    ? sql`LEFT JOIN plugin_translation t ON t.plugin_id = p.id AND t.locale = ${q.lang}`
    : sql``;
  const branches = keysetBranches(db, columns, q.after, !tagged);
  if (branches.length === 1) {
    const from = tagged ? sql`plugin_tag k JOIN plugin p ON p.id = k.plugin_id` : sql`plugin p`;
    const result = await sql<PageRow>`SELECT ${pageColumns(db, q.lang, total)}
      FROM ${from} ${translationJoin}
      WHERE ${base} AND ${branches[0]!} AND p.review_status = ${approved} AND p.unlisted_at IS NULL
      ORDER BY ${keyOrder} LIMIT ${q.limit}`.execute(db.kysely);
    return result.rows;
  }
  // SQLite, plugin index, after a cursor: the seeks' keys merged, then the page's rows. Each seek
  // selects only its order's key, which its index covers: with another column SQLite can prefer a
  // skip-scan of another index that covers it (59 ms at 1,000,000 plugins).
  const keys = sql.raw([...q.sortColumns.map((c) => `p.${c}`), 'p.id'].join(', '));
  const seeks = branches.map(
    (condition) =>
      sql`SELECT * FROM (SELECT ${keys} FROM plugin p
        WHERE ${base} AND ${condition} ORDER BY ${keyOrder} LIMIT ${q.limit}) b`,
  );
  const order = [...q.sortColumns.map((c) => `${c} DESC`), 'id DESC'].join(', ');
  const result = await sql<PageRow>`WITH page AS (${sql.join(seeks, sql` UNION ALL `)}
      ORDER BY ${sql.raw(order)} LIMIT ${q.limit})
    SELECT ${pageColumns(db, q.lang, total)}
    FROM page JOIN plugin p ON p.id = page.id ${translationJoin}
    WHERE p.review_status = ${approved} AND p.unlisted_at IS NULL
    ORDER BY ${sql.raw([...q.sortColumns.map((c) => `page.${c} DESC`), 'page.id DESC'].join(', '))}`.execute(
    db.kysely,
  );
  return result.rows;
}

/** The count of a list: approved plugins, or those carrying `tagId` (0 for an unknown tag). */
export function approvedCount(db: Database, tagId: number): Promise<number> {
  return tagId > 0 ? tagPluginCount(db, tagId) : approvedTotal(db);
}
