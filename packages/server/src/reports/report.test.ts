/**
 * The analytics overview through the real server (SQLite and PostgreSQL projects): events are
 * inserted into `analytics_event` as the collector stores them, and every number the route answers
 * is compared with a recount of those events. Each test uses its own time window, so they share one
 * server without seeing each other's events. The publisher analytics: publisherAnalytics.test.ts.
 */
import { type AnalyticsOverview, type ErrorEnvelope, PluginEvent } from '@plugin-center/contract/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NewAnalyticsEventRow } from '../db/schema';
import { seededRandom } from '../random';
import { body, type TestApp } from '../testing/testApp';
import { bearer, createReportSession, event, utc } from '../testing/testReports';
import { sdkBatchTrackData, sdkRecord } from '../testing/testSdkEncoding';
import { DAY_MS } from './range';

const session = createReportSession();
const { insertEvents } = session;
let t: TestApp;
let adminToken: string;
let userToken: string;

function overview(query: Record<string, string | number>, token: string | null = adminToken) {
  const qs = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString();
  return t.app.inject({
    method: 'GET',
    url: `/api/cmt/manager/analytics/overview${qs ? `?${qs}` : ''}`,
    headers: token ? bearer(token) : {},
  });
}

async function overviewData(query: Record<string, string | number>): Promise<AnalyticsOverview> {
  const res = await overview(query);
  expect(res.statusCode, res.body).toBe(200);
  return body<{ code: 0; data: AnalyticsOverview }>(res).data;
}

beforeAll(async () => {
  ({ t, adminToken, userToken } = await session.start());
});

afterAll(() => session.close());

