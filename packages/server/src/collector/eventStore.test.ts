/**
 * The event store of migration 0026 on the dialect of the test project: the daily rollups equal the
 * stored events (the dashboards read them for whole days and events only for partial edge days),
 * the existing events are rolled up (and on PostgreSQL moved into month partitions) by the migration,
 * the collector creates the partition of a new month and moves the rows of the default partition
 * into it, and the retention removes old events and their rollup days and refuses older records.
 */
import { Role } from '@plugin-center/contract/schemas';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres, openSqlite } from '../db/database';
import * as m0005 from '../db/migrations/0005_analytics';
import * as m0026 from '../db/migrations/0026_analytics_rollups';
import * as m0029 from '../db/migrations/0029_analytics_visitors';
import type { NewAnalyticsEventRow } from '../db/schema';
import { createTestApp, signedInHeaders } from '../testing/testApp';
import { createTestPostgresDatabase, TEST_DIALECT } from '../testing/testDatabase';
import { createReportSession, event, utc } from '../testing/testReports';
import { sdkBatchTrackData, sdkRecord } from '../testing/testSdkEncoding';
import { maintainEvents, monthPartition, PartitionKeeper } from './partitions';

const DAY = 86_400_000;
const pg = TEST_DIALECT === 'postgres';

/** A deterministic spread of events over 40 days, 2 projects, 5 plugins, 30 visitors. */
function spread(count: number): NewAnalyticsEventRow[] {
  const names = ['$pageview', 'PluginView', 'PluginInstall', 'PluginLike', '$WebClick', 'PluginView'];
  const keys = ['color-magic', 'grid-helper', 'icon-kit', 'unknown-key', 'p3'];
  const start = utc(2025, 3, 10);
  return Array.from({ length: count }, (_, i) => {
    const name = names[(i * 7) % names.length]!;
    return event({
      time: start + ((i * 7_919_993) % (40 * DAY)),
      event: i % 97 === 0 ? null : name,
      type: i % 97 === 0 ? 'profile_set' : 'track',
      project: i % 5 === 0 ? 'production' : 'default',
      distinct_id: `v${(i * 13) % 30}`,
      plugin_key: name === '$WebClick' ? null : keys[(i * 3) % keys.length]!,
    });
  });
}

/** The overview computed from the events themselves, as the dashboards did before the rollups. */
async function overviewFromEvents(
  server: Awaited<ReturnType<ReturnType<typeof createReportSession>['start']>>,
  from: number,
  to: number,
  project?: string,
) {
  const k = server.t.app.db.kysely;
  const p = project === undefined ? sql`` : sql` AND project = ${project}`;
  const byName = await sql<{ event: string; n: string | number }>`SELECT event, count(*) AS n
    FROM analytics_event WHERE "time" >= ${from} AND "time" < ${to} AND event IS NOT NULL${p}
    GROUP BY event`.execute(k);
  const visitors = await sql<{ n: string | number }>`SELECT count(DISTINCT distinct_id) AS n
    FROM analytics_event WHERE "time" >= ${from} AND "time" < ${to} AND event = '$pageview'${p}`.execute(k);
  const days = await sql<{ day: number; n: string | number; v: string | number }>`
    SELECT CAST("time" / 86400000 AS INTEGER) AS day, count(*) AS n, count(DISTINCT distinct_id) AS v
    FROM analytics_event WHERE "time" >= ${from} AND "time" < ${to} AND event = '$pageview'${p}
    GROUP BY CAST("time" / 86400000 AS INTEGER)`.execute(k);
  const plugins = await sql<{
    plugin_key: string;
    v: string | number;
    i: string | number;
    l: string | number;
  }>`
    SELECT plugin_key, sum(CASE WHEN event = 'PluginView' THEN 1 ELSE 0 END) AS v,
      sum(CASE WHEN event = 'PluginInstall' THEN 1 ELSE 0 END) AS i,
      sum(CASE WHEN event = 'PluginLike' THEN 1 ELSE 0 END) AS l
    FROM analytics_event WHERE "time" >= ${from} AND "time" < ${to}${p}
      AND event IN ('PluginView', 'PluginInstall', 'PluginLike')
      AND plugin_key IN (SELECT plugin_key FROM plugin)
    GROUP BY plugin_key ORDER BY v DESC, i DESC, l DESC, plugin_key LIMIT 10`.execute(k);
  return {
    top: plugins.rows.map((r) => [r.plugin_key, Number(r.v), Number(r.i), Number(r.l)]),
    events: Object.fromEntries(byName.rows.map((r) => [r.event, Number(r.n)])),
    visitors: Number(visitors.rows[0]?.n ?? 0),
    pageviews: Object.fromEntries(days.rows.map((r) => [Number(r.day), [Number(r.n), Number(r.v)]])),
  };
}

