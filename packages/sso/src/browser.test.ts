import { fakeServer, record } from '@plugin-center/test-fakes/sso';
import { afterEach, describe, expect, it } from 'vitest';
import { createSsoClient } from './client';
import { LOGIN_RECORD_KEY } from './record';

afterEach(() => {
  localStorage.clear();
});

describe('with the real (happy-dom) window', () => {
  it('validates and refreshes a login stored in localStorage, using the default window, lock and channel', async () => {
    localStorage.setItem(LOGIN_RECORD_KEY, JSON.stringify(record(1000)));
    const server = fakeServer();
    const client = createSsoClient({ redirectUrl: 'https://product.example.com/', fetch: server.fetch });
    await client.init();
    expect(server.count('user/valid')).toBe(1);
    expect(server.count('user/refresh_token')).toBe(1);
    const stored = JSON.parse(localStorage.getItem(LOGIN_RECORD_KEY)!);
    expect(stored.refresh_token).toBe('r2');
    expect(client.getSnapshot().accessToken).toBe(stored.access_token);
    expect(localStorage.getItem(`${LOGIN_RECORD_KEY}:lease`)).toBeNull();
  });

  it('stores the login record in document.cookie with code 2', async () => {
    history.replaceState(null, '', '/app/?code=abc');
    const server = fakeServer();
    const client = createSsoClient({
      redirectUrl: 'https://product.example.com/',
      fetch: server.fetch,
      loginStorage: 2,
    });
    await client.init();
    expect(location.search).toBe('');
    expect(document.cookie).toContain(`${LOGIN_RECORD_KEY}=`);
    expect(client.getSnapshot().status).toBe('signed-in');
    await client.signOut();
    expect(document.cookie).not.toContain(`${LOGIN_RECORD_KEY}=`);
  });
});
