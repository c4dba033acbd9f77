/**
 * The square's featured area over the real API client with only `fetch` faked: the
 * featured cards (icon first, name, intro, the 'New' tag only for `is_new`) linking to the detail,
 * nothing at all when no slot is active or the call fails, and — with fake timers and a server clock
 * that differs from the local one — a slot appearing and disappearing at `next_change_time` without a
 * reload.
 */
import type { FeaturedResult, FeaturedSlot } from '@plugin-center/api';
import { fakeFetch, json, ok, summary } from '@plugin-center/test-fakes/fetch';
import { realSetTimeout, waitInRealTime } from '@plugin-center/test-fakes/timers';
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { inEnglish, renderWithClient } from '../testing/render';
import { FeaturedStrip } from './FeaturedStrip';

inEnglish();
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const FEATURED_PATH = '/api/cmt/plugin/resource_state/active';
const SERVER_NOW = Date.UTC(2030, 0, 1, 9, 0, 0);

const slot = (id: number, key: string, extra: Partial<FeaturedSlot> = {}): FeaturedSlot => ({
  id,
  start_time: SERVER_NOW - 1000,
  end_time: SERVER_NOW + 3_600_000,
  is_new: false,
  plugin: {
    ...summary(key),
    name: `Plugin ${key}`,
    intro: `What ${key} does`,
    icon: `https://cdn.example.com/${key}.png`,
  },
  ...extra,
});

let seen = '';
function LocationProbe() {
  const location = useLocation();
  seen = `${location.pathname}${location.search}`;
  return null;
}

function renderStrip(answer: (n: number) => Response) {
  const net = fakeFetch((req) =>
    req.url.pathname === FEATURED_PATH ? answer(net.requests.length - 1) : json({ code: 40401 }, 404),
  );
  renderWithClient(
    net.fetch,
    <>
      <Routes>
        <Route path="/*" element={<FeaturedStrip search="?tag=3" />} />
      </Routes>
      <LocationProbe />
    </>,
    '/?tag=3',
  );
  return net;
}

/** Waits in real time (the fake clock stays still) until `check` passes, 2 s at most. */
const settle = (check: () => void) => waitInRealTime(check, act);
const cardNames = () =>
  within(screen.getByRole('region', { name: 'Featured' }))
    .queryAllByRole('link')
    .map((a) => a.getAttribute('data-plugin-key'));

describe('featured area', () => {
  it('shows the active slots as featured cards linking to the detail, with the New tag when is_new', async () => {
    const net = renderStrip(() =>
      ok({
        featured_list: [slot(2, 'beta', { is_new: true }), slot(1, 'alpha')],
        server_time: SERVER_NOW,
        next_change_time: null,
      } satisfies FeaturedResult),
    );
    const region = await screen.findByRole('region', { name: 'Featured' });
    expect(within(region).getByRole('heading', { level: 2 }).textContent).toBe('Featured');
    const links = within(region).getAllByRole('link');
    expect(links.map((a) => a.textContent)).toEqual([
      'Plugin betaNewWhat beta does',
      'Plugin alphaWhat alpha does',
    ]);
    // Icon first, then the texts.
    const icon = links[0]!.firstElementChild as HTMLImageElement;
    expect(icon.tagName).toBe('IMG');
    expect(icon.getAttribute('src')).toBe('https://cdn.example.com/beta.png');
    expect(within(links[1]!).queryByText('New')).toBeNull();
    expect(net.requests[0]!.url.searchParams.get('lang')).toBe('en-US');

    fireEvent.click(links[1]!);
    expect(seen).toBe('/detail/alpha?tag=3');
  });

  it('is absent, with no heading or empty box, when no slot is active', async () => {
    const net = renderStrip(() => ok({ featured_list: [], server_time: SERVER_NOW, next_change_time: null }));
    await settle(() => expect(net.requests).toHaveLength(1));
    await act(() => new Promise((resolve) => realSetTimeout(resolve, 30)));
    expect(screen.queryByRole('region')).toBeNull();
    expect(screen.queryByText('Featured')).toBeNull();
    expect(document.querySelector('.featured')).toBeNull();
  });

  it('is absent when the call fails', async () => {
    const net = renderStrip(() => json({ code: 50000, error: 'INTERNAL', message: 'x', data: null }, 500));
    await settle(() => expect(net.requests).toHaveLength(1));
    await act(() => new Promise((resolve) => realSetTimeout(resolve, 30)));
    expect(document.querySelector('.featured')).toBeNull();
  });

  it('shows a slot when it starts and drops it when it ends, on time, without a reload', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    // The local clock is 10 minutes behind the server's.
    vi.setSystemTime(SERVER_NOW - 600_000);
    const gammaStart = SERVER_NOW + 30_000;
    const alphaEnd = SERVER_NOW + 45_000;
    const answers: FeaturedResult[] = [
      {
        featured_list: [slot(1, 'alpha', { end_time: alphaEnd })],
        server_time: SERVER_NOW,
        next_change_time: gammaStart,
      },
      {
        featured_list: [
          slot(3, 'gamma', { start_time: gammaStart, is_new: true }),
          slot(1, 'alpha', { end_time: alphaEnd }),
        ],
        server_time: gammaStart + 80,
        next_change_time: alphaEnd,
      },
      {
        featured_list: [slot(3, 'gamma', { start_time: gammaStart, is_new: true })],
        server_time: alphaEnd + 60,
        next_change_time: null,
      },
    ];
    const net = renderStrip((n) => ok(answers[n]));
    const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

    await settle(() => expect(cardNames()).toEqual(['alpha']));
    await advance(29_000);
    expect(net.requests).toHaveLength(1);
    expect(cardNames()).toEqual(['alpha']);
    await advance(1_500);
    await settle(() => expect(cardNames()).toEqual(['gamma', 'alpha']));
    expect(screen.getByRole('link', { name: /Plugin gamma/ }).textContent).toContain('New');

    await advance(14_000);
    expect(cardNames()).toEqual(['gamma', 'alpha']);
    await advance(1_500);
    await settle(() => expect(cardNames()).toEqual(['gamma']));
    expect(net.requests).toHaveLength(3);
  });
});
