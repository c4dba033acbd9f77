/** The site header's session area: the publishing and analytics links (issue 12) only for signed-in users. */
import { SsoClientProvider } from '@plugin-center/react';
import { act, cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../i18n/i18n';
import { ROUTER_FUTURE } from '../routes';
import { SessionArea } from './SiteHeader';

const sso = (state: object) =>
  ({
    subscribe: () => () => {},
    getSnapshot: () => state,
    signIn: vi.fn(),
    signOut: vi.fn(),
  }) as unknown as Parameters<typeof SsoClientProvider>[0]['client'];

function renderArea(state: object) {
  return render(
    <MemoryRouter future={ROUTER_FUTURE}>
      <SsoClientProvider client={sso(state)}>
        <SessionArea />
      </SsoClientProvider>
    </MemoryRouter>,
  );
}

beforeAll(async () => {
  await act(() => setLanguage('en-US', { persist: false }));
});
afterAll(async () => {
  await act(() => setLanguage('zh-CN', { persist: false }));
});
afterEach(cleanup);

describe('header publishing links', () => {
  it('links a signed-in user to Publish and My plugins', () => {
    renderArea({
      status: 'signed-in',
      accessToken: 't',
      user: { user_id: 7, nick_name: 'Ada' },
      isAdmin: false,
    });
    expect(screen.getByRole('link', { name: 'Publish' }).getAttribute('href')).toBe('/publish-plugin/new');
    expect(screen.getByRole('link', { name: 'My plugins' }).getAttribute('href')).toBe('/my-plugins');
  });

  it('links every signed-in user, not only administrators, to their analytics', () => {
    renderArea({
      status: 'signed-in',
      accessToken: 't',
      user: { user_id: 7, nick_name: 'Ada' },
      isAdmin: false,
    });
    expect(screen.getByRole('link', { name: 'My plugins’ data' }).getAttribute('href')).toBe('/my-analytics');
  });

  it('shows neither to a visitor', () => {
    renderArea({ status: 'signed-out', accessToken: null, user: null, isAdmin: false });
    expect(screen.getByRole('button', { name: 'Log in' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Publish' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'My plugins' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'My plugins’ data' })).toBeNull();
  });
});
