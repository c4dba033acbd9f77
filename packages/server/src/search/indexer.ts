/**
 * Keeps the search index (migration 0012) in step with the catalogue, inside the caller's
 * transaction: an approved plugin's terms are posted with their scores and counted in
 * their terms' `df`; any other plugin has no postings. Called wherever a plugin's searchable texts
 * or review status change (import, approval, translations, deletion) and by
 * {@link ensureSearchIndex} on start.
 */
import { ReviewStatus } from '@plugin-center/contract/schemas';
import type { Kysely } from 'kysely';
import { readCatalogueStat, writeCatalogueStat } from '../db/catalogueStat';
import type { Database } from '../db/database';
import type { DatabaseSchema } from '../db/schema';
import { ANALYZER_VERSION, buildSearchTerms, type SearchTexts } from './analyze';
import type { PostingRow } from './data';
import {
  adjustDocumentCounts,
  approvedPluginIdsAfter,
  clearIndex,
  deletePostings,
  ensureTerms,
  ensureWords,
  indexSources,
  insertPostings,
  postedTerms,
  setPostedTerms,
} from './indexWrites';
import { tagNameZh } from './tagNames';
import { deletionVariants, hasVariants } from './typo';

/** The searchable texts of one plugin as stored (SPEC: name, intro, description, tags, developer, translations). */
export interface PluginTexts {
  name: string;
  intro: string;
  description: string;
  developer: string | null;
  tags: ReadonlyArray<{ code: string; name: string }>;
  translations: ReadonlyArray<{ name: string; intro: string; description: string }>;
}

/** The analyzer's view of a plugin's texts: tags by code words, English name and Chinese name. */
export function searchTexts(p: PluginTexts): SearchTexts {
  return {
    names: [p.name, ...p.translations.map((t) => t.name)],
    tags: p.tags.flatMap((t) => [t.code, t.name, tagNameZh(t.code) ?? '']),
    intros: [p.intro, ...p.translations.map((t) => t.intro)],
    descriptions: [p.description, ...p.translations.map((t) => t.description)],
    developer: p.developer,
  };
}

/** One plugin to (re)index: `texts` null or `approved` false removes it from the index. */
export interface IndexEntry {
  id: number;
  approved: boolean;
  texts: PluginTexts | null;
}

/**
 * Replaces the postings of `entries` with those of their current texts and keeps every term's df
 * exact. `fresh`: the plugins were just inserted and have no postings yet (skips the read of their
 * old terms: the bulk import path).
 */
export async function indexPlugins(
  trx: Kysely<DatabaseSchema>,
  entries: readonly IndexEntry[],
  { fresh = false }: { fresh?: boolean } = {},
): Promise<void> {
  if (entries.length === 0) return;
  const old = fresh
    ? new Map<number, number[]>()
    : await postedTerms(
        trx,
        entries.map((e) => e.id),
      );
  const built = entries.map((e) => ({
    id: e.id,
    ...(e.approved && e.texts
      ? buildSearchTerms(searchTexts(e.texts))
      : { terms: new Map<string, number>(), words: new Map<string, string>() }),
  }));
  const ids = await ensureTerms(
    trx,
    built.flatMap((b) => [...b.terms.keys()]),
  );
  const words = new Map<string, number>();
  for (const b of built) {
    for (const [word, term] of b.words) if (hasVariants(word)) words.set(word, ids.get(term)!);
  }
  await ensureWords(trx, words, (word) => deletionVariants(word));
  const deltas = new Map<number, number>();
  const postings: PostingRow[] = [];
  const postedByPlugin: { pluginId: number; postings: { termId: number; score: number }[] }[] = [];
  for (const b of built) {
    const previous = old.get(b.id) ?? [];
    if (previous.length > 0) {
      await deletePostings(trx, b.id, previous);
      for (const id of previous) deltas.set(id, (deltas.get(id) ?? 0) - 1);
    }
    const posted: { termId: number; score: number }[] = [];
    for (const [term, score] of b.terms) {
      const termId = ids.get(term)!;
      posted.push({ termId, score });
      postings.push({ term_id: termId, plugin_id: b.id, score });
      deltas.set(termId, (deltas.get(termId) ?? 0) + 1);
    }
    if (posted.length > 0 || previous.length > 0) postedByPlugin.push({ pluginId: b.id, postings: posted });
  }
  await setPostedTerms(trx, postedByPlugin);
  await insertPostings(trx, postings);
  await adjustDocumentCounts(trx, deltas);
}

/** Reads the stored texts of plugins (rows, tags, translations) for {@link indexPlugins}. */
export async function readIndexEntries(
  trx: Kysely<DatabaseSchema>,
  pluginIds: readonly number[],
): Promise<IndexEntry[]> {
  if (pluginIds.length === 0) return [];
  const { plugins, tagRows, translationRows } = await indexSources(trx, pluginIds);
  return plugins.map((p) => ({
    id: p.id,
    // Only listed approved plugins are searched: an unlisted one is posted again when relisted.
    approved: p.review_status === ReviewStatus.APPROVED && p.unlisted_at === null,
    texts: {
      ...p,
      tags: tagRows.filter((t) => t.plugin_id === p.id),
      translations: translationRows.filter((t) => t.plugin_id === p.id),
    },
  }));
}

/** Re-indexes plugins from their stored rows (in chunks of 500). */
export async function reindexPlugins(
  trx: Kysely<DatabaseSchema>,
  pluginIds: readonly number[],
): Promise<void> {
  for (let i = 0; i < pluginIds.length; i += 500) {
    await indexPlugins(trx, await readIndexEntries(trx, pluginIds.slice(i, i + 500)));
  }
}

/** Removes plugins from the index (before deleting them). */
export async function unindexPlugins(
  trx: Kysely<DatabaseSchema>,
  pluginIds: readonly number[],
): Promise<void> {
  await indexPlugins(
    trx,
    pluginIds.map((id) => ({ id, approved: false, texts: null })),
  );
}

/**
 * Builds the whole index when its stored version (`catalogue_stat.search_index_version`) differs
 * from {@link ANALYZER_VERSION}: after migration 0012 and after any change of the analyzer. Empties
 * the index and indexes every approved plugin, 500 a transaction; several processes starting at
 * once each rebuild (the last one's result stands, and all are equal).
 *
 * @returns how many plugins were indexed (0 when the index was current).
 */
export async function ensureSearchIndex(db: Database): Promise<number> {
  if ((await readCatalogueStat(db, 'search_index_version')) === ANALYZER_VERSION) return 0;
  await db.kysely.transaction().execute((trx) => clearIndex(trx));
  let indexed = 0;
  let after = 0;
  for (;;) {
    const ids = await approvedPluginIdsAfter(db, after, 500);
    if (ids.length === 0) break;
    await db.kysely.transaction().execute(async (trx) => {
      await indexPlugins(trx, await readIndexEntries(trx, ids), { fresh: true });
    });
    indexed += ids.length;
    after = ids[ids.length - 1]!;
  }
  await writeCatalogueStat(db, 'search_index_version', ANALYZER_VERSION);
  return indexed;
}
