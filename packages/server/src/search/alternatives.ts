/**
 * The alternatives of a search's query words (docs/search.md): the word's own term, CJK bigrams,
 * synonyms in both languages, English glosses of Chinese words (`bridge.ts`), joined words, the exact
 * name (known before the index is read), then prefix completions, typo corrections and two-word
 * splits (which need the index). The engine (`engine.ts`) reads their postings and scores them.
 */
import type { Database } from '../db/database';
import { exactNameTerm, type QueryWord, wordTerm } from './analyze';
import { glossAlternatives } from './bridge';
import { mostFrequent, PREFIX_COMPLETIONS, type TermRow, termsByPrefix, variantsAndTerms } from './data';
import { synonymsOf } from './synonyms';
import { splitRuns } from './tokenize';
import { allowedEdits, deletionVariants, editDistance } from './typo';

/** Weights of the alternatives of a query word. */
export const WEIGHT = {
  exact: 1,
  join: 1,
  prefix: 0.8,
  cjkBigrams: 0.9,
  split: 0.9,
  synonym: 0.8,
  /** An English gloss of a Chinese word (CC-CEDICT, `bridge.ts`), × the part's share. */
  gloss: 0.7,
  typo1: 0.6,
  typo2: 0.4,
  /** The exact-name term, counted for every word. */
  exactName: 2,
} as const;

/** Typo corrections kept per word. */
const TYPO_CORRECTIONS = 4;
/** Shortest word of a gloss tried as two words of the catalogue (`candlestick` → candle + stick). */
const MIN_SPLIT_GLOSS = 8;

/** A way to match one or more query words: all of `terms` must be in the plugin. */
export interface Alternative {
  terms: string[];
  weight: number;
  /** Indexes of the query words it stands for. */
  covers: number[];
  /** A dictionary gloss (`bridge.ts`): it ranks below the query's own words (`Scored.direct` of `engine.ts`). */
  gloss?: boolean;
}

/** The terms of a phrase as a query would look it up (synonym members, split words). */
function phraseTerms(phrase: string): string[] {
  const out: string[] = [];
  for (const run of splitRuns(phrase)) {
    const text = run.chars.join('');
    out.push(run.kind === 'word' ? wordTerm(text) : text);
  }
  return out;
}

/** The character pairs of a CJK word (`配色方案` → 配色, 色方, 方案). */
function bigrams(word: string): string[] {
  const chars = Array.from(word);
  const out: string[] = [];
  for (let i = 0; i + 1 < chars.length; i++) out.push(chars[i]! + chars[i + 1]!);
  return out;
}

/** The alternatives known before looking at the index: terms, synonyms, joins, exact name. */
export function baseAlternatives(keyword: string, words: readonly QueryWord[]): Alternative[] {
  const alts: Alternative[] = [];
  words.forEach((w, i) => {
    alts.push({ terms: [w.term], weight: WEIGHT.exact, covers: [i] });
    if (w.kind === 'cjk' && Array.from(w.term).length > 2) {
      alts.push({ terms: bigrams(w.term), weight: WEIGHT.cjkBigrams, covers: [i] });
    }
    for (const synonym of synonymsOf(w.raw)) {
      alts.push({ terms: phraseTerms(synonym), weight: WEIGHT.synonym, covers: [i] });
    }
  });
  for (let i = 0; i + 1 < words.length; i++) {
    const a = words[i]!;
    const b = words[i + 1]!;
    if (a.kind === 'word' && b.kind === 'word') {
      alts.push({ terms: [wordTerm(a.raw + b.raw)], weight: WEIGHT.join, covers: [i, i + 1] });
      const c = words[i + 2];
      if (c?.kind === 'word') {
        alts.push({
          terms: [wordTerm(a.raw + b.raw + c.raw)],
          weight: WEIGHT.join,
          covers: [i, i + 1, i + 2],
        });
      }
    }
    const phrase = a.kind === 'word' && b.kind === 'word' ? `${a.raw} ${b.raw}` : a.raw + b.raw;
    for (const synonym of synonymsOf(phrase)) {
      alts.push({ terms: phraseTerms(synonym), weight: WEIGHT.synonym, covers: [i, i + 1] });
    }
  }
  for (const gloss of glossAlternatives(words)) {
    alts.push({ terms: gloss.terms, weight: WEIGHT.gloss * gloss.share, covers: gloss.covers, gloss: true });
  }
  const exact = exactNameTerm(keyword);
  if (exact && words.length > 0) {
    alts.push({ terms: [exact], weight: WEIGHT.exactName, covers: words.map((_, i) => i) });
  }
  return alts.filter((a) => a.terms.length > 0);
}

