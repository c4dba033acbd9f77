/**
 * Recommended plugins (`GET plugin/recommendation/list`, SPEC §2 "recommended plugins with
 * refresh"): the rules — curated window or seeded sample — over the queries of
 * `data/recommendations.ts`.
 */
import type { Locale, PluginSummary } from '@plugin-center/contract/schemas';
import type { Database } from '../db/database';
import { CATALOGUE, readFromReplica } from '../db/readReplica';
import { seededRandom } from '../random';
import { approvedAmong, curatedPluginIds, mostViewedIds } from './data/recommendations';
import { summariesByIds } from './data/summaries';

/** Size of the candidate pool the uncurated recommendation samples from. */
export const RECOMMENDATION_POOL = 200;

/**
 * Recommended plugins (`GET plugin/recommendation/list`, SPEC §2 "recommended plugins with
 * refresh"). When curated `recommendation` rows exist: those approved plugins by position, the
 * window rotated by `seed` when there are more than `count`. Otherwise a sample of `count` from the
 * {@link RECOMMENDATION_POOL} approved plugins ranked by views, then latest update (so dated,
 * viewed plugins are preferred), shuffled with `seed` (default 0): a different seed gives another
 * sample (the app's refresh), the same seed the same answer. Not cached (2–3 small queries).
 */
export async function recommendPlugins(
  db: Database,
  options: { count: number; seed?: number | undefined; lang?: Locale | undefined },
): Promise<PluginSummary[]> {
  return readFromReplica(db, CATALOGUE, (reader) => recommendFrom(reader, options));
}

async function recommendFrom(
  db: Database,
  options: { count: number; seed?: number | undefined; lang?: Locale | undefined },
): Promise<PluginSummary[]> {
  const seed = options.seed ?? 0;
  const curatedIds = await curatedPluginIds(db);
  const approvedCurated = await approvedAmong(db, curatedIds);
  const curated = curatedIds.filter((id) => approvedCurated.has(id));
  let ids: number[];
  if (curated.length > 0) {
    if (curated.length <= options.count) ids = curated;
    else {
      const start = (seed * options.count) % curated.length;
      ids = Array.from({ length: options.count }, (_, i) => curated[(start + i) % curated.length]!);
    }
  } else {
    const pool = await mostViewedIds(db, RECOMMENDATION_POOL);
    const random = seededRandom(seed);
    for (let i = pool.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [pool[i], pool[j]] = [pool[j]!, pool[i]!];
    }
    ids = pool.slice(0, options.count);
  }
  return summariesByIds(db, ids, options.lang);
}
