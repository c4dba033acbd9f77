import type { PersonalToken } from '@plugin-center/contract';
import { fakeFetch, json, ok, type SeenRequest } from '@plugin-center/test-fakes/fetch';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { inEnglish, renderWithClient } from '../../testing/render';
import { dismissToast, type ToastMessage, useToasts } from '../../toast/toastStore';
import { TokensView } from './TokensPage';

const TOKENS_PATH = '/api/cmt/user/tokens';

let seenToasts: readonly ToastMessage[] = [];
function ToastProbe() {
  seenToasts = useToasts();
  return null;
}

function token(patch: Partial<PersonalToken> = {}): PersonalToken {
  return {
    id: 1,
    name: 'CI',
    prefix: 'pcpat_Ab3dE9',
    scope: 'publish',
    create_time: Date.UTC(2026, 0, 2, 3, 4),
    expire_time: null,
    last_used_time: null,
    ...patch,
  };
}

const renderView = (fetch: typeof globalThis.fetch) =>
  renderWithClient(
    fetch,
    <>
      <TokensView />
      <ToastProbe />
    </>,
    '/my-plugins/tokens',
  );

/** A fake server keeping a token list: GET lists, POST creates, DELETE revokes. */
function tokenServer(initial: PersonalToken[]) {
  let list = [...initial];
  let next = 100;
  return fakeFetch((req: SeenRequest) => {
    if (req.url.pathname !== TOKENS_PATH) return json({ code: 40400, message: 'nope', data: null }, 404);
    if (req.method === 'GET') return ok({ token_list: list });
    if (req.method === 'POST') {
      const body = req.json as { name: string; expires_in_days?: number };
      const created = token({
        id: next++,
        name: body.name,
        prefix: 'pcpat_New123',
        create_time: Date.now(),
        expire_time: body.expires_in_days ? Date.now() + body.expires_in_days * 86_400_000 : null,
      });
      list = [created, ...list];
      return ok({ ...created, token: 'pcpat_New123_secret_value' });
    }
    if (req.method === 'DELETE') {
      const { id } = req.json as { id: number };
      list = list.filter((t) => t.id !== id);
      return ok({ id });
    }
    return json({ code: 40500, message: 'no', data: null }, 405);
  });
}

inEnglish();
afterEach(() => {
  cleanup();
  for (const toast of seenToasts) act(() => dismissToast(toast.id));
});

