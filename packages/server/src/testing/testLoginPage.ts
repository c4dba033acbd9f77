/** Helpers of the login pages' tests: one test app per test file, parsing the answers. */
import type { LightMyRequestResponse } from 'fastify';
import { Window } from 'happy-dom';
import { afterAll, beforeAll, expect } from 'vitest';
import { createTestApp, type TestApp } from './testApp';

let t: TestApp;

/** Starts the test app of the calling test file (no catalogue) before its tests, closes it after. */
export function useLoginPageApp(): void {
  beforeAll(async () => {
    t = await createTestApp({ importCatalogueOnEmpty: false });
  });
  afterAll(async () => {
    await t?.close();
  });
}

/** The DOM the login pages' answers are parsed in. */
export const htmlWindow = new Window({ url: 'http://localhost/' });

/** Parses an HTML answer into a document (no script runs, nothing is loaded). */
export function parse(response: LightMyRequestResponse) {
  return new htmlWindow.DOMParser().parseFromString(response.body, 'text/html');
}

/** `GET url` on the test app. */
export async function get(url: string, headers: Record<string, string> = {}) {
  return t.app.inject({ method: 'GET', url, headers });
}

/** Query parameters of a link's `href` (relative to the server). */
export function linkQuery(
  doc: ReturnType<typeof parse>,
  selector: string,
): { path: string; query: URLSearchParams } {
  const href = doc.querySelector(selector)?.getAttribute('href');
  expect(href, selector).toBeTruthy();
  const url = new URL(href!, 'http://localhost');
  return { path: url.pathname, query: url.searchParams };
}

/** The hidden context inputs of the login form, by name. */
export function hiddenContext(doc: ReturnType<typeof parse>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const input of doc.querySelectorAll('#login-context input[type="hidden"]')) {
    out[input.getAttribute('name')!] = input.getAttribute('value') ?? '';
  }
  return out;
}

/** The value of a field of the login form. */
export function formValue(doc: ReturnType<typeof parse>, name: string): string | null | undefined {
  return doc.querySelector(`#login-form [name="${name}"]`)?.getAttribute('value');
}

/** Every query parameter of SPEC §2's login page, with values that need encoding. */
export const SPEC_PARAMS: [string, string][] = [
  ['response_type', 'code'],
  ['redirect_uri', 'https://docs.example.com/callback?x=1&y=two words'],
  ['from', 'header/login'],
  ['channel', 'c-01'],
  ['product', 'pixso'],
  ['ux_mode', 'redirect'],
  ['ux_from', 'tx_docs'],
  ['login_source_id', 'src-42'],
  ['app_name', 'Docs & Sheets'],
];
