/**
 * Test support for publishing: real image and video bytes (a solid-colour PNG that browsers
 * display, minimal MP4 and WebM headers), the shipped real manifests, and a multipart body built
 * by the platform's own `FormData` (what a browser sends) for `app.inject`.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import { defaultCatalogueDir } from '../config';

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

/** A valid RGB PNG of `width` × `height` pixels in one colour. */
export function pngBytes(
  width: number,
  height: number,
  rgb: [number, number, number] = [79, 70, 229],
): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // truecolour
  const row = Buffer.alloc(1 + width * 3);
  for (let x = 0; x < width; x++) row.set(rgb, 1 + x * 3);
  const raw = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The first bytes of an MP4 file (an `ftyp` box), padded to `size` bytes. */
export function mp4Bytes(size = 4096): Buffer {
  const out = Buffer.alloc(size);
  out.writeUInt32BE(24, 0);
  out.write('ftypisom', 4, 'latin1');
  out.write('isomiso2mp41', 12, 'latin1');
  return out;
}

/** A real manifest from the shipped catalogue (`manifests/<name>`). */
export function realManifest(name = 'destefanis__design-lint.json'): Buffer {
  return readFileSync(join(defaultCatalogueDir(), 'manifests', name));
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

/** The fields of a complete, valid publish form (override any). */
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
    code_file: { bytes: realManifest(), name: 'manifest.json', type: 'application/json' },
    ...overrides,
  };
}
