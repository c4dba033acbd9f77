/**
 * Behind a reverse proxy every request comes from the proxy's address. Without
 * `TRUST_PROXY` the server must not believe `X-Forwarded-For` (a client cannot escape its rate
 * limit by inventing one); with the proxy's address trusted, each visitor has its own bucket, so 30
 * bad code exchanges by one visitor no longer lock everyone out of sign-in.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config/loadConfig';
import { createTestApp, type TestApp } from '../testing/testApp';

const PROXY = '10.9.8.7';
let direct: TestApp;
let proxied: TestApp;

beforeAll(async () => {
  const limits = { signIn: 10, signUp: 10, codeExchange: 3 };
  direct = await createTestApp({ importCatalogueOnEmpty: false, rateLimits: limits });
  proxied = await createTestApp({ importCatalogueOnEmpty: false, rateLimits: limits, trustProxy: [PROXY] });
});
afterAll(async () => {
  await direct?.close();
  await proxied?.close();
});

/** A bad code exchange by `client` arriving through the proxy (`X-Forwarded-For: client`). */
const exchange = (t: TestApp, client: string) =>
  t.app.inject({
    method: 'GET',
    url: '/api/uc/user/login/code/user?code=not-a-code&redirect_uri=%2Fplugins%2F',
    remoteAddress: PROXY,
    headers: { 'x-forwarded-for': client },
  });

describe('rate limits behind a reverse proxy', () => {
  it('without TRUST_PROXY a made-up X-Forwarded-For does not escape the limit', async () => {
    for (let i = 0; i < 3; i++) expect((await exchange(direct, `203.0.113.${i}`)).statusCode).not.toBe(429);
    expect((await exchange(direct, '198.51.100.1')).statusCode).toBe(429);
    expect((await exchange(direct, '198.51.100.2')).statusCode).toBe(429);
  });

  it("with the proxy trusted, one visitor's failures do not lock out another", async () => {
    for (let i = 0; i < 3; i++) expect((await exchange(proxied, '203.0.113.50')).statusCode).not.toBe(429);
    expect((await exchange(proxied, '203.0.113.50')).statusCode).toBe(429);
    expect((await exchange(proxied, '203.0.113.51')).statusCode).not.toBe(429);
    // The client's own X-Forwarded-For entries left of the proxy's do not help it either.
    expect((await exchange(proxied, '1.2.3.4, 203.0.113.50')).statusCode).toBe(429);
  });

  it('reads TRUST_PROXY as true/false or proxy addresses and refuses a hop count', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '127.0.0.1, 10.0.0.0/8,::1' }).trustProxy).toEqual([
      '127.0.0.1',
      '10.0.0.0/8',
      '::1',
    ]);
    expect(() => loadConfig({ TRUST_PROXY: '1' })).toThrow(/TRUST_PROXY: a hop count is not supported/);
    expect(() => loadConfig({ TRUST_PROXY: 'proxy.local' })).toThrow(/TRUST_PROXY/);
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/99' })).toThrow(/TRUST_PROXY/);
  });
});
