/**
 * `redirectTarget`: the page a sign-in comes back to, as the login page (a path) or the host
 * product's sign-in page on another site (an absolute URL) needs it.
 */
import { describe, expect, it } from 'vitest';
import { redirectTarget } from './session';

describe('redirectTarget', () => {
  it('is the path and query without code for this server’s login page', () => {
    expect(redirectTarget('https://plugins.example.com/plugins/my-plugins?x=1&code=abc#top', false)).toBe(
      '/plugins/my-plugins?x=1',
    );
  });

  it('is an absolute URL for a sign-in page on another site', () => {
    expect(redirectTarget('https://plugins.example.com/plugins/my-plugins?code=abc&x=1', true)).toBe(
      'https://plugins.example.com/plugins/my-plugins?x=1',
    );
  });
});
