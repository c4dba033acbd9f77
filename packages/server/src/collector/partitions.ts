/**
 * Upkeep of the event store (migration 0026): the monthly partitions of `analytics_event` on
 * PostgreSQL, created ahead, and the retention (`ANALYTICS_RETENTION_DAYS`) on both dialects.
 *
 * Partitions (PostgreSQL, declarative range partitioning on `time`): one per UTC calendar month,
 * `analytics_event_yYYYYmMM` holding `[00:00 UTC of the 1st, 00:00 UTC of the next 1st)` in epoch ms,
 * and the default partition `analytics_event_default` for any time no month covers. No cron: the
 * server creates this month's and the next month's partitions at start and every hour
 * ({@link maintainEvents}), and the collector creates the partition of any other month before it
 * stores events of it ({@link PartitionKeeper}); events inserted by other means into a month without
 * a partition land in the default one and are moved into the month's partition when it is created.
 *
 * Retention: events older than the cutoff — 00:00 UTC of the day `retentionDays` days before now —
 * are removed with their rollup days. PostgreSQL drops whole month partitions once their month
 * ends before the cutoff's month starts (no row-by-row delete; up to one month more is kept, and the
 * rollups of those days stay, so the dashboards still equal the stored events); SQLite deletes the
 * rows before the cutoff in batches of {@link DELETE_BATCH_ROWS}, and the rollup days before it.
 */
import { sql } from 'kysely';
import type { Database } from '../db/database';

/** One UTC day, ms. */
const DAY_MS = 86_400_000;

/** Rows one SQLite DELETE of the retention removes (short write locks between batches). */
export const DELETE_BATCH_ROWS = 10_000;

/** Key of the advisory lock under which partitions are created and dropped (any fixed number). */
const PARTITION_LOCK = 260_026;

/** A month partition: its table name and its `[from, to)` bounds, epoch ms. */
export interface MonthPartition {
  name: string;
  from: number;
  to: number;
}

/** The partition of the UTC month of `ms`. */
export function monthPartition(ms: number): MonthPartition {
  const d = new Date(ms);
  const y = d.getUTCFullYear();
  const m = d.getUTCMonth();
  return {
    name: `analytics_event_y${y}m${String(m + 1).padStart(2, '0')}`,
    from: Date.UTC(y, m, 1),
    to: Date.UTC(y, m + 1, 1),
  };
}

/**
 * Creates the partition of `month` unless it exists (PostgreSQL), in one transaction under an
 * advisory lock so several processes never race: the rows of its month already in the default
 * partition are moved into it, then it is attached. Moving rows between partitions does not fire
 * the rollup trigger (it is on the parent table), so the rollups stay as they are.
 */
async function createMonthPartition(db: Database, month: MonthPartition): Promise<void> {
  await db.kysely.transaction().execute(async (trx) => {
    await sql`SELECT pg_advisory_xact_lock(${PARTITION_LOCK})`.execute(trx);
    const found = await sql<{ r: string | null }>`SELECT to_regclass(${month.name}) AS r`.execute(trx);
    if (found.rows[0]?.r) return;
    const name = sql.id(month.name);
    await sql`CREATE TABLE ${name} (LIKE analytics_event INCLUDING DEFAULTS)`.execute(trx);
    await sql`INSERT INTO ${name} SELECT * FROM analytics_event_default
      WHERE "time" >= ${month.from} AND "time" < ${month.to}`.execute(trx);
    await sql`DELETE FROM analytics_event_default WHERE "time" >= ${month.from} AND "time" < ${month.to}`.execute(
      trx,
    );
    await sql`ALTER TABLE analytics_event ATTACH PARTITION ${name}
      FOR VALUES FROM (${sql.lit(month.from)}) TO (${sql.lit(month.to)})`.execute(trx);
  });
}

/**
 * The month partitions this process knows to exist, so the collector checks a batch's times
 * against a short list in memory and asks the database only for a month it has not seen.
 */
export class PartitionKeeper {
  private readonly known: MonthPartition[] = [];

  constructor(private readonly db: Database) {}

  /**
   * Makes sure the partitions of every month of `times` (epoch ms) exist (PostgreSQL; nothing on
   * SQLite). A month seen once is not asked again (the retention only drops months older than any
   * time the collector accepts).
   */
  async ensure(times: Iterable<number>): Promise<void> {
    if (this.db.dialect !== 'postgres') return;
    const missing: MonthPartition[] = [];
    let last: MonthPartition | undefined;
    for (const t of times) {
      if (last && t >= last.from && t < last.to) continue;
      last = this.known.find((m) => t >= m.from && t < m.to);
      if (last) continue;
      const month = monthPartition(t);
      if (!missing.some((m) => m.name === month.name)) missing.push(month);
      last = month;
    }
    for (const month of missing) {
      await createMonthPartition(this.db, month);
      this.known.push(month);
    }
  }
}

