import type { ErrorEnvelope } from '@plugin-center/contract/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toErrorResponse } from './errors';
import { body, createTestApp, type TestApp } from './testing/testApp';
import { TEST_DIALECT } from './testing/testDatabase';

let t: TestApp;
let key: string;

beforeAll(async () => {
  t = await createTestApp();
  const row = await t.app.db.kysely
    .selectFrom('plugin')
    .select('plugin_key')
    .orderBy('id')
    .limit(1)
    .executeTakeFirstOrThrow();
  key = row.plugin_key;
});
afterAll(async () => {
  await t?.close();
});

interface Case {
  name: string;
  method?: 'GET' | 'POST' | 'DELETE';
  url: string;
  payload?: string;
  headers?: Record<string, string>;
  status: number;
  error: string;
  mentions?: string;
}

const list = '/api/cmt/plugin/list';
const cases: Case[] = [
  { name: 'unknown sort', url: `${list}?sort=99`, status: 400, error: 'INVALID_PARAMETER', mentions: 'sort' },
  {
    name: 'sort not a number',
    url: `${list}?sort=latest`,
    status: 400,
    error: 'INVALID_PARAMETER',
    mentions: 'sort',
  },
  {
    name: 'page_size 0',
    url: `${list}?page_size=0`,
    status: 400,
    error: 'INVALID_PARAMETER',
    mentions: 'page_size',
  },
  {
    name: 'page_size 101',
    url: `${list}?page_size=101`,
    status: 400,
    error: 'INVALID_PARAMETER',
    mentions: 'page_size',
  },
  {
    name: 'page_size abc',
    url: `${list}?page_size=abc`,
    status: 400,
    error: 'INVALID_PARAMETER',
    mentions: 'page_size',
  },
  {
    name: 'page_size 1.5',
    url: `${list}?page_size=1.5`,
    status: 400,
    error: 'INVALID_PARAMETER',
    mentions: 'page_size',
  },
  {
    name: 'huge page_size',
    url: `${list}?page_size=99999999999999999999`,
    status: 400,
    error: 'INVALID_PARAMETER',
  },
  {
    name: 'negative tag_id',
    url: `${list}?tag_id=-1`,
    status: 400,
    error: 'INVALID_PARAMETER',
    mentions: 'tag_id',
  },
  {
    name: 'tag_id abc',
    url: `${list}?tag_id=abc`,
    status: 400,
    error: 'INVALID_PARAMETER',
    mentions: 'tag_id',
  },
  {
    name: 'tag_id twice',
    url: `${list}?tag_id=1&tag_id=2`,
    status: 400,
    error: 'INVALID_PARAMETER',
    mentions: 'tag_id',
  },
  {
    name: 'huge keyword',
    url: `${list}?keyword=${'a'.repeat(101)}`,
    status: 400,
    error: 'INVALID_PARAMETER',
    mentions: 'keyword',
  },
  { name: 'unknown lang', url: `${list}?lang=xx`, status: 400, error: 'INVALID_PARAMETER', mentions: 'lang' },
  {
    name: 'unknown field',
    url: `${list}?colour=red`,
    status: 400,
    error: 'INVALID_PARAMETER',
    mentions: 'colour',
  },
  { name: 'forged cursor', url: `${list}?cursor=eyJ2IjoxfQ.AAAA`, status: 400, error: 'INVALID_CURSOR' },
  {
    name: 'huge cursor',
    url: `${list}?cursor=${'a'.repeat(600)}`,
    status: 400,
    error: 'INVALID_PARAMETER',
    mentions: 'cursor',
  },
  {
    name: 'detail without key',
    url: '/api/cmt/plugin',
    status: 400,
    error: 'INVALID_PARAMETER',
    mentions: 'plugin_key',
  },
  {
    name: 'detail huge key',
    url: `/api/cmt/plugin?plugin_key=${'k'.repeat(129)}`,
    status: 400,
    error: 'INVALID_PARAMETER',
  },
  {
    name: 'unknown plugin',
    url: '/api/cmt/plugin?plugin_key=unknown',
    status: 404,
    error: 'PLUGIN_NOT_FOUND',
  },
  {
    name: 'count 0',
    url: '/api/cmt/plugin/recommendation/list?count=0',
    status: 400,
    error: 'INVALID_PARAMETER',
    mentions: 'count',
  },
  {
    name: 'count 25',
    url: '/api/cmt/plugin/recommendation/list?count=25',
    status: 400,
    error: 'INVALID_PARAMETER',
  },
  {
    name: 'negative seed',
    url: '/api/cmt/plugin/recommendation/list?seed=-1',
    status: 400,
    error: 'INVALID_PARAMETER',
  },
  ...(
    [
      ['malformed JSON', '{"plugin_key": "x"', 'application/json', 400, 'MALFORMED_BODY'],
      ['empty JSON body', '', 'application/json', 400, 'MALFORMED_BODY'],
      ['body not an object', '[]', 'application/json', 400, 'INVALID_PARAMETER'],
      ['plugin_key of the wrong type', '{"plugin_key": 5}', 'application/json', 400, 'INVALID_PARAMETER'],
      [
        'extra body field',
        '{"plugin_key": "x", "admin": true}',
        'application/json',
        400,
        'INVALID_PARAMETER',
      ],
      [
        'unsupported content type',
        'plugin_key=x',
        'application/x-www-form-urlencoded',
        415,
        'INVALID_PARAMETER',
      ],
      ['plain text body', 'plugin_key', 'text/plain', 400, 'INVALID_PARAMETER'],
      [
        'body too large',
        JSON.stringify({ plugin_key: 'x'.repeat(1_100_000) }),
        'application/json',
        413,
        'PAYLOAD_TOO_LARGE',
      ],
    ] as const
  ).map(([name, payload, type, status, error]) => ({
    name,
    method: 'POST' as const,
    url: '/api/cmt/plugin/view',
    payload,
    headers: { 'content-type': type },
    status,
    error,
  })),
  {
    name: 'view without body',
    method: 'POST',
    url: '/api/cmt/plugin/view',
    status: 400,
    error: 'INVALID_PARAMETER',
  },
  {
    name: 'unknown route',
    url: '/api/cmt/nothing-here',
    status: 404,
    error: 'ROUTE_NOT_FOUND',
    mentions: '/api/cmt/nothing-here',
  },
  {
    name: 'unrouted method',
    method: 'DELETE',
    url: '/api/cmt/plugin/list',
    status: 404,
    error: 'ROUTE_NOT_FOUND',
  },
];

