import type { ErrorEnvelope } from '@plugin-center/contract/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, createTestApp, type TestApp } from '../testing/testApp';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({
    importCatalogueOnEmpty: false,
    rateLimits: { signIn: 3, signUp: 2, codeExchange: 4 },
  });
  await t.app.identity.createAccount({ email: 'limited@example.com', password: 'the password 1' });
});
afterAll(async () => {
  await t?.close();
});

function signIn(email: string, password: string, ip = '10.0.0.1') {
  return t.app.inject({
    method: 'POST',
    url: '/api/uc/user/login',
    remoteAddress: ip,
    payload: { email, password, redirect_uri: '/plugins/' },
  });
}

function expect429(res: Awaited<ReturnType<typeof signIn>>) {
  expect(res.statusCode).toBe(429);
  expect(body<ErrorEnvelope>(res)).toMatchObject({ code: 42900, error: 'RATE_LIMITED', data: null });
  const retryAfter = Number(res.headers['retry-after']);
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(60);
}

describe('rate limits', () => {
  it('sign-in: RATE_LIMIT_SIGNIN per minute per client IP and email, then 429 with Retry-After', async () => {
    for (let i = 0; i < 3; i++) {
      expect((await signIn('limited@example.com', 'wrong password')).statusCode).toBe(401);
    }
    expect429(await signIn('limited@example.com', 'the password 1'));
    expect429(await signIn('LIMITED@example.com ', 'the password 1'));
    // Another email from the same IP, and the same email from another IP, are counted apart.
    expect((await signIn('other@example.com', 'x')).statusCode).toBe(401);
    expect((await signIn('limited@example.com', 'the password 1', '10.0.0.2')).statusCode).toBe(200);
  });

  it('sign-up: RATE_LIMIT_SIGNUP per minute per IP', async () => {
    const up = (n: number) =>
      t.app.inject({
        method: 'POST',
        url: '/api/uc/user/sign_up',
        remoteAddress: '10.0.1.1',
        payload: { email: `new${n}@example.com`, password: 'long enough 1', redirect_uri: '/plugins/' },
      });
    expect((await up(1)).statusCode).toBe(200);
    expect((await up(2)).statusCode).toBe(200);
    expect429(await up(3));
  });

  it('code exchange: RATE_LIMIT_CODE per minute per IP', async () => {
    const exchange = () =>
      t.app.inject({
        method: 'GET',
        url: '/api/uc/user/login/code/user',
        remoteAddress: '10.0.2.1',
        query: { code: 'guess', redirect_uri: '/plugins/' },
      });
    for (let i = 0; i < 4; i++) expect((await exchange()).statusCode).toBe(400);
    expect429(await exchange());
  });
});
