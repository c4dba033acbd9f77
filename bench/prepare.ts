/**
 * Bulk preparation of a bench data set: the scaled catalogue (`bench/scale.ts`) written straight
 * into an empty database as the rows the server's import (`importEntries` of
 * `catalogue/import.ts`, what `plugin-center import` runs) would write — the plugins, tags and
 * links, the approved-plugin counter and the search index (terms with their document counts and
 * top-list generations, postings, typo words, each plugin's posted terms) — but computed here and
 * written in bulk:
 *
 * - the records go through the import's own steps (`parseCatalogueEntry`, `recordToPlugin`,
 *   `pluginRow`, `pluginTagCodes`, the indexer's `searchTexts` + `buildSearchTerms`, the typo
 *   index's `hasVariants` + `deletionVariants`, in `bench/prepareRows.ts`); the ids are numbered as
 *   the import's batches of 500 would number them (an `INSERT … ON CONFLICT DO NOTHING` of the tags
 *   consumes an id for each tag already there, on both dialects: SQLite's AUTOINCREMENT as
 *   PostgreSQL's sequence);
 * - SQLite: prepared statements, a transaction per 10,000 plugins, `synchronous = OFF`, foreign
 *   keys unchecked (tags are written last); PostgreSQL: multi-row `INSERT … SELECT FROM unnest(…)`
 *   of arrays, `session_replication_role = replica` (no triggers nor foreign-key checks: the rows
 *   carry what the triggers would have set) and `synchronous_commit = off`;
 * - the secondary indexes that only reads use are dropped before and built after the load;
 * - the planner statistics refreshed once (`VACUUM ANALYZE` / `ANALYZE`).
 *
 * `bench/prepareCheck.ts` compares a data set made this way with one made through the import, row
 * by row. Entries the bulk path does not model (translations by `en_ref`, a plugin_key or manifest
 * id twice, a record the import rejects) stop it with an error rather than differ.
 */

import {
  createDatabase,
  ensureSearchIndex,
  migrate,
  type NewPlugin,
  parseCatalogueEntry,
  recordToPlugin,
  type Database as ServerDatabase,
} from '@plugin-center/server/bench';
import Database from 'better-sqlite3';
import { sql } from 'kysely';
import pg from 'pg';
import { Numbering, type PluginCounts, type Row, type Rows } from './prepareRows';
import { scaledEntries } from './scale';

/** Counts spread over the rows by a fixed formula, so "most popular" has a real order (both dialects). */
export const COUNTS_SQL =
  'UPDATE plugin SET download_count = (id % 9973) * 7 % 5000, view_count = (id % 99991) * 13 % 40000';

/** {@link COUNTS_SQL} of one plugin id, for rows written with their counts. */
export function benchCounts(id: number): { download_count: number; view_count: number } {
  return { download_count: ((id % 9973) * 7) % 5000, view_count: ((id % 99991) * 13) % 40000 };
}

/** Entries per import file of the command-line preparation (the reference of `prepareCheck.ts`). */
export const SLICE = 100_000;
/** Plugins per transaction of the import (`importEntries`' default batch), which numbering follows. */
const BATCH = 500;
/** Plugins written per flush of the bulk path. */
const FLUSH = 10_000;

/** Read-only secondary indexes dropped during the load (created again after it). */
const READ_INDEXES = [
  'plugin_latest_idx',
  'plugin_popular_idx',
  'plugin_viewed_idx',
  'plugin_tag_latest_idx',
  'plugin_tag_popular_idx',
  'search_posting_best_idx',
  'plugin_suggest_name_idx',
  'plugin_translation_suggest_idx',
  'plugin_default_install_idx',
  'plugin_owner_idx',
];

/** The CREATE statements of the indexes of {@link READ_INDEXES} that exist, by name. */
async function indexDefinitions(db: ServerDatabase): Promise<Map<string, string>> {
  const rows =
    db.dialect === 'sqlite'
      ? (
          await sql<{ name: string; def: string }>`SELECT name, sql AS def FROM sqlite_master
            WHERE type = 'index' AND sql IS NOT NULL`.execute(db.kysely)
        ).rows
      : (
          await sql<{ name: string; def: string }>`SELECT indexname AS name, indexdef AS def FROM pg_indexes
            WHERE schemaname = current_schema()`.execute(db.kysely)
        ).rows;
  return new Map(rows.filter((r) => READ_INDEXES.includes(r.name)).map((r) => [r.name, r.def]));
}

/** What {@link bulkPrepare} took, ms. */
export interface PrepareTimes {
  load: number;
  indexes: number;
  analyze: number;
  total: number;
}

