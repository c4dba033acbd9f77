/**
 * The long-tail query mix of the search benchmark (`bench/search.ts`): thousands of
 * distinct search queries and suggest prefixes drawn from the real catalogue's vocabulary
 * (`packages/server/catalogue/plugins.json` and `zh.json`: names, intros, descriptions, tags; the
 * interface's Chinese tag names), deterministic for a given seed.
 */

import { texts as zhCN } from '@plugin-center/app/i18n/translation/zh-CN';
import { seededRandom } from '@plugin-center/server';
import { readCatalogue } from './scale';

/** What a query imitates; printed as the mix. */
export type QueryKind =
  | 'en-1'
  | 'en-2'
  | 'en-3'
  | 'en-4'
  | 'en-typo'
  | 'en-prefix'
  | 'zh-word'
  | 'zh-phrase'
  | 'zh-2'
  | 'mixed';

/** One search query: the keyword, the interface locale it is sent with, and its kind. */
export interface BenchQuery {
  q: string;
  lang: 'en-US' | 'zh-CN';
  kind: QueryKind;
}

/** One suggest prefix: what has been typed so far, and its locale. */
export interface BenchPrefix {
  q: string;
  lang: 'en-US' | 'zh-CN';
}

/** Words nobody searches for on their own; kept in 5 % of the cases, as people sometimes type them. */
const STOP_WORDS = new Set(
  (
    "a an and are as at be but by can for from has have how if in into is it its it's of on or our so " +
    'than that the their them then there these they this to was we were what when where which while ' +
    'who will with you your yours all any also just more most not no only other some such up use used ' +
    'using via very one two each every etc e.g i.e lets let make makes do does get gets new way ways ' +
    'allows allow help helps need like easily easy simple quickly quick well within without about ' +
    'over out my me i us am been being had both own same too s t will would should could may might'
  ).split(' '),
);

