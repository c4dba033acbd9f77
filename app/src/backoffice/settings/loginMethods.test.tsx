/**
 * The sign-in methods page over the real API client with only fetch faked: the cards built from
 * the server's answer (status, access, logout, variables labelled by their summary with the
 * server environment's value, secrets masked, XML in a text area), the body a save sends (a masked
 * secret back unchanged, an emptied field as empty), the server's refusal beside the variable it
 * names, the confirmation before the saved settings are deleted, a general admin's read-only view,
 * and the zh-CN texts.
 */
import type { LoginMethodSetting, LoginMethodVariable } from '@plugin-center/api';
import { fakeFetch, ok } from '@plugin-center/test-fakes/fetch';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setLanguage } from '../../i18n/i18n';
import { inEnglish, renderWithClient } from '../../testing/render';
import { dismissToastsAfterEach, failure, renderWithToasts, sent, toastTexts } from '../../testing/toasts';
import { BackstageHeader } from '../BackstageHeader';
import { isMultiLine } from './LoginMethodFields';
import { LoginMethodsView } from './LoginMethodsPage';

inEnglish();
dismissToastsAfterEach();

const MASK = '\u2022'.repeat(8);
const PATH = '/api/cmt/manager/login-methods';

const variable = (name: string, summary: string, more: Partial<LoginMethodVariable> = {}) => ({
  name,
  summary,
  secret: false,
  value: '',
  environment: '',
  ...more,
});

const ldap: LoginMethodSetting = {
  method: 'ldap',
  source: 'back_office',
  configured: true,
  enable: true,
  logout_mode: 'default',
  logout_url: null,
  variables: [
    variable('LDAP_URL', 'The directory server’s URL (ldap:// or ldaps://)', {
      value: 'ldaps://dc.example.com',
      environment: 'ldap://old.example.com',
    }),
    variable('LDAP_BIND_DN', 'The account the server searches the directory as', {
      value: 'cn=svc,dc=example,dc=com',
    }),
    variable('LDAP_BIND_PASSWORD', 'That account’s password', { secret: true, value: `${MASK}wxyz` }),
    variable('LDAP_SEARCH_BASE', 'Where people are searched', { value: 'ou=people,dc=example,dc=com' }),
    variable('LDAP_SEARCH_FILTER', 'How a person is found by their user name', {
      value: '(uid={username})',
    }),
  ],
  secret_status: 'set',
  update_time: 1_700_000_000_000,
};

const oidc: LoginMethodSetting = {
  method: 'oidc',
  source: 'environment',
  configured: true,
  enable: true,
  logout_mode: 'redirect',
  logout_url: 'https://idp.example.com/logout',
  variables: [
    variable('OIDC_ISSUER', 'The OpenID provider’s issuer URL', { environment: 'https://idp.example.com' }),
    variable('OIDC_CLIENT_ID', 'The client id registered at the provider', { environment: 'plugin-center' }),
    variable('OIDC_CLIENT_SECRET', 'The client secret', { secret: true, environment: `${MASK}9876` }),
  ],
  secret_status: 'unset',
  update_time: null,
};

const saml: LoginMethodSetting = {
  method: 'saml',
  source: 'none',
  configured: false,
  enable: true,
  logout_mode: 'default',
  logout_url: null,
  variables: [
    variable('SAML_IDP_METADATA', 'The identity provider’s metadata'),
    variable('SAML_SP_ENTITY_ID', 'This service’s entity id'),
  ],
  secret_status: 'unset',
  update_time: null,
};

const customSso: LoginMethodSetting = {
  method: 'custom_sso',
  source: 'back_office',
  configured: false,
  enable: false,
  logout_mode: 'default',
  logout_url: null,
  variables: [
    variable('CUSTOM_SSO_LOGIN_URL', 'Your sign-in page', { value: 'https://sso.example.com/login' }),
    variable('CUSTOM_SSO_SECRET', 'The secret that signs its tickets', { secret: true }),
  ],
  secret_status: 'unset',
  update_time: 1_700_000_000_000,
};

