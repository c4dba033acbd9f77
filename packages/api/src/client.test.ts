import { fakeFetch, hang, json, ok } from '@plugin-center/test-fakes/fetch';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { backofficeCalls } from './backofficeCalls';
import {
  API_ERROR_CODES,
  type ApiClientOptions,
  ApiError,
  CANCEL_MESSAGE,
  createApiClient,
  isCancelled,
  isSuccess,
} from './client';

const quiet = () => ({ error: vi.fn() });

function setup(answer?: Parameters<typeof fakeFetch>[0], options: ApiClientOptions = {}) {
  const net = fakeFetch(answer);
  const logger = quiet();
  const client = createApiClient({ fetch: net.fetch, logger, ...options });
  return { ...net, logger, client };
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  window.history.replaceState(null, '', '/');
});

describe('headers (SPEC §7)', () => {
  it('sends a bearer Authorization header when an access token exists', async () => {
    const { client, requests } = setup(undefined, { getAccessToken: () => 'tok-1' });
    await client.plugin.tagList();
    expect(requests[0]?.headers.get('authorization')).toBe('Bearer tok-1');
  });

  it('sends no Authorization header without a token (null, undefined, empty)', async () => {
    for (const token of [null, undefined, '']) {
      const { client, requests } = setup(undefined, { getAccessToken: () => token });
      await client.plugin.tagList();
      expect(requests[0]?.headers.has('authorization')).toBe(false);
    }
    const { client, requests } = setup();
    await client.plugin.tagList();
    expect(requests[0]?.headers.has('authorization')).toBe(false);
  });

  it('reads the token at call time', async () => {
    let token: string | undefined;
    const { client, requests } = setup(undefined, { getAccessToken: () => token });
    await client.plugin.tagList();
    token = 'later';
    await client.plugin.tagList();
    expect(requests.map((r) => r.headers.get('authorization'))).toEqual([null, 'Bearer later']);
  });

  it('sends JSON content type and no-cache on every call, with fetch cache no-store', async () => {
    const { client, requests } = setup();
    await client.plugin.list({});
    await client.plugin.view({ plugin_key: 'k' });
    for (const r of requests) {
      expect(r.headers.get('content-type')).toBe('application/json');
      expect(r.headers.get('cache-control')).toBe('no-cache');
      expect(r.init.cache).toBe('no-store');
    }
  });
});