/**
 * The alternatives that need the index: prefix completions of the last word, typo corrections and
 * two-word splits of a word the index does not hold, and of a one-word gloss it does not hold (at
 * the gloss's weight).
 */
export async function indexAlternatives(
  db: Database,
  words: readonly QueryWord[],
  known: Map<string, TermRow>,
  base: readonly Alternative[],
  prefixed: ReadonlyMap<string, readonly TermRow[]>,
): Promise<Alternative[]> {
  const alts: Alternative[] = [];
  const typoWords: { index: number; word: QueryWord; edits: number }[] = [];
  // Each split stands for `alt` with `parts` in place of the term `at` of its terms.
  const splits: { parts: [string, string]; alt: Alternative; at: number }[] = [];
  const splitAt = (word: string, alt: Alternative, at: number) => {
    for (let cut = 2; cut <= word.length - 2; cut++) {
      splits.push({ parts: [wordTerm(word.slice(0, cut)), wordTerm(word.slice(cut))], alt, at });
    }
  };
  for (const [i, w] of words.entries()) {
    // Completions of a word still being typed: those more frequent than the word as typed (for "colo",
    // `color`; for "icon", not the rarer `iconify`).
    if (w.prefix && w.raw.length >= 2) {
      const typed = known.get(w.term)?.df ?? 0;
      const range = prefixed.get(w.raw);
      const completions = range
        ? mostFrequent(range, PREFIX_COMPLETIONS)
        : await termsByPrefix(db, w.raw, PREFIX_COMPLETIONS);
      for (const t of completions) {
        if (t.term === w.term || t.df <= typed) continue;
        known.set(t.term, t);
        alts.push({ terms: [t.term], weight: WEIGHT.prefix, covers: [i] });
      }
    }
    if (w.kind !== 'word' || (known.get(w.term)?.df ?? 0) > 0) continue;
    const edits = allowedEdits(w.raw.length);
    if (edits > 0) typoWords.push({ index: i, word: w, edits });
    splitAt(w.raw, { terms: [w.term], weight: WEIGHT.split, covers: [i] }, 0);
  }
  // A word of a gloss that the catalogue writes as two words ("candlestick" for "candle-stick"):
  // the gloss with the two words, when it is the gloss's only word the index does not hold.
  for (const alt of base) {
    if (!alt.gloss) continue;
    const unknown = alt.terms.flatMap((t, k) => ((known.get(t)?.df ?? 0) === 0 ? [k] : []));
    const at = unknown[0];
    if (unknown.length === 1 && alt.terms[at!]!.length >= MIN_SPLIT_GLOSS) splitAt(alt.terms[at!]!, alt, at!);
  }
  // Typos: the word as typed and its deletions, looked up in the catalogue's words as written; and
  // the halves of run-together words. One statement, which also brings their top lists.
  const found =
    typoWords.length > 0 || splits.length > 0
      ? await variantsAndTerms(
          db,
          typoWords.flatMap(({ word, edits }) => deletionVariants(word.raw, edits)),
          splits.flatMap((s) => s.parts),
        )
      : { words: [], terms: [] };
  for (const { index, word, edits } of typoWords) {
    const best = new Map<string, { t: TermRow; d: number }>();
    for (const c of found.words) {
      const d = editDistance(word.raw, c.word, edits);
      const seen = best.get(c.term);
      if (d <= edits && (!seen || d < seen.d)) best.set(c.term, { t: c, d });
    }
    const close = [...best.values()]
      .sort((a, b) => a.d - b.d || b.t.df - a.t.df || (a.t.term < b.t.term ? -1 : 1))
      .slice(0, TYPO_CORRECTIONS);
    for (const { t, d } of close) {
      known.set(t.term, t);
      alts.push({ terms: [t.term], weight: d === 1 ? WEIGHT.typo1 : WEIGHT.typo2, covers: [index] });
    }
  }
  // Run-together words ("colorpicker" → color + picker) when both halves are terms.
  if (splits.length > 0) {
    for (const row of found.terms) known.set(row.term, row);
    for (const { parts, alt, at } of splits) {
      if ((known.get(parts[0])?.df ?? 0) > 0 && (known.get(parts[1])?.df ?? 0) > 0) {
        alts.push({ ...alt, terms: [...new Set(alt.terms.toSpliced(at, 1, ...parts))] });
      }
    }
  }
  return alts;
}
