/**
 * The back-office analytics dashboard over the real API client with only the network edge (fetch)
 * faked: loading → data, the range picker, the empty and the error (Retry) states.
 */
import type { AnalyticsOverview } from '@plugin-center/contract';
import { fakeFetch, json, manualFetch, ok } from '@plugin-center/test-fakes/fetch';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { DAY_MS } from '../../reports/range';
import { inEnglish, renderWithClient } from '../../testing/render';
import { AnalyticsOverviewView } from './AnalyticsPage';

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

inEnglish();
afterEach(cleanup);

describe('back-office analytics dashboard', () => {
  it('shows loading, then the totals, the charts (with their data tables) and the events by name', async () => {
    const net = manualFetch();
    renderWithClient(net.fetch, <AnalyticsOverviewView />, '/backstage-index/analytics');
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
    renderWithClient(net.fetch, <AnalyticsOverviewView />, '/backstage-index/analytics');
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
    renderWithClient(net.fetch, <AnalyticsOverviewView />, '/backstage-index/analytics');
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
    renderWithClient(net.fetch, <AnalyticsOverviewView />, '/backstage-index/analytics');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The analytics could not be loaded.');
    fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByTestId('analytics-totals')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(net.requests).toHaveLength(2);
  });
});
