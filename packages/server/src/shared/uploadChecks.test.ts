// @vitest-environment node
/**
 * The automated upload checks on bytes as an uploader could send them: the image type and
 * dimensions come from the file (a renamed SVG, HTML or executable is refused), the icon must be
 * square and a cover 16:9, similar names are flagged, credentials in a code file are flagged.
 */
import { describe, expect, it } from 'vitest';
import { checkImage, checkName, checkSecrets, sniffImage } from './uploadChecks';

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
const text = (s: string) => new TextEncoder().encode(s);

describe('images from their bytes', () => {
  it('reads type and dimensions from the file, whatever it is called', () => {
    expect(sniffImage(png(32, 32))).toEqual({ type: 'png', width: 32, height: 32 });
    expect(sniffImage(gif(1600, 900))).toEqual({ type: 'gif', width: 1600, height: 900 });
  });

  it('refuses SVG (it can carry script), HTML and executables named as images', () => {
    const svg = text(
      '<svg xmlns="http://www.w3.org/2000/svg" width="32" height="32"><script>alert(1)</script></svg>',
    );
    expect(sniffImage(svg)).toBeUndefined();
    expect(checkImage(svg, 'icon')).toMatchObject({
      status: 'fail',
      detail: 'icon is not a PNG, JPEG, GIF or WebP image',
    });
    expect(checkImage(text('<!doctype html><img src=x onerror=alert(1)>'), 'cover').status).toBe('fail');
    expect(checkImage(new Uint8Array([0x4d, 0x5a, 0x90, 0, 3, 0, 0, 0]), 'icon').status).toBe('fail');
  });

  it('wants a square icon and a 16:9 cover, read from the file', () => {
    expect(checkImage(png(32, 32), 'icon')).toEqual({
      check: 'image',
      status: 'pass',
      detail: 'icon: png 32×32',
    });
    expect(checkImage(png(64, 32), 'icon')).toMatchObject({
      status: 'fail',
      detail: 'icon is 64×32, not square',
    });
    expect(checkImage(png(1920, 1080), 'cover').status).toBe('pass');
    expect(checkImage(png(1000, 1000), 'cover')).toMatchObject({
      status: 'fail',
      detail: 'cover is 1000×1000, not 16:9',
    });
  });

  it('gives the size limit in MB', () => {
    expect(checkImage(png(32, 32, 1024 * 1024), 'icon')).toMatchObject({
      status: 'fail',
      detail: 'icon is larger than 1 MB',
    });
  });
});

describe('similar names (typosquatting)', () => {
  const existing = ['Auto Layout', 'Design Lint', 'Unsplash', 'Iconify'];
  it('flags a name one or two edits from an existing one, or equal once folded', () => {
    expect(checkName('autolayout', existing)).toMatchObject({
      status: 'flag',
      detail: 'similar to "Auto Layout"',
    });
    expect(checkName('Design Lnit', existing).status).toBe('flag');
    expect(checkName('Unsp1ash', existing).status).toBe('flag');
    expect(checkName('Icönify', existing).status).toBe('flag');
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