describe('payload (SPEC §7)', () => {
  // The real server refuses an empty body sent as JSON, so a bodiless call sends none.
  it('a POST/PUT without a body (query and none routes) sends no body and no content type', async () => {
    const { client, requests } = setup();
    await backofficeCalls(client).disableResourceState({ id: 3, is_disabled: true });
    await client.plugin.newUserSilentInstall();
    expect(requests.map((r) => [r.method, r.url.pathname, r.url.search])).toEqual([
      ['PUT', '/api/cmt/plugin/resource_state/disable', '?id=3&is_disabled=true'],
      ['POST', '/api/cmt/plugin/user/new/silent', ''],
    ]);
    for (const r of requests) {
      expect(r.body ?? undefined).toBeUndefined();
      expect(r.headers.has('content-type')).toBe(false);
    }
  });

  it('GET sends the fields as query, skipping undefined', async () => {
    const { client, requests } = setup();
    await client.plugin.list({ tag_id: 3, sort: 1, keyword: '设计 tool', cursor: undefined, page_size: 20 });
    const r = requests[0]!;
    expect(r.method).toBe('GET');
    expect(r.url.pathname).toBe('/api/cmt/plugin/list');
    expect(Object.fromEntries(r.url.searchParams)).toEqual({
      tag_id: '3',
      sort: '1',
      keyword: '设计 tool',
      page_size: '20',
    });
    expect(r.body).toBeUndefined();
  });

  it('POST, PUT and DELETE send the fields as a JSON body', async () => {
    const { client, requests } = setup();
    await client.plugin.praise({ plugin_key: 'a', praise: -1 });
    await backofficeCalls(client).setSilentInstall({ plugin_key: 'b', is_default_install: true });
    await client.plugin.uninstall({ plugin_key: 'c' });
    expect(requests.map((r) => [r.method, r.url.pathname, r.url.search, r.json])).toEqual([
      ['POST', '/api/cmt/plugin/user/praise', '', { plugin_key: 'a', praise: -1 }],
      ['PUT', '/api/cmt/plugin/silent_install', '', { plugin_key: 'b', is_default_install: true }],
      ['DELETE', '/api/cmt/plugin/user', '', { plugin_key: 'c' }],
    ]);
  });

  it('fills {id} placeholders from the payload, URL-encoded, and removes those fields', async () => {
    const { client, requests } = setup();
    const payload = { id: 'a b/c?d', name: 'x' };
    await client.request('POST', '/api/cmt/things/{id}/rename', payload);
    await client.request('GET', '/api/cmt/things/{id}', { id: 7, lang: 'en-US' });
    expect(requests[0]?.url.pathname).toBe('/api/cmt/things/a%20b%2Fc%3Fd/rename');
    expect(requests[0]?.json).toEqual({ name: 'x' });
    expect(payload).toEqual({ id: 'a b/c?d', name: 'x' }); // the caller's object is not mutated
    expect(requests[1]?.url.pathname).toBe('/api/cmt/things/7');
    expect(Object.fromEntries(requests[1]!.url.searchParams)).toEqual({ lang: 'en-US' });
  });

  it('rejects with a TypeError when a placeholder has no field, without calling the network', async () => {
    const { client, fn } = setup();
    await expect(client.request('GET', '/api/cmt/things/{id}', {})).rejects.toThrow(TypeError);
    expect(fn).not.toHaveBeenCalled();
  });

  it('passes FormData through untouched, without a JSON content type', async () => {
    const { client, requests } = setup();
    const form = new FormData();
    form.append('name', 'My plugin');
    form.append('code_file', new Blob(['{}'], { type: 'application/json' }), 'code.json');
    await client.plugin.publish(form);
    await client.plugin.edit(form);
    await backofficeCalls(client).batchUpload(form);
    await backofficeCalls(client).saveBanner(form);
    expect(requests.map((r) => [r.method, r.url.pathname])).toEqual([
      ['POST', '/api/cmt/plugin'],
      ['PUT', '/api/cmt/plugin'],
      ['POST', '/api/cmt/manager/plugins/upload'],
      ['PUT', '/api/cmt/manager/plugin-banner'],
    ]);
    for (const r of requests) {
      expect(r.body).toBe(form);
      expect(r.headers.has('content-type')).toBe(false);
      expect(r.url.search).toBe('');
    }
  });

  it('multipart: true turns a plain object into FormData (undefined skipped, Blobs kept)', async () => {
    const { client, requests } = setup();
    const file = new Blob(['x']);
    await client.request(
      'POST',
      '/api/cmt/plugin',
      { name: 'n', count: 2, none: undefined, file },
      { multipart: true },
    );
    const body = requests[0]?.body as FormData;
    expect(body).toBeInstanceOf(FormData);
    expect(body.get('name')).toBe('n');
    expect(body.get('count')).toBe('2');
    expect(body.has('none')).toBe(false);
    expect(body.get('file')).toBeInstanceOf(Blob);
    expect(requests[0]?.headers.has('content-type')).toBe(false);
  });
});

describe('admin-page rewrite to the manager API (SPEC §7)', () => {
  const table: [string, string][] = [
    ['/api/helpcenter/plugin/list', '/api/helpcenter/manager/plugin/list'],
    ['/api/helpcenter/space/setting?x=1', '/api/helpcenter/manager/space/setting'],
    ['/api/helpcenter/user/admininfo', '/api/helpcenter/user/admininfo'],
    ['/api/helpcenter/upload/picture', '/api/helpcenter/upload/picture'],
    ['/api/helpcenter/manager/plugin/list', '/api/helpcenter/manager/plugin/list'],
    ['/api/helpcenter/x/manager/y', '/api/helpcenter/x/manager/y'],
    ['/api/cmt/plugin/list', '/api/cmt/plugin/list'],
  ];

  it.each(table)('on an admin page %s → %s', async (from, to) => {
    const { client, requests } = setup(undefined, { isAdminPage: () => true });
    await client.request('GET', from);
    expect(requests[0]?.url.pathname).toBe(to);
  });

  it('leaves every path unchanged off admin pages', async () => {
    const { client, requests } = setup(undefined, { isAdminPage: () => false });
    for (const [from] of table) await client.request('GET', from);
    expect(requests.map((r) => r.url.pathname + r.url.search)).toEqual(table.map(([from]) => from));
  });

  it('by default treats a browser path containing /admin as an admin page (SPEC §2)', async () => {
    const { client, requests } = setup();
    await client.request('GET', '/api/helpcenter/a');
    window.history.replaceState(null, '', '/plugins/admin/audit');
    await client.request('GET', '/api/helpcenter/a');
    expect(requests.map((r) => r.url.pathname)).toEqual(['/api/helpcenter/a', '/api/helpcenter/manager/a']);
  });

  it('rewrites with custom managerPrefixes, keeping the two exceptions relative to the prefix', async () => {
    const { client, requests } = setup(undefined, {
      isAdminPage: () => true,
      managerPrefixes: ['/api/cmt/'],
    });
    await client.plugin.list({});
    await client.request('GET', '/api/cmt/upload/picture');
    await client.plugin.verify();
    expect(requests.map((r) => r.url.pathname)).toEqual([
      '/api/cmt/manager/plugin/list',
      '/api/cmt/upload/picture',
      '/api/cmt/manager/verify',
    ]);
  });
});

