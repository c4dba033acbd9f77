/**
 * Write side of the plugin catalogue: creating plugins with their tags, translations and search
 * documents, adding history versions and translations. Every function runs in one transaction and
 * keeps the denormalised columns (tag `plugin_count`, plugin `sort_time`, `current_version`, search
 * documents) in step with the rows it writes.
 */

import { ReviewStatus } from '@plugin-center/contract/schemas';
import type { Kysely, Transaction } from 'kysely';
import { markCatalogueChanged } from '../../db/changes';
import type { Database } from '../../db/database';
import type { DatabaseSchema, NewPluginRow } from '../../db/schema';
import { chunks } from '../../db/chunks';
import { indexPlugins, reindexPlugins } from '../../search/indexer';
import { normalizeTagCode, tagDisplayName } from '../../shared/tags';

/** A plugin's texts in another locale. */
export interface PluginTranslation {
  /** Interface locale, e.g. `zh-CN` (wire `LOCALES`). */
  locale: string;
  name: string;
  intro: string;
  description: string;
}

/** What {@link createPlugins} needs for one plugin; omitted fields take the defaults shown. */
export interface NewPlugin {
  plugin_key: string;
  name: string;
  /** default '' */
  intro?: string;
  /** default '' */
  description?: string;
  developer?: string | null;
  technical_support_link?: string | null;
  homepage?: string | null;
  license?: string | null;
  /** Platform codes, e.g. `['figma']`; default []. */
  platforms?: string[];
  source?: string | null;
  /** default 1 (unreviewed); imported catalogue entries are 2 (approved). */
  review_status?: ReviewStatus;
  /** ms */
  create_time: number;
  /** ms; null when unknown (default). */
  update_time?: number | null;
  /**
   * ms: when a plugin created approved counts as first approved (the newest order); default its
   * `create_time`; 0 for "at an unknown time", which comes last. Ignored unless approved.
   */
  approve_time?: number;
  /** Tag codes; created when missing (readable English name derived from the code). */
  tags?: string[];
  translations?: PluginTranslation[];
  icon?: string | null;
  video?: string | null;
  cover_center?: string | null;
  cover_panel?: string | null;
  reuse_center_cover?: boolean;
  code_file?: string | null;
  contact?: string | null;
  current_version?: string | null;
  version_content?: string;
  copyright_type?: 'author' | 'custom';
  copyright_name?: string | null;
  is_default_install?: boolean;
  download_count?: number;
  view_count?: number;
  praise_count?: number;
  /** The plugin's manifest id (unique among plugins); default null. */
  manifest_id?: string | null;
  /** The batch upload importing it; default null. */
  batch_id?: string | null;
}

/** Rows per multi-row INSERT (34 parameters each: well under SQLite's and PostgreSQL's limits). */
const INSERT_CHUNK = 200;

/** Creates missing tags by code and returns every requested tag's id and name. */
async function ensureTags(
  trx: Kysely<DatabaseSchema>,
  codes: Iterable<string>,
): Promise<Map<string, { id: number; name: string }>> {
  const unique = [...new Set(codes)];
  const out = new Map<string, { id: number; name: string }>();
  for (const part of chunks(unique, 500)) {
    await trx
      .insertInto('tag')
      .values(part.map((code) => ({ code, name: tagDisplayName(code), plugin_count: 0 })))
      .onConflict((oc) => oc.column('code').doNothing())
      .execute();
    const rows = await trx
      .selectFrom('tag')
      .select(['id', 'code', 'name'])
      .where('code', 'in', part)
      .execute();
    for (const row of rows) out.set(row.code, { id: row.id, name: row.name });
  }
  return out;
}

/** Adds `delta` to `plugin_count` of each tag (approved plugins gained or lost). */
/**
 * Adds `delta` (+1 or -1) to the approved-plugin count of each tag the plugin carries, inside the
 * caller's transaction: a plugin unlisted by its publisher stops counting, and counts again when
 * relisted.
 */
