/**
 * Request validation with the wire's TypeBox schemas (compiled once per route with
 * `typebox/compile`). Query strings, params and headers arrive as text, so numbers are converted
 * first — strictly: only a whole decimal numeral becomes a number for an integer field (`1.5`,
 * `1e3`, `abc`, ` 1` stay text and fail validation with 400 INVALID_PARAMETER), and `true`/`false`
 * for a boolean field. Bodies are JSON and validated as they are.
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

/** Fastify validator compiler over TypeBox's compiler with {@link convertTextFields} for non-body parts. */
export const validatorCompiler: FastifySchemaCompiler<TSchema> = ({ schema, httpPart }) => {
  const check = Compile(schema);
  return (value: unknown) => {
    const converted = httpPart === 'body' ? value : convertTextFields(schema as JsonSchemaLike, value);
    if (check.Check(converted)) return { value: converted };
    return { error: check.Errors(converted) as unknown as FastifySchemaValidationError[] } as never;
  };
};
