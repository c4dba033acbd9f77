/**
 * The search tokenizer shared by both database dialects, so SQLite (FTS5) and PostgreSQL (tsvector)
 * index and match exactly the same tokens and therefore return the same results.
 *
 * Normalisation: Unicode NFKC (full-width → ASCII, compatibility ideographs → unified ones), lower
 * case, Latin/Greek/Cyrillic combining diacritics (U+0300–U+036F) stripped ("Café" → "cafe").
 * Segmentation:
 * - a run of letters, digits and combining marks of any non-CJK script is one **word** token
 *   ("Color-Picker_2" → `color`, `picker`, `2`);
 * - a run of CJK ideographs, kana or Hangul becomes **every unigram and every bigram** of the run
 *   ("图标库" → `图`, `标`, `库`, `图标`, `标库`), which is what makes 1- and 2-character Chinese
 *   queries work (a trigram index alone misses them);
 * - everything else (spaces, punctuation, symbols, emoji) separates tokens.
 *
 * See docs/search.md for the query semantics built on top of it ({@link parseSearchQuery}).
 */

/** CJK characters: letters and numbers of the Han, Hiragana, Katakana or Hangul scripts, and the prolonged sound mark. */
const CJK_SET = String.raw`[[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\u30fc\uff70]&&[\p{L}\p{N}]]`;
/**
 * A CJK run (group 1) or a word run (group 2): a non-CJK letter or digit followed by letters, digits
 * and combining marks (Devanagari vowel signs…) that are not CJK. Everything between them separates.
 */
const RUNS = new RegExp(
  String.raw`(${CJK_SET}+)|([[\p{L}\p{N}]--${CJK_SET}][[\p{L}\p{N}\p{M}]--${CJK_SET}]*)`,
  'gv',
);
/** Word tokens of an ASCII text (fast path). */
const ASCII_WORDS = /[a-z0-9]+/g;
/** Latin/Greek/Cyrillic combining diacritical marks removed after canonical decomposition. */
const DIACRITICS = /[\u0300-\u036f]/g;
// biome-ignore lint/suspicious/noControlCharactersInRegex: the ASCII range is the point
const ASCII = /^[\u0000-\u007f]*$/;

/** Longest word token kept, in characters; longer runs are cut (nobody searches for them). */
export const MAX_TOKEN_LENGTH = 64;

/** Lowercases, NFKC-normalises and strips Latin diacritics (the tokenizer's normalisation step). */
export function normalizeText(text: string): string {
  if (ASCII.test(text)) return text.toLowerCase();
  return text.normalize('NFKC').toLowerCase().normalize('NFD').replace(DIACRITICS, '').normalize('NFC');
}

/** One segment of a normalised text: a word run or a CJK run. */
export interface TextRun {
  kind: 'word' | 'cjk';
  /** The run's characters (code points, so astral ideographs count as one). */
  chars: string[];
}

/** Splits `text` (normalised first) into word runs and CJK runs, dropping separators. */
export function splitRuns(text: string): TextRun[] {
  return splitNormalizedRuns(normalizeText(text));
}

function splitNormalizedRuns(normalized: string): TextRun[] {
  const runs: TextRun[] = [];
  for (const match of normalized.matchAll(RUNS)) {
    if (match[1] !== undefined) runs.push({ kind: 'cjk', chars: Array.from(match[1]) });
    else runs.push({ kind: 'word', chars: Array.from(match[2]!.slice(0, MAX_TOKEN_LENGTH * 2)) });
  }
  return runs;
}

/**
 * The index tokens of `text`: word tokens and, for CJK runs, every unigram and bigram. Order
 * follows the text; duplicates are kept (callers dedupe with {@link tokenDocument}).
 */
