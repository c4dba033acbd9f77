/**
 * Checks that the bench's bulk preparation (`bench/prepare.ts`) makes the same data set as the
 * import it replaces: for each dialect, a data set of `BENCH_CHECK_SIZE` plugins (default 10,000)
 * made (a) the way `bench/dataSets.ts` prepares it with `BENCH_PREPARE=import` — the scaled catalogue imported in files of
 * 100,000 through `importEntries` (what `plugin-center import <file>` runs, here in-process so that
 * both take the same import time), then the bench's counts and `ANALYZE` — and (b) by
 * `bulkPrepare`; then every row of every table (the migration bookkeeping and SQLite's statistics
 * tables left out) and the set of indexes compared. Prints the differences; exit code 1 if any.
 *
 * `node --import tsx bench/prepareCheck.ts` (PostgreSQL on 127.0.0.1:5432; `BENCH_DIALECTS`
 * picks the dialects, default both). Creates and drops its own databases and folders.
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  createDatabase,
  type Database,
  ensureSearchIndex,
  importEntries,
  migrate,
} from '@plugin-center/server/bench';
import { sql } from 'kysely';
import pg from 'pg';
import { benchCounts, bulkPrepare, COUNTS_SQL, SLICE } from './prepare';
import { scaledEntries } from './scale';

const size = Number(process.env.BENCH_CHECK_SIZE ?? 10_000);
const dialects = (process.env.BENCH_DIALECTS ?? 'sqlite,postgres').split(',');
const pgAdminUrl = process.env.BENCH_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const NOW = Date.UTC(2026, 10, 1);
const SKIP = new Set(['kysely_migration', 'kysely_migration_lock', 'sqlite_stat1', 'sqlite_stat4']);

/** The way `bench/dataSets.ts` prepares a data set through the import (`BENCH_PREPARE=import`), in files of {@link SLICE}. */
async function referencePrepare(databaseUrl: string, dataDir: string): Promise<void> {
  const db = createDatabase({ databaseUrl, dataDir });
  try {
    await migrate(db);
    await ensureSearchIndex(db);
    let slice: unknown[] = [];
    const flush = async () => {
      const report = await importEntries(db, [{ file: 'plugins.json', entries: slice }], { now: NOW });
      if (report.errors.length > 0) throw new Error(`reference import rejected ${report.errors.length}`);
      slice = [];
    };
    for (const entry of scaledEntries(size)) {
      slice.push(entry);
      if (slice.length === SLICE) await flush();
    }
    if (slice.length > 0) await flush();
    await sql.raw(COUNTS_SQL).execute(db.kysely);
    await sql`ANALYZE`.execute(db.kysely);
  } finally {
    await db.close();
  }
}

/** Table → a digest of its rows (every column, sorted), and the index names with their columns. */
async function fingerprint(databaseUrl: string, dataDir: string): Promise<Map<string, string>> {
  const db: Database = createDatabase({ databaseUrl, dataDir });
  const out = new Map<string, string>();
  try {
    const tables =
      db.dialect === 'sqlite'
        ? (
            await sql<{ name: string }>`SELECT name FROM sqlite_master WHERE type = 'table'`.execute(
              db.kysely,
            )
          ).rows
        : (
            await sql<{
              name: string;
            }>`SELECT tablename AS name FROM pg_tables WHERE schemaname = current_schema()`.execute(db.kysely)
          ).rows;
    for (const { name } of tables) {
      if (SKIP.has(name)) continue;
      const rows = (await sql<Record<string, unknown>>`SELECT * FROM ${sql.table(name)}`.execute(db.kysely))
        .rows;
      const lines = rows
        .map((r) =>
          JSON.stringify(
            Object.keys(r)
              .sort()
              .map((k) => [
                k,
                r[k] instanceof Uint8Array ? Buffer.from(r[k] as Uint8Array).toString('hex') : r[k],
              ]),
          ),
        )
        .sort();
      out.set(
        `table ${name}`,
        `${rows.length} rows ${createHash('sha256').update(lines.join('\n')).digest('hex').slice(0, 16)}`,
      );
    }
    const indexes =
      db.dialect === 'sqlite'
        ? (
            await sql<{
              name: string;
              def: string;
            }>`SELECT name, sql AS def FROM sqlite_master WHERE type = 'index'`.execute(db.kysely)
          ).rows
        : (
            await sql<{ name: string; def: string }>`SELECT indexname AS name, indexdef AS def FROM pg_indexes
              WHERE schemaname = current_schema()`.execute(db.kysely)
          ).rows;
    for (const i of indexes) out.set(`index ${i.name}`, String(i.def));
    if (db.dialect === 'postgres') {
      const sequences = await sql<{ name: string; value: string | null }>`SELECT sequencename AS name,
        last_value::text AS value FROM pg_sequences WHERE schemaname = current_schema()`.execute(db.kysely);
      for (const q of sequences.rows) out.set(`sequence ${q.name}`, String(q.value));
    }
  } finally {
    await db.close();
  }
  return out;
}

async function pgDatabase(name: string, action: 'create' | 'drop'): Promise<string> {
  const admin = new pg.Client({ connectionString: pgAdminUrl });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    if (action === 'create') await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(pgAdminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function checkDialect(dialect: string): Promise<number> {
  const dirs = [mkdtempSync(join(tmpdir(), 'pc-check-ref-')), mkdtempSync(join(tmpdir(), 'pc-check-bulk-'))];
  const names = [`listperf_check_ref_${process.pid}`, `listperf_check_bulk_${process.pid}`];
  const urls =
    dialect === 'postgres' ? await Promise.all(names.map((n) => pgDatabase(n, 'create'))) : ['', ''];
  try {
    let t = performance.now();
    await referencePrepare(urls[0]!, dirs[0]!);
    const refMs = performance.now() - t;
    t = performance.now();
    await bulkPrepare({ databaseUrl: urls[1]!, dataDir: dirs[1]!, size, now: NOW, counts: benchCounts });
    const bulkMs = performance.now() - t;
    const [a, b] = [await fingerprint(urls[0]!, dirs[0]!), await fingerprint(urls[1]!, dirs[1]!)];
    let differences = 0;
    for (const key of new Set([...a.keys(), ...b.keys()])) {
      if (a.get(key) !== b.get(key)) {
        differences++;
        console.log(
          `${dialect}: ${key} differs: import ${a.get(key) ?? '(none)'} / bulk ${b.get(key) ?? '(none)'}`,
        );
      }
    }
    const tables = [...a.keys()].filter((k) => k.startsWith('table ')).length;
    console.log(
      `${dialect}: ${size} plugins, import ${(refMs / 1000).toFixed(1)} s, bulk ${(bulkMs / 1000).toFixed(1)} s; ` +
        `${tables} tables and ${a.size - tables} indexes compared, ${differences} differences` +
        (differences === 0 ? ` (e.g. ${a.get('table search_posting')} search postings)` : ''),
    );
    return differences;
  } finally {
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
    if (dialect === 'postgres') for (const n of names) await pgDatabase(n, 'drop');
  }
}

async function main(): Promise<void> {
  let failed = 0;
  for (const dialect of dialects) failed += await checkDialect(dialect);
  process.exit(failed > 0 ? 1 : 0);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