/** Options of {@link bulkPrepare}. */
export interface BulkPrepareOptions {
  /** `DATABASE_URL` (PostgreSQL) or '' for SQLite in `dataDir`. */
  databaseUrl: string;
  dataDir: string;
  /** Plugins to load (the first `size` entries of the scaled catalogue). */
  size: number;
  /** The import time, ms (the create_time of an entry without a date). */
  now: number;
  /** Download and view counts of a plugin by id, as an `UPDATE` after the import would set them. */
  counts?: PluginCounts;
  /** Prints progress. */
  log?: (line: string) => void;
}

/** Column types of the PostgreSQL `unnest` insert, by table. */
const PG_TYPES: Record<string, Record<string, string>> = {
  plugin: {
    id: 'int',
    review_status: 'int',
    reuse_center_cover: 'int',
    is_default_install: 'int',
    download_count: 'int',
    view_count: 'int',
    praise_count: 'int',
    create_time: 'bigint',
    update_time: 'bigint',
    approve_time: 'bigint',
    sort_time: 'bigint',
  },
  plugin_tag: {
    plugin_id: 'int',
    tag_id: 'int',
    review_status: 'int',
    sort_time: 'bigint',
    download_count: 'int',
  },
  search_posting: { term_id: 'int', plugin_id: 'int', score: 'int' },
  tag: { id: 'int', plugin_count: 'int' },
  search_term: { id: 'int', df: 'int', top_gen: 'int' },
  search_word: { term_id: 'int' },
};

/** Writes rows of one table in bulk. */
type Writer = (table: string, rows: readonly Row[]) => Promise<void>;

function sqliteWriter(db: Database.Database): Writer {
  const statements = new Map<string, Database.Statement>();
  return async (table, rows) => {
    if (rows.length === 0) return;
    const columns = Object.keys(rows[0]!);
    const key = `${table}(${columns})`;
    let statement = statements.get(key);
    if (!statement) {
      statement = db.prepare(
        `INSERT INTO "${table}" (${columns.map((c) => `"${c}"`).join(', ')}) VALUES (${columns.map((c) => `@${c}`).join(', ')})`,
      );
      statements.set(key, statement);
    }
    for (const row of rows) statement.run(row);
  };
}

function pgWriter(client: pg.Client): Writer {
  return async (table, rows) => {
    const columns = Object.keys(rows[0] ?? {});
    const types = PG_TYPES[table] ?? {};
    for (let at = 0; at < rows.length; at += 50_000) {
      const part = rows.slice(at, at + 50_000);
      const arrays = columns.map((c) => part.map((r) => r[c] ?? null));
      const list = columns.map((c) => `"${c}"`).join(', ');
      const unnest = columns.map((c, i) => `$${i + 1}::${types[c] ?? 'text'}[]`).join(', ');
      await client.query(`INSERT INTO "${table}" (${list}) SELECT * FROM unnest(${unnest})`, arrays);
    }
  };
}

/**
 * Loads the first `size` entries of the scaled catalogue into an empty database (migrated here),
 * as described above, and returns how long each step took.
 *
 * @throws Error when the database already holds plugins, or for an entry the bulk path does not
 *   model (see above).
 */
