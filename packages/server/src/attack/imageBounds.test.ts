/**
 * Images as an attacker sent them, on each dialect: a 40,000 × 20,000 banner shown to every
 * visitor, a PNG header claiming 2.1 billion × 2.1 billion pixels with a wrong CRC, a truncated
 * JPEG, a GIF with a ZIP archive after its trailer, WebP files whose RIFF size disagrees with the
 * file — all were stored as they came, because only the header was read. Each must be refused with
 * 400 UPLOAD_REJECTED naming the field and what is wrong, with nothing stored; a valid image is
 * stored as the decoder re-encoded it (metadata stripped), so what is served is what was checked.
 * Also: a file over its size limit says so in one sentence with the limit and its own size.
 */

import { constants, crc32, createDeflate } from 'node:zlib';
import type { Banner, ErrorEnvelope, Submission } from '@plugin-center/contract';
import { Role } from '@plugin-center/contract/schemas';
import { strToU8, zipSync } from 'fflate';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FILE_URL_PREFIX, fileKey } from '../shared/storage/fileKeys';
import { body, createTestApp, pluginCount, signInTestUser, type TestApp } from '../testing/testApp';
import { TEST_DIALECT } from '../testing/testDatabase';
import { type FilePart, multipart, publishFields } from '../testing/testFiles';

let t: TestApp;
let user = '';
let admin = '';

beforeAll(async () => {
  t = await createTestApp({ importCatalogueOnEmpty: false });
  user = (await signInTestUser(t.app)).access_token;
  admin = (await signInTestUser(t.app, { role: Role.GENERAL_ADMIN })).access_token;
}, 60_000);
afterAll(async () => t?.close());

/** One PNG chunk: length, type, data and its CRC (or `badCrc`). */
function pngChunk(type: string, data: Buffer, badCrc = false): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE((crc32(typed) ^ (badCrc ? 0xdeadbeef : 0)) >>> 0);
  return Buffer.concat([length, typed, crc]);
}
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const ihdr = (width: number, height: number) => {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // truecolour
  return header;
};

/**
 * A valid solid-colour RGB PNG of 40,000 × 20,000 pixels (2.3 MB: rows after the first repeat it
 * with the "Up" filter), deflated as a stream so the test never holds the 2.4 GB of pixels.
 */
