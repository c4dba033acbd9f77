/**
 * A publisher's listing actions in My plugins over the real API client (fetch faked): unlist and
 * relist, deprecate through the dialog (message, replacement, the server's refusal under its field),
 * withdraw the deprecation, and delete with a confirmation naming the plugin; the list is read again
 * after each change and shows the badges.
 */
import type { ListingState, Submission } from '@plugin-center/contract';
import { fakeFetch, json, ok } from '@plugin-center/test-fakes/fetch';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { inEnglish, renderWithClient } from '../../testing/render';
import { submission } from '../../testing/submissions';
import { DIALOG_THROTTLE_MS } from '../../ui/constants';
import { MyPluginsView } from './MyPluginsPage';

inEnglish();
afterEach(cleanup);

/** A fake server of one user's two plugins that keeps their listing state. */
function server() {
  const state: Record<string, ListingState> = {};
  const plugins = [
    submission({ id: 1, plugin_key: 'grid', name: 'Grid Helper', review_status: 2 }),
    submission({ id: 2, plugin_key: 'grid-2', name: 'Grid Helper 2', review_status: 2 }),
  ];
  let deleted: string[] = [];
  const listingOf = (key: string): ListingState =>
    state[key] ?? { plugin_key: key, unlisted: false, unlisted_time: null, deprecation: null };
  const net = fakeFetch((req) => {
    const path = req.url.pathname;
    const body = req.json as { plugin_key: string; message?: string; replacement_plugin_key?: string | null };
    if (path === '/api/cmt/plugin/audit')
      return ok({
        submission_list: plugins
          .filter((p) => !deleted.includes(p.plugin_key))
          .map((p): Submission => ({ ...p, listing: listingOf(p.plugin_key) })),
        total: plugins.length - deleted.length,
        next_cursor: null,
      });
    if (path === '/api/cmt/plugin/suggest') return ok({ suggestion_list: [] });
    if (path === '/api/cmt/plugin' && req.method === 'DELETE') {
      deleted = [...deleted, body.plugin_key];
      return ok({ plugin_key: body.plugin_key });
    }
    const current = listingOf(body.plugin_key);
    if (path.endsWith('/unlist')) state[body.plugin_key] = { ...current, unlisted: true, unlisted_time: 1 };
    if (path.endsWith('/relist'))
      state[body.plugin_key] = { ...current, unlisted: false, unlisted_time: null };
    if (path.endsWith('/undeprecate')) state[body.plugin_key] = { ...current, deprecation: null };
    if (path.endsWith('/deprecate')) {
      if (body.replacement_plugin_key === 'nope')
        return json(
          {
            code: 40000,
            error: 'INVALID_PARAMETER',
            message: 'replacement_plugin_key: no approved plugin has this key',
            data: null,
            field: 'replacement_plugin_key',
          },
          400,
        );
      state[body.plugin_key] = {
        ...current,
        deprecation: { message: body.message!, time: 1, replacement: null },
      };
    }
    return ok(listingOf(body.plugin_key));
  });
  return { net, deleted: () => deleted };
}

const row = async (key: string) =>
  (await screen.findByTestId('my-plugins')).querySelector<HTMLElement>(`[data-plugin-key="${key}"]`)!;
const calls = (net: ReturnType<typeof server>['net']) =>
  net.requests.filter((r) => r.method !== 'GET').map((r) => [r.method, r.url.pathname, r.json]);

