/**
 * Migrations on the dialect of the test project: a fresh database reaches the latest schema, a second
 * run applies nothing, and the PostgreSQL search indexes have no GIN pending list (migration 0006).
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_DIALECT, type TestApp } from '../testSupport';
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

  it('leaves the full-text GIN indexes of PostgreSQL without fast update (SQLite uses FTS5, no GIN)', async () => {
    if (TEST_DIALECT === 'postgres') {
      const rows = await sql<{ relname: string; reloptions: string[] | null }>`
        SELECT relname, reloptions FROM pg_class
        WHERE relname IN ('plugin_search_all_gin', 'plugin_search_name_gin') ORDER BY relname`.execute(
        t.app.db.kysely,
      );
      expect(rows.rows).toEqual([
        { relname: 'plugin_search_all_gin', reloptions: ['fastupdate=off'] },
        { relname: 'plugin_search_name_gin', reloptions: ['fastupdate=off'] },
      ]);
    } else {
      const rows = await sql<{ name: string }>`
        SELECT name FROM sqlite_master WHERE name IN ('plugin_fts', 'plugin_search_all_gin')`.execute(
        t.app.db.kysely,
      );
      expect(rows.rows).toEqual([{ name: 'plugin_fts' }]);
    }
  });
});
