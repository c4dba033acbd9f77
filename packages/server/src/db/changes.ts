/**
 * The one place where writers say what they changed and where caches learn it: every
 * write that can make a cached read stale calls {@link markCatalogueChanged} or
 * {@link markPluginChanged} after its transaction committed; the read cache (`../cache.ts`) keeps
 * the generations an entry was computed at and treats the entry as stale as soon as one of them
 * moved. No module drops another module's cache entries.
 *
 * Generations are per database (a `WeakMap`, so tests with many databases stay isolated) and per
 * process: writes of other processes are seen only when the cache's TTL runs out.
 */
import type { Database } from './database';

const generations = new WeakMap<Database, number>();
const pluginGenerations = new WeakMap<Database, Map<string, number>>();

/**
 * Marks that the catalogue of `db` changed (a plugin, tag, translation, version, recommendation or
 * review status was written), after the writing transaction committed. Every cached catalogue read
 * of `db` (counts, pages, list answers, details) is stale from now on in this process.
 */
export function markCatalogueChanged(db: Database): void {
  generations.set(db, (generations.get(db) ?? 0) + 1);
}

/** The number of committed catalogue writes seen in this process for `db` (starts at 0). */
export function catalogueGeneration(db: Database): number {
  return generations.get(db) ?? 0;
}

/**
 * Marks that one plugin's own counters or per-user rows changed (a view counted, an install or a
 * like added or removed), after the write committed: the cached details of that plugin (every
 * language) are stale from now on in this process; lists keep their short TTL (SPEC §3 counters in
 * lists may lag by `LIST_RESULT_TTL_MS`).
 */
export function markPluginChanged(db: Database, pluginKey: string): void {
  let byKey = pluginGenerations.get(db);
  if (!byKey) {
    byKey = new Map();
    pluginGenerations.set(db, byKey);
  }
  byKey.set(pluginKey, (byKey.get(pluginKey) ?? 0) + 1);
}

/** The number of {@link markPluginChanged} calls seen in this process for the plugin (starts at 0). */
export function pluginGeneration(db: Database, pluginKey: string): number {
  return pluginGenerations.get(db)?.get(pluginKey) ?? 0;
}
