/**
 * The detail's ratings and reviews, and the back office's moderation queue, over the real API client
 * with only fetch faked: the summary and distribution, the caller's rating form (stars as radios,
 * save, delete after confirming), helpful and report, the publisher's reply, the visitor's and the
 * non-installer's notes; hide with a reason and dismiss in the queue.
 */
import { createApiClient, type PluginDetail, type PluginReview } from '@plugin-center/api';
import { ApiClientProvider, SsoClientProvider } from '@plugin-center/react';
import { fakeFetch, ok, summary } from '@plugin-center/test-fakes/fetch';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RatingReportsView } from '../../backoffice/ratings/RatingReportsPage';
import { ROUTER_FUTURE } from '../../routes';
import type { ssoClient } from '../../session';
import { inEnglish } from '../../testing/render';
import { RatingsSection } from './RatingsSection';

vi.mock('../../session', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../session')>()),
  signInHere: vi.fn(() => Promise.resolve()),
}));

inEnglish();
afterEach(() => cleanup());

const SIGNED_IN = { status: 'signed-in', accessToken: 'token', user: { user_id: 7 }, isAdmin: false };
const SIGNED_OUT = { status: 'signed-out', accessToken: null, user: null, isAdmin: false };
const sso = (signedIn: boolean) =>
  ({
    subscribe: () => () => {},
    getSnapshot: () => (signedIn ? SIGNED_IN : SIGNED_OUT),
    signIn: vi.fn(),
    signOut: vi.fn(),
  }) as unknown as typeof ssoClient;

const plugin = { ...summary('grid'), name: 'Grid' } as unknown as PluginDetail;

const review = (id: number, patch: Partial<PluginReview> = {}): PluginReview => ({
  id,
  plugin_key: 'grid',
  rating: 4,
  title: `Title ${id}`,
  body: `Body ${id}`,
  author: { user_id: 100 + id, nick_name: `Ada ${id}`, avatar_url: null },
  create_time: 1_700_000_000_000,
  update_time: 1_700_000_000_000,
  helpful_count: 2,
  is_helpful: false,
  is_mine: false,
  reply: null,
  hidden_reason: null,
  ...patch,
});

function page(patch: Record<string, unknown> = {}) {
  return ok({
    summary: { rating_count: 3, rating_average: 4.3, distribution: [0, 0, 1, 0, 2] },
    review_list: [review(1, { reply: { body: 'Thanks!', create_time: 1, update_time: 1 } }), review(2)],
    next_cursor: null,
    my_review: null,
    can_rate: true,
    can_reply: false,
    ...patch,
  });
}

function renderUi(fetch: typeof globalThis.fetch, ui: ReactNode, signedIn = true) {
  const client = createApiClient({ fetch, logger: { error: vi.fn() } });
  return render(
    <MemoryRouter future={ROUTER_FUTURE}>
      <SsoClientProvider client={sso(signedIn)}>
        <ApiClientProvider client={client}>{ui}</ApiClientProvider>
      </SsoClientProvider>
    </MemoryRouter>,
  );
}

const bodies = (requests: { url: URL; method: string; body?: unknown }[], path: string) =>
  requests
    .filter((r) => r.url.pathname === path && r.method !== 'GET')
    .map((r) => [r.method, JSON.parse(String(r.body))]);

