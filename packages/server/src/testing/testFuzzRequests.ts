/**
 * Request generators of the OpenAPI-driven fuzzer ("Attack tests"): from the operations of
 * the served OpenAPI 3 document alone, fast-check arbitraries of malformed and well-formed requests —
 * wrong types, extreme numbers, NUL and other control characters, lone surrogates, huge strings,
 * deep JSON, wrong content types, oversized bodies, bad path parameters, unknown fields — mixed
 * with values that satisfy the schema, so that requests also reach the code behind validation.
 * Who sends each request comes from the operation's `security` (its alternatives, mostly; none, a
 * credential of another scheme or a bogus one, sometimes), and an operation with a
 * `multipart/form-data` body gets multipart bodies built from that body's schema and `encoding`:
 * text fields from their schemas, files of the declared content types (real tiny images, video
 * headers, JSON and ZIP files) or hostile ones (random bytes, truncated, mislabelled, over the cap).
 */
import { mp4Bytes, pngBytes } from '@plugin-center/test-fakes/media';
import fc from 'fast-check';
import { strToU8, zipSync } from 'fflate';
import { realManifest } from './testFiles';

/** The part of a JSON Schema the generators read. */

/** Seed of the fuzzers' default run (any fixed number: a failure names the seed that reproduces it). */
export const DEFAULT_SEED = 20261124;
export interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  format?: string;
  pattern?: string;
  example?: unknown;
}

/** An OpenAPI security scheme object (the parts the fuzzer reads). */
export interface SecurityScheme {
  type: string;
  scheme?: string;
  in?: 'header' | 'query' | 'cookie';
  name?: string;
}

/** The multipart body of an operation: its schema and the content types of its files. */
export interface MultipartBody {
  schema: JsonSchema;
  encoding: Record<string, { contentType?: string }>;
}

/** One operation of the OpenAPI document. */
export interface Operation {
  method: string;
  /** OpenAPI path, `{name}` for path parameters. */
  path: string;
  parameters: { name: string; in: 'query' | 'path' | 'header' | 'cookie'; schema?: JsonSchema }[];
  /** JSON schema of an `application/json` body, when the operation takes one. */
  body?: JsonSchema;
  /** The `multipart/form-data` body, when the operation declares one. */
  multipart?: MultipartBody;
  /** Content types the operation declares for its body. */
  consumes: string[];
  /**
   * The operation's security requirement alternatives (`security`, else the document's): `{}` is
   * "no credential"; `{ name: [] }` a credential of scheme `name`. Empty: nothing declared.
   */
  security: Record<string, string[]>[];
}

/**
 * How a request authenticates: no credential, the credential of one security scheme for one of the
 * harness's accounts, or a bogus `Authorization` header.
 */
export type Credential =
  | { kind: 'none' }
  | { kind: 'scheme'; scheme: string; account: string }
  | { kind: 'bogus'; authorization: string };

/** A generated request, ready for `inject()` once its credential is resolved. */
export interface FuzzRequest {
  operation: string;
  credential: Credential;
  method: string;
  url: string;
  headers: Record<string, string>;
  /** The body as sent: JSON text or another content type's text, or multipart bytes. */
  payload?: string | Buffer;
  /** Whether the body is a multipart body built from the operation's multipart schema. */
  multipart?: boolean;
}

/**
 * What the fuzzer knows besides the operations: the document's security schemes by name, and the
 * accounts the harness holds a credential of for each (e.g. `user`, `admin`, `super`).
 */
export interface FuzzContext {
  schemes: Record<string, SecurityScheme>;
  accounts: readonly string[];
}

/**
 * The headers (and query string suffix) that send `token` as the security scheme says: HTTP bearer
 * or basic → `Authorization`; `apiKey` → the named header, cookie or query parameter.
 * @throws Error for a scheme type the fuzzer cannot send (a new scheme must be taught here)
 */
export function credentialHeaders(
  scheme: SecurityScheme,
  token: string,
): { headers: Record<string, string>; query?: string } {
  if (scheme.type === 'http' && scheme.scheme?.toLowerCase() === 'bearer')
    return { headers: { authorization: `Bearer ${token}` } };
  if (scheme.type === 'http' && scheme.scheme?.toLowerCase() === 'basic')
    return { headers: { authorization: `Basic ${token}` } };
  if (scheme.type === 'apiKey' && scheme.name) {
    if (scheme.in === 'header') return { headers: { [scheme.name.toLowerCase()]: token } };
    if (scheme.in === 'cookie') return { headers: { cookie: `${scheme.name}=${encodeURIComponent(token)}` } };
    if (scheme.in === 'query')
      return { headers: {}, query: `${encodeURIComponent(scheme.name)}=${encodeURIComponent(token)}` };
  }
  throw new Error(`security scheme ${JSON.stringify(scheme)} is not one the fuzzer can send`);
}

