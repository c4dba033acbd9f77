/**
 * `useSession` and `useAdminGuard` over the real SSO and API clients, with only the network edge
 * (fetch) and the browser (window) faked.
 */
import { createApiClient } from '@plugin-center/api';
import { createSsoClient, LOGIN_RECORD_KEY } from '@plugin-center/sso';
import { fakeFetch, json, ok } from '@plugin-center/test-fakes/fetch';
import { fakeServer, fakeWindow, memoryTabs, record, user } from '@plugin-center/test-fakes/sso';
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiClientProvider } from './ApiClientProvider';
import { SsoClientProvider } from './SsoClientProvider';
import { useAdminGuard } from './useAdminGuard';
import { useAdminInfo } from './useAdminInfo';
import { useSession } from './useSession';

afterEach(cleanup);

/**
 * An SSO client (stored login record optional) and an API client whose `GET manager/verify`
 * answers `verify`, both provided to the hooks.
 */
function setup(options: { stored?: boolean; role?: 0 | 1 | 2; verify?: () => Response } = {}) {
  const info = user({ role: options.role ?? 0, nick_name: 'Ada' });
  const server = fakeServer({ info });
  const w = fakeWindow('https://example.com/plugins/backstage-index');
  if (options.stored) w.localStorage.setItem(LOGIN_RECORD_KEY, JSON.stringify(record(60_000, 'r1', info)));
  const sso = createSsoClient({
    redirectUrl: '/plugins/',
    fetch: server.fetch,
    window: w,
    tabs: memoryTabs().tab(),
  });
  const api = fakeFetch((req) =>
    req.url.pathname === '/api/cmt/manager/verify'
      ? (options.verify?.() ??
        ok({ role: info.role, user_id: info.user_id, is_administrator: info.role !== 0 }))
      : json({ code: 40401, error: 'ROUTE_NOT_FOUND', message: '', data: null }, 404),
  );
  const client = createApiClient({
    fetch: api.fetch,
    baseURL: 'https://example.com',
    getAccessToken: sso.getAccessToken,
    logger: { error: vi.fn() },
  });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <SsoClientProvider client={sso}>
      <ApiClientProvider client={client}>{children}</ApiClientProvider>
    </SsoClientProvider>
  );
  return { sso, w, server, api, wrapper };
}

describe('useSession', () => {
  it('is initializing until init settles, then signed in with the user; signOut signs out', async () => {
    const { sso, wrapper, server } = setup({ stored: true });
    const { result } = renderHook(() => useSession(), { wrapper });
    expect(result.current.status).toBe('initializing');
    expect(result.current.signedIn).toBe(false);
    await act(() => sso.init());
    expect(result.current).toMatchObject({ status: 'signed-in', signedIn: true, isAdmin: false });
    expect(result.current.user?.nick_name).toBe('Ada');

    await act(() => result.current.signOut());
    expect(result.current).toMatchObject({ status: 'signed-out', signedIn: false, user: null });
    expect(server.count('user/logout')).toBe(1);
  });

  it('without a stored login is signed out, and signIn goes to the login page (sign-up with page=sign_up)', async () => {
    const { sso, w, wrapper } = setup();
    const { result } = renderHook(() => useSession(), { wrapper });
    await act(() => sso.init());
    expect(result.current.status).toBe('signed-out');
    await act(() => result.current.signIn({ page: 'sign_up' }));
    const target = new URL(w.location.assign.mock.calls[0]![0], 'https://example.com');
    expect(target.pathname).toBe('/user/login/');
    expect(target.searchParams.get('redirect_uri')).toBe('/plugins/');
    expect(target.searchParams.get('page')).toBe('sign_up');
  });
});

describe('useAdminGuard (SPEC §2 admin route check)', () => {
  it('sends a visitor to sign-in', async () => {
    const { sso, w, wrapper } = setup();
    const { result } = renderHook(() => useAdminGuard(), { wrapper });
    expect(result.current).toBe('checking');
    await act(() => sso.init());
    await waitFor(() => expect(result.current).toBe('signing-in'));
    await waitFor(() => expect(w.location.assign).toHaveBeenCalled());
    expect(String(w.location.assign.mock.calls.at(-1)![0])).toContain('/user/login/');
  });

  it.each([
    [0, 'forbidden'],
    [1, 'allowed'],
    [2, 'allowed'],
  ] as const)('role %i from manager/verify → %s', async (role, expected) => {
    const { sso, wrapper, api } = setup({ stored: true, role });
    const { result } = renderHook(() => useAdminGuard(), { wrapper });
    await act(() => sso.init());
    await waitFor(() => expect(result.current).toBe(expected));
    const verify = api.requests.find((r) => r.url.pathname === '/api/cmt/manager/verify');
    expect(verify?.headers.get('authorization')).toMatch(/^Bearer /);
  });

  it('a 401 from manager/verify starts sign-in; another failure is forbidden', async () => {
    const unauthorized = setup({
      stored: true,
      verify: () => json({ code: 401, error: 'UNAUTHORIZED', message: '', data: null }, 401),
    });
    const a = renderHook(() => useAdminGuard(), { wrapper: unauthorized.wrapper });
    await act(() => unauthorized.sso.init());
    await waitFor(() => expect(a.result.current).toBe('signing-in'));
    expect(unauthorized.w.location.assign).toHaveBeenCalled();

    const broken = setup({
      stored: true,
      verify: () => json({ code: 50000, error: 'INTERNAL', message: '', data: null }, 500),
    });
    const b = renderHook(() => useAdminGuard(), { wrapper: broken.wrapper });
    await act(() => broken.sso.init());
    await waitFor(() => expect(b.result.current).toBe('forbidden'));
  });
});

describe('useAdminInfo', () => {
  it("reads the caller's role from manager/verify", async () => {
    const { sso, wrapper } = setup({ stored: true, role: 1 });
    await act(() => sso.init());
    const { result } = renderHook(() => useAdminInfo(), { wrapper });
    await waitFor(() => expect(result.current.status).toBe('success'));
    expect(result.current.data).toMatchObject({ role: 1, is_administrator: true });
  });
});
