/**
 * Import of catalogue files (`plugins.json`, `zh.json`; schema in `catalogue/README.md`) into the
 * database. Idempotent: a plugin whose stable plugin_key exists is skipped, a translation a plugin
 * already has is skipped. A malformed record is reported with its index and reason and does not
 * stop the others.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ReviewStatus } from '@plugin-center/contract/schemas';
import { httpUrl } from '@plugin-center/contract/text';
import type { Database } from '../db/database';
import {
  addTranslations,
  createPlugins,
  type NewPlugin,
  type PluginTranslation,
} from '../plugins/data/write';
import { manifestIdHolders, optimizeAfterBulkLoad, pluginsByNames } from './data';
import { type CatalogueRecord, derivePluginKey, parseCatalogueEntry, recordTranslation } from './entry';

/** One rejected record: its index in its file, the file, and why. */
export interface ImportError {
  /** 0-based index of the record in its file's array. */
  index: number;
  /** File (or source label) the record came from. */
  file?: string;
  reason: string;
}

/** What an import did. */
export interface ImportReport {
  /** Plugins created. */
  added: number;
  /** Records that changed nothing: plugin already present (same plugin_key, also within the same run) or translation already present. */
  skipped: number;
  /** Translations added to existing plugins (records with `en_ref`). */
  translations: number;
  /** Records rejected. */
  errors: ImportError[];
  /** Set when `signal` stopped the import before its end. */
  cancelled?: boolean;
}

/** One array of raw records to import, with a label for error reports. */
export interface ImportSource {
  file: string;
  entries: readonly unknown[];
}

/** Options of {@link importEntries}. */
export interface ImportOptions {
  /** The import time, ms (default: now): the create_time of a plugin whose source gives no date. */
  now?: number;
  /** Plugins per transaction (default 500). */
  batchSize?: number;
  /**
   * Stops the import between transactions once aborted (a cancelled batch upload): the plugins
   * written so far stay, each whole; the report says `cancelled`.
   */
  signal?: AbortSignal;
  /** The batch upload's id, stored on every plugin this import creates (default none). */
  batchId?: string;
  /**
   * Whether an import of {@link BULK_THRESHOLD} plugins or more refreshes the planner statistics
   * at its end (default true); false when the caller loads in several imports and refreshes them
   * once after the last (the bench's bulk preparation).
   */
  analyze?: boolean;
}

/** Thrown when a catalogue file cannot be read or is not a JSON array. */
export class CatalogueFileError extends Error {
  override readonly name = 'CatalogueFileError';
}

/** Reads a JSON file that must hold an array of records. @throws CatalogueFileError */
export async function readCatalogueFile(path: string): Promise<unknown[]> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    throw new CatalogueFileError(`cannot read ${path}: ${(error as Error).message}`, { cause: error });
  }
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw new CatalogueFileError(`${path} is not valid JSON: ${(error as Error).message}`, { cause: error });
  }
  if (!Array.isArray(data))
    throw new CatalogueFileError(`${path} must contain a JSON array of plugin records`);
  return data;
}

/**
 * The stored plugin of a catalogue record (fields mapped as the catalogue README defines them; the
 * links, which the record's validation checked by the one link rule, stored as the URL parser
 * normalises them).
 * `create_time` is the source's date when it has one (no source gives a creation date, so that is
 * `updated_at`: the plugin existed by then, and creation is never later than the update), else `now`, the import time: when the listing was created in this marketplace.
 * `approve_time` (the newest order, the square's "new and notable") is the source's date too, else
 * 0 (listed at an unknown time): an undated entry comes after every dated one there, instead of
 * first on every fresh install.
 */
export function recordToPlugin(record: CatalogueRecord, now: number): NewPlugin {
  return {
    plugin_key: derivePluginKey(record),
    name: record.name,
    intro: record.intro,
    description: record.description,
    developer: record.author,
    technical_support_link: record.repo_url && (httpUrl(record.repo_url) ?? null),
    homepage: record.homepage && (httpUrl(record.homepage) ?? null),
    license: record.license,
    platforms: record.platforms,
    source: record.source,
    review_status: ReviewStatus.APPROVED,
    create_time: record.updated_at ?? now,
    update_time: record.updated_at,
    approve_time: record.updated_at ?? 0,
    tags: record.tags,
    copyright_type: 'author',
    copyright_name: record.author,
    icon: null,
    current_version: null,
    manifest_id: record.figma_plugin_id,
  };
}

/**
 * Imports records from several sources in order. Records without `en_ref` become approved plugins
 * holding their `figma_plugin_id` as manifest id (a record whose id another plugin holds, or an
 * earlier record of the run, is reported as an error and not imported; a record whose plugin is
 * there already stays skipped) (fields mapped honestly: author → developer and copyright holder, repo_url → technical support
 * link, updated_at → update_time or null, create_time = updated_at or else the import time, no invented versions, no
 * icon); records with `en_ref` become a translation (locale from `lang`) of the plugin with that
 * name and source, found among all plugins in the database after the plugins of this run are in.
 * Plugins are written in transactions of `batchSize`.
 */
