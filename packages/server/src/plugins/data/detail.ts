/**
 * The queries of a plugin's detail and its view counter (`GET plugin`, `POST plugin/view`; the rules
 * are in `../detail.ts`): the approved plugin's row (with its texts in a locale), its history
 * versions, and the atomic view count.
 */
import { type Locale, ReviewStatus } from '@plugin-center/contract/schemas';
import { type Selectable, sql } from 'kysely';
import { markPluginChanged } from '../../db/changes';
import type { Database } from '../../db/database';
import type { DatabaseSchema } from '../../db/schema';
import { PUBLISHER_HANDLE_SQL, PUBLISHER_VERIFIED_SQL, tagsJson } from './summaries';

/** A plugin row with its id and, when a locale was asked, the translated texts (null: none). */
export type DetailRow = Selectable<DatabaseSchema['plugin']> & {
  id: number;
  /** Key and name of the replacement of a deprecated plugin, while it is approved (else null). */
  r_key: string | null;
  r_name: string | null;
  /** The owner's publisher handle and verified flag (0/1), see `summaries.ts`. */
  publisher_handle: string | null;
  publisher_verified: number | null;
  t_name?: string | null;
  t_intro?: string | null;
  t_description?: string | null;
};

/** A history version of a plugin as the detail shows it. */
export interface VersionRow {
  version: string;
  version_content: string;
  create_time: number;
  /** The version's signature (compact JWS and key id), null when it has none. */
  signature: { kid: string; jws: string } | null;
}

/**
 * The approved plugin with `pluginKey` (undefined when none), joined to its `lang` translation,
 * with its tags (`tags_json`, see `summaries.ts` tagsJson) and history versions newest first
 * (`versions_json`, see {@link parseVersionsJson}) and the approved replacement of a deprecated one
 * (`r_key`, `r_name`) in the same statement: a detail is one round trip. An unlisted plugin is
 * answered too (it still opens by key).
 */
export async function approvedPluginDetailRow(
  db: Database,
  pluginKey: string,
  lang?: Locale,
): Promise<(DetailRow & { tags_json: unknown; versions_json: unknown }) | undefined> {
  const versions =
    db.dialect === 'sqlite'
      ? sql`(SELECT json_group_array(json_array(v.version, v.version_content, v.create_time, v.signature,
          v.signature_kid)) FROM
          (SELECT version, version_content, create_time, signature, signature_kid FROM plugin_version
           WHERE plugin_id = p.id ORDER BY create_time DESC, id DESC) v)`
      : sql`(SELECT coalesce(json_agg(json_build_array(v.version, v.version_content, v.create_time,
          v.signature, v.signature_kid) ORDER BY v.create_time DESC, v.id DESC), '[]')
          FROM plugin_version v WHERE v.plugin_id = p.id)`;
  const q = db.kysely
    .selectFrom('plugin as p')
    .leftJoin('plugin as r', (join) =>
      join.onRef('r.id', '=', 'p.replacement_plugin_id').on('r.review_status', '=', ReviewStatus.APPROVED),
    )
    .selectAll('p')
    .select([
      tagsJson(db, sql`p.id`).as('tags_json'),
      versions.as('versions_json'),
      PUBLISHER_HANDLE_SQL.as('publisher_handle'),
      PUBLISHER_VERIFIED_SQL.as('publisher_verified'),
      'r.plugin_key as r_key',
      'r.name as r_name',
    ])
    .where('p.plugin_key', '=', pluginKey)
    .where('p.review_status', '=', ReviewStatus.APPROVED);
  const query = lang
    ? q
        .leftJoin('plugin_translation as t', (join) =>
          join.onRef('t.plugin_id', '=', 'p.id').on('t.locale', '=', lang),
        )
        .select(['t.name as t_name', 't.intro as t_intro', 't.description as t_description'])
    : q;
  return (await query.executeTakeFirst()) as
    | (DetailRow & { tags_json: unknown; versions_json: unknown })
    | undefined;
}

