/**
 * Migration 0030: distinct visitors of a long range without reading one row per visitor-day (SPEC §9
 * dashboards; follows 0029).
 *
 * A visitor is counted in the whole days `[a, b)` on the one day of the range whose `prev` (0029:
 * their previous page-view day) is before `a`. 0029 counted those visitor-day rows, so a year cost
 * every visitor-day of the year (455,267 rows at 10,000,000 events). Most visitor-days of a day share
 * a few `prev` values (the day before, the week before, none), so this migration keeps the rows
 * counted per `(day, prev)`:
 *
 * - `analytics_visitor_gaps (project, day, prev, n)`: `n` visitor-days of `project` on `day` whose
 *   previous page-view day is `prev` (`-1`: none before); project `''` counts the visitor-days across
 *   projects (`analytics_daily_visitor_all`). The distinct visitors of `[a, b)` are the sum of `n` over
 *   `day ∈ [a, b) AND prev < a` (49,835 rows for that year across projects, not 455,267).
 * - Triggers on the two visitor-day tables keep it: an inserted visitor-day adds one to its
 *   `(day, prev)`, a changed `prev` (a late event on an earlier day) moves one from the old `prev` to
 *   the new. PostgreSQL: per statement, over transition tables; SQLite: per row. The retention
 *   deletes its days with the other rollups (`collector/partitions.ts`).
 * - The `(day, prev)` indexes of 0029 served only that count: dropped, so a new visitor-day updates
 *   two indexes fewer.
 *
 * `down` drops the table and the triggers and restores the indexes.
 */
import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../database';

/** The two visitor-day tables: name, and the project their rows count under (`''`: all projects). */
const SOURCES = [
  { table: 'analytics_daily_visitor', project: 'project' },
  { table: 'analytics_daily_visitor_all', project: "''" },
] as const;

/** PostgreSQL: the statement-level functions and triggers of one visitor-day table. */
function pgTriggers(table: string, project: string): string[] {
  const upsert = `ON CONFLICT (project, day, prev) DO UPDATE SET n = g.n + excluded.n`;
  return [
    `CREATE FUNCTION ${table}_gap_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO analytics_visitor_gaps AS g (project, day, prev, n)
    SELECT ${project}, day, coalesce(prev, -1), count(*) FROM added
    GROUP BY 1, 2, 3 ORDER BY 1, 2, 3 ${upsert};
  RETURN NULL;
END $$`,
    `CREATE TRIGGER ${table}_gap_insert AFTER INSERT ON ${table}
      REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION ${table}_gap_insert()`,
    `CREATE FUNCTION ${table}_gap_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO analytics_visitor_gaps AS g (project, day, prev, n)
    SELECT project, day, prev, sum(d) FROM (
        SELECT ${project} AS project, day, coalesce(prev, -1) AS prev, 1 AS d FROM after_rows
        UNION ALL SELECT ${project}, day, coalesce(prev, -1), -1 FROM before_rows) AS m
    GROUP BY 1, 2, 3 HAVING sum(d) <> 0 ORDER BY 1, 2, 3 ${upsert};
  RETURN NULL;
END $$`,
    `CREATE TRIGGER ${table}_gap_update AFTER UPDATE ON ${table}
      REFERENCING OLD TABLE AS before_rows NEW TABLE AS after_rows
      FOR EACH STATEMENT EXECUTE FUNCTION ${table}_gap_update()`,
  ];
}

/** SQLite: the row-level triggers of one visitor-day table. */
function sqliteTriggers(table: string, project: string): string[] {
  const of = (row: 'NEW' | 'OLD') => (project === 'project' ? `${row}.project` : project);
  return [
    `CREATE TRIGGER ${table}_gap_insert AFTER INSERT ON ${table}
    BEGIN
      INSERT INTO analytics_visitor_gaps (project, day, prev, n)
        VALUES (${of('NEW')}, NEW.day, coalesce(NEW.prev, -1), 1)
        ON CONFLICT (project, day, prev) DO UPDATE SET n = n + 1;
    END`,
    `CREATE TRIGGER ${table}_gap_update AFTER UPDATE OF prev ON ${table}
      WHEN OLD.prev IS NOT NEW.prev
    BEGIN
      UPDATE analytics_visitor_gaps SET n = n - 1
        WHERE project = ${of('OLD')} AND day = OLD.day AND prev = coalesce(OLD.prev, -1);
      INSERT INTO analytics_visitor_gaps (project, day, prev, n)
        VALUES (${of('NEW')}, NEW.day, coalesce(NEW.prev, -1), 1)
        ON CONFLICT (project, day, prev) DO UPDATE SET n = n + 1;
    END`,
  ];
}

/** The table, filled from the visitor-days stored so far, its triggers; the old indexes dropped. */
// biome-ignore lint/suspicious/noExplicitAny: migrations run against the untyped schema of their time
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  const pg = dialect === 'postgres';
  await db.schema
    .createTable('analytics_visitor_gaps')
    .addColumn('project', 'text', (c) => c.notNull())
    .addColumn('day', 'integer', (c) => c.notNull())
    .addColumn('prev', 'integer', (c) => c.notNull())
    .addColumn('n', pg ? 'bigint' : 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('analytics_visitor_gaps_pk', ['project', 'day', 'prev'])
    .execute();
  await sql`INSERT INTO analytics_visitor_gaps (project, day, prev, n)
    SELECT project, day, coalesce(prev, -1), count(*) FROM analytics_daily_visitor GROUP BY 1, 2, 3
    UNION ALL
    SELECT '', day, coalesce(prev, -1), count(*) FROM analytics_daily_visitor_all GROUP BY 1, 2, 3`.execute(
    db,
  );
  for (const { table, project } of SOURCES) {
    for (const statement of pg ? pgTriggers(table, project) : sqliteTriggers(table, project)) {
      await sql.raw(statement).execute(db);
    }
  }
  await sql`DROP INDEX analytics_daily_visitor_prev_idx`.execute(db);
  await sql`DROP INDEX analytics_daily_visitor_all_prev_idx`.execute(db);
  if (pg) await sql`ANALYZE analytics_visitor_gaps`.execute(db);
}

/** Drops the table and its triggers; restores the `(day, prev)` indexes of 0029. */
// biome-ignore lint/suspicious/noExplicitAny: see up
export async function down(db: Kysely<any>, dialect: Dialect): Promise<void> {
  for (const { table } of SOURCES) {
    for (const kind of ['insert', 'update']) {
      await sql
        .raw(`DROP TRIGGER ${table}_gap_${kind}${dialect === 'postgres' ? ` ON ${table}` : ''}`)
        .execute(db);
      if (dialect === 'postgres') await sql.raw(`DROP FUNCTION ${table}_gap_${kind}()`).execute(db);
    }
  }
  await db.schema.dropTable('analytics_visitor_gaps').execute();
  await sql`CREATE INDEX analytics_daily_visitor_prev_idx ON analytics_daily_visitor (project, day, prev)`.execute(
    db,
  );
  await sql`CREATE INDEX analytics_daily_visitor_all_prev_idx ON analytics_daily_visitor_all (day, prev)`.execute(
    db,
  );
}
