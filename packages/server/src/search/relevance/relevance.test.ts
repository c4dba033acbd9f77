/**
 * Search quality in CI: the relevance test set (`queries.json`) and the three cross-language sets
 * (`crosslang.json` and the held-out `crosslang-heldout.json` and `crosslang-heldout2.json`, see
 * `judge.ts`) through the real
 * server on this project's dialect, read cache off. Fails when top-3 accuracy falls below its bar
 * (judge.ts: 90 % in English and in Chinese, and one bar per cross-language set), and names the
 * missed queries.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/testApp';
import {
  accuracy,
  crossLanguageQueries,
  heldOut2CrossLanguageQueries,
  heldOutCrossLanguageQueries,
  type QueryResult,
  REQUIRED_CROSS_LANGUAGE_TOP3,
  REQUIRED_HELD_OUT_TOP3,
  REQUIRED_HELD_OUT2_TOP3,
  REQUIRED_TOP3,
  REQUIRED_ZH_TOP1,
  relevanceQueries,
  runRelevanceQuery,
} from './judge';

let t: TestApp;
const results: QueryResult[] = [];
const crossResults: QueryResult[] = [];
const heldOutResults: QueryResult[] = [];
const heldOut2Results: QueryResult[] = [];

beforeAll(async () => {
  t = await createTestApp({ readCache: false });
  for (const query of relevanceQueries()) results.push(await runRelevanceQuery(t.app, query));
  for (const query of crossLanguageQueries()) crossResults.push(await runRelevanceQuery(t.app, query));
  for (const query of heldOutCrossLanguageQueries())
    heldOutResults.push(await runRelevanceQuery(t.app, query));
  for (const query of heldOut2CrossLanguageQueries())
    heldOut2Results.push(await runRelevanceQuery(t.app, query));
}, 120_000);
afterAll(async () => {
  await t?.close();
});

const missed = (rs: readonly QueryResult[]) =>
  rs.filter((r) => r.rank === null || r.rank > 3).map((r) => `${r.query.q} (${r.rank ?? 'none'})`);

function expectTop3(rs: readonly QueryResult[], required: number): void {
  const top3 = accuracy(rs, 3);
  if (top3 < required) expect.fail(`top-3 ${(top3 * 100).toFixed(1)} %; missed: ${missed(rs).join('; ')}`);
  expect(top3).toBeGreaterThanOrEqual(required);
}

describe('search relevance', () => {
  it('every expected plugin of the test sets is in the catalogue', async () => {
    const rows = await t.app.db.kysely.selectFrom('plugin').select('plugin_key').execute();
    const known = new Set(rows.map((r) => r.plugin_key));
    const queries = [
      ...relevanceQueries(),
      ...crossLanguageQueries(),
      ...heldOutCrossLanguageQueries(),
      ...heldOut2CrossLanguageQueries(),
    ];
    expect(queries.flatMap((q) => q.expected.filter((k) => !known.has(k)))).toEqual([]);
  });

  for (const lang of ['en', 'zh'] as const) {
    it(`finds the plugin looked for in the top 3 for at least 90 % of ${lang} queries`, () => {
      const rs = results.filter((r) => r.query.lang === lang);
      expect(rs.length).toBeGreaterThan(50);
      expectTop3(rs, REQUIRED_TOP3);
    });
  }

  it('puts a Chinese plugin holding the query words before the English ones matched through glosses (zh top-1)', () => {
    const rs = results.filter((r) => r.query.lang === 'zh');
    const top1 = accuracy(rs, 1);
    if (top1 < REQUIRED_ZH_TOP1) {
      const wrong = rs.filter((r) => r.rank !== 1).map((r) => `${r.query.q} (${r.rank ?? 'none'})`);
      expect.fail(`zh top-1 ${(top1 * 100).toFixed(1)} %; not first: ${wrong.join('; ')}`);
    }
  });

  it('finds the English-only plugin a Chinese query looks for in the top 3 for at least 90 % of the cross-language set', () => {
    expect(crossResults.length).toBeGreaterThanOrEqual(40);
    expectTop3(crossResults, REQUIRED_CROSS_LANGUAGE_TOP3);
  });

  it('finds the English-only plugin in the top 3 for the first held-out cross-language set as well', () => {
    expect(heldOutResults.length).toBeGreaterThanOrEqual(30);
    expectTop3(heldOutResults, REQUIRED_HELD_OUT_TOP3);
  });

  it('finds the English-only plugin in the top 3 for the second held-out cross-language set (never tuned on)', () => {
    expect(heldOut2Results.length).toBeGreaterThanOrEqual(40);
    expectTop3(heldOut2Results, REQUIRED_HELD_OUT2_TOP3);
  });
});
