/**
 * The writes of the search index (inside the indexer's transaction): terms and words inserted when
 * missing, document counts, postings and each plugin's posted terms kept in step, the sources of
 * the plugins to index, and clearing the index. The reads are in `data.ts`.
 */
import { ReviewStatus } from '@plugin-center/contract/schemas';
import { sql } from 'kysely';
import type { Database } from '../db/database';
import { chunks, type Executor, type PostingRow, parsePostedTerms, termsByValue } from './data';

/** The ids of `terms`, inserting the missing ones (df 0). */
export async function ensureTerms(trx: Executor, terms: readonly string[]): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  for (const row of await termsByValue(trx, terms)) ids.set(row.term, row.id);
  const missing = [...new Set(terms)].filter((t) => !ids.has(t));
  for (const part of chunks(missing)) {
    const inserted = await trx
      .insertInto('search_term')
      .values(part.map((term) => ({ term, df: 0 })))
      .onConflict((oc) => oc.column('term').doNothing())
      .returning(['id', 'term'])
      .execute();
    for (const row of inserted) ids.set(row.term, row.id);
  }
  // Terms another transaction inserted meanwhile.
  const raced = missing.filter((t) => !ids.has(t));
  for (const row of await termsByValue(trx, raced)) ids.set(row.term, row.id);
  return ids;
}

/**
 * Adds the words the typo index does not hold yet (`words`: word → its term id), each under itself
 * and its `variantsOf` deletions.
 */
export async function ensureWords(
  trx: Executor,
  words: ReadonlyMap<string, number>,
  variantsOf: (word: string) => readonly string[],
): Promise<void> {
  const known = new Set<string>();
  for (const part of chunks([...words.keys()])) {
    const rows = await trx
      .selectFrom('search_word')
      .select('word')
      .where('variant', 'in', part)
      .whereRef('word', '=', 'variant')
      .execute();
    for (const r of rows) known.add(r.word);
  }
  const rows: { variant: string; word: string; term_id: number }[] = [];
  for (const [word, termId] of words) {
    if (known.has(word)) continue;
    for (const variant of variantsOf(word)) rows.push({ variant, word, term_id: termId });
  }
  for (const part of chunks(rows, 1000)) {
    await trx
      .insertInto('search_word')
      .values(part)
      .onConflict((oc) => oc.columns(['variant', 'word']).doNothing())
      .execute();
  }
}

/**
 * Adds `delta` to the df of each term whose postings changed (a delta of 0: a score changed), drops
 * its top list and bumps its `top_gen` (one statement per chunk).
 */
export async function adjustDocumentCounts(
  trx: Executor,
  deltas: ReadonlyMap<number, number>,
): Promise<void> {
  for (const part of chunks([...deltas])) {
    const values = sql.join(part.map(([id, d]) => sql`(CAST(${id} AS integer), CAST(${d} AS integer))`));
    await sql`UPDATE search_term SET df = df + v.column2, top = NULL, top_gen = top_gen + 1 FROM (VALUES ${values}) AS v WHERE search_term.id = v.column1`.execute(
      trx,
    );
  }
}

/** Inserts postings. */
export async function insertPostings(trx: Executor, rows: readonly PostingRow[]): Promise<void> {
  for (const part of chunks(rows, 2000)) await trx.insertInto('search_posting').values(part).execute();
}

/** Deletes the postings of one plugin for the given terms. */
export async function deletePostings(
  trx: Executor,
  pluginId: number,
  termIds: readonly number[],
): Promise<void> {
  for (const part of chunks(termIds)) {
    await trx
      .deleteFrom('search_posting')
      .where('plugin_id', '=', pluginId)
      .where('term_id', 'in', part)
      .execute();
  }
}

/** The posted term ids of plugins (from their `search_terms` column). */
export async function postedTerms(
  trx: Executor,
  pluginIds: readonly number[],
): Promise<Map<number, number[]>> {
  const out = new Map<number, number[]>();
  for (const part of chunks(pluginIds)) {
    const rows = await trx
      .selectFrom('plugin')
      .select(['id', 'search_terms'])
      .where('id', 'in', part)
      .execute();
    for (const r of rows) out.set(r.id, [...parsePostedTerms(r.search_terms).keys()]);
  }
  return out;
}

/** Records the posted terms of plugins with their scores, `term_id:score …` (one statement per chunk). */
export async function setPostedTerms(
  trx: Executor,
  posted: ReadonlyArray<{ pluginId: number; postings: ReadonlyArray<{ termId: number; score: number }> }>,
): Promise<void> {
  for (const part of chunks(posted)) {
    const values = sql.join(
      part.map(
        (p) =>
          sql`(CAST(${p.pluginId} AS integer), CAST(${p.postings.map((x) => `${x.termId}:${x.score}`).join(' ')} AS text))`,
      ),
    );
    await sql`UPDATE plugin SET search_terms = v.column2 FROM (VALUES ${values}) AS v WHERE plugin.id = v.column1`.execute(
      trx,
    );
  }
}

/** The stored texts {@link readIndexEntries} indexes: plugin rows, their tags and translations. */
export async function indexSources(trx: Executor, pluginIds: readonly number[]) {
  const plugins = await trx
    .selectFrom('plugin')
    .select(['id', 'name', 'intro', 'description', 'developer', 'review_status', 'unlisted_at'])
    .where('id', 'in', [...pluginIds])
    .execute();
  const tagRows = await trx
    .selectFrom('plugin_tag as pt')
    .innerJoin('tag as t', 't.id', 'pt.tag_id')
    .select(['pt.plugin_id', 't.code', 't.name'])
    .where('pt.plugin_id', 'in', [...pluginIds])
    .orderBy('t.code')
    .execute();
  const translationRows = await trx
    .selectFrom('plugin_translation')
    .select(['plugin_id', 'name', 'intro', 'description'])
    .where('plugin_id', 'in', [...pluginIds])
    .orderBy('locale')
    .execute();
  return { plugins, tagRows, translationRows };
}

/** Empties the index: terms, words, postings and every plugin's posted terms. */
export async function clearIndex(trx: Executor): Promise<void> {
  await trx.deleteFrom('search_posting').execute();
  await trx.deleteFrom('search_word').execute();
  await trx.deleteFrom('search_term').execute();
  await trx.updateTable('plugin').set({ search_terms: '' }).where('search_terms', '!=', '').execute();
}

/** Up to `limit` ids of listed approved plugins (not unlisted by their publisher) after id `after`, ascending. */
export async function approvedPluginIdsAfter(db: Database, after: number, limit: number): Promise<number[]> {
  const rows = await db.kysely
    .selectFrom('plugin')
    .select('id')
    .where('review_status', '=', ReviewStatus.APPROVED)
    .where('unlisted_at', 'is', null)
    .where('id', '>', after)
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map((r) => r.id);
}
