/**
 * `pnpm bench:relevance`: how well the current search finds what people look for.
 *
 * Builds the real app with the shipped catalogue (createTestApp, read cache off) on SQLite and on
 * PostgreSQL (a fresh `pc_<random>` database through TEST_DATABASE_URL, default
 * postgres://postgres@127.0.0.1:5432/test, dropped at the end), runs every query of
 * `packages/server/src/search/relevance/queries.json` through `GET /api/cmt/plugin/list?keyword=…` (lang en-US or zh-CN
 * after the query's language, page_size 20, the default sort) and prints, per dialect and language:
 * top-1 / top-3 / top-10 accuracy (a query is a hit when any of its expected plugins is at that rank
 * or better), the share of queries with no result, top-3 accuracy per kind, and the missed queries;
 * then what loading the CC-CEDICT dictionary of the Chinese → English bridge cost (bytes, ms, heap).
 *
 * It prints, it does not assert (the CI test `packages/server/src/search/relevance/relevance.test.ts`
 * asserts the ≥ 90 % top-3 bar). It exits non-zero only when the test set is broken (an expected
 * plugin_key that the database does not hold). `RELEVANCE_DIALECTS` (default `sqlite,postgres`) picks the dialects.
 */

import { createTestApp, type TestApp } from '../../testing/testApp';
import { createTestPostgresDatabase } from '../../testing/testDatabase';
import { cedictLoadStats } from '../cedict';
import {
  crossLanguageQueries,
  heldOut2CrossLanguageQueries,
  heldOutCrossLanguageQueries,
  type QueryResult,
  type RelevanceQuery,
  relevanceQueries,
  runRelevanceQuery,
} from './judge';

/** The Fastify instance of a test app. */
type App = TestApp['app'];

/**
 * A query's set: `en`, `zh` (queries.json), `cross` (crosslang.json), `held` (the held-out
 * crosslang-heldout.json) or `held2` (the second held-out crosslang-heldout2.json).
 */
type Group = 'en' | 'zh' | 'cross' | 'held' | 'held2';
const queries: RelevanceQuery[] = relevanceQueries();
const cross: RelevanceQuery[] = crossLanguageQueries();
const held: RelevanceQuery[] = heldOutCrossLanguageQueries();
const held2: RelevanceQuery[] = heldOut2CrossLanguageQueries();
const allQueries: RelevanceQuery[] = [...queries, ...cross, ...held, ...held2];
const groupOf = (q: RelevanceQuery): Group =>
  cross.includes(q) ? 'cross' : held.includes(q) ? 'held' : held2.includes(q) ? 'held2' : q.lang;
const dialects = (process.env.RELEVANCE_DIALECTS ?? 'sqlite,postgres').split(',');

async function build(dialect: string): Promise<TestApp> {
  if (dialect === 'sqlite') return createTestApp({ readCache: false, databaseUrl: undefined });
  const database = await createTestPostgresDatabase();
  try {
    const t = await createTestApp({ readCache: false, databaseUrl: database.url });
    return {
      ...t,
      async close() {
        await t.close();
        await database.drop();
      },
    };
  } catch (error) {
    await database.drop();
    throw error;
  }
}

/** Expected keys the database does not hold (a broken test set). */
async function unknownKeys(app: App): Promise<string[]> {
  const rows = await app.db.kysely.selectFrom('plugin').select('plugin_key').execute();
  const known = new Set(rows.map((r) => r.plugin_key));
  return [...new Set(allQueries.flatMap((q) => q.expected))].filter((k) => !known.has(k));
}

const pct = (n: number, of: number) => (of === 0 ? '   -  ' : `${((100 * n) / of).toFixed(1).padStart(5)}%`);

function report(dialect: string, results: QueryResult[]): void {
  for (const lang of ['en', 'zh', 'cross', 'held', 'held2'] as const) {
    const rs = results.filter((r) => groupOf(r.query) === lang);
    const hit = (k: number) => rs.filter((r) => r.rank !== null && r.rank <= k).length;
    const zero = rs.filter((r) => r.total === 0).length;
    console.log(
      `${dialect.padEnd(8)} ${lang.padEnd(5)}  queries ${String(rs.length).padStart(3)}  top-1 ${pct(hit(1), rs.length)}` +
        `  top-3 ${pct(hit(3), rs.length)}  top-10 ${pct(hit(10), rs.length)}  zero results ${pct(zero, rs.length)}`,
    );
    const kinds = [...new Set(rs.map((r) => r.query.kind))];
    for (const kind of kinds) {
      const ks = rs.filter((r) => r.query.kind === kind);
      const h = ks.filter((r) => r.rank !== null && r.rank <= 3).length;
      console.log(`           top-3 ${kind.padEnd(11)} ${pct(h, ks.length)}  (${h}/${ks.length})`);
    }
  }
}

function misses(dialect: string, results: QueryResult[]): void {
  const missed = results.filter((r) => r.rank === null || r.rank > 3);
  console.log(`\n${dialect}: ${missed.length} queries without an expected plugin in the top 3`);
  for (const r of missed) {
    const where =
      r.total === 0 ? 'no results' : r.rank === null ? `not in top 20 of ${r.total}` : `rank ${r.rank}`;
    console.log(`  [${groupOf(r.query)} ${r.query.kind}] ${JSON.stringify(r.query.q)}: ${where}`);
  }
}

async function main(): Promise<void> {
  console.log(
    `Search relevance: ${queries.length} queries, ` +
      `${queries.filter((q) => q.lang === 'en').length} English, ${queries.filter((q) => q.lang === 'zh').length} Chinese; ` +
      `cross-language sets: ${cross.length}, ${held.length} and ${held2.length} (both held out) Chinese queries for English-only plugins; read cache off\n`,
  );
  const all = new Map<string, QueryResult[]>();
  for (const dialect of dialects) {
    const t = await build(dialect);
    try {
      const unknown = await unknownKeys(t.app);
      if (unknown.length > 0) {
        console.error(`broken test set: plugin_keys not in the ${dialect} database: ${unknown.join(', ')}`);
        process.exitCode = 1;
        return;
      }
      const results: QueryResult[] = [];
      for (const query of allQueries) results.push(await runRelevanceQuery(t.app, query));
      all.set(dialect, results);
      report(dialect, results);
    } finally {
      await t.close();
    }
  }
  for (const [dialect, results] of all) misses(dialect, results);
  // Loaded by the first Chinese query of the first dialect: the figures of that load.
  const cedict = cedictLoadStats();
  console.log(
    `\nCC-CEDICT (${cedict.path.replace(/^.*node_modules[\\/]/, '')}): ${cedict.bytes.toLocaleString('en')} bytes on disk, ` +
      `${cedict.headwords.toLocaleString('en')} headwords, loaded in ${cedict.loadMs.toFixed(0)} ms (CPU ${cedict.cpuMs.toFixed(0)} ms), ` +
      `heap +${(cedict.heapBytes / 1e6).toFixed(1)} MB`,
  );
  const [a, b] = [...all.values()];
  if (a && b) {
    const differ = a.filter((r, i) => r.top.join() !== b[i]?.top.join()).map((r) => r.query.q);
    console.log(
      `\nTop 3 differing between dialects: ${differ.length}${differ.length ? ` (${differ.join(', ')})` : ''}`,
    );
  }
}

await main();
