/**
 * Manifest ids for a database from before they were recorded (migration 0022 adds the columns
 * empty): the catalogue plugins get their catalogue `figma_plugin_id`, published plugins and
 * submissions the `id` of their stored manifest. Plugins are taken in the order they were created
 * (lowest id first), so where two plugins carry one id the first keeps it (the rule of
 * `identity.ts`) and the later one stays without; review shows them as matching.
 *
 * Design tools for a database from before submissions recorded them (migration 0041): a submitted
 * code file's manifest says them ({@link backfillPlatforms}).
 */
import { join } from 'node:path';
import { sql } from 'kysely';
import { derivePluginKey, parseCatalogueEntry } from '../catalogue/entry';
import { readCatalogueFile } from '../catalogue/import';
import type { Database } from '../db/database';
import { type FileStorage, STORAGE_KEY } from '../shared/storage/fileStorage';
import { manifestIdOf } from './identity';
import { manifestPlatforms, validateManifest } from './manifest';

/** What {@link backfillManifestIds} did. */
export interface ManifestIdBackfill {
  /** Plugins that now hold a manifest id. */
  plugins: number;
  /** Plugins left without one because an earlier plugin holds their id. */
  duplicates: number;
  /** Submissions whose manifest id was filled in. */
  submissions: number;
}

/** The `figma_plugin_id` of each catalogue plugin, by its plugin_key (files that are missing: none). */
async function catalogueIds(catalogueDir: string): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for (const file of ['plugins.json', 'zh.json']) {
    let entries: unknown[];
    try {
      entries = await readCatalogueFile(join(catalogueDir, file));
    } catch {
      continue;
    }
    for (const raw of entries) {
      const parsed = parseCatalogueEntry(raw);
      if (!parsed.ok || parsed.record.en_ref || !parsed.record.figma_plugin_id) continue;
      const key = derivePluginKey(parsed.record);
      if (!out.has(key)) out.set(key, parsed.record.figma_plugin_id);
    }
  }
  return out;
}

/**
 * Fills in missing manifest ids, once: it does nothing when any plugin already holds one, or when
 * there are no plugins (a new database gets its ids as it is filled).
 *
 * @param catalogueDir - the catalogue folder (`plugins.json`, `zh.json`) the plugins were imported from
 * @returns the counts, or null when there was nothing to do
 */
export async function backfillManifestIds(
  db: Database,
  storage: FileStorage,
  catalogueDir: string,
): Promise<ManifestIdBackfill | null> {
  const k = db.kysely;
  const anyId = await k
    .selectFrom('plugin')
    .select('id')
    .where('manifest_id', 'is not', null)
    .limit(1)
    .execute();
  if (anyId.length > 0) return null;
  const plugins = await k
    .selectFrom('plugin')
    .select(['id', 'plugin_key', 'code_file'])
    .where('manifest_id', 'is', null)
    .orderBy('id')
    .execute();
  if (plugins.length === 0) return null;

  const idsByKey = new Map<string, string | null>();
  const idOfFile = async (key: string | null): Promise<string | null> => {
    if (!key || !STORAGE_KEY.test(key) || !key.endsWith('.json')) return null;
    if (idsByKey.has(key)) return idsByKey.get(key)!;
    const bytes = await storage.get(key).catch(() => undefined);
    const check = bytes ? validateManifest(bytes) : undefined;
    const id = check?.ok ? manifestIdOf(check) : null;
    idsByKey.set(key, id);
    return id;
  };

  const result: ManifestIdBackfill = { plugins: 0, duplicates: 0, submissions: 0 };
  const catalogue = await catalogueIds(catalogueDir);
  // The newest submitted code file of each plugin (for one never approved, the plugin row's may be older).
  const latestCode = new Map<number, string>();
  for (const row of await k
    .selectFrom('plugin_submission')
    .select(['plugin_id', 'code_file'])
    .where('code_file', 'is not', null)
    .orderBy('id', 'desc')
    .execute())
    if (!latestCode.has(row.plugin_id)) latestCode.set(row.plugin_id, row.code_file!);
  for (const plugin of plugins) {
    const manifestId =
      catalogue.get(plugin.plugin_key) ??
      (await idOfFile(plugin.code_file)) ??
      (await idOfFile(latestCode.get(plugin.id) ?? null));
    if (manifestId === null) continue;
    try {
      const updated = await k
        .updateTable('plugin')
        .set({ manifest_id: manifestId })
        .where('id', '=', plugin.id)
        .where('manifest_id', 'is', null)
        .where(sql<boolean>`NOT EXISTS (SELECT 1 FROM plugin p2 WHERE p2.manifest_id = ${manifestId})`)
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) > 0) result.plugins++;
      else result.duplicates++;
    } catch {
      // A publish claimed the id in between: it stays theirs.
      result.duplicates++;
    }
  }

  const submissions = await k
    .selectFrom('plugin_submission')
    .select(['id', 'code_file'])
    .where('manifest_id', 'is', null)
    .where('code_file', 'is not', null)
    .execute();
  for (const submission of submissions) {
    const manifestId = await idOfFile(submission.code_file);
    if (manifestId === null) continue;
    await k
      .updateTable('plugin_submission')
      .set({ manifest_id: manifestId })
      .where('id', '=', submission.id)
      .execute();
    result.submissions++;
  }
  return result;
}

