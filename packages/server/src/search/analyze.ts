/**
 * The search analyzer: turns a plugin's texts into weighted index terms and a keyword
 * into query words, the same way on both database dialects (the index is plain tables, so SQLite and
 * PostgreSQL hold the same terms and return the same results). See docs/search.md.
 *
 * Terms:
 * - text is normalised by the tokenizer ({@link splitRuns}: NFKC, lower case, Latin diacritics off)
 *   and split into word runs and CJK runs;
 * - a word becomes its **stem** (Porter, the `stemmer` package) after British→American spelling
 *   ("Colours" → `color`, "resizing" → `resiz`), so word forms meet;
 * - a CJK run becomes its dictionary words (jieba search mode with our design dictionary,
 *   {@link segmentChinese}) plus every single character and every bigram, so 1–2 character queries
 *   and words the dictionary splits differently still meet;
 * - a name also yields the joins of adjacent words ("Auto Layout" → `autolayout`) and one
 *   **exact-name** term (`=` + the name's terms, "Rename It" → `=renam it`) that a query equal to the
 *   name looks up directly.
 *
 * Scores: BM25F (Robertson and Zaragoza, "The Probabilistic Relevance Framework: BM25 and Beyond",
 * 2009) with the field weights of {@link SEARCH_FIELDS} (Open VSX weighs name 5, tags 3, description
 * 1): a term's stored score is Σ over fields of weight × tf·(k1+1) / (tf + k1·(1 − b + b·len/avg)),
 * the saturated, length-normalised term frequency; the inverse document frequency is applied at
 * query time from the term's document count.
 */
import { stemmer } from 'stemmer';
import { zho as CHINESE_STOP_WORDS, eng as ENGLISH_STOP_WORDS } from 'stopword';
import { segmentChinese } from './segment';
import { americanSpelling } from './synonyms';
import { MAX_TOKEN_LENGTH, splitRuns, type TextRun } from './tokenize';

/** Bumped whenever the terms or scores of a document change: the index is rebuilt on start. */
export const ANALYZER_VERSION = 2;

/** BM25 term-frequency saturation. */
const K1 = 1.2;
/** BM25 length normalisation. */
const B = 0.75;

/** The fields of a plugin's search document: BM25F weight and the assumed average length in terms. */
export const SEARCH_FIELDS = {
  name: { weight: 5, averageLength: 3 },
  tags: { weight: 3, averageLength: 4 },
  intro: { weight: 2, averageLength: 12 },
  description: { weight: 1, averageLength: 40 },
  developer: { weight: 1, averageLength: 2 },
} as const;
/** A field of {@link SEARCH_FIELDS}. */
export type SearchField = keyof typeof SEARCH_FIELDS;

/** Stored scores are integers: the BM25F term weight × this. */
export const SCORE_SCALE = 100;

/** Prefix of exact-name terms (no word term starts with it: terms hold only letters and digits). */
export const EXACT_NAME_PREFIX = '=';
/** Longest exact-name term kept, in characters (longer names get none). */
const MAX_EXACT_NAME_LENGTH = 128;

const STOP_WORDS = new Set([...ENGLISH_STOP_WORDS, ...CHINESE_STOP_WORDS, 'plugin', 'plugins', '插件']);

/** Whether `word` (normalised) is a stop word: ignored in a query unless every word is one. */
export function isStopWord(word: string): boolean {
  return STOP_WORDS.has(word);
}

/** The index term of one normalised word: American spelling, then its Porter stem. */
export function wordTerm(word: string): string {
  const w = word.length > MAX_TOKEN_LENGTH ? word.slice(0, MAX_TOKEN_LENGTH) : word;
  // Digits and non-Latin words are kept as they are; the stemmer is for English.
  return /^[a-z]+$/.test(w) ? stemmer(americanSpelling(w)) : w;
}

/** Every single character and every bigram of a CJK run, and its dictionary words. */
function cjkTerms(chars: readonly string[]): Set<string> {
  const terms = new Set<string>();
  for (let i = 0; i < chars.length; i++) {
    terms.add(chars[i]!);
    if (i + 1 < chars.length) terms.add(chars[i]! + chars[i + 1]!);
  }
  if (chars.length > 2) for (const word of segmentChinese(chars.join(''))) terms.add(word);
  return terms;
}

function runWord(run: TextRun): string {
  return run.chars.slice(0, MAX_TOKEN_LENGTH).join('');
}

/**
 * The index terms of a text, in order, repeated as often as they occur (term frequency): word
 * stems, and for each CJK run its characters, bigrams and dictionary words (once per run).
 */
export function analyzeText(text: string | null | undefined, words?: Map<string, string>): string[] {
  if (!text) return [];
  const out: string[] = [];
  for (const run of splitRuns(text)) {
    if (run.kind === 'word') {
      const word = runWord(run);
      const term = wordTerm(word);
      out.push(term);
      words?.set(word, term);
    } else out.push(...cjkTerms(run.chars));
  }
  return out;
}

/**
 * The exact-name key of a name or a whole keyword: its word stems and CJK runs joined by single
 * spaces, with {@link EXACT_NAME_PREFIX}; null when it has no term or is too long. Stop words are
 * kept, so "Rename It" and the query "rename it" meet.
 */
export function exactNameTerm(text: string): string | null {
  const parts = splitRuns(text).map((run) =>
    run.kind === 'word' ? wordTerm(runWord(run)) : run.chars.join(''),
  );
  if (parts.length === 0) return null;
  const key = `${EXACT_NAME_PREFIX}${parts.join(' ')}`;
  return key.length > MAX_EXACT_NAME_LENGTH ? null : key;
}

