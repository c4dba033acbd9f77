/**
 * The desktop header (SPEC §2): back and forward enabled from the session-stored history
 * and moving through it, the plugin-home link, the session (login buttons per `showLogin`, the 32 px
 * avatar, the admin menu's management entry) and the bridge calls the app makes (title, log-out,
 * theme).
 */
import { DEFAULT_SITE_CONFIG } from '@plugin-center/contract';
import { SsoClientProvider } from '@plugin-center/react';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Link, MemoryRouter, useLocation } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../i18n/i18n';
import { ROUTER_FUTURE } from '../routes';
import { inEnglish } from '../testing/render';
import { useDocumentTitle } from '../useDocumentTitle';
import { DESKTOP_BRIDGE_GLOBAL } from './bridge';
import { DesktopHeader } from './DesktopHeader';
import { HISTORY_STORAGE_KEY } from './history';

inEnglish();

const globals = window as unknown as Record<string, unknown>;

function memoryStorage(initial: Record<string, string> = {}) {
  const map = new Map(Object.entries(initial));
  return {
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => void map.set(k, v),
  };
}

/** A fake SSO client in a fixed state; `signOutListeners` are the app's `onSignOut` subscribers. */
function ssoClient(state: object) {
  const signOutListeners = new Set<() => void>();
  const client = {
    subscribe: () => () => {},
    getSnapshot: () => state,
    signIn: vi.fn(),
    signOut: vi.fn(async () => {
      for (const l of signOutListeners) l();
    }),
    onSignOut: (l: () => void) => {
      signOutListeners.add(l);
      return () => signOutListeners.delete(l);
    },
  };
  return client as unknown as Parameters<typeof SsoClientProvider>[0]['client'] & typeof client;
}

const VISITOR = { status: 'signed-out', accessToken: null, user: null, isAdmin: false };
const ADMIN = {
  status: 'signed-in',
  accessToken: 't',
  user: { user_id: 1, nick_name: 'Ada Lovelace' },
  isAdmin: true,
};

function Where() {
  const location = useLocation();
  return <output data-testid="where">{location.pathname + location.search}</output>;
}

function Page() {
  useDocumentTitle(useLocation().pathname === '/protocol' ? 'Terms' : undefined);
  return null;
}

function renderHeader(options: {
  path?: string;
  state?: object;
  storage?: ReturnType<typeof memoryStorage>;
  showLogin?: boolean;
  showSignUp?: boolean;
}) {
  const sso = ssoClient(options.state ?? VISITOR);
  const storage = options.storage ?? memoryStorage();
  const result = render(
    <MemoryRouter future={ROUTER_FUTURE} initialEntries={[options.path ?? '/']}>
      <SsoClientProvider client={sso}>
        <DesktopHeader
          config={{
            ...DEFAULT_SITE_CONFIG,
            variant: 'desktop',
            showLogin: options.showLogin ?? true,
            ...(options.showSignUp === undefined ? {} : { showSignUp: options.showSignUp }),
          }}
          storage={storage}
        />
        <Link to="/protocol">to protocol</Link>
        <Link to="/detail/k?x=1">to detail</Link>
        <Where />
        <Page />
      </SsoClientProvider>
    </MemoryRouter>,
  );
  return { ...result, sso, storage };
}

const button = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;
const where = () => screen.getByTestId('where').textContent;

afterEach(() => {
  cleanup();
  delete globals[DESKTOP_BRIDGE_GLOBAL];
  document.documentElement.removeAttribute('data-topic-color');
});

