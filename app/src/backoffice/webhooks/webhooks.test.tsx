/**
 * The back office's webhooks page over the real API client with only fetch faked: the endpoint
 * list, adding one (the secret shown once), a test event, the delivery log with its last response,
 * redelivery, the server's refusal of a private address shown beside the form; the navigation link.
 */
import { fakeFetch, ok } from '@plugin-center/test-fakes/fetch';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { inEnglish, renderWithClient } from '../../testing/render';
import { dismissToastsAfterEach, failure, renderWithToasts, sent, toastTexts } from '../../testing/toasts';
import { BackstageHeader } from '../BackstageHeader';
import { WebhooksView } from './WebhooksPage';

inEnglish();
dismissToastsAfterEach();

const endpoint = {
  id: 7,
  url: 'https://hooks.example.com/in',
  events: ['plugin.approved', 'plugin.deleted'],
  allow_private: false,
  enabled: true,
  create_time: 1_700_000_000_000,
  created_by: 1,
  previous_secret_expires_at: null,
};
const delivery = {
  id: 31,
  endpoint_id: 7,
  event_type: 'plugin.approved',
  msg_id: 'msg_abc',
  payload: '{}',
  attempts: 2,
  status: 'pending',
  next_attempt_at: 1_700_000_300_000,
  response_status: 503,
  response_body: 'busy',
  last_error: null,
  create_time: 1_700_000_000_000,
  update_time: 1_700_000_005_000,
};