/** The terms of adjacent-word joins of a name: "Auto Layout" → `autolayout` (then stemmed); numbers are not joined. */
export function joinedTerms(text: string): string[] {
  const words = splitRuns(text)
    .filter((run) => run.kind === 'word')
    .map(runWord);
  const out: string[] = [];
  for (let i = 0; i + 1 < words.length; i++) {
    // A number is not joined ("Layout 2" gives no `layout2`).
    if (/^\d+$/.test(words[i]!) || /^\d+$/.test(words[i + 1]!)) continue;
    const joined = words[i]! + words[i + 1]!;
    if (joined.length <= MAX_TOKEN_LENGTH) out.push(wordTerm(joined));
  }
  return out;
}

/** The texts of one plugin's search document, by field. */
export interface SearchTexts {
  /** The name and its translations. */
  names: ReadonlyArray<string>;
  /** Tag codes, tag names (English and Chinese). */
  tags: ReadonlyArray<string>;
  /** Intro and its translations. */
  intros: ReadonlyArray<string>;
  /** Description and its translations. */
  descriptions: ReadonlyArray<string>;
  developer: string | null;
}

/**
 * A plugin's index terms with their stored scores ({@link SCORE_SCALE} × BM25F term weight, at least
 * 1), and its words as written with the term each stems to (for the typo index). Deterministic: the
 * same texts give the same maps on every dialect and machine.
 */
export function buildSearchTerms(texts: SearchTexts): {
  terms: Map<string, number>;
  words: Map<string, string>;
} {
  const words = new Map<string, string>();
  const fields: Record<SearchField, string[]> = {
    name: [],
    tags: [],
    intro: [],
    description: [],
    developer: analyzeText(texts.developer, words),
  };
  for (const name of texts.names) {
    fields.name.push(...analyzeText(name, words), ...joinedTerms(name));
  }
  for (const tag of texts.tags) fields.tags.push(...analyzeText(tag, words));
  for (const intro of texts.intros) fields.intro.push(...analyzeText(intro, words));
  for (const description of texts.descriptions) fields.description.push(...analyzeText(description, words));

  const weights = new Map<string, number>();
  for (const field of Object.keys(fields) as SearchField[]) {
    const terms = fields[field];
    if (terms.length === 0) continue;
    const { weight, averageLength } = SEARCH_FIELDS[field];
    const norm = K1 * (1 - B + (B * terms.length) / averageLength);
    const tf = new Map<string, number>();
    for (const term of terms) tf.set(term, (tf.get(term) ?? 0) + 1);
    for (const [term, n] of tf) {
      weights.set(term, (weights.get(term) ?? 0) + (weight * n * (K1 + 1)) / (n + norm));
    }
  }
  const out = new Map<string, number>();
  for (const [term, w] of weights) out.set(term, Math.max(1, Math.round(w * SCORE_SCALE)));
  // An exact-name term scores as a one-word name would.
  const exact = SEARCH_FIELDS.name.weight * (K1 + 1) * SCORE_SCALE;
  for (const name of texts.names) {
    const key = exactNameTerm(name);
    if (key) out.set(key, Math.round(exact / (1 + K1 * (1 - B + B / SEARCH_FIELDS.name.averageLength))));
  }
  return { terms: out, words };
}

/** One word of a parsed query. */
export interface QueryWord {
  /** The normalised word as typed, in American spelling (for prefixes, typos and synonyms). */
  raw: string;
  /** Its index term ({@link wordTerm} for words; the word itself for CJK). */
  term: string;
  kind: 'word' | 'cjk';
  /** The last word of a keyword that does not end in a space: also matches as a prefix. */
  prefix: boolean;
}

/** Most query words considered; more are ignored (bounds the cost of a pasted paragraph). */
export const MAX_QUERY_WORDS = 8;

/**
 * The words of a CJK run of a query: its dictionary words, longest first wins (a word inside
 * another word of the run is dropped), and runs of single characters the dictionary does not know
 * kept together (they fall back to bigrams when the index has no such word).
 */
function cjkQueryWords(chars: readonly string[]): string[] {
  const run = chars.join('');
  if (chars.length <= 2) return [run];
  const words = segmentChinese(run);
  const kept = words.filter((w) => !words.some((o) => o !== w && o.length > w.length && o.includes(w)));
  const out: string[] = [];
  let singles = '';
  for (const w of kept) {
    if (Array.from(w).length === 1) {
      singles += w;
      continue;
    }
    if (singles) out.push(singles);
    singles = '';
    out.push(w);
  }
  if (singles) out.push(singles);
  return [...new Set(out)];
}

/**
 * Parses a keyword into query words: word runs (stemmed) and CJK runs (segmented), stop words
 * dropped unless every word is one, duplicates removed, at most {@link MAX_QUERY_WORDS}. The last
 * word is a prefix when the keyword does not end in whitespace (the person is still typing it).
 */
export function parseQuery(keyword: string): QueryWord[] {
  const words: QueryWord[] = [];
  for (const run of splitRuns(keyword)) {
    if (run.kind === 'word') {
      const raw = americanSpelling(runWord(run));
      words.push({ raw, term: wordTerm(raw), kind: 'word', prefix: false });
    } else {
      for (const w of cjkQueryWords(run.chars)) words.push({ raw: w, term: w, kind: 'cjk', prefix: false });
    }
  }
  const content = words.filter((w) => !isStopWord(w.raw));
  const kept = content.length > 0 ? content : words;
  const seen = new Set<string>();
  const out = kept.filter((w) => !seen.has(w.term) && seen.add(w.term)).slice(0, MAX_QUERY_WORDS);
  const last = out[out.length - 1];
  const lastTyped = words[words.length - 1];
  if (last && last === lastTyped && last.kind === 'word' && !/\s$/.test(keyword)) last.prefix = true;
  return out;
}
