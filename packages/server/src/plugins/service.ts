/**
 * Read side of the plugin catalogue (the plugin calls of SPEC §7 that read): list with keyset
 * cursors and search, tags, detail, recommendations, view counting. Every function answers in wire
 * shapes (`@plugin-center/contract/schemas`) and shows approved plugins only.
 *
 * Hot paths stay at 1–3 indexed queries: a list page is one page query + one query for the page's
 * tags (+ a count that is cached for the unfiltered list and read from the denormalised
 * `tag.plugin_count` for a tag filter).
 */

import {
  ApiErrorCode,
  type Locale,
  type PluginDetail,
  type PluginListResult,
  PluginSort,
  type PluginSummary,
  ReviewStatus,
  type Tag,
} from '@plugin-center/contract/schemas';
import { type Expression, type ExpressionBuilder, expressionBuilder, type SqlBool, sql } from 'kysely';
import { COUNT_CACHE_TTL_MS, cachedRead, LIST_RESULT_TTL_MS } from '../cache';
import { markPluginChanged } from '../db/changes';
import type { Database } from '../db/database';
import type { DatabaseSchema } from '../db/schema';
import { ApiError } from '../errors';
import { seededRandom } from '../random';
import { parseSearchQuery, type QueryToken, toFts5Query, toTsQuery } from '../search/tokenize';
import { decodeCursor, encodeCursor, queryFingerprint } from './cursor';

/** Parameters of {@link listPlugins} (the query of `GET plugin/list` with defaults applied). */
export interface ListParams {
  /** 0 = all tags. */
  tag_id: number;
  sort: PluginSort;
  keyword?: string | undefined;
  cursor?: string | undefined;
  /** 1–100 */
  page_size: number;
  lang?: Locale | undefined;
}

const SUMMARY_COLUMNS = [
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
  'p.create_time',
  'p.update_time',
  'p.sort_time',
] as const;

interface SummaryRow {
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
  create_time: number;
  update_time: number | null;
  sort_time: number;
  t_name?: string | null;
  t_intro?: string | null;
}

type PluginScope = ExpressionBuilder<DatabaseSchema & { p: DatabaseSchema['plugin'] }, 'p'>;

function parsePlatforms(json: string): string[] {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
}

function toSummary(row: SummaryRow, tags: PluginSummary['tags']): PluginSummary {
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
    create_time: row.create_time,
    update_time: row.update_time,
  };
}

/** Tags of several plugins in one query, each plugin's tags ordered by code. */
async function tagsOf(db: Database, ids: readonly number[]): Promise<Map<number, PluginSummary['tags']>> {
  const out = new Map<number, PluginSummary['tags']>();
  if (ids.length === 0) return out;
  const rows = await db.kysely
    .selectFrom('plugin_tag as pt')
    .innerJoin('tag as t', 't.id', 'pt.tag_id')
    .select(['pt.plugin_id', 't.id', 't.name', 't.code'])
    .where('pt.plugin_id', 'in', ids)
    .execute();
  rows.sort((a, b) => (a.code < b.code ? -1 : a.code > b.code ? 1 : 0));
  for (const row of rows) {
    let list = out.get(row.plugin_id);
    if (!list) {
      list = [];
      out.set(row.plugin_id, list);
    }
    list.push({ id: row.id, name: row.name, code: row.code });
  }
  return out;
}

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
async function approvedTotal(db: Database): Promise<number> {
  // One row kept exact by triggers (migration 0002), so no request counts the whole catalogue.
  const row = await db.kysely
    .selectFrom('catalogue_stat')
    .select('value')
    .where('name', '=', 'approved_plugins')
    .executeTakeFirst();
  return Number(row?.value ?? 0);
}

/** Counts of a search: `total` answered to the client; raw FTS counts choose the SQLite plan. */
interface SearchCounts {
  /** Approved plugins matching (and carrying the tag, when filtered). */
  total: number;
  /** Plugins of any status whose documents match (SQLite only; = total on PostgreSQL). */
  allMatches: number;
  /** Plugins of any status whose names match (SQLite only; = total on PostgreSQL). */
  nameMatches: number;
}