/** The versions of a `versions_json` column (text on SQLite, parsed JSON on PostgreSQL). */
export function parseVersionsJson(value: unknown): VersionRow[] {
  const list = (typeof value === 'string' ? JSON.parse(value) : (value ?? [])) as [
    string,
    string,
    number,
    string | null,
    string | null,
  ][];
  return list.map(([version, version_content, create_time, jws, kid]) => ({
    version,
    version_content,
    create_time: Number(create_time),
    signature: jws && kid ? { kid, jws } : null,
  }));
}

/** One UTC day, ms. */
const DAY_MS = 86_400_000;

/** The last UTC day whose older `plugin_view` rows each database was purged of. */
const purgedDay = new WeakMap<Database, number>();

/**
 * Counts a view of an approved plugin by `visitor`, once per visitor, plugin and UTC day: in one transaction, `INSERT … ON CONFLICT DO NOTHING` into `plugin_view` and, only
 * when that added a row, `UPDATE … SET view_count = view_count + 1` — so the count moves exactly
 * with the rows counted, also under concurrent requests (the primary key lets one of them insert).
 * The first view of a new day deletes the rows of earlier days. Marks the plugin changed when
 * counted (its cached details are stale).
 *
 * @param visitor - `u:<user_id>` or `a:<keyed hash>` (see `plugins/routes.ts`)
 * @param now - the server's clock, ms
 * @returns the view count after this view; undefined when no approved plugin has that key.
 */
export async function countView(
  db: Database,
  pluginKey: string,
  visitor: string,
  now: number,
): Promise<number | undefined> {
  const day = Math.floor(now / DAY_MS);
  const outcome = await db.kysely.transaction().execute(async (trx) => {
    const plugin = await trx
      .selectFrom('plugin')
      .select(['id', 'view_count'])
      .where('plugin_key', '=', pluginKey)
      .where('review_status', '=', ReviewStatus.APPROVED)
      .executeTakeFirst();
    if (!plugin) return undefined;
    const added = await trx
      .insertInto('plugin_view')
      .values({ plugin_id: plugin.id, day, visitor })
      .onConflict((oc) => oc.columns(['plugin_id', 'day', 'visitor']).doNothing())
      .returning('plugin_id')
      .executeTakeFirst();
    if (!added) return { count: plugin.view_count, counted: false };
    const row = await trx
      .updateTable('plugin')
      .set((eb) => ({ view_count: eb('view_count', '+', 1) }))
      .where('id', '=', plugin.id)
      .returning('view_count')
      .executeTakeFirstOrThrow();
    return { count: row.view_count, counted: true };
  });
  if (!outcome) return undefined;
  if (outcome.counted) markPluginChanged(db, pluginKey);
  if ((purgedDay.get(db) ?? -1) < day) {
    purgedDay.set(db, day);
    await db.kysely.deleteFrom('plugin_view').where('day', '<', day).execute();
  }
  return outcome.count;
}

/** What a shared link's preview shows of a plugin: its texts in a locale and its pictures. */
export interface ShareRow {
  name: string;
  intro: string;
  icon: string | null;
  cover_center: string | null;
  t_name: string | null;
  t_intro: string | null;
}

/**
 * The approved plugin with `pluginKey` (undefined when none): name, intro, icon and plugin-center
 * cover, with its `lang` translation's name and intro (null: none). One query on the unique
 * `plugin_key` index (and the translation's primary key), no large column read.
 */
export async function approvedShareRow(
  db: Database,
  pluginKey: string,
  lang: Locale,
): Promise<ShareRow | undefined> {
  return (await db.kysely
    .selectFrom('plugin as p')
    .leftJoin('plugin_translation as t', (join) =>
      join.onRef('t.plugin_id', '=', 'p.id').on('t.locale', '=', lang),
    )
    .select(['p.name', 'p.intro', 'p.icon', 'p.cover_center', 't.name as t_name', 't.intro as t_intro'])
    .where('p.plugin_key', '=', pluginKey)
    .where('p.review_status', '=', ReviewStatus.APPROVED)
    .executeTakeFirst()) as ShareRow | undefined;
}
