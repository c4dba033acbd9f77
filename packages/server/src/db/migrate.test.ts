/**
 * Migrations on the dialect of the test project: a fresh database reaches the latest schema, a second
 * run applies nothing, and search reads its own index tables (migration 0012) built for the current
 * analyzer.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/testApp';
import { TEST_DIALECT } from '../testing/testDatabase';
import { migrate } from './migrate';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ importCatalogueOnEmpty: false });
});

afterAll(async () => {
  await t?.close();
});

describe('migrate', () => {
  it('is idempotent: a second run on an up-to-date database applies nothing', async () => {
    expect(await migrate(t.app.db)).toEqual([]);
  });

  it('replaces the full-text indexes of both dialects with the search index tables (migration 0012)', async () => {
    const tables =
      TEST_DIALECT === 'postgres'
        ? sql<{ name: string }>`SELECT relname AS name FROM pg_class
            WHERE relname IN ('plugin_search_all_gin', 'plugin_search_name_gin', 'search_term', 'search_word', 'search_posting')
            ORDER BY relname`
        : sql<{ name: string }>`SELECT name FROM sqlite_master
            WHERE name IN ('plugin_fts', 'search_term', 'search_word', 'search_posting') ORDER BY name`;
    expect((await tables.execute(t.app.db.kysely)).rows.map((r) => r.name)).toEqual([
      'search_posting',
      'search_term',
      'search_word',
    ]);
    const version = await t.app.db.kysely
      .selectFrom('catalogue_stat')
      .select('value')
      .where('name', '=', 'search_index_version')
      .executeTakeFirst();
    expect(Number(version?.value)).toBeGreaterThan(0);
  });
});
