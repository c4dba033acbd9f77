// @vitest-environment node

import { fakeServer } from '@plugin-center/test-fakes/sso';
import { describe, expect, it } from 'vitest';
import { buildLoginUrl, createSsoClient, SsoError } from './index';

describe('server-side rendering (no window)', () => {
  it('imports, creates and initialises the client in Node without touching browser globals', async () => {
    expect(typeof window).toBe('undefined');
    const server = fakeServer();
    const client = createSsoClient({ redirectUrl: 'https://product.example.com/', fetch: server.fetch });
    expect(client.getSnapshot()).toEqual({
      status: 'initializing',
      user: null,
      accessToken: null,
      isAdmin: false,
    });
    expect(client.getAccessToken()).toBeNull();
    expect(await client.init()).toBe(true);
    expect(client.getSnapshot().status).toBe('signed-out');
    await expect(client.getValidAccessToken()).rejects.toBeInstanceOf(SsoError);
    expect(server.requests).toHaveLength(0);
    expect(buildLoginUrl({ redirect_uri: 'r' })).toBe('/user/login/?response_type=code&redirect_uri=r');
  });
});
