/**
 * Every environment variable the server reads, described once as a TypeBox (JSON Schema) object:
 * type, default, constraints, and the keywords of `VariableKeywords` (`variables.ts`: group,
 * one-line summary for `plugin-center --help`, the docs table's text, how the text is read). Each
 * area module holds its variables; this module joins them in one order and reads an environment.
 * `readEnvironment` turns an environment into typed values with it, `loadConfig` maps those onto
 * `ServerConfig`, and `docs.ts` renders `--help` and `docs/deployment.md`'s table from it.
 *
 * Validation is TypeBox's own (`typebox/compile`), not env-schema: env-schema's ajv coerces only
 * `true`/`false` booleans and numerals loosely, merges `process.env` in, and its errors are one
 * ajv text for all variables; the server's rules (blank means unset, `1/yes/on`, strict whole
 * numbers, one `ConfigError` naming the variable) would have to be rebuilt around it anyway.
 */
import { type Static, type TSchema, Type } from 'typebox';
import { Compile } from 'typebox/compile';
import { ANALYTICS_VARIABLES } from './analytics';
import { CURATION_VARIABLES } from './curation';
import { CUSTOM_SSO_VARIABLES } from './customSso';
import { DATABASE_VARIABLES } from './database';
import { IDENTITY_VARIABLES } from './identity';
import { LDAP_VARIABLES } from './ldap';
import { MAIL_VARIABLES } from './mail';
import { MIRROR_VARIABLES } from './mirror';
import { OIDC_VARIABLES } from './oidc';
import { PUBLISHING_VARIABLES } from './publishing';
import { SAML_VARIABLES } from './saml';
import { PROXY_AND_LOG_VARIABLES, SERVER_VARIABLES } from './server';
import { SITE_VARIABLES } from './site';
import { UPLOAD_VARIABLES } from './storage';
import { ConfigError } from './values';
import type { VariableKeywords } from './variables';
import { WEBHOOK_VARIABLES } from './webhooks';

/**
 * The environment of the server: one property per variable. The order is that of `--help` and the
 * docs within each group, and the order in which `readEnvironment` reports the first bad value.
 */
export const CONFIG_SCHEMA = Type.Object({
  ...SERVER_VARIABLES,
  ...SITE_VARIABLES,
  ...PROXY_AND_LOG_VARIABLES,
  ...DATABASE_VARIABLES,
  ...UPLOAD_VARIABLES,
  ...PUBLISHING_VARIABLES,
  ...IDENTITY_VARIABLES,
  ...LDAP_VARIABLES,
  ...SAML_VARIABLES,
  ...OIDC_VARIABLES,
  ...CUSTOM_SSO_VARIABLES,
  ...ANALYTICS_VARIABLES,
  ...MAIL_VARIABLES,
  ...CURATION_VARIABLES,
  ...MIRROR_VARIABLES,
  ...WEBHOOK_VARIABLES,
});

/**
 * The environment read with {@link CONFIG_SCHEMA}: typed values, defaults applied; without
 * `PG_POOL_MAX`, `PG_PREPARED_STATEMENTS` and `PG_PARALLEL_WORKERS`, which `createDatabase` reads
 * itself (`readBy`).
 */
export type ConfigEnvironment = Omit<
  Static<typeof CONFIG_SCHEMA>,
  'PG_POOL_MAX' | 'PG_PREPARED_STATEMENTS' | 'PG_PARALLEL_WORKERS'
>;

/** The name of a variable of {@link CONFIG_SCHEMA}. */
export type ConfigVariable = keyof typeof CONFIG_SCHEMA.properties;

/** One variable's schema as `readEnvironment` and the renderers see it. */
export type VariableSchema = TSchema &
  VariableKeywords & {
    type?: string;
    default?: unknown;
    enum?: readonly unknown[];
    minimum?: number;
    maximum?: number;
  };

/** The variables of {@link CONFIG_SCHEMA} with their schemas, in order. */
export function configVariables(): [ConfigVariable, VariableSchema][] {
  return Object.entries(CONFIG_SCHEMA.properties) as [ConfigVariable, VariableSchema][];
}

const TRUE = ['1', 'true', 'yes', 'on'];
const FALSE = ['0', 'false', 'no', 'off'];
const checks = new Map<ConfigVariable, ReturnType<typeof Compile>>(
  configVariables().map(([name, schema]) => [name, Compile(schema)]),
);

/** The value of a text by the schema's type (checked afterwards; a mismatch stays text and fails). */
function convert(schema: VariableSchema, text: string): unknown {
  if (schema.type === 'integer') return /^\d+$/.test(text) ? Number(text) : text;
  if (schema.type === 'boolean') return TRUE.includes(text) ? true : FALSE.includes(text) ? false : text;
  return text;
}

/** The message of a value that does not pass `schema`. */
function expected(schema: VariableSchema, raw: string): string {
  if (schema.errorMessage) return schema.errorMessage;
  const got = `got ${JSON.stringify(raw)}`;
  if (schema.type === 'integer') {
    return `expected an integer between ${schema.minimum} and ${schema.maximum ?? Number.MAX_SAFE_INTEGER}, ${got}`;
  }
  if (schema.type === 'boolean') return `expected true or false, ${got}`;
  if (schema.enum) return `expected one of ${schema.enum.join(', ')}, ${got}`;
  return `invalid value, ${got}`;
}

/**
 * Reads every variable of {@link CONFIG_SCHEMA} from `env`, by the rules of {@link VariableKeywords},
 * and returns those the server reads itself (a variable with `readBy` is checked, not returned). Unset variables get the schema's
 * `default` (a fresh copy) or stay undefined.
 *
 * @throws ConfigError naming the first variable (in schema order) whose value does not fit.
 */
export function readEnvironment(env: NodeJS.ProcessEnv): ConfigEnvironment {
  const out: Record<string, unknown> = {};
  for (const [name, schema] of configVariables()) {
    const raw = env[name];
    let text = raw ?? '';
    for (const method of schema.transform ?? []) text = text[method]();
    if (raw === undefined || raw === '' || (text === '' && schema.blank !== 'invalid')) {
      if (schema.default !== undefined && !schema.readBy) out[name] = structuredClone(schema.default);
      continue;
    }
    const value = schema.parse ? schema.parse(name, text) : convert(schema, text);
    if (!checks.get(name)!.Check(value)) throw new ConfigError(name, expected(schema, raw));
    // Checked like the others, so a bad value stops the start; read where `readBy` says.
    if (!schema.readBy) out[name] = value;
  }
  return out as ConfigEnvironment;
}
