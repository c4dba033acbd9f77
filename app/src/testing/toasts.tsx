/**
 * Shared toast set-up of the app's page tests: render a page with a probe that records the toasts
 * it shows (`toastTexts()`), and dismiss them after each test so none leaks into the next. Also the
 * fake answers and request filters the back-office page tests share.
 *
 * @packageDocumentation
 */
import { json, type SeenRequest } from '@plugin-center/test-fakes/fetch';
import { act, cleanup, type RenderResult } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach } from 'vitest';
import { dismissToast, type ToastMessage, useToasts } from '../toast/toastStore';
import { renderWithClient } from './render';

let seenToasts: readonly ToastMessage[] = [];

/** Renders nothing; records the toasts on screen for `toastTexts()`. */
function ToastProbe() {
  seenToasts = useToasts();
  return null;
}

/** The texts of the toasts on screen at the last render of the probe. */
export const toastTexts = (): string[] => seenToasts.map((m) => m.text);

/** Like `renderWithClient`, with the toast probe rendered beside `ui`. */
export function renderWithToasts(fetch: typeof globalThis.fetch, ui: ReactNode, path?: string): RenderResult {
  return renderWithClient(
    fetch,
    <>
      {ui}
      <ToastProbe />
    </>,
    path,
  );
}

/** After each test of this file: dismisses the toasts seen, then unmounts what was rendered. */
export function dismissToastsAfterEach(): void {
  afterEach(() => {
    for (const toast of seenToasts) act(() => dismissToast(toast.id));
    cleanup();
  });
}

/** A fake error answer in the envelope: `code` 40000, HTTP `status`, and `field` when given. */
export const failure = (status: number, error: string, message: string, field?: string): Response =>
  json({ code: 40000, error, message, data: null, ...(field ? { field } : {}) }, status);

/** The requests a fake fetch saw with `method`, in order. */
export const sent = (net: { requests: SeenRequest[] }, method: string): SeenRequest[] =>
  net.requests.filter((r) => r.method === method);
