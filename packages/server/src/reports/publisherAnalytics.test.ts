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
    // quiet-one (Ada Dev) has no events: it is listed with zeros. The PluginInstall events are not
    // what installs count (the install rows are, as on the detail page): none here.
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
        installs: 0,
        likes: 1,
        days: perDay([3, 0, 5, 0], [0, 0, 0, 0]),
      },
      {
        plugin_key: 'grid-helper',
        name: 'Grid Helper',
        views: 2,
        installs: 0,
        likes: 0,
        days: perDay([0, 2, 0, 0], [0, 0, 0, 0]),
      },
      {
        plugin_key: 'quiet-one',
        name: 'Quiet One',
        views: 0,
        installs: 0,
        likes: 0,
        days: perDay([0, 0, 0, 0], [0, 0, 0, 0]),
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

  it('a developer without plugins gets an empty list; one without events in the range, zeros', async () => {
    const res = await publisher({ ...range, developer: 'Nobody Here' }, adminToken);
    expect(res.statusCode).toBe(200);
    expect(body<{ data: PublisherAnalytics }>(res).data.plugins).toEqual([]);
    const later = await publisher(
      { from: d0 + 10 * DAY_MS, to: d0 + 11 * DAY_MS, developer: 'Ada Dev' },
      adminToken,
    );
    expect(
      body<{ data: PublisherAnalytics }>(later).data.plugins.map((p) => [
        p.plugin_key,
        p.views,
        p.installs,
        p.likes,
      ]),
    ).toEqual([
      ['color-magic', 0, 0, 0],
      ['grid-helper', 0, 0, 0],
      ['quiet-one', 0, 0, 0],
    ]);
  });

  it('validates the range like the overview', async () => {
    const res = await publisher({ from: d0, to: d0 + 367 * DAY_MS, developer: 'Ada Dev' }, adminToken);
    expect(res.statusCode).toBe(400);
    expect(body<ErrorEnvelope>(res).error).toBe('INVALID_PARAMETER');
  });
});

describe('GET /api/cmt/plugin/analytics: every owned plugin, installs as the detail page counts them', () => {
  it('lists the plugins without events with zeros, and counts a default install like the detail page', async () => {
    const now = Date.now();
    const today = now - (now % DAY_MS);
    const range = { from: today - DAY_MS, to: today + DAY_MS };
    const owner = await signInTestUser(t.app);
    const k = t.app.db.kysely;
    await k
      .updateTable('plugin')
      .set({ owner_id: owner.user_info.user_id })
      .where('plugin_key', 'in', ['quiet-one', 'icon-kit'])
      .execute();
    await k
      .updateTable('plugin')
      .set({ is_default_install: 1, review_status: 2 })
      .where('plugin_key', '=', 'icon-kit')
      .execute();
    // A new account's default installs, and one install by hand: the detail page counts both.
    const visitor = await signInTestUser(t.app);
    const silent = await t.app.inject({
      method: 'POST',
      url: '/api/cmt/plugin/user/new/silent',
      headers: bearer(visitor.access_token),
    });
    expect(silent.statusCode, silent.body).toBe(200);
    const byHand = await t.app.inject({
      method: 'POST',
      url: '/api/cmt/plugin/user',
      headers: bearer(owner.access_token),
      payload: { plugin_key: 'icon-kit' },
    });
    expect(byHand.statusCode, byHand.body).toBe(200);
    const detail = await t.app.inject({ method: 'GET', url: '/api/cmt/plugin?plugin_key=icon-kit' });
    const shown = body<{ data: { download_count: number } }>(detail).data.download_count;
    expect(shown).toBe(2);
    await k
      .updateTable('plugin')
      .set({ is_default_install: 0 })
      .where('plugin_key', '=', 'icon-kit')
      .execute();

    const res = await publisher(range, owner.access_token);
    expect(res.statusCode, res.body).toBe(200);
    const plugins = body<{ data: PublisherAnalytics }>(res).data.plugins;
    // Before: only plugins with events in the range were listed (here: none), installs were the
    // PluginInstall events only (a default install sends none).
    const day = (offset: number) => new Date(today + offset * DAY_MS).toISOString().slice(0, 10);
    expect(plugins).toEqual([
      {
        plugin_key: 'icon-kit',
        name: 'Icon Kit',
        views: 0,
        installs: shown,
        likes: 0,
        days: [
          { day: day(-1), views: 0, installs: 0 },
          { day: day(0), views: 0, installs: shown },
        ],
      },
      {
        plugin_key: 'quiet-one',
        name: 'Quiet One',
        views: 0,
        installs: 0,
        likes: 0,
        days: [
          { day: day(-1), views: 0, installs: 0 },
          { day: day(0), views: 0, installs: 0 },
        ],
      },
    ]);
    await k
      .updateTable('plugin')
      .set({ owner_id: null })
      .where('plugin_key', 'in', ['quiet-one', 'icon-kit'])
      .execute();
  });
});
