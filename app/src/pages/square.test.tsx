/**
 * The square's search combobox, sort switch and result count over the real API client with
 * only `fetch` faked: suggestions as the person types (one request per pause, none for empty text,
 * nothing on an error), the WAI-ARIA combobox keys and mouse, a plugin opening its detail, a tag
 * selecting its filter; relevance as the third sort only with a keyword (and then the default, left
 * out of the URL); "10,000+" for a lower-bound total. Also the URL helpers of `routes.ts`.
 */
import { PluginSort, type Suggestion } from '@plugin-center/api';
import { fakeFetch, json, ok, summary } from '@plugin-center/test-fakes/fetch';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes, useLocation, useParams } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { parseSquareQuery, patchSquareQuery, squareSearch } from '../routes';
import { inEnglish, renderWithClient } from '../testing/render';
import { SquarePage } from './SquarePage';

inEnglish();
afterEach(cleanup);

const SUGGEST_PATH = '/api/cmt/plugin/suggest';
const LIST_PATH = '/api/cmt/plugin/list';
const TAGS = [{ id: 3, name: 'Icons', code: 'icons', plugin_count: 12 }];
const SUGGESTIONS: Suggestion[] = [
  { kind: 'tag', text: 'Icons', plugin_key: null, tag_id: 3 },
  { kind: 'plugin', text: 'Iconify', plugin_key: 'iconify', tag_id: null },
  { kind: 'plugin', text: 'Icon Set', plugin_key: 'icon-set', tag_id: null },
];

let seen = '';
function LocationProbe() {
  const location = useLocation();
  seen = `${location.pathname}${location.search}`;
  return null;
}
function DetailProbe() {
  return <p data-testid="detail">{useParams().pluginKey}</p>;
}

function renderSquare(
  options: { path?: string; suggest?: () => Response; list?: () => Response } = {},
): ReturnType<typeof fakeFetch> {
  const net = fakeFetch((req) => {
    const path = req.url.pathname;
    if (path === SUGGEST_PATH) return options.suggest?.() ?? ok({ suggestion_list: SUGGESTIONS });
    if (path === '/api/cmt/plugin/tag/list') return ok({ tag_list: TAGS });
    if (path === LIST_PATH)
      return options.list?.() ?? ok({ plugin_list: [summary('a')], total: 1, next_cursor: null });
    return ok({ plugin_list: [] });
  });
  renderWithClient(
    net.fetch,
    <>
      <Routes>
        <Route path="/" element={<SquarePage />}>
          <Route path="detail/:pluginKey" element={<DetailProbe />} />
        </Route>
      </Routes>
      <LocationProbe />
    </>,
    options.path ?? '/',
  );
  return net;
}

const suggestCalls = (net: ReturnType<typeof fakeFetch>) =>
  net.requests
    .filter((r) => r.url.pathname === SUGGEST_PATH)
    .map((r) => Object.fromEntries(r.url.searchParams));

async function typeAndWait(text: string) {
  const box = screen.getByRole('combobox', { name: 'Search plugins' });
  act(() => box.focus());
  fireEvent.change(box, { target: { value: text } });
  await screen.findByRole('listbox', { name: 'Suggestions' });
  return box as HTMLInputElement;
}

