import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../i18n/i18n';
import {
  ADMIN,
  DOMESTIC,
  Go,
  OVERSEAS,
  PRIVATE_HWDC,
  renderWith,
  setUpHeaderTests,
  USER,
} from '../testing/header';
import { ScrollToTop } from './ScrollToTop';
import { SessionArea, SiteHeader } from './SiteHeader';

setUpHeaderTests();

describe('session area per variant (SPEC §2, §3, §9)', () => {
  it('a visitor gets log in and sign up; a private hwdc deployment shows none of them', () => {
    renderWith(<SessionArea config={DOMESTIC} />);
    expect(screen.getByRole('button', { name: 'Log in' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Sign up' })).toBeTruthy();
    cleanup();
    renderWith(<SessionArea config={PRIVATE_HWDC} />);
    expect(screen.queryByRole('button', { name: 'Log in' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Sign up' })).toBeNull();
  });

  it('a deployment without e-mail sign-in (showSignUp false) offers log in only', () => {
    renderWith(<SessionArea config={{ ...DOMESTIC, variant: 'private', showSignUp: false }} />);
    expect(screen.getByRole('button', { name: 'Log in' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Sign up' })).toBeNull();
  });

  it('the workbench link goes to the configured URL, and is hidden without one or without login', () => {
    renderWith(
      <SessionArea config={{ ...DOMESTIC, workbenchUrl: 'https://design.example.com/app' }} />,
      USER,
    );
    expect(screen.getByRole('link', { name: 'Workbench' }).getAttribute('href')).toBe(
      'https://design.example.com/app',
    );
    cleanup();
    renderWith(<SessionArea config={DOMESTIC} />, USER);
    expect(screen.queryByRole('link', { name: 'Workbench' })).toBeNull();
    cleanup();
    renderWith(<SessionArea config={{ ...PRIVATE_HWDC, workbenchUrl: '/app' }} />, USER);
    expect(screen.queryByRole('link', { name: 'Workbench' })).toBeNull();
  });

  it('links a signed-in user to publish, their plugins and their analytics; not a visitor', () => {
    renderWith(<SessionArea config={DOMESTIC} />, USER);
    expect(screen.getByRole('link', { name: 'Publish' }).getAttribute('href')).toBe('/publish-plugin/new');
    expect(screen.getByRole('link', { name: 'My plugins' }).getAttribute('href')).toBe('/my-plugins');
    expect(screen.getByRole('link', { name: 'My plugins’ data' }).getAttribute('href')).toBe('/my-analytics');
    expect(screen.queryByRole('link', { name: /Management/ })).toBeNull();
    cleanup();
    renderWith(<SessionArea config={DOMESTIC} />);
    expect(screen.queryByRole('link', { name: 'Publish' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'My plugins’ data' })).toBeNull();
  });

  it('administrators get the management entry: the audit list in a new window', () => {
    renderWith(<SessionArea config={DOMESTIC} />, ADMIN);
    const management = screen.getByRole('link', { name: 'Management (opens in a new window)' });
    expect(management.getAttribute('href')).toBe('/plugins/backstage-index/audit-list');
    expect(management.getAttribute('target')).toBe('_blank');
    expect(management.getAttribute('rel')).toBe('noopener');
  });

  it('the generated initials avatar is 30 px, 32 px in the desktop client', () => {
    renderWith(<SessionArea config={DOMESTIC} />, USER);
    const avatar = screen.getByTestId('avatar-placeholder');
    expect(avatar.textContent).toBe('A');
    expect(avatar.style.width).toBe('30px');
    cleanup();
    renderWith(<SessionArea config={{ ...DOMESTIC, variant: 'desktop' }} />, USER);
    expect(screen.getByTestId('avatar-placeholder').style.width).toBe('32px');
  });
});

describe('language picker (SPEC §1)', () => {
  it('offers exactly the site locales, each in its own name', () => {
    renderWith(<SiteHeader config={OVERSEAS} />);
    const picker = screen.getByRole('combobox', { name: 'Language' });
    expect(
      within(picker)
        .getAllByRole('option')
        .map((o) => [o.getAttribute('value'), o.textContent]),
    ).toEqual([
      ['en-US', 'English'],
      ['ja-JP', '日本語'],
      ['ko-KR', '한국어'],
      ['ru-RU', 'Русский'],
      ['es-ES', 'Español'],
    ]);
    cleanup();
    renderWith(<SiteHeader config={DOMESTIC} />);
    expect(
      within(screen.getByRole('combobox', { name: 'Language' }))
        .getAllByRole('option')
        .map((o) => o.getAttribute('value')),
    ).toEqual(['zh-CN', 'en-US']);
  });

  it('shows the current language even when the site does not offer it, and offers only the site locales', async () => {
    await act(() => setLanguage('zh-CN', { persist: false }));
    try {
      renderWith(<SiteHeader config={OVERSEAS} />);
      const picker = screen.getByRole('combobox', { name: '语言' }) as HTMLSelectElement;
      expect(picker.value).toBe('zh-CN');
      expect(
        within(picker)
          .getAllByRole('option')
          .map((o) => o.getAttribute('value')),
      ).toEqual(OVERSEAS.locales);
    } finally {
      await act(() => setLanguage('en-US', { persist: false }));
    }
  });

  it('is not shown with a single locale; switching changes the menus language', async () => {
    renderWith(<SiteHeader config={PRIVATE_HWDC} />);
    expect(screen.queryByRole('combobox', { name: 'Language' })).toBeNull();
    cleanup();
    renderWith(<SiteHeader config={OVERSEAS} />);
    await act(async () => {
      fireEvent.change(screen.getByRole('combobox', { name: 'Language' }), { target: { value: 'ja-JP' } });
      await vi.waitFor(() => expect(document.documentElement.lang).toBe('ja-JP'));
    });
    expect(await screen.findByRole('link', { name: '料金' })).toBeTruthy();
    expect(screen.getByRole('link', { name: '料金' }).getAttribute('href')).toBe(
      'https://design.example.com/price/jp/',
    );
    await act(() => setLanguage('en-US', { persist: false }));
  });
});

describe('scroll to top on navigation (SPEC §2)', () => {
  it('scrolls to the top on a new path or query, not when only the hash changes', () => {
    const scrollSpy = vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    try {
      renderWith(
        <>
          <ScrollToTop />
          <Go to="/protocol#terms" />
          <Go to="/protocol#privacy" />
          <Go to="/protocol?x=1#privacy" />
          <Go to="/my-plugins" />
        </>,
      );
      fireEvent.click(screen.getByRole('button', { name: '/protocol#terms' }));
      expect(scrollSpy).toHaveBeenCalledTimes(1);
      expect(scrollSpy).toHaveBeenLastCalledWith(0, 0);
      fireEvent.click(screen.getByRole('button', { name: '/protocol#privacy' }));
      expect(scrollSpy).toHaveBeenCalledTimes(1);
      fireEvent.click(screen.getByRole('button', { name: '/protocol?x=1#privacy' }));
      expect(scrollSpy).toHaveBeenCalledTimes(2);
      fireEvent.click(screen.getByRole('button', { name: '/my-plugins' }));
      expect(scrollSpy).toHaveBeenCalledTimes(3);
    } finally {
      scrollSpy.mockRestore();
    }
  });
});
