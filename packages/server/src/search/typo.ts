/**
 * Typo tolerance over the distinct words of the catalogue, with a deletion index in the
 * manner of SymSpell (Wolf Garbe, 2012): every Latin word of at least {@link MIN_VARIANT_LENGTH}
 * characters, as written, is stored under itself and its single-character deletions
 * (`search_word`), and a query word looks up its own deletions; a shared variant is a candidate,
 * confirmed with the edit distance between the words as written (stems of misspellings drift:
 * "anmation" stems to `anmat`, "animation" to `anim`).
 *
 * Edits allowed by the length of the word as typed (the Algolia / Meilisearch convention): none
 * below {@link ONE_TYPO_MIN_LENGTH} characters, one from 4, two from {@link TWO_TYPOS_MIN_LENGTH}.
 * With one deletion stored per term, one edit (insertion, deletion, substitution, transposition) is
 * always found, and two edits when at least one of them is a deletion or an insertion on the
 * query's side.
 */

/** Shortest typed word that tolerates one edit. */
export const ONE_TYPO_MIN_LENGTH = 4;
/** Shortest typed word that tolerates two edits. */
export const TWO_TYPOS_MIN_LENGTH = 8;
/** Shortest term stored with deletion variants. */
export const MIN_VARIANT_LENGTH = 3;

/** Edits tolerated for a word typed with `length` characters. */
export function allowedEdits(length: number): number {
  if (length >= TWO_TYPOS_MIN_LENGTH) return 2;
  return length >= ONE_TYPO_MIN_LENGTH ? 1 : 0;
}

/** `word` and every string made by deleting `depth` (1 or 2) characters from it, deduplicated. */
export function deletionVariants(word: string, depth = 1): string[] {
  const out = new Set<string>([word]);
  let frontier = [word];
  for (let d = 0; d < depth; d++) {
    const next: string[] = [];
    for (const w of frontier) {
      if (w.length <= 1) continue;
      for (let i = 0; i < w.length; i++) {
        const v = w.slice(0, i) + w.slice(i + 1);
        if (!out.has(v)) {
          out.add(v);
          next.push(v);
        }
      }
    }
    frontier = next;
  }
  return [...out];
}

/** Whether a word goes into the typo index: a Latin word of at least {@link MIN_VARIANT_LENGTH} letters. */
export function hasVariants(word: string): boolean {
  return word.length >= MIN_VARIANT_LENGTH && /^[a-z][a-z0-9]*$/.test(word);
}

/**
 * Optimal string alignment distance (Damerau–Levenshtein with adjacent transpositions, each
 * substring edited once), stopping early above `max` (returns `max + 1` then).
 */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  const rows = a.length + 1;
  const cols = b.length + 1;
  let prev2 = new Array<number>(cols).fill(0);
  let prev = Array.from({ length: cols }, (_, j) => j);
  for (let i = 1; i < rows; i++) {
    const cur = new Array<number>(cols).fill(0);
    cur[0] = i;
    let rowMin = cur[0];
    for (let j = 1; j < cols; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let v = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        v = Math.min(v, prev2[j - 2]! + 1);
      cur[j] = v;
      if (v < rowMin) rowMin = v;
    }
    if (rowMin > max) return max + 1;
    prev2 = prev;
    prev = cur;
  }
  return Math.min(prev[cols - 1]!, max + 1);
}
