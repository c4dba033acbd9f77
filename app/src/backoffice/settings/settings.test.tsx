/**
 * The settings pages (icon font, Pexels, space setting, people) and the back-office
 * navigation, over the real API client with only fetch faked: what is shown (masked secrets as the
 * server sends them), what is sent, the SPEC §8 toasts, the role controls of a super admin only.
 */
import { fakeFetch, ok } from '@plugin-center/test-fakes/fetch';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { inEnglish, renderWithClient } from '../../testing/render';
import { dismissToastsAfterEach, failure, renderWithToasts, sent, toastTexts } from '../../testing/toasts';
import { BackstageHeader } from '../BackstageHeader';
import { IconfontView, PexelsView } from './AccountSettingsPages';
import { PeopleView } from './PeoplePage';
import { SpaceSettingView } from './SpaceSettingPage';

inEnglish();
dismissToastsAfterEach();

const MASK = '\u2022'.repeat(8);

describe('icon font page', () => {
  const saved = {
    client_id: 'cid-1',
    client_secret: `${MASK}wxyz`,
    secret_status: 'set',
    update_time: 1_700_000_000_000,
  };

  it('shows the client id and the masked secret as sent, and saves with a toast', async () => {
    const net = fakeFetch((req) =>
      req.method === 'PUT' ? ok({ ...saved, client_id: 'cid-2', client_secret: `${MASK}9876` }) : ok(saved),
    );
    renderWithToasts(net.fetch, <IconfontView />, '/backstage-index/iconfont');
    const id = await screen.findByLabelText('Client ID');
    const secret = screen.getByLabelText('Client secret') as HTMLInputElement;
    expect((id as HTMLInputElement).value).toBe('cid-1');
    expect(secret.value).toBe(`${MASK}wxyz`);
    // A secret is a password field until its toggle shows it.
    expect(secret.type).toBe('password');
    const toggle = screen.getByRole('button', { name: 'Show the value' });
    expect(toggle.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(toggle);
    expect(secret.type).toBe('text');
    expect(toggle.getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(toggle);
    expect(secret.type).toBe('password');
    fireEvent.change(id, { target: { value: ' cid-2 ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(toastTexts()).toContain('Save Successfully'));
    const put = sent(net, 'PUT')[0]!;
    expect(put.url.pathname).toBe('/api/cmt/manager/space-setting/iconfont');
    // the mask goes back unchanged: the server keeps the stored secret
    expect(put.json).toEqual({ client_id: 'cid-2', client_secret: `${MASK}wxyz` });
    await waitFor(() => expect(secret.value).toBe(`${MASK}9876`));
  });

  it("toasts 'Save failure' and shows the server's message beside the field", async () => {
    const net = fakeFetch((req) =>
      req.method === 'PUT'
        ? failure(400, 'INVALID_PARAMETER', 'client_secret: a client id needs a secret', 'client_secret')
        : ok({ client_id: '', client_secret: '', secret_status: 'unset', update_time: null }),
    );
    renderWithToasts(net.fetch, <IconfontView />, '/backstage-index/iconfont');
    fireEvent.change(await screen.findByLabelText('Client ID'), { target: { value: 'only-id' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(toastTexts()).toContain('Save failure'));
    const error = await screen.findByText('client_secret: a client id needs a secret');
    expect(screen.getByLabelText('Client secret').getAttribute('aria-describedby')).toBe(error.id);
    expect(screen.getByText('Not saved yet')).toBeTruthy();
  });

  it('warns when the stored secret cannot be decrypted, and offers Retry when loading fails', async () => {
    const net = fakeFetch(() =>
      ok({ client_id: 'x', client_secret: MASK, secret_status: 'undecryptable', update_time: 5 }),
    );
    renderWithClient(net.fetch, <IconfontView />);
    expect((await screen.findByRole('alert')).textContent).toMatch(/cannot be read/);
    cleanup();
    const down = fakeFetch(() => failure(500, 'INTERNAL_ERROR', 'boom'));
    renderWithClient(down.fetch, <IconfontView />);
    expect(await screen.findByRole('button', { name: /retry/i })).toBeTruthy();
  });
});

describe('Pexels page', () => {
  it("applies the key with 'Applied successfully'", async () => {
    const net = fakeFetch((req) =>
      req.method === 'POST'
        ? ok({ api_key: `${MASK}abcd`, secret_status: 'set', update_time: 9 })
        : ok({ api_key: '', secret_status: 'unset', update_time: null }),
    );
    renderWithToasts(net.fetch, <PexelsView />, '/backstage-index/pexels');
    const key = (await screen.findByLabelText('API key')) as HTMLInputElement;
    expect(key.type).toBe('password');
    expect(screen.getByRole('button', { name: 'Show the value' })).toBeTruthy();
    fireEvent.change(key, { target: { value: 'my-new-pexels-key-abcd' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(toastTexts()).toContain('Applied successfully'));
    expect(sent(net, 'POST')[0]!.json).toEqual({ api_key: 'my-new-pexels-key-abcd' });
    await waitFor(() => expect(key.value).toBe(`${MASK}abcd`));
  });

  it("toasts 'Please try again' when the server refuses", async () => {
    const net = fakeFetch((req) =>
      req.method === 'POST'
        ? failure(400, 'INVALID_PARAMETER', 'api_key: invalid', 'api_key')
        : ok({ api_key: `${MASK}abcd`, secret_status: 'set', update_time: 9 }),
    );
    renderWithToasts(net.fetch, <PexelsView />);
    fireEvent.change(await screen.findByLabelText('API key'), { target: { value: 'bad key' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(toastTexts()).toContain('Please try again'));
    expect(await screen.findByText('api_key: invalid')).toBeTruthy();
  });
});

describe('space setting page', () => {
  const setting = {
    ext: {
      brand: { enable: false, brand_key: '' },
      template: { topic_color_key: 'indigo' },
      login_storage: 0,
    },
    update_time: null,
  };

  it('shows the setting, checks the brand key, and saves brand, colour and storage', async () => {
    const net = fakeFetch((req) => (req.method === 'PUT' ? ok({ ...setting, update_time: 1 }) : ok(setting)));
    renderWithToasts(net.fetch, <SpaceSettingView />, '/backstage-index/space-setting');
    expect(((await screen.findByLabelText('Indigo')) as HTMLInputElement).checked).toBe(true);
    expect(net.requests[0]!.url.pathname).toBe('/api/pix/mst/spaces/setting');
    fireEvent.click(screen.getByLabelText('Show the brand'));
    fireEvent.change(screen.getByLabelText('Brand key'), { target: { value: 'Bad Key' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Use lower-case letters, digits, - and _ (at most 64)')).toBeTruthy();
    expect(sent(net, 'PUT')).toHaveLength(0);
    fireEvent.change(screen.getByLabelText('Brand key'), { target: { value: 'acme' } });
    fireEvent.click(screen.getByLabelText('Teal'));
    expect(screen.queryByTestId('storage-warning')).toBeNull();
    fireEvent.click(screen.getByLabelText('Cookie'));
    // Another login storage signs everyone out on their next load: said under the choice, confirmed on Save.
    expect(screen.getByTestId('storage-warning').textContent).toBe(
      'Changing the login storage signs everyone out, you included, on their next page load.',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain('Sign-ins will be kept in: Cookie.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(sent(net, 'PUT')).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    fireEvent.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', {
        name: 'Save and sign everyone out',
      }),
    );
    await waitFor(() => expect(toastTexts()).toContain('Save Successfully'));
    const put = sent(net, 'PUT')[0]!;
    expect(put.url.pathname).toBe('/api/cmt/manager/space-setting');
    expect(put.json).toEqual({
      ext: {
        brand: { enable: true, brand_key: 'acme' },
        template: { topic_color_key: 'teal' },
        login_storage: 2,
      },
    });
  });

  it('saves without asking while the login storage stays as saved', async () => {
    const net = fakeFetch((req) => (req.method === 'PUT' ? ok({ ...setting, update_time: 1 }) : ok(setting)));
    renderWithToasts(net.fetch, <SpaceSettingView />, '/backstage-index/space-setting');
    fireEvent.click(await screen.findByLabelText('Cookie'));
    fireEvent.click(screen.getByLabelText('Local storage'));
    expect(screen.queryByTestId('storage-warning')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(toastTexts()).toContain('Save Successfully'));
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it("toasts 'Save failure' when the save fails", async () => {
    const net = fakeFetch((req) =>
      req.method === 'PUT' ? failure(403, 'FORBIDDEN', 'Current account has no permission') : ok(setting),
    );
    renderWithToasts(net.fetch, <SpaceSettingView />);
    fireEvent.click(await screen.findByRole('button', { name: 'Save' }));
    await waitFor(() => expect(toastTexts()).toContain('Save failure'));
  });
});

describe('people page', () => {
  const person = (user_id: number, nick_name: string, role: 0 | 1 | 2) => ({
    user_id,
    email: `${nick_name.toLowerCase()}@example.com`,
    user_name: nick_name.toLowerCase(),
    nick_name,
    avatar_url: null,
    created_at: 1_700_000_000_000,
    role,
    staff_status: 1,
    disabled_by: null as 'admin' | 'directory' | null,
    publisher_handle: user_id === 2 ? 'ada-tools' : null,
    publisher_verified: false,
  });
  const people = [person(1, 'Root', 1), person(2, 'Ada', 0), person(3, 'Bob', 2)];

  /** A server where the caller has `role` (user id 1 for the super admin). */
  const server = (
    role: 0 | 1 | 2,
    onRole = (b: { user_id: number; role: number }) => ok({ ...person(b.user_id, 'Ada', b.role as 0 | 2) }),
  ) =>
    fakeFetch((req) => {
      if (req.url.pathname === '/api/cmt/manager/verify')
        return ok({ role, user_id: role === 1 ? 1 : 3, is_administrator: true });
      if (req.method === 'PUT') return onRole(req.json as { user_id: number; role: number });
      const cursor = req.url.searchParams.get('cursor');
      return ok({
        user_list: cursor ? [person(4, 'Cy', 0)] : people,
        total: 4,
        next_cursor: cursor ? null : 'p2',
      });
    });

  it('lets any administrator mark a publisher verified, showing the handle and the badge', async () => {
    let verified = false;
    const net = fakeFetch((req) => {
      if (req.url.pathname === '/api/cmt/manager/verify')
        return ok({ role: 2, user_id: 3, is_administrator: true });
      if (req.url.pathname === '/api/cmt/manager/publisher/verified') {
        verified = (req.json as { verified: boolean }).verified;
        return ok({ user_id: 2, handle: 'ada-tools', verified, verified_by: verified ? 'admin' : null });
      }
      return ok({
        user_list: people.map((p) => (p.user_id === 2 ? { ...p, publisher_verified: verified } : p)),
        total: 3,
        next_cursor: null,
      });
    });
    renderWithToasts(net.fetch, <PeopleView />, '/backstage-index/people');
    const rows = await screen.findAllByTestId('person-row');
    expect(within(rows[1]!).getByTestId('person-publisher').textContent).toContain('@ada-tools');
    expect(within(rows[0]!).getByTestId('person-publisher').textContent).toContain('No handle');
    fireEvent.click(within(rows[1]!).getByRole('button', { name: 'Mark verified: Ada' }));
    await waitFor(() => expect(toastTexts()).toContain('Ada is now a verified publisher'));
    const put = net.requests.find((r) => r.url.pathname === '/api/cmt/manager/publisher/verified')!;
    expect(put.method).toBe('PUT');
    expect(put.json).toEqual({ user_id: 2, verified: true });
    const row = (await screen.findAllByTestId('person-row'))[1]!;
    expect(await within(row).findByRole('button', { name: 'Remove verified mark: Ada' })).toBeTruthy();
    expect(within(row).getByText('Verified publisher')).toBeTruthy();
  });

  it('lets a super admin make a general admin after a confirmation', async () => {
    const net = server(1);
    renderWithToasts(net.fetch, <PeopleView />, '/backstage-index/people');
    const rows = await screen.findAllByTestId('person-row');
    expect(rows).toHaveLength(3);
    // no control on oneself nor on the super admin
    expect(within(rows[0]!).queryByRole('button', { name: /admin|Disable|Enable/ })).toBeNull();
    await waitFor(() =>
      expect(within(rows[1]!).getByRole('button', { name: 'Make admin: Ada' })).toBeTruthy(),
    );
    expect(within(rows[2]!).getByRole('button', { name: 'Remove admin: Bob' })).toBeTruthy();
    fireEvent.click(within(rows[1]!).getByRole('button', { name: 'Make admin: Ada' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Make Ada a general admin?' });
    expect(sent(net, 'PUT')).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Make admin' }));
    await waitFor(() => expect(toastTexts()).toContain('Ada is now a general admin'));
    const put = sent(net, 'PUT')[0]!;
    expect(put.url.pathname).toBe('/api/cmt/manager/users/role');
    expect(put.json).toEqual({ user_id: 2, role: 2 });
  });

  it('removes an admin, and Cancel sends nothing', async () => {
    const net = server(1);
    renderWithToasts(net.fetch, <PeopleView />);
    const bob = await screen.findByRole('button', { name: 'Remove admin: Bob' });
    fireEvent.click(bob);
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(sent(net, 'PUT')).toHaveLength(0);
    fireEvent.click(bob);
    fireEvent.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Remove admin' }),
    );
    await waitFor(() => expect(sent(net, 'PUT')[0]?.json).toEqual({ user_id: 3, role: 0 }));
  });

  it("toasts the server's refusal", async () => {
    const net = server(1, () => failure(403, 'FORBIDDEN', 'Current account has no permission'));
    renderWithToasts(net.fetch, <PeopleView />);
    fireEvent.click(await screen.findByRole('button', { name: 'Make admin: Ada' }));
    fireEvent.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Make admin' }),
    );
    await waitFor(() => expect(toastTexts()).toContain('Current account has no permission'));
  });

  it('shows a general admin the list without the controls', async () => {
    const net = server(2);
    renderWithClient(net.fetch, <PeopleView />);
    expect(await screen.findAllByTestId('person-row')).toHaveLength(3);
    expect(await screen.findByText('Only a super admin can change roles.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /admin:/ })).toBeNull();
  });

  it('searches by keyword and pages with the cursor', async () => {
    const net = server(2);
    renderWithClient(net.fetch, <PeopleView />);
    await screen.findAllByTestId('person-row');
    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(screen.getAllByTestId('person-row')).toHaveLength(1));
    expect(screen.getByText('Page 2 · 4 in all')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Search by email or name'), { target: { value: ' ada ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(screen.getAllByTestId('person-row')).toHaveLength(3));
    const last = net.requests.filter((r) => r.url.pathname === '/api/cmt/manager/users').at(-1)!;
    expect(Object.fromEntries(last.url.searchParams)).toEqual({ keyword: 'ada' });
  });

  describe('disable and enable', () => {
    /** A server where the caller has `role` (user 1 the super admin, else user 3) and Ada is `adaStatus`. */
    const statusServer = (
      role: 1 | 2,
      adaStatus: 0 | 1,
      onStatus = (b: { user_id: number; staff_status: number }) =>
        ok({ ...person(b.user_id, 'Ada', 0), staff_status: b.staff_status }),
    ) =>
      fakeFetch((req) => {
        if (req.url.pathname === '/api/cmt/manager/verify')
          return ok({ role, user_id: role === 1 ? 1 : 3, is_administrator: true });
        if (req.method === 'PUT') return onStatus(req.json as { user_id: number; staff_status: number });
        return ok({
          user_list: [
            person(1, 'Root', 1),
            {
              ...person(2, 'Ada', 0),
              staff_status: adaStatus,
              disabled_by: adaStatus === 0 ? ('directory' as const) : null,
            },
            person(3, 'Bob', 2),
          ],
          total: 3,
          next_cursor: null,
        });
      });

    it('shows each status and lets a super admin disable a user after a confirmation, with a toast', async () => {
      const net = statusServer(1, 1);
      renderWithToasts(net.fetch, <PeopleView />);
      const rows = await screen.findAllByTestId('person-row');
      for (const row of rows) expect(within(row).getByText('Active')).toBeTruthy();
      expect(within(rows[0]!).queryByRole('button', { name: /admin|Disable|Enable/ })).toBeNull();
      // The super admin may act on a general admin too.
      expect(await within(rows[2]!).findByRole('button', { name: 'Disable: Bob' })).toBeTruthy();
      const disable = within(rows[1]!).getByRole('button', { name: 'Disable: Ada' });
      // A real button: reachable and pressed from the keyboard.
      expect(disable.tagName).toBe('BUTTON');
      disable.focus();
      expect(document.activeElement).toBe(disable);
      fireEvent.click(disable);
      const dialog = await screen.findByRole('alertdialog', { name: 'Disable Ada?' });
      expect(
        within(dialog).getByText(/cannot sign in again, not even through the company directory/),
      ).toBeTruthy();
      expect(sent(net, 'PUT')).toHaveLength(0);
      fireEvent.click(within(dialog).getByRole('button', { name: 'Disable' }));
      await waitFor(() => expect(toastTexts()).toContain('Ada is disabled'));
      const put = sent(net, 'PUT')[0]!;
      expect(put.url.pathname).toBe('/api/cmt/manager/users/status');
      expect(put.json).toEqual({ user_id: 2, staff_status: 0 });
      await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    });

    it('Escape and Cancel close the confirmation without sending anything', async () => {
      const net = statusServer(1, 1);
      renderWithToasts(net.fetch, <PeopleView />);
      const disable = await screen.findByRole('button', { name: 'Disable: Ada' });
      fireEvent.click(disable);
      fireEvent.keyDown(await screen.findByRole('alertdialog'), { key: 'Escape' });
      await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
      fireEvent.click(disable);
      fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Cancel' }));
      await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
      expect(sent(net, 'PUT')).toHaveLength(0);
    });

    it('enables a disabled user at once, with a toast', async () => {
      const net = statusServer(1, 0);
      renderWithToasts(net.fetch, <PeopleView />);
      const rows = await screen.findAllByTestId('person-row');
      expect(within(rows[1]!).getByText('Disabled').getAttribute('title')).toBe(
        'Disabled by the company directory: it reported the person inactive',
      );
      fireEvent.click(await within(rows[1]!).findByRole('button', { name: 'Enable: Ada' }));
      await waitFor(() => expect(toastTexts()).toContain('Ada is enabled again'));
      expect(sent(net, 'PUT')[0]!.json).toEqual({ user_id: 2, staff_status: 1 });
    });

    it('gives a general admin the action on general users only, and toasts a refusal', async () => {
      const net = statusServer(2, 1, () => failure(403, 'FORBIDDEN', 'Current account has no permission'));
      renderWithToasts(net.fetch, <PeopleView />);
      const rows = await screen.findAllByTestId('person-row');
      const disable = await within(rows[1]!).findByRole('button', { name: 'Disable: Ada' });
      // Not on the super admin, not on oneself (Bob, a general admin).
      expect(within(rows[0]!).queryByRole('button', { name: /admin|Disable|Enable/ })).toBeNull();
      expect(within(rows[2]!).queryByRole('button', { name: /admin|Disable|Enable/ })).toBeNull();
      fireEvent.click(disable);
      fireEvent.click(
        within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Disable' }),
      );
      await waitFor(() => expect(toastTexts()).toContain('Current account has no permission'));
    });
  });
});

describe('back-office navigation', () => {
  it('links every back-office page and marks the current one', () => {
    renderWithClient(
      fakeFetch().fetch,
      <BackstageHeader title="Banners" />,
      '/backstage-index/banner-config',
    );
    const nav = screen.getByRole('navigation');
    const links = within(nav)
      .getAllByRole('link')
      .map((a) => a.getAttribute('href'));
    for (const path of [
      'audit-list',
      'resource-state-list',
      'banner-config',
      'recommendation',
      'people',
      'space-setting',
      'iconfont',
      'pexels',
      'user-info',
    ])
      expect(links).toContain(`/backstage-index/${path}`);
    expect(within(nav).getByRole('link', { name: 'Banners' }).getAttribute('aria-current')).toBe('page');
    expect(within(nav).getByRole('link', { name: 'People' }).getAttribute('aria-current')).toBeNull();
  });
});