describe('bad input', () => {
  it.each(cases)('$name → $status $error', async (c) => {
    const response = await t.app.inject({
      method: c.method ?? 'GET',
      url: c.url,
      ...(c.payload !== undefined ? { payload: c.payload } : {}),
      ...(c.headers ? { headers: c.headers } : {}),
    });
    expect(response.statusCode, response.body).toBe(c.status);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    const envelope = body<ErrorEnvelope>(response);
    expect(envelope).toEqual({
      code: expect.any(Number),
      error: c.error,
      message: expect.any(String),
      data: null,
    });
    expect(envelope.code).not.toBe(0);
    if (c.mentions) expect(envelope.message).toContain(c.mentions);
  });

  it('never answers 500 for odd but harmless input', async () => {
    for (const url of [
      `${list}?keyword=%FF%FE`,
      `${list}?keyword=%00`,
      `${list}?keyword=${encodeURIComponent('𠮷野家 🎨')}`,
      `${list}?tag_id=0&sort=1&page_size=100&lang=ja-JP`,
      `/api/cmt/plugin?plugin_key=${encodeURIComponent("'; DROP TABLE plugin; --")}`,
    ]) {
      const response = await t.app.inject(url);
      expect(response.statusCode, url).toBeLessThan(500);
    }
    const detail = await t.app.inject({ url: '/api/cmt/plugin', query: { plugin_key: key } });
    expect(detail.statusCode).toBe(200);
  });

  it('never leaks internals in a 500', () => {
    const error = new Error('connection refused at 10.0.0.3: password=secret');
    const { status, body: envelope, internal } = toErrorResponse(error);
    expect(status).toBe(500);
    expect(internal).toBe(true);
    expect(envelope).toEqual({
      code: 50000,
      error: 'INTERNAL',
      message: 'internal server error; the details are in the server log',
      data: null,
    });
  });
});