const WORD = /[a-z][a-z0-9]*(?:[-'][a-z0-9]+)*/g;
const HAN_RUN = /[\u3400-\u9fff]+/g;

/** The kinds and how many distinct queries of each the default mix has (4,000 in all). */
export const QUERY_MIX: Readonly<Record<QueryKind, number>> = {
  'en-1': 800,
  'en-2': 800,
  'en-3': 420,
  'en-4': 180,
  'en-typo': 600,
  'en-prefix': 400,
  'zh-word': 320,
  'zh-phrase': 220,
  'zh-2': 120,
  mixed: 140,
};

interface Vocabulary {
  /** Texts as word lists (stop words still in), names and tags repeated so they weigh more. */
  sentences: string[][];
  /** Distinct content words with a weight: document frequency, square-rooted, × 3 in names and tags. */
  words: string[];
  cumulative: number[];
  /** Runs of Chinese characters from the Chinese texts. */
  hanRuns: string[];
  /** Chinese words: the interface's tag names and the Chinese texts' short runs. */
  hanWords: string[];
  names: string[];
  tags: string[];
}

function vocabulary(): Vocabulary {
  const entries = readCatalogue() as unknown as {
    name: string;
    intro: string | null;
    description: string | null;
    tags: string[];
    other_texts?: { name?: string; intro?: string | null; description?: string | null }[];
  }[];
  const sentences: string[][] = [];
  const df = new Map<string, number>();
  const hanRuns: string[] = [];
  const addText = (text: string | null | undefined, weight: number) => {
    if (!text) return;
    for (const run of text.match(HAN_RUN) ?? []) hanRuns.push(run);
    for (const sentence of text.toLowerCase().split(/[.!?;:()\n]+/)) {
      const words = sentence.match(WORD) ?? [];
      if (words.length === 0) continue;
      for (let i = 0; i < weight; i++) sentences.push(words);
      for (const w of new Set(words)) {
        if (!STOP_WORDS.has(w) && w.length >= 2) df.set(w, (df.get(w) ?? 0) + weight);
      }
    }
  };
  for (const e of entries) {
    addText(e.name.replace(/#\d+$/, ''), 3);
    addText(e.intro, 1);
    if (e.description !== e.intro) addText(e.description, 1);
    for (const t of e.tags) addText(t.replaceAll('-', ' '), 3);
    for (const o of e.other_texts ?? []) addText(o.name ?? null, 1);
  }
  const words = [...df.keys()].filter((w) => !/^\d+$/.test(w)).sort();
  const cumulative: number[] = [];
  let sum = 0;
  for (const w of words) {
    sum += Math.sqrt(df.get(w)!);
    cumulative.push(sum);
  }
  const tagNames = Object.values(zhCN.tags).filter((t) => /[\u3400-\u9fff]/.test(t));
  const hanWords = [
    ...new Set([...tagNames, ...hanRuns.filter((r) => r.length >= 2 && r.length <= 4)]),
  ].sort();
  return {
    sentences,
    words,
    cumulative,
    hanRuns: hanRuns.filter((r) => r.length >= 2),
    hanWords,
    names: entries.map((e) => e.name),
    tags: [...new Set(entries.flatMap((e) => e.tags))].sort(),
  };
}

/** One edit (deletion, transposition, substitution, insertion) at a position other than the first. */
function typo(word: string, random: () => number): string {
  const letters = 'abcdefghijklmnopqrstuvwxyz';
  const i = 1 + Math.floor(random() * (word.length - 1));
  const letter = letters[Math.floor(random() * letters.length)]!;
  switch (Math.floor(random() * 4)) {
    case 0:
      return word.slice(0, i) + word.slice(i + 1);
    case 1:
      return i < word.length - 1
        ? word.slice(0, i) + word[i + 1] + word[i] + word.slice(i + 2)
        : word.slice(0, i);
    case 2:
      return word.slice(0, i) + (letter === word[i] ? 'x' : letter) + word.slice(i + 1);
    default:
      return word.slice(0, i) + letter + word.slice(i);
  }
}

/**
 * The search mix: for each kind of {@link QUERY_MIX} (scaled by `total / 4000`), that many distinct
 * queries, shuffled together.
 *
 * - en-1…en-4: 1 word drawn by weight, or 2–4 consecutive content words of one real sentence (a
 *   name or tag counts thrice), stop words dropped in 95 % of the cases;
 * - en-typo: a 1–3-word query with one edit in one word of ≥ 5 letters;
 * - en-prefix: a 1–3-word query whose last word is cut to 2…n−1 letters (as you type);
 * - zh-word: a Chinese tag name or a 2–4-character cut of a Chinese text; zh-phrase: a 4–6-character
 *   cut; zh-2: two Chinese words separated by a space; mixed: an English and a Chinese word.
 *
 * @param seed - any integer; the same seed gives the same queries in the same order
 * @param total - how many queries (default 4,000)
 */
export function searchQueries(seed = 13, total = 4000): BenchQuery[] {
  const v = vocabulary();
  const random = seededRandom(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  const weightedWord = (): string => {
    const x = random() * v.cumulative[v.cumulative.length - 1]!;
    let lo = 0;
    let hi = v.cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (v.cumulative[mid]! < x) lo = mid + 1;
      else hi = mid;
    }
    return v.words[lo]!;
  };
  const phrase = (n: number): string[] | null => {
    if (n === 1) return [weightedWord()];
    const sentence = pick(v.sentences).filter(
      (w) => w.length >= 2 && (!STOP_WORDS.has(w) || random() < 0.05),
    );
    if (sentence.length < n) return null;
    const at = Math.floor(random() * (sentence.length - n + 1));
    return sentence.slice(at, at + n);
  };
  const hanCut = (min: number, max: number): string | null => {
    const run = pick(v.hanRuns);
    const len = min + Math.floor(random() * (max - min + 1));
    if (run.length < len) return null;
    const at = Math.floor(random() * (run.length - len + 1));
    return run.slice(at, at + len);
  };
  const hanWord = (): string | null => (random() < 0.5 ? pick(v.hanWords) : hanCut(2, 4));
  const make: Record<QueryKind, () => { q: string; lang: BenchQuery['lang'] } | null> = {
    'en-1': () => en(phrase(1)),
    'en-2': () => en(phrase(2)),
    'en-3': () => en(phrase(3)),
    'en-4': () => en(phrase(4)),
    'en-typo': () => {
      const words = phrase(1 + Math.floor(random() * 3));
      const long = words?.map((w, i) => [w, i] as const).filter(([w]) => w.length >= 5 && /^[a-z]+$/.test(w));
      if (!words || !long || long.length === 0) return null;
      const [w, i] = pick(long);
      words[i] = typo(w, random);
      return en(words);
    },
    'en-prefix': () => {
      const words = phrase(1 + Math.floor(random() * 3));
      if (!words) return null;
      const last = words[words.length - 1]!;
      if (last.length < 3) return null;
      words[words.length - 1] = last.slice(0, 2 + Math.floor(random() * (last.length - 2)));
      return en(words);
    },
    'zh-word': () => zh(hanWord()),
    'zh-phrase': () => zh(hanCut(4, 6)),
    'zh-2': () => {
      const a = hanWord();
      const b = hanWord();
      return a && b && a !== b ? zh(`${a} ${b}`) : null;
    },
    mixed: () => {
      const a = weightedWord();
      const b = hanWord();
      return b ? zh(random() < 0.5 ? `${a} ${b}` : `${b} ${a}`) : null;
    },
  };
  const seen = new Set<string>();
  const out: BenchQuery[] = [];
  for (const kind of Object.keys(QUERY_MIX) as QueryKind[]) {
    const want = Math.round((QUERY_MIX[kind] * total) / 4000);
    let got = 0;
    for (let attempt = 0; got < want && attempt < want * 50; attempt++) {
      const made = make[kind]();
      if (!made || made.q.length > 100 || seen.has(made.q)) continue;
      seen.add(made.q);
      out.push({ ...made, kind });
      got++;
    }
  }
  return shuffle(out, random);
}

function en(words: string[] | null): { q: string; lang: 'en-US' } | null {
  return words && words.length > 0 ? { q: words.join(' '), lang: 'en-US' } : null;
}

function zh(q: string | null): { q: string; lang: 'zh-CN' } | null {
  return q ? { q, lang: 'zh-CN' } : null;
}

function shuffle<T>(list: T[], random: () => number): T[] {
  for (let i = list.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [list[i], list[j]] = [list[j]!, list[i]!];
  }
  return list;
}

/**
 * Distinct suggest prefixes: the first 1–6 characters of plugin names (lower-cased, leading
 * emoji and punctuation dropped; also from the start of each later word of the name, as someone
 * typing a word they remember) and of tag names, English and Chinese (Chinese: 1–4 characters of
 * Chinese names and tag names), shuffled; at most `max`.
 *
 * @param seed - any integer; the same seed gives the same prefixes in the same order
 */
export function suggestPrefixes(seed = 13, max = 2500): BenchPrefix[] {
  const v = vocabulary();
  const random = seededRandom(seed);
  const seen = new Set<string>();
  const out: BenchPrefix[] = [];
  const add = (text: string, lang: BenchPrefix['lang'], maxLength: number) => {
    for (let n = 1; n <= Math.min(maxLength, text.length); n++) {
      const q = text.slice(0, n).trimEnd();
      if (q.length === 0 || seen.has(`${lang}\u0000${q}`)) continue;
      seen.add(`${lang}\u0000${q}`);
      out.push({ q, lang });
    }
  };
  for (const name of v.names) {
    const clean = name.toLowerCase().replace(/^[^\p{L}\p{N}]+/u, '');
    if (/^[\u3400-\u9fff]/.test(clean)) add(clean, 'zh-CN', 4);
    else {
      add(clean, 'en-US', 6);
      for (const word of clean.split(/\s+/).slice(1)) if (/^[a-z]/.test(word)) add(word, 'en-US', 6);
    }
  }
  for (const tag of v.tags) add(tag, 'en-US', 6);
  for (const tag of Object.values(zhCN.tags)) if (/[\u3400-\u9fff]/.test(tag)) add(tag, 'zh-CN', 4);
  return shuffle(out, random).slice(0, max);
}

/** Counts per kind, as `kind n` pairs, for printing. */
export function mixSummary(queries: readonly BenchQuery[]): string {
  const counts = new Map<string, number>();
  for (const q of queries) counts.set(q.kind, (counts.get(q.kind) ?? 0) + 1);
  return [...counts].map(([k, n]) => `${k} ${n}`).join(', ');
}
