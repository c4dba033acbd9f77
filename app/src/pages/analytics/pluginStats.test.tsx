/**
 * A plugin's statistics page over the real API client with only the network edge (fetch) faked:
 * the plugin and range it asks for, the totals and the per-version table it shows, the empty state,
 * and the CSV export saved under the server's file name.
 */
import type { PluginStats } from '@plugin-center/contract';
import { fakeFetch, ok } from '@plugin-center/test-fakes/fetch';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DAY_MS } from '../../reports/range';
import { inEnglish } from '../../testing/render';
import { dismissToastsAfterEach, renderWithToasts, toastTexts } from '../../testing/toasts';
import { PluginStatsView, statsFileName } from './PluginStatsPage';

inEnglish();
dismissToastsAfterEach();
afterEach(() => vi.restoreAllMocks());

const zero = { installs: 0, uninstalls: 0, views: 0, likes: 0, unlikes: 0, ratings: 0, rating_sum: 0 };

const stats = (over: Partial<PluginStats> = {}): PluginStats => ({
  plugin_key: 'color-magic',
  name: '颜色魔法',
  current_version: '1.1.0',
  from: '2024-01-01',
  to: '2024-01-02',
  days: [
    { day: '2024-01-01', ...zero, installs: 3, views: 10 },
    { day: '2024-01-02', ...zero, installs: 2, uninstalls: 1, views: 4, likes: 2, ratings: 2, rating_sum: 7 },
  ],
  versions: [
    { version: '1.1.0', ...zero, installs: 2, views: 4, likes: 2, ratings: 2, rating_sum: 7 },
    { version: null, ...zero, installs: 3, uninstalls: 1, views: 10 },
  ],
  totals: { installs: 5, uninstalls: 1, views: 14, likes: 2, unlikes: 0, ratings: 2, rating_sum: 7 },
  ...over,
});

describe('plugin statistics page', () => {
  it('asks for the plugin over the last 7 UTC days and shows the totals and the versions', async () => {
    const net = fakeFetch(() => ok(stats()));
    renderWithToasts(net.fetch, <PluginStatsView />, '/my-plugins/stats?plugin_key=color-magic&days=7');
    const versions = await screen.findByRole('table', { name: 'Per version' });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Statistics: 颜色魔法');
    const asked = net.requests[0]!.url;
    expect(asked.pathname).toBe('/api/cmt/plugin/stats');
    expect(asked.searchParams.get('plugin_key')).toBe('color-magic');
    const today = Math.floor(Date.now() / DAY_MS);
    expect(asked.searchParams.get('to')).toBe(new Date(today * DAY_MS).toISOString().slice(0, 10));
    expect(asked.searchParams.get('from')).toBe(new Date((today - 6) * DAY_MS).toISOString().slice(0, 10));
    const totals = screen.getByTestId('stats-totals');
    expect(within(totals).getByText('Installs').nextSibling?.textContent).toContain('5');
    expect(totals.querySelector('[data-counter="average"] .stat-value')?.textContent).toBe('3.50');
    expect(
      within(versions)
        .getAllByRole('row')
        .slice(1)
        .map((r) => [...r.children].map((c) => c.textContent)),
    ).toEqual([
      ['1.1.0 (current)', '2', '0', '4', '2', '2', '3.50'],
      ['Not recorded', '3', '1', '10', '0', '0', '—'],
    ]);
    // The charts' data tables: every day with its installs and uninstalls.
    const perDay = screen.getByRole('table', { name: 'Installs and uninstalls per day' });
    expect(within(perDay).getAllByRole('row')).toHaveLength(3);
  });

  it('shows the empty state for a range with nothing in it', async () => {
    const net = fakeFetch(() =>
      ok(stats({ days: [{ day: '2024-01-01', ...zero }], versions: [], totals: { ...zero } })),
    );
    renderWithToasts(net.fetch, <PluginStatsView />, '/my-plugins/stats?plugin_key=color-magic');
    expect(await screen.findByText('Nothing in this range yet')).toBeTruthy();
    expect(screen.queryByRole('table', { name: 'Per version' })).toBeNull();
  });

  it('exports the CSV under the file name the server gives it', async () => {
    const net = fakeFetch((req) =>
      req.url.pathname.endsWith('/csv')
        ? new Response('\uFEFF"plugin_key"\r\n', { headers: { 'content-type': 'text/csv; charset=utf-8' } })
        : ok(stats()),
    );
    const saved: string[] = [];
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:csv');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    renderWithToasts(net.fetch, <PluginStatsView />, '/my-plugins/stats?plugin_key=color-magic&days=30');
    await screen.findByRole('table', { name: 'Per version' });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Export CSV' })));
    const csv = net.requests.find((r) => r.url.pathname === '/api/cmt/plugin/stats/csv')!;
    const from = csv.url.searchParams.get('from')!;
    const to = csv.url.searchParams.get('to')!;
    const file = statsFileName('color-magic', from, to);
    await waitFor(() => expect(saved).toEqual([file]));
    expect(file).toBe(`plugin-stats-color-magic-${from}-${to}.csv`);
    expect(toastTexts()).toEqual([`Saved ${file}`]);
  });

  it('says where to open the statistics from without a plugin key', async () => {
    const net = fakeFetch(() => ok(stats()));
    renderWithToasts(net.fetch, <PluginStatsView />, '/my-plugins/stats');
    expect(await screen.findByText('Open the statistics of a plugin from My plugins.')).toBeTruthy();
    expect(net.requests).toHaveLength(0);
  });
});
