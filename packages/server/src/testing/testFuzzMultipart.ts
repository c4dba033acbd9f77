/**
 * Multipart bodies of the OpenAPI-driven fuzzer (RFC 7578): text fields from the body's schema,
 * files of the declared content types (real tiny images, video headers, JSON and ZIP files) or
 * hostile ones (random bytes, truncated, mislabelled, over the cap).
 */
import { mp4Bytes, pngBytes } from '@plugin-center/test-fakes/media';
import fc from 'fast-check';
import { strToU8, zipSync } from 'fflate';
import { realManifest } from './testFiles';
import { fieldValue, hostileText, type JsonSchema, validValue } from './testFuzzValues';

/** The multipart body of an operation: its schema and the content types of its files. */
export interface MultipartBody {
  schema: JsonSchema;
  encoding: Record<string, { contentType?: string }>;
}

/** A 1×1 GIF (GIF89a) and the start of a WebM file (EBML header): real bytes of those types. */
const GIF_1X1 = Buffer.from('R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==', 'base64');
const WEBM_START = Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3]), Buffer.alloc(60)]);

/** A catalogue record array (the JSON of a batch upload) and a ZIP of it. */
const RECORDS_JSON = Buffer.from(
  JSON.stringify([{ name: 'Fuzz Record', intro: 'x', description: 'y', platforms: ['figma'] }]),
);

let samples: Record<string, Buffer[]> | undefined;

/** Real, small files of each content type the server may declare (built once). */
function samplesByType(): Record<string, Buffer[]> {
  samples ??= {
    'image/png': [
      pngBytes(32, 32),
      pngBytes(160, 90),
      pngBytes(320, 180),
      pngBytes(1200, 400),
      pngBytes(40, 30),
    ],
    'image/gif': [GIF_1X1],
    'image/jpeg': [
      Buffer.from([
        0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0, 1, 1, 0, 0, 1, 0, 1, 0, 0, 0xff, 0xd9,
      ]),
    ],
    'image/webp': [Buffer.concat([Buffer.from('RIFF\x1a\x00\x00\x00WEBPVP8 ', 'latin1'), Buffer.alloc(14)])],
    'video/mp4': [mp4Bytes(2048)],
    'video/webm': [WEBM_START],
    'application/json': [realManifest(), RECORDS_JSON],
    'application/zip': [Buffer.from(zipSync({ 'records.json': strToU8(RECORDS_JSON.toString()) }))],
  };
  return samples;
}

/** A file part: its bytes, file name and the content type its header claims. */
interface FilePart {
  bytes: Buffer;
  filename: string;
  type: string;
}

/** Largest over-the-cap file the fuzzer builds (bytes): larger caps are not tested by size here. */
const OVERSIZE_UP_TO = 1024 * 1024 + 1;

/**
 * A file for a field accepting `types` (its `encoding` content types) with a cap of `maxBytes`:
 * mostly a real file of one of the types, else random bytes, a truncated or altered real file, an
 * empty file, a file claiming another type, or one byte over the cap.
 */
function fileFor(types: readonly string[], maxBytes: number | undefined): fc.Arbitrary<FilePart> {
  const pool = types.flatMap((type) => (samplesByType()[type] ?? []).map((bytes) => ({ bytes, type })));
  const declared = types.length ? types : ['application/octet-stream'];
  const real = pool.length
    ? fc.constantFrom(...pool)
    : fc.uint8Array({ maxLength: 256 }).map((bytes) => ({ bytes: Buffer.from(bytes), type: declared[0]! }));
  const altered = fc
    .tuple(real, fc.nat(), fc.nat({ max: 255 }), fc.constantFrom('truncate', 'flip', 'prefix', 'trail'))
    .map(([file, at, byte, how]) => {
      const bytes = Buffer.from(file.bytes);
      const i = at % Math.max(bytes.length, 1);
      if (how === 'truncate') return { ...file, bytes: bytes.subarray(0, i) };
      if (how === 'prefix') return { ...file, bytes: Buffer.concat([Buffer.from('MZ\x90\x00'), bytes]) };
      if (how === 'trail') return { ...file, bytes: Buffer.concat([bytes, Buffer.alloc(64, byte)]) };
      if (bytes.length) bytes[i] = byte;
      return { ...file, bytes };
    });
  const oversize =
    maxBytes !== undefined && maxBytes < OVERSIZE_UP_TO
      ? [
          {
            weight: 1,
            arbitrary: fc.constant({ bytes: Buffer.alloc(maxBytes + 1, 0x20), type: declared[0]! }),
          },
        ]
      : [];
  return fc
    .tuple(
      fc.oneof(
        { weight: 12, arbitrary: real },
        { weight: 3, arbitrary: altered },
        {
          weight: 2,
          arbitrary: fc
            .uint8Array({ maxLength: 512 })
            .map((bytes) => ({ bytes: Buffer.from(bytes), type: declared[0]! })),
        },
        { weight: 1, arbitrary: fc.constant({ bytes: Buffer.alloc(0), type: declared[0]! }) },
        {
          weight: 1,
          arbitrary: fc.constantFrom(
            {
              bytes: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'),
              type: 'image/svg+xml',
            },
            { bytes: Buffer.from('<html><script>alert(1)</script></html>'), type: 'text/html' },
            { bytes: Buffer.from('MZ\x90\x00\x03\x00\x00\x00'), type: 'application/x-msdownload' },
          ),
        },
        ...oversize,
      ),
      fc.oneof(
        { weight: 6, arbitrary: fc.constantFrom('file.bin', 'image.png', 'manifest.json', 'records.zip') },
        { weight: 1, arbitrary: hostileText.map((name) => name.slice(0, 300)) },
      ),
      fc.oneof(
        { weight: 8, arbitrary: fc.constant(undefined) },
        { weight: 1, arbitrary: fc.constantFrom('text/plain', 'image/png', '') },
      ),
    )
    .map(([file, filename, relabel]) => ({ bytes: file.bytes, filename, type: relabel ?? file.type }));
}

