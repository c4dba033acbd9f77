/**
 * The Chinese → English bridge of the search: the English glosses of a query's Chinese words, from
 * CC-CEDICT ({@link cedictEntries}), as alternatives the engine looks up like any other (so 折线图
 * finds "Line Chart", 字数统计 "Word Count", 阿拉伯语 "Arabic & RTL Support"). It works at query
 * time only: the index holds the listings' own words, and a new dictionary needs no rebuild.
 *
 * The dictionary is CC-CEDICT and, before it, the project's glossary of design-tool terms CC-CEDICT
 * lacks or has only in other senses (`glossary.json`: chart type names, UX methods, the tool, menu and
 * panel names of design tools' Chinese interfaces, 行距 "line height" where CC-CEDICT says "row
 * spacing"; at most 120 entries, each with its source). For the Chinese words of a query (as {@link parseQuery} segments them with jieba):
 * - two or three adjacent Chinese words that together are a dictionary word (便利 + 贴 → 便利贴,
 *   "sticky note"), or a Latin letter or two before them (k + 线图 → K线图, "candlestick chart"),
 *   give that word's glosses, covering all of them;
 * - a word in the dictionary gives its glosses (at half weight when the curated synonym list,
 *   `synonyms.json`, already bridges it);
 * - a word that is not is split into dictionary words by longest match (字数统计 → 字数 + 统计);
 *   each choice of one gloss per part, all required, stands for the whole word, and each part's
 *   glosses alone stand for it with half its share of the word's length.
 *
 * A gloss becomes the stems of its words ("pie chart" → `pie` + `chart`, all required) after
 * parenthesised notes are dropped ("(computing) spreadsheet" → spreadsheet), English stop words, single letters and
 * the dictionary's placeholders (sb, sth, oneself) ignored; a two- or three-word gloss is also tried
 * joined ("to-do" → `todo`), and its English synonyms from `synonyms.json` ("transparency" →
 * opacity) stand for it too. Glosses of more than {@link MAX_GLOSS_WORDS} content words (explanations)
 * and non-glosses (`CL:` classifiers, `variant of …`, `surname …`, references to other headwords)
 * are skipped. A single character gives at most {@link SINGLE_CHARACTER_SENSES} glosses of its
 * first common-noun reading, a word at most {@link WORD_SENSES}.
 */
import { isStopWord, type QueryWord, wordTerm } from './analyze';
import { cedictEntries, cedictHas } from './cedict';
import glossary from './glossary.json' with { type: 'json' };
import { synonymsOf } from './synonyms';
import { splitRuns } from './tokenize';

/** An alternative of the bridge: all `terms` are required; `share` scales the gloss weight. */
export interface GlossAlternative {
  terms: string[];
  /** Indexes of the query words it stands for. */
  covers: number[];
  /** 1 for a whole word's gloss; a part's share of the word's characters for a part's gloss. */
  share: number;
}

/** Most content words of a gloss used ("number of written characters" is 3). */
export const MAX_GLOSS_WORDS = 3;
/** Glosses used per dictionary word. */
export const WORD_SENSES = 6;
/** Glosses used per single character (they have many, mostly not what a search means). */
export const SINGLE_CHARACTER_SENSES = 2;
/** Share of one word of a two- or three-word gloss on its own ("image noise" → `noise`). */
export const PART_OF_GLOSS = 0.3;
/** Share of the glosses of a word that the curated synonym list (`synonyms.json`) already bridges. */
export const CURATED_WORD = 0.5;
/** Share of a part's gloss on its own, × the part's share of the word's characters (贪吃蛇 → `snake`). */
export const PART_OF_WORD = 0.5;
/** Longest dictionary word tried when splitting a word, in characters. */
const LONGEST_PART = 8;
/** Most all-parts combinations per word. */
const MAX_COMBINATIONS = 12;
/** Adjacent query words tried together as one dictionary word. */
const MAX_JOINED_WORDS = 3;

/** Not glosses: classifiers, variants, surnames, pronunciations, cross-references. */
const NOT_A_GLOSS =
  /^(cl:|(old |erhua |japanese |archaic )?variant of|used in|see |surname |also written|also pr\.|taiwan pr\.|pr\. |abbr\. for|abbr\. of)/;
