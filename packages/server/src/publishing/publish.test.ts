/**
 * Publishing end to end through the real server, on SQLite and PostgreSQL: publish with every kind
 * of file → not on the square, every file stored under its content address; served with its sniffed
 * type; only the owner edits; hostile uploads refused with nothing stored. Everything runs twice:
 * with the uploads on the local disk, and in an S3 bucket (s3rver) looked into directly. The review
 * of a publication continues in review/review.test.ts.
 */

import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { ErrorEnvelope, PluginListResult, Submission } from '@plugin-center/contract';
import { ReviewStatus } from '@plugin-center/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FILE_URL_PREFIX } from '../shared/storage/fileKeys';
import { LocalFileStorage } from '../shared/storage/localStorage';
import { ORPHAN_GRACE_MS } from '../shared/storage/references';
import { S3FileStorage } from '../shared/storage/s3Storage';
import { body, pluginCount, type TestApp } from '../testing/testApp';
import { TEST_DIALECT } from '../testing/testDatabase';
import {
  type FilePart,
  mp4Bytes,
  multipart,
  pngBytes,
  publishFields,
  uniqueManifest,
} from '../testing/testFiles';
import { createPublishingSession, S3_PREFIX, STORAGES } from '../testing/testPublishing';
import type { TestS3Server } from '../testing/testS3';

/** A real 32 × 32 GIF icon. */
const gifIcon = () =>
  sharp({ create: { width: 32, height: 32, channels: 3, background: { r: 200, g: 40, b: 40 } } })
    .gif()
    .toBuffer();

const session = createPublishingSession();
const { auth, send, json, storedFiles, tagCount } = session;
let t: TestApp;
let s3: TestS3Server | undefined;

