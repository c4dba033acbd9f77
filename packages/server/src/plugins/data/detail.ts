/**
 * The queries of a plugin's detail and its view counter (`GET plugin`, `POST plugin/view`; the rules
 * are in `../detail.ts`): the approved plugin's row (with its texts in a locale), its history
 * versions, and the atomic view count.
 */
import { type Locale, ReviewStatus } from '@plugin-center/contract/schemas';
import { markPluginChanged } from '../../db/changes';
import type { Database } from '../../db/database';
import type { DatabaseSchema } from '../../db/schema';

/** A plugin row with its id and, when a locale was asked, the translated texts (null: none). */
export type DetailRow = DatabaseSchema['plugin'] & {
  id: number;
  t_name?: string | null;
  t_intro?: string | null;
  t_description?: string | null;
};

/** The approved plugin with `pluginKey` (undefined when none), joined to its `lang` translation. */
export async function approvedPluginRow(
  db: Database,
  pluginKey: string,
  lang?: Locale,
): Promise<DetailRow | undefined> {
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
  return (await query.executeTakeFirst()) as DetailRow | undefined;
}

/** History versions of a plugin, newest first (create_time, then insertion). */
export function pluginVersions(
  db: Database,
  pluginId: number,
): Promise<{ version: string; version_content: string; create_time: number }[]> {
  return db.kysely
    .selectFrom('plugin_version')
    .select(['version', 'version_content', 'create_time'])
    .where('plugin_id', '=', pluginId)
    .orderBy('create_time', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

/**
 * Counts one view of an approved plugin with a single atomic
 * `UPDATE … SET view_count = view_count + 1 … RETURNING view_count`, then marks the plugin changed
 * (`markPluginChanged`: its cached details are stale).
 *
 * @returns the view count after this view; undefined when no approved plugin has that key.
 */
export async function incrementViewCount(db: Database, pluginKey: string): Promise<number | undefined> {
  const row = await db.kysely
    .updateTable('plugin')
    .set((eb) => ({ view_count: eb('view_count', '+', 1) }))
    .where('plugin_key', '=', pluginKey)
    .where('review_status', '=', ReviewStatus.APPROVED)
    .returning('view_count')
    .executeTakeFirst();
  if (!row) return undefined;
  markPluginChanged(db, pluginKey);
  return row.view_count;
}
