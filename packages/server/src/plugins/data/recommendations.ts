/**
 * The queries of the recommended plugins (`GET plugin/recommendation/list`; the rules are in
 * `../recommendations.ts`): the curated `recommendation` rows and the candidate pool. Small
 * queries rather than a join, so the planner never walks the plugin table for them.
 */
import { ReviewStatus } from '@plugin-center/contract/schemas';
import type { Database } from '../../db/database';

/** Ids of the curated recommendations, by position (then id); any review status. */
export async function curatedPluginIds(db: Database): Promise<number[]> {
  const rows = await db.kysely
    .selectFrom('recommendation')
    .select('plugin_id')
    .orderBy('position')
    .orderBy('plugin_id')
    .execute();
  return rows.map((r) => r.plugin_id);
}

/** Which of `ids` are listed approved plugins (one query; none for no id). */
export async function approvedAmong(db: Database, ids: readonly number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db.kysely
    .selectFrom('plugin')
    .select('id')
    .where('id', 'in', ids)
    .where('review_status', '=', ReviewStatus.APPROVED)
    .where('unlisted_at', 'is', null)
    .execute();
  return new Set(rows.map((r) => r.id));
}

/** Ids of the `size` listed approved plugins with the most views, then the latest update, then id desc. */
export async function mostViewedIds(db: Database, size: number): Promise<number[]> {
  const rows = await db.kysely
    .selectFrom('plugin')
    .select('id')
    .where('review_status', '=', ReviewStatus.APPROVED)
    .where('unlisted_at', 'is', null)
    .orderBy('view_count', 'desc')
    .orderBy('sort_time', 'desc')
    .orderBy('id', 'desc')
    .limit(size)
    .execute();
  return rows.map((r) => r.id);
}