async function searchCounts(
  db: Database,
  tokens: readonly QueryToken[],
  tagId: number,
): Promise<SearchCounts> {
  const key = `search\u0000${tagId}\u0000${tokens.map((t) => `${t.token}${t.prefix ? '*' : ''}`).join(' ')}`;
  return cachedRead(db, key, async () => {
    const countApproved = async (scan: boolean) => {
      let q = db.kysely
        .selectFrom('plugin as p')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('p.review_status', '=', ReviewStatus.APPROVED)
        .where(matchCondition(db, tokens, 'search_all', scan));
      if (tagId > 0) q = q.where(tagCondition(tagId));
      return Number((await q.executeTakeFirstOrThrow()).n);
    };
    if (db.dialect === 'postgres') {
      const total = await countApproved(false);
      return { total, allMatches: total, nameMatches: total };
    }
    const ftsCount = async (column: 'search_all' | 'search_name') => {
      const result = await sql<{
        n: number;
      }>`SELECT count(*) AS n FROM plugin_fts WHERE plugin_fts MATCH ${toFts5Query(tokens, column)}`.execute(
        db.kysely,
      );
      return Number(result.rows[0]?.n ?? 0);
    };
    const allMatches = await ftsCount('search_all');
    const nameMatches = await ftsCount('search_name');
    let total: number;
    if (tagId > 0) total = await countApproved(false);
    else {
      // Matches minus the few that are not approved: walks only the non-approved part of the index.
      const row = await db.kysely
        .selectFrom('plugin as p')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('p.review_status', 'in', [ReviewStatus.UNREVIEWED, ReviewStatus.UNAPPROVED])
        .where(matchCondition(db, tokens, 'search_all', true))
        .executeTakeFirstOrThrow();
      total = allMatches - Number(row.n);
    }
    return { total, allMatches, nameMatches };
  });
}

/**
 * Whether walking the sort index and probing beats looking the `matches` up and sorting them
 * (SQLite): when they are at least 2% of the approved plugins and more than 500.
 */
function preferScan(matches: number, approved: number): boolean {
  return matches > 500 && matches * 50 >= approved;
}

/** Summaries of the given approved plugins in the given order (one query + one for their tags). */
export async function summariesByIds(
  db: Database,
  ids: readonly number[],
  lang?: Locale,
): Promise<PluginSummary[]> {
  if (ids.length === 0) return [];
  const q = db.kysely
    .selectFrom('plugin as p')
    .select(SUMMARY_COLUMNS)
    .where('p.id', 'in', ids)
    .where('p.review_status', '=', ReviewStatus.APPROVED);
  const rowsPromise = (
    lang
      ? q
          .leftJoin('plugin_translation as t', (join) =>
            join.onRef('t.plugin_id', '=', 'p.id').on('t.locale', '=', lang),
          )
          .select(['t.name as t_name', 't.intro as t_intro'])
          .execute()
      : q.execute()
  ) as Promise<SummaryRow[]>;
  const [rows, tags] = await Promise.all([rowsPromise, tagsOf(db, ids)]);
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [toSummary(row, tags.get(id) ?? [])] : [];
  });
}

/** A page of a list as ids (what the page cache keeps). */
interface PageIds {
  ids: number[];
  next_cursor: string | null;
  total: number;
}

/** Sort key columns of a list order (all descending, then the plugin id). */
type SortColumn = 'sort_time' | 'download_count';

/**
 * One page of approved plugins (`GET plugin/list`, SPEC §3/§4).
 *
 * Order: latest = `COALESCE(update_time, 0)` desc, then id desc; most popular = download_count desc,
 * then latest. With a keyword (search, see docs/search.md), plugins whose name matches all terms
 * come first, then the others, each group in the chosen order. Keyset pagination: `next_cursor`
 * continues after the last row, so plugins added between pages cause no duplicates and no skipped
 * rows; `null` on the last page. `total` counts all matches of the query. An all-punctuation
 * keyword matches nothing (total 0).
 *
 * Queries: the page's ids come from one keyset walk of an index — the plugin sort index, the
 * per-tag sort index of `plugin_tag`, or the search plan (see {@link searchPageIds}) — then the
 * rows and their tags are read by id. Counts and page ids are cached per process (dropped on any
 * catalogue write in this process, and after {@link COUNT_CACHE_TTL_MS}); the complete answer
 * is reused for {@link LIST_RESULT_TTL_MS} (counters in it may lag by that much).
 *
 * @throws ApiError INVALID_CURSOR (400) for a cursor that is forged or belongs to another query.
 */
