/**
 * Where a list page and a detail spend their time on a prepared bench data set: runs the server's
 * own list and detail reads (`plugins/list.ts`, `plugins/detail.ts`, read cache off) for a first
 * page, deep pages of each sort (in the ties of `sort_time` 0 too), a tag filter and a detail,
 * records every statement they send, and prints the statements per request and, for each
 * statement, PostgreSQL's `EXPLAIN (ANALYZE, BUFFERS)` or SQLite's `EXPLAIN QUERY PLAN` with the
 * median time of 20 runs.
 *
 * `node --import tsx bench/explainList.ts` with `DATABASE_URL` (PostgreSQL) or `DATA_DIR` (SQLite)
 * of a data set `pnpm bench` prepared (e.g. bench/.cache/sqlite-v3-100000).
 */

import {
  createDatabase,
  encodeCursor,
  filtersFingerprint,
  getPluginDetail,
  listPlugins,
  queryFingerprint,
  setReadCache,
} from '@plugin-center/server/bench';
import Database from 'better-sqlite3';
import pg from 'pg';

const databaseUrl = process.env.DATABASE_URL ?? '';
const dataDir = process.env.DATA_DIR ?? 'bench/.cache/sqlite-v3-100000';

interface Statement {
  text: string;
  values: unknown[];
}
const captured: Statement[] = [];

// Record what the pg driver is asked to run (the server's pool) and what better-sqlite3 prepares.
const pgQuery = pg.Client.prototype.query;
(pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown }).query = function (
  this: pg.Client,
  ...args: unknown[]
) {
  const [config, values] = args as [string | { text: string; values?: unknown[] }, unknown[] | undefined];
  const text = typeof config === 'string' ? config : config.text;
  captured.push({ text, values: (typeof config === 'string' ? values : config.values) ?? [] });
  return (pgQuery as (...a: unknown[]) => unknown).apply(this, args);
};
const prepare = Database.prototype.prepare;
Database.prototype.prepare = function (this: Database.Database, source: string) {
  const statement = prepare.call(this, source);
  const all = statement.all.bind(statement);
  (statement as unknown as { all: (...v: unknown[]) => unknown }).all = (...values: unknown[]) => {
    captured.push({ text: source, values: values.flat() });
    return (all as (...v: unknown[]) => unknown)(...values);
  };
  return statement;
} as typeof Database.prototype.prepare;

/** Runs a statement on `client` past the recording above. */
function direct(client: pg.Client, text: string, values: readonly unknown[]): Promise<pg.QueryResult> {
  return (pgQuery as unknown as (this: pg.Client, t: string, v: unknown[]) => Promise<pg.QueryResult>).call(
    client,
    text,
    [...values],
  );
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function main(): Promise<void> {
  const db = createDatabase({ databaseUrl, dataDir });
  setReadCache(db, false);
  // The list's own fingerprint (plugins/list.ts) of these orders, with no filter set.
  const fp = (sort: number, tag: number) => queryFingerprint([sort, tag, '', ...filtersFingerprint({})]);
  const requests: { name: string; run: () => Promise<unknown> }[] = [
    { name: 'list, latest, page 1', run: () => listPlugins(db, { tag_id: 0, sort: 0, page_size: 20 }) },
    {
      name: 'list, latest, deep in the sort_time 0 ties',
      run: () =>
        listPlugins(db, { tag_id: 0, sort: 0, page_size: 20, cursor: encodeCursor(fp(0, 0), [0, 5000]) }),
    },
    {
      name: 'list, most popular, deep',
      run: () =>
        listPlugins(db, {
          tag_id: 0,
          sort: 1,
          page_size: 20,
          cursor: encodeCursor(fp(1, 0), [100, 0, 5000]),
        }),
    },
    {
      name: 'list, tag 5, latest, deep',
      run: () =>
        listPlugins(db, { tag_id: 5, sort: 0, page_size: 20, cursor: encodeCursor(fp(0, 5), [0, 50000]) }),
    },
    {
      name: 'detail',
      run: async () => {
        const page = await listPlugins(db, { tag_id: 0, sort: 0, page_size: 1, lang: 'zh-CN' });
        captured.length = 0;
        return getPluginDetail(db, page.plugin_list[0]!.plugin_key, 'zh-CN');
      },
    },
  ];
  for (const r of requests) {
    captured.length = 0;
    await r.run();
    const statements = [...captured];
    console.log(`\n## ${r.name}: ${statements.length} statement(s)`);
    for (const s of statements) {
      console.log(`\n${s.text.replace(/\s+/g, ' ').slice(0, 400)}`);
      if (databaseUrl) {
        const client = new pg.Client({ connectionString: databaseUrl });
        await client.connect();
        const plan = await direct(client, `EXPLAIN (ANALYZE, BUFFERS) ${s.text}`, s.values);
        for (const row of plan.rows) console.log(`  ${row['QUERY PLAN']}`);
        const times: number[] = [];
        for (let i = 0; i < 20; i++) {
          const t = performance.now();
          await direct(client, s.text, s.values);
          times.push(performance.now() - t);
        }
        console.log(`  median of 20 (round trip included): ${median(times).toFixed(3)} ms`);
        await client.end();
      } else {
        const lite = new Database(`${dataDir}/plugin-center.db`, { readonly: true });
        for (const row of lite.prepare(`EXPLAIN QUERY PLAN ${s.text}`).all(...(s.values as never[])) as {
          detail: string;
        }[])
          console.log(`  ${row.detail}`);
        const statement = lite.prepare(s.text);
        const times: number[] = [];
        for (let i = 0; i < 20; i++) {
          const t = performance.now();
          statement.all(...(s.values as never[]));
          times.push(performance.now() - t);
        }
        console.log(`  median of 20: ${median(times).toFixed(3)} ms`);
        lite.close();
      }
    }
  }
  await db.close();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
