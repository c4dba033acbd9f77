/**
 * The one place where the server normalises what a person typed into the search box, and the
 * phrases it is compared with:
 * - {@link foldText}: NFKC, lower case, trimmed, runs of white space as one space (suggestions, the
 *   synonym and spelling tables);
 * - {@link normalizeKeyword}: the keyword of `GET plugin/list`, folded as the tokenizer folds the
 *   indexed texts (`normalizeText`: Latin diacritics off too), trimmed, white space as one space.
 *   An empty result means no search: the list is not ranked by relevance.
 */
import { normalizeText } from './tokenize';

/** NFKC, lower case, trimmed, inner white space as one space. */
export function foldText(text: string): string {
  return text.normalize('NFKC').toLowerCase().trim().replace(/\s+/g, ' ');
}

/** The search keyword as the list and the engine use it ('' when it is blank or absent). */
export function normalizeKeyword(keyword: string | undefined): string {
  return normalizeText(keyword ?? '')
    .trim()
    .replace(/\s+/g, ' ');
}
