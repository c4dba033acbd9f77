/**
 * Migration 0029: distinct visitors without counting distinct ids, and partial days read from an
 * index (SPEC §9 dashboards; follows 0026).
 *
 * - `analytics_daily_visitor.prev`: the previous UTC day on which the same `distinct_id` had a
 *   `$pageview` in the same project (null: none before). A visitor has a page view in the days
 *   `[a, b)` exactly once with `prev` null or before `a` — on the first of those days — so the
 *   distinct visitors of whole days are a plain count of rows (`day ∈ [a, b) AND (prev IS NULL OR
 *   prev < a)`), not a `count(DISTINCT)` over every visitor-day of the range.
 * - `analytics_daily_visitor_all (day, distinct_id, prev)`: the same across all projects (one row
 *   per visitor and day whatever the project), for the dashboards without a `project` filter: its
 *   rows per day are the visitors of the day.
 * - `analytics_daily_visitors (day, project, n)`: the visitors of each day, per project and, under
 *   the project `''`, across projects (the rows of the two visitor-day tables per day), so a
 *   year of daily visitor counts is 365 rows.
 * - `analytics_monthly_plugin (month, project, plugin_key, views, installs, likes)`: the plugin
 *   rollup per UTC calendar month (`month`: the day number of its 1st), so a year of top plugins
 *   reads twelve months and the remaining days.
 * - A covering index on `analytics_event (time)` with `event`, `project`, `plugin_key` and
 *   `distinct_id`: the events of a range's partial first and last day are read from the index, not
 *   from the ~1 KB rows.
 *
 * The triggers of 0026 are replaced: they also keep the new table and `prev` (the previous day is
 * looked up when a visitor-day is added; a day added before existing ones — a late event — sets it
 * again on the later days of that visitor). Existing rows get `prev` here, by window functions.
 *
 * No `down`: the columns and the table are ignored by an older server, but its triggers would not
 * keep them (run this migration's `up` again after a downgrade).
 */
import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../database';

