/**
 * The SAML variables (`saml.ts`) as `loadConfig` reads them, and the IdP metadata as the server
 * resolves it at start (`identity/saml.ts` resolveSamlIdp).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveSamlIdp } from '../identity/samlIdp';
import { generateKeyPair, startTestSamlIdp, type TestSamlIdp } from '../testing/testSamlIdp';
import { loadConfig } from './loadConfig';
import { NAMEID_PERSISTENT, SAML_DEFAULT_ATTRIBUTES } from './saml';
import { resolveIdentityConfig } from './serverConfig';
import { ConfigError } from './values';

let idp: TestSamlIdp;
let dir: string;
beforeAll(async () => {
  idp = await startTestSamlIdp();
  dir = mkdtempSync(join(tmpdir(), 'saml-config-'));
});
afterAll(async () => {
  await idp?.close();
  rmSync(dir, { recursive: true, force: true });
});

const ORIGIN = 'https://plugins.example.com';

function configError(env: Record<string, string>): ConfigError {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return error as ConfigError;
  }
  throw new Error('loadConfig accepted the environment');
}

describe('SAML configuration', () => {
  it('is absent unless SAML_IDP_METADATA or SAML_IDP_ENTRY_POINT is set', () => {
    expect(loadConfig({}).saml).toBeUndefined();
    expect(resolveIdentityConfig(loadConfig({ SAML_SP_ORIGIN: ORIGIN })).saml).toBeUndefined();
  });

  it('reads the IdP metadata inline or from a file, with the defaults', async () => {
    const file = join(dir, 'idp.xml');
    writeFileSync(file, idp.metadata);
    for (const value of [idp.metadata, file]) {
      const config = loadConfig({ SAML_IDP_METADATA: value, SAML_SP_ORIGIN: `${ORIGIN}/` });
      expect(config.saml).toEqual({
        idp: { metadata: idp.metadata },
        spOrigin: ORIGIN,
        spEntityId: `${ORIGIN}/api/uc/saml/metadata`,
        nameIdFormat: NAMEID_PERSISTENT,
        attributes: SAML_DEFAULT_ATTRIBUTES,
        allowIdpInitiated: false,
        clockSkewMs: 60_000,
      });
      expect(resolveIdentityConfig(config).saml).toBe(config.saml);
      expect(await resolveSamlIdp(config.saml!)).toEqual({
        entityId: idp.entityId,
        ssoUrl: `${idp.url}/sso`,
        sloUrl: `${idp.url}/slo`,
        certs: [expect.stringContaining('-----BEGIN CERTIFICATE-----')],
      });
    }
    expect(
      configError({ SAML_IDP_METADATA: join(dir, 'missing.xml'), SAML_SP_ORIGIN: ORIGIN }).variable,
    ).toBe('SAML_IDP_METADATA');
  });

  it('refuses metadata that describes no IdP when the server starts', async () => {
    for (const metadata of ['<unclosed', '<EntityDescriptor entityID="x"/>']) {
      const config = loadConfig({ SAML_IDP_METADATA: metadata, SAML_SP_ORIGIN: ORIGIN });
      await expect(resolveSamlIdp(config.saml!)).rejects.toThrow(/^SAML_IDP_METADATA: /);
    }
  });

  it('reads the explicit IdP values, certificates as PEM or base64, and every option', () => {
    const { cert, key } = generateKeyPair('config-test');
    const base64 = cert.replace(/-----[A-Z ]+-----|\s/g, '');
    const config = loadConfig({
      SAML_IDP_ENTRY_POINT: 'https://idp.example.com/sso',
      SAML_IDP_CERT: `${base64},${base64}`,
      SAML_IDP_ISSUER: 'https://idp.example.com/entity',
      SAML_IDP_LOGOUT_URL: 'https://idp.example.com/slo',
      SAML_SP_ORIGIN: ORIGIN,
      SAML_SP_ENTITY_ID: 'urn:plugin-center',
      SAML_SP_PRIVATE_KEY: key,
      SAML_SP_CERT: cert,
      SAML_NAMEID_FORMAT: 'urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress',
      SAML_ATTRIBUTES: '{"email": "EmailAddress", "employee_id": ["empNo", "e_id"]}',
      SAML_ADMIN_GROUP: 'admins',
      SAML_ALLOW_IDP_INITIATED: 'yes',
      SAML_CLOCK_SKEW_MS: '0',
    });
    expect(config.saml).toMatchObject({
      idp: {
        entryPoint: 'https://idp.example.com/sso',
        issuer: 'https://idp.example.com/entity',
        logoutUrl: 'https://idp.example.com/slo',
      },
      spEntityId: 'urn:plugin-center',
      spPrivateKey: key.trim(),
      spCert: cert.trim(),
      nameIdFormat: 'urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress',
      attributes: { ...SAML_DEFAULT_ATTRIBUTES, email: ['EmailAddress'], employeeId: ['empNo', 'e_id'] },
      adminGroup: 'admins',
      allowIdpInitiated: true,
      clockSkewMs: 0,
    });
    const certs = (config.saml!.idp as { certs: string[] }).certs;
    expect(certs).toHaveLength(2);
    expect(certs[0]!.replace(/\s/g, '')).toBe(cert.replace(/\s/g, ''));
    expect(
      (
        loadConfig({
          SAML_IDP_ENTRY_POINT: 'https://idp.example.com/sso',
          SAML_IDP_CERT: cert,
          SAML_IDP_ISSUER: 'x',
          SAML_SP_ORIGIN: ORIGIN,
        }).saml!.idp as { certs: string[] }
      ).certs,
    ).toEqual([cert.trim()]);
  });

  it('names the variable of each mistake', () => {
    const entry = { SAML_IDP_ENTRY_POINT: 'https://idp.example.com/sso', SAML_SP_ORIGIN: ORIGIN };
    const cases: [Record<string, string>, string][] = [
      [{ SAML_IDP_METADATA: idp.metadata }, 'SAML_SP_ORIGIN'],
      [{ SAML_IDP_METADATA: idp.metadata, SAML_SP_ORIGIN: 'https://a.example/path' }, 'SAML_SP_ORIGIN'],
      [{ ...entry, SAML_IDP_METADATA: idp.metadata }, 'SAML_IDP_ENTRY_POINT'],
      [{ ...entry, SAML_IDP_ISSUER: 'x' }, 'SAML_IDP_CERT'],
      [{ ...entry, SAML_IDP_CERT: 'AAAA' }, 'SAML_IDP_ISSUER'],
      [{ ...entry, SAML_IDP_ISSUER: 'x', SAML_IDP_CERT: 'not a cert!' }, 'SAML_IDP_CERT'],
      [{ ...entry, SAML_IDP_ENTRY_POINT: 'ftp://idp.example.com' }, 'SAML_IDP_ENTRY_POINT'],
      [
        { SAML_IDP_METADATA: idp.metadata, SAML_SP_ORIGIN: ORIGIN, SAML_SP_PRIVATE_KEY: '-----BEGIN x' },
        'SAML_SP_CERT',
      ],
      [{ SAML_IDP_METADATA: idp.metadata, SAML_SP_ORIGIN: ORIGIN, SAML_ATTRIBUTES: '[]' }, 'SAML_ATTRIBUTES'],
      [
        { SAML_IDP_METADATA: idp.metadata, SAML_SP_ORIGIN: ORIGIN, SAML_ATTRIBUTES: '{"mail": "x"}' },
        'SAML_ATTRIBUTES',
      ],
      [
        { SAML_IDP_METADATA: idp.metadata, SAML_SP_ORIGIN: ORIGIN, SAML_ATTRIBUTES: '{"email": []}' },
        'SAML_ATTRIBUTES',
      ],
      [
        { SAML_IDP_METADATA: idp.metadata, SAML_SP_ORIGIN: ORIGIN, SAML_CLOCK_SKEW_MS: '-1' },
        'SAML_CLOCK_SKEW_MS',
      ],
      [
        {
          SAML_IDP_METADATA: idp.metadata,
          SAML_SP_ORIGIN: ORIGIN,
          SAML_NAMEID_FORMAT: 'urn:oasis:names:tc:SAML:2.0:nameid-format:transient',
        },
        'SAML_NAMEID_FORMAT',
      ],
    ];
    for (const [env, variable] of cases)
      expect(configError(env).variable, JSON.stringify(env)).toBe(variable);
  });
});
