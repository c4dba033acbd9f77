/**
 * The publisher analytics page over the real API client with only the network edge (fetch) faked,
 * by ownership: a general user's own plugins (no developer field, empty state pointing to Publish),
 * an administrator's own by default and a named developer's on request.
 */
import { createApiClient } from '@plugin-center/api';
import type { PublisherAnalytics } from '@plugin-center/contract';
import { ApiClientProvider, SsoClientProvider } from '@plugin-center/react';
import { fakeFetch, ok } from '@plugin-center/test-fakes/fetch';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DAY_MS } from '../../reports/range';
import { ROUTER_FUTURE } from '../../routes';
import { inEnglish, renderWithClient } from '../../testing/render';
import { PublisherAnalyticsPage, PublisherAnalyticsView } from './PublisherAnalyticsPage';

inEnglish();
afterEach(cleanup);

describe('publisher analytics', () => {
  const report = (
    plugins: PublisherAnalytics['plugins'],
    developer: string | null = 'Ada Dev',
  ): PublisherAnalytics => ({
    from: 0,
    to: 2 * DAY_MS,
    developer,
    plugins,
  });

  const days = [
    { day: '1970-01-01', views: 3, installs: 1 },
    { day: '1970-01-02', views: 5, installs: 0 },
  ];
  const twoPlugins = [
    { plugin_key: 'a', name: 'Alpha', views: 8, installs: 1, likes: 2, days },
    { plugin_key: 'b', name: 'Beta', views: 1, installs: 0, likes: 0, days },
  ];

  it('shows a general user their own plugins, never sending developer and offering no developer field', async () => {
    const net = fakeFetch(() => ok(report(twoPlugins, 'Ada')));
    renderWithClient(net.fetch, <PublisherAnalyticsView />, '/my-analytics?developer=Someone%20Else');
    const totals = await screen.findByRole('table', { name: 'Totals per plugin' });
    expect(net.requests).toHaveLength(1);
    expect(net.requests[0]!.url.pathname).toBe('/api/cmt/plugin/analytics');
    expect(net.requests[0]!.url.searchParams.has('developer')).toBe(false);
    expect(screen.queryByLabelText('Developer')).toBeNull();
    expect(screen.getByTestId('publisher-subject').textContent).toBe('The plugins your account owns');
    expect(
      within(totals)
        .getAllByRole('row')
        .slice(1)
        .map((r) => r.children[0]!.textContent),
    ).toEqual(['Alpha', 'Beta']);
  });

  it("shows a general user's empty state pointing to Publish", async () => {
    const net = fakeFetch(() => ok(report([], 'Ada')));
    renderWithClient(net.fetch, <PublisherAnalyticsView />, '/my-analytics');
    expect(await screen.findByText('No plugins yet')).toBeTruthy();
    expect(screen.getByText(/Plugins you publish appear here/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Publish a plugin' }).getAttribute('href')).toBe(
      '/publish-plugin/new',
    );
  });

  it("shows an administrator their own plugins by default, and a named developer's on request", async () => {
    const net = fakeFetch((req) =>
      ok(
        req.url.searchParams.get('developer') === 'Other Studio'
          ? report(twoPlugins, 'Other Studio')
          : report([], 'Admin'),
      ),
    );
    renderWithClient(net.fetch, <PublisherAnalyticsView isAdmin />, '/my-analytics');
    expect(await screen.findByText('No plugins yet')).toBeTruthy();
    expect(net.requests).toHaveLength(1);
    expect(net.requests[0]!.url.searchParams.has('developer')).toBe(false);
    expect(screen.getByRole('link', { name: 'Publish a plugin' })).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Developer'), { target: { value: ' Other Studio ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Show' }));
    await waitFor(() => expect(net.requests).toHaveLength(2));
    expect(net.requests[1]!.url.searchParams.get('developer')).toBe('Other Studio');
    expect(screen.getByTestId('publisher-subject').textContent).toBe('Plugins of the developer Other Studio');
    const views = await screen.findByRole('table', { name: 'Views per day' });
    expect(
      within(views)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Day', 'Alpha', 'Beta']);
    screen.getByRole('img', { name: /^Line chart: Installs per day/ });
    const totals = screen.getByRole('table', { name: 'Totals per plugin' });
    expect([...within(totals).getAllByRole('row')[1]!.children].map((c) => c.textContent)).toEqual([
      'Alpha',
      '8',
      '1',
      '2',
    ]);
  });

  it("explains an administrator's empty developer report with the developer's name", async () => {
    const net = fakeFetch(() => ok(report([], 'Ada Dev')));
    renderWithClient(net.fetch, <PublisherAnalyticsView isAdmin />, '/my-analytics?developer=Ada%20Dev');
    expect(await screen.findByText('No plugins yet')).toBeTruthy();
    expect(screen.getByText(/has no plugins here.*Ada Dev/)).toBeTruthy();
    expect(net.requests[0]!.url.searchParams.get('developer')).toBe('Ada Dev');
    expect(screen.queryByRole('link', { name: 'Publish a plugin' })).toBeNull();
  });
});

describe('publisher analytics page', () => {
  it('shows a signed-in general user the report, not the no-permission page', async () => {
    const net = fakeFetch(() => ok({ from: 0, to: DAY_MS, developer: 'Ada', plugins: [] }));
    const client = createApiClient({ fetch: net.fetch, logger: { error: vi.fn() } });
    const state = { status: 'signed-in', accessToken: 't', user: { user_id: 7 }, isAdmin: false };
    const sso = {
      subscribe: () => () => {},
      getSnapshot: () => state,
      signIn: vi.fn(),
      signOut: vi.fn(),
    } as unknown as Parameters<typeof SsoClientProvider>[0]['client'];
    render(
      <MemoryRouter future={ROUTER_FUTURE} initialEntries={['/my-analytics']}>
        <SsoClientProvider client={sso}>
          <ApiClientProvider client={client}>
            <PublisherAnalyticsPage />
          </ApiClientProvider>
        </SsoClientProvider>
      </MemoryRouter>,
    );
    expect(await screen.findByRole('heading', { name: 'My plugin analytics' })).toBeTruthy();
    expect(screen.queryByText('You have no permission to access this page')).toBeNull();
    expect(await screen.findByText('No plugins yet')).toBeTruthy();
    expect(screen.queryByLabelText('Developer')).toBeNull();
  });
});
