import { chmodSync, closeSync, mkdirSync, openSync, statSync } from 'node:fs';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, type SqliteDatabase, SqliteDialect } from 'kysely';
import { LRUCache } from 'lru-cache';
import pg from 'pg';
import type { ServerConfig } from '../config/serverConfig';
import type { DatabaseSchema } from './schema';

/** The two supported SQL dialects. */
export const Dialect = { SQLITE: 'sqlite', POSTGRES: 'postgres' } as const;
export type Dialect = (typeof Dialect)[keyof typeof Dialect];

/** How a connection pool is used at one moment (PostgreSQL's `pg.Pool`). */
export interface PoolUse {
  /** Connections open, idle or busy. */
  total: number;
  /** Open connections no query holds. */
  idle: number;
  /** Queries waiting for a connection (all `max` busy). */
  waiting: number;
  /** Most connections the pool opens (`PG_POOL_MAX`). */
  max: number;
}

/** An open database: the Kysely instance, which dialect it speaks, and how to close it. */
export interface Database {
  kysely: Kysely<DatabaseSchema>;
  dialect: Dialect;
  /**
   * The pool's use now (PostgreSQL); absent on SQLite, which has one in-process connection and no
   * pool (a query waiting for it shows as request latency).
   */
  poolUse?(): PoolUse;
  /**
   * Set on a read replica's view only (`readReplica.ts`): the primary this replica serves reads
   * for, where its reader's writes go (`primaryOf`).
   */
  primary?: Database;
  /** Closes the connection (SQLite) or drains the pool (PostgreSQL). Idempotent. */
  close(): Promise<void>;
}

/**
 * Bytes of a SQLite database read through memory mapping (`PRAGMA mmap_size`) rather than a `pread`
 * system call per page: the page look-ups of a search's candidates cost about a tenth less CPU
 * (docs/benchmarks.md). Address space only; the operating system's page cache holds the pages.
 */
export const SQLITE_MMAP_BYTES = 1024 * 1024 * 1024;

/** Prepared statements kept per SQLite connection (least recently used dropped first, `lru-cache`). */
const STATEMENT_CACHE_SIZE = 256;

/**
 * Wraps a better-sqlite3 connection so Kysely's `prepare(sql)` reuses prepared statements by SQL
 * text instead of compiling every query again (queries use parameters, so the texts repeat).
 * Kysely runs one query at a time on the connection and reads results with `all()`/`run()`, so a
 * statement is never used twice at once.
 */
function withStatementCache(sqlite: SQLite.Database): SqliteDatabase {
  const cache = new LRUCache<string, SQLite.Statement>({ max: STATEMENT_CACHE_SIZE });
  return {
    close: () => sqlite.close(),
    prepare(text: string) {
      let statement = cache.get(text);
      if (!statement) {
        statement = sqlite.prepare(text);
        cache.set(text, statement);
      }
      return statement as unknown as ReturnType<SqliteDatabase['prepare']>;
    },
  };
}

/** Statement texts named (prepared once per connection) by default: `PG_PREPARED_STATEMENTS`. */
export const DEFAULT_PREPARED_STATEMENTS = 200;

/** Most parameters of a statement that is named: longer `IN` lists vary in length and rarely repeat. */
const MAX_NAMED_PARAMETERS = 64;

/**
 * Makes the pool's connections run repeated statements as named prepared statements (PostgreSQL's
 * extended protocol: `Parse` once per connection, then only `Bind`/`Execute`), so PostgreSQL keeps
 * their parse trees and plans instead of parsing and planning every query again: about a fifth of
 * the database's CPU per search request (docs/benchmarks.md). The first `limit` distinct texts with at most
 * {@link MAX_NAMED_PARAMETERS} parameters get a name, for the life of the process, so each
 * connection holds at most `limit` prepared statements; other texts run unnamed as before. 0 turns
 * it off (needed behind a pooler in transaction mode, such as PgBouncer before 1.21, where a
 * connection's prepared statements are not the session's).
 */
function namePreparedStatements(pool: pg.Pool, limit: number): void {
  if (limit <= 0) return;
  const names = new Map<string, string>();
  pool.on('connect', (client) => {
    const query = client.query.bind(client) as (config: unknown, values?: unknown) => unknown;
    // Kysely's PostgreSQL connection calls `query(text, values)`: the other forms pass through.
    (client as unknown as { query: typeof query }).query = (text, values) => {
      if (typeof text !== 'string' || !Array.isArray(values) || values.length > MAX_NAMED_PARAMETERS) {
        return query(text, values);
      }
      let name = names.get(text);
      if (name === undefined && names.size < limit) {
        name = `pc${names.size}`;
        names.set(text, name);
      }
      return name === undefined ? query(text, values) : query({ name, text, values });
    };
  });
}

/** OID of PostgreSQL's int8 (BIGINT, and the type of `count(*)`). */
const INT8_OID = 20;

/**
 * Opens the database the configuration names: PostgreSQL when `databaseUrl` is set (a `pg.Pool` of
 * at most `PG_POOL_MAX` (default 10) connections whose BIGINT values come back as JS numbers — ms
 * times and counts stay far below 2^53 — and which prepare the first `PG_PREPARED_STATEMENTS`
 * repeated statement texts, see {@link namePreparedStatements}; `max_parallel_workers_per_gather`
 * set to `PG_PARALLEL_WORKERS`, default 0, on each new connection), otherwise SQLite in `<dataDir>/plugin-center.db` (created
 * with its folder; its files mode 0600, see {@link openSqlite}), opened with WAL journaling, `synchronous=NORMAL`, foreign keys on, a 5 s
 * busy timeout and memory-mapped reads ({@link SQLITE_MMAP_BYTES}). Does not migrate: call `migrate` next.
 */