describe('search combobox', () => {
  it('shows the suggestions of what was typed, once per pause, and picks a plugin with the keyboard', async () => {
    const net = renderSquare();
    const box = screen.getByRole('combobox', { name: 'Search plugins' });
    expect(box.getAttribute('aria-expanded')).toBe('false');
    act(() => box.focus());
    fireEvent.change(box, { target: { value: 'i' } });
    fireEvent.change(box, { target: { value: 'ic' } });
    const listbox = await screen.findByRole('listbox', { name: 'Suggestions' });
    expect(suggestCalls(net)).toEqual([{ q: 'ic', lang: 'en-US' }]);
    expect(box.getAttribute('aria-expanded')).toBe('true');
    expect(box.getAttribute('aria-controls')).toBe(listbox.id);
    const options = within(listbox).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['IconsTag', 'Iconify', 'Icon Set']);
    expect(box.getAttribute('aria-activedescendant')).toBeNull();

    fireEvent.keyDown(box, { key: 'ArrowDown' });
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    expect(box.getAttribute('aria-activedescendant')).toBe(options[1]!.id);
    expect(options[1]!.getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(box, { key: 'ArrowUp' });
    fireEvent.keyDown(box, { key: 'ArrowUp' });
    expect(box.getAttribute('aria-activedescendant')).toBe(options[2]!.id);
    fireEvent.keyDown(box, { key: 'ArrowUp' });
    fireEvent.keyDown(box, { key: 'Enter' });
    expect((await screen.findByTestId('detail')).textContent).toBe('iconify');
    expect(seen).toBe('/detail/iconify?q=ic');
    expect(box.getAttribute('aria-expanded')).toBe('false');
  });

  it('selects the tag filter when a tag is clicked, and empties the box', async () => {
    renderSquare();
    const box = await typeAndWait('ico');
    fireEvent.mouseDown(screen.getByRole('option', { name: /Icons/ }));
    fireEvent.click(screen.getByRole('option', { name: /Icons/ }));
    await waitFor(() => expect(seen).toBe('/?tag=3'));
    expect(box.value).toBe('');
    expect(screen.getByRole('listbox', { hidden: true }).hidden).toBe(true);
  });

  it('closes on Escape and searches on Enter without a highlighted suggestion', async () => {
    renderSquare();
    const box = await typeAndWait('ic');
    fireEvent.keyDown(box, { key: 'Escape' });
    expect(box.getAttribute('aria-expanded')).toBe('false');
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    expect(box.getAttribute('aria-expanded')).toBe('true');
    fireEvent.keyDown(box, { key: 'Escape' });
    fireEvent.submit(box.closest('form')!);
    await waitFor(() => expect(seen).toBe('/?q=ic'));
  });

  it('asks nothing for white space and shows nothing when the call fails', async () => {
    const net = renderSquare({
      suggest: () => json({ code: 50000, error: 'INTERNAL', message: 'x', data: null }, 500),
    });
    const box = screen.getByRole('combobox', { name: 'Search plugins' });
    act(() => box.focus());
    fireEvent.change(box, { target: { value: '   ' } });
    await new Promise((r) => setTimeout(r, 250));
    expect(suggestCalls(net)).toEqual([]);
    fireEvent.change(box, { target: { value: 'ic' } });
    await waitFor(() => expect(suggestCalls(net)).toHaveLength(1));
    await new Promise((r) => setTimeout(r, 50));
    expect(box.getAttribute('aria-expanded')).toBe('false');
    expect(document.querySelector('.suggest-list [role="option"]')).toBeNull();
  });
});

