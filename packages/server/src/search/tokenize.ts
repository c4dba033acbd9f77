/**
 * The first step of the search analyzer (`analyze.ts` builds terms on it): normalisation
 * and the split of a text into word runs and CJK runs, the same for documents and queries.
 *
 * Normalisation: Unicode NFKC (full-width → ASCII, compatibility ideographs → unified ones), lower
 * case, Latin/Greek/Cyrillic combining diacritics (U+0300–U+036F) stripped ("Café" → "cafe").
 * Runs:
 * - a run of letters, digits and combining marks of any non-CJK script is one **word**
 *   ("Color-Picker_2" → `color`, `picker`, `2`);
 * - a run of CJK ideographs, kana or Hangul is one **CJK run** (segmented into words later);
 * - everything else (spaces, punctuation, symbols, emoji) separates runs, so no query syntax of any
 *   kind survives into a term.
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
/** Word runs of an ASCII text. */
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
  const normalized = normalizeText(text);
  const runs: TextRun[] = [];
  if (ASCII.test(normalized)) {
    // Fast path (most of the catalogue): ASCII letters and digits only.
    for (const [word] of normalized.matchAll(ASCII_WORDS)) {
      runs.push({ kind: 'word', chars: word.slice(0, MAX_TOKEN_LENGTH * 2).split('') });
    }
    return runs;
  }
  for (const match of normalized.matchAll(RUNS)) {
    if (match[1] !== undefined) runs.push({ kind: 'cjk', chars: Array.from(match[1]) });
    else runs.push({ kind: 'word', chars: Array.from(match[2]!.slice(0, MAX_TOKEN_LENGTH * 2)) });
  }
  return runs;
}
