/**
 * The server survives losing its database connections: on PostgreSQL, the idle pooled connections
 * are terminated by the database (as a restart or an administrator would); the pool must drop them
 * quietly (an unhandled pool `error` would crash the process, and vitest reports it as a failure)
 * and the next request must open a new one; a connection cut while a query holds it fails that
 * query only, without an uncaught `error` event. SQLite has one in-process connection and nothing to
 * terminate; the same requests must simply keep working.
 */
import { type AddressInfo, connect, createServer, type Socket } from 'node:net';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, createTestApp, type TestApp } from '../testing/testApp';
import { TEST_DIALECT } from '../testing/testDatabase';
import { openPostgres, SQLITE_MMAP_BYTES } from './database';

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

describe('a connection lost in the middle of a query', () => {
  it('fails that query only and keeps the process and the pool running', async () => {
    if (TEST_DIALECT === 'sqlite') return;
    // A TCP relay between the pool and PostgreSQL, whose sockets the test cuts while a query holds
    // its connection (as a network failure or an immediate shutdown does: no goodbye message). The
    // client's `error` event then fires while the pool does not listen (it listens to idle clients
    // only); unheard, it would crash the process, and vitest reports that as a failure.
    const target = new URL(t.config.databaseUrl!);
    const sockets = new Set<Socket>();
    const relay = createServer((incoming) => {
      const outgoing = connect(Number(target.port || 5432), target.hostname);
      for (const socket of [incoming, outgoing]) {
        sockets.add(socket);
        socket.on('error', () => {});
        socket.on('close', () => sockets.delete(socket));
      }
      incoming.pipe(outgoing).pipe(incoming);
    });
    await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve));
    const url = new URL(target);
    url.hostname = '127.0.0.1';
    url.port = String((relay.address() as AddressInfo).port);
    const db = openPostgres(url.toString(), 1);
    try {
      const sleeping = sql`SELECT pg_sleep(10)`.execute(db.kysely).then(
        () => undefined,
        (error: unknown) => error,
      );
      await new Promise((resolve) => setTimeout(resolve, 200));
      for (const socket of sockets) socket.destroy();
      expect(String(await sleeping)).toMatch(/terminated/i);
      await new Promise((resolve) => setTimeout(resolve, 100));
      const again = await sql<{ one: number }>`SELECT 1 AS one`.execute(db.kysely);
      expect(again.rows).toEqual([{ one: 1 }]);
    } finally {
      await db.close();
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => relay.close(resolve));
    }
  });
});

describe('statement reuse', () => {
  it('prepares repeated statements once per PostgreSQL connection, up to PG_PREPARED_STATEMENTS, never long IN lists; maps SQLite into memory', async () => {
    if (TEST_DIALECT === 'sqlite') {
      const { rows } = await sql<{ mmap_size: number }>`PRAGMA mmap_size`.execute(t.app.db.kysely);
      expect(Number(rows[0]!.mmap_size)).toBe(SQLITE_MMAP_BYTES);
      return;
    }
    const prepared = async (limit: number) => {
      const db = openPostgres(t.config.databaseUrl!, 1, limit);
      try {
        const ids = Array.from({ length: 100 }, (_, i) => i + 1);
        for (let i = 0; i < 3; i++) {
          await db.kysely.selectFrom('plugin').select('id').where('id', '=', 1).execute();
          await db.kysely.selectFrom('tag').select('id').where('id', '=', 1).execute();
          await db.kysely.selectFrom('plugin').select('id').where('id', 'in', ids).execute();
        }
        const { rows } = await sql<{ statement: string; plans: number }>`
            SELECT statement, generic_plans + custom_plans AS plans FROM pg_prepared_statements
            WHERE NOT from_sql ORDER BY statement`.execute(db.kysely);
        // This look-up itself is prepared on its first run (it is counted only after it).
        return rows
          .filter((r) => !r.statement.includes('pg_prepared_statements'))
          .map((r) => [r.statement, Number(r.plans)]);
      } finally {
        await db.close();
      }
    };
    expect(await prepared(200)).toEqual([
      ['select "id" from "plugin" where "id" = $1', 3],
      ['select "id" from "tag" where "id" = $1', 3],
    ]);
    // The first text takes the only name; the other runs unnamed.
    expect(await prepared(1)).toEqual([['select "id" from "plugin" where "id" = $1', 3]]);
    expect(await prepared(0)).toEqual([]);
  });

  it('runs PostgreSQL queries without parallel workers unless PG_PARALLEL_WORKERS asks for them', async () => {
    if (TEST_DIALECT === 'sqlite') return;
    const workers = async (db: ReturnType<typeof openPostgres>) => {
      try {
        const { rows } = await sql<{
          w: string;
        }>`SELECT current_setting('max_parallel_workers_per_gather') AS w`.execute(db.kysely);
        return rows[0]!.w;
      } finally {
        await db.close();
      }
    };
    expect(await workers(openPostgres(t.config.databaseUrl!, 1))).toBe('0');
    expect(await workers(openPostgres(t.config.databaseUrl!, 1, 0, 3))).toBe('3');
  });
});
