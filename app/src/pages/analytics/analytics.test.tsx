/**
 * The analytics pages over the real API client with only the network edge (fetch) faked: loading →
 * data, the range picker, the empty and the error (Retry) states of the back-office dashboard, and
 * the publisher page by ownership: a general user's own plugins (no developer field, empty state
 * pointing to Publish), an administrator's own by default and a named developer's on request.
 */
import { createApiClient } from '@plugin-center/api';
import type { AnalyticsOverview, PublisherAnalytics } from '@plugin-center/contract';
import { ApiClientProvider, SsoClientProvider } from '@plugin-center/react';
import { fakeFetch, json, manualFetch, ok } from '@plugin-center/test-fakes/fetch';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { AnalyticsOverviewView } from '../../backoffice/analytics/AnalyticsPage';
import { setLanguage } from '../../i18n/i18n';
import { DAY_MS } from '../../reports/range';
import { ROUTER_FUTURE } from '../../routes';
import { PublisherAnalyticsPage, PublisherAnalyticsView } from './PublisherAnalyticsPage';

const OVERVIEW_PATH = '/api/cmt/manager/analytics/overview';

/** An overview of `n` days ending today with the given totals. */
function overview(n: number, patch: Partial<AnalyticsOverview> = {}): AnalyticsOverview {
  const today = Math.floor(Date.now() / DAY_MS);
  const days = Array.from({ length: n }, (_, i) => ({
    day: new Date((today - n + 1 + i) * DAY_MS).toISOString().slice(0, 10),
    pageviews: i % 3 === 0 ? 10 : 0,
    visitors: i % 3 === 0 ? 4 : 0,
  }));
  return {
    from: (today - n + 1) * DAY_MS,
    to: Date.now(),
    days,
    visitors: 23,
    top_plugins: [
      { plugin_key: 'color-magic', name: 'Color Magic', views: 30, installs: 4, likes: 2 },
      { plugin_key: 'grid-helper', name: 'Grid Helper', views: 12, installs: 1, likes: 0 },
    ],
    events: [
      { event: '$pageview', count: days.reduce((s, d) => s + d.pageviews, 0) },
      { event: 'PluginView', count: 42 },
      { event: 'PluginInstall', count: 5 },
    ],
    total_events: days.reduce((s, d) => s + d.pageviews, 0) + 47,
    ...patch,
  };
}

const EMPTY_OVERVIEW = (n: number): AnalyticsOverview => ({
  ...overview(n),
  days: overview(n).days.map((d) => ({ ...d, pageviews: 0, visitors: 0 })),
  visitors: 0,
  top_plugins: [],
  events: [],
  total_events: 0,
});

function renderWith(
  fetch: typeof globalThis.fetch,
  children: ReactNode,
  path = '/backstage-index/analytics',
) {
  const client = createApiClient({ fetch, logger: { error: vi.fn() } });
  return render(
    <MemoryRouter future={ROUTER_FUTURE} initialEntries={[path]}>
      <ApiClientProvider client={client}>{children}</ApiClientProvider>
    </MemoryRouter>,
  );
}

beforeAll(async () => {
  await act(() => setLanguage('en-US', { persist: false }));
});
afterAll(async () => {
  await act(() => setLanguage('zh-CN', { persist: false }));
});
afterEach(cleanup);