export async function listPlugins(db: Database, params: ListParams): Promise<PluginListResult> {
  const keyword = params.keyword?.trim() ?? '';
  const searching = keyword !== '';
  const tokens = searching ? parseSearchQuery(keyword) : [];
  if (searching && tokens.length === 0) return { plugin_list: [], total: 0, next_cursor: null };

  const sortColumns: SortColumn[] =
    params.sort === PluginSort.MOST_POPULAR ? ['download_count', 'sort_time'] : ['sort_time'];
  const tokenKey = tokens.map((t) => `${t.token}${t.prefix ? '*' : ''}`).join(' ');
  const fingerprint = queryFingerprint([params.sort, params.tag_id, tokenKey]);
  const arity = sortColumns.length + (searching ? 2 : 1);
  const after = params.cursor ? decodeCursor(params.cursor, fingerprint, arity) : null;

  const pageKey = `page\u0000${fingerprint}\u0000${params.page_size}\u0000${params.cursor ?? ''}`;
  const query: PageQuery = {
    tagId: params.tag_id,
    sortColumns,
    after,
    pageSize: params.page_size,
    fingerprint,
  };
  return cachedRead(
    db,
    `result\u0000${pageKey}\u0000${params.lang ?? ''}`,
    async () => {
      const page = await cachedRead<PageIds>(db, pageKey, () =>
        searching ? searchPageIds(db, { ...query, tokens }) : listPageIds(db, query),
      );
      return {
        plugin_list: await summariesByIds(db, page.ids, params.lang),
        total: page.total,
        next_cursor: page.next_cursor,
      };
    },
    { ttl: LIST_RESULT_TTL_MS },
  );
}

interface PageQuery {
  tagId: number;
  sortColumns: SortColumn[];
  /** Sort key of the last row of the previous page (cursor), or null for the first page. */
  after: number[] | null;
  pageSize: number;
  fingerprint: string;
}

type KeyRow = { id: number; sort_time: number; download_count: number };

function sortKey(row: KeyRow, sortColumns: readonly SortColumn[], group?: number): number[] {
  return [...(group === undefined ? [] : [group]), ...sortColumns.map((c) => Number(row[c])), row.id];
}

/** Ids of one page of the plain or tag-filtered list: a keyset walk of one index. */
async function listPageIds(db: Database, q: PageQuery): Promise<PageIds> {
  const limit = q.pageSize + 1;
  let rows: KeyRow[];
  let total: number;
  if (q.tagId > 0) {
    const tag = await db.kysely
      .selectFrom('tag')
      .select('plugin_count')
      .where('id', '=', q.tagId)
      .executeTakeFirst();
    total = tag?.plugin_count ?? 0;
    if (total === 0) return { ids: [], next_cursor: null, total: 0 };
    let query = db.kysely
      .selectFrom('plugin_tag as pt')
      .select(['pt.plugin_id as id', 'pt.sort_time', 'pt.download_count'])
      .where('pt.tag_id', '=', q.tagId)
      .where('pt.review_status', '=', ReviewStatus.APPROVED);
    if (q.after)
      query = query.where(rowLessThan([...q.sortColumns.map((c) => `pt.${c}`), 'pt.plugin_id'], q.after));
    for (const c of q.sortColumns) query = query.orderBy(sql.ref(`pt.${c}`), 'desc');
    rows = await query.orderBy('pt.plugin_id', 'desc').limit(limit).execute();
  } else {
    total = await approvedTotal(db);
    let query = db.kysely
      .selectFrom('plugin as p')
      .select(['p.id', 'p.sort_time', 'p.download_count'])
      .where('p.review_status', '=', ReviewStatus.APPROVED);
    if (q.after) query = query.where(rowLessThan([...q.sortColumns.map((c) => `p.${c}`), 'p.id'], q.after));
    for (const c of q.sortColumns) query = query.orderBy(sql.ref(`p.${c}`), 'desc');
    rows = await query.orderBy('p.id', 'desc').limit(limit).execute();
  }
  const page = rows.slice(0, q.pageSize);
  const last = page[page.length - 1];
  return {
    ids: page.map((r) => r.id),
    next_cursor:
      rows.length > q.pageSize && last ? encodeCursor(q.fingerprint, sortKey(last, q.sortColumns)) : null,
    total,
  };
}

/**
 * Ids of one page of search results: group 1 (name matches all terms) then group 2 (matches
 * elsewhere only), each a keyset walk in the list order; the cursor carries the group. On SQLite
 * the plan of each group is chosen from the cached FTS counts ({@link preferScan}).
 */
