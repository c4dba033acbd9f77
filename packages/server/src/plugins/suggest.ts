/**
 * As-you-type suggestions (`GET plugin/suggest`): the rules — input normalisation, how
 * many plugins and tags, their order, what is cached — over the queries of `data/suggest.ts`.
 */

import type { Locale, Suggestion } from '@plugin-center/contract/schemas';
import { cachedRead } from '../cache';
import type { Database } from '../db/database';
import { CATALOGUE, readFromReplica } from '../db/readReplica';
import { foldText } from '../search/keyword';
import { tagNameZh } from '../search/tagNames';
import { tagsInUse } from './data/list';
import { pluginsByNamePrefix, pluginsByTranslatedNamePrefix, type SuggestPluginRow } from './data/suggest';

/** At most this many suggestions are answered. */
export const SUGGEST_LIMIT = 8;
/** At most this many of them are tags (when there are enough plugins to fill the rest). */
export const SUGGEST_TAG_LIMIT = 3;
/** How long the tag list read for suggestions is reused, ms (a catalogue write forgets it sooner). */
export const SUGGEST_TAGS_TTL_MS = 10_000;
/** Locales whose translated names are also suggested (the catalogue translates into zh-CN only). */
const TRANSLATED_LOCALES: ReadonlySet<Locale> = new Set<Locale>(['zh-CN']);

const HAS_WORD_CHARACTER = /[\p{L}\p{N}]/u;

/**
 * What a typed text is compared as ({@link foldText}: NFKC, lower case, trimmed, white space as one space).
 * `null` when it has no letter or digit (nothing worth suggesting for).
 */
export function normalizeSuggestInput(q: string): string | null {
  const text = foldText(q);
  return HAS_WORD_CHARACTER.test(text) ? text : null;
}

/** Whether a tag matches `text`: its code, its English or Chinese name or a word of its name starts with it. */
function tagMatches(tag: { name: string; code: string }, text: string): boolean {
  const name = tag.name.normalize('NFKC').toLowerCase();
  if (tag.code.startsWith(text) || tag.code.startsWith(text.replace(/ /g, '-')) || name.startsWith(text))
    return true;
  if (tagNameZh(tag.code)?.toLowerCase().startsWith(text)) return true;
  return name.split(/[^\p{L}\p{N}]+/u).some((word) => word.startsWith(text));
}

/** Most downloaded first, then name (byte order, as the index), then id. */
function byPopularity(a: SuggestPluginRow, b: SuggestPluginRow): number {
  if (a.download_count !== b.download_count) return b.download_count - a.download_count;
  const x = a.name.toLowerCase();
  const y = b.name.toLowerCase();
  return x < y ? -1 : x > y ? 1 : a.id - b.id;
}

/**
 * Suggestions for what has been typed (`q`, any text of 1–100 characters, the contract's `KEYWORD_MAX_LENGTH`), best
 * first, at most {@link SUGGEST_LIMIT}:
 * - tags (at most {@link SUGGEST_TAG_LIMIT} while plugins fill the rest) whose code, English name
 *   or a word of it, or Chinese name (`search/tagNames.zh.json`, shown for lang zh-CN) starts with the text, by `plugin_count` desc; an exact tag match comes first of
 *   all, the others after the plugins;
 * - approved plugins whose name starts with the text (case-insensitive: `lower()` of the database,
 *   ASCII only on SQLite), and for `lang` zh-CN also those whose zh-CN name does, shown by their
 *   zh-CN name; by `download_count` desc, then name. Each name source is one index range scan of at
 *   most 200 entries (`data/suggest.ts`), so a short prefix ranks the alphabetically first 200.
 *
 * The input is normalised with {@link normalizeSuggestInput}; one without a letter or digit answers
 * `[]` (never an error). The tags are read once per {@link SUGGEST_TAGS_TTL_MS} through the read
 * cache; the plugin queries are not cached (each is a bounded index scan).
 */
export async function suggest(db: Database, q: string, lang?: Locale): Promise<Suggestion[]> {
  const text = normalizeSuggestInput(q);
  if (text === null) return [];
  const translated = lang !== undefined && TRANSLATED_LOCALES.has(lang);
  const [base, local, tags] = await Promise.all([
    readFromReplica(db, CATALOGUE, (reader) =>
      pluginsByNamePrefix(reader, text, SUGGEST_LIMIT, translated ? lang : undefined),
    ),
    translated
      ? readFromReplica(db, CATALOGUE, (reader) =>
          pluginsByTranslatedNamePrefix(reader, lang, text, SUGGEST_LIMIT),
        )
      : [],
    cachedRead(db, 'suggest\u0000tags', () => readFromReplica(db, CATALOGUE, (reader) => tagsInUse(reader)), {
      ttl: SUGGEST_TAGS_TTL_MS,
    }),
  ]);

  const plugins = new Map<number, SuggestPluginRow>();
  for (const row of [...local, ...base]) if (!plugins.has(row.id)) plugins.set(row.id, row);
  const rankedPlugins = [...plugins.values()].sort(byPopularity);

  const matchedTags = tags
    .filter((tag) => tagMatches(tag, text))
    .sort(
      (a, b) => b.plugin_count - a.plugin_count || (a.name < b.name ? -1 : a.name > b.name ? 1 : a.id - b.id),
    );
  const tagCount = Math.min(
    matchedTags.length,
    Math.max(SUGGEST_TAG_LIMIT, SUGGEST_LIMIT - rankedPlugins.length),
  );
  const chosenTags = matchedTags.slice(0, tagCount);
  const pluginSuggestions: Suggestion[] = rankedPlugins
    .slice(0, SUGGEST_LIMIT - tagCount)
    .map((p) => ({ kind: 'plugin', text: p.name, plugin_key: p.plugin_key, tag_id: null }));
  const tagSuggestion = (tag: { id: number; name: string; code: string }): Suggestion => ({
    kind: 'tag',
    text: lang === 'zh-CN' ? (tagNameZh(tag.code) ?? tag.name) : tag.name,
    plugin_key: null,
    tag_id: tag.id,
  });
  const exact = chosenTags.filter(
    (tag) => tag.code === text || tag.code === text.replace(/ /g, '-') || tag.name.toLowerCase() === text,
  );
  const rest = chosenTags.filter((tag) => !exact.includes(tag));
  return [...exact.map(tagSuggestion), ...pluginSuggestions, ...rest.map(tagSuggestion)];
}