/** Largest body the server accepts, bytes (app.ts BODY_LIMIT); the fuzzer sends past it on purpose. */
const OVER_BODY_LIMIT = 1024 * 1024 + 17;

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/**
 * `encodeURIComponent` that does not throw: a lone surrogate becomes the bytes a careless encoder
 * would send for it (`%ED%A0%80`, not UTF-8), which is one more thing the server must refuse.
 */
export function encode(text: string): string {
  return encodeURIComponent(text.replace(LONE_SURROGATE, '\ue000')).replaceAll('%EE%80%80', '%ED%A0%80');
}

/** The parts of an OpenAPI 3 document the fuzzer reads. */
export interface OpenApiDocument {
  paths: Record<string, Record<string, Record<string, unknown>>>;
  security?: Record<string, string[]>[];
  components?: { securitySchemes?: Record<string, SecurityScheme> };
}

/** The operations of an OpenAPI 3 document (`paths` → method → operation). */
export function operationsOf(document: OpenApiDocument): Operation[] {
  const out: Operation[] = [];
  for (const [path, methods] of Object.entries(document.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      if (!['get', 'post', 'put', 'delete', 'patch'].includes(method)) continue;
      const content = (
        op.requestBody as
          | { content?: Record<string, { schema?: JsonSchema; encoding?: MultipartBody['encoding'] }> }
          | undefined
      )?.content;
      const form = content?.['multipart/form-data'];
      out.push({
        method: method.toUpperCase(),
        path,
        parameters: (op.parameters as Operation['parameters'] | undefined) ?? [],
        ...(content?.['application/json']?.schema ? { body: content['application/json'].schema } : {}),
        ...(form?.schema ? { multipart: { schema: form.schema, encoding: form.encoding ?? {} } } : {}),
        consumes: Object.keys(content ?? {}),
        security: (op.security as Operation['security'] | undefined) ?? document.security ?? [],
      });
    }
  }
  return out;
}

/** The security schemes of the document and its operations (every scheme an operation names). */
export function securitySchemesOf(document: OpenApiDocument): Record<string, SecurityScheme> {
  return document.components?.securitySchemes ?? {};
}

/** Text an attacker tries in any string field. */
const hostileText: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    'a\u0000b',
    '\ud800',
    'x\udfffy',
    '\u202e\u0007\u001b[31m',
    '../../../../etc/passwd',
    '%00',
    '%',
    "' OR 1=1 --",
    '"; DROP TABLE plugin; --',
    '<script>alert(1)</script>',
    // biome-ignore lint/suspicious/noTemplateCurlyInString: a log4shell probe, meant literally
    '${jndi:ldap://x}',
    '__proto__',
    'constructor',
    'NaN',
    'Infinity',
    '-0',
    '1e308',
    '9007199254740993',
    '2147483648',
    '-2147483649',
    '0x10',
    '𝔘𝔫𝔦𝔠𝔬𝔡𝔢😀',
    '中文插件',
  ),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.nat({ max: 300_000 }).map((n) => 'a'.repeat(n)),
);

/** Numbers at and beyond every boundary the columns and JavaScript have. */
const extremeNumber: fc.Arbitrary<number> = fc.oneof(
  fc.constantFrom(
    0,
    -0,
    -1,
    1.5,
    2 ** 31 - 1,
    2 ** 31,
    -(2 ** 31) - 1,
    2 ** 53,
    -(2 ** 53),
    1e308,
    -1e308,
    8.64e15 + 1,
    Number.MIN_VALUE,
  ),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);

/** Any JSON value of the wrong shape. */
const wrongJson: fc.Arbitrary<unknown> = fc.oneof(
  hostileText,
  extremeNumber,
  fc.boolean(),
  fc.constant(null),
  fc.array(hostileText, { maxLength: 3 }),
  fc.dictionary(hostileText, hostileText, { maxKeys: 3 }),
);

/** A value that satisfies `schema` as far as the generator understands it. */
export function validValue(schema: JsonSchema | undefined, depth = 0): fc.Arbitrary<unknown> {
  if (!schema || depth > 4) return fc.constant('x');
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.example !== undefined) {
    const example = schema.example;
    return fc.oneof(
      { weight: 3, arbitrary: fc.constant(example) },
      validValue({ ...schema, example: undefined }, depth),
    );
  }
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives?.length) return fc.oneof(...alternatives.map((s) => validValue(s, depth + 1)));
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'integer':
      return fc.integer({
        min: Math.max(schema.minimum ?? -1000, -(2 ** 31)),
        max: Math.min(schema.maximum ?? 100_000, 2 ** 31 - 1),
      });
    case 'number':
      return fc.double({ min: schema.minimum ?? -1000, max: schema.maximum ?? 1000, noNaN: true });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(validValue(schema.items, depth + 1), { maxLength: 3 });
    case 'object':
      return validObject(schema, depth);
    default:
      if (schema.pattern) {
        try {
          return fc.stringMatching(new RegExp(schema.pattern));
        } catch {
          // A pattern fast-check cannot generate from: fall back to plain strings.
        }
      }
      return fc.oneof(
        fc.constantFrom('plugin-key', 'user@example.com', '/plugins/', 'default', 'https://example.com/x'),
        fc.string({
          minLength: schema.minLength ?? 0,
          maxLength: Math.min(schema.maxLength ?? 20, 40),
        }),
      );
  }
}