export async function importEntries(
  db: Database,
  sources: readonly ImportSource[],
  options: ImportOptions = {},
): Promise<ImportReport> {
  const now = options.now ?? Date.now();
  const batchSize = options.batchSize ?? 500;
  const report: ImportReport = { added: 0, skipped: 0, translations: 0, errors: [] };
  const plugins: { plugin: NewPlugin; index: number; file: string }[] = [];
  const seenKeys = new Set<string>();
  const seenManifestIds = new Map<string, string>();
  const refs: { record: CatalogueRecord; index: number; file: string }[] = [];

  for (const { file, entries } of sources) {
    entries.forEach((raw, index) => {
      const parsed = parseCatalogueEntry(raw);
      if (!parsed.ok) {
        report.errors.push({ index, file, reason: parsed.reason });
        return;
      }
      if (parsed.record.en_ref) {
        refs.push({ record: parsed.record, index, file });
        return;
      }
      const plugin = recordToPlugin(parsed.record, now);
      if (options.batchId) plugin.batch_id = options.batchId;
      if (seenKeys.has(plugin.plugin_key)) {
        report.skipped++;
        return;
      }
      seenKeys.add(plugin.plugin_key);
      if (plugin.manifest_id) {
        const first = seenManifestIds.get(plugin.manifest_id);
        if (first !== undefined) {
          report.errors.push({
            index,
            file,
            reason: `figma_plugin_id: the manifest id ${plugin.manifest_id} is already that of "${first}" in this import`,
          });
          return;
        }
        seenManifestIds.set(plugin.manifest_id, plugin.name);
      }
      plugins.push({ plugin, index, file });
    });
  }

  for (let i = 0; i < plugins.length; i += batchSize) {
    if (options.signal?.aborted) {
      report.cancelled = true;
      return report;
    }
    const batch: NewPlugin[] = [];
    const slice = plugins.slice(i, i + batchSize);
    const holders = await manifestIdHolders(
      db,
      slice.flatMap(({ plugin }) => (plugin.manifest_id ? [plugin.manifest_id] : [])),
    );
    for (const { plugin, index, file } of slice) {
      const holder = plugin.manifest_id ? holders.get(plugin.manifest_id) : undefined;
      if (holder && holder.plugin_key !== plugin.plugin_key) {
        report.errors.push({
          index,
          file,
          reason: `figma_plugin_id: the manifest id ${plugin.manifest_id} already belongs to the plugin "${holder.name}" (${holder.plugin_key})`,
        });
      } else {
        batch.push(plugin);
      }
    }
    const inserted = await createPlugins(db, batch);
    report.added += inserted.size;
    report.skipped += batch.length - inserted.size;
  }

  if (refs.length > 0) {
    const targets = new Map<string, number>();
    for (const row of await pluginsByNames(db, [...new Set(refs.map((r) => r.record.en_ref!.name))])) {
      // The lowest id wins if several plugins share both name and source.
      if (row.source === null) continue;
      const key = refKey(row.name, row.source);
      if (!targets.has(key)) targets.set(key, row.id);
    }
    const translations: (PluginTranslation & { plugin_id: number })[] = [];
    for (const { record, index, file } of refs) {
      const ref = record.en_ref!;
      const pluginId = targets.get(refKey(ref.name, ref.source));
      if (pluginId === undefined) {
        report.errors.push({
          index,
          file,
          reason: `en_ref: no plugin named ${JSON.stringify(ref.name)} from source ${JSON.stringify(ref.source)}`,
        });
        continue;
      }
      translations.push({ plugin_id: pluginId, ...recordTranslation(record) });
    }
    const added = await addTranslations(db, translations);
    report.translations += added;
    report.skipped += translations.length - added;
  }
  if (report.added >= BULK_THRESHOLD && options.analyze !== false) await optimizeAfterBulkLoad(db);
  return report;
}

/** From this many new plugins on, an import refreshes the planner statistics. */
export const BULK_THRESHOLD = 1000;

function refKey(name: string, source: string): string {
  return `${name}\u0000${source}`;
}

/**
 * Imports the catalogue folder `dir`: `plugins.json` (required) then `zh.json` (optional; its
 * `en_ref` records become zh-CN translations, records identical to a plugins.json entry are skipped,
 * the rest become plugins). Target: the shipped 1,482 records in well under 2 s on SQLite.
 *
 * @throws CatalogueFileError when plugins.json is missing or a file is not a JSON array.
 */
export async function importCatalogue(
  db: Database,
  dir: string,
  options: ImportOptions = {},
): Promise<ImportReport> {
  const sources: ImportSource[] = [
    { file: 'plugins.json', entries: await readCatalogueFile(join(dir, 'plugins.json')) },
  ];
  let zh: unknown[] | null = null;
  try {
    zh = await readCatalogueFile(join(dir, 'zh.json'));
  } catch (error) {
    if (!(error instanceof CatalogueFileError) || !/cannot read/.test(error.message)) throw error;
  }
  if (zh) sources.push({ file: 'zh.json', entries: zh });
  return importEntries(db, sources, options);
}