async function searchPageIds(
  db: Database,
  q: PageQuery & { tokens: readonly QueryToken[] },
): Promise<PageIds> {
  const counts = await searchCounts(db, q.tokens, q.tagId);
  if (counts.total === 0) return { ids: [], next_cursor: null, total: 0 };
  const approved = await approvedTotal(db);
  const limit = q.pageSize + 1;
  const tag = q.tagId > 0 ? [tagCondition(q.tagId)(expressionBuilder())] : [];
  const groupQuery = (conditions: Expression<SqlBool>[], from: readonly number[] | null, take: number) => {
    let query = db.kysely
      .selectFrom('plugin as p')
      .select(['p.id', 'p.sort_time', 'p.download_count'])
      .where('p.review_status', '=', ReviewStatus.APPROVED);
    for (const condition of conditions) query = query.where(condition);
    if (from) query = query.where(rowLessThan([...q.sortColumns.map((c) => `p.${c}`), 'p.id'], from));
    for (const c of q.sortColumns) query = query.orderBy(sql.ref(`p.${c}`), 'desc');
    return query.orderBy('p.id', 'desc').limit(take).execute();
  };

  const rows: (KeyRow & { group: number })[] = [];
  // Group 1: the name matches all terms.
  if ((!q.after || q.after[0] === 1) && counts.nameMatches > 0) {
    const scan = preferScan(counts.nameMatches, approved);
    const conditions = [matchCondition(db, q.tokens, 'search_name', scan), ...tag];
    // PostgreSQL: the indexed document condition lets the planner use the GIN index (name ⊂ all).
    if (db.dialect === 'postgres') conditions.push(matchCondition(db, q.tokens, 'search_all'));
    const group = await groupQuery(conditions, q.after ? q.after.slice(1) : null, limit);
    rows.push(...group.map((r) => ({ ...r, group: 1 })));
  }
  // Group 2: matches elsewhere only.
  if (rows.length < limit) {
    const scan = preferScan(counts.allMatches, approved);
    const conditions = [matchCondition(db, q.tokens, 'search_all', scan), ...tag];
    if (counts.nameMatches > 0) conditions.push(matchCondition(db, q.tokens, 'search_name', scan, true));
    const from = q.after && q.after[0] === 0 ? q.after.slice(1) : null;
    const group = await groupQuery(conditions, from, limit - rows.length);
    rows.push(...group.map((r) => ({ ...r, group: 0 })));
  }
  const page = rows.slice(0, q.pageSize);
  const last = page[page.length - 1];
  return {
    ids: page.map((r) => r.id),
    next_cursor:
      rows.length > q.pageSize && last
        ? encodeCursor(q.fingerprint, sortKey(last, q.sortColumns, last.group))
        : null,
    total: counts.total,
  };
}

/**
 * Tags carrying at least one approved plugin, with `plugin_count`, ordered by plugin_count desc,
 * then name, then id (`GET plugin/tag/list`). Reads the denormalised counts: one query.
 */
export async function listTags(db: Database): Promise<Tag[]> {
  const rows = await db.kysely
    .selectFrom('tag')
    .select(['id', 'name', 'code', 'plugin_count'])
    .where('plugin_count', '>', 0)
    .execute();
  return rows.sort(
    (a, b) => b.plugin_count - a.plugin_count || (a.name < b.name ? -1 : a.name > b.name ? 1 : a.id - b.id),
  );
}

/**
 * The detail of an approved plugin (`GET plugin`, SPEC §3): every field, tags, history versions
 * newest first; texts in `lang` when a translation exists. `is_praise` / `is_installed` are false
 * until users exist. Three indexed queries (row, tags, versions), the answer reused for
 * {@link LIST_RESULT_TTL_MS} unless this process writes the catalogue or counts a view of it.
 *
 * @throws ApiError PLUGIN_NOT_FOUND (404) when no approved plugin has that key.
 */
export async function getPluginDetail(db: Database, pluginKey: string, lang?: Locale): Promise<PluginDetail> {
  return cachedRead(
    db,
    `detail\u0000${pluginKey}\u0000${lang ?? ''}`,
    () => readPluginDetail(db, pluginKey, lang),
    {
      ttl: LIST_RESULT_TTL_MS,
      pluginKey,
    },
  );
}

