/**
 * Publisher pages, the publisher profile settings and the detail's publisher link over the real API
 * client with only fetch faked: the header (name, handle, verified badge, website), the totals and
 * the square's cards; the empty state; the 404 page of an unknown handle; choosing the handle once
 * (the contract's rule checked before sending, HANDLE_TAKEN shown beside the field), the domain
 * proof's record and a failed check.
 */
import { createApiClient, type PublisherPage as PageData, type PluginDetail } from '@plugin-center/api';
import { ApiClientProvider, SsoClientProvider } from '@plugin-center/react';
import { fakeFetch, json, ok, summary } from '@plugin-center/test-fakes/fetch';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ROUTER_FUTURE } from '../../routes';
import type { ssoClient } from '../../session';
import { inEnglish } from '../../testing/render';
import { DetailHeader } from '../detail/DetailHeader';
import { PublisherPage } from './PublisherPage';
import { PublisherSettings } from './PublisherSettings';

inEnglish();
afterEach(() => cleanup());

const sso = {
  subscribe: () => () => {},
  getSnapshot: () => ({ status: 'signed-in', accessToken: 'token', user: { user_id: 7 }, isAdmin: false }),
  signIn: vi.fn(),
  signOut: vi.fn(),
} as unknown as typeof ssoClient;

function renderAt(fetch: typeof globalThis.fetch, path: string, ui: ReactNode) {
  const client = createApiClient({ fetch, logger: { error: vi.fn() } });
  return render(
    <MemoryRouter future={ROUTER_FUTURE} initialEntries={[path]}>
      <SsoClientProvider client={sso}>
        <ApiClientProvider client={client}>
          <Routes>
            <Route path="/publisher/:handle" element={ui} />
            <Route path="*" element={ui} />
          </Routes>
        </ApiClientProvider>
      </SsoClientProvider>
    </MemoryRouter>,
  );
}

const pageData = (patch: Partial<PageData> = {}): PageData => ({
  profile: {
    handle: 'acme',
    name: 'Acme Design',
    avatar_url: null,
    website: 'https://acme.example/',
    verified: true,
    verified_by: 'domain',
    verified_domain: 'acme.example',
  },
  totals: { plugin_count: 2, download_count: 1234, praise_count: 56, rating_count: 3, rating_average: 4.3 },
  plugin_list: [
    { ...summary('grid'), name: 'Grid', publisher_handle: 'acme', publisher_verified: true },
    { ...summary('icons'), name: 'Icons', publisher_handle: 'acme', publisher_verified: true },
  ],
  truncated: false,
  ...patch,
});

describe('the publisher page', () => {
  it('shows the profile, the verified badge, the website, the totals and the plugin cards', async () => {
    const net = fakeFetch(() => ok(pageData()));
    renderAt(net.fetch, '/publisher/Acme', <PublisherPage />);
    expect(await screen.findByRole('heading', { level: 1, name: /Acme Design/ })).toBeTruthy();
    expect(net.requests[0]!.url.pathname).toBe('/api/cmt/plugin/publisher');
    expect(net.requests[0]!.url.searchParams.get('handle')).toBe('Acme');
    expect(screen.getByText('@acme')).toBeTruthy();
    const badge = screen.getByTitle('Verified owner of acme.example');
    expect(badge.textContent).toContain('Verified publisher');
    const site = screen.getByRole('link', { name: 'acme.example' });
    expect(site.getAttribute('href')).toBe('https://acme.example/');
    expect(site.getAttribute('rel')).toContain('noopener');
    const totals = screen.getByLabelText('Figures');
    expect(within(totals).getByText('Installs').nextSibling?.textContent).toBe('1.2K');
    expect(within(totals).getByText('★ 4.3')).toBeTruthy();
    const cards = within(screen.getByRole('list', { name: 'Plugins by Acme Design' })).getAllByRole('link');
    expect(cards.map((c) => c.getAttribute('data-plugin-key'))).toEqual(['grid', 'icons']);
  });

  it('shows an empty state without plugins and no rating figure without ratings', async () => {
    const net = fakeFetch(() =>
      ok(
        pageData({
          plugin_list: [],
          totals: {
            plugin_count: 0,
            download_count: 0,
            praise_count: 0,
            rating_count: 0,
            rating_average: null,
          },
          profile: {
            ...pageData().profile,
            verified: false,
            verified_by: null,
            verified_domain: null,
            website: null,
          },
        }),
      ),
    );
    renderAt(net.fetch, '/publisher/acme', <PublisherPage />);
    expect(await screen.findByText('This publisher has no published plugins yet.')).toBeTruthy();
    expect(screen.getByText('No ratings yet')).toBeTruthy();
    expect(screen.queryByText('Verified publisher')).toBeNull();
  });

  it('answers an unknown handle with a 404 page', async () => {
    const net = fakeFetch(() =>
      json({ code: 40430, error: 'PUBLISHER_NOT_FOUND', message: 'no publisher', data: null }, 404),
    );
    renderAt(net.fetch, '/publisher/nobody', <PublisherPage />);
    expect(await screen.findByRole('heading', { name: 'Publisher not found' })).toBeTruthy();
    expect(screen.getByText('No publisher has the handle @nobody.')).toBeTruthy();
  });
});

