/**
 * The served OpenAPI document (`GET /api/openapi.json`) is enough for a tool to test authentication
 * and uploads, on each dialect: it declares its security schemes; every route of the contract's
 * route table that it lists is there with its method, and every one that is not a page, file or
 * preflight is listed; every operation that needs a caller says which credential (`security`) and
 * role (`x-required-role`); every multipart operation has a `multipart/form-data` request body
 * with its fields, its files as `format: binary` and their content types (`encoding`); and the
 * document is valid OpenAPI 3 (`@apidevtools/swagger-parser`).
 */
import SwaggerParser from '@apidevtools/swagger-parser';
import type { RouteDefinition } from '@plugin-center/contract';
import { ROUTES } from '@plugin-center/contract/routes';
import { ROUTE_SCHEMAS, type RouteSchema } from '@plugin-center/contract/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, createTestApp, type TestApp } from '../testing/testApp';
import { TEST_DIALECT } from '../testing/testDatabase';

interface MediaType {
  schema?: { type?: string; properties?: Record<string, Record<string, unknown>>; required?: string[] };
  encoding?: Record<string, { contentType?: string }>;
}
interface OperationObject {
  security?: Record<string, string[]>[];
  'x-required-role'?: string;
  requestBody?: { content?: Record<string, MediaType> };
}
interface OpenApiDocument {
  openapi: string;
  components?: { securitySchemes?: Record<string, { type: string; scheme?: string }> };
  paths: Record<string, Record<string, OperationObject>>;
}

let t: TestApp;
let document: OpenApiDocument;

beforeAll(async () => {
  t = await createTestApp({ importCatalogueOnEmpty: false });
  const response = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
  expect(response.statusCode).toBe(200);
  document = body<OpenApiDocument>(response);
}, 60_000);
afterAll(async () => t?.close());

/** The table's entries that the document lists (pages, preflights and hidden entries are left out). */
const documented = Object.entries(ROUTES).flatMap(([group, routes]) =>
  Object.entries(routes as Record<string, RouteDefinition>)
    .filter(([name, route]) => {
      const schema = (ROUTE_SCHEMAS[group as keyof typeof ROUTES] as Record<string, RouteSchema>)[name]!;
      return group !== 'page' && route.method !== 'OPTIONS' && schema.hide !== true;
    })
    .map(([name, route]) => ({
      id: `${group}.${name}`,
      route,
      schema: (ROUTE_SCHEMAS[group as keyof typeof ROUTES] as Record<string, RouteSchema>)[name]!,
    })),
);

describe(`the OpenAPI document (${TEST_DIALECT})`, () => {
  it('is valid OpenAPI 3 and declares the bearer security schemes', async () => {
    await SwaggerParser.validate(structuredClone(document) as never);
    const schemes = document.components?.securitySchemes ?? {};
    expect(Object.keys(schemes).sort()).toEqual([
      'accessToken',
      'metricsToken',
      'personalAccessToken',
      'refreshToken',
    ]);
    for (const scheme of Object.values(schemes))
      expect(scheme).toMatchObject({ type: 'http', scheme: 'bearer' });
  });

  it('lists every documented route of the table with its method, and its security from the table', () => {
    expect(documented.length).toBeGreaterThan(60);
    const missing: string[] = [];
    for (const { id, route } of documented) {
      const operation = document.paths[route.path]?.[route.method.toLowerCase()];
      if (!operation) {
        missing.push(`${id} ${route.method} ${route.path}`);
        continue;
      }
      const security = operation.security;
      expect(security, id).toBeDefined();
      if (route.access === 'public') {
        // Anonymous, or with an access token that personalises the answer.
        expect(security, id).toContainEqual({});
        expect(operation['x-required-role'], id).toBeUndefined();
        continue;
      }
      expect(security, id).not.toContainEqual({});
      expect(security!.length, id).toBeGreaterThan(0);
      const schemes = security!.flatMap((alternative) => Object.keys(alternative));
      if (route.access === 'metrics_token') {
        // The scrape token alone, and no role: no account's token opens it.
        expect(schemes, id).toEqual(['metricsToken']);
        expect(operation['x-required-role'], id).toBeUndefined();
        continue;
      }
      if (route.access === 'refresh_token') expect(schemes, id).toEqual(['refreshToken']);
      else expect(schemes, id).toContain('accessToken');
      expect(schemes.includes('personalAccessToken'), id).toBe(route.personalToken === true);
      const role = route.superAdmin ? 'super_admin' : route.access === 'admin' ? 'admin' : 'user';
      expect(operation['x-required-role'], id).toBe(role);
    }
    expect(missing).toEqual([]);
  });

  it('gives every multipart operation a multipart/form-data body: its fields, files as binary, content types', () => {
    const multipart = documented.filter(({ route }) => route.request === 'multipart');
    expect(multipart.map(({ id }) => id).sort()).toEqual([
      'backoffice.batchUpload',
      'backoffice.saveBanner',
      'plugin.edit',
      'plugin.publish',
    ]);
    for (const { id, route, schema } of multipart) {
      const media =
        document.paths[route.path]![route.method.toLowerCase()]!.requestBody?.content?.[
          'multipart/form-data'
        ];
      expect(media?.schema?.type, id).toBe('object');
      const properties = media!.schema!.properties ?? {};
      const form = schema.multipart!;
      for (const name of Object.keys(form.fields.properties)) expect(properties, id).toHaveProperty(name);
      for (const [name, file] of Object.entries(form.files)) {
        const property = properties[name]!;
        const binary = (file.repeat ? property.items : property) as Record<string, unknown>;
        expect(binary, `${id} ${name}`).toMatchObject({
          type: 'string',
          format: 'binary',
          maxLength: file.maxBytes,
        });
        expect(media!.encoding?.[name]?.contentType, `${id} ${name}`).toBe(file.contentTypes.join(', '));
        expect(media!.schema!.required?.includes(name) ?? false, `${id} ${name}`).toBe(
          file.required === true,
        );
      }
    }
  });
});