export async function shiftTagCounts(
  trx: Kysely<DatabaseSchema>,
  pluginId: number,
  delta: 1 | -1,
): Promise<void> {
  const links = await trx.selectFrom('plugin_tag').select('tag_id').where('plugin_id', '=', pluginId).execute();
  await bumpTagCounts(trx, new Map(links.map(({ tag_id }) => [tag_id, delta])));
}

async function bumpTagCounts(trx: Kysely<DatabaseSchema>, deltas: Map<number, number>): Promise<void> {
  for (const [tagId, delta] of deltas) {
    if (delta === 0) continue;
    await trx
      .updateTable('tag')
      .set((eb) => ({ plugin_count: eb('plugin_count', '+', delta) }))
      .where('id', '=', tagId)
      .execute();
  }
}

/**
 * The stored `plugin` row of a new plugin (without its id and `search_terms`): the defaults of
 * {@link NewPlugin} applied, platforms as JSON, `sort_time` = update_time or 0, `approve_time` =
 * the given one or else create_time for a plugin created approved (an import), else null.
 */
export function pluginRow(p: NewPlugin): NewPluginRow {
  return {
        plugin_key: p.plugin_key,
        name: p.name,
        intro: p.intro ?? '',
        description: p.description ?? '',
        icon: p.icon ?? null,
        video: p.video ?? null,
        cover_center: p.cover_center ?? null,
        cover_panel: p.cover_panel ?? null,
        reuse_center_cover: p.reuse_center_cover ? 1 : 0,
        code_file: p.code_file ?? null,
        contact: p.contact ?? null,
        current_version: p.current_version ?? null,
        version_content: p.version_content ?? '',
        copyright_type: p.copyright_type ?? 'author',
        copyright_name: p.copyright_name ?? null,
        developer: p.developer ?? null,
        technical_support_link: p.technical_support_link ?? null,
        homepage: p.homepage ?? null,
        license: p.license ?? null,
        platforms: JSON.stringify(p.platforms ?? []),
        source: p.source ?? null,
        review_status: p.review_status ?? ReviewStatus.UNREVIEWED,
        reject_reason: null,
        is_default_install: p.is_default_install ? 1 : 0,
        download_count: p.download_count ?? 0,
        view_count: p.view_count ?? 0,
        praise_count: p.praise_count ?? 0,
        create_time: p.create_time,
        update_time: p.update_time ?? null,
        // An imported plugin is approved as it is created, and listed since its source's date.
        approve_time:
          (p.review_status ?? ReviewStatus.UNREVIEWED) === ReviewStatus.APPROVED
            ? (p.approve_time ?? p.create_time)
            : null,
        sort_time: p.update_time ?? 0,
        manifest_id: p.manifest_id ?? null,
        batch_id: p.batch_id ?? null,
      };
}

/**
 * The distinct normalised tag codes of a new plugin, in its order (the tags {@link createPlugins}
 * links it to).
 */
export function pluginTagCodes(p: NewPlugin): string[] {
  return [...new Set((p.tags ?? []).map(normalizeTagCode).filter(Boolean))];
}

/**
 * Inserts plugins with their tags and translations in one transaction, computing each plugin's
 * search index entries and bumping the tags' approved-plugin counts. A plugin whose `plugin_key`
 * already exists is skipped (left untouched), which makes imports idempotent; so is one whose
 * `manifest_id` another plugin holds (callers report those beforehand, see `importEntries`).
 *
 * @returns plugin_key → new id, for the plugins actually inserted.
 */
