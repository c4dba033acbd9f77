/**
 * Value generators of the OpenAPI-driven fuzzer: values that satisfy a JSON Schema as far as the
 * generators understand it, hostile text (NUL and other control characters, lone surrogates, huge
 * strings), numbers at and beyond every boundary, and JSON of the wrong shape.
 */
import fc from 'fast-check';

/** The part of a JSON Schema the generators read. */
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

/** Text an attacker tries in any string field. */
export const hostileText: fc.Arbitrary<string> = fc.oneof(
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
export const wrongJson: fc.Arbitrary<unknown> = fc.oneof(
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
export function fieldValue(schema: JsonSchema | undefined): fc.Arbitrary<unknown> {
  return fc.oneof(
    { weight: 3, arbitrary: validValue(schema) },
    { weight: 2, arbitrary: hostileText },
    { weight: 1, arbitrary: extremeNumber },
    { weight: 1, arbitrary: wrongJson },
  );
}
