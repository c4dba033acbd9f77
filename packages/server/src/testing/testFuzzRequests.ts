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
 * headers, JSON and ZIP files) or hostile ones (random bytes, truncated, mislabelled, over the cap):
 * see testFuzzValues.ts and testFuzzMultipart.ts.
 */
import fc from 'fast-check';
import { type MultipartBody, multipartBodyFor } from './testFuzzMultipart';
import { fieldValue, hostileText, type JsonSchema, validValue, wrongJson } from './testFuzzValues';

export type { MultipartBody } from './testFuzzMultipart';
export type { JsonSchema } from './testFuzzValues';

/** Seed of the fuzzers' default run (any fixed number: a failure names the seed that reproduces it). */
export const DEFAULT_SEED = 20261124;

/** An OpenAPI security scheme object (the parts the fuzzer reads). */
export interface SecurityScheme {
  type: string;
  scheme?: string;
  in?: 'header' | 'query' | 'cookie';
  name?: string;
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