export async function createPlugins(
  db: Database,
  plugins: readonly NewPlugin[],
): Promise<Map<string, number>> {
  if (plugins.length === 0) return new Map();
  const inserted = await db.kysely.transaction().execute(async (trx) => {
    const tagCodes = plugins.map(pluginTagCodes);
    const tags = await ensureTags(trx, tagCodes.flat());
    const rows: NewPluginRow[] = plugins.map(pluginRow);

    const ids = new Map<string, number>();
    for (const part of chunks(rows, INSERT_CHUNK)) {
      const inserted = await trx
        .insertInto('plugin')
        .values(part)
        // A taken plugin_key or manifest id (another import or publish in between): skipped.
        .onConflict((oc) => oc.doNothing())
        .returning(['id', 'plugin_key'])
        .execute();
      for (const row of inserted) ids.set(row.plugin_key, row.id);
    }

    const links: { plugin_id: number; tag_id: number }[] = [];
    const translations: {
      plugin_id: number;
      locale: string;
      name: string;
      intro: string;
      description: string;
    }[] = [];
    const deltas = new Map<number, number>();
    plugins.forEach((p, i) => {
      const pluginId = ids.get(p.plugin_key);
      if (pluginId === undefined) return; // key already taken: skipped
      for (const code of tagCodes[i]!) {
        const tagId = tags.get(code)!.id;
        links.push({ plugin_id: pluginId, tag_id: tagId });
        if (p.review_status === ReviewStatus.APPROVED) deltas.set(tagId, (deltas.get(tagId) ?? 0) + 1);
      }
      for (const t of p.translations ?? []) translations.push({ plugin_id: pluginId, ...t });
    });
    for (const part of chunks(links, 1000)) await trx.insertInto('plugin_tag').values(part).execute();
    for (const part of chunks(translations, 500))
      await trx.insertInto('plugin_translation').values(part).execute();
    await bumpTagCounts(trx, deltas);
    // Approved plugins go into the search index at once (the others when they are approved).
    await indexPlugins(
      trx,
      plugins.flatMap((p, i) => {
        const id = ids.get(p.plugin_key);
        if (id === undefined || p.review_status !== ReviewStatus.APPROVED) return [];
        const texts = {
          name: p.name,
          intro: p.intro ?? '',
          description: p.description ?? '',
          developer: p.developer ?? null,
          tags: tagCodes[i]!.map((code) => ({ code, name: tags.get(code)!.name })),
          translations: p.translations ?? [],
        };
        return [{ id, approved: true, texts }];
      }),
      { fresh: true },
    );
    return ids;
  });
  if (inserted.size > 0) markCatalogueChanged(db);
  return inserted;
}

/**
 * Brings the search index of the given plugins up to date with their stored rows, tags and
 * translations (approved plugins are posted, the others removed; `search/indexer.ts`).
 */
export async function refreshSearchIndex(
  trx: Kysely<DatabaseSchema>,
  pluginIds: readonly number[],
): Promise<void> {
  await reindexPlugins(trx, pluginIds);
}

/**
 * Adds translations to existing plugins (skipping a locale a plugin already has) and refreshes
 * their search index, in one transaction.
 *
 * @returns how many translations were added.
 */
export async function addTranslations(
  db: Database,
  translations: ReadonlyArray<PluginTranslation & { plugin_id: number }>,
): Promise<number> {
  if (translations.length === 0) return 0;
  const added = await db.kysely.transaction().execute(async (trx) => {
    const changed = new Set<number>();
    let count = 0;
    for (const t of translations) {
      const result = await trx
        .insertInto('plugin_translation')
        .values(t)
        .onConflict((oc) => oc.columns(['plugin_id', 'locale']).doNothing())
        .executeTakeFirst();
      if (Number(result.numInsertedOrUpdatedRows ?? 0) > 0) {
        changed.add(t.plugin_id);
        count++;
      }
    }
    await refreshSearchIndex(trx, [...changed]);
    return count;
  });
  if (added > 0) markCatalogueChanged(db);
  return added;
}

/** A history version to add with {@link addPluginVersion}. */
export interface NewPluginVersion {
  version: string;
  version_content: string;
  /** ms; default now. */
  create_time?: number;
}

/**
 * Publishes a history version of a plugin: inserts the `plugin_version` row; the newest version (by
 * time, then insertion) becomes the plugin's `current_version` / `version_content`, and
 * `update_time` (with the latest-sort key) moves forward to the version's time when that is later.
 * One transaction.
 *
 * @returns false when no plugin has that key.
 */