describe('the daily rollups', () => {
  const session = createReportSession();
  let server: Awaited<ReturnType<typeof session.start>>;

  beforeAll(async () => {
    server = await session.start();
    await session.insertEvents(spread(3000));
  });
  afterAll(() => session.close());

  it('answer every range like a count over the events: whole days, partial edges, one project', async () => {
    const ranges: [number, number, string?][] = [
      [utc(2025, 3, 12), utc(2025, 4, 12)],
      [utc(2025, 3, 12) + 3_600_000, utc(2025, 4, 2) + 5 * 3_600_000, 'default'],
      [utc(2025, 3, 20) + 7_000_000, utc(2025, 3, 20) + 9_000_000],
      [utc(2025, 3, 20) + 7_000_000, utc(2025, 3, 21) + 9_000_000, 'production'],
      [utc(2025, 3, 1), utc(2025, 6, 1)],
      // Edges of more than half a day: the day's rollup less the events of the rest of it.
      [utc(2025, 3, 20) + 3_600_000, utc(2025, 3, 20) + 23 * 3_600_000],
      [utc(2025, 3, 18) + 20 * 3_600_000, utc(2025, 3, 25) + 20 * 3_600_000, 'production'],
      // Months more than half covered: the monthly rollup less the days outside the range.
      [utc(2025, 3, 5), utc(2025, 4, 25) + 13 * 3_600_000],
      [utc(2025, 3, 14), utc(2025, 4, 9), 'default'],
    ];
    for (const [from, to, project] of ranges) {
      const res = await server.t.app.inject({
        method: 'GET',
        url: '/api/cmt/manager/analytics/overview',
        query: { from: String(from), to: String(to), ...(project ? { project } : {}) },
        headers: { authorization: `Bearer ${server.adminToken}` },
      });
      expect(res.statusCode).toBe(200);
      const answer = res.json().data as {
        days: { day: string; pageviews: number; visitors: number }[];
        visitors: number;
        events: { event: string; count: number }[];
        total_events: number;
        top_plugins: { plugin_key: string; views: number; installs: number; likes: number }[];
      };
      const truth = await overviewFromEvents(server, from, to, project);
      expect(Object.fromEntries(answer.events.map((e) => [e.event, e.count]))).toEqual(truth.events);
      expect(answer.total_events).toBe(Object.values(truth.events).reduce((a, b) => a + b, 0));
      expect(answer.visitors).toBe(truth.visitors);
      expect(answer.top_plugins.map((t) => [t.plugin_key, t.views, t.installs, t.likes])).toEqual(truth.top);
      const nonZero = answer.days
        .filter((d) => d.pageviews > 0)
        .map((d) => [Date.parse(`${d.day}T00:00:00Z`) / DAY, [d.pageviews, d.visitors]]);
      expect(Object.fromEntries(nonZero)).toEqual(truth.pageviews);
      expect(truth.visitors).toBeGreaterThan(0);
    }
  });

  it('hold one row per day and name, per plugin key, and per visitor with a page view', async () => {
    const k = server.t.app.db.kysely;
    const events = await sql<{ n: string | number }>`SELECT sum(n) AS n FROM analytics_daily_event`.execute(
      k,
    );
    const named = await k
      .selectFrom('analytics_event')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('event', 'is not', null)
      .executeTakeFirstOrThrow();
    expect(Number(events.rows[0]?.n)).toBe(Number(named.n));
    const visitorDays = await sql<{ n: string | number }>`SELECT count(*) AS n FROM (
      SELECT DISTINCT CAST("time" / 86400000 AS INTEGER), project, distinct_id FROM analytics_event
      WHERE event = '$pageview') AS d`.execute(k);
    const rolled = await k
      .selectFrom('analytics_daily_visitor')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(rolled.n)).toBe(Number(visitorDays.rows[0]?.n));
  });

  it('count the visitor-days per day and previous day, late events on earlier days included', async () => {
    const k = server.t.app.db.kysely;
    // A visitor seen on the 5th, then events of the 3rd and 1st arrive late (each its own statement).
    const d = utc(2025, 5, 1);
    for (const day of [4, 2, 0, 4, 3]) {
      await session.insertEvents([event({ time: d + day * DAY + 1000, distinct_id: 'late-visitor' })]);
    }
    const recount = await sql<{ project: string; day: number; prev: number; n: string | number }>`
      SELECT project, day, coalesce(prev, -1) AS prev, count(*) AS n FROM analytics_daily_visitor
      GROUP BY 1, 2, 3
      UNION ALL SELECT '', day, coalesce(prev, -1), count(*) FROM analytics_daily_visitor_all GROUP BY 1, 2, 3
      ORDER BY 1, 2, 3`.execute(k);
    const gaps = await sql<{ project: string; day: number; prev: number; n: string | number }>`
      SELECT project, day, prev, n FROM analytics_visitor_gaps WHERE n <> 0 ORDER BY 1, 2, 3`.execute(k);
    const rows = (r: typeof gaps.rows) =>
      r.map((x) => [x.project, Number(x.day), Number(x.prev), Number(x.n)]);
    expect(rows(gaps.rows)).toEqual(rows(recount.rows));
    const late = await sql<{
      day: number;
      prev: number | null;
    }>`SELECT day, prev FROM analytics_daily_visitor_all
      WHERE distinct_id = 'late-visitor' ORDER BY day`.execute(k);
    const first = d / DAY;
    expect(
      late.rows.map((r) => [Number(r.day) - first, r.prev === null ? null : Number(r.prev) - first]),
    ).toEqual([
      [0, null],
      [2, 0],
      [3, 2],
      [4, 3],
    ]);
  });
});

