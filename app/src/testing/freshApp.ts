/**
 * Vitest setup file of the `app` project, which runs its files in one happy-dom window per worker
 * (`isolate: false`, after `test-fakes/src/freshDom.ts` empties cookies, storage and the address):
 * before each file the interface language is the default again (zh-CN, not persisted, with the
 * lazily loaded pages' zh-CN texts), the toast
 * queue is empty and the document title and body are blank; after each file whatever it rendered is
 * unmounted. So no file sees another file's language, toasts or leftover markup. Testing Library's
 * async queries wait up to 5 s.
 */
import { cleanup, configure } from '@testing-library/react';
import { afterAll, beforeAll } from 'vitest';
import { DEFAULT_LOCALE, loadPagesTexts, setLanguage } from '../i18n/i18n';
import { clearToasts } from '../toast/toastStore';

// `findBy…` and `waitFor` wait up to 5 s (Testing Library's default is 1 s): the first render of a
// lazily loaded part (the cookie notice, the toaster) transforms its module first, which takes
// longer than a second while the other projects load both cores.
configure({ asyncUtilTimeout: 5_000 });

beforeAll(async () => {
  // The files that render a lazily loaded page's parts directly (not through `lazyWithTexts`) read
  // the zh-CN texts of the main namespace's page sections too.
  await loadPagesTexts();
  await setLanguage(DEFAULT_LOCALE, { persist: false });
  clearToasts();
  document.title = '';
  document.body.innerHTML = '';
});

afterAll(() => {
  cleanup();
  clearToasts();
});
