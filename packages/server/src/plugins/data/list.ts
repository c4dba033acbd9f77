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
import { hasFilters, type PluginListFilters, pluginFilterConditions } from '../../db/pluginFilters';
import type { Database } from '../../db/database';
import { PUBLISHER_COLUMNS_SQL, type SummaryRow, tagsJson } from './summaries';

/**
 * One key of a list order: its SQL over the plugin row `p`, the column of `plugin_tag k` holding a
 * copy of it (the tag pages' own sort index, migration 0001) when there is one, and whether it is a
 * number or a string (a cursor carries either).
 */
export interface SortKey {
  sql: string;
  tagCopy?: string;
  kind: 'number' | 'string';
}

/** A list order: its keys (then the plugin id) all descending, or all ascending. */
export interface ListOrder {
  keys: readonly SortKey[];
  direction: 'desc' | 'asc';
}

/** The sort key of one row of a page: `k0` … `kn` (the order's keys), then the id. */
export type KeyRow = { id: number } & Record<`k${number}`, number | string>;

/** A keyset walk: order, where to continue, how many rows. */
export interface KeysetQuery {
  order: ListOrder;
  /** Sort key (the order's key values, then the id) to continue after; null from the start. */
  after: readonly (number | string)[] | null;
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

/** A row of {@link listPageRows}: the summary columns, the tags as JSON, the count of its list, the sort key. */
export type PageRow = SummaryRow & { tags_json: unknown; total: number } & KeyRow;

/**
 * The keyset condition `(c1, …, ck) < (v1, …, vk)` (`>` for an ascending order) of a page after
 * `after`, as the branches that find its rows by index seeks. A B-tree seeks on a row value —
 * PostgreSQL always, SQLite when the last column is an ordinary one (`plugin_tag.plugin_id`) — so
 * one branch. SQLite does not seek on a row value that ends with the rowid (`plugin.id`): it seeks
 * on the first column only and scans the rest of its ties (the 45 % of the bench catalogue with no
 * update date share sort_time 0: a deep page read tens of thousands of index entries, 7 ms at
 * 100,000 plugins), so there it is the union of two seeks: `(c1, …, c(k-1)) < (v1, …, v(k-1))` and
 * `c1 = v1 … c(k-1) = v(k-1) AND id < vk`.
 */
function keysetBranches(
  db: Database,
  columns: readonly string[],
  after: readonly (number | string)[] | null,
  endsWithRowid: boolean,
  direction: 'desc' | 'asc',
): RawBuilder<unknown>[] {
  if (!after) return [sql`TRUE`];
  const op = sql.raw(direction === 'desc' ? '<' : '>');
  const rowValue = (cs: readonly string[], vs: readonly (number | string)[]) =>
    cs.length === 1
      ? sql`${sql.raw(cs[0]!)} ${op} ${sql.val(vs[0])}`
      : sql`(${sql.join(cs.map((c) => sql.raw(c)))}) ${op} (${sql.join(vs.map((v) => sql.val(v)))})`;
  if (db.dialect === 'postgres' || !endsWithRowid) return [rowValue(columns, after)];
  const k = columns.length - 1;
  return [
    rowValue(columns.slice(0, k), after.slice(0, k)),
    sql.join(
      [
        ...columns.slice(0, k).map((c, i) => sql`${sql.raw(c)} = ${sql.val(after[i])}`),
        sql`${sql.raw(columns[k]!)} ${op} ${sql.val(after[k])}`,
      ],
      sql` AND `,
    ),
  ];
}

/** The columns of a page row (`p`: the plugin; the translation `t` when a locale is asked). */
function pageColumns(
  db: Database,
  lang: Locale | undefined,
  total: RawBuilder<unknown>,
  keys: RawBuilder<unknown>,
): RawBuilder<unknown> {
  return sql`p.id, p.plugin_key, p.name, p.intro, p.icon, p.developer, p.platforms, p.current_version,
    p.download_count, p.view_count, p.praise_count, p.rating_count, p.rating_sum, p.create_time, p.update_time,
    p.sort_time, ${PUBLISHER_COLUMNS_SQL} ${lang ? sql`, t.name AS t_name, t.intro AS t_intro` : sql``},
    ${tagsJson(db, sql`p.id`)} AS tags_json, ${total} AS total, ${keys}`;
}

/**
 * One page of the plain or tag-filtered list in one statement: the next `limit` listed approved
 * plugins passing `filters` after `after` in the keyset order, each with its summary columns, its
 * `lang` texts, its tags ({@link tagsJson}), its sort key (`k0` …) and the list's count. Without a
 * tag it walks the plugin index of the order; with a tag, `plugin_tag`'s per-tag index when the
 * order's keys are copied there (latest, most popular), else the tag's rows joined to their
 * plugins and sorted (as many rows as the tag has). The count is the kept counter
 * (`catalogue_stat.approved_plugins`, or the tag's `plugin_count`) without filters; with filters
 * it is `null` here and counted by {@link filteredCount}. No rows on an empty page (the count then
 * comes from {@link approvedCount}). The statement is kept flat — one ordered, limited walk — where
 * one branch does (PostgreSQL plans every statement it is sent: 0.23 ms for this form against
 * 0.36 ms for the nested one, warm, at 100,000 plugins), and is a union of seeks only on SQLite's
 * plugin index ({@link keysetBranches}).
 */
export async function listPageRows(
  db: Database,
  q: KeysetQuery & { tagId: number; filters: PluginListFilters; lang?: Locale | undefined },
): Promise<PageRow[]> {
  const tagged = q.tagId > 0;
  const onTagIndex = tagged && q.order.keys.every((key) => key.tagCopy !== undefined);
  const dir = q.order.direction === 'desc' ? 'DESC' : 'ASC';
  const keyExprs = q.order.keys.map((key) => (onTagIndex ? `k.${key.tagCopy}` : key.sql));
  const columns = [...keyExprs, onTagIndex ? 'k.plugin_id' : 'p.id'];
  const keyOrder = sql.raw(columns.map((c) => `${c} ${dir}`).join(', '));
  const keySelect = sql.raw(keyExprs.map((c, i) => `${c} AS k${i}`).join(', ') || 'NULL AS k_none');
  const approved = ReviewStatus.APPROVED;
  const filtered = hasFilters(q.filters);
  const filter = pluginFilterConditions(q.filters);
  const base = tagged
    ? sql`k.tag_id = ${q.tagId} AND k.review_status = ${approved}`
    : sql`p.review_status = ${approved} AND p.unlisted_at IS NULL`;
  const total = filtered
    ? sql`NULL`
    : tagged
      ? sql`(SELECT plugin_count FROM tag WHERE id = ${q.tagId})`
      : sql`(SELECT value FROM catalogue_stat WHERE name = 'approved_plugins')`;
  const translationJoin = q.lang
    ? sql`LEFT JOIN plugin_translation t ON t.plugin_id = p.id AND t.locale = ${q.lang}`
    : sql``;
  const branches = keysetBranches(db, columns, q.after, !tagged, q.order.direction);
  if (branches.length === 1) {
    const from = tagged ? sql`plugin_tag k JOIN plugin p ON p.id = k.plugin_id` : sql`plugin p`;
    const result = await sql<PageRow>`SELECT ${pageColumns(db, q.lang, total, keySelect)}
      FROM ${from} ${translationJoin}
      WHERE ${base} AND ${branches[0]!} AND p.review_status = ${approved} AND p.unlisted_at IS NULL
        AND ${filter}
      ORDER BY ${keyOrder} LIMIT ${q.limit}`.execute(db.kysely);
    return result.rows;
  }
  // SQLite, plugin index, after a cursor: the seeks' keys merged, then the page's rows. Each seek
  // selects only its order's key, which its index covers: with another column SQLite can prefer a
  // skip-scan of another index that covers it (59 ms at 1,000,000 plugins). A filter reads the
  // plugin's row in the seeks.
  const seekKeys = sql.raw([...keyExprs.map((c, i) => `${c} AS k${i}`), 'p.id AS id'].join(', '));
  const seeks = branches.map(
    (condition) =>
      sql`SELECT * FROM (SELECT ${seekKeys} FROM plugin p
        WHERE ${base} AND ${condition} AND ${filter} ORDER BY ${keyOrder} LIMIT ${q.limit}) b`,
  );
  const order = [...keyExprs.map((_, i) => `k${i} ${dir}`), `id ${dir}`].join(', ');
  const pageKeys = sql.raw(keyExprs.map((_, i) => `page.k${i} AS k${i}`).join(', '));
  const result = await sql<PageRow>`WITH page AS (${sql.join(seeks, sql` UNION ALL `)}
      ORDER BY ${sql.raw(order)} LIMIT ${q.limit})
    SELECT ${pageColumns(db, q.lang, total, pageKeys)}
    FROM page JOIN plugin p ON p.id = page.id ${translationJoin}
    WHERE p.review_status = ${approved} AND p.unlisted_at IS NULL
    ORDER BY ${sql.raw([...keyExprs.map((_, i) => `page.k${i} ${dir}`), `page.id ${dir}`].join(', '))}`.execute(
    db.kysely,
  );
  return result.rows;
}

/**
 * The count of a filtered list: listed approved plugins passing `filters` (and carrying `tagId`
 * when it is above 0). Counted per request (the kept counters hold the unfiltered counts only);
 * the service caches it with the page.
 */
export async function filteredCount(db: Database, tagId: number, filters: PluginListFilters): Promise<number> {
  const tagJoin = tagId > 0 ? sql`JOIN plugin_tag k ON k.plugin_id = p.id AND k.tag_id = ${tagId}` : sql``;
  const result = await sql<{ n: number | string }>`SELECT count(*) AS n FROM plugin p ${tagJoin}
    WHERE p.review_status = ${ReviewStatus.APPROVED} AND p.unlisted_at IS NULL
      AND ${pluginFilterConditions(filters)}`.execute(db.kysely);
  return Number(result.rows[0]?.n ?? 0);
}

/**
 * The trending ranking: listed approved plugins installed at least once since `since` (ms), most
 * installs in that window first, then most installs overall, then id descending; with `tagId` and
 * `filters` applied; at most `limit` ids. Installs are the rows of `plugin_install` (written by the
 * server when a signed-in user installs; a later uninstall removes its row, so the window counts
 * installs that were kept), read through its `(create_time, plugin_id)` index of migration 0039.
 */
export async function trendingIds(
  db: Database,
  q: { since: number; tagId: number; filters: PluginListFilters; limit: number },
): Promise<number[]> {
  const tagJoin =
    q.tagId > 0 ? sql`JOIN plugin_tag k ON k.plugin_id = p.id AND k.tag_id = ${q.tagId}` : sql``;
  const result = await sql<{ id: number }>`SELECT p.id FROM
      (SELECT plugin_id, count(*) AS n FROM plugin_install WHERE create_time >= ${q.since} GROUP BY plugin_id) i
      JOIN plugin p ON p.id = i.plugin_id ${tagJoin}
    WHERE p.review_status = ${ReviewStatus.APPROVED} AND p.unlisted_at IS NULL
      AND ${pluginFilterConditions(q.filters)}
    ORDER BY i.n DESC, p.download_count DESC, p.id DESC LIMIT ${q.limit}`.execute(db.kysely);
  return result.rows.map((r) => Number(r.id));
}

/** The count of a list: approved plugins, or those carrying `tagId` (0 for an unknown tag). */
export function approvedCount(db: Database, tagId: number): Promise<number> {
  return tagId > 0 ? tagPluginCount(db, tagId) : approvedTotal(db);
}