describe.each(STORAGES)('on %s storage', (storage) => {
  beforeAll(async () => {
    ({ t, s3 } = await session.start(storage));
  }, 60_000);
  afterAll(() => session.close());

  it(`keeps the uploads where the configuration says (${storage})`, async () => {
    const stored = t.app.publishing.storage;
    if (s3) {
      expect(stored).toBeInstanceOf(S3FileStorage);
      expect(stored).toMatchObject({ bucket: s3.bucket, prefix: S3_PREFIX });
    } else {
      expect(stored).toBeInstanceOf(LocalFileStorage);
      expect((stored as LocalFileStorage).dir).toBe(join(t.config.dataDir, 'uploads'));
    }
  });

  describe(`publishing (${TEST_DIALECT})`, () => {
    let key = '';
    let first: Submission;

    it('publishes a plugin with icon, covers, video, an image and a real manifest, waiting for review', async () => {
      const colorBefore = await tagCount('color');
      const response = await send('POST', 'author', publishFields());
      expect(response.statusCode).toBe(200);
      first = body<{ data: Submission }>(response).data;
      key = first.plugin_key;
      expect(key).toMatch(/^contrast-checker-pro-[0-9a-f]{10}$/);
      expect(first).toMatchObject({
        review_status: ReviewStatus.UNREVIEWED,
        version: '1.0.0',
        tags: ['accessibility', 'color'],
        reuse_center_cover: true,
        has_code_file: true,
        live_version: null,
        reject_reason: null,
      });
      expect(first.cover_panel).toBe(first.cover_center);
      expect(first.images).toHaveLength(1);
      expect(first.checks.map((c) => `${c.check}:${c.status}`)).toEqual([
        'image:pass',
        'image:pass',
        'image:pass',
        'video:pass',
        'manifest:pass',
        'secrets:pass',
        'name:pass',
      ]);
      // Not on the square until approved, and no tag counts moved.
      expect((await json('GET', `/api/cmt/plugin?plugin_key=${key}`)).status).toBe(404);
      const list = await json<PluginListResult>(
        'GET',
        `/api/cmt/plugin/list?keyword=${encodeURIComponent('Contrast Checker Pro')}`,
      );
      expect(list.body.data.plugin_list.map((p) => p.plugin_key)).not.toContain(key);
      expect(await tagCount('color')).toBe(colorBefore);
      // Every file under its content address on the configured storage, and only there.
      const stored = await storedFiles();
      for (const url of [first.icon!, first.cover_center!, first.video!, ...first.images])
        expect(stored).toContain(url.slice(FILE_URL_PREFIX.length));
      expect(stored.filter((name) => /^[0-9a-f]{64}\.json$/.test(name))).toHaveLength(1);
      expect(stored.every((name) => /^[0-9a-f]{64}\.[a-z0-9]+$/.test(name))).toBe(true);
      expect(existsSync(join(t.config.dataDir, 'uploads'))).toBe(!s3);
    });

    it('serves the stored images and video with their sniffed type, nosniff and a sandbox', async () => {
      for (const url of [first.icon!, first.cover_center!, first.video!]) {
        const response = await t.app.inject({ method: 'GET', url });
        expect(response.statusCode).toBe(200);
        expect(response.headers['x-content-type-options']).toBe('nosniff');
        expect(response.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
        expect(response.headers['content-type']).toBe(url.endsWith('.mp4') ? 'video/mp4' : 'image/png');
        // On S3: the very bytes of the object in the bucket.
        if (s3) {
          const object = await s3.bytes(`${S3_PREFIX}${url.slice(FILE_URL_PREFIX.length)}`);
          expect(response.rawPayload.equals(object)).toBe(true);
        }
      }
      const missing = await t.app.inject({ method: 'GET', url: `/api/cmt/file/${'0'.repeat(64)}.png` });
      expect(missing.statusCode).toBe(404);
      // The code file is never served publicly.
      const code = await t.app.inject({ method: 'GET', url: `/api/cmt/file/${'0'.repeat(64)}.json` });
      expect(code.statusCode).toBe(400);
    });

    it('lets no one else edit it, and needs a sign-in', async () => {
      const other = await send('PUT', 'other', publishFields({ plugin_key: key, version: '1.0.1' }));
      expect(other.statusCode).toBe(403);
      const { payload, headers } = await multipart(publishFields());
      const visitor = await t.app.inject({ method: 'POST', url: '/api/cmt/plugin', payload, headers });
      expect(visitor.statusCode).toBe(401);
    });

    // The review suite's last step deletes the plugin with its files; here the plugin goes the
    // same way, leaving the storage empty for the hostile uploads below.
    afterAll(async () => {
      expect((await json('DELETE', '/api/cmt/plugin', 'admin', { plugin_key: key })).status).toBe(200);
    });
  });

  describe(`hostile uploads leave nothing behind (${TEST_DIALECT})`, () => {
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(1)</script></svg>',
    );
    const exe = Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00\x00\x00', 'latin1'), Buffer.alloc(2000)]);
    const file = (bytes: Uint8Array, name: string, type = 'image/png'): FilePart => ({ bytes, name, type });
    const cases: [string, Parameters<typeof multipart>[0], number, string, string | RegExp][] = [
      [
        'an SVG with script as the icon',
        publishFields({ icon: file(svg, 'icon.png') }),
        400,
        'icon',
        /not a PNG, JPEG, GIF or WebP/,
      ],
      [
        'a renamed executable as the cover',
        publishFields({ cover_center: file(exe, 'cover.png') }),
        400,
        'cover_center',
        /not a PNG/,
      ],
      [
        'a renamed executable as the video',
        publishFields({ video: file(exe, 'demo.mp4', 'video/mp4') }),
        400,
        'video',
        /not an MP4 or WebM/,
      ],
      [
        'an oversize icon',
        publishFields({
          icon: file(Buffer.concat([pngBytes(32, 32), Buffer.alloc(1024 * 1024)]), 'icon.png'),
        }),
        413,
        'icon',
        /1 MB/,
      ],
      [
        'a non-square icon',
        publishFields({ icon: file(pngBytes(64, 32), 'icon.png') }),
        400,
        'icon',
        /not square/,
      ],
      [
        'a 4:3 cover',
        publishFields({ cover_center: file(pngBytes(160, 120), 'cover.png') }),
        400,
        'cover_center',
        /not 16:9/,
      ],
      [
        'a code file that is not JSON',
        publishFields({ code_file: file(Buffer.from('function(){}'), 'manifest.json', 'application/json') }),
        400,
        'code_file',
        /JSON/,
      ],
      [
        'a manifest that fails its schema',
        publishFields({
          code_file: file(Buffer.from('{"name":"x","id":"1","api":"1.0.0","main":5}'), 'manifest.json'),
        }),
        400,
        'code_file',
        /\/main/,
      ],
      [
        'four images and videos',
        publishFields({ images: [1, 2, 3].map((i) => file(pngBytes(10 + i, 10), `s${i}.png`)) }),
        400,
        'images',
        /at most 3/,
      ],
      ['no code file', publishFields({ code_file: undefined }), 400, 'code_file', /required/],
      ['a NUL in the name', publishFields({ name: 'Bad\u0000Name' }), 400, 'name', /NUL/],
      ['no name', publishFields({ name: undefined }), 400, 'name', /required/],
      ['an intro over its limit', publishFields({ intro: 'x'.repeat(121) }), 400, 'intro', /over 120 words/],
      [
        'a javascript: support link',
        publishFields({ technical_support_link: 'javascript:alert(1)' }),
        400,
        'technical_support_link',
        'technical_support_link: Wrong url, please try again',
      ],
      [
        'a version that is not semver',
        publishFields({ version: 'v1.0' }),
        400,
        'version',
        /semantic version/,
      ],
      ['an unknown field', publishFields({ owner_id: '1' }), 400, 'owner_id', /unknown field/],
      [
        'an unknown file field',
        publishFields({ script: file(Buffer.from('x'), 'x.js') }),
        400,
        'script',
        /unknown file field/,
      ],
    ];

    for (const [what, fields, status, field, message] of cases) {
      it(`refuses ${what} (${status}, ${field})`, async () => {
        const before = await pluginCount(t.app);
        const files = await storedFiles();
        const response = await send('POST', 'author', fields);
        expect(response.statusCode).toBe(status);
        const error = body<ErrorEnvelope>(response);
        expect(error.field).toBe(field);
        if (typeof message === 'string') expect(error.message).toBe(message);
        else expect(error.message).toMatch(message);
        expect(await pluginCount(t.app)).toBe(before);
        expect(await storedFiles()).toEqual(files);
      });
    }

    it('refuses a body that is not multipart, and a truncated multipart body', async () => {
      const json = await t.app.inject({
        method: 'POST',
        url: '/api/cmt/plugin',
        payload: { name: 'x' },
        headers: auth('author'),
      });
      expect(json.statusCode).toBe(415);
      const { payload, headers } = await multipart(publishFields());
      const cut = await t.app.inject({
        method: 'POST',
        url: '/api/cmt/plugin',
        payload: payload.subarray(0, payload.length >> 1),
        headers: { ...headers, ...auth('author') },
      });
      expect(cut.statusCode).toBe(400);
      expect(await storedFiles()).toEqual([]);
    });

    it('refuses a GIF polyglot (script where the image data should be), and serves what it stores with nosniff and a sandbox', async () => {
      const gif = Buffer.concat([
        Buffer.from('GIF89a', 'latin1'),
        Buffer.from([32, 0, 32, 0, 0, 0, 0]),
        Buffer.from('*/=1;alert(document.cookie)/*', 'latin1'),
        Buffer.from([0x3b]),
      ]);
      const files = await storedFiles();
      const refused = await send(
        'POST',
        'author',
        publishFields({ name: 'Polyglot Icon', icon: file(gif, 'icon.gif', 'text/javascript') }),
      );
      expect(refused.statusCode).toBe(400);
      expect(body<ErrorEnvelope>(refused)).toMatchObject({
        field: 'icon',
        message: 'icon: not a valid GIF image (an unknown block (0x2a) where a block should start)',
      });
      expect(await storedFiles()).toEqual(files);
      const response = await send(
        'POST',
        'author',
        publishFields({ name: 'Gif Icon', icon: file(await gifIcon(), 'icon.gif', 'text/javascript') }),
      );
      expect(response.statusCode).toBe(200);
      const icon = body<{ data: Submission }>(response).data.icon!;
      expect(icon).toMatch(/\.gif$/);
      const served = await t.app.inject({ method: 'GET', url: icon });
      expect(served.headers['content-type']).toBe('image/gif');
      expect(served.headers['x-content-type-options']).toBe('nosniff');
      expect(served.headers['content-security-policy']).toContain('sandbox');
      const key = body<{ data: Submission }>(response).data.plugin_key;
      await json('DELETE', '/api/cmt/plugin', 'admin', { plugin_key: key });
    });

    it('collects files no row refers to once past the grace period (a crash between the two writes)', async () => {
      const storage = t.app.publishing.storage;
      const orphan = `${'a'.repeat(64)}.png`;
      await storage.put(orphan, pngBytes(4, 4));
      expect(await t.app.publishing.collectOrphans()).toBe(0); // too young: a publish may be in flight
      expect(await t.app.publishing.collectOrphans(-ORPHAN_GRACE_MS)).toBe(1);
      expect(await storage.get(orphan)).toBeUndefined();
    });

    it('flags a typosquat name and credentials in the code file for the reviewer', async () => {
      const existing = await t.app.db.kysely
        .selectFrom('plugin')
        .select(['name', 'plugin_key'])
        .where('review_status', '=', 2)
        .limit(1)
        .executeTakeFirstOrThrow();
      const manifest = JSON.parse(uniqueManifest().toString('utf8')) as Record<string, unknown>;
      manifest.apiKey = 'AKIAIOSFODNN7EXAMPLE';
      const response = await send(
        'POST',
        'author',
        publishFields({
          name: `${existing.name}s`.slice(0, 50),
          code_file: { bytes: Buffer.from(JSON.stringify(manifest)), name: 'manifest.json' },
          video: { bytes: mp4Bytes(2048), name: 'v.mp4' },
        }),
      );
      expect(response.statusCode).toBe(200);
      const checks = body<{ data: Submission }>(response).data.checks;
      expect(checks.find((c) => c.check === 'name')).toMatchObject({
        status: 'flag',
        detail: `similar to ${JSON.stringify(existing.name)} (${existing.plugin_key})`,
      });
      expect(checks.find((c) => c.check === 'secrets')).toMatchObject({
        status: 'flag',
        detail: expect.stringContaining('AWS'),
      });
      // A second plugin of the same name: the flag names the two plugins apart, each by its key.
      const first = body<{ data: Submission }>(response).data.plugin_key;
      const again = await send('POST', 'author', publishFields({ name: `${existing.name}s`.slice(0, 50) }));
      expect(again.statusCode).toBe(200);
      const second = body<{ data: Submission }>(again).data;
      const detail = second.checks.find((c) => c.check === 'name')?.detail ?? '';
      expect(detail).toContain(`${JSON.stringify(existing.name)} (${existing.plugin_key})`);
      expect(detail).toContain(`${JSON.stringify(`${existing.name}s`.slice(0, 50))} (${first})`);
      expect(detail.split(`(${first})`)).toHaveLength(2);
      for (const plugin_key of [first, second.plugin_key])
        await json('DELETE', '/api/cmt/plugin', 'admin', { plugin_key });
    });
  });
});
