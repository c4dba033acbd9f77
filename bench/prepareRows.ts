/**
 * What the import (`importEntries` of `catalogue/import.ts`) would write for the bench's bulk
 * preparation (`bench/prepare.ts`), computed in memory: the plugin and plugin_tag rows of each
 * batch of 500, numbered as the import's transactions number them (an `INSERT … ON CONFLICT DO
 * NOTHING` of the tags consumes an id for each tag already there), and the tables written once at
 * the end — tags with their counts, search terms with their document counts and top-list
 * generations, typo words, and the postings, packed for a write in primary-key order.
 */
import {
  buildSearchTerms,
  deletionVariants,
  hasVariants,
  type NewPlugin,
  pluginRow,
  pluginTagCodes,
  searchTexts,
  tagDisplayName,
} from '@plugin-center/server/bench';

/** Download and view counts of a plugin by id, as an `UPDATE` after the import would set them. */
export type PluginCounts = (id: number) => { download_count: number; view_count: number };

/** One row of a table, by column. */
export type Row = Record<string, unknown>;

/** The rows of one flush. */
export interface Rows {
  plugin: Row[];
  plugin_tag: Row[];
}

/**
 * The search postings of the whole load, packed `term_id << 40 | plugin_id << 16 | score` in 64
 * bits, so that they can be sorted by their primary key and written in its order at the end: a
 * B-tree filled in key order only appends (written as they come, by plugin, every posting lands
 * on a random page of a 25-million-row tree).
 */
export class Postings {
  private readonly parts: BigUint64Array[] = [];
  private current = new BigUint64Array(1 << 20);
  private used = 0;
  count = 0;

  /** Keeps one posting. @throws Error when a value is beyond its packed width (24, 24, 16 bits). */
  add(termId: number, pluginId: number, score: number): void {
    if (termId >= 2 ** 24 || pluginId >= 2 ** 24 || score >= 2 ** 16 || score < 0)
      throw new Error(`bulkPrepare: posting (${termId}, ${pluginId}, ${score}) out of the packed range`);
    if (this.used === this.current.length) {
      this.parts.push(this.current);
      this.current = new BigUint64Array(1 << 20);
      this.used = 0;
    }
    this.current[this.used++] = (BigInt(termId) << 40n) | (BigInt(pluginId) << 16n) | BigInt(score);
    this.count++;
  }

  /** Every posting, sorted by (term_id, plugin_id), in slices of at most `size` rows. */
  *sorted(size: number): Generator<{ term_id: number[]; plugin_id: number[]; score: number[] }> {
    const all = new BigUint64Array(this.count);
    let at = 0;
    for (const part of this.parts) {
      all.set(part, at);
      at += part.length;
    }
    all.set(this.current.subarray(0, this.used), at);
    all.sort();
    for (let from = 0; from < all.length; from += size) {
      const slice = { term_id: [] as number[], plugin_id: [] as number[], score: [] as number[] };
      for (const packed of all.subarray(from, from + size)) {
        slice.term_id.push(Number(packed >> 40n));
        slice.plugin_id.push(Number((packed >> 16n) & 0xffffffn));
        slice.score.push(Number(packed & 0xffffn));
      }
      yield slice;
    }
  }
}

/** The import's numbering and the tables written once at the end (tags, terms, words). */
export class Numbering {
  pluginSeq = 0;
  tagSeq = 0;
  termSeq = 0;
  readonly tags = new Map<string, { id: number; name: string; plugin_count: number }>();
  readonly terms = new Map<string, { id: number; df: number; top_gen: number }>();
  readonly words: { variant: string; word: string; term_id: number }[] = [];
  readonly knownWords = new Set<string>();
  readonly keys = new Set<string>();
  readonly manifestIds = new Set<string>();
  readonly postings = new Postings();
  approved = 0;

  /** One batch of the import (`createPlugins` + `indexPlugins` of ≤ 500 plugins), into `out`. */
  batch(plugins: readonly NewPlugin[], out: Rows, counts: PluginCounts | undefined): void {
    const tagCodes = plugins.map(pluginTagCodes);
    // ensureTags: every distinct code of the batch inserted in order, ON CONFLICT DO NOTHING.
    for (const code of new Set(tagCodes.flat())) {
      const known = this.tags.has(code);
      this.tagSeq++;
      if (!known) this.tags.set(code, { id: this.tagSeq, name: tagDisplayName(code), plugin_count: 0 });
    }
    const built: { id: number; terms: Map<string, number>; words: Map<string, string> }[] = [];
    plugins.forEach((p, i) => {
      const id = ++this.pluginSeq;
      const row: Row = { id, ...pluginRow(p), search_terms: '' };
      if (counts) Object.assign(row, counts(id));
      out.plugin.push(row);
      const approved = p.review_status === 2;
      if (approved) this.approved++;
      for (const code of tagCodes[i]!) {
        const tag = this.tags.get(code)!;
        out.plugin_tag.push({
          plugin_id: id,
          tag_id: tag.id,
          review_status: row.review_status,
          sort_time: row.sort_time,
          download_count: row.download_count,
        });
        if (approved) tag.plugin_count++;
      }
      if (!approved) return;
      const texts = {
        name: p.name,
        intro: p.intro ?? '',
        description: p.description ?? '',
        developer: p.developer ?? null,
        tags: tagCodes[i]!.map((code) => ({ code, name: this.tags.get(code)!.name })),
        translations: [],
      };
      built.push({ id, ...buildSearchTerms(searchTexts(texts)), row } as never);
    });
    // ensureTerms: the missing terms in order of first appearance.
    for (const b of built) {
      for (const term of b.terms.keys()) {
        if (!this.terms.has(term)) this.terms.set(term, { id: ++this.termSeq, df: 0, top_gen: 0 });
      }
    }
    // ensureWords: the batch's words (the last plugin's term wins), those not indexed yet.
    const words = new Map<string, number>();
    for (const b of built) {
      for (const [word, term] of b.words) if (hasVariants(word)) words.set(word, this.terms.get(term)!.id);
    }
    for (const [word, termId] of words) {
      if (this.knownWords.has(word)) continue;
      this.knownWords.add(word);
      for (const variant of deletionVariants(word)) this.words.push({ variant, word, term_id: termId });
    }
    const touched = new Set<string>();
    for (const b of built) {
      const posted: string[] = [];
      for (const [term, score] of b.terms) {
        const t = this.terms.get(term)!;
        posted.push(`${t.id}:${score}`);
        this.postings.add(t.id, b.id, score);
        t.df++;
        touched.add(term);
      }
      if (posted.length > 0) (b as unknown as { row: Row }).row.search_terms = posted.join(' ');
    }
    // adjustDocumentCounts: one top_gen per batch for every term whose df moved.
    for (const term of touched) this.terms.get(term)!.top_gen++;
  }
}
