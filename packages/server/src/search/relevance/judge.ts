/**
 * The search relevance test set and how it is judged, shared by the CI test
 * (`relevance.test.ts`, both dialects) and `pnpm bench:relevance` (which prints the detail).
 *
 * `queries.json`: queries written from how people search a design-plugin marketplace, before the
 * search was tuned (English and Chinese; kinds: exact-name, multi-word, word-form, typo, joined,
 * split, en→zh, zh-word, zh-phrase, zh→en), each with the plugin_keys of the plugins a person would
 * accept. A query is a top-k hit when any expected plugin is among the first k results.
 *
 * `crosslang.json`: the cross-language set, Chinese queries a designer types for plugins whose
 * listing is in English only (字数统计 for Word Count, 折线图 for Line Chart…; kinds `zh→en word`
 * and `zh→en phrase`), written before the Chinese–English dictionary bridge was tuned. It is judged
 * on its own, with its own bar ({@link REQUIRED_CROSS_LANGUAGE_TOP3}).
 *
 * `crosslang-heldout.json`: a second cross-language set of the same kinds (42 queries, none of them
 * in the other sets), written and measured before the bridge's second round of tuning and held out
 * of it (78.6 % top-3); its misses then guided the glossary of design-tools' Chinese UI names, so it
 * is no longer held out. Its bar is {@link REQUIRED_HELD_OUT_TOP3}.
 *
 * `crosslang-heldout2.json`: a third cross-language set (46 queries of designers' everyday needs:
 * typography, colour, layout, export, code handoff, localisation…; none of them in the other sets),
 * written and measured before the glossary of design-tool UI terms was extended and never tuned on:
 * the honest figure of how the bridge generalises. Its bar is {@link REQUIRED_HELD_OUT2_TOP3}.
 */
import { readFileSync } from 'node:fs';
import type { PluginListResult } from '@plugin-center/contract/schemas';
import type { FastifyInstance } from 'fastify';

/** One query of the test set. */
export interface RelevanceQuery {
  q: string;
  lang: 'en' | 'zh';
  kind: string;
  /** plugin_keys any of which in the top 3 counts as a hit. */
  expected: string[];
}

/** The answer to one query. */
export interface QueryResult {
  query: RelevanceQuery;
  /** 1-based rank of the first expected plugin in the first 20 results, or null. */
  rank: number | null;
  total: number;
  /** plugin_keys of the first 3 results. */
  top: string[];
}

/** Top-3 accuracy the CI test requires in each language. */
export const REQUIRED_TOP3 = 0.9;
/**
 * Top-1 accuracy the CI test requires on the Chinese queries (88.5 % today): a Chinese plugin that
 * holds every word of a Chinese query comes before English plugins that match it only through
 * dictionary glosses.
 */
export const REQUIRED_ZH_TOP1 = 0.85;
/**
 * Top-3 accuracy the CI test requires on the cross-language set: the 0.9 target (reached: 59 of 65).
 */
export const REQUIRED_CROSS_LANGUAGE_TOP3 = 0.9;

/**
 * Top-3 accuracy the CI test requires on the first held-out cross-language set
 * (`crosslang-heldout.json`): just below the 90.5 % (38 of 42) it reaches since the glossary has the
 * design tools' Chinese UI names (78.6 % before: 去色, 宽高比, 行距, 更新日志, 九宫格 missed).
 */
export const REQUIRED_HELD_OUT_TOP3 = 0.9;

/**
 * Top-3 accuracy the CI test requires on the second held-out cross-language set
 * (`crosslang-heldout2.json`, never tuned on): its figure rounded down to 0.01. It was 73.9 % (34 of
 * 46) when written and still is after the glossary round: the design tools' UI names the glossary
 * gained are not what these queries miss (演示文稿, 十六进制颜色, 中英文混排: ranking and words
 * neither source has).
 */
export const REQUIRED_HELD_OUT2_TOP3 = 0.73;

/** The test set. */
export function relevanceQueries(): RelevanceQuery[] {
  return JSON.parse(readFileSync(new URL('./queries.json', import.meta.url), 'utf8')) as RelevanceQuery[];
}

/** The cross-language test set (`crosslang.json`). */
export function crossLanguageQueries(): RelevanceQuery[] {
  return JSON.parse(readFileSync(new URL('./crosslang.json', import.meta.url), 'utf8')) as RelevanceQuery[];
}

/** The held-out cross-language test set (`crosslang-heldout.json`). */
export function heldOutCrossLanguageQueries(): RelevanceQuery[] {
  return JSON.parse(
    readFileSync(new URL('./crosslang-heldout.json', import.meta.url), 'utf8'),
  ) as RelevanceQuery[];
}

/** The second held-out cross-language test set (`crosslang-heldout2.json`). */
export function heldOut2CrossLanguageQueries(): RelevanceQuery[] {
  return JSON.parse(
    readFileSync(new URL('./crosslang-heldout2.json', import.meta.url), 'utf8'),
  ) as RelevanceQuery[];
}

/** Runs one query through `GET /api/cmt/plugin/list` (default sort, page_size 20, lang after the query's language). */
export async function runRelevanceQuery(app: FastifyInstance, query: RelevanceQuery): Promise<QueryResult> {
  const params = new URLSearchParams({
    keyword: query.q,
    lang: query.lang === 'zh' ? 'zh-CN' : 'en-US',
    page_size: '20',
  });
  const response = await app.inject({ url: `/api/cmt/plugin/list?${params}` });
  if (response.statusCode !== 200)
    throw new Error(`"${query.q}": HTTP ${response.statusCode} ${response.body}`);
  const data = (JSON.parse(response.body) as { data: PluginListResult }).data;
  const keys = data.plugin_list.map((p) => p.plugin_key);
  const expected = new Set(query.expected);
  const index = keys.findIndex((k) => expected.has(k));
  return { query, rank: index === -1 ? null : index + 1, total: data.total, top: keys.slice(0, 3) };
}

/** Share of `results` with an expected plugin at rank ≤ k. */
export function accuracy(results: readonly QueryResult[], k: number): number {
  if (results.length === 0) return 0;
  return results.filter((r) => r.rank !== null && r.rank <= k).length / results.length;
}
