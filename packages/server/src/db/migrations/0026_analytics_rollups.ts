/**
 * Migration 0026: analytics that stay fast (SPEC §3 analytics events, §9 dashboards). The dashboards
 * read days, not events:
 *
 * - `analytics_daily_event (day, project, event, n)`: named events (`event` not null) per UTC day
 *   number (`time / 86 400 000`, integer division), project and name;
 * - `analytics_daily_plugin (day, project, plugin_key, views, installs, likes)`: the `PluginView`,
 *   `PluginInstall` and `PluginLike` events with a `plugin_key`, per day, project and key;
 * - `analytics_daily_visitor (day, project, distinct_id)`: one row per `distinct_id` with a
 *   `$pageview` that day in that project.
 *
 * They are kept by triggers on `analytics_event`, in the transaction of the insert, so they always
 * equal the stored events whoever writes them: on PostgreSQL one statement-level trigger with a
 * transition table (one aggregated upsert per rollup and INSERT statement, rows in key order so
 * concurrent writers lock alike); on SQLite a row-level trigger. The existing events are rolled up
 * here in one pass.
 *
 * On PostgreSQL `analytics_event` becomes a table partitioned by range of `time` (declarative
 * partitioning): one partition per UTC calendar month, `analytics_event_yYYYYmMM`, plus the default
 * partition `analytics_event_default` for times no month partition covers yet (the collector creates
 * the month's partition before it stores events of a new month and moves any default rows into it;
 * see `collector/partitions.ts`). The existing rows are copied with their ids, and the id sequence
 * carries on. The primary key is `(time, id)` (a partitioned table's key holds the partition key),
 * which also serves the reads by time.
 *
 * Indexes (both dialects): only by time. The dashboards read the rollups, and events only for the
 * partial first and last day of a range, by time; the former indexes by event, by plugin and by
 * distinct id served the event scans the rollups replace and cost every insert.
 *
 * No `down`: the data stays readable by an older server (same columns), which would not use the
 * rollups.
 */
import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../database';

const DAY_MS = 86_400_000;

