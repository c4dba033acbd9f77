/**
 * The arithmetic of a search (see `engine.ts` for the ranking it serves): the postings read for a
 * query in flat arrays, and the per-word best-alternative scores of every candidate plugin. Plugins
 * are numbered 0…n−1 in the order they are first seen ("candidates"), so scoring works on typed
 * arrays indexed by candidate rather than on a `Map` per plugin: one search touches up to a few
 * thousand postings, and per-plugin objects made garbage collection a tenth of its CPU time.
 */
import type { Alternative } from './alternatives';
import { SCORE_SCALE } from './analyze';

/** One term's postings in the order they were added: candidate numbers and stored scores. */
interface TermList {
  candidates: number[];
  scores: number[];
  /** Score by candidate (NaN: not posted), built on first look-up and kept in step with additions. */
  dense: Float64Array | null;
}

/** The postings of a search's terms, by candidate. */
export class PostingTable {
  /** Plugin id of each candidate. */
  readonly ids: number[] = [];
  private readonly candidateOf = new Map<number, number>();
  private readonly lists = new Map<number, TermList>();

  /** The candidate number of `pluginId`, numbering it if it is new. */
  private candidate(pluginId: number): number {
    let c = this.candidateOf.get(pluginId);
    if (c === undefined) {
      c = this.ids.length;
      this.ids.push(pluginId);
      this.candidateOf.set(pluginId, c);
    }
    return c;
  }

  private list(termId: number): TermList {
    let l = this.lists.get(termId);
    if (!l) {
      l = { candidates: [], scores: [], dense: null };
      this.lists.set(termId, l);
    }
    return l;
  }

  /** Adds the posting (term, plugin, stored score); a posting already held is left as it is. */
  add(termId: number, pluginId: number, score: number): void {
    const c = this.candidate(pluginId);
    const l = this.list(termId);
    if (l.dense) {
      if (c < l.dense.length) {
        if (!Number.isNaN(l.dense[c]!)) return;
        l.dense[c] = score;
      } else l.dense = null;
    }
    l.candidates.push(c);
    l.scores.push(score);
  }

  /**
   * Adds the first `limit` postings of a packed top list (little-endian int32 pairs of plugin id and
   * score, best first: `packTopList` of `data.ts`).
   */
  addPacked(termId: number, top: Uint8Array, limit: number): void {
    const view = new DataView(top.buffer, top.byteOffset, top.byteLength);
    const n = Math.min(limit, Math.floor(top.byteLength / 8));
    for (let i = 0; i < n; i++) this.add(termId, view.getInt32(i * 8, true), view.getInt32(i * 8 + 4, true));
  }

  /** Whether `pluginId` holds a posting of `termId` among those added. */
  has(termId: number, pluginId: number): boolean {
    const c = this.candidateOf.get(pluginId);
    return c !== undefined && !Number.isNaN(this.dense(termId)[c]!);
  }

  /** Score by candidate of `termId` (NaN where not posted), for the candidates numbered so far. */
  private dense(termId: number): Float64Array {
    const l = this.list(termId);
    if (!l.dense || l.dense.length < this.ids.length) {
      l.dense = new Float64Array(this.ids.length).fill(Number.NaN);
      for (let i = 0; i < l.candidates.length; i++) l.dense[l.candidates[i]!] = l.scores[i]!;
    }
    return l.dense;
  }

  /**
   * Scores every candidate: per query word, the best covering alternative whose terms the plugin
   * all holds (weight × Σ idf × score ÷ terms, shared among the words it covers), summed over the
   * words. Candidates that no alternative matches whole are left out.
   * @param termInfo the id and idf of every term of `alts`
   */
  score(
    alts: readonly Alternative[],
    wordCount: number,
    termInfo: ReadonlyMap<string, { id: number; idf: number }>,
  ): Scored[] {
    const n = this.ids.length;
    const best = new Float64Array(n * wordCount).fill(-1);
    // 1 where a non-gloss alternative matches the word.
    const directly = new Uint8Array(n * wordCount);
    const touched = new Uint8Array(n);
    for (const alt of alts) {
      const info = alt.terms.map((t) => termInfo.get(t)!);
      const first = this.lists.get(info[0]!.id);
      if (!first) continue;
      const others = info.slice(1).map((t) => ({ idf: t.idf, dense: this.dense(t.id) }));
      const scale = alt.weight / info.length / SCORE_SCALE / alt.covers.length;
      const idf0 = info[0]!.idf;
      for (let i = 0; i < first.candidates.length; i++) {
        const c = first.candidates[i]!;
        let sum = idf0 * first.scores[i]!;
        let all = true;
        for (const o of others) {
          const s = o.dense[c]!;
          if (Number.isNaN(s)) {
            all = false;
            break;
          }
          sum += o.idf * s;
        }
        if (!all) continue;
        const value = sum * scale;
        touched[c] = 1;
        const row = c * wordCount;
        for (const w of alt.covers) {
          if (value > best[row + w]!) best[row + w] = value;
          if (!alt.gloss) directly[row + w] = 1;
        }
      }
    }
    const out: Scored[] = [];
    for (let c = 0; c < n; c++) {
      if (touched[c] === 0) continue;
      let matched = 0;
      let score = 0;
      let direct = 1;
      for (let w = 0; w < wordCount; w++) {
        const v = best[c * wordCount + w]!;
        if (v >= 0) {
          matched++;
          score += v;
        }
        if (directly[c * wordCount + w] === 0) direct = 0;
      }
      out.push({ id: this.ids[c]!, matched, direct, score });
    }
    return out;
  }
}

/** A candidate's standing in the ranking. */
export interface Scored {
  id: number;
  matched: number;
  /** 1 when every query word is matched by an alternative other than a dictionary gloss, else 0. */
  direct: number;
  score: number;
}

/** Matched words, then whether all are matched without a dictionary gloss, then score, then newest id. */
export const byRelevance = (a: Scored, b: Scored) =>
  b.matched - a.matched || b.direct - a.direct || b.score - a.score || b.id - a.id;