/** What {@link backfillPlatforms} did. */
export interface PlatformsBackfill {
  /** Submissions whose design tools were recorded. */
  submissions: number;
  /** Published plugins without design tools that got their approved version's. */
  plugins: number;
}

/**
 * Records the design tools of the submissions from before they were recorded (migration 0041
 * leaves them null): a plugin's that has some (an imported plugin's, from its catalogue entry, which
 * a later approval must not narrow to its manifest's), else those the submission's stored manifest
 * is for (`manifest.ts` manifestPlatforms; none when it cannot be read). A published plugin still
 * without design tools (publishing stored none before) gets those of its approved submission.
 * Runs once in effect: every submission written since records its design tools, and those without
 * a code file (an imported plugin given an owner) are left alone.
 *
 * @returns the counts, or null when there was nothing to do
 */
export async function backfillPlatforms(
  db: Database,
  storage: FileStorage,
): Promise<PlatformsBackfill | null> {
  const k = db.kysely;
  const submissions = await k
    .selectFrom('plugin_submission as s')
    .innerJoin('plugin as p', 'p.id', 's.plugin_id')
    .select(['s.id', 's.plugin_id', 's.status', 's.code_file', 'p.platforms as plugin_platforms'])
    .where('s.platforms', 'is', null)
    .where('s.code_file', 'is not', null)
    .orderBy('s.id')
    .execute();
  if (submissions.length === 0) return null;
  const result: PlatformsBackfill = { submissions: 0, plugins: 0 };
  const byFile = new Map<string, string[] | null>();
  const platformsOfFile = async (key: string): Promise<string[] | null> => {
    if (!STORAGE_KEY.test(key) || !key.endsWith('.json')) return null;
    if (!byFile.has(key)) {
      const bytes = await storage.get(key).catch(() => undefined);
      const check = bytes ? validateManifest(bytes) : undefined;
      byFile.set(key, check?.ok ? manifestPlatforms(check) : null);
    }
    return byFile.get(key)!;
  };
  // The approved submission of each plugin, the last one taken (ids ascending).
  const approved = new Map<number, string[]>();
  for (const submission of submissions) {
    const own = JSON.parse(submission.plugin_platforms) as string[];
    const platforms = own.length > 0 ? own : ((await platformsOfFile(submission.code_file!)) ?? []);
    await k
      .updateTable('plugin_submission')
      .set({ platforms: JSON.stringify(platforms) })
      .where('id', '=', submission.id)
      .where('platforms', 'is', null)
      .execute();
    result.submissions++;
    if (submission.status === 2) approved.set(submission.plugin_id, platforms);
  }
  for (const [pluginId, platforms] of approved) {
    if (platforms.length === 0) continue;
    const updated = await k
      .updateTable('plugin')
      .set({ platforms: JSON.stringify(platforms) })
      .where('id', '=', pluginId)
      .where('platforms', '=', '[]')
      .executeTakeFirst();
    result.plugins += Number(updated.numUpdatedRows);
  }
  return result;
}
