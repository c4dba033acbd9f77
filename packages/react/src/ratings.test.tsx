/**
 * The ratings hooks over the real API client with only fetch faked: a plugin's reviews in pages with
 * its summary and the caller's rights, starting over on another order; the moderation queue.
 */
import { createApiClient } from '@plugin-center/api';
import { fakeFetch, ok } from '@plugin-center/test-fakes/fetch';
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiClientProvider } from './ApiClientProvider';
import { usePluginRatings, useRatingReports } from './ratings';

afterEach(cleanup);

function setup(answer: Parameters<typeof fakeFetch>[0]) {
  const net = fakeFetch(answer);
  const client = createApiClient({ fetch: net.fetch, logger: { error: vi.fn() } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <ApiClientProvider client={client}>{children}</ApiClientProvider>
  );
  return { ...net, wrapper };
}

const review = (id: number) => ({
  id,
  plugin_key: 'grid',
  rating: 5,
  title: '',
  body: `review ${id}`,
  author: { user_id: id, nick_name: `u${id}`, avatar_url: null },
  create_time: id,
  update_time: id,
  helpful_count: 0,
  is_helpful: false,
  is_mine: false,
  reply: null,
  hidden_reason: null,
});

describe('usePluginRatings', () => {
  it('loads the summary and the first page, appends the next, and starts over on another order', async () => {
    const net = setup((req) => {
      const cursor = req.url.searchParams.get('cursor');
      return ok({
        summary: { rating_count: 3, rating_average: 4.7, distribution: [0, 0, 0, 1, 2] },
        review_list: cursor ? [review(3)] : [review(1), review(2)],
        next_cursor: cursor ? null : 'c1',
        my_review: null,
        can_rate: true,
        can_reply: false,
      });
    });
    const { result, rerender } = renderHook(({ sort }) => usePluginRatings('grid', sort), {
      wrapper: net.wrapper,
      initialProps: { sort: 'newest' as 'newest' | 'lowest' },
    });
    await waitFor(() => expect(result.current.status).toBe('success'));
    expect(result.current.summary).toEqual({
      rating_count: 3,
      rating_average: 4.7,
      distribution: [0, 0, 0, 1, 2],
    });
    expect(result.current.canRate).toBe(true);
    expect(result.current.canReply).toBe(false);
    expect(result.current.items.map((r) => r.id)).toEqual([1, 2]);
    await act(async () => result.current.loadMore());
    await waitFor(() => expect(result.current.items.map((r) => r.id)).toEqual([1, 2, 3]));
    expect(result.current.hasMore).toBe(false);
    rerender({ sort: 'lowest' });
    await waitFor(() => expect(result.current.items.map((r) => r.id)).toEqual([1, 2]));
    expect(net.requests.map((r) => r.url.pathname + r.url.search)).toEqual([
      '/api/cmt/plugin/rating/list?plugin_key=grid&sort=newest',
      '/api/cmt/plugin/rating/list?plugin_key=grid&sort=newest&cursor=c1',
      '/api/cmt/plugin/rating/list?plugin_key=grid&sort=lowest',
    ]);
  });
});

describe('useRatingReports', () => {
  it('reads the moderation queue by status', async () => {
    const net = setup(() =>
      ok({
        entry_list: [{ review: review(7), plugin_name: 'Grid', is_hidden: false, report_list: [] }],
        next_cursor: null,
      }),
    );
    const { result } = renderHook(() => useRatingReports({ status: 'hidden' }), { wrapper: net.wrapper });
    await waitFor(() => expect(result.current.status).toBe('success'));
    expect(result.current.items[0]?.review.id).toBe(7);
    expect(net.requests[0]?.url.pathname + net.requests[0]!.url.search).toBe(
      '/api/cmt/manager/rating/report/list?status=hidden',
    );
  });
});