async function readPluginDetail(db: Database, pluginKey: string, lang?: Locale): Promise<PluginDetail> {
  const q = db.kysely
    .selectFrom('plugin as p')
    .selectAll('p')
    .where('p.plugin_key', '=', pluginKey)
    .where('p.review_status', '=', ReviewStatus.APPROVED);
  const query = lang
    ? q
        .leftJoin('plugin_translation as t', (join) =>
          join.onRef('t.plugin_id', '=', 'p.id').on('t.locale', '=', lang),
        )
        .select(['t.name as t_name', 't.intro as t_intro', 't.description as t_description'])
    : q;
  const row = (await query.executeTakeFirst()) as
    | (DatabaseSchema['plugin'] & {
        id: number;
        t_name?: string | null;
        t_intro?: string | null;
        t_description?: string | null;
      })
    | undefined;
  if (!row)
    throw new ApiError(
      ApiErrorCode.PLUGIN_NOT_FOUND,
      `no plugin with plugin_key ${JSON.stringify(pluginKey)}`,
    );
  const [tags, versions] = await Promise.all([
    tagsOf(db, [row.id]),
    db.kysely
      .selectFrom('plugin_version')
      .select(['version', 'version_content', 'create_time'])
      .where('plugin_id', '=', row.id)
      .orderBy('create_time', 'desc')
      .orderBy('id', 'desc')
      .execute(),
  ]);
  return {
    ...toSummary(row as SummaryRow, tags.get(row.id) ?? []),
    description: row.t_description ?? row.description,
    video: row.video,
    cover: {
      center: row.cover_center,
      panel: row.cover_panel,
      reuse_center_cover: row.reuse_center_cover === 1,
    },
    code_file: row.code_file,
    contact: row.contact,
    version_content: row.version_content,
    copyright_holder: { type: row.copyright_type, name: row.copyright_name },
    technical_support_link: row.technical_support_link,
    homepage: row.homepage,
    license: row.license,
    source: row.source,
    review_status: row.review_status as PluginDetail['review_status'],
    is_default_install: row.is_default_install === 1,
    is_praise: false,
    is_installed: false,
    versions,
  };
}

/** Size of the candidate pool the uncurated recommendation samples from. */
export const RECOMMENDATION_POOL = 200;

/**
 * Recommended plugins (`GET plugin/recommendation/list`, SPEC §2 "recommended plugins with
 * refresh"). When curated `recommendation` rows exist: those approved plugins by position, the
 * window rotated by `seed` when there are more than `count`. Otherwise a sample of `count` from the
 * {@link RECOMMENDATION_POOL} approved plugins ranked by views, then latest update (so dated,
 * viewed plugins are preferred), shuffled with `seed` (default 0): a different seed gives another
 * sample (the app's refresh), the same seed the same answer.
 */
export async function recommendPlugins(
  db: Database,
  options: { count: number; seed?: number | undefined; lang?: Locale | undefined },
): Promise<PluginSummary[]> {
  const seed = options.seed ?? 0;
  // Two small queries rather than a join, so the planner never walks the plugin table for it.
  const curatedIds = (
    await db.kysely
      .selectFrom('recommendation')
      .select('plugin_id')
      .orderBy('position')
      .orderBy('plugin_id')
      .execute()
  ).map((r) => r.plugin_id);
  const approvedCurated = new Set(
    curatedIds.length === 0
      ? []
      : (
          await db.kysely
            .selectFrom('plugin')
            .select('id')
            .where('id', 'in', curatedIds)
            .where('review_status', '=', ReviewStatus.APPROVED)
            .execute()
        ).map((r) => r.id),
  );
  const curated = curatedIds.filter((id) => approvedCurated.has(id));
  let ids: number[];
  if (curated.length > 0) {
    if (curated.length <= options.count) ids = curated;
    else {
      const start = (seed * options.count) % curated.length;
      ids = Array.from({ length: options.count }, (_, i) => curated[(start + i) % curated.length]!);
    }
  } else {
    const pool = (
      await db.kysely
        .selectFrom('plugin')
        .select('id')
        .where('review_status', '=', ReviewStatus.APPROVED)
        .orderBy('view_count', 'desc')
        .orderBy('sort_time', 'desc')
        .orderBy('id', 'desc')
        .limit(RECOMMENDATION_POOL)
        .execute()
    ).map((r) => r.id);
    const random = seededRandom(seed);
    for (let i = pool.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [pool[i], pool[j]] = [pool[j]!, pool[i]!];
    }
    ids = pool.slice(0, options.count);
  }
  return summariesByIds(db, ids, options.lang);
}

/**
 * Counts one view of an approved plugin (`POST plugin/view`) with a single atomic
 * `UPDATE … SET view_count = view_count + 1 … RETURNING view_count`.
 *
 * @returns the view count after this view.
 * @throws ApiError PLUGIN_NOT_FOUND (404) when no approved plugin has that key.
 */
export async function recordView(db: Database, pluginKey: string): Promise<number> {
  const row = await db.kysely
    .updateTable('plugin')
    .set((eb) => ({ view_count: eb('view_count', '+', 1) }))
    .where('plugin_key', '=', pluginKey)
    .where('review_status', '=', ReviewStatus.APPROVED)
    .returning('view_count')
    .executeTakeFirst();
  if (!row)
    throw new ApiError(
      ApiErrorCode.PLUGIN_NOT_FOUND,
      `no plugin with plugin_key ${JSON.stringify(pluginKey)}`,
    );
  markPluginChanged(db, pluginKey);
  return row.view_count;
}
