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
    expect(screen.queryByRole('option')).toBeNull();
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
    ).toEqual(['Latest', 'Most popular']);
    expect(within(sort).getByRole('button', { name: 'Latest' }).getAttribute('aria-pressed')).toBe('true');
    await waitFor(() => expect(net.requests.some((r) => r.url.pathname === LIST_PATH)).toBe(true));
    expect(net.requests.find((r) => r.url.pathname === LIST_PATH)!.url.searchParams.get('sort')).toBe('0');
  });

  it('adds relevance, selected by default, with a keyword; another choice is kept in the URL', async () => {
    const net = renderSquare({ path: '/?q=icon' });
    const sort = screen.getByRole('group', { name: 'Sort' });
    expect(
      within(sort)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Relevance', 'Latest', 'Most popular']);
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
    expect(parse('')).toEqual({ tagId: 0, sort: PluginSort.LATEST, keyword: '' });
    expect(parse('q=icon')).toEqual({ tagId: 0, sort: PluginSort.RELEVANCE, keyword: 'icon' });
    expect(parse('q=icon&sort=0').sort).toBe(PluginSort.LATEST);
    expect(parse('q=icon&sort=1').sort).toBe(PluginSort.MOST_POPULAR);
    expect(parse('sort=2').sort).toBe(PluginSort.LATEST);
    expect(parse('q=icon&sort=7').sort).toBe(PluginSort.RELEVANCE);
  });

  it('writes the sort only when it is not the default of the keyword', () => {
    expect(squareSearch({ tagId: 0, sort: PluginSort.RELEVANCE, keyword: 'icon' })).toBe('?q=icon');
    expect(squareSearch({ tagId: 0, sort: PluginSort.LATEST, keyword: 'icon' })).toBe('?sort=0&q=icon');
    expect(squareSearch({ tagId: 0, sort: PluginSort.LATEST, keyword: '' })).toBe('');
    expect(squareSearch({ tagId: 2, sort: PluginSort.MOST_POPULAR, keyword: '' })).toBe('?tag=2&sort=1');
  });

  it('keeps a default sort the default when the keyword changes, and a chosen one chosen', () => {
    const none = parse('');
    expect(patchSquareQuery(none, { keyword: 'icon' }).sort).toBe(PluginSort.RELEVANCE);
    expect(patchSquareQuery(parse('q=icon'), { keyword: '' }).sort).toBe(PluginSort.LATEST);
    expect(patchSquareQuery(parse('sort=1'), { keyword: 'icon' }).sort).toBe(PluginSort.MOST_POPULAR);
    expect(patchSquareQuery(parse('q=icon&sort=0'), { keyword: '' }).sort).toBe(PluginSort.LATEST);
  });
});