export function tokenize(text: string): string[] {
  const normalized = normalizeText(text);
  if (ASCII.test(normalized)) {
    return (normalized.match(ASCII_WORDS) ?? []).map((w) =>
      w.length > MAX_TOKEN_LENGTH ? w.slice(0, MAX_TOKEN_LENGTH) : w,
    );
  }
  const tokens: string[] = [];
  for (const run of splitNormalizedRuns(normalized)) {
    if (run.kind === 'word') {
      tokens.push(run.chars.slice(0, MAX_TOKEN_LENGTH).join(''));
      continue;
    }
    const { chars } = run;
    for (let i = 0; i < chars.length; i++) {
      tokens.push(chars[i]!);
      if (i + 1 < chars.length) tokens.push(chars[i]! + chars[i + 1]!);
    }
  }
  return tokens;
}

/**
 * The stored token document of some texts: their tokens, deduplicated, joined by single spaces
 * (what FTS5 indexes with `unicode61` and what PostgreSQL turns into a `tsvector` with
 * `array_to_tsvector(string_to_array(doc, ' '))`). Empty string when there is no token.
 */
export function tokenDocument(texts: ReadonlyArray<string | null | undefined>): string {
  const seen = new Set<string>();
  for (const text of texts) {
    if (!text) continue;
    for (const token of tokenize(text)) seen.add(token);
  }
  return [...seen].join(' ');
}

/** One token of a parsed query: `prefix` for word tokens (match any token starting with it). */
export interface QueryToken {
  token: string;
  prefix: boolean;
}

/** Most query tokens considered; more are ignored (bounds the cost of a pasted paragraph). */
export const MAX_QUERY_TOKENS = 16;

/**
 * Parses a search keyword into the tokens that must **all** match (AND):
 * - the keyword is split on whitespace into terms, each normalised like the documents;
 * - a word token matches as a **prefix** of an indexed word ("colo" finds "color", "colors");
 * - a CJK run of one character matches that unigram; of two or more characters, all of its bigrams;
 * - punctuation inside a term splits it ("ui-kit" = "ui" AND "kit"); a term of only punctuation
 *   contributes nothing, so an all-punctuation keyword yields no token (the caller answers with 0
 *   results).
 * Duplicates are removed; at most {@link MAX_QUERY_TOKENS} tokens are kept.
 */
export function parseSearchQuery(keyword: string): QueryToken[] {
  const out = new Map<string, QueryToken>();
  for (const run of splitRuns(keyword)) {
    if (run.kind === 'word') {
      const token = run.chars.slice(0, MAX_TOKEN_LENGTH).join('');
      if (!out.has(token)) out.set(token, { token, prefix: true });
      continue;
    }
    const { chars } = run;
    if (chars.length === 1) {
      const token = chars[0]!;
      if (!out.has(token)) out.set(token, { token, prefix: false });
      continue;
    }
    for (let i = 0; i + 1 < chars.length; i++) {
      const token = chars[i]! + chars[i + 1]!;
      if (!out.has(token)) out.set(token, { token, prefix: false });
    }
  }
  return [...out.values()].slice(0, MAX_QUERY_TOKENS);
}

/**
 * FTS5 MATCH expression for `column`: every token as a quoted phrase (double quotes doubled, so
 * user text can never become FTS5 syntax such as `NEAR`, `AND`, `*` or `:`), word tokens with the
 * prefix operator `*`, joined by AND.
 */
export function toFts5Query(tokens: readonly QueryToken[], column: string): string {
  return tokens
    .map(({ token, prefix }) => `${column} : "${token.replaceAll('"', '""')}"${prefix ? '*' : ''}`)
    .join(' AND ');
}

/**
 * PostgreSQL `tsquery` text for the same tokens: each a quoted lexeme (quotes and backslashes
 * escaped), word tokens with `:*` (prefix), joined by `&`. Cast with `::tsquery` (no dictionary is
 * applied, so lexemes stay exactly our tokens).
 */
export function toTsQuery(tokens: readonly QueryToken[]): string {
  return tokens
    .map(
      ({ token, prefix }) => `'${token.replaceAll('\\', '\\\\').replaceAll("'", "''")}'${prefix ? ':*' : ''}`,
    )
    .join(' & ');
}