describe('the detail’s publisher link', () => {
  it('links to the publisher page with the badge when verified, and is absent without a handle', () => {
    const plugin = { ...summary('grid'), name: 'Grid', publisher_handle: 'acme', publisher_verified: true };
    const net = fakeFetch();
    const view = renderAt(
      net.fetch,
      '/',
      <DetailHeader plugin={plugin as unknown as PluginDetail} preview />,
    );
    const link = screen.getByRole('link', { name: /@acme/ });
    expect(link.getAttribute('href')).toBe('/publisher/acme');
    expect(within(link).getByText('Verified publisher')).toBeTruthy();
    view.unmount();
    renderAt(
      net.fetch,
      '/',
      <DetailHeader plugin={{ ...plugin, publisher_handle: null } as unknown as PluginDetail} preview />,
    );
    expect(screen.queryByRole('link', { name: /@/ })).toBeNull();
  });
});

describe('the publisher profile settings', () => {
  const me = (patch: Record<string, unknown> = {}) => ({
    handle: null,
    name: 'Ada',
    avatar_url: null,
    website: null,
    verified: false,
    verified_by: null,
    verified_domain: null,
    pending_domain: null,
    ...patch,
  });

  it('checks the handle before sending, shows HANDLE_TAKEN beside the field, then saves', async () => {
    let taken = true;
    const net = fakeFetch((req) => {
      if (req.method === 'PUT') {
        if (taken) {
          taken = false;
          return json(
            { code: 40930, error: 'HANDLE_TAKEN', message: 'taken', data: null, field: 'handle' },
            409,
          );
        }
        return ok(me({ handle: 'ada-design' }));
      }
      return ok(me());
    });
    renderAt(net.fetch, '/', <PublisherSettings />);
    const input = await screen.findByLabelText('Handle');
    fireEvent.change(input, { target: { value: 'admin' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save profile' }));
    expect(await screen.findByText('Handle: is reserved')).toBeTruthy();
    expect(net.requests.filter((r) => r.method === 'PUT')).toHaveLength(0);

    fireEvent.change(input, { target: { value: 'ada-design' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save profile' }));
    expect(await screen.findByText('That handle is taken. Choose another one.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Save profile' }));
    await waitFor(() => expect(net.requests.filter((r) => r.method === 'PUT')).toHaveLength(2));
    expect(net.requests.find((r) => r.method === 'PUT')!.json).toEqual({
      handle: 'ada-design',
      website: null,
    });
  });

  it('shows the held handle with a link, the pending TXT record and a failed check', async () => {
    const pending = {
      domain: 'ada.example',
      record_name: '_plugin-center-verify.ada.example',
      record_value: 'plugin-center-verify=abc123',
    };
    const net = fakeFetch((req) =>
      req.url.pathname.endsWith('/domain/check')
        ? json({ code: 40932, error: 'DOMAIN_NOT_VERIFIED', message: 'no TXT record', data: null }, 409)
        : ok(me({ handle: 'ada', pending_domain: pending })),
    );
    renderAt(net.fetch, '/', <PublisherSettings />);
    expect(await screen.findByText('@ada')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'View your publisher page' }).getAttribute('href')).toBe(
      '/publisher/ada',
    );
    expect(screen.queryByLabelText('Handle')).toBeNull();
    expect(screen.getByText(pending.record_name)).toBeTruthy();
    expect(screen.getByText(pending.record_value)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Check now' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Not verified yet: no TXT record');
  });
});
