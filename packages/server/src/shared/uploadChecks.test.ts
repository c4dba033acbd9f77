// @vitest-environment node
/**
 * The automated upload checks on bytes as an uploader could send them: the image type and
 * dimensions come from the file (a renamed SVG, HTML or executable is refused), pixels are bounded
 * per kind, data after an image's end is refused, damaged files are refused by the decoder, what
 * is kept is a re-encoded copy; the icon must be square and a cover 16:9, similar names are
 * flagged, credentials in a code file are flagged.
 */

import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { checkImage, checkName, checkSecrets, checkVideo, IMAGE_RULES, sniffImage } from './uploadChecks';

/** The first bytes of a PNG of `width` × `height` (signature and IHDR: all a reader needs). */
function png(width: number, height: number, pad = 0): Uint8Array {
  const b = Buffer.alloc(33 + pad);
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(b, 0);
  b.writeUInt32BE(13, 8);
  b.write('IHDR', 12, 'ascii');
  b.writeUInt32BE(width, 16);
  b.writeUInt32BE(height, 20);
  b.set([8, 6, 0, 0, 0], 24);
  return b;
}
/** A GIF89a header of `width` × `height`. */
function gif(width: number, height: number): Uint8Array {
  const b = Buffer.alloc(13);
  b.write('GIF89a', 0, 'ascii');
  b.writeUInt16LE(width, 6);
  b.writeUInt16LE(height, 8);
  return b;
}
/** A GIF of `count` frames of `width` × `height` whose image data is only a clear and an end code. */
function gifFrames(width: number, height: number, count: number): Buffer {
  const screen = Buffer.alloc(7);
  screen.writeUInt16LE(width, 0);
  screen.writeUInt16LE(height, 2);
  screen[4] = 0x80; // a global colour table of 2 colours
  const parts = [Buffer.from('GIF89a', 'latin1'), screen, Buffer.from([0, 0, 0, 255, 255, 255])];
  for (let i = 0; i < count; i++) {
    const descriptor = Buffer.alloc(10);
    descriptor[0] = 0x2c;
    descriptor.writeUInt16LE(width, 5);
    descriptor.writeUInt16LE(height, 7);
    parts.push(descriptor, Buffer.from([2, 1, 0x2c, 0])); // LZW size 2; codes 4 (clear), 5 (end)
  }
  parts.push(Buffer.from([0x3b]));
  return Buffer.concat(parts);
}
const text = (s: string) => new TextEncoder().encode(s);
/** A solid-colour image of `width` × `height` to encode in any format. */
const solid = (width: number, height: number, red = 30) =>
  sharp({ create: { width, height, channels: 3, background: { r: red, g: 140, b: 90 } } });

