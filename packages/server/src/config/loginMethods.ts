/**
 * The directory sign-in methods' variables (`LDAP_*`, `OIDC_*`, `SAML_*`, `CUSTOM_SSO_*`) as the
 * back office edits them: which variables belong to a method, which of them are secrets, and the
 * method's settings made from a set of values by the same reading as the environment's
 * (`loadConfig`), so a value the back office saves is checked exactly as a start would check it.
 */
import type { IdentityConfig } from './identity';
import { loadConfig } from './loadConfig';
import { type ConfigVariable, configVariables, type VariableSchema } from './schema';
import { resolveIdentityConfig } from './serverConfig';

/** The directory methods of SPEC §1 that the back office configures. */
export const DIRECTORY_METHODS = ['ldap', 'oidc', 'saml', 'custom_sso'] as const;
/** One of {@link DIRECTORY_METHODS}. */
export type DirectoryMethodName = (typeof DIRECTORY_METHODS)[number];

/** The prefix of each method's variables. */
const PREFIX: Record<DirectoryMethodName, string> = {
  ldap: 'LDAP_',
  oidc: 'OIDC_',
  saml: 'SAML_',
  custom_sso: 'CUSTOM_SSO_',
};

/** The field of {@link IdentityConfig} holding each method's settings (absent: not configured). */
export const METHOD_FIELD = {
  ldap: 'ldap',
  oidc: 'oidc',
  saml: 'saml',
  custom_sso: 'customSso',
} as const satisfies Record<DirectoryMethodName, string>;

/** A variable whose value is a secret: sealed at rest, masked in answers, never logged. */
export function isSecretVariable(name: string): boolean {
  return /(PASSWORD|SECRET|PRIVATE_KEY)$/.test(name);
}

/** The variables of `method`, in the order of the configuration schema, with their schemas. */
export function methodVariables(method: DirectoryMethodName): [ConfigVariable, VariableSchema][] {
  return configVariables().filter(([name]) => name.startsWith(PREFIX[method]));
}

/**
 * The settings of `method` made from `values` (variable name → text, as in the environment) on top
 * of `base` (the rest of the environment, for what a method's default derives from, e.g. the
 * public origin), the method's own variables of `base` left out.
 *
 * @returns the method's settings, or undefined when `values` leave it unconfigured
 * @throws ConfigError naming the first variable whose value does not pass, as a start would
 */
export function methodConfigFrom(
  method: DirectoryMethodName,
  values: Readonly<Record<string, string>>,
  base: NodeJS.ProcessEnv = {},
): unknown {
  const env: NodeJS.ProcessEnv = {};
  for (const [name, value] of Object.entries(base)) {
    if (!name.startsWith(PREFIX[method])) env[name] = value;
  }
  Object.assign(env, values);
  const identity: IdentityConfig = resolveIdentityConfig(loadConfig(env));
  return (identity as unknown as Record<string, unknown>)[METHOD_FIELD[method]];
}