describe('GET /api/cmt/manager/analytics/overview', () => {
  it('is for administrators: 401 without a token, 403 for a general user', async () => {
    const none = await overview({}, null);
    expect(none.statusCode).toBe(401);
    expect(body<ErrorEnvelope>(none).error).toBe('UNAUTHORIZED');
    const user = await overview({}, userToken);
    expect(user.statusCode).toBe(403);
    expect(body<ErrorEnvelope>(user)).toMatchObject({
      error: 'FORBIDDEN',
      message: 'Current account has no permission',
    });
  });

  it('answers every UTC day of the range, zero-filled, with page views and distinct visitors per day', async () => {
    const d0 = utc(2021, 3, 1);
    await insertEvents([
      event({ time: d0 - 1, distinct_id: 'before' }), // before the range
      event({ time: d0, distinct_id: 'u1' }),
      event({ time: d0 + 1000, distinct_id: 'u1' }),
      event({ time: d0 + DAY_MS - 1, distinct_id: 'u1' }),
      event({ time: d0 + 5000, distinct_id: 'u2' }),
      event({ time: d0 + 2 * DAY_MS + 10, distinct_id: 'u1' }),
      event({ time: d0 + 2 * DAY_MS + 20, distinct_id: 'u3' }),
      event({ time: d0 + 5 * DAY_MS - 1, distinct_id: 'u2' }), // last ms of the last day
      event({ time: d0 + 5 * DAY_MS, distinct_id: 'after' }), // `to` is exclusive
      event({ time: d0 + 3000, distinct_id: 'u9', event: '$WebClick' }), // not a page view
      event({ time: d0 + 4000, distinct_id: 'u8', type: 'profile_set', event: null }),
    ]);
    const data = await overviewData({ from: d0, to: d0 + 5 * DAY_MS });
    expect(data).toMatchObject({ from: d0, to: d0 + 5 * DAY_MS });
    expect(data.days).toEqual([
      { day: '2021-03-01', pageviews: 4, visitors: 2 },
      { day: '2021-03-02', pageviews: 0, visitors: 0 },
      { day: '2021-03-03', pageviews: 2, visitors: 2 },
      { day: '2021-03-04', pageviews: 0, visitors: 0 },
      { day: '2021-03-05', pageviews: 1, visitors: 1 },
    ]);
    expect(data.visitors).toBe(3); // u1, u2, u3: each once over the range (5 visitor-days)
    expect(data.events).toEqual([
      { event: '$pageview', count: 7 },
      { event: '$WebClick', count: 1 },
    ]);
    expect(data.total_events).toBe(8);
    expect(data.top_plugins).toEqual([]);
  });

  it('counts a range that does not start at midnight on the days it touches', async () => {
    const d0 = utc(2021, 4, 1);
    await insertEvents([
      event({ time: d0 + 10 * 3600_000, distinct_id: 'a' }),
      event({ time: d0 + 13 * 3600_000, distinct_id: 'a' }), // before `from`
      event({ time: d0 + DAY_MS + 11 * 3600_000, distinct_id: 'b' }),
      event({ time: d0 + DAY_MS + 13 * 3600_000, distinct_id: 'c' }), // at/after `to`
    ]);
    const data = await overviewData({ from: d0 + 12 * 3600_000, to: d0 + DAY_MS + 12 * 3600_000 });
    expect(data.days).toEqual([
      { day: '2021-04-01', pageviews: 1, visitors: 1 },
      { day: '2021-04-02', pageviews: 1, visitors: 1 },
    ]);
  });

  it('lists the top 10 plugins by views with installs, likes and names, never a made-up key', async () => {
    const d0 = utc(2021, 5, 1);
    const rows: NewAnalyticsEventRow[] = [];
    const add = (plugin_key: string, name: string, n: number, day = 0) => {
      for (let i = 0; i < n; i += 1) {
        rows.push(event({ time: d0 + day * DAY_MS + i, event: name, plugin_key, distinct_id: `v${i}` }));
      }
    };
    add('color-magic', PluginEvent.VIEW, 30);
    add('color-magic', PluginEvent.INSTALL, 4);
    add('color-magic', PluginEvent.LIKE, 2);
    add('color-magic', PluginEvent.UNINSTALL, 1);
    add('color-magic', PluginEvent.UNLIKE, 1);
    add('ghost-plugin', PluginEvent.VIEW, 25, 1);
    add('icon-kit', PluginEvent.INSTALL, 3, 2); // installs without views
    for (let i = 0; i < 12; i += 1) add(`p${i}`, PluginEvent.VIEW, i + 1, i % 3);
    await insertEvents(rows);
    const data = await overviewData({ from: d0, to: d0 + 3 * DAY_MS });
    expect(data.top_plugins).toEqual([
      { plugin_key: 'color-magic', name: 'Color Magic', views: 30, installs: 4, likes: 2 },
      // 'ghost-plugin' (25 views sent with a key no plugin has) is not charted.
      ...[11, 10, 9, 8, 7, 6, 5, 4, 3].map((i) => ({
        plugin_key: `p${i}`,
        name: `Plugin ${i}`,
        views: i + 1,
        installs: 0,
        likes: 0,
      })),
    ]);
    expect(data.events).toEqual([
      { event: PluginEvent.VIEW, count: 30 + 25 + 78 },
      { event: PluginEvent.INSTALL, count: 7 },
      { event: PluginEvent.LIKE, count: 2 },
      { event: PluginEvent.UNINSTALL, count: 1 },
      { event: PluginEvent.UNLIKE, count: 1 },
    ]);
    expect(data.total_events).toBe(rows.length);
    expect(data.days.map((d) => d.pageviews)).toEqual([0, 0, 0]);
  });

  it('leaves out names and plugins whose events all fall outside a range covering most of a day', async () => {
    const d0 = utc(2021, 6, 1);
    const hour = 3_600_000;
    await insertEvents([
      event({
        time: d0 + 10 * 60_000,
        event: PluginEvent.VIEW,
        plugin_key: 'icon-kit',
        distinct_id: 'early',
      }),
      event({ time: d0 + 20 * 60_000, event: '$WebStay', distinct_id: 'early' }),
      event({
        time: d0 + 12 * hour,
        event: PluginEvent.VIEW,
        plugin_key: 'color-magic',
        distinct_id: 'noon',
      }),
      event({ time: d0 + 12 * hour + 1, distinct_id: 'noon' }),
      event({
        time: d0 + 23 * hour + 30 * 60_000,
        event: PluginEvent.LIKE,
        plugin_key: 'icon-kit',
        distinct_id: 'late',
      }),
    ]);
    const data = await overviewData({ from: d0 + hour, to: d0 + 23 * hour });
    expect(data.top_plugins).toEqual([
      { plugin_key: 'color-magic', name: 'Color Magic', views: 1, installs: 0, likes: 0 },
    ]);
    expect(data.events).toEqual([
      { event: '$pageview', count: 1 },
      { event: PluginEvent.VIEW, count: 1 },
    ]);
    expect(data.total_events).toBe(2);
    expect(data.days).toEqual([{ day: '2021-06-01', pageviews: 1, visitors: 1 }]);
    expect(data.visitors).toBe(1);
  });

  it('equals a recount of 1,500 random events (both dialects bucket the same UTC days)', async () => {
    const d0 = utc(2021, 7, 1);
    const random = seededRandom(42);
    const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
    const names = ['$pageview', '$pageview', '$WebClick', '$WebStay', ...Object.values(PluginEvent)];
    const keys = ['color-magic', 'grid-helper', 'icon-kit', 'other-tool', 'p1', 'p2', 'nowhere'];
    const rows = Array.from({ length: 1500 }, () => {
      const name = pick(names);
      return event({
        time: d0 + Math.floor(random() * 10 * DAY_MS),
        event: name,
        distinct_id: `d${Math.floor(random() * 40)}`,
        plugin_key: name.startsWith('Plugin') ? pick(keys) : null,
      });
    });
    await insertEvents(rows);
    const data = await overviewData({ from: d0, to: d0 + 10 * DAY_MS });

    const days = Array.from({ length: 10 }, (_, i) => {
      const views = rows.filter(
        (r) => r.event === '$pageview' && Math.floor((r.time as number) / DAY_MS) === d0 / DAY_MS + i,
      );
      return {
        day: new Date(d0 + i * DAY_MS).toISOString().slice(0, 10),
        pageviews: views.length,
        visitors: new Set(views.map((r) => r.distinct_id)).size,
      };
    });
    expect(data.days).toEqual(days);
    const count = (key: string, name: string) =>
      rows.filter((r) => r.plugin_key === key && r.event === name).length;
    for (const p of data.top_plugins) {
      expect(p).toMatchObject({
        views: count(p.plugin_key, PluginEvent.VIEW),
        installs: count(p.plugin_key, PluginEvent.INSTALL),
        likes: count(p.plugin_key, PluginEvent.LIKE),
      });
    }
    // Every key but 'nowhere' (no such plugin) is charted.
    expect(data.top_plugins.map((p) => p.plugin_key).sort()).toEqual(
      keys.filter((k) => k !== 'nowhere').sort(),
    );
    const views = data.top_plugins.map((p) => p.views);
    expect(views).toEqual([...views].sort((a, b) => b - a));
    const byName = new Map<string, number>();
    for (const r of rows) byName.set(r.event!, (byName.get(r.event!) ?? 0) + 1);
    expect(Object.fromEntries(data.events.map((e) => [e.event, e.count]))).toEqual(
      Object.fromEntries(byName),
    );
    expect(data.total_events).toBe(1500);
  });

  it('lists the 100 most frequent event names and counts every named event in total_events', async () => {
    const d0 = utc(2021, 8, 1);
    // 105 names, name i sent i + 1 times, on a whole day and on the partial day after it.
    const rows: NewAnalyticsEventRow[] = [];
    for (let i = 0; i < 105; i += 1) {
      for (let k = 0; k <= i; k += 1) {
        const time = d0 + (k % 2 === 0 ? k : DAY_MS + k);
        rows.push(event({ time, distinct_id: `v${k}`, event: `Event${String(i).padStart(3, '0')}` }));
      }
    }
    await insertEvents(rows);
    const data = await overviewData({ from: d0, to: d0 + DAY_MS + 60_000 });
    expect(data.events).toHaveLength(100);
    expect(data.events[0]).toEqual({ event: 'Event104', count: 105 });
    expect(data.events[99]).toEqual({ event: 'Event005', count: 6 });
    expect(data.total_events).toBe(rows.length); // 5,565, the five least frequent names included
  });

  it('filters by project', async () => {
    const d0 = utc(2021, 9, 1);
    await insertEvents([
      event({ time: d0 + 1, project: 'production', distinct_id: 'a' }),
      event({ time: d0 + 2, project: 'production', distinct_id: 'b' }),
      event({ time: d0 + 3, project: 'default', distinct_id: 'c' }),
      event({ time: d0 + 4, project: 'production', event: PluginEvent.VIEW, plugin_key: 'grid-helper' }),
      event({ time: d0 + 5, project: 'default', event: PluginEvent.VIEW, plugin_key: 'icon-kit' }),
    ]);
    const range = { from: d0, to: d0 + DAY_MS };
    const production = await overviewData({ ...range, project: 'production' });
    expect(production.days).toEqual([{ day: '2021-09-01', pageviews: 2, visitors: 2 }]);
    expect(production.top_plugins.map((p) => p.plugin_key)).toEqual(['grid-helper']);
    expect(production.total_events).toBe(3);
    const all = await overviewData(range);
    expect(all.days).toEqual([{ day: '2021-09-01', pageviews: 3, visitors: 3 }]);
    expect(all.total_events).toBe(5);
    const none = await overviewData({ ...range, project: 'nothing-here' });
    expect(none).toMatchObject({ total_events: 0, events: [], top_plugins: [] });
    expect(none.days).toEqual([{ day: '2021-09-01', pageviews: 0, visitors: 0 }]);
  });

  it('counts what the tracker sent through the collector (POST /sa) exactly', async () => {
    const today = Math.floor(Date.now() / DAY_MS) * DAY_MS;
    const at = (daysAgo: number, ms = 0) => today - daysAgo * DAY_MS + ms;
    const records = [
      sdkRecord('sa-1', { time: at(2, 1) }),
      sdkRecord('sa-1', { time: at(2, 2) }),
      sdkRecord('sa-2', { time: at(2, 3) }),
      sdkRecord('sa-2', { time: at(0, 1) }),
      sdkRecord('sa-1', { time: at(2, 4), event: PluginEvent.VIEW }, { plugin_key: 'grid-helper' }),
      sdkRecord('sa-2', { time: at(1, 5), event: PluginEvent.VIEW }, { plugin_key: 'grid-helper' }),
      sdkRecord('sa-2', { time: at(1, 6), event: PluginEvent.INSTALL }, { plugin_key: 'grid-helper' }),
      sdkRecord('sa-2', { time: at(1, 7), event: PluginEvent.LIKE }, { plugin_key: 'grid-helper' }),
    ];
    const sent = await t.app.inject({
      method: 'POST',
      url: '/sa?project=oversea_production',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: sdkBatchTrackData(records),
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const data = await overviewData({ from: at(2), to: at(-1), project: 'oversea_production' });
    expect(data.days).toEqual([
      { day: new Date(at(2)).toISOString().slice(0, 10), pageviews: 3, visitors: 2 },
      { day: new Date(at(1)).toISOString().slice(0, 10), pageviews: 0, visitors: 0 },
      { day: new Date(at(0)).toISOString().slice(0, 10), pageviews: 1, visitors: 1 },
    ]);
    expect(data.top_plugins).toEqual([
      { plugin_key: 'grid-helper', name: 'Grid Helper', views: 2, installs: 1, likes: 1 },
    ]);
    expect(data.total_events).toBe(records.length);
  });

  it('defaults to the 30 UTC days up to now', async () => {
    const before = Date.now();
    const data = await overviewData({});
    const after = Date.now();
    expect(data.to).toBeGreaterThanOrEqual(before);
    expect(data.to).toBeLessThanOrEqual(after);
    const today = Math.floor(data.to / DAY_MS);
    expect(data.from).toBe((today - 29) * DAY_MS);
    expect(data.days).toHaveLength(30);
    expect(data.days.at(-1)!.day).toBe(new Date(data.to).toISOString().slice(0, 10));
  });

  it('rejects a bad range with 400 INVALID_PARAMETER', async () => {
    const d0 = utc(2022, 1, 1);
    const bad: Record<string, string | number>[] = [
      { from: d0, to: d0 },
      { from: d0 + 1, to: d0 },
      { from: d0, to: d0 + 366 * DAY_MS + 1 },
      { from: 'yesterday', to: d0 },
      { from: -5, to: d0 },
      { from: d0, to: d0 + DAY_MS, unknown: 1 },
    ];
    for (const query of bad) {
      const res = await overview(query);
      expect(res.statusCode, JSON.stringify(query)).toBe(400);
      expect(body<ErrorEnvelope>(res).error).toBe('INVALID_PARAMETER');
    }
    expect(body<ErrorEnvelope>(await overview({ from: d0 + 1, to: d0 })).message).toMatch(/earlier than to/);
    const longest = await overviewData({ from: d0, to: d0 + 366 * DAY_MS });
    expect(longest.days).toHaveLength(366);
    expect(longest.days[0]!.day).toBe('2022-01-01');
    expect(longest.days.at(-1)!.day).toBe('2023-01-01');
  });
});