describe('base URL (SPEC §7)', () => {
  it('uses baseURL in the browser', async () => {
    const { client, requests } = setup(undefined, {
      baseURL: 'https://api.example.com',
      serverBaseURL: 'http://internal:3000',
    });
    await client.plugin.tagList();
    expect(requests[0]?.url.href).toBe('https://api.example.com/api/cmt/plugin/tag/list');
  });

  it('uses serverBaseURL when there is no window (server-side rendering)', async () => {
    vi.stubGlobal('window', undefined);
    const { client, requests } = setup(undefined, {
      baseURL: 'https://api.example.com',
      serverBaseURL: 'http://internal:3000',
    });
    await client.plugin.tagList();
    expect(requests[0]?.url.href).toBe('http://internal:3000/api/cmt/plugin/tag/list');
  });

  it('falls back to baseURL on the server without serverBaseURL, and never treats it as an admin page', async () => {
    vi.stubGlobal('window', undefined);
    const { client, requests } = setup(undefined, { baseURL: 'http://h:1' });
    await client.request('GET', '/api/helpcenter/a');
    expect(requests[0]?.url.href).toBe('http://h:1/api/helpcenter/a');
  });
});

describe('success and errors (SPEC §8, §9)', () => {
  it('isSuccess: code 0 or 200 with data present', () => {
    expect(isSuccess({ code: 0, data: {} })).toBe(true);
    expect(isSuccess({ code: 200, data: [] })).toBe(true);
    expect(isSuccess({ code: 0, data: 0 })).toBe(true);
    expect(isSuccess({ code: 0, data: null })).toBe(false);
    expect(isSuccess({ code: 200 })).toBe(false);
    expect(isSuccess({ code: 1, data: {} })).toBe(false);
    expect(isSuccess({ code: 40000, data: {} })).toBe(false);
    expect(isSuccess(undefined)).toBe(false);
  });

  it('HTTP 401 rejects with ApiError code UNAUTHORIZED (SPEC §8 code 401), data network error, status and body, and logs it', async () => {
    const envelope = { code: 401, error: 'UNAUTHORIZED', message: 'sign in', data: null };
    const { client, logger } = setup(() => json(envelope, 401));
    const error = await client.plugin.install({ plugin_key: 'k' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      name: 'ApiError',
      code: 'UNAUTHORIZED',
      numericCode: API_ERROR_CODES.UNAUTHORIZED,
      data: 'network error',
      status: 401,
      body: envelope,
    });
    expect(logger.error).toHaveBeenCalledTimes(1);
    expect(logger.error.mock.calls[0]).toEqual([
      '[plugin-center/api]',
      'POST',
      '/api/cmt/plugin/user',
      error,
    ]);
  });

  it.each([400, 403, 404, 429, 500, 503])(
    "HTTP %i rejects with the envelope's error as code and SPEC §8 code -10000",
    async (status) => {
      const { client, logger } = setup(() => json({ code: 1, error: 'X', message: 'm', data: null }, status));
      await expect(client.plugin.list({})).rejects.toMatchObject({
        code: 'X',
        numericCode: API_ERROR_CODES.NETWORK,
        data: 'network error',
        status,
        body: { error: 'X' },
      });
      expect(logger.error).toHaveBeenCalledTimes(1);
    },
  );

  it('a 401 without an envelope has code UNAUTHORIZED; a 5xx without one NETWORK_ERROR', async () => {
    const { client } = setup(() => new Response('Unauthorized', { status: 401 }));
    await expect(client.plugin.praise({ plugin_key: 'k', praise: 1 })).rejects.toMatchObject({
      code: 'UNAUTHORIZED',
      numericCode: 401,
    });
    const second = setup(() => new Response('Bad gateway', { status: 502 }));
    await expect(second.client.plugin.list({})).rejects.toMatchObject({
      code: 'NETWORK_ERROR',
      numericCode: -10000,
      status: 502,
    });
  });

  it('does not retry a failed GET', async () => {
    const { client, fn } = setup(() => json({}, 500));
    await expect(client.plugin.list({})).rejects.toBeInstanceOf(ApiError);
    expect(fn).toHaveBeenCalledTimes(1);
  });

  it('a network failure rejects with code -10000 and no status, and is logged', async () => {
    const { client, logger } = setup(() => Promise.reject(new TypeError('Failed to fetch')));
    const error = (await client.plugin.tagList().catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.code).toBe('NETWORK_ERROR');
    expect(error.numericCode).toBe(-10000);
    expect(error.data).toBe('network error');
    expect(error.status).toBeUndefined();
    expect(error.cause).toBeDefined();
    expect(logger.error).toHaveBeenCalledTimes(1);
  });

  it('a 2xx answer that is not an envelope (e.g. an HTML page) rejects with -10000', async () => {
    const { client, logger } = setup(
      () => new Response('<!doctype html><p>app', { headers: { 'content-type': 'text/html' } }),
    );
    await expect(client.plugin.tagList()).rejects.toMatchObject({
      code: 'NETWORK_ERROR',
      numericCode: -10000,
      status: 200,
    });
    expect(logger.error).toHaveBeenCalledTimes(1);
  });

  it('logs to console by default', async () => {
    const spy = vi.spyOn(console, 'error').mockImplementation(() => {});
    const net = fakeFetch(() => json({}, 500));
    await expect(createApiClient({ fetch: net.fetch }).plugin.tagList()).rejects.toBeInstanceOf(ApiError);
    expect(spy).toHaveBeenCalledTimes(1);
    spy.mockRestore();
  });
});

