/**
 * Shared set-up of the app's page tests (happy-dom): render a page over the real API client with
 * only `fetch` faked (the network edge), inside a router at a given path; and run a test file in
 * English (the default interface language is zh-CN).
 *
 * @packageDocumentation
 */
import { createApiClient } from '@plugin-center/api';
import { ApiClientProvider } from '@plugin-center/react';
import { act, type RenderResult, render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { afterAll, beforeAll, vi } from 'vitest';
import { setLanguage } from '../i18n/i18n';
import { ROUTER_FUTURE } from '../routes';

/**
 * Renders `ui` at `path` (router paths under the basename, e.g. `/my-plugins`) with an API client
 * whose `fetch` is the given fake and whose failure log is silenced.
 */
export function renderWithClient(fetch: typeof globalThis.fetch, ui: ReactNode, path = '/'): RenderResult {
  const client = createApiClient({ fetch, logger: { error: vi.fn() } });
  return render(
    <MemoryRouter future={ROUTER_FUTURE} initialEntries={[path]}>
      <ApiClientProvider client={client}>{ui}</ApiClientProvider>
    </MemoryRouter>,
  );
}

/** Switches the interface to en-US for the tests of this file, and back to zh-CN after them. */
export function inEnglish(): void {
  beforeAll(async () => {
    await act(() => setLanguage('en-US', { persist: false }));
  });
  afterAll(async () => {
    await act(() => setLanguage('zh-CN', { persist: false }));
  });
}
