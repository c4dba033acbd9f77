/**
 * The owners page over the real API client with only fetch faked: required
 * fields, the body it sends to give a plugin to an account or to nobody, the result, and the
 * server's "no account" answer shown beside the email field.
 */
import { fakeFetch, json, ok } from '@plugin-center/test-fakes/fetch';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { inEnglish, renderWithClient } from '../../testing/render';
import { OwnersView } from './OwnersPage';

const OWNER = '/api/cmt/manager/plugin/owner';

const renderWith = (fetch: typeof globalThis.fetch) =>
  renderWithClient(fetch, <OwnersView />, '/backstage-index/owners');

inEnglish();
afterEach(() => cleanup());

const fill = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label, { exact: false }), { target: { value } });

describe('owners page', () => {
  it('needs the plugin key and, to give it to someone, the email; nothing is sent before', async () => {
    const net = fakeFetch();
    renderWith(net.fetch);
    fireEvent.click(screen.getByRole('button', { name: 'Give to this account' }));
    expect(await screen.findAllByText('Required')).toHaveLength(2);
    expect(net.requests).toHaveLength(0);
  });

  it('gives the plugin to the account and says so', async () => {
    const net = fakeFetch(() => ok({ plugin_key: 'grid-helper', owner: { user_id: 7, nick_name: 'Ada' } }));
    renderWith(net.fetch);
    fill('Plugin key', ' grid-helper ');
    fill('Account email', 'ada@example.com');
    fireEvent.click(screen.getByRole('button', { name: 'Give to this account' }));
    expect((await screen.findByTestId('owner-result')).textContent).toBe('grid-helper now belongs to Ada.');
    expect(net.requests[0]!.url.pathname).toBe(OWNER);
    expect(JSON.parse(String(net.requests[0]!.body))).toEqual({
      plugin_key: 'grid-helper',
      email: 'ada@example.com',
    });
  });

  it('gives it to nobody with a null email', async () => {
    const net = fakeFetch(() => ok({ plugin_key: 'grid-helper', owner: null }));
    renderWith(net.fetch);
    fill('Plugin key', 'grid-helper');
    fireEvent.click(screen.getByRole('button', { name: 'Give to nobody' }));
    expect((await screen.findByTestId('owner-result')).textContent).toBe(
      'grid-helper now belongs to nobody.',
    );
    expect(JSON.parse(String(net.requests[0]!.body))).toEqual({ plugin_key: 'grid-helper', email: null });
  });

  it('shows the server’s answer for an unknown email beside the field', async () => {
    const net = fakeFetch(() =>
      json(
        {
          code: 40000,
          error: 'INVALID_PARAMETER',
          message: 'email: no account has this email',
          data: null,
          field: 'email',
        },
        400,
      ),
    );
    renderWith(net.fetch);
    fill('Plugin key', 'grid-helper');
    fill('Account email', 'ghost@example.com');
    fireEvent.click(screen.getByRole('button', { name: 'Give to this account' }));
    const error = await screen.findByText('email: no account has this email');
    expect(screen.getByLabelText('Account email', { exact: false }).getAttribute('aria-describedby')).toBe(
      error.id,
    );
  });
});
