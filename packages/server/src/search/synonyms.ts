/**
 * Bilingual synonyms of design-plugin search terms, for query-time expansion in both directions
 * (English → Chinese, Chinese → English, and between English variants).
 *
 * The data is `synonyms.json` beside this file, curated by hand (bundled into the build, so no file
 * is read at run time):
 * - `groups`: about 136 groups such as `["slice", "slices", "slicing", "切图", "切片"]`; every
 *   member is a synonym of every other member of its group, and a phrase may be in several groups
 *   (`标注` is in the annotation group and in the handoff group). Members are lower case, NFKC
 *   normalised, with no leading or trailing space; English members may be several words separated
 *   by one space (`"color picker"`, `"dark mode"`); Chinese members are simplified Chinese words
 *   without spaces. Only words a designer plausibly types for a plugin are listed (icons, slicing,
 *   annotation, colour picking, charts, layout, accessibility, translation, mock data…).
 * - `spelling`: British → American spelling of single English words (`colour` → `color`,
 *   `grey` → `gray`, `centre` → `center`, `organise` → `organize`…); group members use the
 *   American spelling, so a caller maps each English word with {@link americanSpelling} before
 *   looking a phrase up with {@link synonymsOf}.
 */
import { foldText } from './keyword';
import data from './synonyms.json' with { type: 'json' };

/** The synonym groups, as in `synonyms.json` (members already normalised; checked by the tests). */
const GROUPS: readonly (readonly string[])[] = Object.freeze(
  data.groups.map((group) => Object.freeze([...group])),
);

/** Each member → the groups that contain it. */
const GROUPS_BY_MEMBER = new Map<string, (readonly string[])[]>();
for (const group of GROUPS) {
  for (const member of group) {
    const groups = GROUPS_BY_MEMBER.get(member);
    if (groups) groups.push(group);
    else GROUPS_BY_MEMBER.set(member, [group]);
  }
}

/** British → American spelling, from `synonyms.json`. */
const SPELLING = new Map<string, string>(Object.entries(data.spelling));

/**
 * The most space-separated words in one synonym member (3 today, e.g. `"find and replace"`): a
 * query expander only needs to try phrases of up to this many consecutive words. A Chinese member
 * counts as one word.
 */
export const SYNONYM_PHRASES_MAX_WORDS: number = Math.max(
  ...GROUPS.flatMap((group) => group.map((member) => member.split(' ').length)),
);

/**
 * Every synonym group of `synonyms.json` that contains `phrase`, after NFKC normalisation, lower
 * casing, trimming and collapsing inner whitespace to one space (`" Color  Picker "` finds the
 * `"color picker"` group). Each group is returned whole, the phrase included, in file order; an
 * empty array when the phrase is in no group. Spelling is not changed (see {@link americanSpelling}).
 */
export function synonymGroupsOf(phrase: string): readonly (readonly string[])[] {
  return GROUPS_BY_MEMBER.get(foldText(phrase)) ?? [];
}

/**
 * The synonyms of `phrase`: the other members of every group that contains it (normalised as in
 * {@link synonymGroupsOf}), without the phrase itself and without duplicates, in file order
 * (`"切图"` → `["slice", "slices", "slicing", "切片"]`, `"chart"` → `["charts", "graph", "graphs",
 * "图表"]`). An empty array when the phrase is in no group.
 */
export function synonymsOf(phrase: string): string[] {
  const key = foldText(phrase);
  const out = new Set<string>();
  for (const group of GROUPS_BY_MEMBER.get(key) ?? []) {
    for (const member of group) if (member !== key) out.add(member);
  }
  return [...out];
}

/**
 * The American spelling of an English word from the `spelling` table of `synonyms.json`
 * (`"colour"` → `"color"`, `"Grey"` → `"gray"`, `"visualisation"` → `"visualization"`); the word
 * is looked up folded ({@link foldText}). A word not in the table is returned unchanged.
 */
export function americanSpelling(word: string): string {
  return SPELLING.get(foldText(word)) ?? word;
}
