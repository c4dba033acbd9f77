/**
 * Queries of the publishing domain: submissions, the plugin rows they create and update, owners,
 * and the file keys a plugin's rows refer to. Every write that must stay whole takes a transaction
 * from the caller (`service.ts`, `submissionWrites.ts`, `management.ts`).
 */
import { ReviewStatus } from '@plugin-center/contract/schemas';
import { type Kysely, type Selectable, sql } from 'kysely';
import type { Dialect } from '../db/database';
import type {
  DatabaseSchema,
  NewPluginRow,
  NewPluginSubmissionRow,
  PluginSubmissionTable,
  PluginTable,
  PluginUpdate,
} from '../db/schema';
import { FILE_URL_PREFIX } from '../shared/storage/fileKeys';
import { STORAGE_KEY } from '../shared/storage/fileStorage';
import { FILE_COLUMNS, fileKeysOf } from '../shared/storage/references';

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

/**
 * The plugin with `plugin_key`, read inside the caller's transaction `trx` for a change that
 * depends on what it reads (its review status, versions, owner): on PostgreSQL the row is locked
 * (`SELECT … FOR UPDATE`) until `trx` ends, so every such change of one plugin — a review, an
 * edit, an owner assignment, a deletion, the default-install toggle — waits for the one before it
 * and reads what that one committed. SQLite needs no lock: its one connection runs one transaction
 * at a time.
 * @returns the current row, or undefined when there is no such plugin (any more)
 */
export function lockPluginByKey(
  trx: Db,
  dialect: Dialect,
  pluginKey: string,
): Promise<PluginRow | undefined> {
  let query = trx.selectFrom('plugin').selectAll().where('plugin_key', '=', pluginKey);
  if (dialect === 'postgres') query = query.forUpdate();
  return query.executeTakeFirst();
}

/** The plugins a batch upload imported (`plugin.batch_id`), locked on PostgreSQL, by id. */
export function lockPluginsOfBatch(trx: Db, dialect: Dialect, batchId: string): Promise<PluginRow[]> {
  let query = trx.selectFrom('plugin').selectAll().where('batch_id', '=', batchId).orderBy('id');
  if (dialect === 'postgres') query = query.forUpdate();
  return query.execute();
}

/** How many plugins carry this batch id. */
export async function countPluginsOfBatch(db: Db, batchId: string): Promise<number> {
  const row = await db
    .selectFrom('plugin')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('batch_id', '=', batchId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
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

/** The newest `limit` submissions of a plugin (by id, newest first): what its history shows. */
export function submissionHistoryRows(
  db: Db,
  pluginId: number,
  limit: number,
): Promise<
  Pick<
    SubmissionRow,
    'id' | 'version' | 'version_content' | 'status' | 'reject_reason' | 'create_time' | 'review_time'
  >[]
> {
  return db
    .selectFrom('plugin_submission')
    .select(['id', 'version', 'version_content', 'status', 'reject_reason', 'create_time', 'review_time'])
    .where('plugin_id', '=', pluginId)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
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

/** Names and keys of the other plugins (approved or waiting), for the typosquatting check. */
export async function otherPluginNames(
  db: Db,
  exceptPluginId?: number,
): Promise<{ name: string; plugin_key: string }[]> {
  let q = db.selectFrom('plugin').select(['name', 'plugin_key']);
  if (exceptPluginId !== undefined) q = q.where('id', '<>', exceptPluginId);
  return q.execute();
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

/**
 * The storage keys a new version of the plugin stops naming: those of its submissions waiting for
 * review and, with `withPluginRow` (a plugin never approved, whose row shows the newest
 * submission), those of its row; only content addresses.
 */
export async function pendingFileKeys(db: Db, pluginId: number, withPluginRow: boolean): Promise<string[]> {
  const rows = await db
    .selectFrom('plugin_submission')
    .select(FILE_COLUMNS)
    .where('plugin_id', '=', pluginId)
    .where('status', '=', ReviewStatus.UNREVIEWED)
    .execute();
  const keys = fileKeysOf(rows, FILE_URL_PREFIX);
  if (withPluginRow)
    fileKeysOf(
      await db.selectFrom('plugin').select(FILE_COLUMNS).where('id', '=', pluginId).execute(),
      FILE_URL_PREFIX,
      keys,
    );
  return [...keys].filter((key) => STORAGE_KEY.test(key));
}

/** Whether the plugin is on the square. */
export function isApproved(plugin: Pick<PluginRow, 'review_status'>): boolean {
  return plugin.review_status === ReviewStatus.APPROVED;
}

/**
 * Whether the plugin counts on the square: approved and not unlisted by its publisher (the tag
 * counts and the list's count go by this).
 */
export function isListed(plugin: Pick<PluginRow, 'review_status' | 'unlisted_at'>): boolean {
  return isApproved(plugin) && plugin.unlisted_at === null;
}

/** Inserts a new plugin row. @returns its id */
export async function insertPlugin(db: Db, row: NewPluginRow): Promise<number> {
  const plugin = await db.insertInto('plugin').values(row).returning('id').executeTakeFirstOrThrow();
  return plugin.id;
}

/** Sets columns of the plugin with `pluginId`. */
export async function updatePlugin(db: Db, pluginId: number, set: PluginUpdate): Promise<void> {
  await db.updateTable('plugin').set(set).where('id', '=', pluginId).execute();
}

/** Deletes the plugin row (its versions, submissions, tags, installs and likes go with it). */
export async function deletePlugin(db: Db, pluginId: number): Promise<void> {
  await db.deleteFrom('plugin').where('id', '=', pluginId).execute();
}

/** Inserts a submission row. @returns its id */
export async function insertSubmission(db: Db, row: NewPluginSubmissionRow): Promise<number> {
  const submission = await db
    .insertInto('plugin_submission')
    .values(row)
    .returning('id')
    .executeTakeFirstOrThrow();
  return submission.id;
}

/** Deletes the plugin's submissions waiting for review (a new version replaces them). */
export async function deletePendingSubmissions(db: Db, pluginId: number): Promise<void> {
  await db
    .deleteFrom('plugin_submission')
    .where('plugin_id', '=', pluginId)
    .where('status', '=', ReviewStatus.UNREVIEWED)
    .execute();
}

/** Whether the plugin has any submission. */
export async function hasSubmission(db: Db, pluginId: number): Promise<boolean> {
  const any = await db
    .selectFrom('plugin_submission')
    .select('id')
    .where('plugin_id', '=', pluginId)
    .executeTakeFirst();
  return any !== undefined;
}

/** The account with this email (compared lower-case, as stored), or undefined. */
export function accountByEmail(
  db: Db,
  email: string,
): Promise<{ id: number; nick_name: string; user_name: string } | undefined> {
  return db
    .selectFrom('user_account')
    .select(['id', 'nick_name', 'user_name'])
    .where('email', '=', email)
    .executeTakeFirst();
}