describe('back-office analytics dashboard', () => {
  it('shows loading, then the totals, the charts (with their data tables) and the events by name', async () => {
    const net = manualFetch();
    renderWith(net.fetch, <AnalyticsOverviewView />);
    expect(screen.getByRole('status').textContent).toContain('Loading the analytics…');
    await waitFor(() => expect(net.requests).toHaveLength(1));
    const request = net.requests[0]!;
    expect(request.url.pathname).toBe(OVERVIEW_PATH);
    const from = Number(request.url.searchParams.get('from'));
    const to = Number(request.url.searchParams.get('to'));
    // 30 UTC days: from 00:00 UTC 29 days before today up to now.
    expect(from % DAY_MS).toBe(0);
    expect(Math.floor(to / DAY_MS) - from / DAY_MS).toBe(29);
    expect(screen.getByRole('button', { name: 'Last 30 days' }).getAttribute('aria-pressed')).toBe('true');

    const data = overview(30);
    await act(async () => net.answer(0, ok(data)));
    const totals = await screen.findByTestId('analytics-totals');
    const pageviews = data.days.reduce((s, d) => s + d.pageviews, 0);
    const card = (label: string) =>
      within(totals).getByText(label).parentElement!.querySelector('dd')!.textContent;
    expect(card('Page views')).toBe(String(pageviews));
    // Distinct over the whole range, as the server counts them (not the sum of the daily counts).
    expect(card('Visitors')).toBe('23Distinct visitors in the range'); // the number, then its hint
    expect(card('Plugin views')).toBe('42');
    expect(card('Plugin installs')).toBe('5');
    expect(card('Events')).toBe(String(data.total_events));

    const traffic = screen.getByRole('img', { name: /^Line chart: Page views and visitors per day/ });
    expect(traffic.tagName).toBe('CANVAS');
    const trafficTable = screen.getByRole('table', { name: 'Page views and visitors per day' });
    expect(within(trafficTable).getAllByRole('row')).toHaveLength(31); // header + 30 days
    expect(
      within(trafficTable)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Day', 'Page views', 'Visitors']);
    screen.getByRole('img', { name: /^Bar chart: Top plugins/ });
    const topTable = screen.getByRole('table', { name: 'Top plugins' });
    const firstPlugin = within(topTable).getAllByRole('row')[1]!;
    expect([...firstPlugin.children].map((c) => c.textContent)).toEqual(['Color Magic', '30', '4', '2']);

    const events = screen.getByRole('table', { name: 'Events by name' });
    const rows = within(events).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.querySelector('th')!.textContent)).toEqual([
      '$pageview',
      'PluginView',
      'PluginInstall',
    ]);
  });

  it('asks for another range from the range picker (keyboard: the presets are buttons)', async () => {
    const net = fakeFetch((req) => {
      const days = Math.round(
        (Number(req.url.searchParams.get('to')) - Number(req.url.searchParams.get('from'))) / DAY_MS,
      );
      return ok(overview(Math.max(1, days)));
    });
    renderWith(net.fetch, <AnalyticsOverviewView />);
    await screen.findByTestId('analytics-totals');
    const week = screen.getByRole('button', { name: 'Last 7 days' });
    week.focus();
    fireEvent.click(week);
    await waitFor(() => expect(net.requests).toHaveLength(2));
    const q = net.requests[1]!.url.searchParams;
    expect(Math.floor(Number(q.get('to')) / DAY_MS) - Number(q.get('from')) / DAY_MS).toBe(6);
    expect(week.getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('button', { name: 'Last 30 days' }).getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(screen.getByRole('button', { name: 'Last 90 days' }));
    await waitFor(() => expect(net.requests).toHaveLength(3));
    const q90 = net.requests[2]!.url.searchParams;
    expect(Math.floor(Number(q90.get('to')) / DAY_MS) - Number(q90.get('from')) / DAY_MS).toBe(89);
  });

  it('shows the empty state when the range has no event', async () => {
    const net = fakeFetch(() => ok(EMPTY_OVERVIEW(30)));
    renderWith(net.fetch, <AnalyticsOverviewView />);
    expect(await screen.findByText('No events in this range yet')).toBeTruthy();
    expect(screen.queryByTestId('analytics-totals')).toBeNull();
    expect(screen.queryByRole('img')).toBeNull();
  });

  it('shows the error state, and Retry loads again', async () => {
    let calls = 0;
    const net = fakeFetch(() => {
      calls += 1;
      return calls === 1
        ? json({ code: 50000, error: 'INTERNAL', message: 'internal server error', data: null }, 500)
        : ok(overview(30));
    });
    renderWith(net.fetch, <AnalyticsOverviewView />);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The analytics could not be loaded.');
    fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByTestId('analytics-totals')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(net.requests).toHaveLength(2);
  });
});

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
    renderWith(net.fetch, <PublisherAnalyticsView />, '/my-analytics?developer=Someone%20Else');
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
    renderWith(net.fetch, <PublisherAnalyticsView />, '/my-analytics');
    expect(await screen.findByText('No plugin activity in this range yet')).toBeTruthy();
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
    renderWith(net.fetch, <PublisherAnalyticsView isAdmin />, '/my-analytics');
    expect(await screen.findByText('No plugin activity in this range yet')).toBeTruthy();
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
    renderWith(net.fetch, <PublisherAnalyticsView isAdmin />, '/my-analytics?developer=Ada%20Dev');
    expect(await screen.findByText('No plugin activity in this range yet')).toBeTruthy();
    expect(screen.getByText(/appear here once they have events.*Ada Dev/)).toBeTruthy();
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
    expect(await screen.findByText('No plugin activity in this range yet')).toBeTruthy();
    expect(screen.queryByLabelText('Developer')).toBeNull();
  });
});