/** Placeholders of the dictionary's glosses ("to do sth", "to tell sb"). */
const PLACEHOLDERS = new Set(['sb', 'sth', 'oneself', 'one', 'etc', 'something', 'somebody']);

/** The project's glossary (`glossary.json`): design-tool terms → the English names the tools use. */
const GLOSSARY = new Map<string, readonly string[]>(glossary.entries.map((e) => [e.zh, e.en]));

/** Whether the glossary or CC-CEDICT has the headword `word` (lower case, as the query holds it). */
function dictionaryHas(word: string): boolean {
  return GLOSSARY.has(word) || cedictHas(word);
}

/** The terms of one gloss, all required; `whole` for the gloss itself (not a join, part or synonym). */
interface Gloss {
  terms: string[];
  share: number;
  whole: boolean;
}

/**
 * The required terms of each usable gloss of `senses` (at most `limit` glosses), each with its
 * share: the gloss's content words all required (1); for a gloss of two or three words, the words
 * joined (1), and each content word alone ({@link PART_OF_GLOSS}); a one-word gloss's English
 * synonyms (1).
 */
function glossTerms(senses: readonly string[], limit: number): Gloss[] {
  const out: Gloss[] = [];
  let used = 0;
  for (const sense of senses) {
    if (used >= limit) break;
    const text = sense.trim().toLowerCase();
    if (NOT_A_GLOSS.test(text) || /[|[\]]/.test(text)) continue;
    const plain = text.replace(/\([^)]*\)/g, ' ').trim();
    const runs = splitRuns(plain);
    if (runs.length === 0 || runs.some((run) => run.kind !== 'word')) continue;
    const raw = runs.map((run) => run.chars.join(''));
    const content = raw.filter(
      (w) => w.length > 1 && !isStopWord(w) && !PLACEHOLDERS.has(w) && !/^\d+$/.test(w),
    );
    // "to-do" → todo, "word count" → wordcount; not "to vote" (a verb's "to").
    const joins = raw.length >= 2 && raw.length <= 3 && !/^to /.test(plain) && raw.every((w) => w.length > 1);
    if (content.length > MAX_GLOSS_WORDS || (content.length === 0 && !joins)) continue;
    used++;
    const terms = [...new Set(content.map(wordTerm))];
    if (terms.length > 0) out.push({ terms, share: 1, whole: true });
    if (joins) out.push({ terms: [wordTerm(raw.join(''))], share: 1, whole: terms.length === 0 });
    if (terms.length > 1)
      for (const term of terms) out.push({ terms: [term], share: PART_OF_GLOSS, whole: false });
    // The gloss's English synonyms ("transparency" → opacity, "color picker" → eyedropper).
    const phrase = content.length === 1 ? content[0]! : raw.join(' ');
    if (content.length === 1 || raw.length <= 3) {
      for (const synonym of synonymsOf(phrase)) {
        if (!/^[a-z ]+$/.test(synonym)) continue;
        out.push({ terms: synonym.split(' ').map(wordTerm), share: 1, whole: false });
      }
    }
  }
  return out;
}

/**
 * The usable glosses of a dictionary word: its glossary names first, then its CC-CEDICT senses; for
 * a single character, its first CC-CEDICT reading that has any.
 */
function wordGlosses(word: string): Gloss[] {
  const entries = cedictEntries(word);
  if (Array.from(word).length === 1) {
    // A capitalised pinyin is a name (surname, place); readings that are only cross-references give nothing.
    for (const entry of entries) {
      if (/^[A-Z]/.test(entry.pinyin)) continue;
      const glosses = glossTerms(entry.senses, SINGLE_CHARACTER_SENSES);
      if (glosses.length > 0) return glosses;
    }
    return [];
  }
  return glossTerms([...(GLOSSARY.get(word) ?? []), ...entries.flatMap((e) => e.senses)], WORD_SENSES);
}

/**
 * Splits `word` into dictionary words, fewest parts first (then fewest single characters), by
 * dynamic programming over the positions; null when no part is longer than one character.
 */
