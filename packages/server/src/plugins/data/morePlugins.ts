/**
 * The query of "more from this publisher" (`GET plugin/more`; the rules are in `../morePlugins.ts`):
 * the plugin's publisher, and the ids of its other listed approved plugins.
 */
import { ReviewStatus } from '@plugin-center/contract/schemas';
import type { Database } from '../../db/database';

/** Who published a plugin: its owning account (null for an imported entry) and its `developer`. */
export interface PublisherRow {
  id: number;
  owner_id: number | null;
  developer: string | null;
}

/** The approved plugin with `pluginKey` (listed or not), its id and publisher; undefined when none. */
export async function approvedPublisherOf(db: Database, pluginKey: string): Promise<PublisherRow | undefined> {
  return db.kysely
    .selectFrom('plugin')
    .select(['id', 'owner_id', 'developer'])
    .where('plugin_key', '=', pluginKey)
    .where('review_status', '=', ReviewStatus.APPROVED)
    .executeTakeFirst();
}

/**
 * Ids of at most `limit` listed approved plugins of the publisher of `of`, `of` itself left out, most
 * installed first (then latest update, then id desc): those of the same owning account when `of`
 * has one (the `plugin_owner_idx` index), else those without an owner whose `developer` equals
 * `of`'s. None when `of` has neither an owner nor a developer.
 */
export async function morePluginIds(db: Database, of: PublisherRow, limit: number): Promise<number[]> {
  if (of.owner_id === null && !of.developer) return [];
  let q = db.kysely
    .selectFrom('plugin')
    .select('id')
    .where('review_status', '=', ReviewStatus.APPROVED)
    .where('unlisted_at', 'is', null)
    .where('id', '!=', of.id);
  q =
    of.owner_id !== null
      ? q.where('owner_id', '=', of.owner_id)
      : q.where('owner_id', 'is', null).where('developer', '=', of.developer!);
  const rows = await q
    .orderBy('download_count', 'desc')
    .orderBy('sort_time', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => r.id);
}
