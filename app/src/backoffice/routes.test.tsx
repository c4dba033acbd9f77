/**
 * The back-office routing (`BackofficeRoutes` under `/backstage-index/*`): each path
 * lazily loads its page behind the admin route check (SPEC §2) — an admin sees the page with the
 * back-office navigation (current page marked), a general user is sent to /403 — and any other
 * back-office path shows the administrator's user info. Real API client, fetch and SSO state faked.
 */
import { createApiClient } from '@plugin-center/api';
import { ApiClientProvider, SsoClientProvider } from '@plugin-center/react';
import { fakeFetch, ok } from '@plugin-center/test-fakes/fetch';
import { cleanup, render, screen, within } from '@testing-library/react';
import { Suspense } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ROUTER_FUTURE } from '../routes';
import { inEnglish } from '../testing/render';
import { BackofficeRoutes } from './BackofficeRoutes';

const sso = (role: number) => {
  const state = {
    status: 'signed-in',
    accessToken: 't',
    user: { user_id: 7, nick_name: 'Ada', user_name: 'ada', email: 'ada@example.com', role },
    isAdmin: role !== 0,
  };
  return {
    subscribe: () => () => {},
    getSnapshot: () => state,
    signIn: vi.fn(),
    signOut: vi.fn(),
  } as unknown as Parameters<typeof SsoClientProvider>[0]['client'];
};

function renderAt(path: string, role: number) {
  const net = fakeFetch((req) => {
    if (req.url.pathname === '/api/cmt/manager/verify')
      return ok({ role, user_id: 7, is_administrator: role !== 0 });
    if (req.url.pathname.endsWith('/iconfont'))
      return ok({ client_id: 'cid', client_secret: '', secret_status: 'unset', update_time: null });
    if (req.url.pathname === '/api/cmt/manager/login-methods') return ok({ method_list: [] });
    return ok([]);
  });
  const client = createApiClient({ fetch: net.fetch, logger: { error: vi.fn() } });
  render(
    <MemoryRouter future={ROUTER_FUTURE} initialEntries={[path]}>
      <SsoClientProvider client={sso(role)}>
        <ApiClientProvider client={client}>
          <Suspense fallback={<p>loading</p>}>
            <Routes>
              <Route path="/backstage-index/*" element={<BackofficeRoutes />} />
              <Route path="/403" element={<p>forbidden page</p>} />
            </Routes>
          </Suspense>
        </ApiClientProvider>
      </SsoClientProvider>
    </MemoryRouter>,
  );
  return net;
}

inEnglish();
afterEach(cleanup);

describe('back-office routes', () => {
  it('loads a page for an admin, with the navigation marking it', async () => {
    renderAt('/backstage-index/iconfont', 1);
    expect(await screen.findByRole('heading', { level: 1, name: 'Icon font' })).toBeTruthy();
    const nav = screen.getByRole('navigation');
    expect(within(nav).getByRole('link', { name: 'Icon font' }).getAttribute('aria-current')).toBe('page');
    expect(await screen.findByLabelText('Client ID')).toBeTruthy();
  });

  it('loads the banner page for an admin', async () => {
    renderAt('/backstage-index/banner-config', 2);
    expect(await screen.findByRole('heading', { level: 1, name: 'Banners' })).toBeTruthy();
    expect(await screen.findByText('No banners')).toBeTruthy();
  });

  it('loads the sign-in methods page for an admin', async () => {
    renderAt('/backstage-index/login-methods', 2);
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign-in methods' })).toBeTruthy();
    const nav = screen.getByRole('navigation');
    expect(within(nav).getByRole('link', { name: 'Sign-in methods' }).getAttribute('aria-current')).toBe(
      'page',
    );
    expect(await screen.findByText('No sign-in methods to configure')).toBeTruthy();
  });

  it('sends a general user to /403', async () => {
    renderAt('/backstage-index/people', 0);
    expect(await screen.findByText('forbidden page')).toBeTruthy();
  });

  it('shows the user info for other back-office paths', async () => {
    renderAt('/backstage-index/user-info', 2);
    expect((await screen.findByTestId('admin-info')).textContent).toContain('General admin');
  });
});