const METHODS = [ldap, oidc, saml, customSso];

/** A server where the caller has `role`; `onSave` answers the PUT (by default: the method as saved). */
const server = (role: 1 | 2, onSave?: (body: Record<string, unknown>) => Response, methods = METHODS) =>
  fakeFetch((req) => {
    if (req.url.pathname === '/api/cmt/manager/verify')
      return ok({ role, user_id: 1, is_administrator: true });
    if (req.method === 'PUT') {
      const body = req.json as Record<string, unknown>;
      if (onSave) return onSave(body);
      return ok({ ...methods.find((m) => m.method === body.method), update_time: 1_700_000_100_000 });
    }
    return ok({ method_list: methods });
  });

const card = (method: string) => screen.getByTestId(`method-${method}`);

describe('sign-in methods page', () => {
  it('shows one card per method with its status, access, logout and variables', async () => {
    const net = server(1);
    renderWithToasts(net.fetch, <LoginMethodsView />, '/backstage-index/login-methods');
    expect(await screen.findByRole('heading', { level: 2, name: 'LDAP / Active Directory' })).toBeTruthy();
    expect(net.requests.some((r) => r.url.pathname === PATH)).toBe(true);
    const names = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(names).toEqual([
      'LDAP / Active Directory',
      'OpenID Connect (OIDC)',
      'SAML 2.0',
      'Custom single sign-on',
    ]);
    expect(
      within(card('ldap')).getByText('Employees sign in with their directory user name and password.'),
    ).toBeTruthy();
    const status = (m: string) => card(m).querySelector('.bo-badge')?.textContent;
    expect(status('ldap')).toBe('In use — from the back office');
    expect(status('oidc')).toBe('In use — from the server’s environment');
    expect(status('saml')).toBe('Not configured');
    expect(status('custom_sso')).toBe('Settings incomplete');

    const ldapCard = within(card('ldap'));
    const url = ldapCard.getByLabelText(
      'The directory server’s URL (ldap:// or ldaps://)',
    ) as HTMLInputElement;
    expect(url.value).toBe('ldaps://dc.example.com');
    // the variable's name and what the server's environment says, under the field
    const hint = document.getElementById(url.getAttribute('aria-describedby')!)!;
    expect(hint.querySelector('code')?.textContent).toBe('LDAP_URL');
    expect(hint.textContent).toContain('Server environment: ldap://old.example.com');
    const password = ldapCard.getByLabelText('That account’s password') as HTMLInputElement;
    expect(password.type).toBe('password');
    expect(password.value).toBe(`${MASK}wxyz`);
    expect(ldapCard.getByRole('switch', { name: 'Offer this method on the login page' })).toHaveProperty(
      'checked',
      true,
    );
    expect((ldapCard.getByLabelText('Sign out here only') as HTMLInputElement).checked).toBe(true);
    expect(ldapCard.queryByLabelText('Provider’s sign-out address')).toBeNull();
    expect(ldapCard.getByRole('button', { name: 'Use the server’s environment' })).toBeTruthy();

    // From the environment: empty fields with the environment's values as placeholders.
    const oidcCard = within(card('oidc'));
    const issuer = oidcCard.getByLabelText('The OpenID provider’s issuer URL') as HTMLInputElement;
    expect(issuer.value).toBe('');
    expect(issuer.placeholder).toBe('https://idp.example.com');
    expect((oidcCard.getByLabelText('Provider’s sign-out address') as HTMLInputElement).value).toBe(
      'https://idp.example.com/logout',
    );
    expect(oidcCard.getByTestId('replace-note')).toBeTruthy();
    expect(oidcCard.queryByRole('button', { name: 'Use the server’s environment' })).toBeNull();

    // XML metadata in a text area.
    const metadata = within(card('saml')).getByLabelText('The identity provider’s metadata');
    expect(metadata.tagName).toBe('TEXTAREA');
    expect(
      within(card('custom_sso')).getByRole('switch', { name: 'Offer this method on the login page' }),
    ).toHaveProperty('checked', false);
  });

  it('saves the method: the masked secret back unchanged, an emptied field as empty', async () => {
    const net = server(1);
    renderWithToasts(net.fetch, <LoginMethodsView />);
    await screen.findByTestId('method-ldap');
    const ldapCard = within(card('ldap'));
    await waitFor(() => expect(ldapCard.getByRole('button', { name: 'Save' })).toBeTruthy());
    fireEvent.change(ldapCard.getByLabelText('The directory server’s URL (ldap:// or ldaps://)'), {
      target: { value: ' ldaps://dc2.example.com ' },
    });
    fireEvent.change(ldapCard.getByLabelText('Where people are searched'), { target: { value: '' } });
    fireEvent.click(ldapCard.getByLabelText('Also sign out at the provider'));
    fireEvent.change(ldapCard.getByLabelText('Provider’s sign-out address'), {
      target: { value: 'https://dc.example.com/logout' },
    });
    fireEvent.click(ldapCard.getByRole('switch', { name: 'Offer this method on the login page' }));
    fireEvent.click(ldapCard.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(toastTexts()).toContain('Save Successfully'));
    const put = sent(net, 'PUT')[0]!;
    expect(put.url.pathname).toBe(PATH);
    expect(put.json).toEqual({
      method: 'ldap',
      enable: false,
      logout_mode: 'redirect',
      logout_url: 'https://dc.example.com/logout',
      variables: {
        LDAP_URL: 'ldaps://dc2.example.com',
        LDAP_BIND_DN: 'cn=svc,dc=example,dc=com',
        LDAP_BIND_PASSWORD: `${MASK}wxyz`,
        LDAP_SEARCH_BASE: '',
        LDAP_SEARCH_FILTER: '(uid={username})',
      },
    });
    // the answer is shown: the fields are what the server saved
    await waitFor(() =>
      expect((ldapCard.getByLabelText('Where people are searched') as HTMLInputElement).value).toBe(
        'ou=people,dc=example,dc=com',
      ),
    );
  });

  it('fills a method from the environment with its values, then saves it', async () => {
    const net = server(1);
    renderWithToasts(net.fetch, <LoginMethodsView />);
    await screen.findByTestId('method-oidc');
    const oidcCard = within(card('oidc'));
    fireEvent.click(await oidcCard.findByRole('button', { name: 'Fill in from the server’s environment' }));
    expect((oidcCard.getByLabelText('The OpenID provider’s issuer URL') as HTMLInputElement).value).toBe(
      'https://idp.example.com',
    );
    fireEvent.change(oidcCard.getByLabelText('The client secret'), { target: { value: 'new-secret-1234' } });
    fireEvent.click(oidcCard.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent(net, 'PUT')).toHaveLength(1));
    expect(sent(net, 'PUT')[0]!.json).toEqual({
      method: 'oidc',
      enable: true,
      logout_mode: 'redirect',
      logout_url: 'https://idp.example.com/logout',
      variables: {
        OIDC_ISSUER: 'https://idp.example.com',
        OIDC_CLIENT_ID: 'plugin-center',
        OIDC_CLIENT_SECRET: 'new-secret-1234',
      },
    });
  });

  it('asks before a save drops values of the environment, naming them', async () => {
    const net = server(1);
    renderWithToasts(net.fetch, <LoginMethodsView />);
    await screen.findByTestId('method-oidc');
    const oidcCard = within(card('oidc'));
    fireEvent.click(oidcCard.getByRole('switch', { name: 'Offer this method on the login page' }));
    const save = await oidcCard.findByRole('button', { name: 'Save' });
    fireEvent.click(save);
    const dialog = await screen.findByRole('alertdialog', {
      name: 'Replace the server’s environment for OpenID Connect (OIDC)?',
    });
    expect(dialog.textContent).toContain('no longer apply: OIDC_ISSUER, OIDC_CLIENT_ID, OIDC_CLIENT_SECRET.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(sent(net, 'PUT')).toHaveLength(0);
    await waitFor(() => expect(document.activeElement).toBe(save));
    fireEvent.click(save);
    fireEvent.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Save anyway' }),
    );
    await waitFor(() => expect(toastTexts()).toContain('Save Successfully'));
    expect(sent(net, 'PUT')[0]!.json).toMatchObject({
      method: 'oidc',
      enable: false,
      variables: { OIDC_ISSUER: '', OIDC_CLIENT_ID: '', OIDC_CLIENT_SECRET: '' },
    });
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
  });

  it("toasts 'Save failure' and shows the server's message beside the variable it names", async () => {
    const net = server(1, () =>
      failure(400, 'INVALID_PARAMETER', 'body.LDAP_URL: must be an ldap:// or ldaps:// URL', 'LDAP_URL'),
    );
    renderWithToasts(net.fetch, <LoginMethodsView />);
    await screen.findByTestId('method-ldap');
    const ldapCard = within(card('ldap'));
    fireEvent.click(await ldapCard.findByRole('button', { name: 'Save' }));
    await waitFor(() => expect(toastTexts()).toContain('Save failure'));
    const error = await ldapCard.findByText('body.LDAP_URL: must be an ldap:// or ldaps:// URL');
    const url = ldapCard.getByLabelText('The directory server’s URL (ldap:// or ldaps://)');
    expect(url.getAttribute('aria-invalid')).toBe('true');
    expect(url.getAttribute('aria-describedby')?.split(' ')).toContain(error.id);
    // the variable's name stays under the field beside the error
    expect(error.parentElement?.querySelector('code')?.textContent).toBe('LDAP_URL');
  });

  it("asks before going back to the server's environment, and Cancel sends nothing", async () => {
    const net = server(1, () =>
      ok({
        ...ldap,
        source: 'environment',
        update_time: null,
        variables: ldap.variables.map((v) => ({ ...v, value: '' })),
      }),
    );
    renderWithToasts(net.fetch, <LoginMethodsView />);
    await screen.findByTestId('method-ldap');
    const ldapCard = within(card('ldap'));
    const button = await ldapCard.findByRole('button', { name: 'Use the server’s environment' });
    fireEvent.click(button);
    const dialog = await screen.findByRole('alertdialog', {
      name: 'Use the server’s environment for LDAP / Active Directory?',
    });
    expect(dialog.textContent).toContain('This cannot be undone.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(sent(net, 'PUT')).toHaveLength(0);
    // focus is back on the button that opened the confirmation
    await waitFor(() => expect(document.activeElement).toBe(button));
    fireEvent.click(button);
    fireEvent.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', {
        name: 'Delete the saved settings',
      }),
    );
    await waitFor(() => expect(toastTexts()).toContain('Save Successfully'));
    expect(sent(net, 'PUT')[0]!.json).toEqual({
      method: 'ldap',
      use_environment: true,
      enable: true,
      logout_mode: 'default',
      logout_url: null,
      variables: {},
    });
    await waitFor(() =>
      expect(card('ldap').querySelector('.bo-badge')?.textContent).toBe(
        'In use — from the server’s environment',
      ),
    );
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(ldapCard.queryByRole('button', { name: 'Use the server’s environment' })).toBeNull();
  });

  it('shows a general admin the settings read-only', async () => {
    const net = server(2);
    renderWithClient(net.fetch, <LoginMethodsView />);
    expect((await screen.findByTestId('login-methods-read-only')).textContent).toBe(
      'Only super administrators can change sign-in methods.',
    );
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Use the server’s environment' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Fill in from the server’s environment' })).toBeNull();
    const url = within(card('ldap')).getByLabelText(
      'The directory server’s URL (ldap:// or ldaps://)',
    ) as HTMLInputElement;
    expect(url.value).toBe('ldaps://dc.example.com');
    expect(url.closest('fieldset')?.disabled).toBe(true);
    expect(sent(net, 'PUT')).toHaveLength(0);
  });

  it('offers no Save for a method the environment configures when the server names no variable', async () => {
    const net = server(1, undefined, [
      { ...oidc, variables: [] },
      { ...customSso, variables: [] },
    ]);
    renderWithClient(net.fetch, <LoginMethodsView />);
    await screen.findByTestId('method-oidc');
    await waitFor(() =>
      expect(within(card('custom_sso')).getByRole('button', { name: 'Save' })).toBeTruthy(),
    );
    expect(within(card('oidc')).getByText('This server names no settings for this method.')).toBeTruthy();
    expect(within(card('oidc')).queryByRole('button', { name: 'Save' })).toBeNull();
    expect(within(card('oidc')).getByRole('switch').closest('fieldset')?.disabled).toBe(true);
  });

  it('offers Retry when loading fails, and says when there is no method', async () => {
    let fail = true;
    const net = fakeFetch((req) => {
      if (req.url.pathname === '/api/cmt/manager/verify')
        return ok({ role: 1, user_id: 1, is_administrator: true });
      return fail ? failure(500, 'INTERNAL_ERROR', 'boom') : ok({ method_list: [] });
    });
    renderWithClient(net.fetch, <LoginMethodsView />);
    const retry = await screen.findByRole('button', { name: /retry/i });
    fail = false;
    fireEvent.click(retry);
    expect(await screen.findByText('No sign-in methods to configure')).toBeTruthy();
  });

  it('edits XML metadata, certificates and keys in a text area', () => {
    const v = (name: string, summary = '', value = '') => variable(name, summary, { value });
    expect(isMultiLine(v('SAML_IDP_METADATA'))).toBe(true);
    expect(isMultiLine(v('SAML_IDP_CERT'))).toBe(true);
    expect(isMultiLine(v('SAML_SP_PRIVATE_KEY'))).toBe(true);
    expect(isMultiLine(v('SAML_IDP_DATA', 'The IdP’s XML document'))).toBe(true);
    expect(isMultiLine(v('CUSTOM_SSO_KEYS', '', 'line 1\nline 2'))).toBe(true);
    expect(isMultiLine(v('LDAP_URL', 'The directory server’s URL'))).toBe(false);
    expect(isMultiLine(v('OIDC_CLIENT_SECRET', 'The client secret'))).toBe(false);
  });

  it('is linked from the back-office navigation', () => {
    renderWithClient(
      fakeFetch().fetch,
      <BackstageHeader title="Sign-in methods" />,
      '/backstage-index/login-methods',
    );
    const link = within(screen.getByRole('navigation')).getByRole('link', { name: 'Sign-in methods' });
    expect(link.getAttribute('href')).toBe('/backstage-index/login-methods');
    expect(link.getAttribute('aria-current')).toBe('page');
  });

  it('reads in zh-CN', async () => {
    await act(() => setLanguage('zh-CN', { persist: false }));
    try {
      renderWithClient(server(2).fetch, <LoginMethodsView />);
      expect(await screen.findByRole('heading', { level: 1, name: '登录方式' })).toBeTruthy();
      await screen.findByTestId('method-ldap');
      expect(card('ldap').querySelector('.bo-badge')?.textContent).toBe('使用中 — 来自后台设置');
      expect(within(card('custom_sso')).getByRole('heading', { level: 2 }).textContent).toBe(
        '自定义单点登录',
      );
      expect(within(card('ldap')).getByText('员工使用目录中的用户名和密码登录。')).toBeTruthy();
      expect(within(card('ldap')).getByLabelText('仅退出本站')).toBeTruthy();
      expect((await screen.findByTestId('login-methods-read-only')).textContent).toBe(
        '只有超级管理员可以修改登录方式。',
      );
      cleanup();
    } finally {
      await act(() => setLanguage('en-US', { persist: false }));
    }
  });
});