describe('cancel (SPEC §8)', () => {
  it('a cancelled request resolves with the cancel message, not logged', async () => {
    const { client, logger, requests } = setup(hang);
    const controller = new AbortController();
    const pending = backofficeCalls(client).batchUpload(new FormData(), { signal: controller.signal });
    await vi.waitFor(() => expect(requests).toHaveLength(1));
    controller.abort();
    const res = await pending;
    expect(res).toEqual({ code: -1, data: undefined, message: CANCEL_MESSAGE, error: 'CANCELLED' });
    expect(isCancelled(res)).toBe(true);
    expect(requests[0]?.init.signal?.aborted).toBe(true);
    expect(logger.error).not.toHaveBeenCalled();
  });

  it('an already aborted signal resolves with the cancel message', async () => {
    const { client } = setup(hang);
    const res = await client.plugin.list({}, { signal: AbortSignal.abort() });
    expect(res.message).toBe(CANCEL_MESSAGE);
  });

  it('an abort after the answer changes nothing', async () => {
    const { client } = setup(() => ok({ tag_list: [] }));
    const controller = new AbortController();
    const res = await client.plugin.tagList({}, { signal: controller.signal });
    controller.abort();
    expect(res).toEqual({ code: 0, data: { tag_list: [] } });
    expect(isCancelled(res)).toBe(false);
  });
});

describe('timeout (SPEC §9)', () => {
  it('rejects with ApiError -10000 after 15 minutes, not before', async () => {
    vi.useFakeTimers();
    const { client, logger } = setup(hang);
    let settled: unknown;
    const pending = client.plugin.list({}).then(
      () => 'resolved',
      (e: unknown) => e,
    );
    void pending.then((v) => {
      settled = v;
    });
    await vi.advanceTimersByTimeAsync(15 * 60 * 1000 - 1);
    expect(settled).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    const error = (await pending) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.code).toBe('NETWORK_ERROR');
    expect(error.numericCode).toBe(-10000);
    expect(error.message).toMatch(/timeout after 900000 ms/);
    expect(logger.error).toHaveBeenCalledTimes(1);
  });

  it('honours a custom timeout, also when a signal is given', async () => {
    vi.useFakeTimers();
    const { client } = setup(hang, { timeout: 1000 });
    const pending = client.plugin.list({}, { signal: new AbortController().signal }).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(1000);
    expect(await pending).toMatchObject({
      code: 'NETWORK_ERROR',
      numericCode: -10000,
      data: 'network error',
    });
  });

  it('clears its timer once answered', async () => {
    vi.useFakeTimers();
    const { client } = setup();
    await client.plugin.tagList();
    expect(vi.getTimerCount()).toBe(0);
  });
});
