/**
 * Test apps with company (directory) sign-in methods configured, for the login page and the
 * private standard config. The methods' own modules map their environment variables to the
 * `IdentityConfig` fields `ldap`, `oidc`, `saml`, `customSso`; these tests need only the fields'
 * presence (and `customSso.logoutUrl`), so they set the fields on the running app's identity
 * settings, which the login page and the identity routes read on every request.
 */
import type { PrivateStandardConfig } from '@plugin-center/contract/schemas';
import type { FastifyInstance } from 'fastify';
import type { IdentityConfig } from '../config/identity';
import type { ServerConfig } from '../config/serverConfig';
import { createTestApp, type TestApp } from './testApp';

/**
 * The directory methods' connection fields of {@link IdentityConfig}, as far as the login page and
 * the private standard config read them (presence, and the custom SSO's logout URL).
 */
export interface DirectoryFields {
  ldap?: object | undefined;
  oidc?: object | undefined;
  saml?: object | undefined;
  customSso?: { loginUrl: string; logoutUrl?: string | undefined } | undefined;
}

/** Every directory method configured (addresses that are never contacted). */
export const ALL_DIRECTORY_METHODS: DirectoryFields = {
  ldap: { url: 'ldap://127.0.0.1:1' },
  oidc: { issuer: 'http://127.0.0.1:1/oidc' },
  saml: { idpEntryPoint: 'http://127.0.0.1:1/saml' },
  customSso: { loginUrl: 'http://127.0.0.1:1/sso/login', logoutUrl: 'https://sso.example.com/logout?x=1' },
};

/** Sets (or with `undefined` removes) directory method fields on a running app's identity settings. */
export function setDirectoryMethods(app: FastifyInstance, fields: DirectoryFields): void {
  const settings = app.identity.settings;
  for (const key of ['ldap', 'oidc', 'saml', 'customSso'] as const) {
    if (!(key in fields)) continue;
    if (fields[key] === undefined) delete settings[key];
    else Object.assign(settings, { [key]: fields[key] });
  }
}

/**
 * A test app (no catalogue) with `fields` configured, `PRIVATE_LOGIN_CONFIG` = `privateLoginConfig`
 * when given, and the other `overrides` (e.g. `site`).
 */
export async function createMethodsApp(
  fields: DirectoryFields,
  privateLoginConfig?: PrivateStandardConfig,
  overrides: Partial<ServerConfig> = {},
): Promise<TestApp> {
  const t = await createTestApp({
    importCatalogueOnEmpty: false,
    ...(privateLoginConfig ? { privateLoginConfig } : {}),
    ...overrides,
  });
  setDirectoryMethods(t.app, fields);
  return t;
}