/** The rollup statements of the PostgreSQL trigger (per INSERT statement, transition table `analytics_event_new`). */
const PG_TRIGGER_BODY = `
BEGIN
  INSERT INTO analytics_daily_event AS r (day, project, event, n)
    SELECT CAST(s.time / 86400000 AS INTEGER), s.project, s.event, count(*)
    FROM analytics_event_new s WHERE s.event IS NOT NULL
    GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT (day, project, event) DO UPDATE SET n = r.n + excluded.n;
  INSERT INTO analytics_daily_plugin AS r (day, project, plugin_key, views, installs, likes)
    SELECT CAST(s.time / 86400000 AS INTEGER), s.project, s.plugin_key,
      count(*) FILTER (WHERE s.event = 'PluginView'),
      count(*) FILTER (WHERE s.event = 'PluginInstall'),
      count(*) FILTER (WHERE s.event = 'PluginLike')
    FROM analytics_event_new s
    WHERE s.plugin_key IS NOT NULL AND s.event IN ('PluginView', 'PluginInstall', 'PluginLike')
    GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT (day, project, plugin_key) DO UPDATE
      SET views = r.views + excluded.views, installs = r.installs + excluded.installs,
          likes = r.likes + excluded.likes;
  INSERT INTO analytics_monthly_plugin AS r (month, project, plugin_key, views, installs, likes)
    SELECT analytics_month_start(CAST(s.time / 86400000 AS INTEGER)), s.project, s.plugin_key,
      count(*) FILTER (WHERE s.event = 'PluginView'),
      count(*) FILTER (WHERE s.event = 'PluginInstall'),
      count(*) FILTER (WHERE s.event = 'PluginLike')
    FROM analytics_event_new s
    WHERE s.plugin_key IS NOT NULL AND s.event IN ('PluginView', 'PluginInstall', 'PluginLike')
    GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT (month, project, plugin_key) DO UPDATE
      SET views = r.views + excluded.views, installs = r.installs + excluded.installs,
          likes = r.likes + excluded.likes;
  -- Visitor-days: one writer per visitor at a time (several processes), in key order.
  PERFORM pg_advisory_xact_lock(260029, hashtext(v.distinct_id))
    FROM (SELECT DISTINCT s.distinct_id FROM analytics_event_new s WHERE s.event = '$pageview'
          ORDER BY 1) AS v;
  WITH added AS (
    INSERT INTO analytics_daily_visitor (day, project, distinct_id, prev)
      SELECT n.day, n.project, n.distinct_id,
        (SELECT max(p.day) FROM analytics_daily_visitor p
          WHERE p.project = n.project AND p.distinct_id = n.distinct_id AND p.day < n.day)
      FROM (SELECT DISTINCT CAST(s.time / 86400000 AS INTEGER) AS day, s.project, s.distinct_id
            FROM analytics_event_new s WHERE s.event = '$pageview') AS n
      ORDER BY 1, 2, 3
      ON CONFLICT DO NOTHING
      RETURNING day, project)
  INSERT INTO analytics_daily_visitors AS c (day, project, n)
    SELECT day, project, count(*) FROM added GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT (day, project) DO UPDATE SET n = c.n + excluded.n;
  WITH added AS (
    INSERT INTO analytics_daily_visitor_all (day, distinct_id, prev)
      SELECT n.day, n.distinct_id,
        (SELECT max(p.day) FROM analytics_daily_visitor_all p
          WHERE p.distinct_id = n.distinct_id AND p.day < n.day)
      FROM (SELECT DISTINCT CAST(s.time / 86400000 AS INTEGER) AS day, s.distinct_id
            FROM analytics_event_new s WHERE s.event = '$pageview') AS n
      ORDER BY 1, 2
      ON CONFLICT DO NOTHING
      RETURNING day)
  INSERT INTO analytics_daily_visitors AS c (day, project, n)
    SELECT day, '', count(*) FROM added GROUP BY 1 ORDER BY 1
    ON CONFLICT (day, project) DO UPDATE SET n = c.n + excluded.n;
  -- Later days of a visitor who got an earlier day now (or two new days in one statement).
  UPDATE analytics_daily_visitor t
    SET prev = (SELECT max(p.day) FROM analytics_daily_visitor p
                WHERE p.project = t.project AND p.distinct_id = t.distinct_id AND p.day < t.day)
    FROM (SELECT s.project, s.distinct_id, min(CAST(s.time / 86400000 AS INTEGER)) AS first
          FROM analytics_event_new s WHERE s.event = '$pageview' GROUP BY 1, 2) AS n
    WHERE t.project = n.project AND t.distinct_id = n.distinct_id AND t.day > n.first;
  UPDATE analytics_daily_visitor_all t
    SET prev = (SELECT max(p.day) FROM analytics_daily_visitor_all p
                WHERE p.distinct_id = t.distinct_id AND p.day < t.day)
    FROM (SELECT s.distinct_id, min(CAST(s.time / 86400000 AS INTEGER)) AS first
          FROM analytics_event_new s WHERE s.event = '$pageview' GROUP BY 1) AS n
    WHERE t.distinct_id = n.distinct_id AND t.day > n.first;
  RETURN NULL;
END
`;

