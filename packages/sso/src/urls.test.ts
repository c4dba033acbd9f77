import { describe, expect, it } from 'vitest';
import {
  buildBindOtherUrl,
  buildBindPageUrl,
  buildDocsLoginUrl,
  buildLoginUrl,
  buildSignUpUrl,
} from './urls';

const query = (url: string) => Object.fromEntries(new URL(url, 'https://x.example.com').searchParams);
const base = {
  redirect_uri: 'https://product.example.com/app/?a=1&b=2',
  from: 'web',
  channel: 'c1',
  product: 'pixso',
};

describe('login URLs (SPEC §2)', () => {
  it('builds the login URL with response_type (default code), redirect_uri, from, channel, product, ux_mode', () => {
    const url = buildLoginUrl({ ...base, ux_mode: 'popup' });
    expect(url.startsWith('/user/login/?')).toBe(true);
    expect(query(url)).toEqual({
      response_type: 'code',
      redirect_uri: 'https://product.example.com/app/?a=1&b=2',
      from: 'web',
      channel: 'c1',
      product: 'pixso',
      ux_mode: 'popup',
    });
    expect(url).toContain('redirect_uri=https%3A%2F%2Fproduct.example.com%2Fapp%2F%3Fa%3D1%26b%3D2');
  });

  it('leaves undefined fields out and takes another login page', () => {
    const url = buildLoginUrl(
      { redirect_uri: 'r', from: undefined, response_type: 'token' },
      'https://pc.example.com/user/login/',
    );
    expect(url).toBe('https://pc.example.com/user/login/?response_type=token&redirect_uri=r');
  });

  it('builds the sign-up URL with page=sign_up', () => {
    expect(query(buildSignUpUrl(base))).toMatchObject({ ...base, page: 'sign_up', response_type: 'code' });
  });

  it('builds the docs-provider login URL with ux_from, login_source_id, app_name', () => {
    const url = buildDocsLoginUrl({ ...base, ux_from: 'txdoc', login_source_id: '42', app_name: 'Docs' });
    expect(query(url)).toMatchObject({
      ux_from: 'txdoc',
      login_source_id: '42',
      app_name: 'Docs',
      redirect_uri: base.redirect_uri,
    });
  });

  it('builds the bind-other URL with bind_other=bind', () => {
    expect(query(buildBindOtherUrl(base))).toMatchObject({
      bind_other: 'bind',
      redirect_uri: base.redirect_uri,
    });
  });

  it('builds the bind page URL with id, mainUrl, txDocFolderId', () => {
    const url = buildBindPageUrl({ id: '7', mainUrl: 'https://product.example.com/', txDocFolderId: 'f1' });
    expect(url.startsWith('/user/login/bind?')).toBe(true);
    expect(query(url)).toEqual({ id: '7', mainUrl: 'https://product.example.com/', txDocFolderId: 'f1' });
    expect(query(buildBindPageUrl({ id: '7', mainUrl: 'm' }))).toEqual({ id: '7', mainUrl: 'm' });
  });
});
