/**
 * Data access of the collector: appends rows to `analytics_event` (migrations 0005 and 0026: on
 * PostgreSQL a table partitioned by month, see `partitions.ts`), whose triggers keep the daily
 * rollups the dashboards read in the same statement. Nothing here updates or deletes: the table is
 * append-only (the retention of `partitions.ts` removes whole old periods).
 */
import { CompiledQuery, type Kysely } from 'kysely';
import type { Database, Dialect } from '../db/database';
import type { DatabaseSchema, NewAnalyticsEventRow } from '../db/schema';
import { PartitionKeeper } from './partitions';

/** The inserted columns, in statement order (`id` is generated). */
const COLUMNS = [
  'project',
  'type',
  'event',
  'distinct_id',
  'login_id',
  'anonymous_id',
  'time',
  'received_at',
  'plugin_key',
  'url',
  'properties',
] as const satisfies readonly (keyof NewAnalyticsEventRow)[];

/**
 * Rows per SQLite INSERT statement: 11 parameters a row keeps one statement far under SQLite's
 * parameter limit (32,766), and the collector's batch limit fits in one.
 */
export const INSERT_CHUNK_ROWS = 500;

/**
 * Rows per PostgreSQL INSERT statement: the rows travel as one JSON parameter, so only the size of
 * one statement bounds them; 5,000 rows of ~1 KB are ~5 MB.
 */
export const PG_INSERT_CHUNK_ROWS = 5000;

/** Statement texts by row count (SQLite; batches repeat their sizes, so this stays small). */
const statements = new Map<number, string>();

/**
 * `INSERT INTO analytics_event (…) VALUES (?, …), (…)` for `rows` rows (SQLite). Built once per size:
 * composing a 50-row insert through Kysely's query builder costs about a third of the statement's
 * own execution, on every batch.
 */
function sqliteInsert(rows: number): string {
  let text = statements.get(rows);
  if (text === undefined) {
    const tuple = `(${COLUMNS.map(() => '?').join(', ')})`;
    text = `insert into "analytics_event" (${COLUMNS.map((c) => `"${c}"`).join(', ')}) values ${Array(rows).fill(tuple).join(', ')}`;
    if (statements.size >= 1024) statements.clear();
    statements.set(rows, text);
  }
  return text;
}

/**
 * The PostgreSQL insert: every row of a chunk in one JSON array parameter, expanded by
 * `json_to_recordset` — one constant statement text whatever the number of rows (nothing to parse
 * per size, no 11 bind parameters a row), and one statement, so the rollup trigger aggregates the
 * whole chunk in one upsert per rollup.
 */
const PG_INSERT = `insert into "analytics_event" (${COLUMNS.map((c) => `"${c}"`).join(', ')})
  select ${COLUMNS.map((c) => `r."${c}"`).join(', ')} from json_to_recordset($1::json) as r(
    "project" text, "type" text, "event" text, "distinct_id" text, "login_id" text,
    "anonymous_id" text, "time" bigint, "received_at" bigint, "plugin_key" text, "url" text,
    "properties" text)`;

/** Runs one INSERT of `rows` (at most {@link INSERT_CHUNK_ROWS} on SQLite, {@link PG_INSERT_CHUNK_ROWS} on PostgreSQL). */
async function insertChunk(
  kysely: Kysely<DatabaseSchema>,
  dialect: Dialect,
  rows: readonly NewAnalyticsEventRow[],
): Promise<void> {
  if (dialect === 'postgres') {
    await kysely.executeQuery(CompiledQuery.raw(PG_INSERT, [JSON.stringify(rows)]));
    return;
  }
  const parameters: unknown[] = new Array(rows.length * COLUMNS.length);
  let i = 0;
  for (const row of rows) {
    for (const column of COLUMNS) parameters[i++] = row[column] ?? null;
  }
  await kysely.executeQuery(CompiledQuery.raw(sqliteInsert(rows.length), parameters));
}

