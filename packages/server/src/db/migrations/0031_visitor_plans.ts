/**
 * Migration 0031: the visitor-day statements of the analytics trigger planned on every run
 * (PostgreSQL only; follows 0029 and 0030).
 *
 * PL/pgSQL prepares a function's statements once per connection and keeps their plans. The trigger
 * of 0029 runs on its connection's first INSERT, typically when the visitor-day tables are empty,
 * and the plans made then (sequential scans of a table of a few rows) stayed for the connection's
 * life: each later INSERT scanned the whole visitor-day table once per visitor of the batch. The
 * collector's pooled connections live as long as events keep arriving, so ingest slowed down as the
 * tables grew: 400,000 events into an empty database took 1.8 s for the first 50,000 and 7.8 s for
 * the last (44,523 sequential scans), and a 10,000,000-event load stalled near 2,000,000.
 *
 * The four statements that look up or update a visitor's days (the visitor-days added with their
 * previous day, and the later days of a visitor who got an earlier one) now run through `EXECUTE`,
 * planned on each run with the tables' current size, so they use the `(project, distinct_id, day)`
 * and `(distinct_id, day)` indexes however the tables grew. The rollup upserts keep their cached
 * plans (their cost does not depend on the tables' size). The function is otherwise 0029's.
 *
 * SQLite needs nothing: its triggers are per row, and its planner picks the indexes without
 * statistics. `down` restores 0029's function.
 */
import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../database';

/** The rollup upserts and the visitor lock of 0029's trigger, unchanged. */
const ROLLUPS = `  INSERT INTO analytics_daily_event AS r (day, project, event, n)
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
`;

/**
 * 0029's visitor-day statements: the visitor-days added with their previous day (per project, and
 * across projects), then the later days of a visitor who got an earlier day now (or two new days in
 * one statement).
 */
const VISITOR_STATEMENTS = [
  `  WITH added AS (
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
    ON CONFLICT (day, project) DO UPDATE SET n = c.n + excluded.n`,
  `  WITH added AS (
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
    ON CONFLICT (day, project) DO UPDATE SET n = c.n + excluded.n`,
  `  UPDATE analytics_daily_visitor t
    SET prev = (SELECT max(p.day) FROM analytics_daily_visitor p
                WHERE p.project = t.project AND p.distinct_id = t.distinct_id AND p.day < t.day)
    FROM (SELECT s.project, s.distinct_id, min(CAST(s.time / 86400000 AS INTEGER)) AS first
          FROM analytics_event_new s WHERE s.event = '$pageview' GROUP BY 1, 2) AS n
    WHERE t.project = n.project AND t.distinct_id = n.distinct_id AND t.day > n.first`,
  `  UPDATE analytics_daily_visitor_all t
    SET prev = (SELECT max(p.day) FROM analytics_daily_visitor_all p
                WHERE p.distinct_id = t.distinct_id AND p.day < t.day)
    FROM (SELECT s.distinct_id, min(CAST(s.time / 86400000 AS INTEGER)) AS first
          FROM analytics_event_new s WHERE s.event = '$pageview' GROUP BY 1) AS n
    WHERE t.distinct_id = n.distinct_id AND t.day > n.first`,
];

/** The trigger body: the rollups, then each visitor-day statement as `run` writes it. */
function triggerBody(run: (statement: string) => string): string {
  return `
BEGIN
${ROLLUPS}${VISITOR_STATEMENTS.map(run).join('\n')}
  RETURN NULL;
END
`;
}

/** This migration's body: the visitor-day statements planned on each run. */
const PG_TRIGGER_BODY = triggerBody((statement) => `  EXECUTE $q$\n${statement}\n  $q$;`);

/** 0029's body, for `down`. */
const PG_TRIGGER_BODY_0029 = triggerBody((statement) => `${statement};`);

/** Replaces the trigger function on PostgreSQL. */
// biome-ignore lint/suspicious/noExplicitAny: migrations run against the untyped schema of their time
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  if (dialect !== 'postgres') return;
  await sql
    .raw(
      `CREATE OR REPLACE FUNCTION analytics_event_rollup() RETURNS trigger LANGUAGE plpgsql AS $$${PG_TRIGGER_BODY}$$`,
    )
    .execute(db);
}

/** Restores 0029's trigger function on PostgreSQL. */
// biome-ignore lint/suspicious/noExplicitAny: see up
export async function down(db: Kysely<any>, dialect: Dialect): Promise<void> {
  if (dialect !== 'postgres') return;
  await sql
    .raw(
      `CREATE OR REPLACE FUNCTION analytics_event_rollup() RETURNS trigger LANGUAGE plpgsql AS $$${PG_TRIGGER_BODY_0029}$$`,
    )
    .execute(db);
}
