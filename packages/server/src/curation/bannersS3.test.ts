/**
 * The banners' files on S3 storage (s3rver), on both dialects: the image stored in the bucket,
 * served at its URL, and removed on replacement and deletion.
 */
import type { Banner } from '@plugin-center/contract';
import { Role } from '@plugin-center/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, createTestApp, signInTestUser, type TestApp } from '../testing/testApp';
import { type BannerFields, keyOf, png } from '../testing/testBanners';
import { TEST_DIALECT } from '../testing/testDatabase';
import { multipart, pixelsOf } from '../testing/testFiles';
import { startTestS3, type TestS3Server } from '../testing/testS3';

describe(`banners on S3 storage (${TEST_DIALECT})`, () => {
  let s3: TestS3Server;
  let app: TestApp;
  let token = '';
  beforeAll(async () => {
    s3 = await startTestS3('banners');
    app = await createTestApp({ importCatalogueOnEmpty: false, s3: s3.config('uploads/') });
    token = (await signInTestUser(app.app, { role: Role.SUPER_ADMIN })).access_token;
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await s3?.close();
  });

  const send = async (method: 'PUT' | 'DELETE', fields: BannerFields | { id: number }) => {
    if (method === 'DELETE')
      return app.app.inject({
        method,
        url: '/api/cmt/manager/plugin-banner',
        payload: fields as { id: number },
        headers: { authorization: `Bearer ${token}` },
      });
    const { payload, headers } = await multipart(fields as BannerFields);
    return app.app.inject({
      method,
      url: '/api/cmt/manager/plugin-banner',
      payload,
      headers: { ...headers, authorization: `Bearer ${token}` },
    });
  };

  it('stores the image in the bucket, serves it at its URL, and removes it on replacement and deletion', async () => {
    const first = png(900, 300, [11, 12, 13]);
    const banner = body<{ data: Banner }>(
      await send('PUT', { image: first, redirect_url: 'https://example.com/' }),
    ).data;
    expect(await s3.objects('uploads/')).toEqual([`uploads/${keyOf(banner)}`]);
    const served = await app.app.inject({ method: 'GET', url: banner.image });
    expect(served.statusCode).toBe(200);
    // The uploaded image re-encoded (the same pixels), the very bytes of the object in the bucket.
    expect(await pixelsOf(served.rawPayload)).toEqual(await pixelsOf(first.bytes));
    expect(served.rawPayload.equals(await s3.bytes(`uploads/${keyOf(banner)}`))).toBe(true);

    const replaced = body<{ data: Banner }>(
      await send('PUT', { id: String(banner.id), image: png(900, 300, [14, 15, 16]) }),
    ).data;
    expect(await s3.objects('uploads/')).toEqual([`uploads/${keyOf(replaced)}`]);

    expect((await send('DELETE', { id: banner.id })).statusCode).toBe(200);
    expect(await s3.objects('uploads/')).toEqual([]);
    expect((await app.app.inject({ method: 'GET', url: replaced.image })).statusCode).toBe(404);
  });
});