export function createDatabase(config: Pick<ServerConfig, 'databaseUrl' | 'dataDir'>): Database {
  if (config.databaseUrl) return openPostgres(config.databaseUrl);
  mkdirSync(config.dataDir, { recursive: true });
  return openSqlite(join(config.dataDir, 'plugin-center.db'));
}

/**
 * Mode of the SQLite files: read and write for their owner only. The database holds password
 * hashes, sessions and sealed secrets; a copy readable by another local user is a leak.
 */
export const DATABASE_FILE_MODE = 0o600;

/** The files SQLite keeps for database `file`: the database, its write-ahead log, shared memory and rollback journal. */
function sqliteFiles(file: string): string[] {
  return [file, `${file}-wal`, `${file}-shm`, `${file}-journal`];
}

/**
 * Takes the group and other permission bits off every file of database `file` that exists (a
 * database created by an earlier version was 0644), leaving the owner's: 0644 → 0600.
 */
function restrictSqliteFiles(file: string): void {
  for (const path of sqliteFiles(file)) {
    let mode: number;
    try {
      mode = statSync(path).mode & 0o777;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') continue;
      throw error;
    }
    if ((mode & 0o077) !== 0) chmodSync(path, mode & 0o700);
  }
}

/**
 * Opens (creating if needed) a SQLite database file with the server's pragmas. A new database file
 * is created with {@link DATABASE_FILE_MODE} before SQLite opens it (SQLite gives its -wal and -shm
 * files the mode of the database file), and files of an existing database readable by others are
 * restricted to their owner, before and after opening.
 */
export function openSqlite(file: string): Database {
  closeSync(openSync(file, 'a', DATABASE_FILE_MODE));
  restrictSqliteFiles(file);
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('cache_size = -32000');
  sqlite.pragma(`mmap_size = ${SQLITE_MMAP_BYTES}`);
  restrictSqliteFiles(file);
  const kysely = new Kysely<DatabaseSchema>({
    dialect: new SqliteDialect({ database: withStatementCache(sqlite) }),
  });
  let closed = false;
  return {
    kysely,
    dialect: Dialect.SQLITE,
    async close() {
      if (closed) return;
      closed = true;
      await kysely.destroy();
    },
  };
}

/**
 * Opens a pool on a PostgreSQL URL; int8 values are parsed to numbers on this pool only. A failing
 * idle connection is dropped and reported as a process warning, never an uncaught error; one lost
 * while a query holds it fails that query only (the pool drops it on release). Each new
 * connection first sets `max_parallel_workers_per_gather` to `parallelWorkers` (a session `SET`,
 * which poolers pass through, unlike a startup `options` parameter).
 */
export function openPostgres(
  connectionString: string,
  max = Number(process.env.PG_POOL_MAX) || 10,
  preparedStatements = process.env.PG_PREPARED_STATEMENTS === undefined
    ? DEFAULT_PREPARED_STATEMENTS
    : Number(process.env.PG_PREPARED_STATEMENTS) || 0,
  parallelWorkers = Math.max(0, Math.trunc(Number(process.env.PG_PARALLEL_WORKERS) || 0)),
): Database {
  const types = {
    getTypeParser(oid: number, format?: 'text' | 'binary') {
      if (oid === INT8_OID && format !== 'binary') return (value: string) => Number(value);
      // biome-ignore lint/suspicious/noExplicitAny: pg's overloads are not expressible here
      return (pg.types.getTypeParser as any)(oid, format);
    },
  };
  const pool = new pg.Pool({ connectionString, max, types });
  // An idle pooled connection that fails (the server restarted, an administrator terminated it) is
  // discarded by the pool, which then emits `error`: without a listener that would crash the
  // process. The next query opens a new connection, so it is only reported. 57P01
  // (admin_shutdown: `pg_terminate_backend`, `DROP DATABASE … WITH (FORCE)` during shutdown) is
  // expected and stays quiet.
  pool.on('error', (error: Error & { code?: string }) => {
    if (error.code !== '57P01') process.emitWarning(`idle PostgreSQL connection failed: ${error.message}`);
  });
  pool.on('connect', (client) => {
    // A connection lost while a query holds it (the pool listens only to idle ones): the query
    // rejects with the error and the pool drops the client when it is released; without this
    // listener the client's `error` event would crash the process.
    client.on('error', () => {});
    // Queued on the new client before the query that opened it, so it applies to every statement.
    client.query(`SET max_parallel_workers_per_gather = ${parallelWorkers}`).catch(() => {});
  });
  namePreparedStatements(pool, preparedStatements);
  const kysely = new Kysely<DatabaseSchema>({ dialect: new PostgresDialect({ pool }) });
  let closed = false;
  return {
    kysely,
    dialect: Dialect.POSTGRES,
    poolUse: () => ({
      total: pool.totalCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
      max,
    }),
    async close() {
      if (closed) return;
      closed = true;
      await kysely.destroy();
    },
  };
}
