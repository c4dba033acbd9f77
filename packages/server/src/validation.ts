/**
 * Request validation with the wire's TypeBox schemas (compiled once per route with
 * `typebox/compile`). Query strings, params and headers arrive as text, so numbers are converted
 * first — strictly: only a whole decimal numeral becomes a number for an integer field (`1.5`,
 * `1e3`, `abc`, ` 1` stay text and fail validation with 400 INVALID_PARAMETER), and `true`/`false`
 * for a boolean field. Bodies are JSON and validated as they are.
 *
 * Before the schema, every string of the part (values and property names, at any depth) is checked
 * for the NUL character U+0000, which PostgreSQL refuses in `text` columns (SQLite stores it): the
 * same input gives the same 400 INVALID_PARAMETER on both dialects instead of a 500 on one.
 */
import type { FastifySchemaCompiler, FastifySchemaValidationError } from 'fastify';
import type { TSchema } from 'typebox';
import { Compile } from 'typebox/compile';

interface JsonSchemaLike {
  type?: string | string[];
  anyOf?: JsonSchemaLike[];
  properties?: Record<string, JsonSchemaLike>;
}

const INTEGER = /^-?(0|[1-9]\d{0,15})$/;
const NUMBER = /^-?(0|[1-9]\d{0,15})(\.\d{1,15})?$/;

function accepts(schema: JsonSchemaLike | undefined, type: string): boolean {
  if (!schema) return false;
  if (schema.anyOf) return schema.anyOf.some((s) => accepts(s, type));
  return Array.isArray(schema.type) ? schema.type.includes(type) : schema.type === type;
}

/** Converts the text values of a query/params object where the schema asks for numbers or booleans. */
export function convertTextFields(schema: JsonSchemaLike, value: unknown): unknown {
  if (typeof value !== 'object' || value === null || Array.isArray(value) || !schema.properties) return value;
  const out: Record<string, unknown> = { ...(value as Record<string, unknown>) };
  for (const [key, raw] of Object.entries(out)) {
    if (typeof raw !== 'string') continue;
    const field = schema.properties[key];
    if (accepts(field, 'integer') && INTEGER.test(raw)) out[key] = Number(raw);
    else if (accepts(field, 'number') && NUMBER.test(raw)) out[key] = Number(raw);
    else if (accepts(field, 'boolean') && (raw === 'true' || raw === 'false')) out[key] = raw === 'true';
  }
  return out;
}

/** Deepest nesting {@link nulPath} walks; deeper values are left to the schema (Fastify's JSON parser bounds them). */
const MAX_WALK_DEPTH = 64;

/**
 * The JSON-pointer path (`/a/0/b`) of the first string holding U+0000 in `value` — a string value or
 * a property name — or undefined when there is none (or the value nests deeper than
 * {@link MAX_WALK_DEPTH}).
 */
export function nulPath(value: unknown, path = '', depth = 0): string | undefined {
  if (typeof value === 'string') return value.includes('\0') ? path || '/' : undefined;
  if (typeof value !== 'object' || value === null || depth > MAX_WALK_DEPTH) return undefined;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = nulPath(value[i], `${path}/${i}`, depth + 1);
      if (found) return found;
    }
    return undefined;
  }
  for (const key of Object.keys(value)) {
    if (key.includes('\0')) return `${path}/${key.replaceAll('\0', '\\u0000')}`;
    const found = nulPath((value as Record<string, unknown>)[key], `${path}/${key}`, depth + 1);
    if (found) return found;
  }
  return undefined;
}

/**
 * Fastify validator compiler over TypeBox's compiler with {@link convertTextFields} for non-body
 * parts. A NUL character anywhere in the part fails it first with "<part>.<field>: must not contain
 * NUL characters" (400 INVALID_PARAMETER through `errors.ts`).
 */
export const validatorCompiler: FastifySchemaCompiler<TSchema> = ({ schema, httpPart }) => {
  const check = Compile(schema);
  return (value: unknown) => {
    const nul = nulPath(value);
    if (nul !== undefined) {
      const issue = {
        keyword: 'nul',
        instancePath: nul === '/' ? '' : nul,
        message: 'must not contain NUL characters',
        params: {},
      };
      return { error: [issue] as unknown as FastifySchemaValidationError[] } as never;
    }
    const converted = httpPart === 'body' ? value : convertTextFields(schema as JsonSchemaLike, value);
    if (check.Check(converted)) return { value: converted };
    return { error: check.Errors(converted) as unknown as FastifySchemaValidationError[] } as never;
  };
};
