/**
 * The pure checks of the publish form (SPEC §5) and the form's wording of a server refusal.
 */
import { PUBLISH_LIMITS } from '@plugin-center/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  checkCodeFile,
  checkContact,
  checkImageFile,
  checkShape,
  checkText,
  checkUrl,
  checkVersion,
  checkVideoFile,
  formatLimit,
} from './validation';

const file = (name: string, type: string, size: number, content?: string) => {
  const f = new File([content ?? 'x'], name, { type });
  if (content === undefined) Object.defineProperty(f, 'size', { value: size });
  return f;
};

describe('publish form checks (SPEC §5)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('texts: required and over the limit (limit not shown)', () => {
    expect(checkText('  ', 50, true)).toEqual({ key: 'error.required' });
    expect(checkText('a'.repeat(51), 50, true)).toEqual({ key: 'error.overLimit' });
    expect(checkText('a'.repeat(50), 50, true)).toBeNull();
    expect(checkText('', 50)).toBeNull();
    // code points, not UTF-16 units
    expect(checkText('😀'.repeat(50), 50)).toBeNull();
  });

  it('links must be http(s) URLs', () => {
    expect(checkUrl('')).toBeNull();
    expect(checkUrl('https://example.com/help')).toBeNull();
    expect(checkUrl('ftp://example.com')).toEqual({ key: 'error.url' });
    expect(checkUrl('javascript:alert(1)')).toEqual({ key: 'error.url' });
    expect(checkUrl('example.com')).toEqual({ key: 'error.url' });
    // The contract's one link rule, as the server applies it.
    for (const bad of [
      'https://user:pw@host.example/',
      'https:/\\host.example',
      'JaVaScRiPt:alert(1)',
      'java\tscript:alert(1)',
      'data:text/html,<b>x</b>',
      'https://example\u200b.com/',
    ])
      expect(checkUrl(bad), bad).toEqual({ key: 'error.url' });
    expect(checkUrl('  https://github.com/example/plugin  ')).toBeNull();
  });

  it('contacts: text, email, phone or an http(s) link, never an active scheme', () => {
    for (const good of [
      '',
      'dev@example.com',
      'QQ:12345',
      'WeChat: pixso_dev',
      '+86 138 0000 0000',
      'https://example.com/',
    ])
      expect(checkContact(good), good).toBeNull();
    for (const bad of [
      'javascript:alert(1)',
      ' JaVaScRiPt:alert(1)',
      'data:text/html,x',
      'vbscript:x',
      'ftp://example.com',
      'https://user:pw@host.example/',
    ])
      expect(checkContact(bad), bad).toEqual({ key: 'error.url' });
    expect(checkContact('a'.repeat(PUBLISH_LIMITS.CONTACT + 1))).toEqual({ key: 'error.overLimit' });
  });

  it('versions are semver', () => {
    expect(checkVersion('1.0.0')).toBeNull();
    expect(checkVersion('2.10.3-beta.1')).toBeNull();
    expect(checkVersion('1.0')).toEqual({ key: 'error.semver' });
    expect(checkVersion('')).toEqual({ key: 'error.required' });
  });

  it('images and video: the format or the size, each its own sentence with the limit', () => {
    expect(checkImageFile(file('a.png', 'image/png', 1000), PUBLISH_LIMITS.ICON_BYTES, 'icon')).toBeNull();
    expect(checkImageFile(file('a.svg', 'image/svg+xml', 1000), PUBLISH_LIMITS.ICON_BYTES, 'icon')).toEqual({
      key: 'media.format.icon',
    });
    expect(
      checkImageFile(file('a.png', 'image/png', 6 * 1024 * 1024), PUBLISH_LIMITS.COVER_BYTES, 'cover'),
    ).toEqual({ key: 'media.size.cover', values: { size: '5 MB' } });
    expect(checkVideoFile(file('v.mp4', 'video/mp4', 26 * 1024 * 1024))).toEqual({
      key: 'media.size.video',
      values: { size: '25 MB' },
    });
    expect(checkVideoFile(file('v.avi', 'video/x-msvideo', 1024))).toEqual({ key: 'media.format.video' });
    expect(checkVideoFile(file('v.mp4', 'video/mp4', 1024))).toBeNull();
  });

  it('the code file limit reads in KB, not as a fraction of a MB', async () => {
    expect(await checkCodeFile(file('m.json', 'application/json', 80 * 1024))).toEqual({
      key: 'media.size.code',
      values: { size: '64 KB' },
    });
    expect(formatLimit(64 * 1024)).toBe('64 KB');
    expect(formatLimit(5 * 1024 * 1024)).toBe('5 MB');
  });

  it('the code file must be .json and parse as JSON', async () => {
    expect(await checkCodeFile(file('m.js', 'text/javascript', 0, '{}'))).toEqual({ key: 'error.codeType' });
    expect(await checkCodeFile(file('m.json', 'application/json', 0, '{"name":'))).toEqual({
      key: 'error.codeJson',
    });
    expect(await checkCodeFile(file('m.json', 'application/json', 0, '{"name":"x"}'))).toBeNull();
  });

  it('icon square and cover 16:9 when the size can be read, skipped otherwise', async () => {
    const png = file('a.png', 'image/png', 10);
    vi.stubGlobal('createImageBitmap', undefined);
    expect(await checkShape(png, 'square')).toBeNull();
    const sizes = [
      { width: 32, height: 32 },
      { width: 32, height: 30 },
      { width: 1600, height: 900 },
      { width: 1000, height: 1000 },
    ];
    vi.stubGlobal('createImageBitmap', async () => ({ ...sizes.shift()!, close() {} }));
    expect(await checkShape(png, 'square')).toBeNull();
    expect(await checkShape(png, 'square')).toEqual({ key: 'error.square' });
    expect(await checkShape(png, '16:9')).toBeNull();
    expect(await checkShape(png, '16:9')).toEqual({ key: 'error.ratio' });
    vi.stubGlobal('createImageBitmap', async () => {
      throw new Error('undecodable');
    });
    expect(await checkShape(png, '16:9')).toBeNull();
  });
});

