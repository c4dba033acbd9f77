/**
 * Data access of the collector: appends rows to `analytics_event` (migration 0005). Nothing here
 * updates or deletes: the table is append-only.
 */
import { CompiledQuery, type Kysely } from 'kysely';
import type { Database, Dialect } from '../db/database';
import type { DatabaseSchema, NewAnalyticsEventRow } from '../db/schema';

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
 * Rows per INSERT statement: 11 parameters a row keeps one statement far under SQLite's and
 * PostgreSQL's parameter limits (32,766 / 65,535), and the collector's batch limit fits in one.
 */
export const INSERT_CHUNK_ROWS = 500;

/** Statement texts by dialect and row count (batches repeat their sizes, so this stays small). */
const statements = new Map<string, string>();

/**
 * `INSERT INTO analytics_event (…) VALUES (…), (…)` for `rows` rows, with `?` (SQLite) or `$n`
 * (PostgreSQL) placeholders. Built once per size: composing a 50-row insert through Kysely's query
 * builder costs about a third of the statement's own execution, on every batch.
 */
function insertStatement(dialect: Dialect, rows: number): string {
  const key = `${dialect}:${rows}`;
  let text = statements.get(key);
  if (text === undefined) {
    const tuples: string[] = [];
    let n = 0;
    for (let r = 0; r < rows; r++) {
      const slots = COLUMNS.map(() => (dialect === 'postgres' ? `$${++n}` : '?'));
      tuples.push(`(${slots.join(', ')})`);
    }
    text = `insert into "analytics_event" (${COLUMNS.map((c) => `"${c}"`).join(', ')}) values ${tuples.join(', ')}`;
    if (statements.size >= 1024) statements.clear();
    statements.set(key, text);
  }
  return text;
}

/** Runs one multi-row INSERT of `rows` (at most {@link INSERT_CHUNK_ROWS}). */
async function insertChunk(
  kysely: Kysely<DatabaseSchema>,
  dialect: Dialect,
  rows: readonly NewAnalyticsEventRow[],
): Promise<void> {
  const parameters: unknown[] = new Array(rows.length * COLUMNS.length);
  let i = 0;
  for (const row of rows) {
    for (const column of COLUMNS) parameters[i++] = row[column] ?? null;
  }
  await kysely.executeQuery(CompiledQuery.raw(insertStatement(dialect, rows.length), parameters));
}

/**
 * Appends `rows` to `analytics_event` in one transaction, as multi-row INSERTs of at most
 * {@link INSERT_CHUNK_ROWS} rows — one statement (atomic on its own) for any batch the collector
 * accepts — so the rows are stored all or none. The statement text depends only on the number of
 * rows, so it is prepared once per size (SQLite's statement cache; PostgreSQL sees the same text).
 *
 * @returns the number of rows written.
 */
export async function insertEvents(db: Database, rows: readonly NewAnalyticsEventRow[]): Promise<number> {
  if (rows.length === 0) return 0;
  if (rows.length <= INSERT_CHUNK_ROWS) {
    await insertChunk(db.kysely, db.dialect, rows);
    return rows.length;
  }
  await db.kysely.transaction().execute(async (trx) => {
    for (let i = 0; i < rows.length; i += INSERT_CHUNK_ROWS) {
      await insertChunk(trx, db.dialect, rows.slice(i, i + INSERT_CHUNK_ROWS));
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
 * are committed together in the next transaction (one multi-row INSERT per request inside it).
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
  ) {}

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
        if (group.length === 1) {
          await insertEvents(this.db, group[0]!.rows);
        } else {
          await this.db.kysely.transaction().execute(async (trx) => {
            for (const { rows } of group) {
              for (let i = 0; i < rows.length; i += INSERT_CHUNK_ROWS) {
                await insertChunk(trx, this.db.dialect, rows.slice(i, i + INSERT_CHUNK_ROWS));
              }
            }
          });
        }
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
