/**
 * Test support for publishing: real image and video bytes (from `@plugin-center/test-fakes/media`),
 * what an image shows once decoded, the shipped real manifests, and a multipart body built
 * by the platform's own `FormData` (what a browser sends) for `app.inject`.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { mp4Bytes, pngBytes } from '@plugin-center/test-fakes/media';
import sharp from 'sharp';
import { defaultCatalogueDir } from '../config/paths';

export { mp4Bytes, pngBytes };

/** A real manifest from the shipped catalogue (`manifests/<name>`). */
export function realManifest(name = 'destefanis__design-lint.json'): Buffer {
  return readFileSync(join(defaultCatalogueDir(), 'manifests', name));
}

let manifestCount = 0;

/**
 * A real Figma manifest (Design Lint's, from the shipped catalogue) under a manifest `id` no other
 * call returns (the process id, the time and a counter): a plugin's manifest id is unique among
 * plugins, and the shipped catalogue already holds Design Lint's own.
 */
export function uniqueManifest(name?: string): Buffer {
  const manifest = JSON.parse(realManifest().toString('utf8')) as Record<string, unknown>;
  manifest.id = `test-${process.pid}-${Date.now().toString(36)}-${++manifestCount}`;
  if (name !== undefined) manifest.name = name;
  return Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`);
}

/**
 * What an image shows: its size, channels and a digest of its decoded pixels (`sharp`). The server
 * stores a re-encoded copy of an upload, so a test compares this rather than the bytes.
 */
export async function pixelsOf(bytes: Uint8Array) {
  const { data, info } = await sharp(bytes).raw().toBuffer({ resolveWithObject: true });
  return {
    width: info.width,
    height: info.height,
    channels: info.channels,
    digest: createHash('sha256').update(data).digest('hex'),
  };
}

/** A file part of {@link multipart}. */
export interface FilePart {
  bytes: Uint8Array;
  name: string;
  type?: string;
}

/**
 * A multipart/form-data body from text fields and files (arrays repeat the field), encoded by the
 * platform's `FormData` → `{ payload, headers }` for `app.inject`.
 */
export async function multipart(
  fields: Record<string, string | string[] | FilePart | FilePart[] | undefined>,
): Promise<{ payload: Buffer; headers: Record<string, string> }> {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) {
      if (typeof item === 'string') form.append(key, item);
      else
        form.append(
          key,
          new Blob([new Uint8Array(item.bytes)], { type: item.type ?? 'application/octet-stream' }),
          item.name,
        );
    }
  }
  const response = new Response(form);
  return {
    payload: Buffer.from(await response.arrayBuffer()),
    headers: { 'content-type': response.headers.get('content-type')! },
  };
}

/** The fields of a complete, valid publish form (override any); its code file has a fresh manifest id. */
export function publishFields(
  overrides: Record<string, string | string[] | FilePart | FilePart[] | undefined> = {},
) {
  return {
    name: 'Contrast Checker Pro',
    intro: 'Checks text contrast against WCAG 2.2',
    description: '# Contrast Checker Pro\n\nSelect layers and read their **contrast ratio**.',
    tags: ['accessibility', 'color'],
    version: '1.0.0',
    version_content: 'First release',
    contact: 'dev@example.com',
    technical_support_link: 'https://example.com/support',
    icon: { bytes: pngBytes(32, 32), name: 'icon.png', type: 'image/png' },
    cover_center: { bytes: pngBytes(160, 90), name: 'cover.png', type: 'image/png' },
    reuse_center_cover: '1',
    video: { bytes: mp4Bytes(), name: 'demo.mp4', type: 'video/mp4' },
    images: [{ bytes: pngBytes(64, 40, [200, 40, 40]), name: 'shot.png', type: 'image/png' }],
    code_file: { bytes: uniqueManifest(), name: 'manifest.json', type: 'application/json' },
    ...overrides,
  };
}
