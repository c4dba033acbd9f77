/**
 * Chinese word segmentation for search, on jieba (`@node-rs/jieba`, the Rust port of jieba as a
 * Node-API addon with prebuilt binaries).
 *
 * The segmenter is built lazily, once, on the first call: jieba's default dictionary
 * (`@node-rs/jieba/dict`, about 350,000 words) plus our user dictionary of design vocabulary,
 * `dict/design.zh.txt` beside this file (jieba format `word freq tag`, one entry a line, no
 * comments). That file lists about 240 words a Chinese designer searches for in a plugin
 * marketplace (圆角, 切图, 标注, 取色器, 自动布局, 暗黑模式…); words jieba's dictionary lacks get
 * frequency 2000, words it has keep their frequency or get 2000 when it was lower, so that
 * "切图标注" is 切图 + 标注 rather than 切 + 图标 + 注.
 *
 * The user dictionary is read from the file system: next to this module when running from source
 * (`src/search/dict/`) or when a build copies it next to the bundle (`dist/dict/`), otherwise from
 * the package's shipped sources (`dist/*.js` → `../src/search/dict/`; `src` is in the package's
 * `files`), which is how the built `dist/cli.js` finds it.
 */
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import type { Jieba } from '@node-rs/jieba';

/** Where the design dictionary may be, relative to this module (source) or to a bundle in `dist/`. */
const DICTIONARY_CANDIDATES = ['./dict/design.zh.txt', '../src/search/dict/design.zh.txt'] as const;

/** A token worth keeping: it has at least one letter or digit (jieba also emits punctuation and spaces). */
const WORDLIKE = /[\p{L}\p{N}]/u;

let segmenter: Jieba | undefined;

/**
 * The absolute path of the design user dictionary (`src/search/dict/design.zh.txt`), resolved from
 * source or from the built `dist/` as described in the module comment.
 *
 * @throws Error when the file is in none of the expected places (a broken build or package)
 */
export function designDictionaryPath(): string {
  for (const candidate of DICTIONARY_CANDIDATES) {
    const path = fileURLToPath(new URL(candidate, import.meta.url));
    if (existsSync(path)) return path;
  }
  throw new Error(
    `search: the design dictionary design.zh.txt was not found (looked for ${DICTIONARY_CANDIDATES.join(', ')} relative to ${import.meta.url})`,
  );
}

/** The jieba instance with the default and the design dictionaries, built on first use. */
function loadSegmenter(): Jieba {
  if (segmenter) return segmenter;
  // Loaded on first use: reading and indexing the default dictionary takes a few hundred ms.
  const require = createRequire(import.meta.url);
  const { Jieba: JiebaClass } = require('@node-rs/jieba') as typeof import('@node-rs/jieba');
  const { dict } = require('@node-rs/jieba/dict') as typeof import('@node-rs/jieba/dict');
  const jieba = JiebaClass.withDict(dict);
  jieba.loadDict(readFileSync(designDictionaryPath()));
  segmenter = jieba;
  return jieba;
}

/**
 * The search-mode words of a run of Chinese text, in order: jieba's `cutForSearch` with HMM off
 * (so only dictionary words and single characters, never guessed words), which emits each word
 * and, for words of three or more characters, the dictionary words inside it before it
 * (`批量重命名图层` → `批量`, `命名`, `重命名`, `批量重命名`, `图层`). Tokens without a letter or
 * digit (punctuation, whitespace) are dropped; duplicates are kept. Deterministic: the same text
 * always gives the same words. The text is used as given (callers normalise it first); non-CJK
 * characters do not throw (jieba keeps ASCII runs as words). An empty text gives `[]`.
 */
export function segmentChinese(text: string): string[] {
  if (text === '') return [];
  return loadSegmenter()
    .cutForSearch(text, false)
    .filter((word) => WORDLIKE.test(word));
}