describe('back and forward', () => {
  it('start disabled, follow navigation, and move through the list', () => {
    renderHeader({});
    expect(button('Back').disabled).toBe(true);
    expect(button('Forward').disabled).toBe(true);

    fireEvent.click(screen.getByText('to protocol'));
    fireEvent.click(screen.getByText('to detail'));
    expect(where()).toBe('/detail/k?x=1');
    expect(button('Back').disabled).toBe(false);
    expect(button('Forward').disabled).toBe(true);

    fireEvent.click(button('Back'));
    expect(where()).toBe('/protocol');
    expect(button('Back').disabled).toBe(false);
    expect(button('Forward').disabled).toBe(false);

    fireEvent.click(button('Back'));
    expect(where()).toBe('/');
    expect(button('Back').disabled).toBe(true);

    fireEvent.click(button('Forward'));
    expect(where()).toBe('/protocol');
    // A new page from the middle drops the forward entry.
    fireEvent.click(screen.getByText('to protocol'));
    expect(button('Forward').disabled).toBe(false);
    fireEvent.click(screen.getByText('to detail'));
    fireEvent.click(screen.getByText('to protocol'));
    expect(button('Forward').disabled).toBe(true);
  });

  it('continue from the stored history after a reload', () => {
    const storage = memoryStorage({
      [HISTORY_STORAGE_KEY]: JSON.stringify({ entries: ['/', '/protocol', '/detail/k?x=1'], index: 1 }),
    });
    renderHeader({ path: '/protocol', storage });
    expect(button('Back').disabled).toBe(false);
    expect(button('Forward').disabled).toBe(false);
    fireEvent.click(button('Forward'));
    expect(where()).toBe('/detail/k?x=1');
    expect(JSON.parse(storage.getItem(HISTORY_STORAGE_KEY) ?? '')).toEqual({
      entries: ['/', '/protocol', '/detail/k?x=1'],
      index: 2,
    });
  });

  it('renders nothing when hidden (back-office paths) but keeps recording the pages', () => {
    const storage = memoryStorage();
    render(
      <MemoryRouter future={ROUTER_FUTURE} initialEntries={['/backstage-index/audit-list']}>
        <SsoClientProvider client={ssoClient(ADMIN)}>
          <DesktopHeader hidden storage={storage} />
        </SsoClientProvider>
      </MemoryRouter>,
    );
    expect(screen.queryByRole('banner')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Back' })).toBeNull();
    expect(JSON.parse(storage.getItem(HISTORY_STORAGE_KEY) ?? '')).toEqual({
      entries: ['/backstage-index/audit-list'],
      index: 0,
    });
  });

  it('the plugin-home link goes to the square', () => {
    renderHeader({ path: '/protocol' });
    const home = screen.getByRole('link', { name: 'Plugin home' });
    expect(home.getAttribute('href')).toBe('/');
    fireEvent.click(home);
    expect(where()).toBe('/');
    expect(button('Back').disabled).toBe(false);
  });
});

describe('language', () => {
  it("offers the site's languages with the web header's picker and switches the interface", async () => {
    renderHeader({});
    const picker = screen.getByRole('combobox', { name: 'Language' }) as HTMLSelectElement;
    expect([...picker.options].map((o) => [o.value, o.text])).toEqual([
      ['zh-CN', '简体中文'],
      ['en-US', 'English'],
    ]);
    expect(picker.value).toBe('en-US');
    try {
      await act(async () => {
        fireEvent.change(picker, { target: { value: 'zh-CN' } });
      });
      await waitFor(() => expect(document.documentElement.lang).toBe('zh-CN'));
      expect(screen.getByRole('button', { name: '后退' })).toBeTruthy();
    } finally {
      await act(() => setLanguage('en-US', { persist: false }));
    }
  });
});

describe('session', () => {
  it('shows log in and sign up to a visitor only when login is shown', () => {
    renderHeader({});
    expect(screen.getByRole('button', { name: 'Log in' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Sign up' })).toBeTruthy();
    cleanup();
    renderHeader({ showLogin: false });
    expect(screen.queryByRole('button', { name: 'Log in' })).toBeNull();
    cleanup();
    // e-mail sign-in off (showSignUp false): log in only
    renderHeader({ showSignUp: false });
    expect(screen.getByRole('button', { name: 'Log in' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Sign up' })).toBeNull();
  });

  it('gives a signed-in administrator the 32 px avatar menu and the management entry in a new window', () => {
    renderHeader({ state: ADMIN });
    const avatar = screen.getByTestId('avatar-placeholder');
    expect(avatar.textContent).toBe('AL');
    expect(avatar.style.width).toBe('32px');
    const admin = button('Administration');
    expect(admin.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(admin);
    expect(admin.getAttribute('aria-expanded')).toBe('true');
    const entry = screen.getByRole('menuitem', { name: /Management/ });
    expect(entry.getAttribute('href')).toMatch(/\/backstage-index\/audit-list$/);
    expect(entry.getAttribute('target')).toBe('_blank');
    expect(document.activeElement).toBe(entry);
    fireEvent.keyDown(entry, { key: 'Escape' });
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(admin);
  });

  it('opens the account menu from the keyboard and moves with the arrows', () => {
    renderHeader({ state: { ...ADMIN, isAdmin: false } });
    expect(screen.queryByRole('button', { name: 'Administration' })).toBeNull();
    const account = button('Account: Ada Lovelace');
    fireEvent.keyDown(account, { key: 'ArrowUp' });
    const items = screen.getAllByRole('menuitem');
    expect(items.map((i) => i.textContent)).toEqual(['Publish', 'My plugins', 'My plugins’ data', 'Log out']);
    expect(document.activeElement).toBe(items[3]);
    fireEvent.keyDown(items[3] as HTMLElement, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(items[0]);
  });
});

describe('bridge calls', () => {
  function installHost() {
    const calls: [string, unknown][] = [];
    const record = (name: string) => (arg?: unknown) => void calls.push([name, arg]);
    globals[DESKTOP_BRIDGE_GLOBAL] = {
      setTitle: record('setTitle'),
      logOut: record('logOut'),
      changeTheme: record('changeTheme'),
      openFiles: record('openFiles'),
    };
    return calls;
  }

  it('signing out calls logOut; the title follows the page; the theme is sent at start and on change', async () => {
    const calls = installHost();
    const { sso } = renderHeader({ state: ADMIN });
    await waitFor(() => expect(calls).toContainEqual(['setTitle', 'Plugin Center']));
    expect(calls).toContainEqual(['changeTheme', { topicColor: 'indigo', accent: '#4f46e5' }]);

    fireEvent.click(screen.getByText('to protocol'));
    await waitFor(() => expect(calls).toContainEqual(['setTitle', 'Terms · Plugin Center']));
    expect(document.title).toBe('Terms · Plugin Center');

    act(() => document.documentElement.setAttribute('data-topic-color', 'teal'));
    await waitFor(() =>
      expect(calls).toContainEqual(['changeTheme', { topicColor: 'teal', accent: '#0d9488' }]),
    );

    fireEvent.click(button('Account: Ada Lovelace'));
    fireEvent.click(screen.getByRole('menuitem', { name: 'Log out' }));
    await waitFor(() => expect(calls).toContainEqual(['logOut', undefined]));
    expect(sso.signOut).toHaveBeenCalledTimes(1);
  });

  it('the open-file button shows only when the client offers openFiles, and asks for its dialog', () => {
    renderHeader({});
    expect(screen.queryByRole('button', { name: 'Open file' })).toBeNull();
    cleanup();
    const calls = installHost();
    renderHeader({});
    fireEvent.click(button('Open file'));
    expect(calls).toContainEqual(['openFiles', { urls: [] }]);
  });
});
