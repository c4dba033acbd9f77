/**
 * The notifications page and the header's bell over the real API client with only fetch faked: the
 * list with its read and unread state and texts by kind, marking one and all read (the list read
 * again, the bell told), the empty and error states, the e-mail preferences (a checkbox per kind,
 * each saved when changed; a note when the server sends no e-mail), and the bell's count.
 */
import type { Notification, NotificationPreferences } from '@plugin-center/api';
import { SsoClientProvider } from '@plugin-center/react';
import { fakeFetch, json, ok } from '@plugin-center/test-fakes/fetch';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NotificationBell } from '../../components/header/NotificationBell';
import { announceNotificationsChanged } from '../../components/header/notificationEvents';
import type { ssoClient } from '../../session';
import { inEnglish, renderWithClient } from '../../testing/render';
import { NotificationsPage } from './NotificationsPage';

inEnglish();
afterEach(() => cleanup());

const SIGNED_IN = { status: 'signed-in', accessToken: 'token', user: { user_id: 7 }, isAdmin: false };
const sso = {
  subscribe: () => () => {},
  getSnapshot: () => SIGNED_IN,
  signIn: vi.fn(),
  signOut: vi.fn(),
} as unknown as typeof ssoClient;

const NOTIFICATIONS: Notification[] = [
  {
    id: 4,
    kind: 'review_posted',
    payload: { plugin_key: 'grid', plugin_name: 'Grid', rating: 4, title: 'Handy' },
    create_time: Date.UTC(2026, 10, 28, 9),
    read_at: null,
  },
  {
    id: 3,
    kind: 'submission_rejected',
    payload: { plugin_key: 'icons', plugin_name: 'Icons', version: '1.2.0', reason: 'The icon is blurry' },
    create_time: Date.UTC(2026, 10, 27, 9),
    read_at: null,
  },
  {
    id: 2,
    kind: 'plugin_deleted_by_admin',
    payload: { plugin_key: 'old', plugin_name: 'Old one' },
    create_time: Date.UTC(2026, 10, 26, 9),
    read_at: Date.UTC(2026, 10, 26, 10),
  },
  {
    id: 1,
    kind: 'submission_approved',
    payload: { plugin_key: 'grid', plugin_name: 'Grid', version: '1.0.0' },
    create_time: Date.UTC(2026, 10, 25, 9),
    read_at: Date.UTC(2026, 10, 25, 10),
  },
];

const PREFERENCES: NotificationPreferences = {
  email: {
    submission_approved: true,
    submission_rejected: true,
    review_posted: false,
    plugin_deleted_by_admin: true,
  },
  email_available: true,
};

/** A fake server keeping read marks and preferences; `fail` answers the list with 500. */
function server(
  options: { items?: Notification[]; preferences?: NotificationPreferences; fail?: boolean } = {},
) {
  const items = structuredClone(options.items ?? NOTIFICATIONS);
  let preferences = structuredClone(options.preferences ?? PREFERENCES);
  const unread = () => items.filter((n) => n.read_at === null).length;
  return fakeFetch((req) => {
    const path = req.url.pathname;
    if (path.endsWith('/notification/list')) {
      if (options.fail) return json({ code: 50000, error: 'INTERNAL', message: 'boom', data: null }, 500);
      const size = Number(req.url.searchParams.get('page_size') ?? 20);
      return ok({ notification_list: items.slice(0, size), next_cursor: null, unread_count: unread() });
    }
    if (path.endsWith('/notification/read')) {
      const item = items.find((n) => n.id === (req.json as { id: number }).id);
      if (item) item.read_at = 1;
      return ok({ unread_count: unread() });
    }
    if (path.endsWith('/notification/read-all')) {
      for (const n of items) n.read_at ??= 1;
      return ok({ unread_count: 0 });
    }
    if (path.endsWith('/notification/preferences')) {
      if (req.method === 'PUT') {
        const body = req.json as { email: Partial<NotificationPreferences['email']> };
        preferences = { ...preferences, email: { ...preferences.email, ...body.email } };
      }
      return ok(preferences);
    }
    return json({ code: 40401, error: 'ROUTE_NOT_FOUND', message: path, data: null }, 404);
  });
}

function renderPage(net: ReturnType<typeof fakeFetch>) {
  return renderWithClient(
    net.fetch,
    <SsoClientProvider client={sso}>
      <NotificationsPage />
    </SsoClientProvider>,
    '/notifications',
  );
}

const rows = () => within(screen.getByTestId('notifications')).getAllByRole('listitem');

