/**
 * Where an image file's image ends, found by walking its structure (no pixels are decoded): a PNG's
 * chunks to IEND, each with its CRC checked (PNG spec §5), a JPEG's segments and entropy-coded data to EOI (ITU T.81 Annex B),
 * a GIF's blocks to its trailer (GIF89a §15–27), a WebP's RIFF chunks to the size its header
 * declares (RIFF container, WebP container spec). Bytes after that end belong to no image: an
 * appended archive or script (a polyglot) is told apart from the image it rides on.
 */
import { crc32 } from 'node:zlib';

/** The image types walked here, by the extension they are stored with (`uploadChecks.ts` `IMAGE_TYPES`). */
export type ImageType = 'png' | 'jpg' | 'gif' | 'webp';

/** The end of the image (the offset just after it), or why the file does not hold a whole one. */
export type ImageEnd = { end: number } | { problem: string };

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

function pngEnd(b: Uint8Array): ImageEnd {
  if (b.length < 8 || PNG_SIGNATURE.some((byte, i) => b[i] !== byte)) return { problem: 'no PNG signature' };
  const view = new DataView(b.buffer, b.byteOffset, b.byteLength);
  let pos = 8;
  while (pos + 8 <= b.length) {
    const length = view.getUint32(pos);
    const type = String.fromCharCode(b[pos + 4]!, b[pos + 5]!, b[pos + 6]!, b[pos + 7]!);
    if (length > 0x7fffffff || !/^[A-Za-z]{4}$/.test(type)) return { problem: 'a chunk is malformed' };
    const next = pos + 12 + length;
    if (next > b.length) return { problem: `the file ends inside its ${type} chunk` };
    // A decoder drops an ancillary chunk whose CRC is wrong without a word: refuse it here.
    if (crc32(b.subarray(pos + 4, pos + 8 + length)) !== view.getUint32(pos + 8 + length))
      return { problem: `the CRC of its ${type} chunk is wrong` };
    if (type === 'IEND') return { end: next };
    pos = next;
  }
  return { problem: 'the file ends before its IEND chunk' };
}

/** Whether a JPEG segment at `pos` (its marker byte) is APP2 holding a Multi-Picture Format index. */
function isMpf(b: Uint8Array, pos: number): boolean {
  return (
    b[pos] === 0xe2 && b[pos + 3] === 0x4d && b[pos + 4] === 0x50 && b[pos + 5] === 0x46 && b[pos + 6] === 0
  );
}

