/**
 * The back office's mirroring page over the real API client with only fetch faked: the upstream, the
 * allowlist, the automatic pulls and the last pull with its failures; "Pull now" posts, shows the
 * answer and toasts; a deployment that is not a mirror says so; the navigation links the page.
 */
import { fakeFetch, ok } from '@plugin-center/test-fakes/fetch';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { inEnglish, renderWithClient } from '../../testing/render';
import { dismissToastsAfterEach, failure, renderWithToasts, sent, toastTexts } from '../../testing/toasts';
import { BackstageHeader } from '../BackstageHeader';
import { MirroringView } from './MirroringPage';

inEnglish();
dismissToastsAfterEach();

const pull = {
  id: 3,
  source: 'pull',
  upstream: 'https://plugins.example.com',
  start_time: 1_700_000_000_000,
  end_time: 1_700_000_005_000,
  added: 2,
  updated: 1,
  withdrawn: 1,
  unchanged: 7,
  skipped: 4,
  failed: 1,
  failures: [
    {
      plugin_key: 'grid-1a2b',
      version: '1.2.0',
      reason: 'the icon of grid-1a2b 1.2.0 does not match its signature',
    },
  ],
  error: null,
};
const status = {
  upstream: 'https://plugins.example.com',
  allow: { keys: [], tags: ['layout', 'color'], publishers: ['acme'] },
  interval_minutes: 60,
  cursor: '42',
  mirrored: 12,
  running: false,
  last_pull: null,
};

describe('mirroring page', () => {
  it('shows the upstream, allowlist and interval, and pulls now with a toast', async () => {
    const net = fakeFetch((req) =>
      req.method === 'POST' ? ok({ ...status, mirrored: 14, last_pull: pull }) : ok(status),
    );
    renderWithToasts(net.fetch, <MirroringView />, '/backstage-index/mirroring');
    expect(await screen.findByText('https://plugins.example.com')).toBeTruthy();
    expect(screen.getByText('Tags: layout, color')).toBeTruthy();
    expect(screen.getByText('Publishers: acme')).toBeTruthy();
    expect(screen.getByText('Every 60 minutes')).toBeTruthy();
    expect(screen.getByText('No pull yet')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Pull now' }));
    await waitFor(() => expect(toastTexts()).toContain('Pull finished'));
    const post = sent(net, 'POST')[0]!;
    expect(post.url.pathname).toBe('/api/cmt/manager/mirror/pull');
    expect(await screen.findByText('2 added, 1 updated, 1 withdrawn, 1 failed')).toBeTruthy();
    expect(screen.getByText('7 unchanged, 4 left out by the allowlist')).toBeTruthy();
    expect(screen.getByText(/does not match its signature/)).toBeTruthy();
    expect(screen.getByText('14')).toBeTruthy();
  });

  it('shows why a pull stopped, toasts the server’s message when it cannot run, and says when it is not a mirror', async () => {
    const stopped = { ...status, allow: { keys: [], tags: [], publishers: [] }, interval_minutes: 0 };
    const net = fakeFetch((req) =>
      req.method === 'POST'
        ? failure(400, 'INVALID_PARAMETER', 'this deployment is not a mirror: set UPSTREAM_URL')
        : ok({
            ...stopped,
            last_pull: { ...pull, failures: [], failed: 0, error: 'the feed: the upstream answered 503' },
          }),
    );
    renderWithToasts(net.fetch, <MirroringView />, '/backstage-index/mirroring');
    expect(await screen.findByText('Every approved plugin')).toBeTruthy();
    expect(screen.getByText('Off')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe('Stopped: the feed: the upstream answered 503');
    fireEvent.click(screen.getByRole('button', { name: 'Pull now' }));
    await waitFor(() => expect(toastTexts()).toContain('this deployment is not a mirror: set UPSTREAM_URL'));
  });

  it('says a pull is running when another process of the deployment holds it, and disables the button', async () => {
    const net = fakeFetch((req) => (req.method === 'POST' ? ok({ ...status, running: true }) : ok(status)));
    renderWithToasts(net.fetch, <MirroringView />, '/backstage-index/mirroring');
    fireEvent.click(await screen.findByRole('button', { name: 'Pull now' }));
    await waitFor(() => expect(toastTexts()).toContain('A pull is running…'));
    expect(toastTexts()).not.toContain('Pull finished');
    expect(screen.getByRole('status').textContent).toBe('A pull is running…');
    expect((screen.getByRole('button', { name: 'Pull now' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('says when the deployment is not a mirror, with no pull button', async () => {
    const net = fakeFetch(() => ok({ ...status, upstream: null, cursor: null, mirrored: 0 }));
    renderWithClient(net.fetch, <MirroringView />);
    expect((await screen.findByTestId('not-mirror')).textContent).toMatch(/Set UPSTREAM_URL/);
    expect(screen.queryByRole('button', { name: 'Pull now' })).toBeNull();
  });

  it('is linked from the back-office navigation', async () => {
    renderWithClient(fakeFetch(() => ok({})).fetch, <BackstageHeader title="x" />);
    expect((await screen.findByRole('link', { name: 'Mirroring' })).getAttribute('href')).toMatch(
      /\/backstage-index\/mirroring$/,
    );
  });
});
