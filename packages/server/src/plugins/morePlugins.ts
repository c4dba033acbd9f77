/**
 * "More from this publisher" (`GET plugin/more`), shown on a plugin's detail page: the rules over
 * the queries of `data/morePlugins.ts`.
 */
import { ApiErrorCode, type Locale, type PluginSummary } from '@plugin-center/contract/schemas';
import type { Database } from '../db/database';
import { CATALOGUE, readFromReplica } from '../db/readReplica';
import { ApiError } from '../errors';
import { approvedPublisherOf, morePluginIds } from './data/morePlugins';
import { summariesByIds } from './data/summaries';

/**
 * Other listed approved plugins of the publisher of the approved plugin `pluginKey` (`GET
 * plugin/more`): the same owning account, or for a plugin without one (an imported catalogue entry)
 * the same `developer` among plugins without one; the plugin itself and unlisted plugins left out;
 * most installed first, at most `count`; names and intros in `lang` where translated. The plugin
 * may itself be unlisted (its detail still opens by key). Three small indexed queries, uncached,
 * from the read replica when it is current (`db/readReplica.ts`).
 *
 * @throws ApiError PLUGIN_NOT_FOUND (404) when no approved plugin has that key.
 */
export async function morePlugins(
  db: Database,
  pluginKey: string,
  options: { count: number; lang?: Locale | undefined },
): Promise<PluginSummary[]> {
  return readFromReplica(db, CATALOGUE, async (reader) => {
    const of = await approvedPublisherOf(reader, pluginKey);
    if (!of)
      throw new ApiError(
        ApiErrorCode.PLUGIN_NOT_FOUND,
        `no plugin with plugin_key ${JSON.stringify(pluginKey)}`,
      );
    const ids = await morePluginIds(reader, of, options.count);
    return summariesByIds(reader, ids, options.lang);
  });
}