/** The retention cutoff for `retentionDays` at `now`: 00:00 UTC of the day that many days ago. */
export function retentionCutoff(retentionDays: number, now: number): number {
  return (Math.floor(now / DAY_MS) - retentionDays) * DAY_MS;
}

/** What one {@link maintainEvents} removed. */
export interface RetentionResult {
  /** Partitions dropped (PostgreSQL). */
  droppedPartitions: string[];
  /** Event rows deleted row by row (SQLite; PostgreSQL's default partition). */
  deletedRows: number;
}

/**
 * The event store's periodic upkeep (at start and every hour): this month's and the next month's
 * partitions (PostgreSQL), then, when `retentionDays` > 0, the retention (see the module comment).
 *
 * @returns the partitions dropped and the rows deleted.
 */
export async function maintainEvents(
  db: Database,
  keeper: PartitionKeeper,
  retentionDays: number,
  now: number,
): Promise<RetentionResult> {
  const result: RetentionResult = { droppedPartitions: [], deletedRows: 0 };
  await keeper.ensure([now, monthPartition(now).to]);
  if (retentionDays <= 0) return result;
  const cutoff = retentionCutoff(retentionDays, now);
  if (db.dialect === 'postgres') {
    const keepFrom = monthPartition(cutoff).from;
    const parts = await sql<{ name: string }>`SELECT c.relname AS name FROM pg_inherits i
      JOIN pg_class c ON c.oid = i.inhrelid
      WHERE i.inhparent = 'analytics_event'::regclass AND c.relname LIKE 'analytics_event_y%'`.execute(
      db.kysely,
    );
    for (const { name } of parts.rows) {
      const m = /^analytics_event_y(\d{4})m(\d{2})$/.exec(name);
      if (!m) continue;
      const to = Date.UTC(Number(m[1]), Number(m[2]), 1);
      if (to > keepFrom) continue;
      await db.kysely.transaction().execute(async (trx) => {
        await sql`SELECT pg_advisory_xact_lock(${PARTITION_LOCK})`.execute(trx);
        await sql`DROP TABLE IF EXISTS ${sql.id(name)}`.execute(trx);
      });
      result.droppedPartitions.push(name);
    }
    const gone = await sql`DELETE FROM analytics_event_default WHERE "time" < ${keepFrom}`.execute(db.kysely);
    result.deletedRows += Number(gone.numAffectedRows ?? 0);
    await deleteRollupsBefore(db, keepFrom / DAY_MS);
    return result;
  }
  for (;;) {
    const gone = await sql`DELETE FROM analytics_event WHERE id IN (
        SELECT id FROM analytics_event WHERE "time" < ${cutoff} LIMIT ${DELETE_BATCH_ROWS})`.execute(
      db.kysely,
    );
    const n = Number(gone.numAffectedRows ?? 0);
    result.deletedRows += n;
    if (n < DELETE_BATCH_ROWS) break;
  }
  await deleteRollupsBefore(db, cutoff / DAY_MS);
  return result;
}

/**
 * Deletes the rollup rows of the UTC days before `day`; the monthly plugin rollup of `day`'s month,
 * when `day` is not its 1st, is summed again from the daily rows left.
 */
async function deleteRollupsBefore(db: Database, day: number): Promise<void> {
  for (const table of [
    'analytics_daily_event',
    'analytics_daily_plugin',
    'analytics_daily_visitor',
    'analytics_daily_visitor_all',
    'analytics_daily_visitors',
    'analytics_visitor_gaps',
  ]) {
    await sql`DELETE FROM ${sql.table(table)} WHERE day < ${day}`.execute(db.kysely);
  }
  const month = monthPartition(day * DAY_MS);
  const first = month.from / DAY_MS;
  await sql`DELETE FROM analytics_monthly_plugin WHERE month < ${first}`.execute(db.kysely);
  if (first < day) {
    await db.kysely.transaction().execute(async (trx) => {
      await sql`DELETE FROM analytics_monthly_plugin WHERE month = ${first}`.execute(trx);
      await sql`INSERT INTO analytics_monthly_plugin (month, project, plugin_key, views, installs, likes)
        SELECT ${first}, project, plugin_key, sum(views), sum(installs), sum(likes)
        FROM analytics_daily_plugin WHERE day >= ${first} AND day < ${month.to / DAY_MS}
        GROUP BY project, plugin_key`.execute(trx);
    });
  }
}
