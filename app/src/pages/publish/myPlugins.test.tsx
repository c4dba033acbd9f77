import { fakeFetch, json, manualFetch, ok } from '@plugin-center/test-fakes/fetch';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { inEnglish, renderWithClient } from '../../testing/render';
import { submission } from '../../testing/submissions';
import { MyPluginsView } from './MyPluginsPage';

const renderView = (fetch: typeof globalThis.fetch) =>
  renderWithClient(fetch, <MyPluginsView />, '/my-plugins');

inEnglish();
afterEach(cleanup);

describe('my plugins', () => {
  it('shows "No version yet" for an owned catalogue plugin, which has no version', async () => {
    const net = fakeFetch(() =>
      ok({
        submission_list: [
          submission({ id: 9, plugin_key: 'iconify', name: 'Iconify', version: '', review_status: 2 }),
        ],
        total: 1,
        next_cursor: null,
      }),
    );
    renderView(net.fetch);
    const item = within(await screen.findByTestId('my-plugins')).getByRole('listitem');
    expect(item.querySelector('.submission-meta')!.textContent).toMatch(/^No version yet · Submitted /);
  });

  it('shows loading, then each plugin with version, status badge, reject reason and edit link; loads more', async () => {
    const net = manualFetch();
    renderView(net.fetch);
    expect(screen.getByRole('status').textContent).toContain('Loading your plugins…');
    await waitFor(() => expect(net.requests).toHaveLength(1));
    expect(net.requests[0]!.url.pathname).toBe('/api/cmt/plugin/audit');
    await act(async () =>
      net.answer(
        0,
        ok({
          submission_list: [
            submission({
              id: 1,
              plugin_key: 'grid helper',
              name: 'Grid Helper',
              version: '1.2.0',
              review_status: 1,
            }),
            submission({
              id: 2,
              plugin_key: 'colors',
              name: 'Colors',
              version: '0.3.1',
              review_status: 3,
              reject_reason: 'The icon shows a trademark',
            }),
          ],
          total: 3,
          next_cursor: 'c2',
        }),
      ),
    );
    const items = within(await screen.findByTestId('my-plugins')).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    const [grid, colors] = items as [HTMLElement, HTMLElement];
    expect(within(grid).getByRole('heading').textContent).toBe('Grid Helper');
    expect(grid.textContent).toContain('Version 1.2.0');
    expect(grid.querySelector('.status-badge')!.textContent).toBe('Unreviewed');
    expect(within(grid).getByRole('link', { name: 'Edit Grid Helper' }).getAttribute('href')).toBe(
      '/publish-plugin/edit?plugin_key=grid%20helper',
    );
    expect(grid.querySelector('.submission-reason')).toBeNull();
    expect(colors.querySelector('.status-badge')!.textContent).toBe('Not approved');
    expect(colors.querySelector('.submission-reason')!.textContent).toBe(
      'Reason: The icon shows a trademark',
    );

    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(net.requests).toHaveLength(2));
    expect(net.requests[1]!.url.searchParams.get('cursor')).toBe('c2');
    await act(async () =>
      net.answer(
        1,
        ok({
          submission_list: [
            submission({ id: 3, plugin_key: 'approved', name: 'Approved One', review_status: 2 }),
          ],
          total: 3,
          next_cursor: null,
        }),
      ),
    );
    const all = within(screen.getByTestId('my-plugins')).getAllByRole('listitem');
    expect(all.map((li) => li.querySelector('.status-badge')!.textContent)).toEqual([
      'Unreviewed',
      'Not approved',
      'Approved',
    ]);
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('shows the empty state with a Publish a plugin button', async () => {
    renderView(fakeFetch(() => ok({ submission_list: [], total: 0, next_cursor: null })).fetch);
    expect(await screen.findByText('You have not published a plugin yet')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Publish a plugin' }).getAttribute('href')).toBe(
      '/publish-plugin/new',
    );
    expect(screen.getByRole('link', { name: 'Access tokens' }).getAttribute('href')).toBe(
      '/my-plugins/tokens',
    );
  });

  it('shows the error state and retries', async () => {
    let fail = true;
    const net = fakeFetch(() =>
      fail
        ? json({ code: 50000, error: 'INTERNAL', message: 'boom', data: null }, 500)
        : ok({ submission_list: [submission()], total: 1, next_cursor: null }),
    );
    renderView(net.fetch);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Your plugins could not be loaded.');
    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Grid Helper')).toBeTruthy();
    expect(net.requests).toHaveLength(2);
  });

  it('shows each plugin key and, once opened, its submission history with state, dates and reason', async () => {
    const submitted = Date.UTC(2024, 4, 2, 9, 30);
    const net = fakeFetch((req) =>
      req.url.pathname === '/api/cmt/plugin/audit/history'
        ? ok({
            plugin_key: req.url.searchParams.get('plugin_key'),
            submission_list: [
              {
                id: 12,
                version: '1.1.0',
                version_content: 'Faster',
                review_status: 3,
                reject_reason: 'The icon is blurry',
                create_time: submitted,
                review_time: submitted + 3_600_000,
              },
              {
                id: 11,
                version: '1.0.0',
                version_content: 'First',
                review_status: 2,
                reject_reason: null,
                create_time: submitted - 86_400_000,
                review_time: submitted - 80_000_000,
              },
            ],
          })
        : ok({
            submission_list: [
              submission({ id: 12, plugin_key: 'grid-helper-0a1b2c3d4e', name: 'Grid Helper' }),
            ],
            total: 1,
            next_cursor: null,
          }),
    );
    renderView(net.fetch);
    const [item] = within(await screen.findByTestId('my-plugins')).getAllByRole('listitem') as [HTMLElement];
    // Before: the key was nowhere on the page, and no history.
    expect(item.querySelector('.submission-key')!.textContent).toBe('Plugin key: grid-helper-0a1b2c3d4e');
    expect(net.requests.map((r) => r.url.pathname)).toEqual(['/api/cmt/plugin/audit']);
    const details = item.querySelector('details')!;
    expect(within(item).getByText('Submission history').tagName).toBe('SUMMARY');
    details.open = true;
    fireEvent(details, new Event('toggle'));
    const history = await within(item).findByRole('list');
    expect(net.requests.at(-1)!.url.searchParams.get('plugin_key')).toBe('grid-helper-0a1b2c3d4e');
    const rows = within(history).getAllByRole('listitem');
    expect(rows.map((r) => r.getAttribute('data-version'))).toEqual(['1.1.0', '1.0.0']);
    expect(rows[0]!.textContent).toContain('Version 1.1.0');
    expect(rows[0]!.querySelector('.status-badge')!.textContent).toBe('Not approved');
    expect(rows[0]!.textContent).toMatch(/Submitted .*2024.* · Reviewed .*2024/);
    expect(rows[0]!.querySelector('.submission-reason')!.textContent).toBe('Reason: The icon is blurry');
    expect(rows[1]!.querySelector('.status-badge')!.textContent).toBe('Approved');
    expect(rows[1]!.querySelector('.submission-reason')).toBeNull();
  });
});