/** One JPEG stream from `start` (its SOI) to just after its EOI; whether it carries an MPF index. */
function jpegStream(b: Uint8Array, start: number): ImageEnd & { mpf?: boolean } {
  if (b[start] !== 0xff || b[start + 1] !== 0xd8) return { problem: 'no JPEG start-of-image marker' };
  let pos = start + 2;
  let mpf = false;
  while (pos < b.length) {
    if (b[pos] !== 0xff) return { problem: 'a segment does not start with a marker' };
    while (b[pos] === 0xff) pos++; // fill bytes
    if (pos >= b.length) break;
    const marker = b[pos]!;
    if (marker === 0xd9) return { end: pos + 1, mpf };
    if ((marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) {
      pos++;
      continue;
    }
    if (pos + 2 >= b.length) break;
    const length = (b[pos + 1]! << 8) | b[pos + 2]!;
    if (length < 2) return { problem: 'a segment is malformed' };
    if (isMpf(b, pos)) mpf = true;
    pos += 1 + length;
    if (pos > b.length) break;
    if (marker !== 0xda) continue;
    // Entropy-coded data after a start of scan: up to the next marker other than a stuffed 0xFF00
    // or a restart marker.
    for (;;) {
      const ff = b.indexOf(0xff, pos);
      if (ff < 0 || ff + 1 >= b.length) return { problem: 'the file ends before its EOI marker' };
      const next = b[ff + 1]!;
      if (next === 0x00 || (next >= 0xd0 && next <= 0xd7)) pos = ff + 2;
      else if (next === 0xff) pos = ff + 1;
      else {
        pos = ff;
        break;
      }
    }
  }
  return { problem: 'the file ends before its EOI marker' };
}

/**
 * A JPEG's end: after its EOI marker, or after the further JPEG images a Multi-Picture Format
 * index (CIPA DC-007, an APP2 `MPF` segment) places after it — a camera's or phone's second image
 * (an HDR gain map, a depth map), which must itself be a whole JPEG stream.
 */
function jpegEnd(b: Uint8Array): ImageEnd {
  const first = jpegStream(b, 0);
  if ('problem' in first) return first;
  let end = first.end;
  if (first.mpf) {
    while (end + 1 < b.length && b[end] === 0xff && b[end + 1] === 0xd8) {
      const more = jpegStream(b, end);
      if ('problem' in more) return { problem: `its second image: ${more.problem}` };
      end = more.end;
    }
  }
  return { end };
}

/** The offset after a run of GIF data sub-blocks starting at `pos` (ended by a 0 size), or -1. */
function gifSubBlocks(b: Uint8Array, pos: number): number {
  while (pos < b.length) {
    const size = b[pos]!;
    pos += 1;
    if (size === 0) return pos;
    pos += size;
  }
  return -1;
}

function gifEnd(b: Uint8Array): ImageEnd {
  const header = String.fromCharCode(...b.subarray(0, 6));
  if (header !== 'GIF87a' && header !== 'GIF89a') return { problem: 'no GIF signature' };
  if (b.length < 13) return { problem: 'the file ends inside its screen descriptor' };
  const flags = b[10]!;
  let pos = 13 + (flags & 0x80 ? 3 * 2 ** ((flags & 7) + 1) : 0);
  while (pos < b.length) {
    const block = b[pos]!;
    if (block === 0x3b) return { end: pos + 1 };
    if (block === 0x21) {
      pos = gifSubBlocks(b, pos + 2);
    } else if (block === 0x2c) {
      if (pos + 10 > b.length) break;
      const local = b[pos + 9]!;
      pos += 10 + (local & 0x80 ? 3 * 2 ** ((local & 7) + 1) : 0) + 1; // + LZW minimum code size
      pos = gifSubBlocks(b, pos);
    } else {
      return {
        problem: `an unknown block (0x${block.toString(16).padStart(2, '0')}) where a block should start`,
      };
    }
    if (pos < 0) break;
  }
  return { problem: 'the file ends before its trailer' };
}

function webpEnd(b: Uint8Array): ImageEnd {
  const text = (from: number) => String.fromCharCode(...b.subarray(from, from + 4));
  if (b.length < 12 || text(0) !== 'RIFF' || text(8) !== 'WEBP') return { problem: 'no RIFF WEBP header' };
  const view = new DataView(b.buffer, b.byteOffset, b.byteLength);
  const end = 8 + view.getUint32(4, true);
  if (end > b.length)
    return {
      problem: `its RIFF header declares ${end.toLocaleString('en-US')} bytes, the file has ${b.length.toLocaleString('en-US')}`,
    };
  let pos = 12;
  while (pos + 8 <= end) {
    const next = pos + 8 + view.getUint32(pos + 4, true);
    if (next > end) return { problem: `its ${text(pos).trim()} chunk runs past the RIFF size` };
    pos = next + (next % 2); // chunks are padded to an even length
  }
  if (pos !== end && pos !== end + 1) return { problem: 'its chunks do not fill the RIFF size' };
  return { end };
}

/**
 * Where the image in `bytes` ends, by the structure of its type.
 * @returns `{ end }`: the offset just past the image (less than the length when other data follows);
 *   `{ problem }`: why the file holds no whole image (cut short, malformed), in words for a message
 */
export function imageEnd(bytes: Uint8Array, type: ImageType): ImageEnd {
  switch (type) {
    case 'png':
      return pngEnd(bytes);
    case 'jpg':
      return jpegEnd(bytes);
    case 'gif':
      return gifEnd(bytes);
    case 'webp':
      return webpEnd(bytes);
  }
}
