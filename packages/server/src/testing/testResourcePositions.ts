/**
 * Test support for the resource position suites: a session of one server with the shipped
 * catalogue and an injected clock, a super-administrator, a general user and six approved plugins,
 * with the resource position calls the suites make (as the administrator unless told otherwise).
 */
import {
  type FeaturedResult,
  type ResourcePosition,
  type ResourcePositionPage,
  Role,
} from '@plugin-center/contract/schemas';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { approvedPluginKeys, body, createTestApp, signedInHeaders, type TestApp } from './testApp';

/** The injected clock's starting point: 2030-01-01T00:00:00Z (tokens live 15 minutes of it). */
export const BASE = Date.UTC(2030, 0, 1);

/** A started session: its server, the headers of its super-administrator and user, six approved plugins. */
export interface ResourcePositionServer {
  t: TestApp;
  admin: Record<string, string>;
  user: Record<string, string>;
  keys: string[];
}

/** A resource position suite's server and the calls it makes. */
export interface ResourcePositionSession {
  /** Builds the server on the given clock, signs in the two accounts, and picks six approved plugins. */
  start(): Promise<ResourcePositionServer>;
  /** Closes the server. */
  close(): Promise<void>;
  /** `POST /api/cmt/plugin/resource_state`. */
  create(payload: unknown, headers?: Record<string, string>): Promise<LightMyRequestResponse>;
  /** Creates a slot that must be accepted; the slot. */
  created(payload: {
    plugin_key: string;
    start_time: number;
    end_time: number;
    is_new?: boolean;
  }): Promise<ResourcePosition>;
  /** The back-office list for a query string, which must be answered with 200. */
  list(query?: string): Promise<ResourcePositionPage>;
  /** The square's featured area for a query string, which must be answered with 200. */
  featured(query?: string): Promise<FeaturedResult>;
  /** `PUT /api/cmt/plugin/resource_state/disable` with a query string. */
  disable(query: string, headers?: Record<string, string>): Promise<LightMyRequestResponse>;
  /** The derived status of a slot in the back-office list. */
  statusOf(id: number): Promise<string | undefined>;
  /** The number of stored slots. */
  slotCount(): Promise<number>;
  /** Disables every slot so the tests do not see each other's slots on the square. */
  clearSquare(): Promise<void>;
}

/** A session on `clock` whose server starts in a suite's `beforeAll` and closes in its `afterAll`. */
export function createResourcePositionSession(clock: () => number): ResourcePositionSession {
  let server: ResourcePositionServer | undefined;
  const started = () => {
    if (!server) throw new Error('the resource position session has not started');
    return server;
  };

  function create(payload: unknown, headers = started().admin) {
    return started().t.app.inject({
      method: 'POST',
      url: '/api/cmt/plugin/resource_state',
      headers,
      payload: payload as object,
    });
  }

  async function list(query = ''): Promise<ResourcePositionPage> {
    const res = await started().t.app.inject({
      method: 'GET',
      url: `/api/cmt/plugin/resource_state/list?${query}`,
      headers: started().admin,
    });
    expect(res.statusCode, res.body).toBe(200);
    return body<{ data: ResourcePositionPage }>(res).data;
  }

  function disable(query: string, headers = started().admin) {
    return started().t.app.inject({
      method: 'PUT',
      url: `/api/cmt/plugin/resource_state/disable?${query}`,
      headers,
    });
  }

  return {
    async start() {
      const t = await createTestApp({}, { clock });
      const admin = await signedInHeaders(t.app, { role: Role.SUPER_ADMIN });
      const user = await signedInHeaders(t.app);
      const keys = await approvedPluginKeys(t.app, 6);
      server = { t, admin, user, keys };
      return server;
    },
    async close() {
      await server?.t.close();
    },
    create,
    async created(payload) {
      const res = await create(payload);
      expect(res.statusCode, res.body).toBe(200);
      return body<{ data: ResourcePosition }>(res).data;
    },
    list,
    async featured(query = '') {
      const res = await started().t.app.inject({
        method: 'GET',
        url: `/api/cmt/plugin/resource_state/active?${query}`,
      });
      expect(res.statusCode, res.body).toBe(200);
      return body<{ data: FeaturedResult }>(res).data;
    },
    disable,
    async statusOf(id) {
      return (await list('page_size=100')).resource_state_list.find((s) => s.id === id)?.status;
    },
    async slotCount() {
      const row = await started()
        .t.app.db.kysely.selectFrom('resource_position')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
    async clearSquare() {
      for (const slot of (await list('page_size=100')).resource_state_list) {
        if (!slot.is_disabled) expect((await disable(`id=${slot.id}&is_disabled=true`)).statusCode).toBe(200);
      }
    },
  };
}