describe('images from their bytes', () => {
  it('reads type and dimensions from the header, whatever the file is called', () => {
    expect(sniffImage(png(32, 32))).toEqual({ type: 'png', width: 32, height: 32 });
    expect(sniffImage(gif(1600, 900))).toEqual({ type: 'gif', width: 1600, height: 900 });
  });

  it('refuses SVG (it can carry script), HTML and executables named as images', async () => {
    const svg = text(
      '<svg xmlns="http://www.w3.org/2000/svg" width="32" height="32"><script>alert(1)</script></svg>',
    );
    expect(sniffImage(svg)).toBeUndefined();
    expect(await checkImage(svg, 'icon')).toEqual({
      ok: false,
      reason: 'not a PNG, JPEG, GIF or WebP image',
    });
    expect((await checkImage(text('<!doctype html><img src=x onerror=alert(1)>'), 'cover')).ok).toBe(false);
    expect((await checkImage(new Uint8Array([0x4d, 0x5a, 0x90, 0, 3, 0, 0, 0]), 'icon')).ok).toBe(false);
  });

  it('wants a square icon and a 16:9 cover, read from the decoded image', async () => {
    expect(await checkImage(await solid(32, 32).png().toBuffer(), 'icon')).toMatchObject({
      ok: true,
      check: { check: 'image', status: 'pass', detail: 'icon: png 32×32' },
      image: { type: 'png', width: 32, height: 32, frames: 1 },
    });
    expect(await checkImage(await solid(64, 32).png().toBuffer(), 'icon')).toEqual({
      ok: false,
      reason: 'is 64×32, not square',
    });
    expect((await checkImage(await solid(1920, 1080).jpeg().toBuffer(), 'cover')).ok).toBe(true);
    expect(await checkImage(await solid(1000, 1000).png().toBuffer(), 'cover')).toEqual({
      ok: false,
      reason: 'is 1000×1000, not 16:9',
    });
  });

  it('turns a photo upright by its EXIF orientation before the shape is checked', async () => {
    // Stored 180 × 320, shown 320 × 180: a 16:9 cover.
    const jpeg = await solid(180, 320).jpeg().withMetadata({ orientation: 6 }).toBuffer();
    const checked = await checkImage(jpeg, 'cover');
    expect(checked).toMatchObject({ ok: true, image: { type: 'jpg', width: 320, height: 180 } });
    if (checked.ok) expect((await sharp(checked.image.bytes).metadata()).orientation).toBeUndefined();
  });

  it('gives the size limit and the file size in one sentence', async () => {
    expect(await checkImage(png(32, 32, 1024 * 1024), 'icon')).toEqual({
      ok: false,
      reason: 'the icon must be at most 1 MB; this file is 1.1 MB',
    });
    expect(checkVideo(new Uint8Array(26 * 1024 * 1024))).toMatchObject({
      status: 'fail',
      detail: 'video: the video must be at most 25 MB; this file is 26 MB',
    });
  });

  it('bounds the pixels per kind from the header, before decoding anything', async () => {
    expect(await checkImage(png(1025, 1025), 'icon')).toEqual({
      ok: false,
      reason: 'the icon must be at most 1024 × 1024 pixels; this image is 1025 × 1025',
    });
    expect(await checkImage(png(40_000, 20_000), 'banner')).toEqual({
      ok: false,
      reason: 'banner images must be at most 4096 × 2048 pixels; this image is 40000 × 20000',
    });
    expect(await checkImage(png(2 ** 31 - 1, 2 ** 31 - 1), 'image')).toMatchObject({
      reason: 'images must be at most 6144 × 6144 pixels; this image is 2147483647 × 2147483647',
    });
    expect(IMAGE_RULES.cover).toMatchObject({ maxWidth: 4096, maxHeight: 2304 });
    expect((await checkImage(await solid(4096, 2048).png().toBuffer(), 'banner')).ok).toBe(true);
  });

  it('bounds the frames of an animation together, and keeps the animation', async () => {
    const frames = await Promise.all(
      [0, 1, 2].map((i) =>
        solid(64, 40, i * 80)
          .png()
          .toBuffer(),
      ),
    );
    const animated = await sharp(frames, { join: { animated: true } })
      .gif({ delay: [100, 200, 300], loop: 0 })
      .toBuffer();
    const checked = await checkImage(animated, 'image');
    expect(checked).toMatchObject({
      ok: true,
      check: { detail: 'image: gif 64×40, 3 frames' },
      image: { type: 'gif', width: 64, height: 40, frames: 3 },
    });
    if (checked.ok)
      expect(await sharp(checked.image.bytes, { animated: true }).metadata()).toMatchObject({
        pages: 3,
        delay: [100, 200, 300],
      });
    // 40 frames of 1000 × 1000 (a header-only GIF: the frames are counted before any is decoded).
    expect(await checkImage(gifFrames(1000, 1000, 40), 'icon')).toEqual({
      ok: false,
      reason: 'the icon must have at most 8 million pixels in all frames together; this image has 40 million',
    });
  });

  it('refuses data after the end of the image: PNG IEND, JPEG EOI, GIF trailer, WebP RIFF size', async () => {
    const zip = Buffer.from('PK\u0003\u0004 an archive riding along', 'latin1');
    for (const [format, name] of [
      ['png', 'PNG'],
      ['jpeg', 'JPEG'],
      ['gif', 'GIF'],
      ['webp', 'WebP'],
    ] as const) {
      const bytes = await solid(32, 32).toFormat(format).toBuffer();
      expect(await checkImage(Buffer.concat([bytes, zip]), 'icon')).toEqual({
        ok: false,
        reason: `has ${zip.length} bytes of other data after the end of the ${name} image`,
      });
    }
  });

  it('refuses a file cut short or damaged, naming what is wrong', async () => {
    const jpeg = await solid(64, 64).jpeg().toBuffer();
    expect(await checkImage(jpeg.subarray(0, jpeg.length - 30), 'icon')).toEqual({
      ok: false,
      reason: 'not a valid JPEG image (the file ends before its EOI marker)',
    });
    const png = await solid(64, 64).png().toBuffer();
    expect(await checkImage(png.subarray(0, png.length - 20), 'icon')).toMatchObject({
      reason: expect.stringMatching(/^not a valid PNG image \(the file ends (inside|before) its/),
    });
    const flipped = Buffer.from(png);
    flipped[45] = (flipped[45] ?? 0) ^ 0xff; // inside an ancillary chunk (pHYs), which a decoder would drop
    expect(await checkImage(flipped, 'icon')).toEqual({
      ok: false,
      reason: 'not a valid PNG image (the CRC of its pHYs chunk is wrong)',
    });
    const webp = Buffer.from(await solid(32, 32).webp().toBuffer());
    webp.writeUInt32LE(webp.readUInt32LE(4) + 100, 4);
    expect(await checkImage(webp, 'icon')).toEqual({
      ok: false,
      reason: `not a valid WebP image (its RIFF header declares ${webp.length + 100} bytes, the file has ${webp.length})`,
    });
  });

  it('accepts the second image of a Multi-Picture Format JPEG (a phone photo with its gain map)', async () => {
    const main = await solid(64, 64).jpeg().toBuffer();
    const second = await solid(16, 16).jpeg().toBuffer();
    // APP2 "MPF\0" right after SOI: the index saying another image follows.
    const app2 = Buffer.from([0xff, 0xe2, 0x00, 0x08, 0x4d, 0x50, 0x46, 0x00, 0x00, 0x00]);
    const mpf = Buffer.concat([main.subarray(0, 2), app2, main.subarray(2), second]);
    const checked = await checkImage(mpf, 'icon');
    expect(checked).toMatchObject({ ok: true, image: { type: 'jpg', width: 64, height: 64 } });
    // Without the index, the same bytes are a JPEG with something after it.
    expect((await checkImage(Buffer.concat([main, second]), 'icon')).ok).toBe(false);
  });

  it('stores a re-encoded copy without metadata', async () => {
    const png = await solid(32, 32)
      .png()
      .withMetadata()
      .withExif({ IFD0: { Copyright: 'Secret Corp' } })
      .toBuffer();
    const checked = await checkImage(png, 'icon');
    expect(checked.ok).toBe(true);
    if (!checked.ok) return;
    expect(checked.image.bytes.includes(Buffer.from('Secret Corp'))).toBe(false);
    expect(await sharp(checked.image.bytes).metadata()).toMatchObject({
      format: 'png',
      width: 32,
      height: 32,
    });
  });
});

describe('similar names (typosquatting)', () => {
  const existing = ['Auto Layout', 'Design Lint', 'Unsplash', 'Iconify'].map((name) => ({
    name,
    plugin_key: name.toLowerCase().replace(' ', '-'),
  }));
  it('flags a name one or two edits from an existing one, or equal once folded', () => {
    expect(checkName('autolayout', existing)).toMatchObject({
      status: 'flag',
      detail: 'similar to "Auto Layout" (auto-layout)',
    });
    expect(checkName('Design Lnit', existing).status).toBe('flag');
    expect(checkName('Unsp1ash', existing).status).toBe('flag');
    expect(checkName('Icönify', existing).status).toBe('flag');
  });
  it('names two plugins of one name as two, each with its key, and each plugin once', () => {
    const twins = [
      { name: 'Grid Helper', plugin_key: 'grid-helper' },
      { name: 'Grid Helper', plugin_key: 'grid-helper-2' },
      { name: 'Grid Helper', plugin_key: 'grid-helper' },
    ];
    expect(checkName('Grid Helpr', twins).detail).toBe(
      'similar to "Grid Helper" (grid-helper), "Grid Helper" (grid-helper-2)',
    );
    const many = Array.from({ length: 8 }, (_, i) => ({ name: 'Iconify', plugin_key: `iconify-${i}` }));
    expect(checkName('Iconify', many).detail).toMatch(/\(iconify-4\) and 3 more$/);
  });
  it('passes a name that is merely related', () => {
    expect(checkName('Color Contrast Checker', existing)).toEqual({
      check: 'name',
      status: 'pass',
      detail: 'no similar plugin name',
    });
    expect(checkName('Lint', existing).status).toBe('pass');
  });
});

describe('credentials in the code file', () => {
  it('flags provider keys and key blocks, naming each kind', () => {
    const code = `const key = "AKIA${'A'.repeat(16)}"; const gh = "ghp_${'a'.repeat(36)}";`;
    expect(checkSecrets(code)).toMatchObject({
      status: 'flag',
      detail: 'possible AWS access key, GitHub token in the code file',
    });
    expect(checkSecrets('-----BEGIN RSA PRIVATE KEY-----\nMIIB').status).toBe('flag');
    expect(checkSecrets('{"api_key": "0123456789abcdef0123"}').status).toBe('flag');
  });
  it('passes an ordinary manifest', () => {
    expect(checkSecrets('{"name":"Tidy","id":"123","api":"1.0.0","main":"code.js"}').status).toBe('pass');
  });
});
