/**
 * The contact QR codes: `CONTACT_QR_CODES` read at start (clear errors naming the
 * variable, the entry and the field), and `GET manager/qr-code/list` answering them to
 * administrators, on both dialects.
 */
import type { ContactQr, ErrorEnvelope } from '@plugin-center/contract';
import { Role } from '@plugin-center/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config/loadConfig';
import { ConfigError } from '../config/values';
import { body, createTestApp, signInTestUser, type TestApp } from '../testing/testApp';
import { TEST_DIALECT } from '../testing/testDatabase';

const CODES = [
  { name: 'WeChat support', img_url: 'https://cdn.example.com/qr/wechat.png' },
  { name: '企业微信', img_url: '/static/qr/work.png' },
];

describe('CONTACT_QR_CODES', () => {
  it('is empty when unset, and read as a JSON array of {name, img_url}', () => {
    expect(loadConfig({}).contactQrCodes).toEqual([]);
    expect(loadConfig({ CONTACT_QR_CODES: '' }).contactQrCodes).toEqual([]);
    expect(loadConfig({ CONTACT_QR_CODES: ` ${JSON.stringify(CODES)} ` }).contactQrCodes).toEqual(CODES);
    expect(
      loadConfig({
        CONTACT_QR_CODES: JSON.stringify([{ name: ' Sales ', img_url: 'HTTPS://Example.COM/q.png' }]),
      }).contactQrCodes,
    ).toEqual([{ name: 'Sales', img_url: 'https://example.com/q.png' }]);
  });

  it('refuses values of the wrong shape at start with a message naming the variable and the entry', () => {
    const cases: [string, RegExp][] = [
      ['not json', /^CONTACT_QR_CODES: is not valid JSON$/],
      ['{"name":"a","img_url":"/a.png"}', /expected a JSON array/],
      ['[1]', /entry 0: expected an object/],
      ['[null]', /entry 0: expected an object/],
      ['[{"name":"a"}]', /entry 0: img_url must be/],
      ['[{"img_url":"/a.png"}]', /entry 0: name must be/],
      ['[{"name":"","img_url":"/a.png"}]', /entry 0: name must be/],
      ['[{"name":"a\\u0000","img_url":"/a.png"}]', /entry 0: name must be/],
      [`[{"name":"${'n'.repeat(101)}","img_url":"/a.png"}]`, /entry 0: name must be/],
      ['[{"name":"a","img_url":"javascript:alert(1)"}]', /entry 0: img_url must be/],
      ['[{"name":"a","img_url":"data:image/png;base64,AAAA"}]', /entry 0: img_url must be/],
      ['[{"name":"a","img_url":"//evil.example/x.png"}]', /entry 0: img_url must be/],
      ['[{"name":"a","img_url":"qr.png"}]', /entry 0: img_url must be/],
      ['[{"name":"a","img_url":42}]', /entry 0: img_url must be/],
      ['[{"name":"a","img_url":"/a.png","extra":1}]', /entry 0: unknown field "extra"/],
      [JSON.stringify([...CODES, { name: 'b', img_url: 'ftp://x/y.png' }]), /entry 2: img_url must be/],
      [JSON.stringify(Array.from({ length: 51 }, () => CODES[0])), /at most 50 entries/],
    ];
    for (const [value, message] of cases) {
      let error: unknown;
      try {
        loadConfig({ CONTACT_QR_CODES: value });
      } catch (e) {
        error = e;
      }
      expect(error, value).toBeInstanceOf(ConfigError);
      expect((error as ConfigError).variable).toBe('CONTACT_QR_CODES');
      expect((error as Error).message, value).toMatch(message);
    }
  });
});

describe(`GET manager/qr-code/list (${TEST_DIALECT})`, () => {
  let t: TestApp;
  let admin = '';
  let user = '';
  beforeAll(async () => {
    t = await createTestApp({ importCatalogueOnEmpty: false, contactQrCodes: CODES });
    admin = (await signInTestUser(t.app, { role: Role.GENERAL_ADMIN })).access_token;
    user = (await signInTestUser(t.app)).access_token;
  }, 60_000);
  afterAll(async () => t?.close());

  const get = (token?: string) =>
    t.app.inject({
      method: 'GET',
      url: '/api/cmt/manager/qr-code/list',
      ...(token ? { headers: { authorization: `Bearer ${token}` } } : {}),
    });

  it('answers the configured codes, in order, to administrators', async () => {
    const response = await get(admin);
    expect(response.statusCode).toBe(200);
    expect(body<{ code: number; data: ContactQr[] }>(response)).toEqual({ code: 0, data: CODES });
  });

  it('refuses users (403) and visitors (401) in the envelope', async () => {
    expect(body<ErrorEnvelope>(await get(user))).toMatchObject({
      error: 'FORBIDDEN',
      message: 'Current account has no permission',
    });
    expect((await get()).statusCode).toBe(401);
  });

  it('answers an empty list when nothing is configured', async () => {
    const bare = await createTestApp({ importCatalogueOnEmpty: false });
    try {
      const token = (await signInTestUser(bare.app, { role: Role.SUPER_ADMIN })).access_token;
      const response = await bare.app.inject({
        method: 'GET',
        url: '/api/cmt/manager/qr-code/list',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(body<{ data: ContactQr[] }>(response).data).toEqual([]);
    } finally {
      await bare.close();
    }
  });
});