/** The SQLite trigger (per row): the rollups of 0026 and the visitor-days with their `prev`. */
const SQLITE_TRIGGER = `CREATE TRIGGER analytics_event_rollup AFTER INSERT ON analytics_event
  WHEN NEW.event IS NOT NULL
BEGIN
  INSERT INTO analytics_daily_event (day, project, event, n)
    VALUES (CAST(NEW.time / 86400000 AS INTEGER), NEW.project, NEW.event, 1)
    ON CONFLICT (day, project, event) DO UPDATE SET n = n + 1;
  INSERT INTO analytics_daily_plugin (day, project, plugin_key, views, installs, likes)
    SELECT CAST(NEW.time / 86400000 AS INTEGER), NEW.project, NEW.plugin_key,
      NEW.event = 'PluginView', NEW.event = 'PluginInstall', NEW.event = 'PluginLike'
    WHERE NEW.plugin_key IS NOT NULL AND NEW.event IN ('PluginView', 'PluginInstall', 'PluginLike')
    ON CONFLICT (day, project, plugin_key) DO UPDATE
      SET views = views + excluded.views, installs = installs + excluded.installs,
          likes = likes + excluded.likes;
  INSERT INTO analytics_monthly_plugin (month, project, plugin_key, views, installs, likes)
    SELECT CAST(strftime('%s', date(NEW.time / 1000, 'unixepoch', 'start of month')) AS INTEGER) / 86400,
      NEW.project, NEW.plugin_key,
      NEW.event = 'PluginView', NEW.event = 'PluginInstall', NEW.event = 'PluginLike'
    WHERE NEW.plugin_key IS NOT NULL AND NEW.event IN ('PluginView', 'PluginInstall', 'PluginLike')
    ON CONFLICT (month, project, plugin_key) DO UPDATE
      SET views = views + excluded.views, installs = installs + excluded.installs,
          likes = likes + excluded.likes;
  INSERT OR IGNORE INTO analytics_daily_visitor (day, project, distinct_id, prev)
    SELECT CAST(NEW.time / 86400000 AS INTEGER), NEW.project, NEW.distinct_id,
      (SELECT max(p.day) FROM analytics_daily_visitor p WHERE p.project = NEW.project
        AND p.distinct_id = NEW.distinct_id AND p.day < CAST(NEW.time / 86400000 AS INTEGER))
    WHERE NEW.event = '$pageview';
  UPDATE analytics_daily_visitor SET prev = CAST(NEW.time / 86400000 AS INTEGER)
    WHERE NEW.event = '$pageview' AND project = NEW.project AND distinct_id = NEW.distinct_id
      AND day = (SELECT min(p.day) FROM analytics_daily_visitor p WHERE p.project = NEW.project
        AND p.distinct_id = NEW.distinct_id AND p.day > CAST(NEW.time / 86400000 AS INTEGER))
      AND (prev IS NULL OR prev < CAST(NEW.time / 86400000 AS INTEGER));
  INSERT OR IGNORE INTO analytics_daily_visitor_all (day, distinct_id, prev)
    SELECT CAST(NEW.time / 86400000 AS INTEGER), NEW.distinct_id,
      (SELECT max(p.day) FROM analytics_daily_visitor_all p
        WHERE p.distinct_id = NEW.distinct_id AND p.day < CAST(NEW.time / 86400000 AS INTEGER))
    WHERE NEW.event = '$pageview';
  UPDATE analytics_daily_visitor_all SET prev = CAST(NEW.time / 86400000 AS INTEGER)
    WHERE NEW.event = '$pageview' AND distinct_id = NEW.distinct_id
      AND day = (SELECT min(p.day) FROM analytics_daily_visitor_all p
        WHERE p.distinct_id = NEW.distinct_id AND p.day > CAST(NEW.time / 86400000 AS INTEGER))
      AND (prev IS NULL OR prev < CAST(NEW.time / 86400000 AS INTEGER));
END`;

/** SQLite: a new visitor-day counts one more visitor of its day (its project's, and '' for all). */
const SQLITE_COUNT_TRIGGERS = [
  `CREATE TRIGGER analytics_daily_visitor_count AFTER INSERT ON analytics_daily_visitor
  BEGIN
    INSERT INTO analytics_daily_visitors (day, project, n) VALUES (NEW.day, NEW.project, 1)
      ON CONFLICT (day, project) DO UPDATE SET n = n + 1;
  END`,
  `CREATE TRIGGER analytics_daily_visitor_all_count AFTER INSERT ON analytics_daily_visitor_all
  BEGIN
    INSERT INTO analytics_daily_visitors (day, project, n) VALUES (NEW.day, '', 1)
      ON CONFLICT (day, project) DO UPDATE SET n = n + 1;
  END`,
];

