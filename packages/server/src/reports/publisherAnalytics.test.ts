/**
 * The publisher analytics through the real server (SQLite and PostgreSQL projects): events are
 * inserted into `analytics_event` as the collector stores them; a developer reads the figures of
 * the plugins their account owns, an administrator those of the developer they name, per UTC day.
 */
import { type ErrorEnvelope, PluginEvent, type PublisherAnalytics } from '@plugin-center/contract/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NewAnalyticsEventRow } from '../db/schema';
import { body, signInTestUser, type TestApp } from '../testing/testApp';
import { bearer, createReportSession, event, utc } from '../testing/testReports';
import { DAY_MS } from './range';

const session = createReportSession();
const { insertEvents } = session;
let t: TestApp;
let adminToken: string;

function publisher(query: Record<string, string | number>, token: string | null) {
  const qs = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString();
  return t.app.inject({
    method: 'GET',
    url: `/api/cmt/plugin/analytics${qs ? `?${qs}` : ''}`,
    headers: token ? bearer(token) : {},
  });
}

/** Signs in a general user whose nick_name and user_name are given. */
async function signInNamed(nick_name: string, user_name: string): Promise<string> {
  const login = await signInTestUser(t.app);
  await t.app.db.kysely
    .updateTable('user_account')
    .set({ nick_name, user_name })
    .where('id', '=', login.user_info.user_id)
    .execute();
  return login.access_token;
}

beforeAll(async () => {
  ({ t, adminToken } = await session.start());
});

afterAll(() => session.close());

describe('GET /api/cmt/plugin/analytics (publisher)', () => {
  const d0 = utc(2023, 2, 1);
  const range = { from: d0, to: d0 + 4 * DAY_MS };

  beforeAll(async () => {
    const rows: NewAnalyticsEventRow[] = [];
    const add = (plugin_key: string, name: string, day: number, n: number) => {
      for (let i = 0; i < n; i += 1) {
        rows.push(event({ time: d0 + day * DAY_MS + i, event: name, plugin_key, distinct_id: `x${i}` }));
      }
    };
    add('color-magic', PluginEvent.VIEW, 0, 3);
    add('color-magic', PluginEvent.VIEW, 2, 5);
    add('color-magic', PluginEvent.INSTALL, 2, 2);
    add('color-magic', PluginEvent.LIKE, 3, 1);
    add('grid-helper', PluginEvent.VIEW, 1, 2);
    add('grid-helper', PluginEvent.INSTALL, 3, 1);
    add('icon-kit', PluginEvent.VIEW, 1, 1);
    add('other-tool', PluginEvent.VIEW, 0, 9);
    add('color-magic', PluginEvent.VIEW, 4, 7); // after the range
    // quiet-one (Ada Dev) has no events: it is not listed.
    await insertEvents(rows);
  });

  it('401 without a token', async () => {
    const res = await publisher(range, null);
    expect(res.statusCode).toBe(401);
  });

  it('a general user named like the publisher reads nothing of theirs (ownership, not a name)', async () => {
    const token = await signInNamed('Ada Dev', 'ada');
    for (const query of [range, { ...range, developer: 'Ada Dev' }]) {
      const res = await publisher(query, token);
      expect(res.statusCode, res.body).toBe(200);
      expect(body<{ data: PublisherAnalytics }>(res).data.plugins).toEqual([]);
    }
  });

  it('a general user reads the plugins their account owns', async () => {
    const login = await signInTestUser(t.app);
    await t.app.db.kysely
      .updateTable('plugin')
      .set({ owner_id: login.user_info.user_id })
      .where('plugin_key', '=', 'grid-helper')
      .execute();
    const res = await publisher({ ...range, developer: 'Ada Dev' }, login.access_token);
    expect(res.statusCode, res.body).toBe(200);
    expect(body<{ data: PublisherAnalytics }>(res).data.plugins.map((p) => [p.plugin_key, p.views])).toEqual([
      ['grid-helper', 2],
    ]);
    await t.app.db.kysely
      .updateTable('plugin')
      .set({ owner_id: null })
      .where('plugin_key', '=', 'grid-helper')
      .execute();
  });

  it("an administrator gets the named developer's plugins, per day", async () => {
    const res = await publisher({ ...range, developer: 'Ada Dev' }, adminToken);
    expect(res.statusCode, res.body).toBe(200);
    const data = body<{ data: PublisherAnalytics }>(res).data;
    expect(data).toMatchObject({ from: range.from, to: range.to, developer: 'Ada Dev' });
    const days = ['2023-02-01', '2023-02-02', '2023-02-03', '2023-02-04'];
    const perDay = (views: number[], installs: number[]) =>
      days.map((day, i) => ({ day, views: views[i], installs: installs[i] }));
    expect(data.plugins).toEqual([
      {
        plugin_key: 'color-magic',
        name: 'Color Magic',
        views: 8,
        installs: 2,
        likes: 1,
        days: perDay([3, 0, 5, 0], [0, 0, 2, 0]),
      },
      {
        plugin_key: 'grid-helper',
        name: 'Grid Helper',
        views: 2,
        installs: 1,
        likes: 0,
        days: perDay([0, 2, 0, 0], [0, 0, 0, 1]),
      },
    ]);
    const narrowed = body<{ data: PublisherAnalytics }>(
      await publisher({ ...range, developer: 'ada' }, adminToken),
    );
    expect(narrowed.data.plugins.map((p) => p.plugin_key)).toEqual(['icon-kit']);
  });

  it('an administrator names the developer (without one: their own plugins, none here)', async () => {
    const own = await publisher(range, adminToken);
    expect(own.statusCode).toBe(200);
    expect(body<{ data: PublisherAnalytics }>(own).data.plugins).toEqual([]);
    const res = await publisher({ ...range, developer: 'Other Studio' }, adminToken);
    expect(res.statusCode).toBe(200);
    const data = body<{ data: PublisherAnalytics }>(res).data;
    expect(data.developer).toBe('Other Studio');
    expect(data.plugins).toEqual([
      {
        plugin_key: 'other-tool',
        name: 'Other Tool',
        views: 9,
        installs: 0,
        likes: 0,
        days: [
          { day: '2023-02-01', views: 9, installs: 0 },
          { day: '2023-02-02', views: 0, installs: 0 },
          { day: '2023-02-03', views: 0, installs: 0 },
          { day: '2023-02-04', views: 0, installs: 0 },
        ],
      },
    ]);
  });

  it('a developer without events in the range gets an empty list', async () => {
    const res = await publisher({ ...range, developer: 'Nobody Here' }, adminToken);
    expect(res.statusCode).toBe(200);
    expect(body<{ data: PublisherAnalytics }>(res).data.plugins).toEqual([]);
    const later = await publisher(
      { from: d0 + 10 * DAY_MS, to: d0 + 11 * DAY_MS, developer: 'Ada Dev' },
      adminToken,
    );
    expect(body<{ data: PublisherAnalytics }>(later).data.plugins).toEqual([]);
  });

  it('validates the range like the overview', async () => {
    const res = await publisher({ from: d0, to: d0 + 367 * DAY_MS, developer: 'Ada Dev' }, adminToken);
    expect(res.statusCode).toBe(400);
    expect(body<ErrorEnvelope>(res).error).toBe('INVALID_PARAMETER');
  });
});
