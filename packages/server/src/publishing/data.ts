/**
 * Queries of the publishing domain (issue 12): submissions, the plugin rows they create and
 * update, the audit log, and the file keys rows refer to. Every write that must stay whole takes a
 * transaction from the caller (`service.ts`).
 */
import { ReviewStatus } from '@plugin-center/contract/schemas';
import { type Kysely, type Selectable, sql } from 'kysely';
import type { Database } from '../db/database';
import type { AuditLogTable, DatabaseSchema, PluginSubmissionTable, PluginTable } from '../db/schema';

/** A stored submission row. */
export type SubmissionRow = Selectable<PluginSubmissionTable>;
/** A stored plugin row. */
export type PluginRow = Selectable<PluginTable>;
/** A submission row with what lists show beside it. */
export type SubmissionListRow = SubmissionRow & {
  plugin_key: string;
  submitter_name: string | null;
};

type Db = Kysely<DatabaseSchema>;

/** The plugin with `plugin_key`, or undefined. */
export function pluginByKey(db: Db, pluginKey: string): Promise<PluginRow | undefined> {
  return db.selectFrom('plugin').selectAll().where('plugin_key', '=', pluginKey).executeTakeFirst();
}

/** The plugins with these ids, by id. */
export async function pluginsByIds(db: Db, ids: readonly number[]): Promise<Map<number, PluginRow>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('plugin')
    .selectAll()
    .where('id', 'in', [...new Set(ids)])
    .execute();
  return new Map(rows.map((r) => [r.id, r]));
}

/** The tag codes of these plugins' live listings (sorted), by plugin id; [] for a plugin without tags. */
export async function tagCodesByPlugin(db: Db, pluginIds: readonly number[]): Promise<Map<number, string[]>> {
  const out = new Map<number, string[]>(pluginIds.map((id) => [id, []]));
  if (pluginIds.length === 0) return out;
  const rows = await db
    .selectFrom('plugin_tag as pt')
    .innerJoin('tag as t', 't.id', 'pt.tag_id')
    .select(['pt.plugin_id', 't.code'])
    .where('pt.plugin_id', 'in', [...new Set(pluginIds)])
    .orderBy('t.code')
    .execute();
  for (const row of rows) out.get(row.plugin_id)?.push(row.code);
  return out;
}

/** The tag codes of a plugin's live listing (sorted). */
export async function pluginTagCodes(db: Db, pluginId: number): Promise<string[]> {
  return (await tagCodesByPlugin(db, [pluginId])).get(pluginId) ?? [];
}

