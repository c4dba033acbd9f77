/**
 * Vitest setup file of the `sdk` project, which runs its files in one happy-dom window per worker
 * (`isolate: false`): before each file, the window's storage that the SDKs write (cookies,
 * `localStorage`, `sessionStorage`) is emptied and the address reset, so no file sees another
 * file's distinct id, session or queue.
 */
import { beforeAll } from 'vitest';

beforeAll(() => {
  if (typeof document === 'undefined') return; // a file in the node environment
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0]?.trim();
    // biome-ignore lint/suspicious/noDocumentCookie: expiring each cookie of the test window by name
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
  localStorage.clear();
  sessionStorage.clear();
  if (location.href !== 'http://localhost:3000/') history.replaceState(null, '', 'http://localhost:3000/');
});
