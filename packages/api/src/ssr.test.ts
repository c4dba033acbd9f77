// @vitest-environment node

import { fakeFetch, ok } from '@plugin-center/test-fakes/fetch';
import { describe, expect, it } from 'vitest';
import { createApiClient, createLoader, createPluginListQuery } from './index';

describe('server-side rendering (no window)', () => {
  it('imports and creates the client and stores in Node without touching browser globals', () => {
    expect(typeof window).toBe('undefined');
    const client = createApiClient({ fetch: fakeFetch().fetch });
    expect(createPluginListQuery(client).getSnapshot().status).toBe('unrequest');
    expect(createLoader(() => client.plugin.tagList()).getSnapshot().status).toBe('unrequest');
  });

  it('calls serverBaseURL and never rewrites to the manager API', async () => {
    const net = fakeFetch(() => ok({ tag_list: [] }));
    const client = createApiClient({
      fetch: net.fetch,
      baseURL: '/',
      serverBaseURL: 'http://127.0.0.1:3000',
    });
    const res = await client.request('GET', '/api/helpcenter/plugin/list', { lang: 'en-US' });
    expect(res).toEqual({ code: 0, data: { tag_list: [] } });
    expect(net.requests[0]?.url.href).toBe('http://127.0.0.1:3000/api/helpcenter/plugin/list?lang=en-US');
  });
});
