/**
 * The benchmarks' data sets: a catalogue scaled from the real one to BENCH_SIZE plugins (default
 * 100,000), imported once into SQLite (bench/.cache) and into a PostgreSQL database
 * (BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/pc_bench_v<DATA_VERSION>_<size>),
 * with download and view counts spread over the rows so "most popular" has something to sort.
 * A missing data set is prepared by the bulk load of `bench/prepare.ts` (`BENCH_PREPARE=import`:
 * through `plugin-center import`, in files of 100,000 above that size, see IMPORT_CHUNK).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import pg from 'pg';
import { benchCounts, bulkPrepare, COUNTS_SQL } from './prepare';
import { scaleCatalogue, scaledEntries } from './scale';
import { SERVER_CLI } from './server';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
/** Plugins in the data sets (BENCH_SIZE, default 100,000). */
export const size = Number(process.env.BENCH_SIZE ?? 100_000);
/** Where the data sets and the catalogue files are kept (gitignored). */
export const cache = join(root, 'bench/.cache');
/** Bumped whenever the scaled catalogue or what an import writes changes (3: the search index), so cached data sets are rebuilt. */
const DATA_VERSION = 3;
/** A PostgreSQL URL to create and drop databases through (BENCH_PG_ADMIN_URL). */
export const pgAdminUrl = process.env.BENCH_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
/** The PostgreSQL data set's database (BENCH_DATABASE_URL). */
export const pgUrl =
  process.env.BENCH_DATABASE_URL ?? `postgres://postgres@127.0.0.1:5432/pc_bench_v${DATA_VERSION}_${size}`;
/**
 * How a missing data set is prepared: `bulk` (default; `bench/prepare.ts`, the import's rows
 * written in bulk, checked by `bench/prepareCheck.ts`) or `import` (`plugin-center import` of
 * files of {@link IMPORT_CHUNK}, as before).
 */
const bulk = (process.env.BENCH_PREPARE ?? 'bulk') !== 'import';

function runCli(args: string[], env: NodeJS.ProcessEnv): void {
  const res = spawnSync(process.execPath, [SERVER_CLI, ...args], {
    env: { ...process.env, ...env },
    encoding: 'utf8',
  });
  if (res.status !== 0) {
    throw new Error(`plugin-center ${args.join(' ')} failed (${res.status}):\n${res.stdout}\n${res.stderr}`);
  }
}

/**
 * Entries per import file. A catalogue larger than this is written and imported in files of this
 * many entries: 1,000,000 entries are about 720 MB of JSON, over V8's 512 MB string limit, so neither
 * `JSON.stringify` here nor the import's `readFile(…, 'utf8')` + `JSON.parse` can take it in one file.
 */
const IMPORT_CHUNK = 100_000;

/**
 * Writes the scaled catalogue once and returns the paths of its import files: one plugins.json up
 * to {@link IMPORT_CHUNK} entries, else plugins-<k>.json files of that many entries each.
 */
function catalogueFiles(): string[] {
  const dir = join(cache, `catalogue-v${DATA_VERSION}-${size}`);
  if (size <= IMPORT_CHUNK) {
    const file = join(dir, 'plugins.json');
    if (!existsSync(file)) {
      mkdirSync(dir, { recursive: true });
      writeFileSync(file, JSON.stringify(scaleCatalogue(size)));
      writeFileSync(join(dir, 'zh.json'), '[]');
    }
    return [file];
  }
  const count = Math.ceil(size / IMPORT_CHUNK);
  const files = Array.from({ length: count }, (_, k) => join(dir, `plugins-${k}.json`));
  const complete = join(dir, '.complete');
  if (!existsSync(complete)) {
    mkdirSync(dir, { recursive: true });
    const started = performance.now();
    let chunk: unknown[] = [];
    let k = 0;
    for (const entry of scaledEntries(size)) {
      chunk.push(entry);
      if (chunk.length === IMPORT_CHUNK) {
        writeFileSync(files[k++]!, JSON.stringify(chunk));
        chunk = [];
      }
    }
    if (chunk.length > 0) writeFileSync(files[k]!, JSON.stringify(chunk));
    writeFileSync(complete, new Date().toISOString());
    console.log(`catalogue: wrote ${size} entries in ${count} files in ${seconds1(started)} s`);
  }
  return files;
}

