/**
 * Test support for the analytics dashboard suites: stored events with defaults, UTC days, and a
 * session of one server without the catalogue holding a fixed set of plugins, an administrator and
 * a general user, into which the suites insert events.
 */
import { Role } from '@plugin-center/contract/schemas';
import type { NewAnalyticsEventRow } from '../db/schema';
import { createPlugins } from '../plugins/data/write';
import { createTestApp, signInTestUser, type TestApp } from './testApp';

/** The bearer header of a token. */
export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** 00:00 UTC of a calendar day. */
export const utc = (y: number, m: number, d: number) => Date.UTC(y, m - 1, d);

/** A stored event with defaults: a `track` record of project `default`. */
export function event(
  e: Partial<NewAnalyticsEventRow> & Pick<NewAnalyticsEventRow, 'time'>,
): NewAnalyticsEventRow {
  return {
    project: 'default',
    type: 'track',
    event: '$pageview',
    distinct_id: 'visitor',
    login_id: null,
    anonymous_id: null,
    received_at: e.time,
    plugin_key: null,
    url: null,
    properties: JSON.stringify(e.plugin_key ? { plugin_key: e.plugin_key } : {}),
    ...e,
  };
}

/** A started report session: its server and the tokens of its administrator and general user. */
export interface ReportServer {
  t: TestApp;
  adminToken: string;
  userToken: string;
}

/** A dashboard suite's server and how it stores events. */
export interface ReportSession {
  /**
   * Builds the server without the catalogue, signs in a general administrator and a user, and
   * creates the plugins the suites count: three of developer 'Ada Dev', one of 'ada', one of
   * 'Other Studio', and twelve of 'Bulk'.
   */
  start(): Promise<ReportServer>;
  /** Closes the server. */
  close(): Promise<void>;
  /** Inserts events into `analytics_event` as the collector stores them, 500 a statement. */
  insertEvents(rows: NewAnalyticsEventRow[]): Promise<void>;
}

/** A session whose server starts in a suite's `beforeAll` and closes in its `afterAll`. */
export function createReportSession(): ReportSession {
  let server: ReportServer | undefined;
  const started = () => {
    if (!server) throw new Error('the report session has not started');
    return server;
  };

  return {
    async start() {
      const t = await createTestApp({ importCatalogueOnEmpty: false });
      const adminToken = (await signInTestUser(t.app, { role: Role.GENERAL_ADMIN })).access_token;
      const userToken = (await signInTestUser(t.app)).access_token;
      server = { t, adminToken, userToken };
      await createPlugins(t.app.db, [
        { plugin_key: 'color-magic', name: 'Color Magic', developer: 'Ada Dev', create_time: 1 },
        { plugin_key: 'grid-helper', name: 'Grid Helper', developer: 'Ada Dev', create_time: 1 },
        { plugin_key: 'quiet-one', name: 'Quiet One', developer: 'Ada Dev', create_time: 1 },
        { plugin_key: 'icon-kit', name: 'Icon Kit', developer: 'ada', create_time: 1 },
        { plugin_key: 'other-tool', name: 'Other Tool', developer: 'Other Studio', create_time: 1 },
        ...Array.from({ length: 12 }, (_, i) => ({
          plugin_key: `p${i}`,
          name: `Plugin ${i}`,
          developer: 'Bulk',
          create_time: 1,
        })),
      ]);
      return server;
    },
    async close() {
      await server?.t.close();
    },
    async insertEvents(rows) {
      for (let i = 0; i < rows.length; i += 500) {
        await started()
          .t.app.db.kysely.insertInto('analytics_event')
          .values(rows.slice(i, i + 500))
          .execute();
      }
    },
  };
}
