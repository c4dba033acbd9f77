/**
 * The queries of the activity info: the `activity_view` counters of migration 0015 and
 * the tags' approved-plugin counts. Kysely only.
 */
import { type Kysely, sql } from 'kysely';
import type { DatabaseSchema } from '../../db/schema';

/**
 * Counts one view of an activity in one statement (insert the row at 1, or add 1 to it: atomic
 * under concurrent calls on both dialects, `INSERT … ON CONFLICT DO UPDATE … RETURNING`).
 * @returns the views counted so far, this one included
 */
export async function countActivityView(db: Kysely<DatabaseSchema>, activityId: string): Promise<number> {
  const row = await db
    .insertInto('activity_view')
    .values({ activity_id: activityId, view_num: 1 })
    .onConflict((oc) => oc.column('activity_id').doUpdateSet({ view_num: sql`activity_view.view_num + 1` }))
    .returning('view_num')
    .executeTakeFirstOrThrow();
  return Number(row.view_num);
}

/** The number of approved plugins carrying the tag `code` (the tag's denormalised count), 0 without the tag. */
export async function approvedPluginsWithTag(db: Kysely<DatabaseSchema>, code: string): Promise<number> {
  const row = await db.selectFrom('tag').select('plugin_count').where('code', '=', code).executeTakeFirst();
  return row ? Number(row.plugin_count) : 0;
}