/**
 * Appends `rows` to `analytics_event`, stored all or none: one INSERT when they fit in one chunk
 * ({@link INSERT_CHUNK_ROWS} rows on SQLite, {@link PG_INSERT_CHUNK_ROWS} on PostgreSQL — any
 * request the collector accepts, and any group of {@link EventWriter} on PostgreSQL), else one
 * transaction of such INSERTs. The rollups of migration 0026 are kept by the table's trigger in the
 * same statement.
 *
 * @returns the number of rows written.
 */
export async function insertEvents(db: Database, rows: readonly NewAnalyticsEventRow[]): Promise<number> {
  if (rows.length === 0) return 0;
  const chunk = db.dialect === 'postgres' ? PG_INSERT_CHUNK_ROWS : INSERT_CHUNK_ROWS;
  if (rows.length <= chunk) {
    await insertChunk(db.kysely, db.dialect, rows);
    return rows.length;
  }
  await db.kysely.transaction().execute(async (trx) => {
    for (let i = 0; i < rows.length; i += chunk) {
      await insertChunk(trx, db.dialect, rows.slice(i, i + chunk));
    }
  });
  return rows.length;
}

/** One request's rows waiting in an {@link EventWriter}. */
interface PendingWrite {
  rows: readonly NewAnalyticsEventRow[];
  resolve: () => void;
  reject: (error: unknown) => void;
}

/**
 * Group commit for the collector: the rows of requests that arrive while a write is in progress
 * are committed together in the next write ({@link insertEvents} of all their rows: one statement on
 * PostgreSQL, so one commit and one rollup upsert per rollup for the whole group).
 * Under a burst this turns many small commits into a few larger ones — on SQLite fewer WAL frames
 * and checkpoints, on PostgreSQL fewer WAL flushes — while each request still gets its own rows
 * stored all or none, and its promise settles only once they are committed.
 *
 * When a group's transaction fails (it is rolled back whole), each request of the group is retried
 * on its own ({@link insertEvents}): only a request whose own insert fails again gets the error,
 * the others are stored and resolve (where one row PostgreSQL refused cost 518
 * other requests their events). A database that is down fails each retry too, so every request
 * still gets an error and nothing is stored twice. Idle, a write starts on the next turn of the
 * event loop, so a lone request waits for nothing.
 */
export class EventWriter {
  private pending: PendingWrite[] = [];
  private running = false;

  /**
   * @param maxGroupRows - most rows one transaction takes from the queue (the rest wait for the
   *   next one), bounding how long a single commit holds the database.
   */
  constructor(
    private readonly db: Database,
    private readonly maxGroupRows = 5000,
    /** Creates the month partitions of new months before their events are stored (PostgreSQL). */
    readonly partitions: PartitionKeeper = new PartitionKeeper(db),
  ) {}

  /** The `time` of every row of `group`. */
  private static *times(group: readonly PendingWrite[]): Iterable<number> {
    for (const write of group) for (const row of write.rows) yield row.time;
  }

  /** Stores `rows` (all or none); resolves once they are committed. */
  write(rows: readonly NewAnalyticsEventRow[]): Promise<void> {
    if (rows.length === 0) return Promise.resolve();
    return new Promise<void>((resolve, reject) => {
      this.pending.push({ rows, resolve, reject });
      if (!this.running) {
        this.running = true;
        setImmediate(() => void this.drain());
      }
    });
  }

  /** Commits queued groups until the queue is empty. */
  private async drain(): Promise<void> {
    while (this.pending.length > 0) {
      let count = 0;
      let take = 0;
      while (
        take < this.pending.length &&
        (take === 0 || count + this.pending[take]!.rows.length <= this.maxGroupRows)
      ) {
        count += this.pending[take]!.rows.length;
        take += 1;
      }
      const group = this.pending.splice(0, take);
      try {
        await this.partitions.ensure(EventWriter.times(group));
        await insertEvents(this.db, group.length === 1 ? group[0]!.rows : group.flatMap((w) => w.rows));
        for (const write of group) write.resolve();
      } catch (error) {
        if (group.length === 1) {
          group[0]!.reject(error);
          continue;
        }
        // The group was rolled back whole: retry each request alone, so one fails only itself.
        for (const write of group) {
          try {
            await insertEvents(this.db, write.rows);
            write.resolve();
          } catch (own) {
            write.reject(own);
          }
        }
      }
    }
    this.running = false;
  }
}
