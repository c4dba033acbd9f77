/**
 * Request generators of the OpenAPI-driven fuzzer ("Attack tests"): from the operations of
 * the served OpenAPI 3 document, fast-check arbitraries of malformed and well-formed requests —
 * wrong types, extreme numbers, NUL and other control characters, lone surrogates, huge strings,
 * deep JSON, wrong content types, oversized bodies, bad path parameters, unknown fields — mixed
 * with values that satisfy the schema, so that requests also reach the code behind validation.
 */
import fc from 'fast-check';

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
}

/** One operation of the OpenAPI document. */
export interface Operation {
  method: string;
  /** OpenAPI path, `{name}` for path parameters. */
  path: string;
  parameters: { name: string; in: 'query' | 'path' | 'header' | 'cookie'; schema?: JsonSchema }[];
  /** JSON schema of an `application/json` body, when the operation takes one. */
  body?: JsonSchema;
  /** Content types the operation declares for its body. */
  consumes: string[];
}

/** Who sends a request. */
export type Caller = 'visitor' | 'user' | 'admin' | 'super';

/** A generated request, ready for `inject()` once the caller's token is added. */
export interface FuzzRequest {
  operation: string;
  caller: Caller;
  method: string;
  url: string;
  headers: Record<string, string>;
  /** The body as sent (a string: JSON text or another content type's bytes). */
  payload?: string;
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

/** The operations of an OpenAPI 3 document (`paths` → method → operation). */
export function operationsOf(document: {
  paths: Record<string, Record<string, Record<string, unknown>>>;
}): Operation[] {
  const out: Operation[] = [];
  for (const [path, methods] of Object.entries(document.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      if (!['get', 'post', 'put', 'delete', 'patch'].includes(method)) continue;
      const content = (op.requestBody as { content?: Record<string, { schema?: JsonSchema }> } | undefined)
        ?.content;
      out.push({
        method: method.toUpperCase(),
        path,
        parameters: (op.parameters as Operation['parameters'] | undefined) ?? [],
        ...(content?.['application/json']?.schema ? { body: content['application/json'].schema } : {}),
        consumes: Object.keys(content ?? {}),
      });
    }
  }
  return out;
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

/** Requests for one operation. */
export function requestFor(op: Operation): fc.Arbitrary<FuzzRequest> {
  const takesBody = op.method !== 'GET';
  return fc
    .record({
      caller: fc.constantFrom<Caller>('visitor', 'user', 'admin', 'super'),
      path: filledPath(op),
      query: queryString(op),
      type: contentType,
      body: takesBody ? jsonBody(op.body) : fc.constant(undefined),
      oversized: fc.nat({ max: 400 }).map((n) => n === 0),
      method: fc.oneof(
        { weight: 30, arbitrary: fc.constant(op.method) },
        fc.constantFrom('PUT', 'PATCH', 'DELETE'),
      ),
    })
    .map(({ caller, path, query, type, body, oversized, method }) => {
      const headers: Record<string, string> = {};
      let payload = body;
      if (oversized) payload = JSON.stringify({ data: 'x'.repeat(OVER_BODY_LIMIT) });
      if (payload !== undefined && type !== undefined) headers['content-type'] = type;
      return {
        operation: `${op.method} ${op.path}`,
        caller,
        method,
        url: `${path}${query}`,
        headers,
        ...(payload !== undefined ? { payload } : {}),
      };
    });
}

/** Requests over every operation, each equally likely. */
export function requestArbitrary(operations: readonly Operation[]): fc.Arbitrary<FuzzRequest> {
  return fc.oneof(...operations.map(requestFor));
}