export async function bulkPrepare(options: BulkPrepareOptions): Promise<PrepareTimes> {
  const { size, now, log = () => {} } = options;
  const started = performance.now();
  const db = createDatabase({ databaseUrl: options.databaseUrl, dataDir: options.dataDir });
  let definitions: Map<string, string>;
  try {
    await migrate(db);
    await ensureSearchIndex(db);
    const present = await db.kysely.selectFrom('plugin').select('id').limit(1).executeTakeFirst();
    if (present) throw new Error('bulkPrepare: the database already holds plugins');
    definitions = await indexDefinitions(db);
    for (const name of definitions.keys()) await sql`DROP INDEX ${sql.ref(name)}`.execute(db.kysely);
  } finally {
    await db.close();
  }

  const postgres = Boolean(options.databaseUrl);
  const numbering = new Numbering();
  let lite: Database.Database | null = null;
  let client: pg.Client | null = null;
  let write: Writer;
  let begin: () => Promise<void>;
  let commit: () => Promise<void>;
  if (postgres) {
    client = new pg.Client({ connectionString: options.databaseUrl });
    await client.connect();
    await client.query("SET synchronous_commit = off; SET maintenance_work_mem = '512MB'");
    // No triggers in this session: the rows carry what the row triggers would set (copied sort
    // keys, the approved counter), and the tags, written last, are there before anything reads.
    await client.query('SET session_replication_role = replica');
    write = pgWriter(client);
    begin = async () => void (await client!.query('BEGIN'));
    commit = async () => void (await client!.query('COMMIT'));
  } else {
    lite = new Database(`${options.dataDir}/plugin-center.db`);
    lite.pragma('synchronous = OFF');
    // Tags are written last, with their final counts: the links point to them by then.
    lite.pragma('foreign_keys = OFF');
    lite.pragma('cache_size = -1000000');
    write = sqliteWriter(lite);
    begin = async () => void lite!.exec('BEGIN');
    commit = async () => void lite!.exec('COMMIT');
  }
  try {
    let rows: Rows = { plugin: [], plugin_tag: [] };
    let batch: NewPlugin[] = [];
    let done = 0;
    const flushBatch = () => {
      numbering.batch(batch, rows, options.counts);
      done += batch.length;
      batch = [];
    };
    const flushRows = async () => {
      await begin();
      await write('plugin', rows.plugin);
      await write('plugin_tag', rows.plugin_tag);
      await commit();
      rows = { plugin: [], plugin_tag: [] };
      if (done % 100_000 === 0 || done === size)
        log(`  loaded ${done} / ${size} (${((performance.now() - started) / 1000).toFixed(0)} s)`);
    };
    for (const raw of scaledEntries(size)) {
      const parsed = parseCatalogueEntry(raw);
      if (!parsed.ok) throw new Error(`bulkPrepare: entry ${done + batch.length} rejected: ${parsed.reason}`);
      if (parsed.record.en_ref) throw new Error('bulkPrepare: translations (en_ref) are not modelled');
      const plugin = recordToPlugin(parsed.record, now);
      if (numbering.keys.has(plugin.plugin_key)) throw new Error(`bulkPrepare: ${plugin.plugin_key} twice`);
      numbering.keys.add(plugin.plugin_key);
      if (plugin.manifest_id) {
        if (numbering.manifestIds.has(plugin.manifest_id))
          throw new Error(`bulkPrepare: manifest id ${plugin.manifest_id} twice`);
        numbering.manifestIds.add(plugin.manifest_id);
      }
      batch.push(plugin);
      if (batch.length === BATCH) flushBatch();
      if (rows.plugin.length >= FLUSH) await flushRows();
    }
    if (batch.length > 0) flushBatch();
    await flushRows();
    await begin();
    await write(
      'tag',
      [...numbering.tags].map(([code, t]) => ({
        id: t.id,
        code,
        name: t.name,
        plugin_count: t.plugin_count,
      })),
    );
    await write(
      'search_term',
      [...numbering.terms].map(([term, t]) => ({ id: t.id, term, df: t.df, top_gen: t.top_gen })),
    );
    await write('search_word', numbering.words);
    for (const slice of numbering.postings.sorted(50_000)) {
      await write(
        'search_posting',
        slice.term_id.map((term_id, i) => ({
          term_id,
          plugin_id: slice.plugin_id[i],
          score: slice.score[i],
        })),
      );
    }
    const sequences = [
      ['plugin', numbering.pluginSeq],
      ['tag', numbering.tagSeq],
      ['search_term', numbering.termSeq],
    ] as const;
    if (lite) {
      // AUTOINCREMENT's counters where the import's inserts would have left them.
      const set = lite.prepare('UPDATE sqlite_sequence SET seq = ? WHERE name = ?');
      for (const [table, value] of sequences) set.run(value, table);
    }
    if (client) {
      await client.query(`UPDATE catalogue_stat SET value = $1 WHERE name = 'approved_plugins'`, [
        numbering.approved,
      ]);
      // The sequences where the import's inserts would have left them.
      for (const [table, value] of sequences) {
        if (value > 0) await client.query('SELECT setval($1, $2)', [`${table}_id_seq`, value]);
      }
    }
    await commit();
    await client?.query('SET session_replication_role = DEFAULT');
    const loaded = performance.now();
    log(`  rows written in ${((loaded - started) / 1000).toFixed(1)} s`);
    const run = async (text: string) => {
      if (client) await client.query(text);
      else lite!.exec(text);
    };
    for (const [name, def] of definitions) {
      const one = performance.now();
      await run(def);
      log(`  index ${name} in ${((performance.now() - one) / 1000).toFixed(1)} s`);
    }
    const indexed = performance.now();
    await run(client ? 'VACUUM (ANALYZE)' : 'ANALYZE');
    const end = performance.now();
    return {
      load: loaded - started,
      indexes: indexed - loaded,
      analyze: end - indexed,
      total: end - started,
    };
  } finally {
    lite?.close();
    await client?.end();
  }
}
