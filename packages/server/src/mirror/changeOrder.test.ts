/**
 * The change sequence of the mirror feed on PostgreSQL (server-postgres only, see vitest.config.ts):
 * numbers are handed out in commit order (the trigger's advisory lock), so a reader paging while
 * writers commit out of order misses no change. SQLite has one writer at a time: nothing to order.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/testApp';
import { readChanges } from './feed';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t?.close();
});

describe('the mirror feed on PostgreSQL', () => {
  it('hands out change numbers in commit order: a reader paging while writers commit out of order misses none', async () => {
    const db = t.app.db.kysely;
    const keys = (
      await db
        .selectFrom('plugin')
        .select('plugin_key')
        .where('current_version', 'is', null)
        .orderBy('id')
        .limit(10)
        .execute()
    ).map((r) => r.plugin_key);
    let cursor = '0';
    for (;;) {
      const page = await readChanges(db, cursor, 500);
      cursor = page.cursor;
      if (!page.more) break;
    }
    const seen = new Set<string>();
    let writing = true;
    const reader = (async () => {
      for (;;) {
        // Whether every writer had committed before this read: only then does an empty page mean
        // the end (the last commit may land while the read is on the wire).
        const allCommitted = !writing;
        const page = await readChanges(db, cursor, 1);
        for (const change of page.changes) seen.add(change.plugin_key);
        cursor = page.cursor;
        if (page.changes.length === 0) {
          if (allCommitted) break;
          await new Promise((resolve) => setTimeout(resolve, 5));
        }
      }
    })();
    // The first to start commits last: without the ordering, a reader would pass its number.
    await Promise.all(
      keys.map((key, i) =>
        db.transaction().execute(async (trx) => {
          await new Promise((resolve) => setTimeout(resolve, i * 5));
          await trx
            .updateTable('plugin')
            .set({ name: `Renamed ${i}` })
            .where('plugin_key', '=', key)
            .execute();
          await sql`SELECT pg_sleep(${(keys.length - i) * 0.02})`.execute(trx);
        }),
      ),
    );
    writing = false;
    await reader;
    expect([...seen].sort()).toEqual([...keys].sort());
  }, 60_000);
});
