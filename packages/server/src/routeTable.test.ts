import type { RouteDefinition } from '@plugin-center/contract';
import { ROUTES } from '@plugin-center/contract/routes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fastifyPath } from './routeTable';
import { createTestApp, type TestApp } from './testing/testApp';

/**
 * The contract's route table and the server agree: every entry that is not `planned` has
 * exactly its handler (same method and path), every handler the server registers belongs to an
 * entry, and a `planned` entry has none (when its issue lands, the mark is removed).
 */
const entries = Object.entries(ROUTES).flatMap(([group, routes]) =>
  Object.entries(routes as Record<string, RouteDefinition>).map(([name, route]) => ({
    id: `${group}.${name}`,
    ...route,
  })),
);

function covers(entry: { method: string; path: string }, method: string, url: string): boolean {
  if (entry.method !== method) return false;
  const path = fastifyPath(entry.path);
  return path.endsWith('*') ? url.startsWith(path.slice(0, -1)) : url === path;
}

let t: TestApp;
beforeAll(async () => {
  // With the built app when there is one, so @fastify/static's file routes are checked too.
  t = await createTestApp({ importCatalogueOnEmpty: false });
});
afterAll(async () => {
  await t?.close();
});

describe('route table ↔ server', () => {
  it('has unique ids and unique method + path pairs', () => {
    const pairs = entries.map((e) => `${e.method} ${e.path}`);
    expect(new Set(pairs).size).toBe(pairs.length);
  });

  it('every handler the server registers belongs to a table entry with its method and path', () => {
    const registered = t.app.routeRegistry;
    expect(registered.length).toBeGreaterThan(40);
    const strays = registered.filter((r) => {
      if (r.method === 'HEAD') {
        // Fastify's HEAD twin of a GET: covered by the GET's entry.
        return !registered.some((g) => g.method === 'GET' && g.url === r.url);
      }
      const entry = entries.find((e) => e.id === r.route);
      return !entry || entry.planned !== undefined || !covers(entry, r.method, r.url);
    });
    expect(strays.map((r) => `${r.method} ${r.url} (${r.route ?? 'no table entry'})`)).toEqual([]);
  });

  it('every entry that is not planned has its handler', () => {
    const missing = entries.filter(
      (e) => !e.planned && !t.app.routeRegistry.some((r) => r.route === e.id && covers(e, r.method, r.url)),
    );
    expect(missing.map((e) => e.id)).toEqual([]);
  });

  it('a path of no entry answers 404 ROUTE_NOT_FOUND (as a planned entry would; none is left)', async () => {
    expect(entries.filter((e) => e.planned).map((e) => e.id)).toEqual([]);
    for (const url of [
      '/api/cmt/plugin/no-such-call',
      '/api/cmt/manager/no-such-page',
      '/api/uc/user/nothing',
    ]) {
      const response = await t.app.inject({ method: 'GET', url });
      expect([url, response.statusCode, response.json().error]).toEqual([url, 404, 'ROUTE_NOT_FOUND']);
    }
  });

  it('an access-checked entry refuses a visitor with 401 UNAUTHORIZED', async () => {
    const guarded = entries.filter((e) => !e.planned && (e.access === 'user' || e.access === 'admin'));
    expect(guarded.length).toBeGreaterThan(5);
    for (const e of guarded) {
      const response = await t.app.inject({
        method: e.method as 'GET',
        url: e.path,
        ...(e.method === 'GET' ? {} : { payload: {} }),
      });
      expect([e.id, response.statusCode]).toEqual([e.id, 401]);
    }
  });
});