describe('personal access tokens', () => {
  it('lists the tokens with name, prefix, created, expires and last used', async () => {
    const net = tokenServer([
      token({ id: 1, name: 'CI', prefix: 'pcpat_Ab3dE9' }),
      token({
        id: 2,
        name: 'Laptop',
        prefix: 'pcpat_Zz9yX8',
        expire_time: Date.UTC(2020, 0, 1),
        last_used_time: Date.UTC(2019, 11, 1),
      }),
    ]);
    renderView(net.fetch);
    const table = await screen.findByTestId('token-list');
    expect(net.requests[0]!.url.pathname).toBe(TOKENS_PATH);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    const [ci, laptop] = rows as [HTMLElement, HTMLElement];
    expect(within(ci).getByRole('rowheader').textContent).toBe('CI');
    expect(ci.textContent).toContain('pcpat_Ab3dE9…');
    expect(ci.textContent).toContain('Never'); // expires
    expect(ci.textContent).toContain('Never used');
    expect(laptop.textContent).toContain('Expired');
    expect(laptop.textContent).not.toContain('Never used');
    expect(within(laptop).getByRole('button', { name: 'Revoke Laptop' })).toBeTruthy();
    expect(screen.queryByText('pcpat_New123_secret_value')).toBeNull();
  });

  it('explains what a token is for when there is none', async () => {
    renderView(tokenServer([]).fetch);
    expect(await screen.findByText('You have no personal access tokens')).toBeTruthy();
    expect(screen.getByText(/plugin-center publish from a terminal or CI/)).toBeTruthy();
    expect(screen.queryByTestId('token-list')).toBeNull();
  });

  it('requires a name, then creates a token, shows it once with Copy, reloads the list and toasts', async () => {
    const net = tokenServer([]);
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderView(net.fetch);
    await screen.findByText('You have no personal access tokens');

    fireEvent.click(screen.getByRole('button', { name: 'Create token' }));
    expect(screen.getByText('Required')).toBeTruthy();
    expect(screen.getByLabelText(/^Name/).getAttribute('aria-invalid')).toBe('true');
    expect(net.requests.filter((r) => r.method === 'POST')).toHaveLength(0);

    fireEvent.change(screen.getByLabelText(/^Name/), { target: { value: '  GitHub CI ' } });
    fireEvent.change(screen.getByLabelText('Expires'), { target: { value: '365' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create token' }));

    const shown = await screen.findByTestId('new-token');
    const post = net.requests.find((r) => r.method === 'POST')!;
    expect(post.json).toEqual({ name: 'GitHub CI', expires_in_days: 365 });
    const field = within(shown).getByLabelText('Token') as HTMLInputElement;
    expect(field.value).toBe('pcpat_New123_secret_value');
    expect(field.readOnly).toBe(true);
    expect(within(shown).getByRole('alert').textContent).toBe('Copy it now: it will not be shown again.');
    await waitFor(() => expect(seenToasts.map((t) => t.text)).toContain('Token GitHub CI created'));

    // the list was loaded again and shows the new token (by prefix only)
    const table = await screen.findByTestId('token-list');
    expect(within(table).getByRole('rowheader').textContent).toBe('GitHub CI');
    expect(table.textContent).not.toContain('secret_value');
    expect(net.requests.filter((r) => r.method === 'GET')).toHaveLength(2);

    fireEvent.click(within(shown).getByRole('button', { name: 'Copy' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith('pcpat_New123_secret_value'));
    await waitFor(() => expect(seenToasts.map((t) => t.text)).toContain('Token copied'));

    fireEvent.click(within(shown).getByRole('button', { name: 'Done' }));
    expect(screen.queryByTestId('new-token')).toBeNull();
    expect(screen.queryByDisplayValue('pcpat_New123_secret_value')).toBeNull();
  });

  it('sends no expires_in_days for a token that never expires', async () => {
    const net = tokenServer([]);
    renderView(net.fetch);
    await screen.findByText('You have no personal access tokens');
    fireEvent.change(screen.getByLabelText(/^Name/), { target: { value: 'Forever' } });
    fireEvent.change(screen.getByLabelText('Expires'), { target: { value: '0' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create token' }));
    await screen.findByTestId('new-token');
    expect(net.requests.find((r) => r.method === 'POST')!.json).toEqual({ name: 'Forever' });
  });

  it('revokes only after the confirmation dialog, then reloads and toasts; Cancel keeps it', async () => {
    const net = tokenServer([token({ id: 1, name: 'CI' }), token({ id: 2, name: 'Laptop' })]);
    renderView(net.fetch);
    await screen.findByTestId('token-list');

    fireEvent.click(screen.getByRole('button', { name: 'Revoke CI' }));
    let dialog = await screen.findByRole('alertdialog', { name: 'Revoke CI?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(net.requests.filter((r) => r.method === 'DELETE')).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Revoke CI' }));
    dialog = await screen.findByRole('alertdialog', { name: 'Revoke CI?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    await waitFor(() => expect(seenToasts.map((t) => t.text)).toContain('Token CI revoked'));
    expect(net.requests.find((r) => r.method === 'DELETE')!.json).toEqual({ id: 1 });
    await waitFor(() =>
      expect(
        within(screen.getByTestId('token-list'))
          .getAllByRole('rowheader')
          .map((h) => h.textContent),
      ).toEqual(['Laptop']),
    );
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it("toasts the server's message when creating fails", async () => {
    const net = fakeFetch((req) =>
      req.method === 'POST'
        ? json({ code: 40000, error: 'INVALID_PARAMETER', message: 'Too many tokens', data: null }, 400)
        : ok({ token_list: [] }),
    );
    renderView(net.fetch);
    await screen.findByText('You have no personal access tokens');
    fireEvent.change(screen.getByLabelText(/^Name/), { target: { value: 'x' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create token' }));
    await waitFor(() => expect(seenToasts.map((t) => t.text)).toContain('Too many tokens'));
    expect(screen.queryByTestId('new-token')).toBeNull();
  });
});