/** The visitor table across projects, `prev` on both, their indexes, the triggers, the covering index. */
// biome-ignore lint/suspicious/noExplicitAny: migrations run against the untyped schema of their time
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  const pg = dialect === 'postgres';
  await sql`ALTER TABLE analytics_daily_visitor ADD COLUMN prev integer`.execute(db);
  await db.schema
    .createTable('analytics_daily_visitor_all')
    .addColumn('day', 'integer', (c) => c.notNull())
    .addColumn('distinct_id', 'text', (c) => c.notNull())
    .addColumn('prev', 'integer')
    .addPrimaryKeyConstraint('analytics_daily_visitor_all_pk', ['day', 'distinct_id'])
    .execute();
  await sql`INSERT INTO analytics_daily_visitor_all (day, distinct_id, prev)
    SELECT day, distinct_id, lag(day) OVER (PARTITION BY distinct_id ORDER BY day)
    FROM (SELECT DISTINCT day, distinct_id FROM analytics_daily_visitor) AS d`.execute(db);
  await sql`UPDATE analytics_daily_visitor SET prev = w.prev
    FROM (SELECT day, project, distinct_id,
            lag(day) OVER (PARTITION BY project, distinct_id ORDER BY day) AS prev
          FROM analytics_daily_visitor) AS w
    WHERE analytics_daily_visitor.day = w.day AND analytics_daily_visitor.project = w.project
      AND analytics_daily_visitor.distinct_id = w.distinct_id AND w.prev IS NOT NULL`.execute(db);
  await db.schema
    .createTable('analytics_daily_visitors')
    .addColumn('day', 'integer', (c) => c.notNull())
    .addColumn('project', 'text', (c) => c.notNull())
    .addColumn('n', pg ? 'bigint' : 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('analytics_daily_visitors_pk', ['day', 'project'])
    .execute();
  await sql`INSERT INTO analytics_daily_visitors (day, project, n)
    SELECT day, project, count(*) FROM analytics_daily_visitor GROUP BY day, project
    UNION ALL SELECT day, '', count(*) FROM analytics_daily_visitor_all GROUP BY day`.execute(db);
  const count = pg ? 'bigint' : 'integer';
  await db.schema
    .createTable('analytics_monthly_plugin')
    .addColumn('month', 'integer', (c) => c.notNull())
    .addColumn('project', 'text', (c) => c.notNull())
    .addColumn('plugin_key', 'text', (c) => c.notNull())
    .addColumn('views', count, (c) => c.notNull())
    .addColumn('installs', count, (c) => c.notNull())
    .addColumn('likes', count, (c) => c.notNull())
    .addPrimaryKeyConstraint('analytics_monthly_plugin_pk', ['month', 'project', 'plugin_key'])
    .execute();
  if (pg) {
    await sql`CREATE FUNCTION analytics_month_start(day integer) RETURNS integer
      LANGUAGE sql IMMUTABLE PARALLEL SAFE
      RETURN CAST(extract(epoch FROM date_trunc('month', to_timestamp(day * 86400.0) AT TIME ZONE 'UTC')) / 86400 AS integer)`.execute(
      db,
    );
  }
  const monthOf = pg
    ? sql`analytics_month_start(day)`
    : sql`CAST(strftime('%s', date(day * 86400, 'unixepoch', 'start of month')) AS INTEGER) / 86400`;
  await sql`INSERT INTO analytics_monthly_plugin (month, project, plugin_key, views, installs, likes)
    SELECT ${monthOf}, project, plugin_key, sum(views), sum(installs), sum(likes)
    FROM analytics_daily_plugin GROUP BY 1, 2, 3`.execute(db);
  // A visitor's days (prev lookups), and the counts of first days in a range.
  await sql`CREATE INDEX analytics_daily_visitor_id_idx ON analytics_daily_visitor (project, distinct_id, day)`.execute(
    db,
  );
  await sql`CREATE INDEX analytics_daily_visitor_prev_idx ON analytics_daily_visitor (project, day, prev)`.execute(
    db,
  );
  await sql`CREATE INDEX analytics_daily_visitor_all_id_idx ON analytics_daily_visitor_all (distinct_id, day)`.execute(
    db,
  );
  await sql`CREATE INDEX analytics_daily_visitor_all_prev_idx ON analytics_daily_visitor_all (day, prev)`.execute(
    db,
  );
  if (pg) {
    await sql`CREATE INDEX IF NOT EXISTS analytics_event_time_cover_idx ON analytics_event (time)
      INCLUDE (event, project, plugin_key, distinct_id)`.execute(db);
    await sql
      .raw(
        `CREATE OR REPLACE FUNCTION analytics_event_rollup() RETURNS trigger LANGUAGE plpgsql AS $$${PG_TRIGGER_BODY}$$`,
      )
      .execute(db);
    await sql`ANALYZE analytics_daily_visitor, analytics_daily_visitor_all`.execute(db);
  } else {
    await sql`DROP INDEX analytics_event_time_idx`.execute(db);
    await sql`CREATE INDEX analytics_event_time_cover_idx
      ON analytics_event (time, event, project, plugin_key, distinct_id)`.execute(db);
    await sql`DROP TRIGGER analytics_event_rollup`.execute(db);
    await sql.raw(SQLITE_TRIGGER).execute(db);
    for (const trigger of SQLITE_COUNT_TRIGGERS) await sql.raw(trigger).execute(db);
  }
}