describe('operations', () => {
  it('GET /healthz answers ok with the dialect', async () => {
    const response = await t.app.inject('/healthz');
    expect(response.statusCode).toBe(200);
    expect(body(response)).toEqual({ status: 'ok', database: TEST_DIALECT });
  });

  it('does not serve GET /metrics without METRICS_TOKEN: 404 in the envelope, whatever is sent', async () => {
    for (const headers of [{}, { authorization: 'Bearer any-token-at-all-0123' }]) {
      const response = await t.app.inject({ url: '/metrics', headers });
      expect(response.statusCode).toBe(404);
      expect(body(response)).toMatchObject({ code: 40401, error: 'ROUTE_NOT_FOUND', data: null });
    }
  });

  it('publishes an OpenAPI 3 document generated from the route schemas', async () => {
    const response = await t.app.inject('/api/openapi.json');
    expect(response.statusCode).toBe(200);
    const doc = body<{
      openapi: string;
      paths: Record<
        string,
        Record<string, { responses: Record<string, unknown>; parameters?: { name: string }[] }>
      >;
    }>(response);
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths).sort()).toEqual(
      [
        '/api/cmt/plugin',
        '/api/cmt/plugin/list',
        '/api/cmt/plugin/recommendation/list',
        '/api/cmt/plugin/more',
        '/api/cmt/plugin/suggest',
        '/api/cmt/plugin/tag/list',
        '/api/cmt/plugin/view',
        '/api/cmt/plugin/user',
        '/api/cmt/plugin/user/praise',
        '/api/cmt/plugin/user/new/silent',
        // The editor's side.
        '/api/cmt/plugin/user/editor',
        '/api/cmt/plugin/user/editor/code',
        '/api/cmt/manager/verify',
        '/api/pix/spaces/setting',
        '/api/uc/user/login',
        '/api/uc/user/sign_up',
        '/api/uc/user/login/code',
        '/api/uc/user/login/code/user',
        '/api/uc/user/valid',
        '/api/uc/user/refresh_token',
        '/api/uc/user/logout',
        '/api/uc/user/userinfo',
        '/api/uc/user/reset_token',
        '/api/uc/user/oauth2/login',
        '/api/uc/config/private/standard/{product}',
        '/api/uc/3rd-party/bind',
        '/api/uc/3rd-party/oauth2/{source}/auth',
        '/api/uc/3rd-party/oauth2/{source}/authorize',
        '/api/cmt/manager/analytics/overview',
        '/api/cmt/plugin/analytics',
        '/api/cmt/plugin/stats',
        '/api/cmt/plugin/stats/csv',
        '/api/cmt/plugin/audit',
        '/api/cmt/plugin/audit/history',
        '/api/cmt/plugin/unlist',
        '/api/cmt/plugin/relist',
        '/api/cmt/plugin/deprecate',
        '/api/cmt/plugin/undeprecate',
        '/api/cmt/plugin/audit/list',
        '/api/cmt/plugin/audit/status',
        '/api/cmt/manager/audit-log',
        '/api/cmt/manager/plugin/{id}/download',
        '/api/cmt/manager/plugins/batch',
        '/api/cmt/manager/plugins/upload',
        '/api/cmt/manager/plugin/owner',
        '/api/cmt/user/tokens',
        // Curation, banners, QR codes, activities
        '/api/cmt/plugin-banner/all',
        '/api/cmt/manager/plugin-banner',
        '/api/cmt/manager/qr-code/list',
        '/api/cmt/activity/activity/info',
        // Curation.
        '/api/cmt/plugin/recommendation/publish',
        '/api/cmt/plugin/recommendation/curated',
        '/api/cmt/plugin/silent_install',
        '/api/cmt/plugin/silent_install/list',
        '/api/cmt/plugin/resource_state',
        '/api/cmt/plugin/resource_state/disable',
        '/api/cmt/plugin/resource_state/list',
        '/api/cmt/plugin/resource_state/active',
        // Ratings and reviews of plugins.
        '/api/cmt/plugin/rating',
        '/api/cmt/plugin/rating/list',
        '/api/cmt/plugin/rating/helpful',
        '/api/cmt/plugin/rating/reply',
        '/api/cmt/plugin/rating/report',
        '/api/cmt/manager/rating/report/list',
        '/api/cmt/manager/rating/moderate',
        // Publishers.
        '/api/cmt/plugin/publisher',
        '/api/cmt/plugin/publisher/me',
        '/api/cmt/plugin/publisher/domain',
        '/api/cmt/plugin/publisher/domain/check',
        '/api/cmt/manager/publisher/verified',
        // Notifications (the unsubscribe pages are not in the document).
        '/api/cmt/plugin/notification/list',
        '/api/cmt/plugin/notification/read',
        '/api/cmt/plugin/notification/read-all',
        '/api/cmt/plugin/notification/preferences',
        '/sa',
        '/sa.gif',
        '/config/visualized/Web.conf',
        '/sdk/deeplink/param',
        '/healthz',
        '/metrics',
        '/.well-known/plugin-center/jwks.json',
        // Mirroring.
        '/api/cmt/mirror/changes',
        '/api/cmt/mirror/file/{key}',
        '/api/cmt/manager/mirror',
        '/api/cmt/manager/mirror/pull',
        // Webhooks.
        '/api/cmt/manager/webhooks',
        '/api/cmt/manager/webhooks/deliveries',
        '/api/cmt/manager/webhooks/redeliver',
        '/api/cmt/manager/webhooks/test',
        '/api/cmt/manager/webhooks/rotate',
        // Settings.
        '/api/pix/mst/spaces/setting',
        '/api/pix/mst/spaces/setting/resource',
        '/api/cmt/manager/space-setting',
        '/api/cmt/manager/space-setting/iconfont',
        '/api/cmt/srv/config/pexels',
        '/api/cmt/manager/users',
        '/api/cmt/manager/users/role',
        '/api/cmt/manager/users/status',
        // Company sign-in of private deployments, and its back-office settings.
        '/api/cmt/manager/login-methods',
        '/api/uc/user/login/ldap',
        '/api/uc/oidc/login',
        '/api/uc/oidc/callback',
        '/api/uc/oidc/logout',
        '/api/uc/saml/metadata',
        '/api/uc/saml/login',
        '/api/uc/saml/acs',
        '/api/uc/saml/logout',
        '/api/uc/saml/slo',
        '/api/uc/custom-sso/login',
        '/api/uc/custom-sso/callback',
        '/api/uc/custom-sso/logout',
      ].sort(),
    );
    const listOp = doc.paths['/api/cmt/plugin/list']!.get!;
    expect(listOp.parameters!.map((p) => p.name).sort()).toEqual(
      ['cursor', 'keyword', 'lang', 'page_size', 'platform', 'rating', 'sort', 'tag_id', 'verified'].sort(),
    );
    expect(Object.keys(listOp.responses)).toEqual(expect.arrayContaining(['200', '4XX', '5XX']));
    expect(doc.paths['/api/cmt/plugin/view']!.post).toBeDefined();
  });
});
