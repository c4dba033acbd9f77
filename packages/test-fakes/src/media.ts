/**
 * Real media bytes for tests of uploads: a solid-colour PNG that browsers and
 * `image-size` decode, and the first bytes of an MP4 file (an ISO BMFF `ftyp` box) that the
 * server's sniffing recognises. Shared by the server's publishing tests and the browser tests.
 */
import { crc32, deflateSync } from 'node:zlib';

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

/** A valid RGB PNG of `width` × `height` pixels in one colour (PNG spec: IHDR, one IDAT, IEND). */
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

/** The first bytes of an MP4 file (an `ftyp` box, ISO/IEC 14496-12 §4.3), zero-padded to `size` bytes. */
export function mp4Bytes(size = 4096): Buffer {
  const out = Buffer.alloc(size);
  out.writeUInt32BE(24, 0);
  out.write('ftypisom', 4, 'latin1');
  out.write('isomiso2mp41', 12, 'latin1');
  return out;
}
