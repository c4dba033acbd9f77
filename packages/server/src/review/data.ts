/** Queries of review: the pending submission of a plugin, the decision on it, the history version. */
import { ReviewStatus } from '@plugin-center/contract/schemas';
import type { Insertable, Kysely, Updateable } from 'kysely';
import type { DatabaseSchema, PluginSubmissionTable, PluginVersionTable } from '../db/schema';
import type { SubmissionRow } from '../publishing/data';

type Db = Kysely<DatabaseSchema>;

/** The plugin's newest submission waiting for review, or undefined. */
export function pendingSubmission(db: Db, pluginId: number): Promise<SubmissionRow | undefined> {
  return db
    .selectFrom('plugin_submission')
    .selectAll()
    .where('plugin_id', '=', pluginId)
    .where('status', '=', ReviewStatus.UNREVIEWED)
    .orderBy('id', 'desc')
    .executeTakeFirst();
}

/**
 * Records the decision (status, reason, time, reviewer) on submission `id` if it is still waiting
 * for review (a conditional update: a decision taken meanwhile is never overwritten).
 * @returns whether this call decided it (false: it was decided already; the caller rolls back)
 */
export async function recordDecision(
  db: Db,
  id: number,
  decision: Pick<
    Updateable<PluginSubmissionTable>,
    'status' | 'reject_reason' | 'review_time' | 'reviewer_id'
  >,
): Promise<boolean> {
  const result = await db
    .updateTable('plugin_submission')
    .set(decision)
    .where('id', '=', id)
    .where('status', '=', ReviewStatus.UNREVIEWED)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Records the plugin's first approval at `now` (ms): sets `plugin.approve_time` only while it is
 * null, so a later version, an unlisting or a relisting never moves the plugin in the newest order.
 */
export async function recordFirstApproval(db: Db, pluginId: number, now: number): Promise<void> {
  await db
    .updateTable('plugin')
    .set({ approve_time: now })
    .where('id', '=', pluginId)
    .where('approve_time', 'is', null)
    .execute();
}

/** Adds a history version of a plugin (kept as it is when that version is there already). */
export async function addVersion(db: Db, version: Insertable<PluginVersionTable>): Promise<void> {
  await db
    .insertInto('plugin_version')
    .values(version)
    .onConflict((oc) => oc.columns(['plugin_id', 'version']).doNothing())
    .execute();
}
