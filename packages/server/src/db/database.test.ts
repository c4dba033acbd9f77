/**
 * The server survives losing its database connections: on PostgreSQL, the idle pooled connections
 * are terminated by the database (as a restart or an administrator would); the pool must drop them
 * quietly (an unhandled pool `error` would crash the process, and vitest reports it as a failure)
 * and the next request must open a new one. SQLite has one in-process connection and nothing to
 * terminate; the same requests must simply keep working.
 */
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, createTestApp, type TestApp } from '../testing/testApp';
import { TEST_DIALECT } from '../testing/testDatabase';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t?.close();
});

describe('database connections', () => {
  it('keeps answering after the database terminates its idle connections', async () => {
    const list = () => t.app.inject('/api/cmt/plugin/list?page_size=1');
    expect((await list()).statusCode).toBe(200);
    if (TEST_DIALECT === 'postgres') {
      const { rows } = await sql<{ name: string }>`SELECT current_database() AS name`.execute(
        t.app.db.kysely,
      );
      const admin = new pg.Client({ connectionString: t.config.databaseUrl });
      await admin.connect();
      try {
        const killed = await admin.query(
          'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
          [rows[0]!.name],
        );
        expect(killed.rowCount).toBeGreaterThan(0);
      } finally {
        await admin.end();
      }
      // Let the terminations reach the pool's idle clients.
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const again = await list();
    expect(again.statusCode).toBe(200);
    expect(body<{ data: { plugin_list: unknown[] } }>(again).data.plugin_list).toHaveLength(1);
  });
});