describe('migrations 0026 and 0029 on stored events', () => {
  it('roll up the events already stored and keep their ids (PostgreSQL: in month partitions)', async () => {
    let drop: (() => Promise<void>) | undefined;
    let dir: string | undefined;
    let db: ReturnType<typeof openSqlite>;
    if (pg) {
      const database = await createTestPostgresDatabase();
      drop = database.drop;
      db = openPostgres(database.url);
    } else {
      const { mkdtemp } = await import('node:fs/promises');
      const { tmpdir } = await import('node:os');
      const { join } = await import('node:path');
      dir = await mkdtemp(join(tmpdir(), 'pc-0026-'));
      db = openSqlite(join(dir, 'db.sqlite'));
    }
    try {
      await m0005.up(db.kysely, db.dialect);
      const rows = spread(600);
      await db.kysely.insertInto('analytics_event').values(rows).execute();
      const before = await db.kysely
        .selectFrom('analytics_event')
        .select(['id', 'time'])
        .orderBy('id')
        .execute();
      await m0026.up(db.kysely, db.dialect);
      await m0029.up(db.kysely, db.dialect);
      // Each visitor's first page-view day has no previous day, in all projects and per project.
      const firsts = await sql<{ a: string | number; p: string | number }>`SELECT
        (SELECT count(*) FROM analytics_daily_visitor_all WHERE prev IS NULL) AS a,
        (SELECT count(*) FROM analytics_daily_visitor WHERE prev IS NULL) AS p`.execute(db.kysely);
      const pageviews = rows.filter((r) => r.event === '$pageview');
      expect([Number(firsts.rows[0]?.a), Number(firsts.rows[0]?.p)]).toEqual([
        new Set(pageviews.map((r) => r.distinct_id)).size,
        new Set(pageviews.map((r) => `${r.project} ${r.distinct_id}`)).size,
      ]);
      const after = await db.kysely
        .selectFrom('analytics_event')
        .select(['id', 'time'])
        .orderBy('id')
        .execute();
      expect(after.map((r) => [Number(r.id), Number(r.time)])).toEqual(
        before.map((r) => [Number(r.id), Number(r.time)]),
      );
      const sums = await sql<{ n: string | number }>`SELECT sum(n) AS n FROM analytics_daily_event`.execute(
        db.kysely,
      );
      expect(Number(sums.rows[0]?.n)).toBe(rows.filter((r) => r.event).length);
      const plugin = await sql<{ v: string | number; i: string | number; l: string | number }>`
        SELECT sum(views) AS v, sum(installs) AS i, sum(likes) AS l FROM analytics_daily_plugin`.execute(
        db.kysely,
      );
      const of = (name: string) => rows.filter((r) => r.event === name && r.plugin_key).length;
      expect(
        plugin.rows[0] && [Number(plugin.rows[0].v), Number(plugin.rows[0].i), Number(plugin.rows[0].l)],
      ).toEqual([of('PluginView'), of('PluginInstall'), of('PluginLike')]);
      // New inserts continue the ids and go through the rollup trigger.
      await db.kysely
        .insertInto('analytics_event')
        .values([event({ time: utc(2025, 3, 11) + 5 })])
        .execute();
      const last = await db.kysely
        .selectFrom('analytics_event')
        .select('id')
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();
      expect(Number(last.id)).toBe(Number(before.at(-1)!.id) + 1);
      const sums2 = await sql<{ n: string | number }>`SELECT sum(n) AS n FROM analytics_daily_event`.execute(
        db.kysely,
      );
      expect(Number(sums2.rows[0]?.n)).toBe(rows.filter((r) => r.event).length + 1);
      if (pg) {
        const where = await sql<{
          part: string;
          n: string;
        }>`SELECT tableoid::regclass::text AS part, count(*) AS n
          FROM analytics_event GROUP BY 1 ORDER BY 1`.execute(db.kysely);
        expect(where.rows.map((r) => r.part)).toEqual([
          'analytics_event_y2025m03',
          'analytics_event_y2025m04',
        ]);
      }
    } finally {
      await db.close();
      await drop?.();
      if (dir) {
        const { rm } = await import('node:fs/promises');
        await rm(dir, { recursive: true, force: true });
      }
    }
  });
});

