/**
 * Ingest stays as cheap when the visitor-day tables are large as when they were empty (migration
 * 0031): on one connection whose first INSERT ran while those tables were empty — as the
 * collector's pooled connections do on a new deployment — a later batch of returning visitors looks
 * up their previous days through the indexes, not one sequential scan of the table per visitor.
 * PostgreSQL only (`vitest.config.ts`): the plans PL/pgSQL keeps per connection are PostgreSQL's;
 * SQLite's triggers are per row and planned with the indexes.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/database';
import { createTestApp, type TestApp } from '../testing/testApp';
import { event, utc } from '../testing/testReports';
import { insertEvents } from './data';
import { PartitionKeeper } from './partitions';

const DAY = 86_400_000;
/** Returning visitors in the measured batch. */
const VISITORS = 2000;

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ importCatalogueOnEmpty: false });
});

afterAll(async () => {
  await t?.close();
});

describe('ingest into large visitor-day tables', () => {
  it('looks up returning visitors through the indexes on a connection that started on empty tables', async () => {
    const db = t.app.db as Database;
    const start = utc(2026, 5, 1);
    await new PartitionKeeper(db).ensure([start, start + 2 * DAY]);
    const pageviews = (day: number) =>
      Array.from({ length: VISITORS }, (_, i) =>
        event({ time: start + day * DAY + i * 1000, distinct_id: `returning-${i}` }),
      );
    const scans = await db.kysely.connection().execute(async (connection) => {
      const on = { ...db, kysely: connection };
      // The connection's first INSERT, while the visitor-day tables are empty.
      await insertEvents(on, [event({ time: start, distinct_id: 'first' })]);
      await insertEvents(on, pageviews(0));
      // The backend's counts not yet reported (its earlier statements' too): read before and after.
      return connection.transaction().execute(async (trx) => {
        const seqScans = async () => {
          const rows = await sql<{ seq_scan: string | number }>`
            SELECT seq_scan FROM pg_stat_xact_user_tables
            WHERE relname IN ('analytics_daily_visitor', 'analytics_daily_visitor_all')`.execute(trx);
          return rows.rows.reduce((sum, r) => sum + Number(r.seq_scan), 0);
        };
        const before = await seqScans();
        await insertEvents({ ...db, kysely: trx }, pageviews(1));
        return (await seqScans()) - before;
      });
    });
    // At most a scan per table for the update of later days, never one per returning visitor.
    expect(scans).toBeLessThanOrEqual(2);
    const stored = await sql<{ n: string | number }>`
      SELECT count(*) AS n FROM analytics_daily_visitor WHERE prev IS NOT NULL`.execute(db.kysely);
    expect(Number(stored.rows[0]!.n)).toBe(VISITORS);
  });
});