/** An object with the schema's required properties and some optional ones. */
function validObject(schema: JsonSchema, depth: number): fc.Arbitrary<Record<string, unknown>> {
  const properties = schema.properties ?? {};
  const required = new Set(schema.required ?? []);
  const record: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [name, property] of Object.entries(properties)) record[name] = validValue(property, depth + 1);
  return fc.record(record, {
    requiredKeys: Object.keys(properties).filter((name) => required.has(name)),
  }) as fc.Arbitrary<Record<string, unknown>>;
}

/** A field value: mostly valid, often hostile or of the wrong type. */
function fieldValue(schema: JsonSchema | undefined): fc.Arbitrary<unknown> {
  return fc.oneof(
    { weight: 3, arbitrary: validValue(schema) },
    { weight: 2, arbitrary: hostileText },
    { weight: 1, arbitrary: extremeNumber },
    { weight: 1, arbitrary: wrongJson },
  );
}

/** A JSON body for `schema`: a mutated valid object, an unknown field, or a wrong shape. */
function jsonBody(schema: JsonSchema | undefined): fc.Arbitrary<string> {
  const properties = Object.entries(schema?.properties ?? {});
  const mutated =
    properties.length === 0
      ? fc.constant('{}')
      : fc
          .tuple(
            validValue(schema),
            fc.constantFrom(...properties.map(([name]) => name)),
            fieldValue(undefined),
            fc.boolean(),
          )
          .map(([object, name, value, drop]) => {
            const copy = { ...(object as Record<string, unknown>) };
            if (drop) delete copy[name];
            else copy[name] = value;
            return JSON.stringify(copy);
          });
  return fc.oneof(
    { weight: 4, arbitrary: validValue(schema).map((v) => JSON.stringify(v) ?? 'null') },
    { weight: 4, arbitrary: mutated },
    {
      weight: 1,
      arbitrary: fc
        .tuple(validValue(schema), hostileText, wrongJson)
        .map(([object, name, value]) =>
          JSON.stringify({ ...(typeof object === 'object' ? object : {}), [name]: value }),
        ),
    },
    { weight: 1, arbitrary: wrongJson.map((v) => JSON.stringify(v) ?? 'null') },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        '',
        '{',
        '{"a":',
        'null',
        '[]',
        '"\u0000"',
        '{"__proto__":{"admin":true}}',
        '{"constructor":{"prototype":{"x":1}}}',
        `${'['.repeat(10_000)}${']'.repeat(10_000)}`,
        `${'{"a":'.repeat(5_000)}1${'}'.repeat(5_000)}`,
        JSON.stringify({ plugin_key: 'k'.repeat(200_000) }),
        '\ufeff{}',
        '{"a":1,"a":2}',
      ),
    },
  );
}

/** Content type headers, right and wrong. */
const contentType: fc.Arbitrary<string | undefined> = fc.oneof(
  { weight: 8, arbitrary: fc.constant('application/json') },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      undefined,
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data',
      'multipart/form-data; boundary=x',
      'application/json; charset=utf-16',
      'application/xml',
      '\u0000/\u0000',
      'application/json, text/html',
    ),
  },
);

