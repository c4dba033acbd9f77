/**
 * Test support for the SSO client's suites: fake timers from a fixed instant, and a client on the
 * fake window, server and tabs of `@plugin-center/test-fakes/sso` with the product's redirect URL
 * and login query.
 */
import { fakeServer, fakeWindow, memoryTabs } from '@plugin-center/test-fakes/sso';
import { afterEach, beforeEach, type Mock, vi } from 'vitest';
import { createSsoClient } from './client';
import type { SsoClient, SsoClientOptions } from './clientTypes';
import type { SsoError } from './errors';
import { LOGIN_RECORD_KEY, type LoginRecord } from './record';

/** The product's redirect URL. */
export const REDIRECT = 'https://product.example.com/app/';

/** The fake clock's starting instant: 2030-01-01T00:00:00Z. */
export const T0 = new Date('2030-01-01T00:00:00Z').getTime();

/** Runs each test of the file on fake timers from {@link T0}, restoring real timers and mocks after it. */
export function useFakeClock(): void {
  beforeEach(() => {
    vi.useFakeTimers({ now: T0 });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });
}

/** Lets pending promises and zero-delay timers run. */
export const flush = () => vi.advanceTimersByTimeAsync(0);

/** What {@link setup} takes: client options, the address, a stored login, the fakes to use. */
export type Setup = Partial<SsoClientOptions> & {
  href?: string;
  stored?: LoginRecord;
  server?: ReturnType<typeof fakeServer>;
  w?: ReturnType<typeof fakeWindow>;
};

/** A client under test and its fakes. */
export interface SetupResult {
  client: SsoClient;
  server: ReturnType<typeof fakeServer>;
  w: ReturnType<typeof fakeWindow>;
  /** The spy the client navigates through. */
  navigate: Mock<(url: string) => void>;
  /** The login record in localStorage, or null. */
  stored(): LoginRecord | null;
}

/**
 * A client on a fake window (at `href`, holding `stored` in localStorage) and a fake server, with a
 * spy for navigation; `stored()` reads the login record back from localStorage.
 */
export function setup({
  href,
  stored,
  server = fakeServer(),
  w = fakeWindow(href),
  ...options
}: Setup = {}): SetupResult {
  if (stored) w.localStorage.setItem(LOGIN_RECORD_KEY, JSON.stringify(stored));
  const navigate = vi.fn<(url: string) => void>();
  const client = createSsoClient({
    redirectUrl: REDIRECT,
    loginQuery: { from: 'web', channel: 'c1', product: 'pixso', ux_mode: 'redirect' },
    fetch: server.fetch,
    window: w,
    tabs: memoryTabs().tab(),
    navigate,
    ...options,
  });
  const stored_ = (): LoginRecord | null => JSON.parse(w.localStorage.getItem(LOGIN_RECORD_KEY) ?? 'null');
  return { client, server, w, navigate, stored: stored_ };
}

/** The error a promise rejects with; throws when it resolves. */
export const rejection = async (p: Promise<unknown>) => {
  try {
    await p;
  } catch (e) {
    return e as SsoError;
  }
  throw new Error('expected a rejection');
};