describe('mediaRefusal (the form’s wording of a server refusal of a media file)', () => {
  it('names the field’s files and the limit in one sentence, and leaves a code file’s content to the server', async () => {
    const { mediaRefusal } = await import('./validation');
    expect(mediaRefusal('icon', 'icon: not a PNG, JPEG, GIF or WebP image')).toEqual({
      key: 'media.format.icon',
    });
    expect(mediaRefusal('icon', 'icon: is 64×32, not square')).toEqual({ key: 'error.square' });
    expect(mediaRefusal('cover_center', 'cover_center: is 160×120, not 16:9')).toEqual({
      key: 'error.ratio',
    });
    expect(mediaRefusal('cover_panel', 'cover_panel: larger than the server accepts', 413)).toEqual({
      key: 'media.size.cover',
      values: { size: '5 MB' },
    });
    expect(
      mediaRefusal('cover_center', 'cover_center: cover images must be at most 5 MB; this file is 6.1 MB'),
    ).toEqual({ key: 'media.size.cover', values: { size: '5 MB' } });
    expect(
      mediaRefusal('icon', 'icon: the icon must be at most 1024 × 1024 pixels; this image is 4000 × 4000'),
    ).toEqual({ key: 'media.pixels.icon', values: { width: 1024, height: 1024 } });
    expect(
      mediaRefusal('images', 'images: images must have at most 40 million pixels in all frames together'),
    ).toEqual({ key: 'media.frames', values: { million: '40' } });
    expect(mediaRefusal('video', 'video: not an MP4 or WebM file')).toEqual({ key: 'media.format.video' });
    expect(
      mediaRefusal('code_file', 'code_file: the code file must be at most 64 KB; this file is 80 KB', 413),
    ).toEqual({ key: 'media.size.code', values: { size: '64 KB' } });
    expect(mediaRefusal('code_file', 'code_file: /main must be string')).toBeNull();
  });
});
