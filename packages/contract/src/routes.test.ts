import { describe, expect, it } from 'vitest';
import { USER_API, USER_API_BASE } from './constants';
import { ROUTE_SCHEMAS } from './routeSchemas';
import type { RouteSchema } from './routeSchemas/definition';
import { ROUTES } from './routes';
import type { RouteDefinition } from './routes/definition';
import { USER_ROUTES } from './routes/user';

const entries = Object.entries(ROUTES).flatMap(([group, routes]) =>
  Object.entries(routes as Record<string, RouteDefinition>).map(([name, route]) => ({
    id: `${group}.${name}`,
    ...route,
  })),
);

describe('the route table', () => {
  it('every path is absolute and every method + path pair appears once', () => {
    for (const e of entries) expect(e.path.startsWith('/'), e.id).toBe(true);
    const pairs = entries.map((e) => `${e.method} ${e.path}`);
    expect(new Set(pairs).size).toBe(pairs.length);
  });

  it('the user API paths (USER_API, relative to USER_API_BASE, which the SSO client calls) are the table’s', () => {
    const tablePaths = Object.values(USER_ROUTES)
      .map((r) => r.path)
      .filter((p) => p.startsWith(USER_API_BASE));
    for (const relative of Object.values(USER_API)) {
      expect(tablePaths, relative).toContain(`${USER_API_BASE}${relative}`);
    }
  });

  it('a GET never carries a body and a multipart call is never a GET', () => {
    for (const e of entries) {
      if (e.method === 'GET') expect(e.request, e.id).not.toBe('body');
      if (e.request === 'multipart') expect(e.method, e.id).not.toBe('GET');
    }
  });

  it('planned entries name the issue that brings them; none is left', () => {
    const planned = entries.filter((e) => e.planned);
    expect(planned.map((e) => e.id)).toEqual([]);
    for (const e of planned) expect(e.planned, e.id).toMatch(/^issue \d+$/);
  });

  it('every multipart call declares its form (text fields and files) and only those do', () => {
    for (const e of entries) {
      const [group, name] = e.id.split('.') as [keyof typeof ROUTE_SCHEMAS, string];
      const schema = (ROUTE_SCHEMAS[group] as Record<string, RouteSchema>)[name]!;
      expect(schema.multipart !== undefined, e.id).toBe(e.request === 'multipart');
      if (schema.multipart) expect(schema.consumes, e.id).toEqual(['multipart/form-data']);
    }
  });

  it('only signed-in calls take a personal access token; only administrators’ calls are for super administrators', () => {
    for (const e of entries) if (e.personalToken) expect(e.access, e.id).toBe('user');
    for (const e of entries) if (e.superAdmin) expect(e.access, e.id).toBe('admin');
  });

  it("the back office's group holds exactly the administrators' calls, each with its schemas", () => {
    const admin = entries.filter((e) => e.access === 'admin').map((e) => e.id);
    expect(admin.length).toBeGreaterThan(0);
    expect(admin.every((id) => id.startsWith('backoffice.'))).toBe(true);
    expect(Object.keys(ROUTES.backoffice).length).toBe(admin.length);
    for (const group of Object.keys(ROUTES) as (keyof typeof ROUTES)[])
      expect(Object.keys(ROUTE_SCHEMAS[group]).sort(), group).toEqual(Object.keys(ROUTES[group]).sort());
  });
});
