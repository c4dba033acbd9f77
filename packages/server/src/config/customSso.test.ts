/** The `CUSTOM_SSO_*` variables: read into `ServerConfig.customSso` exactly when `CUSTOM_SSO_LOGIN_URL` is set. */
import { describe, expect, it } from 'vitest';
import { loadConfig } from './loadConfig';
import { resolveIdentityConfig } from './serverConfig';

const BASE = {
  CUSTOM_SSO_LOGIN_URL: 'https://sso.corp.example/login',
  CUSTOM_SSO_VALIDATE_URL: 'https://sso.corp.example/validate',
  CUSTOM_SSO_SECRET: 'a shared secret of at least 32 characters',
  CUSTOM_SSO_ISSUER: 'https://sso.corp.example',
  CUSTOM_SSO_SERVICE_URL: 'https://plugins.corp.example/api/uc/custom-sso/callback',
};

describe('custom SSO configuration', () => {
  it('is absent without CUSTOM_SSO_LOGIN_URL', () => {
    expect(loadConfig({}).customSso).toBeUndefined();
    expect(resolveIdentityConfig(loadConfig({})).customSso).toBeUndefined();
  });

  it('reads the variables', () => {
    const config = loadConfig({
      ...BASE,
      CUSTOM_SSO_LOGOUT_URL: 'https://sso.corp.example/logout',
      CUSTOM_SSO_JWKS_URL: 'https://sso.corp.example/jwks',
      CUSTOM_SSO_ADMIN_GROUP: 'plugin-admins',
      CUSTOM_SSO_STATUS_URL: 'https://sso.corp.example/status',
    });
    expect(config.customSso).toEqual({
      loginUrl: BASE.CUSTOM_SSO_LOGIN_URL,
      validateUrl: BASE.CUSTOM_SSO_VALIDATE_URL,
      secret: BASE.CUSTOM_SSO_SECRET,
      issuer: BASE.CUSTOM_SSO_ISSUER,
      serviceUrl: BASE.CUSTOM_SSO_SERVICE_URL,
      logoutUrl: 'https://sso.corp.example/logout',
      jwksUrl: 'https://sso.corp.example/jwks',
      adminGroup: 'plugin-admins',
      statusUrl: 'https://sso.corp.example/status',
      allowHttp: false,
    });
    expect(resolveIdentityConfig(config).customSso).toEqual(config.customSso);
  });

  it.each([
    [{ CUSTOM_SSO_VALIDATE_URL: '' }, /CUSTOM_SSO_VALIDATE_URL: is required/],
    [{ CUSTOM_SSO_SECRET: '' }, /CUSTOM_SSO_SECRET: is required/],
    [{ CUSTOM_SSO_SECRET: 'short' }, /CUSTOM_SSO_SECRET: must be at least 32 characters long/],
    [{ CUSTOM_SSO_ISSUER: '' }, /CUSTOM_SSO_ISSUER: is required/],
    [{ CUSTOM_SSO_SERVICE_URL: '' }, /CUSTOM_SSO_SERVICE_URL: is required/],
    [{ CUSTOM_SSO_SERVICE_URL: 'https://plugins.corp.example/cb?x=1' }, /CUSTOM_SSO_SERVICE_URL: .*no query/],
    [
      { CUSTOM_SSO_LOGIN_URL: 'http://sso.corp.example/login' },
      /CUSTOM_SSO_LOGIN_URL: must be an https: URL/,
    ],
    [
      { CUSTOM_SSO_STATUS_URL: 'http://sso.corp.example/status' },
      /CUSTOM_SSO_STATUS_URL: must be an https: URL/,
    ],
    [{ CUSTOM_SSO_VALIDATE_URL: 'not a url' }, /CUSTOM_SSO_VALIDATE_URL: .* not an absolute URL/],
    [
      { CUSTOM_SSO_VALIDATE_URL: 'https://u:p@sso.corp.example/v' },
      /CUSTOM_SSO_VALIDATE_URL: must have no user info/,
    ],
  ])('refuses %o', (change, message) => {
    expect(() => loadConfig({ ...BASE, ...change })).toThrow(message);
  });

  it('accepts http: URLs with CUSTOM_SSO_ALLOW_HTTP', () => {
    const config = loadConfig({
      ...BASE,
      CUSTOM_SSO_LOGIN_URL: 'http://127.0.0.1:4100/login',
      CUSTOM_SSO_VALIDATE_URL: 'http://127.0.0.1:4100/validate',
      CUSTOM_SSO_ALLOW_HTTP: 'true',
    });
    expect(config.customSso?.allowHttp).toBe(true);
  });
});