async function hugeBanner(): Promise<Buffer> {
  const width = 40_000;
  const height = 20_000;
  const first = Buffer.alloc(1 + width * 3);
  for (let x = 0; x < width; x++) first.set([200, 40, 40], 1 + x * 3);
  const up = Buffer.alloc(1 + width * 3);
  up[0] = 2;
  const block = Buffer.concat(Array.from({ length: 1000 }, () => up));
  const deflate = createDeflate({ level: 9, strategy: constants.Z_RLE });
  const out: Buffer[] = [];
  deflate.on('data', (chunk: Buffer) => out.push(chunk));
  const done = new Promise((resolve) => deflate.on('end', resolve));
  deflate.write(first);
  let rows = 1;
  while (rows < height) {
    const n = Math.min(1000, height - rows);
    deflate.write(n === 1000 ? block : block.subarray(0, n * up.length));
    rows += n;
  }
  deflate.end();
  await done;
  return Buffer.concat([
    PNG_SIGNATURE,
    pngChunk('IHDR', ihdr(width, height)),
    pngChunk('IDAT', Buffer.concat(out)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A PNG whose header claims 2,147,483,647 × 2,147,483,647 pixels, with a wrong IHDR CRC. */
function claimedGiantPng(): Buffer {
  const side = 2 ** 31 - 1;
  return Buffer.concat([
    PNG_SIGNATURE,
    pngChunk('IHDR', ihdr(side, side), true),
    pngChunk('IDAT', Buffer.from([0x78, 0x9c, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01])),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

const solid = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 30, g: 140, b: 90 } } });

const part = (bytes: Uint8Array, name: string, type: string): FilePart => ({ bytes, name, type });

async function publish(fields: Parameters<typeof multipart>[0]) {
  const { payload, headers } = await multipart(fields);
  return t.app.inject({
    method: 'POST',
    url: '/api/cmt/plugin',
    payload,
    headers: { ...headers, authorization: `Bearer ${user}` },
  });
}

async function saveBanner(fields: Parameters<typeof multipart>[0]) {
  const { payload, headers } = await multipart(fields);
  return t.app.inject({
    method: 'PUT',
    url: '/api/cmt/manager/plugin-banner',
    payload,
    headers: { ...headers, authorization: `Bearer ${admin}` },
  });
}

const storedKeys = async () => (await t.app.publishing.storage.list()).map((file) => file.key).sort();
const banners = async () =>
  body<{ data: Banner[] }>(await t.app.inject({ method: 'GET', url: '/api/cmt/plugin-banner/all' })).data;

/** What a caller can observe: plugins, banners and stored files. */
const observed = async () => ({
  plugins: await pluginCount(t.app),
  banners: (await banners()).length,
  files: await storedKeys(),
});

describe(`image bounds and structure (${TEST_DIALECT})`, () => {
  /** `[what, form, field, message]`: each hostile image of the probe. */
  const cases: [
    string,
    () => Promise<{ banner?: FilePart; publish?: Record<string, FilePart> }>,
    string,
    RegExp,
  ][] = [
    [
      'a 40,000 × 20,000 banner',
      async () => ({ banner: part(await hugeBanner(), 'banner.png', 'image/png') }),
      'image',
      /^image: banner images must be at most 4096 × 2048 pixels; this image is 40000 × 20000$/,
    ],
    [
      'an icon whose header claims 2.1 billion × 2.1 billion pixels with a wrong CRC',
      async () => ({ publish: { icon: part(claimedGiantPng(), 'icon.png', 'image/png') } }),
      'icon',
      /^icon: the icon must be at most 1024 × 1024 pixels; this image is 2147483647 × 2147483647$/,
    ],
    [
      'a 32 × 32 icon whose header has a wrong CRC',
      async () => ({
        publish: {
          icon: part(
            Buffer.concat([
              PNG_SIGNATURE,
              pngChunk('IHDR', ihdr(32, 32), true),
              (await solid(32, 32).png().toBuffer()).subarray(33),
            ]),
            'icon.png',
            'image/png',
          ),
        },
      }),
      'icon',
      /^icon: not a valid PNG image \(the CRC of its IHDR chunk is wrong\)$/,
    ],
    [
      'a truncated JPEG cover',
      async () => {
        const jpeg = await solid(320, 180).jpeg().toBuffer();
        return { publish: { cover_center: part(jpeg.subarray(0, jpeg.length - 40), 'c.jpg', 'image/jpeg') } };
      },
      'cover_center',
      /^cover_center: not a valid JPEG image \(.*\)$/,
    ],
    [
      'a GIF with a ZIP archive after its trailer',
      async () => {
        const gif = await solid(64, 40).gif().toBuffer();
        const zip = zipSync({ 'payload.js': strToU8('alert(document.cookie)') });
        return { publish: { images: part(Buffer.concat([gif, zip]), 'shot.gif', 'image/gif') } };
      },
      'images',
      /^images: has \d+ bytes of other data after the end of the GIF image$/,
    ],
    [
      'a WebP whose RIFF size is smaller than the file (data after it)',
      async () => {
        const webp = Buffer.from(await solid(32, 32).webp().toBuffer());
        const bytes = Buffer.concat([webp, Buffer.from('<script>alert(1)</script>')]);
        return { publish: { icon: part(bytes, 'icon.webp', 'image/webp') } };
      },
      'icon',
      /^icon: has 25 bytes of other data after the end of the WebP image$/,
    ],
    [
      'a WebP whose RIFF size is larger than the file',
      async () => {
        const webp = Buffer.from(await solid(32, 32).webp().toBuffer());
        webp.writeUInt32LE(webp.readUInt32LE(4) + 1000, 4);
        return { publish: { icon: part(webp, 'icon.webp', 'image/webp') } };
      },
      'icon',
      /^icon: not a valid WebP image \(.*\)$/,
    ],
  ];

  for (const [what, make, field, message] of cases) {
    it(`refuses ${what}, storing nothing`, async () => {
      const before = await observed();
      const form = await make();
      const response = form.banner
        ? await saveBanner({ image: form.banner, redirect_url: 'https://example.com/sale' })
        : await publish(publishFields({ name: `Bounds ${field}`, ...form.publish }));
      expect(response.statusCode, response.body).toBe(400);
      const error = body<ErrorEnvelope>(response);
      expect(error).toMatchObject({ code: 40005, field });
      expect(error.message).toMatch(message);
      expect(await observed()).toEqual(before);
    }, 30_000);
  }

  it('stores a valid image re-encoded: metadata stripped, same dimensions, keyed by the stored bytes', async () => {
    const jpeg = await solid(320, 180)
      .jpeg({ quality: 95 })
      .withExif({ IFD0: { Copyright: 'Secret Corp', Artist: 'Jane Doe <jane@example.com>' } })
      .toBuffer();
    expect((await sharp(jpeg).metadata()).exif).toBeDefined();
    const response = await publish(
      publishFields({ name: 'Reencoded Cover', cover_center: part(jpeg, 'cover.jpg', 'image/jpeg') }),
    );
    expect(response.statusCode, response.body).toBe(200);
    const submission = body<{ data: Submission }>(response).data;
    expect(submission.cover_center).toMatch(/\.jpg$/);
    const served = await t.app.inject({ method: 'GET', url: submission.cover_center! });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(served.rawPayload.equals(jpeg)).toBe(false);
    expect(served.rawPayload.includes(Buffer.from('Secret Corp'))).toBe(false);
    const decoded = await sharp(served.rawPayload).metadata();
    expect(decoded).toMatchObject({ format: 'jpeg', width: 320, height: 180 });
    expect(decoded.exif).toBeUndefined();
    expect(submission.cover_center!.slice(FILE_URL_PREFIX.length)).toBe(fileKey(served.rawPayload, 'jpg'));
    expect(await storedKeys()).not.toContain(fileKey(jpeg, 'jpg'));
    await t.app.inject({
      method: 'DELETE',
      url: '/api/cmt/plugin',
      payload: { plugin_key: submission.plugin_key },
      headers: { authorization: `Bearer ${admin}` },
    });
  });

  it('names the limit and the file size in one sentence for a file over its cap', async () => {
    const before = await observed();
    const code = Buffer.alloc(80 * 1024, 0x20);
    const response = await publish(
      publishFields({ code_file: part(code, 'manifest.json', 'application/json') }),
    );
    expect(response.statusCode).toBe(413);
    expect(body<ErrorEnvelope>(response)).toMatchObject({
      field: 'code_file',
      message: 'code_file: the code file must be at most 64 KB; this file is 80 KB',
    });
    const cover = Buffer.alloc(6 * 1024 * 1024, 0x20);
    const refused = await publish(publishFields({ cover_center: part(cover, 'cover.png', 'image/png') }));
    expect(refused.statusCode).toBe(413);
    expect(body<ErrorEnvelope>(refused)).toMatchObject({
      field: 'cover_center',
      message: 'cover_center: cover images must be at most 5 MB; this file is 6 MB',
    });
    expect(await observed()).toEqual(before);
  });
});
