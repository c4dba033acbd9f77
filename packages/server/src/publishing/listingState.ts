/**
 * A plugin's listing state on the wire (`ListingState`: unlisted, deprecation with its replacement),
 * as the author's plugin list, the review list and the listing calls (`listing.ts`) answer it.
 */
import type { ListingState } from '@plugin-center/contract/schemas';
import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '../db/schema';
import { deprecationOf } from '../plugins/detail';
import { isApproved, type PluginRow, pluginsByIds } from './data';

type Db = Kysely<DatabaseSchema>;

/**
 * The listing states of `plugins` by plugin id (their replacements read in one query), as the
 * author's plugin list and the listing calls answer them.
 */
export async function listingStates(
  db: Db,
  plugins: readonly PluginRow[],
): Promise<Map<number, ListingState>> {
  const replacements = await pluginsByIds(
    db,
    plugins.flatMap((p) => (p.replacement_plugin_id === null ? [] : [p.replacement_plugin_id])),
  );
  // The replacement is named while it is approved, as on the detail.
  const replacementOf = (p: PluginRow) => {
    const r = p.replacement_plugin_id === null ? undefined : replacements.get(p.replacement_plugin_id);
    return r && isApproved(r) ? { r_key: r.plugin_key, r_name: r.name } : { r_key: null, r_name: null };
  };
  return new Map(
    plugins.map((p) => [
      p.id,
      {
        plugin_key: p.plugin_key,
        unlisted: p.unlisted_at !== null,
        unlisted_time: p.unlisted_at === null ? null : Number(p.unlisted_at),
        deprecation: deprecationOf({ ...p, ...replacementOf(p) }),
      },
    ]),
  );
}
