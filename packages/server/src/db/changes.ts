import type { Database } from './database';

const generations = new WeakMap<Database, number>();

/**
 * Marks that the catalogue of `db` changed (a plugin, tag, translation or review status was
 * written), after the writing transaction committed. Caches derived from catalogue rows compare
 * {@link catalogueGeneration} to drop stale entries at once in this process.
 */
export function markCatalogueChanged(db: Database): void {
  generations.set(db, (generations.get(db) ?? 0) + 1);
}

/** The number of committed catalogue writes seen in this process for `db` (starts at 0). */
export function catalogueGeneration(db: Database): number {
  return generations.get(db) ?? 0;
}
