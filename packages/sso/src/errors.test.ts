import { jwt } from '@plugin-center/test-fakes/sso';
import { describe, expect, it } from 'vitest';
import { SSO_ERROR_CODES, SSO_ERROR_MESSAGES, SsoError } from './errors';
import { decodeToken } from './record';

describe('SsoError', () => {
  it('carries a stable code and the exact SPEC §8 text', () => {
    expect(SSO_ERROR_CODES).toEqual({
      AUTH_NEVER_INIT: 'AUTH_NEVER_INIT',
      CODE_ERR: 'CODE_ERR',
      NO_LOCAL_AUTH_INFO: 'NO_LOCAL_AUTH_INFO',
      NO_EXIST_LOCAL_AUTH_INFO: 'NO_EXIST_LOCAL_AUTH_INFO',
      TOKEN_PARSE: 'TOKEN_PARSE',
      REFRESH_UNAUTHORIZED: 'REFRESH_UNAUTHORIZED',
      NETWORK: 'NETWORK',
      NO_LOGIN_PAGE: 'NO_LOGIN_PAGE',
    });
    expect(SSO_ERROR_MESSAGES.AUTH_NEVER_INIT).toBe('auth never init');
    expect(SSO_ERROR_MESSAGES.CODE_ERR).toBe('code err');
    expect(SSO_ERROR_MESSAGES.NO_LOCAL_AUTH_INFO).toBe('do not have local authInfo');
    expect(SSO_ERROR_MESSAGES.NO_EXIST_LOCAL_AUTH_INFO).toBe('no exist local authInfo');
    const cause = new Error('x');
    const e = new SsoError('CODE_ERR', cause);
    expect(e).toBeInstanceOf(Error);
    expect([e.name, e.code, e.message, e.cause]).toEqual(['SsoError', 'CODE_ERR', 'code err', cause]);
  });
});

describe('decodeToken', () => {
  it('returns the payload with exp', () => {
    expect(decodeToken(jwt(Date.UTC(2030, 0, 1), 'u9'))).toMatchObject({
      exp: Date.UTC(2030, 0, 1) / 1000,
      sub: 'u9',
    });
  });

  it('fails with a token-parse error when the token is malformed or has no exp', () => {
    const noExp = `${Buffer.from('{}').toString('base64url')}.${Buffer.from('{"sub":"u"}').toString('base64url')}.s`;
    for (const token of ['', 'abc', 'a.b.c', noExp]) {
      let error: unknown;
      try {
        decodeToken(token);
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(SsoError);
      expect((error as SsoError).code).toBe('TOKEN_PARSE');
      expect((error as SsoError).message).toBe('token parse error');
    }
  });
});
