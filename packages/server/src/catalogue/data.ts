/** Queries of the catalogue import beside the plugin writes it shares (`plugins/data/write.ts`). */
import { sql } from 'kysely';
import type { Database } from '../db/database';

/** Id, name and source of the plugins with these names, by id (the lowest first). */
export async function pluginsByNames(
  db: Database,
  names: readonly string[],
): Promise<{ id: number; name: string; source: string | null }[]> {
  const out: { id: number; name: string; source: string | null }[] = [];
  for (let i = 0; i < names.length; i += 500) {
    out.push(
      ...(await db.kysely
        .selectFrom('plugin')
        .select(['id', 'name', 'source'])
        .where('name', 'in', names.slice(i, i + 500))
        .orderBy('id')
        .execute()),
    );
  }
  return out;
}

/** The plugins holding these manifest ids (plugin_key and name), by manifest id. */
export async function manifestIdHolders(
  db: Database,
  manifestIds: readonly string[],
): Promise<Map<string, { plugin_key: string; name: string }>> {
  const out = new Map<string, { plugin_key: string; name: string }>();
  for (let i = 0; i < manifestIds.length; i += 500) {
    const rows = await db.kysely
      .selectFrom('plugin')
      .select(['plugin_key', 'name', 'manifest_id'])
      .where('manifest_id', 'in', manifestIds.slice(i, i + 500))
      .execute();
    for (const row of rows) out.set(row.manifest_id!, { plugin_key: row.plugin_key, name: row.name });
  }
  return out;
}

/** Whether the database holds any plugin (a first start imports the catalogue only into an empty one). */
export async function hasAnyPlugin(db: Database): Promise<boolean> {
  return (await db.kysely.selectFrom('plugin').select('id').limit(1).executeTakeFirst()) !== undefined;
}

/**
 * After a bulk load: refreshes planner statistics (`ANALYZE`) on both dialects, search index
 * included. On PostgreSQL a `VACUUM` comes with it: it marks the freshly written pages all-visible,
 * without which PostgreSQL cannot read an index alone (every index-only scan fetches its heap rows)
 * and prefers reading all postings of a term and sorting them (44 ms instead of 0.8 ms for a
 * term in 3,600 plugins, docs/benchmarks.md); autovacuum would do it later, or never when it is off.
 */
export async function optimizeAfterBulkLoad(db: Database): Promise<void> {
  if (db.dialect === 'sqlite') {
    await sql`ANALYZE`.execute(db.kysely);
  } else {
    await sql`VACUUM (ANALYZE) plugin, plugin_tag, tag, plugin_translation, search_term, search_word, search_posting`.execute(
      db.kysely,
    );
  }
}
