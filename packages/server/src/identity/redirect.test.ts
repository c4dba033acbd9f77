import { describe, expect, it } from 'vitest';
import { ApiError } from '../errors';
import { appendCode, checkRedirectUri } from './redirect';

const allow = ['http://localhost:3000', 'https://site.example'];

describe('checkRedirectUri', () => {
  it.each([
    ['/plugins/', '/plugins/', true],
    ['/', '/', true],
    ['/user/login/?a=1#x', '/user/login/?a=1#x', true],
    ['/a/../b', '/b', true],
    ['http://localhost:3000', 'http://localhost:3000/', false],
    ['http://LOCALHOST:3000/p?q=1', 'http://localhost:3000/p?q=1', false],
    ['https://site.example/app', 'https://site.example/app', false],
    ['https://site.example:443/app', 'https://site.example/app', false],
  ])('accepts %j as %j', (value, uri, relative) => {
    expect(checkRedirectUri(value, allow)).toEqual({ uri, relative });
  });

  it.each([
    'javascript:alert(1)',
    'data:text/html;base64,PHNjcmlwdD4=',
    'vbscript:msgbox(1)',
    'https://evil.example/',
    'http://site.example/',
    'http://localhost@evil.example',
    'http://localhost:3000@evil.example',
    'https://site.example@evil.example/',
    'http://a:b@localhost:3000/',
    'http://@localhost:3000/',
    '//evil.example',
    '///evil.example',
    '/\\evil.example',
    '\\/evil.example',
    'http://localhost:3000\\@evil.example',
    '/\t/evil.example',
    '/\r\n/evil.example',
    '/ /evil.example',
    '/\u2028/evil.example',
    'plugins/',
    '',
    'http:evil.example',
    'http:/localhost:3000/',
    'mailto:a@localhost',
    'file:///etc/passwd',
  ])('refuses %j', (value) => {
    let error: unknown;
    try {
      checkRedirectUri(value, allow);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).entry.error).toBe('REDIRECT_NOT_ALLOWED');
    expect((error as ApiError).status).toBe(400);
  });
});

describe('appendCode', () => {
  it('adds code before the fragment and keeps relative redirects relative', () => {
    expect(appendCode({ uri: '/plugins/', relative: true }, 'abc')).toBe('/plugins/?code=abc');
    expect(appendCode({ uri: '/p?x=1#top', relative: true }, 'abc')).toBe('/p?x=1&code=abc#top');
    expect(appendCode({ uri: 'https://site.example/app?code=old', relative: false }, 'new')).toBe(
      'https://site.example/app?code=new',
    );
  });
});