export async function addPluginVersion(
  db: Database,
  pluginKey: string,
  version: NewPluginVersion,
): Promise<boolean> {
  const time = version.create_time ?? Date.now();
  const found = await db.kysely.transaction().execute(async (trx: Transaction<DatabaseSchema>) => {
    const plugin = await trx
      .selectFrom('plugin')
      .select(['id', 'update_time'])
      .where('plugin_key', '=', pluginKey)
      .executeTakeFirst();
    if (!plugin) return false;
    await trx
      .insertInto('plugin_version')
      .values({
        plugin_id: plugin.id,
        version: version.version,
        version_content: version.version_content,
        create_time: time,
      })
      .execute();
    const newest = await trx
      .selectFrom('plugin_version')
      .select(['version', 'version_content'])
      .where('plugin_id', '=', plugin.id)
      .orderBy('create_time', 'desc')
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirstOrThrow();
    const updateTime = Math.max(plugin.update_time ?? 0, time);
    await trx
      .updateTable('plugin')
      .set({
        current_version: newest.version,
        version_content: newest.version_content,
        update_time: updateTime,
        sort_time: updateTime,
      })
      .where('id', '=', plugin.id)
      .execute();
    return true;
  });
  if (found) markCatalogueChanged(db);
  return found;
}

/**
 * Replaces the curated recommendations with the given plugins, positions 1…n in order (the data
 * side of `POST plugin/recommendation/publish`, SPEC §7); unknown keys are ignored. One transaction.
 *
 * @returns how many plugins are now recommended.
 */
export async function setRecommendations(db: Database, pluginKeys: readonly string[]): Promise<number> {
  const count = await db.kysely.transaction().execute(async (trx) => {
    await trx.deleteFrom('recommendation').execute();
    if (pluginKeys.length === 0) return 0;
    const rows = await trx
      .selectFrom('plugin')
      .select(['id', 'plugin_key'])
      .where('plugin_key', 'in', pluginKeys)
      .execute();
    const ids = new Map(rows.map((r) => [r.plugin_key, r.id]));
    const values = [...new Set(pluginKeys)].flatMap((key) => (ids.has(key) ? [ids.get(key)!] : []));
    if (values.length > 0) {
      await trx
        .insertInto('recommendation')
        .values(values.map((plugin_id, i) => ({ plugin_id, position: i + 1 })))
        .execute();
    }
    return values.length;
  });
  markCatalogueChanged(db);
  return count;
}

/**
 * Replaces a plugin's tags inside the caller's transaction, keeping each tag's approved-plugin count
 * in step: `wasApproved` says whether the old links counted, `isApproved` whether the new ones do
 * (a plugin counts while approved and not unlisted).
 * Tags are created by code when missing. Used when a submission is approved and when an
 * approved plugin is deleted (`codes` empty, `isApproved` false).
 */
export async function replacePluginTags(
  trx: Kysely<DatabaseSchema>,
  pluginId: number,
  codes: readonly string[],
  wasApproved: boolean,
  isApproved: boolean,
): Promise<void> {
  const old = await trx.selectFrom('plugin_tag').select('tag_id').where('plugin_id', '=', pluginId).execute();
  const deltas = new Map<number, number>();
  if (wasApproved) for (const { tag_id } of old) deltas.set(tag_id, -1);
  await trx.deleteFrom('plugin_tag').where('plugin_id', '=', pluginId).execute();
  const wanted = [...new Set(codes.map(normalizeTagCode).filter(Boolean))];
  if (wanted.length > 0) {
    const tags = await ensureTags(trx, wanted);
    const ids = wanted.map((code) => tags.get(code)!.id);
    await trx
      .insertInto('plugin_tag')
      .values(ids.map((tag_id) => ({ plugin_id: pluginId, tag_id })))
      .execute();
    if (isApproved) for (const id of ids) deltas.set(id, (deltas.get(id) ?? 0) + 1);
  }
  await bumpTagCounts(trx, deltas);
}
