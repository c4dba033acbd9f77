/**
 * The site header's test fixtures: the three site variants, the session states, a render under a
 * router and a fake SSO client, and the dialogs and navigation the header tests drive.
 */
import { createApiClient } from '@plugin-center/api';
import { DEFAULT_SITE_CONFIG, type SiteConfig } from '@plugin-center/contract';
import { ApiClientProvider, SsoClientProvider } from '@plugin-center/react';
import { fakeFetch, ok } from '@plugin-center/test-fakes/fetch';
import * as Dialog from '@radix-ui/react-dialog';
import { act, cleanup, type RenderResult, render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, useNavigate } from 'react-router-dom';
import { afterAll, afterEach, beforeAll, vi } from 'vitest';
import { ConfirmDialog } from '../components/ConfirmDialog';
import { SiteHeader } from '../components/SiteHeader';
import { setLanguage } from '../i18n/i18n';
import { ROUTER_FUTURE } from '../routes';

/** The host product's origin the fixtures' header links are on (`SITE_HOST_ORIGIN`). */
export const HOST = 'https://design.example.com';
/** The domestic site (the default configuration) with the host product's origin set. */
export const DOMESTIC: SiteConfig = {
  ...DEFAULT_SITE_CONFIG,
  links: { ...DEFAULT_SITE_CONFIG.links, hostOrigin: HOST },
};
/** The overseas site. */
export const OVERSEAS: SiteConfig = {
  ...DOMESTIC,
  variant: 'overseas',
  locales: ['en-US', 'ja-JP', 'ko-KR', 'ru-RU', 'es-ES'],
  cookieConsent: true,
};
/** A private deployment (HWDC). */
export const PRIVATE_HWDC: SiteConfig = {
  ...DOMESTIC,
  variant: 'private',
  deploymentType: 'hwdc',
  locales: ['zh-CN'],
  showLogin: false,
  workbenchUrl: null,
};

/** Session states: nobody signed in, a user, an administrator. */
export const VISITOR = { status: 'signed-out', accessToken: null, user: null, isAdmin: false };
export const USER = {
  status: 'signed-in',
  accessToken: 't',
  user: { user_id: 7, nick_name: 'Ada' },
  isAdmin: false,
};
export const ADMIN = { ...USER, isAdmin: true };

/** A fake SSO client that always answers `state`. */
export const sso = (state: object) =>
  ({
    subscribe: () => () => {},
    getSnapshot: () => state,
    signIn: vi.fn(),
    signOut: vi.fn(),
  }) as unknown as Parameters<typeof SsoClientProvider>[0]['client'];

/**
 * An API client whose server has no notification for anybody (the signed-in header's bell reads
 * the unread count).
 */
const headerApi = () =>
  createApiClient({
    fetch: fakeFetch(() => ok({ notification_list: [], next_cursor: null, unread_count: 0 })).fetch,
    logger: { error: vi.fn() },
  });

/**
 * Renders `ui` under a memory router at `path`, a fake SSO client in session state `state` and an
 * API client of {@link headerApi}.
 */
export function renderWith(ui: ReactNode, state: object = VISITOR, path = '/'): RenderResult {
  return render(
    <MemoryRouter future={ROUTER_FUTURE} initialEntries={[path]}>
      <SsoClientProvider client={sso(state)}>
        <ApiClientProvider client={headerApi()}>{ui}</ApiClientProvider>
      </SsoClientProvider>
    </MemoryRouter>,
  );
}

/** The `href`s of the links inside `root`. */
export const hrefs = (root: HTMLElement) =>
  within(root)
    .getAllByRole('link')
    .map((a) => a.getAttribute('href'));
/** The menu button named `name`, once it is there. */
export const menuButton = (name: string) => screen.findByRole('button', { name });

/** A detail dialog and, with `confirm`, a confirm dialog over it, under the header. */
export function Stack({
  confirm,
  closeDetail,
  cancelConfirm,
}: {
  confirm: boolean;
  closeDetail: () => void;
  cancelConfirm: () => void;
}) {
  return (
    <>
      <SiteHeader config={DOMESTIC} />
      <Dialog.Root open onOpenChange={(open) => !open && closeDetail()}>
        <Dialog.Portal>
          <Dialog.Content aria-describedby={undefined}>
            <Dialog.Title>Detail</Dialog.Title>
          </Dialog.Content>
        </Dialog.Portal>
      </Dialog.Root>
      {confirm && (
        <ConfirmDialog
          title="Sure?"
          body="Really"
          confirm="Yes"
          cancel="No"
          busy={false}
          onCancel={cancelConfirm}
          onConfirm={() => {}}
        />
      )}
    </>
  );
}

/** A button navigating to `to`. */
export function Go({ to }: { to: string }) {
  const navigate = useNavigate();
  return (
    <button type="button" onClick={() => navigate(to)}>
      {to}
    </button>
  );
}

/** English texts for the header tests (zh-CN again afterwards), real timers and a clean DOM after each. */
export function setUpHeaderTests() {
  beforeAll(async () => {
    await act(() => setLanguage('en-US', { persist: false }));
  });
  afterAll(async () => {
    await act(() => setLanguage('zh-CN', { persist: false }));
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });
}