function splitIntoDictionaryWords(word: string): string[] | null {
  const chars = Array.from(word);
  const n = chars.length;
  // best[i]: the split of the first i characters with the fewest parts, then single characters.
  const best: ({ parts: string[]; singles: number } | null)[] = [{ parts: [], singles: 0 }];
  for (let i = 1; i <= n; i++) {
    best[i] = null;
    for (let len = Math.min(LONGEST_PART, i); len >= 1; len--) {
      const prev = best[i - len];
      const part = chars.slice(i - len, i).join('');
      if (!prev || (len > 1 && !dictionaryHas(part))) continue;
      const candidate = { parts: [...prev.parts, part], singles: prev.singles + (len === 1 ? 1 : 0) };
      const current = best[i];
      if (
        !current ||
        candidate.parts.length < current.parts.length ||
        (candidate.parts.length === current.parts.length && candidate.singles < current.singles)
      )
        best[i] = candidate;
    }
  }
  const split = best[n];
  if (!split || split.singles === split.parts.length) return null;
  return split.parts;
}

/**
 * Every choice of one whole gloss per part, all required: the first glosses of each part, as many
 * as keep the choices at most {@link MAX_COMBINATIONS} (3 × 3 for two parts, 2 × 2 × 2 for three).
 */
function combinations(glosses: readonly Gloss[][]): string[][] {
  const each = Math.max(1, Math.floor(MAX_COMBINATIONS ** (1 / glosses.length)));
  let out: string[][] = [[]];
  for (const options of glosses) {
    const whole = options.filter((g) => g.whole).slice(0, each);
    const next: string[][] = [];
    for (const prefix of out) {
      for (const { terms } of whole) {
        if (next.length >= MAX_COMBINATIONS) break;
        next.push([...new Set([...prefix, ...terms])]);
      }
    }
    out = next;
  }
  return out;
}

/**
 * The English alternatives of the Chinese words of a parsed query (see the module comment), in
 * query order, without duplicates; none when the query has no Chinese word. Loads the dictionary on
 * the first call that has one.
 */
export function glossAlternatives(words: readonly QueryWord[]): GlossAlternative[] {
  const out: GlossAlternative[] = [];
  const seen = new Set<string>();
  const add = (terms: string[], covers: number[], share: number) => {
    const key = `${covers.join(',')}:${[...terms].sort().join(' ')}`;
    if (terms.length === 0 || seen.has(key)) return;
    seen.add(key);
    out.push({ terms, covers, share });
  };
  words.forEach((w, i) => {
    if (w.kind !== 'cjk' && !(w.raw.length <= 2 && words[i + 1]?.kind === 'cjk')) return;
    // Adjacent words that make one dictionary word: Chinese words, or a Latin letter or two before
    // them (k + 线图 → K线图, "candlestick chart").
    for (let last = Math.min(words.length - 1, i + MAX_JOINED_WORDS - 1); last > i; last--) {
      const span = words.slice(i, last + 1);
      if (span.some((s, k) => s.kind !== 'cjk' && (k > 0 || s.raw.length > 2))) continue;
      const joined = span.map((s) => s.raw).join('');
      if (!dictionaryHas(joined)) continue;
      const covers = span.map((_, k) => i + k);
      for (const g of wordGlosses(joined)) add(g.terms, covers, g.share);
      break;
    }
    if (w.kind !== 'cjk') return;
    if (dictionaryHas(w.raw)) {
      // A word of the curated synonym list is bridged there more precisely: its glosses weigh less.
      const curated = synonymsOf(w.raw).length > 0 ? CURATED_WORD : 1;
      for (const g of wordGlosses(w.raw)) add(g.terms, [i], curated * g.share);
      return;
    }
    const parts = splitIntoDictionaryWords(w.raw);
    if (!parts) return;
    const partGlosses = parts.map(wordGlosses);
    if (partGlosses.every((g) => g.length > 0)) {
      for (const terms of combinations(partGlosses)) add(terms, [i], 1);
    }
    const length = Array.from(w.raw).length;
    parts.forEach((part, k) => {
      const size = Array.from(part).length / length;
      for (const g of partGlosses[k]!) add(g.terms, [i], PART_OF_WORD * g.share * size);
    });
  });
  return out;
}
