/**
 * The square's curation hooks over the real API client with only `fetch` faked:
 * `useFeatured` (the featured area, asked again at `next_change_time`, timed with fake timers against
 * a server clock that differs from the local one), `useBanners` (the carousel's banners) and
 * `useRecommendations` serving the administrators' curated choice.
 */
import { createApiClient, type FeaturedResult } from '@plugin-center/api';
import { fakeFetch, json, ok, summary } from '@plugin-center/test-fakes/fetch';
import { waitInRealTime } from '@plugin-center/test-fakes/timers';
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiClientProvider } from './ApiClientProvider';
import { useBanners } from './useBanners';
import { useFeatured } from './useFeatured';
import { useRecommendations } from './useRecommendations';

type Answer = Parameters<typeof fakeFetch>[0];

afterEach(cleanup);

function setup(answer: Answer) {
  const net = fakeFetch(answer);
  const client = createApiClient({ fetch: net.fetch, logger: { error: vi.fn() } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <ApiClientProvider client={client}>{children}</ApiClientProvider>
  );
  return { ...net, wrapper };
}

const FEATURED_PATH = '/api/cmt/plugin/resource_state/active';
const slot = (id: number, key: string, start: number, end: number, isNew = false) => ({
  id,
  start_time: start,
  end_time: end,
  is_new: isNew,
  plugin: summary(key),
});

describe('useFeatured', () => {
  // The server's clock is an hour ahead of the local one: only server_time may time the next ask.
  const LOCAL_NOW = Date.UTC(2026, 10, 25, 12, 0, 0);
  const SERVER_NOW = LOCAL_NOW + 3_600_000;

  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    vi.setSystemTime(LOCAL_NOW);
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  /** Moves the fake clock by `ms`, running the timers due and the promises they start. */
  const advance = async (ms: number) => {
    await act(async () => {
      await vi.advanceTimersByTimeAsync(ms);
    });
  };
  /** Waits in real time, without moving the fake clock, until `check` passes (2 s at most). */
  const settle = (check: () => void) => waitInRealTime(check, act);

  it('asks again at next_change_time as the server counts it, so slots appear and disappear on time', async () => {
    // Slot 1 runs now until +90 s; slot 2 starts at +60 s. The server answers by its own clock.
    const answers: FeaturedResult[] = [
      {
        featured_list: [slot(1, 'alpha', SERVER_NOW - 1000, SERVER_NOW + 90_000, true)],
        server_time: SERVER_NOW,
        next_change_time: SERVER_NOW + 60_000,
      },
      {
        featured_list: [
          slot(2, 'beta', SERVER_NOW + 60_000, SERVER_NOW + 600_000),
          slot(1, 'alpha', SERVER_NOW - 1000, SERVER_NOW + 90_000, true),
        ],
        server_time: SERVER_NOW + 60_100,
        next_change_time: SERVER_NOW + 90_000,
      },
      {
        featured_list: [slot(2, 'beta', SERVER_NOW + 60_000, SERVER_NOW + 600_000)],
        server_time: SERVER_NOW + 90_100,
        next_change_time: null,
      },
    ];
    const net = setup((req) => {
      if (req.url.pathname !== FEATURED_PATH) return json({ code: 40401, data: null }, 404);
      return ok(answers[net.requests.length - 1]);
    });
    const { result } = renderHook(() => useFeatured({ lang: 'en-US' }), { wrapper: net.wrapper });
    await settle(() => expect(result.current.status).toBe('success'));
    expect(result.current.slots.map((s) => s.plugin.plugin_key)).toEqual(['alpha']);
    expect(result.current.slots[0]?.is_new).toBe(true);
    expect(net.requests).toHaveLength(1);
    expect(Object.fromEntries(net.requests[0]!.url.searchParams)).toEqual({ lang: 'en-US' });

    // Not before the change: a local clock an hour behind must not make it wait an hour (or ask at once).
    await advance(59_000);
    expect(net.requests).toHaveLength(1);
    await advance(1_200);
    await settle(() =>
      expect(result.current.slots.map((s) => s.plugin.plugin_key)).toEqual(['beta', 'alpha']),
    );
    expect(net.requests).toHaveLength(2);

    await advance(29_000);
    expect(net.requests).toHaveLength(2);
    await advance(1_200);
    await settle(() => expect(result.current.slots.map((s) => s.plugin.plugin_key)).toEqual(['beta']));
    expect(net.requests).toHaveLength(3);

    // Nothing scheduled: no more asking.
    await advance(24 * 3_600_000);
    expect(net.requests).toHaveLength(3);
  });

  it('stops the timer on unmount', async () => {
    const net = setup(() =>
      ok({ featured_list: [], server_time: SERVER_NOW, next_change_time: SERVER_NOW + 5_000 }),
    );
    const { result, unmount } = renderHook(() => useFeatured(), { wrapper: net.wrapper });
    await settle(() => expect(result.current.status).toBe('success'));
    expect(result.current.slots).toEqual([]);
    unmount();
    await advance(60_000);
    expect(net.requests).toHaveLength(1);
  });

  it('a failure leaves no slots and no timer', async () => {
    const net = setup(() => json({ code: 50000, error: 'INTERNAL', message: 'x', data: null }, 500));
    const { result } = renderHook(() => useFeatured(), { wrapper: net.wrapper });
    await settle(() => expect(result.current.status).toBe('error'));
    expect(result.current.slots).toEqual([]);
    await advance(3_600_000);
    expect(net.requests).toHaveLength(1);
  });
});

describe('useBanners', () => {
  const BANNERS = [
    { id: 7, image: '/api/cmt/file/a.png', redirect_url: 'https://example.com/a', position: 0 },
    { id: 3, image: '/api/cmt/file/b.png', redirect_url: 'https://example.com/b', position: 1 },
  ];

  it('loads the banners in order from plugin-banner/all', async () => {
    const net = setup((req) => (req.url.pathname === '/api/cmt/plugin-banner/all' ? ok(BANNERS) : ok(null)));
    const { result } = renderHook(() => useBanners(), { wrapper: net.wrapper });
    expect(result.current.data ?? []).toEqual([]);
    await waitFor(() => expect(result.current.status).toBe('success'));
    expect((result.current.data ?? []).map((b) => b.id)).toEqual([7, 3]);
    expect(net.requests.map((r) => r.method)).toEqual(['GET']);
  });

  it('has no banners after a failure, and reload() asks again', async () => {
    let fail = true;
    const net = setup(() =>
      fail ? json({ code: 50000, error: 'INTERNAL', message: 'x', data: null }, 500) : ok(BANNERS),
    );
    const { result } = renderHook(() => useBanners(), { wrapper: net.wrapper });
    await waitFor(() => expect(result.current.status).toBe('error'));
    expect(result.current.data ?? []).toEqual([]);
    fail = false;
    act(() => {
      result.current.reload();
    });
    await waitFor(() => expect(result.current.data).toHaveLength(2));
  });
});

describe('useRecommendations with a curated choice', () => {
  it('shows the curated choice, refresh() shows its next window, and a newly published choice on the next load', async () => {
    // The server's rule: the curated plugins in order; with more than `count`, the window starting at
    // seed × count (wrapping).
    let choice = ['c1', 'c2', 'c3', 'c4', 'c5', 'c6'];
    const net = setup((req) => {
      const count = Number(req.url.searchParams.get('count'));
      const seed = Number(req.url.searchParams.get('seed'));
      const start = (seed * count) % choice.length;
      const keys =
        choice.length <= count
          ? choice
          : Array.from({ length: count }, (_, i) => choice[(start + i) % choice.length]!);
      return ok({ plugin_list: keys.map((k) => summary(k)) });
    });
    const { result } = renderHook(() => useRecommendations({ count: 4 }), { wrapper: net.wrapper });
    await waitFor(() => expect(result.current.status).toBe('success'));
    const windows = [result.current.plugins.map((p) => p.plugin_key).join()];
    for (let i = 0; i < 5; i++) {
      act(() => result.current.refresh());
      await waitFor(() => expect(net.requests).toHaveLength(i + 2));
      await waitFor(() => expect(result.current.status).toBe('success'));
      windows.push(result.current.plugins.map((p) => p.plugin_key).join());
    }
    // Every refresh shows another window of the choice.
    for (let i = 1; i < windows.length; i++) expect(windows[i]).not.toBe(windows[i - 1]);
    expect(new Set(windows.flatMap((w) => w.split(',')))).toEqual(new Set(choice));
    // Each load asks the server afresh.
    expect(net.requests.every((r) => r.headers.get('cache-control') === 'no-cache')).toBe(true);
    expect(net.requests.every((r) => r.init.cache === 'no-store')).toBe(true);

    // An administrator publishes a shorter choice: the next refresh shows it, in its order.
    choice = ['n2', 'n1'];
    act(() => result.current.refresh());
    await waitFor(() => expect(result.current.plugins.map((p) => p.plugin_key)).toEqual(['n2', 'n1']));
  });
});