/** The newest submission of a plugin (by id), or undefined. */
export function latestSubmission(db: Db, pluginId: number): Promise<SubmissionRow | undefined> {
  return db
    .selectFrom('plugin_submission')
    .selectAll()
    .where('plugin_id', '=', pluginId)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

const listColumns = (db: Db) =>
  db
    .selectFrom('plugin_submission as s')
    .innerJoin('plugin as p', 'p.id', 's.plugin_id')
    .leftJoin('user_account as u', 'u.id', 's.submitter_id')
    .selectAll('s')
    .select(['p.plugin_key', 'u.nick_name as submitter_name']);

/** Escapes `%`, `_` and `\` for a LIKE pattern with `ESCAPE '\'`. */
function likePattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Filter of {@link listSubmissions}. */
export interface SubmissionFilter {
  /** Review status 1/2/3, or undefined for all. */
  status?: number;
  /** Words in the name or plugin_key (case-insensitive substring). */
  keyword?: string;
  /** Only the newest submission of each plugin owned by this account ("my plugins"). */
  ownerId?: number;
}

/**
 * A page of submissions, newest first, after submission id `beforeId` (exclusive), with the total
 * that match the filter.
 */
export async function listSubmissions(
  db: Db,
  filter: SubmissionFilter,
  beforeId: number | undefined,
  limit: number,
): Promise<{ rows: SubmissionListRow[]; total: number }> {
  // biome-ignore lint/suspicious/noExplicitAny: one filter applied to two query builders of different shapes
  const apply = <Q extends { where: any }>(q: Q): Q => {
    let out = q;
    if (filter.status !== undefined) out = out.where('s.status', '=', filter.status);
    if (filter.keyword) {
      const pattern = likePattern(filter.keyword);
      out = out.where(
        sql<boolean>`(lower(s.name) LIKE ${pattern} ESCAPE '\\' OR lower(p.plugin_key) LIKE ${pattern} ESCAPE '\\')`,
      );
    }
    if (filter.ownerId !== undefined) {
      out = out
        .where('p.owner_id', '=', filter.ownerId)
        .where(
          's.id',
          '=',
          sql<number>`(SELECT max(s2.id) FROM plugin_submission s2 WHERE s2.plugin_id = s.plugin_id)`,
        );
    }
    return out;
  };
  let page = apply(listColumns(db));
  if (beforeId !== undefined) page = page.where('s.id', '<', beforeId);
  const rows = (await page.orderBy('s.id', 'desc').limit(limit).execute()) as SubmissionListRow[];
  const count = await apply(
    db
      .selectFrom('plugin_submission as s')
      .innerJoin('plugin as p', 'p.id', 's.plugin_id')
      .select((eb) => eb.fn.countAll<string | number>().as('n')),
  ).executeTakeFirstOrThrow();
  return { rows, total: Number(count.n) };
}

/** One submission with its list fields, or undefined. */
export async function submissionById(db: Db, id: number): Promise<SubmissionListRow | undefined> {
  return (await listColumns(db).where('s.id', '=', id).executeTakeFirst()) as SubmissionListRow | undefined;
}

/** Appends an entry to the audit log (inside the caller's transaction). */
export async function appendAuditLog(db: Db, entry: Omit<AuditLogTable, 'id'>): Promise<void> {
  await db.insertInto('audit_log').values(entry).execute();
}

/** A page of the audit log, newest first, before entry id `beforeId` (exclusive). */
export function listAuditLog(
  db: Db,
  pluginKey: string | undefined,
  beforeId: number | undefined,
  limit: number,
): Promise<Selectable<AuditLogTable>[]> {
  let q = db.selectFrom('audit_log').selectAll();
  if (pluginKey !== undefined) q = q.where('plugin_key', '=', pluginKey);
  if (beforeId !== undefined) q = q.where('id', '<', beforeId);
  return q.orderBy('id', 'desc').limit(limit).execute();
}

/** Names of other plugins (approved or waiting), for the typosquatting check. */
export async function otherPluginNames(db: Db, exceptPluginId?: number): Promise<string[]> {
  let q = db.selectFrom('plugin').select('name');
  if (exceptPluginId !== undefined) q = q.where('id', '<>', exceptPluginId);
  return (await q.execute()).map((r) => r.name);
}

type FileColumns = {
  icon: string | null;
  cover_center: string | null;
  cover_panel: string | null;
  video: string | null;
  code_file: string | null;
  images: string;
};

/** The storage keys in file columns: keys as stored, URLs under `urlPrefix` cut to their key. */
function fileKeysOf(rows: readonly FileColumns[], urlPrefix: string, into = new Set<string>()): Set<string> {
  const add = (value: string | null) => {
    if (value) into.add(value.startsWith(urlPrefix) ? value.slice(urlPrefix.length) : value);
  };
  for (const row of rows) {
    add(row.icon);
    add(row.cover_center);
    add(row.cover_panel);
    add(row.video);
    add(row.code_file);
    for (const value of JSON.parse(row.images) as string[]) add(value);
  }
  return into;
}

const FILE_COLUMNS = ['icon', 'cover_center', 'cover_panel', 'video', 'code_file', 'images'] as const;

/**
 * Every storage key a row refers to: the file columns of submissions and of plugins (keys, or URLs
 * under `urlPrefix`), and the banners' images (issue 14, keys). Files outside this set are orphans.
 * Reads every row: for the orphan collector (hourly); one request's own files go through
 * {@link referencedAmong}.
 */
export async function referencedFileKeys(db: Database, urlPrefix: string): Promise<Set<string>> {
  const submissions = await db.kysely.selectFrom('plugin_submission').select(FILE_COLUMNS).execute();
  const plugins = await db.kysely.selectFrom('plugin').select(FILE_COLUMNS).execute();
  const keys = fileKeysOf(plugins, urlPrefix, fileKeysOf(submissions, urlPrefix));
  // issue 14 (helper "banners"): banner images share the content-addressed storage.
  for (const { image } of await db.kysely.selectFrom('banner').select('image').execute()) keys.add(image);
  return keys;
}

/**
 * Which of `keys` a row refers to now (keys in submissions, keys or URLs under `urlPrefix` in
 * plugins, keys inside the `images` lists, banner images): the targeted form of {@link referencedFileKeys} for the
 * few files one request wrote or one deletion freed, reading only the rows that name them.
 */
export async function referencedAmong(
  db: Db,
  keys: readonly string[],
  urlPrefix: string,
): Promise<Set<string>> {
  const found = new Set<string>();
  if (keys.length === 0) return found;
  const values = [...keys, ...keys.map((key) => `${urlPrefix}${key}`)];
  const wanted = new Set(keys);
  const single = ['icon', 'cover_center', 'cover_panel', 'video', 'code_file'] as const;
  const rowsOf = (table: 'plugin' | 'plugin_submission') =>
    db
      .selectFrom(table)
      .select(FILE_COLUMNS)
      .where((eb) =>
        eb.or([
          ...single.map((column) => eb(column, 'in', values)),
          // Keys are hex digits and an extension: no LIKE wildcard can occur in them.
          ...keys.map((key) => eb('images', 'like', `%${key}%`)),
        ]),
      )
      .execute();
  for (const table of ['plugin_submission', 'plugin'] as const) {
    for (const key of fileKeysOf(await rowsOf(table), urlPrefix)) if (wanted.has(key)) found.add(key);
  }
  // issue 14 (helper "banners"): banner images share the content-addressed storage.
  const banners = await db.selectFrom('banner').select('image').where('image', 'in', keys).execute();
  for (const { image } of banners) found.add(image);
  return found;
}

/** The storage keys one plugin's rows (its listing and its submissions) refer to. */
export async function pluginFileKeys(db: Db, pluginId: number, urlPrefix: string): Promise<string[]> {
  const submissions = await db
    .selectFrom('plugin_submission')
    .select(FILE_COLUMNS)
    .where('plugin_id', '=', pluginId)
    .execute();
  const plugin = await db.selectFrom('plugin').select(FILE_COLUMNS).where('id', '=', pluginId).execute();
  return [...fileKeysOf(plugin, urlPrefix, fileKeysOf(submissions, urlPrefix))];
}

/** Whether the plugin is on the square. */
export function isApproved(plugin: Pick<PluginRow, 'review_status'>): boolean {
  return plugin.review_status === ReviewStatus.APPROVED;
}
