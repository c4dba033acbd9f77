/**
 * Migrations on the dialect of the test project: a fresh database reaches the latest schema, a second
 * run applies nothing, and search reads its own index tables (migration 0012) built for the current
 * analyzer; migration 0033 marks the accounts disabled before it as disabled by their directory;
 * migration 0041 gives the approved plugins there are their create_time as first approval.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPlugins } from '../plugins/data/write';
import { createTestApp, type TestApp } from '../testing/testApp';
import { TEST_DIALECT } from '../testing/testDatabase';
import { migrate } from './migrate';
import * as m0033 from './migrations/0033_account_disable';
import * as m0041 from './migrations/0041_approve_time';

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

  it('marks the accounts disabled before migration 0033 as disabled by their directory, and drops the column again', async () => {
    const db = t.app.db.kysely;
    const active = await t.app.identity.createAccount({
      email: 'active-0033@test.local',
      password: 'pw-0033-a',
    });
    const gone = await t.app.identity.createAccount({ email: 'gone-0033@test.local', password: 'pw-0033-b' });
    await m0033.down(db);
    // As the directory check wrote it before 0033.
    await db.updateTable('user_account').set({ staff_status: 0 }).where('id', '=', gone.id).execute();
    await m0033.up(db);
    const rows = await db
      .selectFrom('user_account')
      .select(['id', 'staff_status', 'disabled_by'])
      .where('id', 'in', [active.id, gone.id])
      .orderBy('id')
      .execute();
    expect(rows).toEqual([
      { id: active.id, staff_status: 1, disabled_by: null },
      { id: gone.id, staff_status: 0, disabled_by: 'directory' },
    ]);
  });

  it('fills in the first approval of the approved plugins with their create_time, and none for the others (migration 0041)', async () => {
    const db = t.app.db.kysely;
    const ids = await createPlugins(t.app.db, [
      {
        plugin_key: 'approved-0041',
        name: 'Approved 0041',
        create_time: 1_600_000_000_000,
        review_status: 2,
      },
      { plugin_key: 'pending-0041', name: 'Pending 0041', create_time: 1_600_000_001_000, review_status: 1 },
      {
        plugin_key: 'imported-dated-0041',
        name: 'Imported dated 0041',
        source: 'owner/repo@abc:plugins.json',
        create_time: 1_500_000_000_000,
        update_time: 1_500_000_000_000,
        review_status: 2,
      },
      {
        plugin_key: 'imported-undated-0041',
        name: 'Imported undated 0041',
        source: 'owner/repo@abc:plugins.json',
        create_time: 1_700_000_000_000,
        review_status: 2,
      },
      {
        plugin_key: 'rejected-0041',
        name: 'Rejected 0041',
        create_time: 1_600_000_002_000,
        review_status: 3,
      },
    ]);
    const wanted = [
      'approved-0041',
      'pending-0041',
      'imported-dated-0041',
      'imported-undated-0041',
      'rejected-0041',
    ].map((k) => ids.get(k)!);
    await m0041.down(db);
    await m0041.up(db);
    const rows = await db
      .selectFrom('plugin')
      .select(['id', 'approve_time'])
      .where('id', 'in', wanted)
      .orderBy('id')
      .execute();
    expect(rows.map((r) => (r.approve_time === null ? null : Number(r.approve_time)))).toEqual([
      1_600_000_000_000,
      null,
      1_500_000_000_000,
      0,
      null,
    ]);
    // The submission column is back, empty on the rows there are.
    const submissions = await db.selectFrom('plugin_submission').select('platforms').execute();
    expect(submissions.every((r) => r.platforms === null)).toBe(true);
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