function seconds1(started: number): string {
  return ((performance.now() - started) / 1000).toFixed(1);
}

/** Imports the scaled catalogue's files one after the other through `plugin-center import`. */
function importCatalogue(dialect: string, env: NodeJS.ProcessEnv): void {
  const files = catalogueFiles();
  const started = performance.now();
  for (const [k, file] of files.entries()) {
    const one = performance.now();
    runCli(['import', file], env);
    if (files.length > 1) {
      console.log(
        `${dialect}: imported file ${k + 1}/${files.length} in ${seconds1(one)} s (load average ${loadavg()[0]!.toFixed(1)})`,
      );
    }
  }
  console.log(`${dialect}: import of ${size} plugins took ${seconds1(started)} s`);
}

/**
 * The SQLite data set of {@link size} plugins in `bench/.cache/sqlite-v<DATA_VERSION>-<size>`,
 * prepared first when its ready marker is missing.
 *
 * @returns the server environment that serves it (DATA_DIR, an empty DATABASE_URL, no catalogue import).
 */
export async function prepareSqlite(): Promise<NodeJS.ProcessEnv> {
  const dataDir = join(cache, `sqlite-v${DATA_VERSION}-${size}`);
  const env = { DATA_DIR: dataDir, DATABASE_URL: '', IMPORT_CATALOGUE_ON_EMPTY: 'false' };
  const marker = join(dataDir, '.bench-ready');
  if (!existsSync(marker)) {
    mkdirSync(dataDir, { recursive: true });
    const started = performance.now();
    if (bulk) {
      await bulkPrepare({
        databaseUrl: '',
        dataDir,
        size,
        now: Date.now(),
        counts: benchCounts,
        log: console.log,
      });
    } else {
      importCatalogue('sqlite', env);
      const db = new Database(join(dataDir, 'plugin-center.db'));
      db.exec(COUNTS_SQL);
      db.close();
    }
    console.log(
      `sqlite: data prepared (${size} plugins, ${bulk ? 'bulk load' : 'import and counts'}) in ${seconds1(started)} s`,
    );
    writeFileSync(marker, new Date().toISOString());
  }
  return env;
}

/**
 * The PostgreSQL data set of {@link size} plugins in the database of {@link pgUrl} (created through
 * {@link pgAdminUrl} when missing), prepared first when it holds fewer plugins than that.
 *
 * @returns the server environment that serves it (DATABASE_URL, a DATA_DIR for its files, no catalogue import).
 * @throws Error when PostgreSQL cannot be reached or the preparation fails.
 */
export async function preparePostgres(): Promise<NodeJS.ProcessEnv> {
  const env = {
    DATABASE_URL: pgUrl,
    DATA_DIR: join(cache, `pg-files-v${DATA_VERSION}-${size}`),
    IMPORT_CATALOGUE_ON_EMPTY: 'false',
  };
  const name = new URL(pgUrl).pathname.slice(1);
  const admin = new pg.Client({ connectionString: pgAdminUrl });
  await admin.connect();
  const exists = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
  if (exists.rowCount === 0) await admin.query(`CREATE DATABASE "${name.replaceAll('"', '')}"`);
  await admin.end();
  const client = new pg.Client({ connectionString: pgUrl });
  await client.connect();
  const ready = await client
    .query<{ n: string }>('SELECT count(*) AS n FROM plugin')
    .then((r) => Number(r.rows[0]?.n) >= size)
    .catch(() => false);
  if (!ready) {
    const started = performance.now();
    if (bulk) {
      await bulkPrepare({
        databaseUrl: pgUrl,
        dataDir: env.DATA_DIR,
        size,
        now: Date.now(),
        counts: benchCounts,
        log: console.log,
      });
    } else {
      importCatalogue('postgres', env);
      await client.query(COUNTS_SQL);
      await client.query('ANALYZE');
    }
    console.log(
      `postgres: data prepared (${size} plugins, ${bulk ? 'bulk load' : 'import, counts, ANALYZE'}) in ${seconds1(started)} s`,
    );
  }
  await client.end();
  return env;
}
