/**
 * The curated recommendations (SPEC §1 "manage recommendations", §7
 * `POST plugin/recommendation/publish`): the administrator chooses and orders the recommended
 * plugins, which `GET plugin/recommendation/list` (`plugins/recommendations.ts`) shows from then
 * on; an empty choice returns to its automatic sample.
 */
import { ApiErrorCode, type CuratedRecommendation, type Locale } from '@plugin-center/contract/schemas';
import { markCatalogueChanged } from '../db/changes';
import { ApiError } from '../errors';
import { curatedPluginIds } from '../plugins/data/recommendations';
import { summariesByIds } from '../plugins/data/summaries';
import type { AuthUser } from '../shared/auth';
import { CurationAction, type CurationContext, logCuration } from './context';
import { approvedIdsByKey, lockCurated, replaceCurated } from './data/recommendations';

/**
 * `GET plugin/recommendation/curated` (admin): the curated choice in its order, approved plugins
 * only (what the square shows); `is_curated` false when there is none (the automatic sample).
 */
export async function curatedRecommendation(
  ctx: CurationContext,
  lang: Locale | undefined,
): Promise<CuratedRecommendation> {
  const list = await summariesByIds(ctx.db, await curatedPluginIds(ctx.db), lang);
  return { plugin_list: list, is_curated: list.length > 0 };
}

/**
 * `POST plugin/recommendation/publish` (admin): replaces the curated choice with `pluginKeys` in
 * order, in one transaction with its audit-log entry (`recommendation_publish`, the keys in
 * `reason`); `[]` returns to the automatic sample. Nothing changes when a key is refused. Two
 * publishes at once run one after the other (the curated table is locked for writes), so the
 * choice left is one of them, whole.
 *
 * @returns the new choice, as {@link curatedRecommendation} reads it.
 * @throws ApiError INVALID_PARAMETER (400, field `plugin_keys`) for a repeated key or a key that
 *   is not an approved plugin.
 */
export async function publishRecommendation(
  ctx: CurationContext,
  admin: AuthUser,
  pluginKeys: readonly string[],
  lang?: Locale,
): Promise<CuratedRecommendation> {
  const seen = new Set<string>();
  for (const key of pluginKeys) {
    if (seen.has(key)) {
      throw new ApiError(
        ApiErrorCode.INVALID_PARAMETER,
        `plugin_keys: ${JSON.stringify(key)} is listed more than once`,
        400,
        'plugin_keys',
      );
    }
    seen.add(key);
  }
  await ctx.db.kysely.transaction().execute(async (trx) => {
    await lockCurated(trx, ctx.db.dialect);
    // Checked in the transaction that writes, so a refused key leaves the previous choice intact.
    const ids = await approvedIdsByKey(trx, ctx.db.dialect, pluginKeys);
    const missing = pluginKeys.find((key) => !ids.has(key));
    if (missing !== undefined) {
      throw new ApiError(
        ApiErrorCode.INVALID_PARAMETER,
        `plugin_keys: no approved plugin with plugin_key ${JSON.stringify(missing)}`,
        400,
        'plugin_keys',
      );
    }
    await replaceCurated(
      trx,
      pluginKeys.map((key) => ids.get(key)!),
    );
    await logCuration(trx, admin, {
      action: CurationAction.RECOMMENDATION_PUBLISH,
      plugin_key: '',
      reason: pluginKeys.length > 0 ? pluginKeys.join(', ') : 'automatic sample',
      time: ctx.clock(),
    });
  });
  markCatalogueChanged(ctx.db);
  return curatedRecommendation(ctx, lang);
}