describe('webhooks page', () => {
  it('lists endpoints, adds one showing its secret once, sends a test, shows the log and redelivers', async () => {
    const net = fakeFetch((req) => {
      const path = new URL(req.url).pathname;
      if (path.endsWith('/webhooks/deliveries')) return ok({ list: [delivery], next_cursor: null });
      if (path.endsWith('/webhooks/test') || path.endsWith('/webhooks/redeliver')) return ok(delivery);
      if (req.method === 'POST') return ok({ endpoint: { ...endpoint, id: 8 }, secret: 'whsec_c2VjcmV0' });
      return ok({ list: [endpoint] });
    });
    renderWithToasts(net.fetch, <WebhooksView />, '/backstage-index/webhooks');
    expect(await screen.findByText('https://hooks.example.com/in')).toBeTruthy();
    expect(screen.getByText('plugin.approved, plugin.deleted')).toBeTruthy();

    fireEvent.change(screen.getByLabelText(/Endpoint URL/), {
      target: { value: 'https://other.example.com/' },
    });
    fireEvent.click(screen.getByLabelText('plugin.published'));
    fireEvent.click(screen.getByRole('button', { name: 'Add endpoint' }));
    expect((await screen.findByTestId('webhook-secret')).textContent).toContain('whsec_c2VjcmV0');
    const created = sent(net, 'POST').find((r) => r.url.pathname === '/api/cmt/manager/webhooks')!;
    expect(JSON.parse(String(created.body))).toEqual({
      url: 'https://other.example.com/',
      events: ['plugin.published'],
      allow_private: false,
    });

    fireEvent.click(screen.getByRole('button', { name: 'Send test event' }));
    await waitFor(() => expect(toastTexts()).toContain('Test event sent: see the delivery log'));

    fireEvent.click(screen.getByRole('button', { name: 'Delivery log' }));
    expect(await screen.findByText('503 busy')).toBeTruthy();
    expect(screen.getByText('pending')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Redeliver' }));
    await waitFor(() => expect(toastTexts()).toContain('Delivery queued again'));
    expect(sent(net, 'POST').some((r) => r.url.pathname === '/api/cmt/manager/webhooks/redeliver')).toBe(
      true,
    );
  });

  it('rotates the secret after a confirmation, showing the new one once and when the old one stops', async () => {
    let rotated = false;
    const net = fakeFetch((req) => {
      const path = new URL(req.url).pathname;
      if (path.endsWith('/webhooks/rotate')) {
        rotated = true;
        return ok({
          endpoint: { ...endpoint, previous_secret_expires_at: 1_700_086_400_000 },
          secret: 'whsec_bmV3IHNlY3JldA==',
        });
      }
      return ok({
        list: [rotated ? { ...endpoint, previous_secret_expires_at: 1_700_086_400_000 } : endpoint],
      });
    });
    renderWithToasts(net.fetch, <WebhooksView />, '/backstage-index/webhooks');
    fireEvent.click(await screen.findByRole('button', { name: 'Rotate secret' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain('https://hooks.example.com/in');
    expect(dialog.textContent).toContain('24 hours');
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(sent(net, 'POST')).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: 'Rotate secret' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Rotate' }));
    const shown = await screen.findByTestId('webhook-secret');
    expect(shown.textContent).toContain('whsec_bmV3IHNlY3JldA==');
    expect(shown.textContent).toContain('The new signing secret');
    const call = sent(net, 'POST').find((r) => r.url.pathname === '/api/cmt/manager/webhooks/rotate')!;
    expect(JSON.parse(String(call.body))).toEqual({ id: 7 });
    expect((await screen.findByTestId('webhook-old-secret')).textContent).toMatch(
      /^The old secret also signs until /,
    );
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
  });

  it('deletes an endpoint only after a confirmation that says its log goes too', async () => {
    let deleted = false;
    const net = fakeFetch((req) => {
      if (req.method === 'DELETE') {
        deleted = true;
        return ok({ id: 7 });
      }
      return ok({ list: deleted ? [] : [endpoint] });
    });
    renderWithToasts(net.fetch, <WebhooksView />, '/backstage-index/webhooks');
    fireEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain('https://hooks.example.com/in');
    expect(dialog.textContent).toContain('delivery log is deleted');
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(sent(net, 'DELETE')).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('alertdialog');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(sent(net, 'DELETE')).toHaveLength(1));
    expect(JSON.parse(String(sent(net, 'DELETE')[0]!.body))).toEqual({ id: 7 });
    expect(await screen.findByText('No endpoint yet')).toBeTruthy();
  });

  it('copies a new secret with one button', async () => {
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const net = fakeFetch((req) =>
      req.method === 'POST'
        ? ok({ endpoint: { ...endpoint, id: 8 }, secret: 'whsec_c2VjcmV0' })
        : ok({ list: [endpoint] }),
    );
    renderWithToasts(net.fetch, <WebhooksView />, '/backstage-index/webhooks');
    fireEvent.change(await screen.findByLabelText(/Endpoint URL/), {
      target: { value: 'https://a.example/h' },
    });
    fireEvent.click(screen.getByLabelText('plugin.published'));
    fireEvent.click(screen.getByRole('button', { name: 'Add endpoint' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Copy' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith('whsec_c2VjcmV0'));
    await waitFor(() => expect(toastTexts()).toContain('Secret copied'));
  });

  it('shows the server’s refusal beside the form', async () => {
    const net = fakeFetch((req) =>
      req.method === 'POST'
        ? failure(
            400,
            'INVALID_PARAMETER',
            'the host 10.0.0.1 resolves to 10.0.0.1, a loopback, private or link-local address',
          )
        : ok({ list: [] }),
    );
    renderWithToasts(net.fetch, <WebhooksView />, '/backstage-index/webhooks');
    expect(await screen.findByText('No endpoint yet')).toBeTruthy();
    fireEvent.change(screen.getByLabelText(/Endpoint URL/), { target: { value: 'http://10.0.0.1/' } });
    fireEvent.click(screen.getByLabelText('plugin.deleted'));
    fireEvent.click(screen.getByRole('button', { name: 'Add endpoint' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/private or link-local/);
  });

  it('is linked from the back-office navigation', async () => {
    renderWithClient(fakeFetch(() => ok({})).fetch, <BackstageHeader title="x" />);
    expect((await screen.findByRole('link', { name: 'Webhooks' })).getAttribute('href')).toMatch(
      /\/backstage-index\/webhooks$/,
    );
  });
});
