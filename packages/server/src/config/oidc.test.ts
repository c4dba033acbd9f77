/** The `OIDC_*` variables: read into `ServerConfig.oidc` exactly when `OIDC_ISSUER` is set. */
import { describe, expect, it } from 'vitest';
import { loadConfig } from './loadConfig';
import { resolveIdentityConfig } from './serverConfig';

const BASE = {
  OIDC_ISSUER: 'https://sso.corp.example/realms/staff',
  OIDC_CLIENT_ID: 'plugin-center',
  OIDC_REDIRECT_URI: 'https://plugins.corp.example/api/uc/oidc/callback',
};

describe('OIDC configuration', () => {
  it('is absent without OIDC_ISSUER', () => {
    expect(loadConfig({}).oidc).toBeUndefined();
    expect(resolveIdentityConfig(loadConfig({})).oidc).toBeUndefined();
  });

  it('reads the variables with their defaults', () => {
    const config = loadConfig(BASE);
    expect(config.oidc).toEqual({
      issuer: BASE.OIDC_ISSUER,
      clientId: 'plugin-center',
      scope: 'openid email profile',
      redirectUri: BASE.OIDC_REDIRECT_URI,
      claims: {
        email: 'email',
        name: 'name',
        username: 'preferred_username',
        department: 'department',
        employee_id: 'employee_id',
        groups: 'groups',
      },
      allowHttp: false,
    });
    expect(resolveIdentityConfig(config).oidc).toEqual(config.oidc);
    const full = loadConfig({
      ...BASE,
      OIDC_CLIENT_SECRET: 's3cret',
      OIDC_SCOPE: 'openid email groups',
      OIDC_CLAIMS: '{"department":"dept","employee_id":"employeeNumber"}',
      OIDC_ADMIN_GROUP: 'pc-admins',
    }).oidc!;
    expect(full).toMatchObject({
      clientSecret: 's3cret',
      scope: 'openid email groups',
      adminGroup: 'pc-admins',
    });
    expect(full.claims).toMatchObject({ department: 'dept', employee_id: 'employeeNumber', email: 'email' });
  });

  it.each([
    [{ OIDC_CLIENT_ID: '' }, /OIDC_CLIENT_ID: is required/],
    [{ OIDC_REDIRECT_URI: '' }, /OIDC_REDIRECT_URI: is required/],
    [{ OIDC_REDIRECT_URI: '/api/uc/oidc/callback' }, /OIDC_REDIRECT_URI: .* not an absolute URL/],
    [{ OIDC_ISSUER: 'http://sso.local' }, /OIDC_ISSUER: must be an https: URL/],
    [{ OIDC_ISSUER: 'not a url' }, /OIDC_ISSUER: .* not an absolute URL/],
    [{ OIDC_SCOPE: 'email profile' }, /OIDC_SCOPE: must be space-separated scopes including openid/],
    [{ OIDC_CLAIMS: '{"email":' }, /OIDC_CLAIMS: is not valid JSON/],
    [{ OIDC_CLAIMS: '{"mail":"email"}' }, /OIDC_CLAIMS: expected a JSON object/],
    [{ OIDC_ALLOW_HTTP: 'maybe' }, /OIDC_ALLOW_HTTP/],
  ])('refuses %o', (change, message) => {
    expect(() => loadConfig({ ...BASE, ...change })).toThrow(message);
  });

  it('accepts an http issuer with OIDC_ALLOW_HTTP', () => {
    expect(
      loadConfig({ ...BASE, OIDC_ISSUER: 'http://127.0.0.1:9000', OIDC_ALLOW_HTTP: 'true' }).oidc?.allowHttp,
    ).toBe(true);
  });
});
