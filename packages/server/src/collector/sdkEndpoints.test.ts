/**
 * The collector's CORS (other product sites run the tracker), the visual config (SPEC §8 statuses
 * 200 use, 304 keep, 205 clear) and the deeplink parameters (SPEC §7), through the real server.
 */
import type { ErrorEnvelope } from '@plugin-center/contract/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, createTestApp, type TestApp } from '../testing/testApp';
import { sdkEncodeTrackData, sdkRecord } from '../testing/testSdkEncoding';

const VISUAL = { version: '7', events: [{ event_name: 'buy', selector: '#buy' }], project: 'default' };
const DEEPLINKS = { summer: { utm_source: 'mail', page: '/plugins/detail?plugin_key=color-picker' } };

let open: TestApp;
let closed: TestApp;

beforeAll(async () => {
  [open, closed] = await Promise.all([
    createTestApp({ importCatalogueOnEmpty: false }),
    createTestApp({
      importCatalogueOnEmpty: false,
      analyticsAllowedOrigins: ['https://docs.example.com'],
      analyticsVisualConfig: VISUAL,
      analyticsDeeplinks: DEEPLINKS,
    }),
  ]);
});
afterAll(async () => {
  await Promise.all([open?.close(), closed?.close()]);
});

describe('CORS', () => {
  it('allows any origin by default, without credentials', async () => {
    const response = await open.app.inject({
      method: 'POST',
      url: '/sa?project=default',
      headers: { 'content-type': 'text/plain;charset=UTF-8', origin: 'https://anything.example' },
      payload: sdkEncodeTrackData(sdkRecord('cors-open')),
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['access-control-allow-origin']).toBe('*');
    expect(response.headers['access-control-allow-credentials']).toBeUndefined();
  });

  it('answers the preflight with methods, the asked headers and a max age', async () => {
    const response = await open.app.inject({
      method: 'OPTIONS',
      url: '/sa?project=default',
      headers: {
        origin: 'https://anything.example',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type',
      },
    });
    expect(response.statusCode).toBe(204);
    expect(response.headers).toMatchObject({
      'access-control-allow-origin': '*',
      'access-control-allow-methods': 'GET, POST, OPTIONS',
      'access-control-allow-headers': 'content-type',
      'access-control-max-age': '86400',
    });
  });

  it('echoes an allowed origin with credentials and refuses others with 403', async () => {
    const payload = sdkEncodeTrackData(sdkRecord('cors-closed'));
    const allowed = await closed.app.inject({
      method: 'POST',
      url: '/sa',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://docs.example.com' },
      payload,
    });
    expect(allowed.statusCode, allowed.body).toBe(200);
    expect(allowed.headers['access-control-allow-origin']).toBe('https://docs.example.com');
    expect(allowed.headers['access-control-allow-credentials']).toBe('true');
    expect(allowed.headers.vary).toMatch(/Origin/);

    const refused = await closed.app.inject({
      method: 'POST',
      url: '/sa',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://evil.example' },
      payload,
    });
    expect(refused.statusCode).toBe(403);
    expect(body<ErrorEnvelope>(refused).error).toBe('FORBIDDEN');
    expect(refused.headers['access-control-allow-origin']).toBeUndefined();

    const preflight = await closed.app.inject({
      method: 'OPTIONS',
      url: '/sa',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();

    // A HEAD stores nothing.
    const head = await closed.app.inject({ method: 'HEAD', url: `/sa.gif?${payload}` });
    expect(head.statusCode).toBe(404);

    // No Origin (the image transport, server-side senders): accepted.
    const noOrigin = await closed.app.inject({
      method: 'GET',
      url: `/sa.gif?${payload}`,
    });
    expect(noOrigin.statusCode).toBe(200);
    const rows = await closed.app.db.kysely
      .selectFrom('analytics_event')
      .select('id')
      .where('distinct_id', '=', 'cors-closed')
      .execute();
    expect(rows).toHaveLength(2);
  });
});

describe('visual config', () => {
  it('answers 205 (clear) when none is configured', async () => {
    const response = await open.app.inject({ method: 'GET', url: '/config/visualized/Web.conf?app_id=x&v=' });
    expect(response.statusCode).toBe(205);
    expect(response.body).toBe('');
  });

  it('answers 200 with the config when the SDK holds another version, 304 when it holds this one', async () => {
    for (const v of ['', '6']) {
      const response = await closed.app.inject({
        method: 'GET',
        url: `/config/visualized/Web.conf?app_id=docs&v=${v}`,
        headers: { origin: 'https://docs.example.com' },
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(response.headers['access-control-allow-origin']).toBe('https://docs.example.com');
      expect(body(response)).toEqual(VISUAL);
    }
    const same = await closed.app.inject({
      method: 'GET',
      url: '/config/visualized/Web.conf?app_id=docs&v=7',
    });
    expect(same.statusCode).toBe(304);
    expect(same.body).toBe('');
  });

  it('answers JSONP when asked for a callbackName (how the Sensors web SDK loads it)', async () => {
    const call = async (app: TestApp, query: string) => {
      const response = await app.app.inject({
        method: 'GET',
        url: `/config/visualized/Web.conf?callbackName=saJSSDKVtrackCollectConfig&app_id=docs${query}`,
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^application\/javascript/);
      return response.body;
    };
    expect(await call(closed, '&v=6')).toBe(`saJSSDKVtrackCollectConfig(200, ${JSON.stringify(VISUAL)});`);
    expect(await call(closed, '&v=7')).toBe('saJSSDKVtrackCollectConfig(304);');
    expect(await call(open, '')).toBe('saJSSDKVtrackCollectConfig(205);');
    const hostile = await closed.app.inject({
      method: 'GET',
      url: `/config/visualized/Web.conf?callbackName=${encodeURIComponent('alert(1);x')}`,
    });
    expect(hostile.statusCode).toBe(400);
  });

  it('versions a config without a version by its content', async () => {
    const t = await createTestApp({ importCatalogueOnEmpty: false, analyticsVisualConfig: { events: [] } });
    try {
      const first = await t.app.inject({ method: 'GET', url: '/config/visualized/Web.conf' });
      expect(first.statusCode).toBe(200);
      const { version } = body<{ version: string }>(first);
      expect(version).toMatch(/^[0-9a-f]{16}$/);
      const again = await t.app.inject({ method: 'GET', url: `/config/visualized/Web.conf?v=${version}` });
      expect(again.statusCode).toBe(304);
    } finally {
      await t.close();
    }
  });
});

describe('deeplink parameters', () => {
  it('answers the configured object of a known key as the Sensors deeplink API does (not enveloped)', async () => {
    const response = await closed.app.inject({
      method: 'GET',
      url: '/sdk/deeplink/param?key=summer&system_type=JS&project=production',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(body(response)).toEqual(DEEPLINKS.summer);
  });

  it('answers 404 for an unknown key (also one named like an Object property)', async () => {
    for (const key of ['winter', 'constructor', '__proto__']) {
      const response = await closed.app.inject({
        method: 'GET',
        url: `/sdk/deeplink/param?key=${key}&system_type=JS`,
      });
      expect(response.statusCode, key).toBe(404);
      expect(body<ErrorEnvelope>(response).error).toBe('ROUTE_NOT_FOUND');
    }
  });

  it('answers 400 without a key, for another system_type or an unknown project', async () => {
    for (const query of ['system_type=JS', 'key=summer&system_type=iOS', 'key=summer&project=nope']) {
      const response = await closed.app.inject({ method: 'GET', url: `/sdk/deeplink/param?${query}` });
      expect(response.statusCode, query).toBe(400);
      expect(body<ErrorEnvelope>(response).error).toBe('INVALID_PARAMETER');
    }
  });
});

describe('OpenAPI', () => {
  it('documents the collector routes', async () => {
    const response = await open.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(response.statusCode).toBe(200);
    const paths = body<{ paths: Record<string, Record<string, { tags?: string[] }>> }>(response).paths;
    expect(paths['/sa']?.post?.tags).toEqual(['analytics']);
    expect(paths['/sa.gif']?.get).toBeDefined();
    expect(paths['/config/visualized/Web.conf']?.get).toBeDefined();
    expect(paths['/sdk/deeplink/param']?.get).toBeDefined();
  });
});