/** The path with its `{name}` parameters filled (URL-encoded, or raw hostile segments). */
function filledPath(op: Operation): fc.Arbitrary<string> {
  const names = [...op.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
  if (names.length === 0) return fc.constant(op.path);
  const schemaOf = (name: string) => op.parameters.find((p) => p.in === 'path' && p.name === name)?.schema;
  return fc
    .tuple(...names.map((name) => fc.tuple(fieldValue(schemaOf(name)), fc.boolean())))
    .map((values) => {
      let path = op.path;
      names.forEach((name, i) => {
        const [value, encoded] = values[i]!;
        const text = typeof value === 'string' ? value : (JSON.stringify(value) ?? '');
        path = path.replace(`{${name}}`, encoded ? encode(text) : text.replace(/[?#\s]/g, '_'));
      });
      return path;
    });
}

/** The query string of an operation: its parameters with generated values, sometimes an unknown one. */
function queryString(op: Operation): fc.Arbitrary<string> {
  const query = op.parameters.filter((p) => p.in === 'query');
  return fc
    .tuple(
      fc.tuple(...query.map((p) => fc.option(fieldValue(p.schema), { nil: undefined, freq: 3 }))),
      fc.option(fc.tuple(hostileText, hostileText), { nil: undefined, freq: 5 }),
      fc.boolean(),
    )
    .map(([values, extra, repeat]) => {
      const parts: string[] = [];
      query.forEach((p, i) => {
        const value = values[i];
        if (value === undefined) return;
        const text = typeof value === 'string' ? value : (JSON.stringify(value) ?? '');
        parts.push(`${encode(p.name)}=${encode(text)}`);
        if (repeat) parts.push(`${encode(p.name)}=2`);
      });
      if (extra) parts.push(`${encode(extra[0])}=${encode(extra[1])}`);
      return parts.length ? `?${parts.join('&')}` : '';
    });
}

/** Bogus `Authorization` headers: wrong scheme, empty, malformed or forged tokens. */
const bogusAuthorization: fc.Arbitrary<string> = fc.constantFrom(
  'Bearer',
  'Bearer ',
  'Basic dXNlcjpwYXNz',
  'Bearer x.y.z',
  'Bearer eyJhbGciOiJub25lIn0.eyJzdWIiOiIxIn0.',
  `Bearer pcpat_${'A'.repeat(43)}`,
  'Bearer not-a-token',
  `Bearer ${'a'.repeat(5000)}`,
);

/**
 * The credential of a request to `op`: mostly one of its `security` alternatives (`{}` → none; a
 * scheme → one of the accounts' credentials of it); sometimes none, a credential of another scheme
 * of the document, or a bogus header.
 */
function credentialOf(op: Operation, context: FuzzContext): fc.Arbitrary<Credential> {
  const account = fc.constantFrom(...context.accounts);
  const ofScheme = (names: string[]): fc.Arbitrary<Credential> =>
    names.length === 0
      ? fc.constant({ kind: 'none' })
      : fc.record({ kind: fc.constant('scheme' as const), scheme: fc.constantFrom(...names), account });
  const declared: fc.Arbitrary<Credential>[] = op.security.map((alternative) =>
    ofScheme(Object.keys(alternative)),
  );
  const any = Object.keys(context.schemes);
  return fc.oneof(
    ...(declared.length ? [{ weight: 8, arbitrary: fc.oneof(...declared) }] : []),
    { weight: 1, arbitrary: fc.constant<Credential>({ kind: 'none' }) },
    { weight: 1, arbitrary: ofScheme(any) },
    {
      weight: 1,
      arbitrary: bogusAuthorization.map((authorization): Credential => ({ kind: 'bogus', authorization })),
    },
  );
}

// Multipart bodies from the document's multipart schema and encoding.

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
function multipartBodyFor(body: MultipartBody): fc.Arbitrary<{ payload: Buffer; contentType: string }> {
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

/** Requests for one operation, by the callers its `security` names (see {@link FuzzContext}). */
export function requestFor(op: Operation, context: FuzzContext): fc.Arbitrary<FuzzRequest> {
  const takesBody = op.method !== 'GET';
  const multipart = op.multipart;
  return fc
    .record({
      credential: credentialOf(op, context),
      path: filledPath(op),
      query: queryString(op),
      type: contentType,
      body: takesBody ? jsonBody(op.body) : fc.constant(undefined),
      form: multipart
        ? fc.option(multipartBodyFor(multipart), { nil: undefined, freq: 6 })
        : fc.constant(undefined),
      oversized: fc.nat({ max: 400 }).map((n) => n === 0),
      method: fc.oneof(
        { weight: 30, arbitrary: fc.constant(op.method) },
        fc.constantFrom('PUT', 'PATCH', 'DELETE'),
      ),
    })
    .map(({ credential, path, query, type, body, form, oversized, method }) => {
      const headers: Record<string, string> = {};
      let payload: string | Buffer | undefined = body;
      if (form) {
        payload = form.payload;
        headers['content-type'] = form.contentType;
      } else if (payload !== undefined && type !== undefined) headers['content-type'] = type;
      if (oversized) payload = JSON.stringify({ data: 'x'.repeat(OVER_BODY_LIMIT) });
      return {
        operation: `${op.method} ${op.path}`,
        credential,
        method,
        url: `${path}${query}`,
        headers,
        ...(payload !== undefined ? { payload } : {}),
        ...(form && !oversized ? { multipart: true } : {}),
      };
    });
}

/** Requests over every operation, each equally likely. */
export function requestArbitrary(
  operations: readonly Operation[],
  context: FuzzContext,
): fc.Arbitrary<FuzzRequest> {
  return fc.oneof(...operations.map((op) => requestFor(op, context)));
}
