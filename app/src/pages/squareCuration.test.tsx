/**
 * The square with the curation, over the real API client with only `fetch` faked: the
 * banner carousel, the featured area and the recommendations above the catalogue, all three left out
 * while searching (and back when the search is cleared); nothing of the first two when the server has
 * none; the recommended block showing the administrators' curated choice, a newly published one on
 * refresh.
 */
import { fakeFetch, ok, summary } from '@plugin-center/test-fakes/fetch';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { inEnglish, renderWithClient } from '../testing/render';
import { SquarePage } from './SquarePage';

inEnglish();
afterEach(cleanup);

const BANNERS = [
  { id: 1, image: '/api/cmt/file/1.png', redirect_url: 'https://one.example.com/', position: 0 },
  { id: 2, image: '/api/cmt/file/2.png', redirect_url: 'https://two.example.com/', position: 1 },
];
const named = (key: string) => ({ ...summary(key), name: `Plugin ${key}` });

function renderSquare(options: { path?: string; curated?: () => string[]; empty?: boolean } = {}) {
  const net = fakeFetch((req) => {
    switch (req.url.pathname) {
      case '/api/cmt/plugin-banner/all':
        return ok(options.empty ? [] : BANNERS);
      case '/api/cmt/plugin/resource_state/active':
        return ok({
          featured_list: options.empty
            ? []
            : [{ id: 4, start_time: 0, end_time: 9e12, is_new: true, plugin: named('star') }],
          server_time: Date.now(),
          next_change_time: null,
        });
      case '/api/cmt/plugin/recommendation/list':
        return ok({ plugin_list: (options.curated?.() ?? ['r1']).map(named) });
      case '/api/cmt/plugin/tag/list':
        return ok({ tag_list: [] });
      default:
        return ok({ plugin_list: [named('listed')], total: 1, next_cursor: null });
    }
  });
  renderWithClient(
    net.fetch,
    <Routes>
      <Route path="/" element={<SquarePage />} />
    </Routes>,
    options.path ?? '/',
  );
  return net;
}

const sectionOrder = () =>
  [...document.querySelectorAll('.carousel, .featured, .recommendations, .catalogue')].map(
    (e) => e.className,
  );

describe('the square with curation', () => {
  it('shows the banners, the featured area and the recommendations above the list, none while searching', async () => {
    renderSquare();
    await screen.findByRole('region', { name: 'Banners' });
    const featured = await screen.findByRole('region', { name: 'Featured' });
    await within(featured).findByRole('link', { name: /Plugin star/ });
    await screen.findByRole('link', { name: /Plugin r1/ });
    // Then the trending and new-and-notable rows (recommendation-style rows), then the list.
    expect(sectionOrder()).toEqual([
      'carousel',
      'featured',
      'recommendations',
      'recommendations square-row',
      'recommendations square-row',
      'catalogue',
    ]);

    const box = screen.getByRole('combobox', { name: 'Search plugins' });
    fireEvent.change(box, { target: { value: 'icon' } });
    fireEvent.submit(box.closest('form')!);
    await waitFor(() => expect(sectionOrder()).toEqual(['catalogue']));
    expect(screen.queryByRole('region', { name: 'Banners' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Featured' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Clear search' }));
    await screen.findByRole('region', { name: 'Banners' });
    await screen.findByRole('region', { name: 'Featured' });
  });

  it('asks nothing of them on a search URL', async () => {
    const net = renderSquare({ path: '/?q=icon' });
    await screen.findByRole('link', { name: /Plugin listed/ });
    const asked = net.requests.map((r) => r.url.pathname);
    expect(asked).not.toContain('/api/cmt/plugin-banner/all');
    expect(asked).not.toContain('/api/cmt/plugin/resource_state/active');
    expect(sectionOrder()).toEqual(['catalogue']);
  });

  it('has no carousel and no featured box when the server has none', async () => {
    const net = renderSquare({ empty: true });
    await screen.findByRole('link', { name: /Plugin r1/ });
    await waitFor(() =>
      expect(net.requests.map((r) => r.url.pathname)).toEqual(
        expect.arrayContaining(['/api/cmt/plugin-banner/all', '/api/cmt/plugin/resource_state/active']),
      ),
    );
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(sectionOrder()).toEqual([
      'recommendations',
      'recommendations square-row',
      'recommendations square-row',
      'catalogue',
    ]);
    expect(screen.queryByRole('heading', { name: 'Featured' })).toBeNull();
  });

  it('shows the curated recommendations, and a newly published choice on refresh', async () => {
    let choice = ['picked-b', 'picked-a'];
    renderSquare({ curated: () => choice });
    const block = (await screen.findByRole('heading', { name: 'Recommended plugins' })).closest('section')!;
    await waitFor(() =>
      expect(
        within(block)
          .getAllByRole('link')
          .map((a) => a.getAttribute('data-plugin-key')),
      ).toEqual(['picked-b', 'picked-a']),
    );
    choice = ['picked-c'];
    fireEvent.click(within(block).getByRole('button', { name: 'Refresh' }));
    await waitFor(() =>
      expect(
        within(block)
          .getAllByRole('link')
          .map((a) => a.getAttribute('data-plugin-key')),
      ).toEqual(['picked-c']),
    );
  });
});