describe('ratings section', () => {
  it('shows the average, the count, the distribution, the reviews with their reply, and sorts', async () => {
    const net = fakeFetch(() => page());
    renderUi(net.fetch, <RatingsSection plugin={plugin} onChanged={() => {}} />);
    const section = await screen.findByTestId('detail-ratings');
    expect(await within(section).findByText('4.3 out of 5')).toBeTruthy();
    expect(within(section).getByText('Ratings: 3')).toBeTruthy();
    expect(within(section).getByLabelText('5 stars: 2')).toBeTruthy();
    expect(within(section).getAllByRole('img', { name: 'Rated 4 out of 5' })).toHaveLength(2);
    expect(within(section).getByText('Thanks!')).toBeTruthy();
    fireEvent.change(within(section).getByLabelText('Sort reviews'), { target: { value: 'lowest' } });
    await waitFor(() => expect(net.requests.at(-1)?.url.searchParams.get('sort')).toBe('lowest'));
  });

  it('saves the caller’s rating from the star radios, title and text', async () => {
    const changed = vi.fn();
    const net = fakeFetch((req) => (req.method === 'GET' ? page() : ok({ review: review(9), summary: {} })));
    renderUi(net.fetch, <RatingsSection plugin={plugin} onChanged={changed} />);
    const form = await screen.findByRole('form', { name: 'Your review' });
    const save = within(form).getByRole('button', { name: 'Save review' }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    fireEvent.click(within(form).getByRole('radio', { name: '5 stars' }));
    fireEvent.change(within(form).getByLabelText('Title (optional)'), { target: { value: 'Great' } });
    fireEvent.change(within(form).getByLabelText('Review (optional)'), {
      target: { value: 'Saves me time.' },
    });
    fireEvent.click(save);
    await waitFor(() => expect(changed).toHaveBeenCalled());
    expect(bodies(net.requests, '/api/cmt/plugin/rating')).toEqual([
      ['PUT', { plugin_key: 'grid', rating: 5, title: 'Great', body: 'Saves me time.' }],
    ]);
  });

  it('deletes the caller’s review only after the confirmation', async () => {
    const net = fakeFetch((req) =>
      req.method === 'GET'
        ? page({ my_review: review(5, { is_mine: true }) })
        : ok({ review: null, summary: {} }),
    );
    renderUi(net.fetch, <RatingsSection plugin={plugin} onChanged={() => {}} />);
    const form = await screen.findByRole('form', { name: 'Your review' });
    await waitFor(() =>
      expect((within(form).getByLabelText('Title (optional)') as HTMLInputElement).value).toBe('Title 5'),
    );
    fireEvent.click(within(form).getByRole('button', { name: 'Delete review' }));
    const confirm = await screen.findByRole('alertdialog');
    expect(bodies(net.requests, '/api/cmt/plugin/rating')).toEqual([]);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete review' }));
    await waitFor(() =>
      expect(bodies(net.requests, '/api/cmt/plugin/rating')).toEqual([['DELETE', { plugin_key: 'grid' }]]),
    );
  });

  it('marks a review helpful and reports another with a reason', async () => {
    const net = fakeFetch((req) => (req.method === 'GET' ? page() : ok({})));
    renderUi(net.fetch, <RatingsSection plugin={plugin} onChanged={() => {}} />);
    const section = await screen.findByTestId('detail-ratings');
    const [first] = await within(section).findAllByRole('button', { name: 'Helpful (2)' });
    fireEvent.click(first!);
    await waitFor(() =>
      expect(bodies(net.requests, '/api/cmt/plugin/rating/helpful')).toEqual([
        ['POST', { review_id: 1, helpful: true }],
      ]),
    );
    fireEvent.click(within(section).getAllByRole('button', { name: 'Report' })[1]!);
    const dialog = await screen.findByRole('dialog', { name: 'Report this review' });
    fireEvent.change(within(dialog).getByLabelText('What is wrong with it?', { exact: false }), {
      target: { value: 'Spam link' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Report' }));
    await waitFor(() =>
      expect(bodies(net.requests, '/api/cmt/plugin/rating/report')).toEqual([
        ['POST', { review_id: 2, reason: 'Spam link' }],
      ]),
    );
  });

  it('lets the publisher reply', async () => {
    const net = fakeFetch((req) =>
      req.method === 'GET' ? page({ can_reply: true, can_rate: false }) : ok(review(2)),
    );
    renderUi(net.fetch, <RatingsSection plugin={plugin} onChanged={() => {}} />);
    const section = await screen.findByTestId('detail-ratings');
    fireEvent.click((await within(section).findAllByRole('button', { name: 'Reply' }))[0]!);
    fireEvent.change(within(section).getByLabelText('Your reply', { exact: false }), {
      target: { value: 'Fixed in 2.0' },
    });
    fireEvent.click(within(section).getByRole('button', { name: 'Save reply' }));
    await waitFor(() =>
      expect(bodies(net.requests, '/api/cmt/plugin/rating/reply')).toEqual([
        ['PUT', { review_id: 2, body: 'Fixed in 2.0' }],
      ]),
    );
  });

  it('asks a visitor to sign in and someone who has not installed it to install', async () => {
    const visitor = fakeFetch(() => page({ can_rate: false }));
    renderUi(visitor.fetch, <RatingsSection plugin={plugin} onChanged={() => {}} />, false);
    expect(await screen.findByRole('button', { name: 'Sign in to rate this plugin.' })).toBeTruthy();
    cleanup();
    const user = fakeFetch(() => page({ can_rate: false }));
    renderUi(user.fetch, <RatingsSection plugin={plugin} onChanged={() => {}} />);
    expect(await screen.findByText('Install the plugin to rate it.')).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'Your review' })).toBeNull();
  });
});

describe('moderation queue', () => {
  it('hides a reported review with a reason and dismisses the reports of another', async () => {
    const entry = (id: number) => ({
      review: review(id),
      plugin_name: 'Grid',
      is_hidden: false,
      report_list: [{ reporter: { user_id: 3, nick_name: 'Bob' }, reason: 'spam', create_time: 1 }],
    });
    const net = fakeFetch((req) =>
      req.method === 'GET' ? ok({ entry_list: [entry(1), entry(2)], next_cursor: null }) : ok(entry(1)),
    );
    renderUi(net.fetch, <RatingReportsView />);
    await screen.findAllByText('Bob: spam');
    fireEvent.click(screen.getAllByRole('button', { name: 'Hide' })[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Hide' });
    fireEvent.change(within(dialog).getByLabelText('Reason for hiding', { exact: false }), {
      target: { value: 'Advertising' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Hide' }));
    await waitFor(() =>
      expect(bodies(net.requests, '/api/cmt/manager/rating/moderate')).toEqual([
        ['POST', { review_id: 1, action: 'hide', reason: 'Advertising' }],
      ]),
    );
    fireEvent.click((await screen.findAllByRole('button', { name: 'Dismiss reports' }))[1]!);
    await waitFor(() =>
      expect(bodies(net.requests, '/api/cmt/manager/rating/moderate')[1]).toEqual([
        'POST',
        { review_id: 2, action: 'dismiss' },
      ]),
    );
  });
});