/** Whether a property of a multipart schema is a file (`format: binary`, or an array of them). */
function isFile(schema: JsonSchema | undefined): boolean {
  return schema?.format === 'binary' || schema?.items?.format === 'binary';
}

/** One part of a multipart body. */
type Part = { name: string; text: string } | { name: string; file: FilePart };

/** The bytes of a multipart/form-data body (RFC 7578) of `parts`, with `boundary`. */
function encodeMultipart(parts: readonly Part[], boundary: string): Buffer {
  const chunks: Buffer[] = [];
  const quoted = (text: string) => text.replace(/["\r\n]/g, '_');
  for (const part of parts) {
    chunks.push(Buffer.from(`--${boundary}\r\n`));
    if ('text' in part) {
      chunks.push(Buffer.from(`content-disposition: form-data; name="${quoted(part.name)}"\r\n\r\n`));
      chunks.push(Buffer.from(part.text));
    } else {
      chunks.push(
        Buffer.from(
          `content-disposition: form-data; name="${quoted(part.name)}"; filename="${quoted(part.file.filename)}"\r\n` +
            `content-type: ${part.file.type.replace(/[\r\n]/g, '') || 'application/octet-stream'}\r\n\r\n`,
        ),
      );
      chunks.push(part.file.bytes);
    }
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return Buffer.concat(chunks);
}

/** A text field's value as sent: strings as they are, anything else as JSON. */
const asText = (value: unknown) => (typeof value === 'string' ? value : (JSON.stringify(value) ?? ''));

/**
 * A multipart body for `body`: its text fields from a valid object of their schema (one field
 * sometimes replaced by a hostile value, or dropped), arrays as repeated fields; its files from
 * {@link fileFor} (each required one mostly present, each optional one half the time; repeatable
 * ones up to four times); sometimes an unknown field or file; sometimes cut short or with a
 * boundary the header does not name.
 */
export function multipartBodyFor(
  body: MultipartBody,
): fc.Arbitrary<{ payload: Buffer; contentType: string }> {
  const properties = Object.entries(body.schema.properties ?? {});
  const required = new Set(body.schema.required ?? []);
  const textSchema: JsonSchema = {
    type: 'object',
    properties: Object.fromEntries(properties.filter(([, schema]) => !isFile(schema))),
    required: [...required].filter((name) => !isFile(body.schema.properties?.[name])),
  };
  const textNames = Object.keys(textSchema.properties ?? {});
  const files = properties.filter(([, schema]) => isFile(schema));
  const fileArbitraries = files.map(([name, schema]) => {
    const types = (body.encoding[name]?.contentType ?? '')
      .split(',')
      .map((type) => type.trim())
      .filter(Boolean);
    const maxBytes = (schema.items ?? schema).maxLength;
    const one = fileFor(types, maxBytes);
    const list =
      schema.type === 'array' ? fc.array(one, { minLength: 1, maxLength: 4 }) : one.map((f) => [f]);
    return fc
      .option(list, { nil: undefined, freq: required.has(name) ? 8 : 1 })
      .map((parts) => (parts ?? []).map((file): Part => ({ name, file })));
  });
  return fc
    .record({
      texts: validValue(textSchema) as fc.Arbitrary<Record<string, unknown>>,
      mutate: fc.option(
        fc.tuple(
          textNames.length ? fc.constantFrom(...textNames) : fc.constant('x'),
          fc.oneof(fieldValue(undefined), fc.constant(undefined)),
        ),
        { nil: undefined, freq: 2 },
      ),
      files: fileArbitraries.length ? fc.tuple(...fileArbitraries) : fc.constant([] as Part[][]),
      extra: fc.oneof(
        { weight: 7, arbitrary: fc.constant(undefined) },
        fc.tuple(hostileText, hostileText).map(([name, text]): Part => ({ name, text })),
        fc
          .tuple(hostileText, fileFor([], undefined))
          .map(([name, file]): Part => ({ name: name.slice(0, 100), file })),
      ),
      shuffle: fc.boolean(),
      damage: fc.oneof(
        { weight: 12, arbitrary: fc.constant('none' as const) },
        { weight: 1, arbitrary: fc.constantFrom('cut' as const, 'boundary' as const, 'nofinal' as const) },
      ),
    })
    .map(({ texts, mutate, files, extra, shuffle, damage }) => {
      const values: Record<string, unknown> = { ...texts };
      if (mutate) {
        if (mutate[1] === undefined) delete values[mutate[0]];
        else values[mutate[0]] = mutate[1];
      }
      const parts: Part[] = [];
      for (const [name, value] of Object.entries(values)) {
        for (const item of Array.isArray(value) ? value : [value]) parts.push({ name, text: asText(item) });
      }
      parts.push(...files.flat());
      if (extra) parts.push(extra);
      if (shuffle) parts.reverse();
      const boundary = '----fuzz7MA4YWxkTrZu0gW';
      let payload = encodeMultipart(parts, boundary);
      if (damage === 'cut') payload = payload.subarray(0, Math.floor(payload.length / 2));
      if (damage === 'nofinal') payload = payload.subarray(0, payload.length - boundary.length - 8);
      return {
        payload,
        contentType: `multipart/form-data; boundary=${damage === 'boundary' ? 'other' : boundary}`,
      };
    });
}
