/**
 * The server's read cache (one cache, in one place): per-process, per-database, least
 * recently used entries with a time to live, on `lru-cache`. Entries remember the generations of
 * `db/changes.ts` they were computed at and are stale as soon as a writer of this process marks a
 * change there; writes of other processes are seen when their invalidation arrives through Redis
 * (`REDIS_URL`, milliseconds), else (no Redis, or Redis unreachable) after the entry's TTL.
 * Nothing else drops entries.
 *
 * Used by the plugin reads (`plugins/list.ts`, `plugins/detail.ts`): counts and page ids for
 * {@link COUNT_CACHE_TTL_MS}, complete list/search/detail answers for {@link LIST_RESULT_TTL_MS}.
 */
import { LRUCache } from 'lru-cache';
import { catalogueGeneration, pluginGeneration } from './db/changes';
import type { Database } from './db/database';
import { countCacheLookup } from './metrics';

/**
 * How long a cached count (or page of ids) is trusted when another process might have written
 * without this process hearing of it (no Redis, or Redis unreachable), ms.
 */
export const COUNT_CACHE_TTL_MS = 5_000;
/**
 * How long a complete list, search or detail answer (rows included) is reused, ms: a micro-cache
 * that lets repeated requests for the same page skip the database; counters shown in lists (views,
 * downloads) may lag by at most this much. Catalogue writes in this process make it stale at once.
 */
export const LIST_RESULT_TTL_MS = 1_000;
/** Most entries cached per database (least recently used dropped first). */
export const READ_CACHE_SIZE = 2_000;

interface Entry {
  /** `catalogueGeneration` when the computation started. */
  generation: number;
  /** `pluginGeneration` of the entry's plugin when the computation started (0 without a plugin). */
  pluginGeneration: number;
  value: unknown;
}

/** Options of {@link cachedRead}. */
export interface CachedReadOptions {
  /** How long the answer is reused, ms (default {@link COUNT_CACHE_TTL_MS}). */
  ttl?: number;
  /** The entry describes this plugin: stale also when `markPluginChanged(db, pluginKey)` is called. */
  pluginKey?: string;
}

const caches = new WeakMap<Database, LRUCache<string, Entry>>();
/** Databases whose read cache is off (config `readCache: false`, env `READ_CACHE=false`). */
const uncached = new WeakSet<Database>();

/**
 * Turns this process's read cache on or off for `db` (config `readCache`, env `READ_CACHE`, see
 * `app.ts`). On by default; off makes every request read the database, which is what `pnpm bench`
 * measures as "uncached"; turning it off also forgets what was cached.
 */
export function setReadCache(db: Database, enabled: boolean): void {
  if (enabled) uncached.delete(db);
  else {
    uncached.add(db);
    caches.delete(db);
  }
}

/**
 * The cached answer of `key` for `db`, or `compute()`'s, which is then kept for `options.ttl` ms
 * (measured from when the computation started) unless a change is marked meanwhile in
 * `db/changes.ts` (any catalogue change; with `pluginKey`, also that plugin's changes). Failures
 * are not cached (the error propagates). With the cache off, always `compute()`. Each lookup counts
 * as a hit or a miss in the metrics of `db` (`metrics.ts`; nothing is counted with the cache off).
 */
export async function cachedRead<T>(
  db: Database,
  key: string,
  compute: () => Promise<T>,
  options: CachedReadOptions = {},
): Promise<T> {
  if (uncached.has(db)) return compute();
  let cache = caches.get(db);
  if (!cache) {
    // ttlResolution 0: the clock is read on every check (no timers), as the TTLs are short.
    cache = new LRUCache<string, Entry>({ max: READ_CACHE_SIZE, ttlResolution: 0 });
    caches.set(db, cache);
  }
  const generation = catalogueGeneration(db);
  const pluginGen = options.pluginKey === undefined ? 0 : pluginGeneration(db, options.pluginKey);
  const start = performance.now();
  const hit = cache.get(key);
  if (hit && hit.generation === generation && hit.pluginGeneration === pluginGen) {
    countCacheLookup(db, key, true);
    return hit.value as T;
  }
  countCacheLookup(db, key, false);
  const value = await compute();
  cache.set(
    key,
    { generation, pluginGeneration: pluginGen, value },
    { ttl: options.ttl ?? COUNT_CACHE_TTL_MS, start },
  );
  return value;
}