describe('partitions and retention', () => {
  it('stores events of a new month in its own partition, moving the default rows into it', async () => {
    const now = utc(2025, 6, 15);
    const t = await createTestApp({ importCatalogueOnEmpty: false }, { clock: () => now });
    try {
      const k = t.app.db.kysely;
      // Stored by other means in a month without a partition: the default partition on PostgreSQL.
      await k
        .insertInto('analytics_event')
        .values([event({ time: utc(2025, 1, 10) })])
        .execute();
      const res = await t.app.inject({
        method: 'POST',
        url: '/sa?project=default',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: sdkBatchTrackData([sdkRecord('late-visitor', { time: utc(2025, 1, 20) })]),
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().data.accepted).toBe(1);
      const rows = await k
        .selectFrom('analytics_event')
        .select(['distinct_id'])
        .where('time', '>=', utc(2025, 1, 1))
        .where('time', '<', utc(2025, 2, 1))
        .orderBy('time')
        .execute();
      expect(rows.map((r) => r.distinct_id)).toEqual(['visitor', 'late-visitor']);
      if (pg) {
        const parts = await sql<{ part: string }>`SELECT DISTINCT tableoid::regclass::text AS part
          FROM analytics_event WHERE "time" < ${utc(2025, 2, 1)}`.execute(k);
        expect(parts.rows.map((r) => r.part)).toEqual([monthPartition(utc(2025, 1, 10)).name]);
        const left = await sql<{ n: string }>`SELECT count(*) AS n FROM analytics_event_default`.execute(k);
        expect(Number(left.rows[0]?.n)).toBe(0);
      }
      // Both counted once by the dashboard.
      const admin = await signedInHeaders(t.app, { role: Role.GENERAL_ADMIN });
      const overview = await t.app.inject({
        method: 'GET',
        url: '/api/cmt/manager/analytics/overview',
        query: { from: String(utc(2025, 1, 1)), to: String(utc(2025, 2, 1)) },
        headers: admin,
      });
      expect(overview.json().data.visitors).toBe(2);
      expect(overview.json().data.total_events).toBe(2);
    } finally {
      await t.close();
    }
  });

  it('removes events before the retention with their rollup days, and refuses older records', async () => {
    const now = utc(2025, 6, 15) + 3_600_000;
    const t = await createTestApp(
      { importCatalogueOnEmpty: false, analyticsRetentionDays: 30 },
      { clock: () => now },
    );
    try {
      const k = t.app.db.kysely;
      const keeper = new PartitionKeeper(t.app.db);
      const times = [utc(2025, 3, 3), utc(2025, 5, 10), utc(2025, 5, 20), utc(2025, 6, 14)];
      await keeper.ensure(times);
      await k
        .insertInto('analytics_event')
        .values(times.map((time, i) => event({ time, distinct_id: `r${i}` })))
        .execute();
      const result = await maintainEvents(t.app.db, keeper, 30, now);
      const left = await k.selectFrom('analytics_event').select('time').orderBy('time').execute();
      const days = await k.selectFrom('analytics_daily_visitor').select('day').orderBy('day').execute();
      // Cutoff: 2025-05-16 00:00 UTC. PostgreSQL drops whole months before the cutoff's month.
      const kept = pg ? times.slice(1) : times.slice(2);
      expect(left.map((r) => Number(r.time))).toEqual(kept);
      expect(days.map((r) => r.day)).toEqual(kept.map((time) => time / DAY));
      if (pg) expect(result.droppedPartitions).toEqual(['analytics_event_y2025m03']);
      else expect(result.deletedRows).toBe(2);

      const res = await t.app.inject({
        method: 'POST',
        url: '/sa?project=default',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: sdkBatchTrackData([
          sdkRecord('old', { time: utc(2025, 5, 15) }),
          sdkRecord('new', { time: utc(2025, 5, 16) }),
        ]),
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toEqual({
        accepted: 1,
        rejected: [{ index: 0, reason: 'time is invalid: older than the retention' }],
      });
    } finally {
      await t.close();
    }
  });
});