describe('sort switch and result count', () => {
  it('offers latest and most popular without a keyword', async () => {
    const net = renderSquare();
    const sort = screen.getByRole('group', { name: 'Sort' });
    expect(
      within(sort)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Latest', 'Most popular', 'Highest rated', 'Newest', 'Name (A–Z)']);
    expect(within(sort).getByRole('button', { name: 'Latest' }).getAttribute('aria-pressed')).toBe('true');
    await waitFor(() => expect(net.requests.some((r) => r.url.pathname === LIST_PATH)).toBe(true));
    const main = (r: (typeof net.requests)[number]) =>
      r.url.pathname === LIST_PATH && r.url.searchParams.get('page_size') !== '4';
    expect(net.requests.find(main)!.url.searchParams.get('sort')).toBe('0');
  });

  it('adds relevance, selected by default, with a keyword; another choice is kept in the URL', async () => {
    const net = renderSquare({ path: '/?q=icon' });
    const sort = screen.getByRole('group', { name: 'Sort' });
    expect(
      within(sort)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Relevance', 'Latest', 'Most popular', 'Highest rated', 'Newest', 'Name (A–Z)']);
    expect(within(sort).getByRole('button', { name: 'Relevance' }).getAttribute('aria-pressed')).toBe('true');
    await waitFor(() => expect(net.requests.some((r) => r.url.pathname === LIST_PATH)).toBe(true));
    expect(net.requests.find((r) => r.url.pathname === LIST_PATH)!.url.searchParams.get('sort')).toBe('2');
    fireEvent.click(within(sort).getByRole('button', { name: 'Latest' }));
    await waitFor(() => expect(seen).toBe('/?sort=0&q=icon'));
    fireEvent.click(screen.getByRole('button', { name: 'Relevance' }));
    await waitFor(() => expect(seen).toBe('/?q=icon'));
  });

  it('shows "10,000+" when the total is a lower bound', async () => {
    renderSquare({
      path: '/?q=icon',
      list: () => ok({ plugin_list: [summary('a')], total: 10000, next_cursor: 'c', total_relation: 'gte' }),
    });
    await waitFor(() => expect(screen.getByTestId('result-count').textContent).toBe('10,000+ results'));
  });

  it('shows the exact total otherwise', async () => {
    renderSquare({
      path: '/?q=icon',
      list: () => ok({ plugin_list: [summary('a')], total: 10000, next_cursor: 'c', total_relation: 'eq' }),
    });
    await waitFor(() => expect(screen.getByTestId('result-count').textContent).toBe('10,000 results'));
  });
});

describe('square URL', () => {
  const parse = (s: string) => parseSquareQuery(new URLSearchParams(s));

  it('defaults to relevance with a keyword and to latest without; relevance needs a keyword', () => {
    expect(parse('')).toEqual({
      tagId: 0,
      sort: PluginSort.LATEST,
      keyword: '',
      platform: null,
      rating: 0,
      verified: false,
    });
    expect(parse('q=icon')).toEqual({
      tagId: 0,
      sort: PluginSort.RELEVANCE,
      keyword: 'icon',
      platform: null,
      rating: 0,
      verified: false,
    });
    expect(parse('q=icon&sort=0').sort).toBe(PluginSort.LATEST);
    expect(parse('q=icon&sort=1').sort).toBe(PluginSort.MOST_POPULAR);
    expect(parse('sort=2').sort).toBe(PluginSort.LATEST);
    expect(parse('q=icon&sort=7').sort).toBe(PluginSort.RELEVANCE);
  });

  it('writes the sort only when it is not the default of the keyword', () => {
    expect(
      squareSearch({
        tagId: 0,
        sort: PluginSort.RELEVANCE,
        keyword: 'icon',
        platform: null,
        rating: 0,
        verified: false,
      }),
    ).toBe('?q=icon');
    expect(
      squareSearch({
        tagId: 0,
        sort: PluginSort.LATEST,
        keyword: 'icon',
        platform: null,
        rating: 0,
        verified: false,
      }),
    ).toBe('?sort=0&q=icon');
    expect(
      squareSearch({
        tagId: 0,
        sort: PluginSort.LATEST,
        keyword: '',
        platform: null,
        rating: 0,
        verified: false,
      }),
    ).toBe('');
    expect(
      squareSearch({
        tagId: 2,
        sort: PluginSort.MOST_POPULAR,
        keyword: '',
        platform: null,
        rating: 0,
        verified: false,
      }),
    ).toBe('?tag=2&sort=1');
  });

  it('keeps a default sort the default when the keyword changes, and a chosen one chosen', () => {
    const none = parse('');
    expect(patchSquareQuery(none, { keyword: 'icon' }).sort).toBe(PluginSort.RELEVANCE);
    expect(patchSquareQuery(parse('q=icon'), { keyword: '' }).sort).toBe(PluginSort.LATEST);
    expect(patchSquareQuery(parse('sort=1'), { keyword: 'icon' }).sort).toBe(PluginSort.MOST_POPULAR);
    expect(patchSquareQuery(parse('q=icon&sort=0'), { keyword: '' }).sort).toBe(PluginSort.LATEST);
  });
});

describe('square filters and sorts', () => {
  const parse = (s: string) => parseSquareQuery(new URLSearchParams(s));

  it('round-trips the design tool, the rating and every sort through the URL', () => {
    const query = parse('tag=3&sort=3&q=grid&platform=figma&rating=4&verified=1');
    expect(query).toEqual({
      tagId: 3,
      sort: PluginSort.HIGHEST_RATED,
      keyword: 'grid',
      platform: 'figma',
      rating: 4,
      verified: true,
    });
    expect(squareSearch(query)).toBe('?tag=3&sort=3&q=grid&platform=figma&rating=4&verified=1');
    for (const sort of [PluginSort.HIGHEST_RATED, PluginSort.NAME, PluginSort.NEWEST, PluginSort.TRENDING])
      expect(parse(squareSearch({ ...parse(''), sort })).sort).toBe(sort);
    expect(squareSearch(patchSquareQuery(query, { platform: null, rating: 0, verified: false }))).toBe(
      '?tag=3&sort=3&q=grid',
    );
  });

  it('ignores an unknown design tool, a rating outside 1–5 and hostile values', () => {
    for (const bad of ['platform=photoshop', 'platform=figjam', 'platform=', 'platform=figma%00'])
      expect(parse(bad).platform).toBeNull();
    for (const bad of [
      'rating=0',
      'rating=6',
      'rating=3.5',
      'rating=-1',
      'rating=1e308',
      'rating=four',
      'rating=4%00',
    ])
      expect(parse(bad).rating).toBe(0);
    expect(parse('sort=99999999999999999999').sort).toBe(PluginSort.LATEST);
    for (const bad of ['verified=0', 'verified=true', 'verified=', 'verified=1%00', 'verified=01'])
      expect(parse(bad).verified).toBe(false);
  });

  it('asks the list for the chosen tool and rating, shows their count and clears them', async () => {
    const net = renderSquare({
      list: () => ok({ plugin_list: [summary('a'), summary('b')], total: 2, next_cursor: null }),
    });
    await waitFor(() => expect(screen.getByTestId('result-count').textContent).toBe('2 plugins'));
    fireEvent.change(screen.getByRole('combobox', { name: 'Design tool' }), { target: { value: 'sketch' } });
    await waitFor(() => expect(seen).toBe('/?platform=sketch'));
    fireEvent.change(screen.getByRole('combobox', { name: 'Rating' }), { target: { value: '4' } });
    await waitFor(() => expect(seen).toBe('/?platform=sketch&rating=4'));
    await waitFor(() =>
      expect(
        net.requests.some(
          (r) =>
            r.url.pathname === LIST_PATH &&
            r.url.searchParams.get('platform') === 'sketch' &&
            r.url.searchParams.get('rating') === '4',
        ),
      ).toBe(true),
    );
    // Filters hide the trending and new rows; the list alone answers.
    expect(screen.queryByRole('heading', { name: 'Trending this week' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Highest rated' }));
    await waitFor(() => expect(seen).toBe('/?sort=3&platform=sketch&rating=4'));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Verified publishers only' }));
    await waitFor(() => expect(seen).toBe('/?sort=3&platform=sketch&rating=4&verified=1'));
    await waitFor(() =>
      expect(
        net.requests.some((r) => r.url.pathname === LIST_PATH && r.url.searchParams.get('verified') === '1'),
      ).toBe(true),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(seen).toBe('/?sort=3'));
  });

  it('shows the trending and new-and-notable rows without a keyword or filter; See all sorts the list', async () => {
    const net = renderSquare({ path: '/' });
    await screen.findByRole('heading', { name: 'Trending this week' });
    await screen.findByRole('heading', { name: 'New and notable' });
    const rowSorts = net.requests
      .filter((r) => r.url.pathname === LIST_PATH && r.url.searchParams.get('page_size') === '4')
      .map((r) => r.url.searchParams.get('sort'));
    expect(rowSorts.sort()).toEqual(['5', '6']);
    const trending = screen.getByRole('region', { name: 'Trending this week' });
    fireEvent.click(within(trending).getByRole('button', { name: 'See all' }));
    await waitFor(() => expect(seen).toBe('/?sort=6'));
    expect(screen.getByRole('button', { name: 'Trending this week' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
  });

  it('shows a generated cover, the same for the same name and tags, for a plugin without an icon', async () => {
    renderSquare({
      list: () => ok({ plugin_list: [{ ...summary('a'), icon: null }], total: 1, next_cursor: null }),
    });
    const covers = await screen.findAllByTestId('generated-cover');
    expect(covers.length).toBeGreaterThan(0);
    expect(covers[0]!.getAttribute('aria-hidden')).toBe('true');
    expect(covers[0]!.style.background).toContain('linear-gradient');
  });
});