describe('the listing actions of My plugins', () => {
  it('unlists and relists, the badge following the list read again', async () => {
    const { net } = server();
    renderWithClient(net.fetch, <MyPluginsView />, '/my-plugins');
    fireEvent.click(within(await row('grid')).getByRole('button', { name: 'Unlist' }));
    await waitFor(async () =>
      expect((await row('grid')).querySelector('[data-listing="unlisted"]')).not.toBeNull(),
    );
    expect((await row('grid')).querySelector('[data-listing="unlisted"]')!.getAttribute('title')).toContain(
      'still opens by its link',
    );
    fireEvent.click(within(await row('grid')).getByRole('button', { name: 'Relist' }));
    await waitFor(async () =>
      expect((await row('grid')).querySelector('[data-listing="unlisted"]')).toBeNull(),
    );
    expect(calls(net)).toEqual([
      ['POST', '/api/cmt/plugin/unlist', { plugin_key: 'grid' }],
      ['POST', '/api/cmt/plugin/relist', { plugin_key: 'grid' }],
    ]);
  });

  it('deprecates through the dialog, shows a refusal under its field, and withdraws it', async () => {
    const { net } = server();
    renderWithClient(net.fetch, <MyPluginsView />, '/my-plugins');
    fireEvent.click(within(await row('grid')).getByRole('button', { name: 'Deprecate' }));
    const dialog = await screen.findByRole('dialog', { name: 'Deprecate Grid Helper' });
    // The user's other plugin is offered as the replacement.
    expect(
      [...dialog.ownerDocument.querySelectorAll('datalist option')].map((o) => o.getAttribute('value')),
    ).toEqual(['grid-2']);
    fireEvent.change(within(dialog).getByLabelText(/Message to users/), {
      target: { value: 'Use version 2' },
    });
    fireEvent.change(within(dialog).getByLabelText(/Replacement plugin/), { target: { value: 'nope' } });
    const confirm = within(dialog).getByRole('button', { name: 'Deprecate' });
    fireEvent.click(confirm);
    const firstClick = Date.now();
    await within(dialog).findByText('replacement_plugin_key: no approved plugin has this key');
    fireEvent.change(within(dialog).getByLabelText(/Replacement plugin/), { target: { value: 'grid-2' } });
    // The dialog takes a confirm again once its first one settled (the button no longer busy) and
    // after its double-click guard: a click before either is ignored, as a person's would be.
    await waitFor(() => expect(confirm.getAttribute('aria-busy')).toBeNull());
    const guard = DIALOG_THROTTLE_MS + 1 - (Date.now() - firstClick);
    if (guard > 0) await new Promise((resolve) => setTimeout(resolve, guard));
    fireEvent.click(confirm);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(async () => expect((await row('grid')).textContent).toContain('Use version 2'));
    expect((await row('grid')).querySelector('[data-listing="deprecated"]')!.textContent).toBe('Deprecated');
    fireEvent.click(within(await row('grid')).getByRole('button', { name: 'Withdraw deprecation' }));
    await waitFor(async () =>
      expect((await row('grid')).querySelector('[data-listing="deprecated"]')).toBeNull(),
    );
    expect(calls(net)).toEqual([
      [
        'POST',
        '/api/cmt/plugin/deprecate',
        { plugin_key: 'grid', message: 'Use version 2', replacement_plugin_key: 'nope' },
      ],
      [
        'POST',
        '/api/cmt/plugin/deprecate',
        { plugin_key: 'grid', message: 'Use version 2', replacement_plugin_key: 'grid-2' },
      ],
      ['POST', '/api/cmt/plugin/undeprecate', { plugin_key: 'grid' }],
    ]);
  });

  it('deletes only after a confirmation naming the plugin', async () => {
    const { net, deleted } = server();
    renderWithClient(net.fetch, <MyPluginsView />, '/my-plugins');
    fireEvent.click(within(await row('grid')).getByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete Grid Helper?' });
    expect(confirm.textContent).toContain('This cannot be undone.');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Keep it' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(deleted()).toEqual([]);
    fireEvent.click(within(await row('grid')).getByRole('button', { name: 'Delete' }));
    fireEvent.click(
      within(await screen.findByRole('alertdialog', { name: 'Delete Grid Helper?' })).getByRole('button', {
        name: 'Delete',
      }),
    );
    await waitFor(async () =>
      expect((await screen.findByTestId('my-plugins')).querySelector('[data-plugin-key="grid"]')).toBeNull(),
    );
    expect(calls(net)).toEqual([['DELETE', '/api/cmt/plugin', { plugin_key: 'grid' }]]);
  });
});