/** Creates the rollup tables (same shape on both dialects). */
// biome-ignore lint/suspicious/noExplicitAny: migrations run against the untyped schema of their time
async function createRollups(db: Kysely<any>, pg: boolean): Promise<void> {
  const count = pg ? 'bigint' : 'integer';
  await db.schema
    .createTable('analytics_daily_event')
    .addColumn('day', 'integer', (c) => c.notNull())
    .addColumn('project', 'text', (c) => c.notNull())
    .addColumn('event', 'text', (c) => c.notNull())
    .addColumn('n', count, (c) => c.notNull())
    .addPrimaryKeyConstraint('analytics_daily_event_pk', ['day', 'project', 'event'])
    .execute();
  await db.schema
    .createTable('analytics_daily_plugin')
    .addColumn('day', 'integer', (c) => c.notNull())
    .addColumn('project', 'text', (c) => c.notNull())
    .addColumn('plugin_key', 'text', (c) => c.notNull())
    .addColumn('views', count, (c) => c.notNull())
    .addColumn('installs', count, (c) => c.notNull())
    .addColumn('likes', count, (c) => c.notNull())
    .addPrimaryKeyConstraint('analytics_daily_plugin_pk', ['day', 'project', 'plugin_key'])
    .execute();
  await db.schema
    .createTable('analytics_daily_visitor')
    .addColumn('day', 'integer', (c) => c.notNull())
    .addColumn('project', 'text', (c) => c.notNull())
    .addColumn('distinct_id', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('analytics_daily_visitor_pk', ['day', 'project', 'distinct_id'])
    .execute();
  // A publisher's plugins by key, then days.
  await sql`CREATE INDEX analytics_daily_plugin_key_idx ON analytics_daily_plugin (plugin_key, day)`.execute(
    db,
  );
}

/** Fills the rollups from the events already stored (one aggregate per rollup). */
// biome-ignore lint/suspicious/noExplicitAny: see createRollups
async function rollUpStored(db: Kysely<any>): Promise<void> {
  const day = sql.raw(`CAST(time / ${DAY_MS} AS INTEGER)`);
  await sql`INSERT INTO analytics_daily_event (day, project, event, n)
    SELECT ${day}, project, event, count(*) FROM analytics_event WHERE event IS NOT NULL
    GROUP BY 1, 2, 3`.execute(db);
  await sql`INSERT INTO analytics_daily_plugin (day, project, plugin_key, views, installs, likes)
    SELECT ${day}, project, plugin_key,
      sum(CASE WHEN event = 'PluginView' THEN 1 ELSE 0 END),
      sum(CASE WHEN event = 'PluginInstall' THEN 1 ELSE 0 END),
      sum(CASE WHEN event = 'PluginLike' THEN 1 ELSE 0 END)
    FROM analytics_event
    WHERE plugin_key IS NOT NULL AND event IN ('PluginView', 'PluginInstall', 'PluginLike')
    GROUP BY 1, 2, 3`.execute(db);
  await sql`INSERT INTO analytics_daily_visitor (day, project, distinct_id)
    SELECT DISTINCT ${day}, project, distinct_id FROM analytics_event WHERE event = '$pageview'`.execute(db);
}

/** `analytics_event_yYYYYmMM` and the `[from, to)` ms bounds of the UTC month of `ms`. */
function monthPartition(ms: number): { name: string; from: number; to: number } {
  const d = new Date(ms);
  const y = d.getUTCFullYear();
  const m = d.getUTCMonth();
  return {
    name: `analytics_event_y${y}m${String(m + 1).padStart(2, '0')}`,
    from: Date.UTC(y, m, 1),
    to: Date.UTC(y, m + 1, 1),
  };
}

// biome-ignore lint/suspicious/noExplicitAny: see createRollups
async function upPostgres(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE analytics_event RENAME TO analytics_event_0005`.execute(db);
  await sql`DROP INDEX analytics_event_time_idx, analytics_event_event_time_idx,
    analytics_event_plugin_event_time_idx, analytics_event_distinct_id_idx`.execute(db);
  await sql`ALTER TABLE analytics_event_0005 RENAME CONSTRAINT analytics_event_pkey TO analytics_event_0005_pkey`.execute(
    db,
  );
  await sql`ALTER SEQUENCE analytics_event_id_seq OWNED BY NONE`.execute(db);
  await sql`CREATE TABLE analytics_event (
    id bigint NOT NULL DEFAULT nextval('analytics_event_id_seq'),
    project text NOT NULL,
    type text NOT NULL,
    event text,
    distinct_id text NOT NULL,
    login_id text,
    anonymous_id text,
    time bigint NOT NULL,
    received_at bigint NOT NULL,
    plugin_key text,
    url text,
    properties text NOT NULL,
    CONSTRAINT analytics_event_pkey PRIMARY KEY (time, id)
  ) PARTITION BY RANGE (time)`.execute(db);
  await sql`ALTER SEQUENCE analytics_event_id_seq OWNED BY analytics_event.id`.execute(db);
  await sql`CREATE TABLE analytics_event_default PARTITION OF analytics_event DEFAULT`.execute(db);
  // A partition per month of the stored events, and this month's and the next one's.
  const span = await sql<{ lo: string | null; hi: string | null }>`
    SELECT min(time) AS lo, max(time) AS hi FROM analytics_event_0005`.execute(db);
  const now = Date.now();
  const lo = Math.min(Number(span.rows[0]?.lo ?? now), now);
  const hi = Math.max(Number(span.rows[0]?.hi ?? now), now + 32 * DAY_MS);
  for (let at = monthPartition(lo).from; at <= hi; at = monthPartition(at).to) {
    const p = monthPartition(at);
    await sql`CREATE TABLE ${sql.id(p.name)} PARTITION OF analytics_event
      FOR VALUES FROM (${sql.lit(p.from)}) TO (${sql.lit(p.to)})`.execute(db);
  }
  await sql`INSERT INTO analytics_event SELECT id, project, type, event, distinct_id, login_id,
    anonymous_id, time, received_at, plugin_key, url, properties FROM analytics_event_0005`.execute(db);
  await sql`DROP TABLE analytics_event_0005`.execute(db);
  await createRollups(db, true);
  await rollUpStored(db);
  await sql`CREATE FUNCTION analytics_event_rollup() RETURNS trigger LANGUAGE plpgsql AS $$
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
  INSERT INTO analytics_daily_visitor (day, project, distinct_id)
    SELECT DISTINCT CAST(s.time / 86400000 AS INTEGER), s.project, s.distinct_id
    FROM analytics_event_new s WHERE s.event = '$pageview'
    ORDER BY 1, 2, 3
    ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$`.execute(db);
  await sql`CREATE TRIGGER analytics_event_rollup AFTER INSERT ON analytics_event
    REFERENCING NEW TABLE AS analytics_event_new
    FOR EACH STATEMENT EXECUTE FUNCTION analytics_event_rollup()`.execute(db);
  await sql`ANALYZE analytics_event`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: see createRollups
async function upSqlite(db: Kysely<any>): Promise<void> {
  await sql`DROP INDEX analytics_event_event_time_idx`.execute(db);
  await sql`DROP INDEX analytics_event_plugin_event_time_idx`.execute(db);
  await sql`DROP INDEX analytics_event_distinct_id_idx`.execute(db);
  await createRollups(db, false);
  await rollUpStored(db);
  // `WHERE true` before ON CONFLICT: SQLite's parser needs it after INSERT … SELECT.
  await sql`CREATE TRIGGER analytics_event_rollup AFTER INSERT ON analytics_event
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
    INSERT OR IGNORE INTO analytics_daily_visitor (day, project, distinct_id)
      SELECT CAST(NEW.time / 86400000 AS INTEGER), NEW.project, NEW.distinct_id
      WHERE NEW.event = '$pageview';
  END`.execute(db);
}

/** Rollups, their triggers, and on PostgreSQL the partitioned event table. */
// biome-ignore lint/suspicious/noExplicitAny: see createRollups
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  if (dialect === 'postgres') await upPostgres(db);
  else await upSqlite(db);
}
