/**
 * The banners against the real server, on both dialects: create, list, replace the image
 * or the link, move, delete; SPEC §5's 'Wrong url, please try again'; hostile forms; and the files:
 * no stored file without a row, no row pointing to a missing file, shared files kept, orphan
 * collection leaving banner images alone; on the local disk (on S3 storage: bannersS3.test.ts).
 */
import type { AuditLogPage, ErrorEnvelope } from '@plugin-center/contract';
import { BANNER_LIMITS, BANNER_URL_MESSAGE } from '@plugin-center/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { body, type TestApp } from '../testing/testApp';
import { createBannerSession, keyOf, png } from '../testing/testBanners';
import { TEST_DIALECT } from '../testing/testDatabase';
import { type FilePart, mp4Bytes, multipart, pixelsOf, pngBytes, publishFields } from '../testing/testFiles';

const session = createBannerSession();
const { save, created, list, remove, storedKeys, snapshot, expectFilesInStep } = session;
let t: TestApp;
let admin = '';
let user = '';

beforeAll(async () => {
  ({ t, admin, user } = await session.start());
}, 60_000);
afterAll(() => session.close());

/** Deletes every banner (through the API) so each test starts from an empty carousel. */
beforeEach(() => session.clear());

describe(`banners (${TEST_DIALECT})`, () => {
  it('creates a banner whose image the app loads like a plugin image, and lists it', async () => {
    expect(await list()).toEqual([]);
    const image = png();
    const banner = await created({ image, redirect_url: 'https://Example.com/promo?x=1#top' });
    expect(banner).toEqual({
      id: expect.any(Number),
      image: expect.stringMatching(/^\/api\/cmt\/file\/[0-9a-f]{64}\.png$/),
      redirect_url: 'https://example.com/promo?x=1#top',
      position: 0,
    });
    expect(await list()).toEqual([banner]);
    const file = await t.app.inject({ method: 'GET', url: banner.image });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    // The image as uploaded, re-encoded: the same pixels.
    expect(await pixelsOf(file.rawPayload)).toEqual(await pixelsOf(image.bytes));

    const log = body<{ data: AuditLogPage }>(
      await t.app.inject({
        method: 'GET',
        url: `/api/cmt/manager/audit-log?plugin_key=banner:${banner.id}`,
        headers: { authorization: `Bearer ${admin}` },
      }),
    ).data.entry_list;
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({ action: 'banner_create', plugin_key: `banner:${banner.id}` });
    expect(log[0]!.reason).toContain('https://example.com/promo?x=1#top');
  });

  it("refuses every link that is not an absolute http(s) URL with 'Wrong url, please try again', writing nothing", async () => {
    await created({ image: png(), redirect_url: 'https://example.com/' });
    const before = await snapshot();
    const wrong = [
      '',
      '   ',
      'javascript:alert(1)',
      'JavaScript:alert(document.cookie)',
      'data:text/html,<script>alert(1)</script>',
      'vbscript:msgbox(1)',
      'file:///etc/passwd',
      'ftp://example.com/file',
      '/relative/path',
      '//example.com/protocol-relative',
      'example.com',
      'https:example.com',
      'http:\\\\example.com',
      'http://',
      'https://exa mple.com/',
      'https://example.com/\u0000',
      'https://example.com/a\tb',
      'https://user:secret@example.com/',
      'https://trusted.example@evil.example/',
      'https://[::1',
      `https://example.com/${'a'.repeat(BANNER_LIMITS.URL)}`,
      `https://example.com/${'é'.repeat(BANNER_LIMITS.URL)}`,
      '\ud800',
    ];
    for (const redirect_url of wrong) {
      for (const response of [
        await save({ image: png(640, 200, [1, 2, 3]), redirect_url }),
        await save({ redirect_url, id: String(before.banners[0]!.id) }),
      ]) {
        expect(response.statusCode, JSON.stringify(redirect_url)).toBe(400);
        expect(body<ErrorEnvelope>(response)).toMatchObject({
          error: 'INVALID_PARAMETER',
          message: BANNER_URL_MESSAGE,
          field: 'redirect_url',
          data: null,
        });
      }
    }
    // A new banner needs a link: without one, the same message.
    const missing = await save({ image: png(640, 200, [1, 2, 3]) });
    expect(body<ErrorEnvelope>(missing)).toMatchObject({ message: 'Wrong url, please try again' });
    expect(await snapshot()).toEqual(before);
  });

  it('accepts http and https links of any shape the URL parser reads, storing them normalised', async () => {
    const links: [string, string][] = [
      ['http://example.com', 'http://example.com/'],
      ['HTTPS://EXAMPLE.COM:8443/a/../b?q=中文', 'https://example.com:8443/b?q=%E4%B8%AD%E6%96%87'],
      ['https://例え.jp/パス', 'https://xn--r8jz45g.jp/%E3%83%91%E3%82%B9'],
      ['  https://example.com/trimmed  ', 'https://example.com/trimmed'],
    ];
    for (const [link, stored] of links) {
      const banner = await created({ image: png(), redirect_url: link });
      expect(banner.redirect_url).toBe(stored);
    }
  });

  it('refuses files that are not PNG, JPEG, GIF or WebP images, and oversized ones, keeping no file', async () => {
    const before = await snapshot();
    const bad: FilePart[] = [
      {
        bytes: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'),
        name: 'a.svg',
        type: 'image/svg+xml',
      },
      { bytes: Buffer.from('MZ\u0090\u0000executable'), name: 'banner.png', type: 'image/png' },
      { bytes: pngBytes(100, 50).subarray(0, 12), name: 'truncated.png', type: 'image/png' },
      { bytes: mp4Bytes(2048), name: 'video.png', type: 'image/png' },
      { bytes: Buffer.from('<html><script>alert(1)</script></html>'), name: 'x.html', type: 'text/html' },
    ];
    for (const image of bad) {
      const response = await save({ image, redirect_url: 'https://example.com/' });
      expect(response.statusCode, image.name).toBe(400);
      expect(body<ErrorEnvelope>(response)).toMatchObject({ error: 'UPLOAD_REJECTED', field: 'image' });
    }
    const huge = Buffer.concat([pngBytes(1200, 400), Buffer.alloc(BANNER_LIMITS.IMAGE_BYTES)]);
    const tooLarge = await save({
      image: { bytes: huge, name: 'huge.png' },
      redirect_url: 'https://example.com/',
    });
    expect(tooLarge.statusCode).toBe(413);
    expect(body<ErrorEnvelope>(tooLarge)).toMatchObject({ error: 'PAYLOAD_TOO_LARGE', field: 'image' });
    const noImage = await save({ redirect_url: 'https://example.com/' });
    expect(noImage.statusCode).toBe(400);
    expect(body<ErrorEnvelope>(noImage)).toMatchObject({ error: 'INVALID_PARAMETER', field: 'image' });
    const empty = await save({
      image: { bytes: new Uint8Array(0), name: 'empty.png' },
      redirect_url: 'https://example.com/',
    });
    expect(body<ErrorEnvelope>(empty)).toMatchObject({ field: 'image' });
    expect(await snapshot()).toEqual(before);
  });

  it('refuses hostile forms in the envelope (unknown, repeated, malformed fields; NUL; huge numbers; not multipart)', async () => {
    const banner = await created({ image: png(), redirect_url: 'https://example.com/' });
    const before = await snapshot();
    const image = png(300, 100, [9, 9, 9]);
    const link = 'https://example.org/';
    const cases: [Parameters<typeof save>[0], number, string | undefined][] = [
      [{ image, redirect_url: link, owner: 'x' }, 400, 'owner'],
      [{ image, redirect_url: [link, link] }, 400, 'redirect_url'],
      [{ image: [image, png(301, 100)], redirect_url: link }, 400, 'image'],
      [{ image, redirect_url: link, script: { bytes: Buffer.from('x'), name: 'x.js' } }, 400, 'script'],
      [{ image, redirect_url: link, id: 'abc' }, 400, 'id'],
      [{ image, redirect_url: link, id: '0' }, 400, 'id'],
      [{ image, redirect_url: link, id: '-1' }, 400, 'id'],
      [{ image, redirect_url: link, id: '1.5' }, 400, 'id'],
      [{ image, redirect_url: link, id: '99999999999' }, 400, 'id'],
      [{ image, redirect_url: link, id: '9999999999' }, 400, 'id'],
      [{ image, redirect_url: link, id: `${banner.id}\u0000` }, 400, 'id'],
      [{ image, redirect_url: link, id: [String(banner.id), String(banner.id)] }, 400, 'id'],
      [{ image, redirect_url: link, position: '-1' }, 400, 'position'],
      [{ image, redirect_url: link, position: 'first' }, 400, 'position'],
      [{ image, redirect_url: link, position: '1e3' }, 400, 'position'],
      [{ image, redirect_url: link, position: 'x'.repeat(100_000) }, 413, 'position'],
      [{ image, redirect_url: link, id: '2147483647' }, 404, undefined],
    ];
    for (const [fields, status, field] of cases) {
      const response = await save(fields);
      expect(response.statusCode, JSON.stringify(Object.keys(fields))).toBe(status);
      const error = body<ErrorEnvelope>(response);
      expect(error.data).toBeNull();
      expect(typeof error.error).toBe('string');
      if (field) expect(error.field).toBe(field);
    }
    const json = await t.app.inject({
      method: 'PUT',
      url: '/api/cmt/manager/plugin-banner',
      payload: { redirect_url: link },
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(json.statusCode).toBe(415);
    expect(body<ErrorEnvelope>(json).data).toBeNull();
    const { payload, headers } = await multipart({ image, redirect_url: link });
    const cut = await t.app.inject({
      method: 'PUT',
      url: '/api/cmt/manager/plugin-banner',
      payload: payload.subarray(0, Math.floor(payload.length / 2)),
      headers: { ...headers, authorization: `Bearer ${admin}` },
    });
    expect(cut.statusCode).toBe(400);
    expect(body<ErrorEnvelope>(cut).error).toBe('INVALID_PARAMETER');
    expect(await snapshot()).toEqual(before);
  });

  it('is for administrators only: a user and a visitor change nothing', async () => {
    const before = await snapshot();
    const asUser = await save({ image: png(), redirect_url: 'https://example.com/' }, user);
    expect(asUser.statusCode).toBe(403);
    expect(body<ErrorEnvelope>(asUser).message).toBe('Current account has no permission');
    const { payload, headers } = await multipart({ image: png(), redirect_url: 'https://example.com/' });
    const visitor = await t.app.inject({
      method: 'PUT',
      url: '/api/cmt/manager/plugin-banner',
      payload,
      headers,
    });
    expect(visitor.statusCode).toBe(401);
    expect(await snapshot()).toEqual(before);
  });

  it('replaces the image (removing the old file once unused), the link, or both, by id', async () => {
    const first = await created({ image: png(1200, 400, [1, 1, 1]), redirect_url: 'https://example.com/1' });
    const oldKey = keyOf(first);
    const newImage = png(1200, 400, [2, 2, 2]);
    const replaced = await created({ id: String(first.id), image: newImage });
    expect(replaced).toMatchObject({ id: first.id, redirect_url: 'https://example.com/1', position: 0 });
    expect(replaced.image).not.toBe(first.image);
    const files = await storedKeys();
    expect(files.has(oldKey)).toBe(false);
    expect(files.has(keyOf(replaced))).toBe(true);
    expect((await t.app.inject({ method: 'GET', url: first.image })).statusCode).toBe(404);
    expect(await pixelsOf((await t.app.inject({ method: 'GET', url: replaced.image })).rawPayload)).toEqual(
      await pixelsOf(newImage.bytes),
    );

    const relinked = await created({ id: String(first.id), redirect_url: 'http://example.net/new' });
    expect(relinked).toEqual({ ...replaced, redirect_url: 'http://example.net/new' });
    const both = await created({
      id: String(first.id),
      image: png(1200, 400, [3, 3, 3]),
      redirect_url: 'https://example.com/both',
    });
    expect(both.redirect_url).toBe('https://example.com/both');
    expect(await list()).toEqual([both]);
    const actions = body<{ data: AuditLogPage }>(
      await t.app.inject({
        method: 'GET',
        url: `/api/cmt/manager/audit-log?plugin_key=banner:${first.id}`,
        headers: { authorization: `Bearer ${admin}` },
      }),
    ).data.entry_list.map((e) => e.action);
    expect(actions).toEqual(['banner_update', 'banner_update', 'banner_update', 'banner_create']);
    await expectFilesInStep();
  });

  it('answers 404 BANNER_NOT_FOUND for an unknown id, keeping none of the uploaded image', async () => {
    const before = await snapshot();
    const response = await save({
      id: '424242',
      image: png(500, 100, [7, 7, 7]),
      redirect_url: 'https://example.com/',
    });
    expect(response.statusCode).toBe(404);
    expect(body<ErrorEnvelope>(response)).toMatchObject({ error: 'BANNER_NOT_FOUND', data: null });
    expect(await snapshot()).toEqual(before);
  });

  it('keeps the carousel order: appends, inserts at a position, moves, and closes gaps on delete', async () => {
    const a = await created({ image: png(), redirect_url: 'https://example.com/a' });
    const b = await created({ image: png(), redirect_url: 'https://example.com/b' });
    const c = await created({ image: png(), redirect_url: 'https://example.com/c', position: '0' });
    const links = async () => (await list()).map((x) => [x.redirect_url.slice(-1), x.position]);
    expect(await links()).toEqual([
      ['c', 0],
      ['a', 1],
      ['b', 2],
    ]);
    const d = await created({
      image: png(),
      redirect_url: 'https://example.com/d',
      position: '9999999999',
    });
    expect(d.position).toBe(3);
    expect((await created({ id: String(b.id), position: '0' })).position).toBe(0);
    expect(await links()).toEqual([
      ['b', 0],
      ['c', 1],
      ['a', 2],
      ['d', 3],
    ]);
    expect((await created({ id: String(b.id), position: '2' })).position).toBe(2);
    expect(await links()).toEqual([
      ['c', 0],
      ['a', 1],
      ['b', 2],
      ['d', 3],
    ]);
    expect((await remove(a.id)).statusCode).toBe(200);
    expect(await links()).toEqual([
      ['c', 0],
      ['b', 1],
      ['d', 2],
    ]);
    expect(c.position).toBe(0);
  });

  it('deletes a banner with its file, keeps a file another banner shares, and refuses hostile bodies', async () => {
    const shared = png(800, 200, [5, 5, 5]);
    const one = await created({ image: shared, redirect_url: 'https://example.com/1' });
    const two = await created({ image: shared, redirect_url: 'https://example.com/2' });
    expect(one.image).toBe(two.image);
    const before = await snapshot();
    for (const id of ['1', 0, -1, 2147483648, 1.5, null, '\u0000', 'x'.repeat(10_000)]) {
      const response = await remove(id);
      expect(response.statusCode, JSON.stringify(id).slice(0, 40)).toBe(400);
      expect(body<ErrorEnvelope>(response).error).toBe('INVALID_PARAMETER');
    }
    expect(
      (
        await t.app.inject({
          method: 'DELETE',
          url: '/api/cmt/manager/plugin-banner',
          payload: { id: one.id, extra: 1 },
          headers: { authorization: `Bearer ${admin}` },
        })
      ).statusCode,
    ).toBe(400);
    expect((await remove(one.id, user)).statusCode).toBe(403);
    expect(await snapshot()).toEqual(before);

    const deleted = await remove(one.id);
    expect(deleted.statusCode).toBe(200);
    expect(body<{ data: { id: number } }>(deleted).data).toEqual({ id: one.id });
    expect((await storedKeys()).has(keyOf(two))).toBe(true);
    expect((await remove(one.id)).statusCode).toBe(404);
    expect(body<ErrorEnvelope>(await remove(one.id))).toMatchObject({ error: 'BANNER_NOT_FOUND' });
    expect((await remove(two.id)).statusCode).toBe(200);
    expect((await storedKeys()).has(keyOf(two))).toBe(false);
    expect(await list()).toEqual([]);
    const log = body<{ data: AuditLogPage }>(
      await t.app.inject({
        method: 'GET',
        url: `/api/cmt/manager/audit-log?plugin_key=banner:${two.id}`,
        headers: { authorization: `Bearer ${admin}` },
      }),
    ).data.entry_list;
    expect(log.map((e) => e.action)).toEqual(['banner_delete', 'banner_create']);
  });

  it("leaves banner images to the orphan collection's references, and a plugin deletion keeps a shared file", async () => {
    const banner = await created({ image: png(1000, 300, [8, 8, 8]), redirect_url: 'https://example.com/' });
    // Collect with no grace: every file without a row goes, the banner's stays.
    await t.app.publishing.collectOrphans(-60_000);
    expect((await storedKeys()).has(keyOf(banner))).toBe(true);
    expect((await t.app.inject({ method: 'GET', url: banner.image })).statusCode).toBe(200);

    // A plugin whose gallery image has the same bytes as a banner: deleting the plugin keeps the file.
    const sharedImage = png(64, 40, [200, 40, 40]);
    const withShared = await created({ image: sharedImage, redirect_url: 'https://example.com/shared' });
    const { payload, headers } = await multipart(publishFields({ name: `Banner Share ${TEST_DIALECT}` }));
    const published = await t.app.inject({
      method: 'POST',
      url: '/api/cmt/plugin',
      payload,
      headers: { ...headers, authorization: `Bearer ${admin}` },
    });
    expect(published.statusCode, published.body).toBe(200);
    const pluginKey = body<{ data: { plugin_key: string } }>(published).data.plugin_key;
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: '/api/cmt/plugin',
      payload: { plugin_key: pluginKey },
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect((await storedKeys()).has(keyOf(withShared))).toBe(true);
    expect((await t.app.inject({ method: 'GET', url: withShared.image })).statusCode).toBe(200);
    await expectFilesInStep();
  });

  it(`refuses a banner beyond ${BANNER_LIMITS.COUNT}`, async () => {
    for (let i = 0; i < BANNER_LIMITS.COUNT; i++)
      await created({ image: png(), redirect_url: `https://example.com/${i}` });
    const before = await snapshot();
    const response = await save({
      image: png(999, 333, [4, 4, 4]),
      redirect_url: 'https://example.com/one-more',
    });
    expect(response.statusCode).toBe(400);
    expect(body<ErrorEnvelope>(response)).toMatchObject({ error: 'INVALID_PARAMETER', field: 'image' });
    expect(await snapshot()).toEqual(before);
  });
});