describe('the notifications page', () => {
  it('lists the notifications newest first with their texts, unread ones marked', async () => {
    renderPage(server());
    await screen.findByTestId('notifications');
    const items = rows();
    expect(items.map((li) => li.getAttribute('data-state'))).toEqual(['unread', 'unread', 'read', 'read']);
    expect(items[0]!.textContent).toContain('New review of “Grid”');
    expect(items[0]!.textContent).toContain('Rating: 4 of 5');
    expect(items[0]!.textContent).toContain('Title: Handy');
    expect(items[1]!.textContent).toContain('Version 1.2.0 of “Icons” was not approved');
    expect(items[1]!.textContent).toContain('Reason: The icon is blurry');
    expect(items[2]!.textContent).toContain('“Old one” was deleted by an administrator');
    // A deleted plugin has no link; the others link to their plugin.
    expect(within(items[2]!).queryByRole('link')).toBeNull();
    expect(within(items[3]!).getByRole('link', { name: 'View the plugin' }).getAttribute('href')).toBe(
      '/detail/grid',
    );
    expect(within(items[0]!).getByRole('button', { name: 'Mark as read' })).toBeTruthy();
    expect(within(items[3]!).queryByRole('button', { name: 'Mark as read' })).toBeNull();
  });

  it('marks one read, then all, reading the list again and telling the bell', async () => {
    const net = server();
    const changed = vi.fn();
    window.addEventListener('plugin-center:notifications-changed', changed);
    renderPage(net);
    await screen.findByTestId('notifications');
    fireEvent.click(within(rows()[0]!).getByRole('button', { name: 'Mark as read' }));
    await waitFor(() => expect(rows()[0]!.getAttribute('data-state')).toBe('read'));
    expect(net.requests.find((r) => r.url.pathname.endsWith('/read'))?.json).toEqual({ id: 4 });
    expect(changed).toHaveBeenCalledTimes(1);

    const all = screen.getByRole('button', { name: 'Mark all as read' });
    fireEvent.click(all);
    await waitFor(() => expect(rows().every((li) => li.getAttribute('data-state') === 'read')).toBe(true));
    expect(changed).toHaveBeenCalledTimes(2);
    await waitFor(() => expect((all as HTMLButtonElement).disabled).toBe(true));
    window.removeEventListener('plugin-center:notifications-changed', changed);
  });

  it('says so when there is none yet', async () => {
    renderPage(server({ items: [] }));
    expect(await screen.findByText('No notifications yet')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Mark all as read' })).toBeNull();
  });

  it('shows an error with Retry when the list cannot be read', async () => {
    const net = server({ fail: true });
    renderPage(net);
    expect(await screen.findByText('Your notifications could not be loaded.')).toBeTruthy();
    const before = net.requests.length;
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(net.requests.length).toBeGreaterThan(before));
  });

  it('shows a checkbox per kind of e-mail and saves a change', async () => {
    const net = server();
    renderPage(net);
    const review = (await screen.findByRole('checkbox', {
      name: 'Someone reviews one of my plugins',
    })) as HTMLInputElement;
    expect(review.checked).toBe(false);
    expect(
      (screen.getByRole('checkbox', { name: 'A submission of mine is approved' }) as HTMLInputElement)
        .checked,
    ).toBe(true);
    expect(screen.getAllByRole('checkbox')).toHaveLength(4);
    fireEvent.click(review);
    await waitFor(() => expect(net.requests.some((r) => r.method === 'PUT')).toBe(true));
    expect(net.requests.find((r) => r.method === 'PUT')?.json).toEqual({ email: { review_posted: true } });
    await waitFor(() => expect(review.checked).toBe(true));
  });

  it('puts a box back when its save fails', async () => {
    const base = server();
    const net = fakeFetch((req) =>
      req.method === 'PUT'
        ? json({ code: 50000, error: 'INTERNAL', message: 'boom', data: null }, 500)
        : base.fetch(req.url.href, { method: req.method }),
    );
    renderPage(net);
    const approved = (await screen.findByRole('checkbox', {
      name: 'A submission of mine is approved',
    })) as HTMLInputElement;
    fireEvent.click(approved);
    await waitFor(() => expect(net.requests.some((r) => r.method === 'PUT')).toBe(true));
    await waitFor(() => expect(approved.checked).toBe(true));
  });

  it('says e-mail is not sent when the server has none', async () => {
    renderPage(server({ preferences: { ...PREFERENCES, email_available: false } }));
    expect(
      await screen.findByText('This site does not send e-mail: your notifications are only here.'),
    ).toBeTruthy();
    expect(screen.queryByRole('checkbox')).toBeNull();
  });
});

describe("the header's bell", () => {
  it('links to the page with the unread count, and reads it again when told', async () => {
    const net = server();
    renderWithClient(net.fetch, <NotificationBell />);
    const bell = await screen.findByRole('link', { name: 'Notifications, unread: 2' });
    expect(bell.getAttribute('href')).toBe('/notifications');
    expect(bell.textContent).toBe('2');
    expect(net.requests[0]!.url.search).toBe('?page_size=1');
    await act(async () => {
      await fetchAsUser(net, { id: 4 });
      announceNotificationsChanged();
    });
    expect(await screen.findByRole('link', { name: 'Notifications, unread: 1' })).toBeTruthy();
  });

  it('shows no count when everything is read', async () => {
    renderWithClient(server({ items: NOTIFICATIONS.slice(2) }).fetch, <NotificationBell />);
    const bell = await screen.findByRole('link', { name: 'Notifications' });
    await waitFor(() => expect(bell.textContent).toBe(''));
  });
});

/** Marks notification `body.id` read on the fake server directly. */
async function fetchAsUser(net: ReturnType<typeof fakeFetch>, body: { id: number }) {
  await net.fetch('/api/cmt/plugin/notification/read', {
    method: 'POST',
    body: JSON.stringify(body),
    headers: { 'content-type': 'application/json' },
  });
}
