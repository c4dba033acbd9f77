/**
 * SAML 2.0 service provider sign-in (group `identity`; SPEC §1 private-deployment SSO `saml`): the
 * identity provider (its metadata, or its SSO URL, certificate and entity id), this service
 * provider's entity id, origin and optional signing key, the attribute mapping and the checks'
 * tolerances. {@link resolveSamlConfig} turns the variables into {@link SamlConfig}, present exactly
 * when `SAML_IDP_METADATA` or `SAML_IDP_ENTRY_POINT` is set. The IdP metadata is parsed when the
 * server starts (`identity/saml.ts`), since XML parsing is asynchronous.
 */
import { readFileSync } from 'node:fs';
import { Type } from 'typebox';
import { ConfigError, isPlainObject, parseJson, parseOriginList } from './values';
import { about, trim } from './variables';

/** SAML 2.0 core §8.3.7: a persistent, opaque, per-SP identifier (the NameID format asked for by default). */
export const NAMEID_PERSISTENT = 'urn:oasis:names:tc:SAML:2.0:nameid-format:persistent';

/** Which SAML attributes (by `Name`) fill which account field; the first one present wins. */
export interface SamlAttributeMap {
  /** `email` of the account. */
  email: string[];
  /** `nick_name` (display name). */
  displayName: string[];
  department: string[];
  /** `e_id` (employee id). */
  employeeId: string[];
  /** `user_name` (login name); the NameID when none is present. */
  username: string[];
  /** Group memberships compared with `SAML_ADMIN_GROUP`. */
  groups: string[];
}

/** Default {@link SamlAttributeMap}: the usual names of Keycloak, ADFS (claim URIs), Okta and the LDAP OIDs. */
export const SAML_DEFAULT_ATTRIBUTES: SamlAttributeMap = {
  email: [
    'email',
    'mail',
    'urn:oid:0.9.2342.19200300.100.1.3',
    'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/emailaddress',
  ],
  displayName: [
    'displayName',
    'urn:oid:2.16.840.1.113730.3.1.241',
    'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/name',
    'name',
  ],
  department: ['department', 'urn:oid:2.5.4.11', 'ou'],
  employeeId: ['employeeNumber', 'employeeId', 'e_id', 'urn:oid:2.16.840.1.113730.3.1.3'],
  username: [
    'username',
    'uid',
    'urn:oid:0.9.2342.19200300.100.1.1',
    'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/upn',
  ],
  groups: [
    'groups',
    'memberOf',
    'Role',
    'http://schemas.microsoft.com/ws/2008/06/identity/claims/groups',
    'http://schemas.xmlsoap.org/claims/Group',
    'http://schemas.microsoft.com/ws/2008/06/identity/claims/role',
  ],
};

/** The identity provider as configured: its metadata XML, or the explicit values. */
export type SamlIdpSource =
  | { metadata: string }
  | {
      /** SSO URL (HTTP-Redirect binding). */
      entryPoint: string;
      /** Signing certificates, PEM. */
      certs: string[];
      /** Entity id (the `Issuer` of its responses). */
      issuer: string;
      /** Single logout URL (HTTP-Redirect binding), if it has one. */
      logoutUrl?: string;
    };

/** The SAML settings (see the `SAML_*` variables). */
export interface SamlConfig {
  idp: SamlIdpSource;
  /** `SAML_SP_ORIGIN`: the public origin of this server (`https://plugins.example.com`). */
  spOrigin: string;
  /** `SAML_SP_ENTITY_ID`: default `<SAML_SP_ORIGIN>/api/uc/saml/metadata`. */
  spEntityId: string;
  /** `SAML_SP_PRIVATE_KEY` (PEM): signs AuthnRequests and LogoutRequests when set with the certificate. */
  spPrivateKey?: string;
  /** `SAML_SP_CERT` (PEM): published in the metadata. */
  spCert?: string;
  /** `SAML_NAMEID_FORMAT`: the NameID format asked for (default persistent). */
  nameIdFormat: string;
  attributes: SamlAttributeMap;
  /** `SAML_ADMIN_GROUP`: a value of the groups attribute that makes a general administrator. */
  adminGroup?: string;
  /** `SAML_ALLOW_IDP_INITIATED`: accept unsolicited responses (default false). */
  allowIdpInitiated: boolean;
  /** `SAML_CLOCK_SKEW_MS`: tolerance of the time checks, ms. */
  clockSkewMs: number;
}

/** Default tolerance of the SAML time checks, ms. */
export const SAML_DEFAULT_CLOCK_SKEW_MS = 60_000;

/** A value given inline (starting with `inline`) or as the path of a file holding it. */
function inlineOrFile(variable: string, text: string, inline: (text: string) => boolean): string {
  if (inline(text)) return text;
  try {
    return readFileSync(text, 'utf8');
  } catch (error) {
    throw new ConfigError(
      variable,
      `cannot read the file ${JSON.stringify(text)}: ${(error as Error).message}`,
    );
  }
}

const isXml = (text: string) => text.startsWith('<');
const isPem = (text: string) => text.startsWith('-----BEGIN');

/**
 * Certificates of `SAML_IDP_CERT`: PEM blocks, or base64 DER separated by commas or whitespace.
 * @throws ConfigError for anything else.
 */
export function parseCertificates(variable: string, text: string): string[] {
  const value = inlineOrFile(variable, text, (t) => isPem(t) || /^[A-Za-z0-9+/=\s,]+$/.test(t));
  const pems = value.match(/-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g);
  if (pems) return pems;
  const parts = value.split(/[\s,]+/).filter(Boolean);
  if (parts.length === 0 || parts.some((part) => !/^[A-Za-z0-9+/]+={0,2}$/.test(part))) {
    throw new ConfigError(variable, 'expected PEM certificates or base64 DER certificates');
  }
  return parts.map(
    (part) => `-----BEGIN CERTIFICATE-----\n${part.match(/.{1,64}/g)!.join('\n')}\n-----END CERTIFICATE-----`,
  );
}

/** `SAML_ATTRIBUTES`: JSON `{ "<field>": "<name>" | ["<name>", …] }` over {@link SAML_DEFAULT_ATTRIBUTES}. */
export function parseSamlAttributes(variable: string, text: string): SamlAttributeMap {
  const value = parseJson(variable, text);
  if (!isPlainObject(value)) throw new ConfigError(variable, 'expected a JSON object');
  const map: SamlAttributeMap = structuredClone(SAML_DEFAULT_ATTRIBUTES);
  const keys: Record<string, keyof SamlAttributeMap> = {
    email: 'email',
    display_name: 'displayName',
    department: 'department',
    employee_id: 'employeeId',
    username: 'username',
    groups: 'groups',
  };
  for (const [key, names] of Object.entries(value)) {
    const field = keys[key];
    if (!field) {
      throw new ConfigError(
        variable,
        `unknown field ${JSON.stringify(key)} (expected ${Object.keys(keys).join(', ')})`,
      );
    }
    const list = typeof names === 'string' ? [names] : names;
    if (
      !Array.isArray(list) ||
      list.length === 0 ||
      list.some((n) => typeof n !== 'string' || n === '' || n.length > 256)
    ) {
      throw new ConfigError(variable, `${key}: expected an attribute name or a non-empty array of them`);
    }
    map[field] = list as string[];
  }
  return map;
}

/** `SAML_IDP_METADATA` … `SAML_CLOCK_SKEW_MS`. */
export const SAML_VARIABLES = {
  SAML_IDP_METADATA: Type.Optional(
    Type.String({
      ...about({
        group: 'identity',
        transform: trim,
        parse: (variable, text) => inlineOrFile(variable, text, isXml),
        summary: "SAML: the IdP's metadata XML, or the path of a file holding it",
        description:
          "SAML 2.0 sign-in (see [SAML 2.0](sso.md#saml-20)): the identity provider's metadata XML, or the path of a file holding it. Its entity id, SSO URL (HTTP-Redirect binding), single logout URL and signing certificates are read from it. Set this or `SAML_IDP_ENTRY_POINT`; either turns SAML on",
      }),
    }),
  ),
  SAML_IDP_ENTRY_POINT: Type.Optional(
    Type.String({
      pattern: '^https?://',
      ...about({
        group: 'identity',
        transform: trim,
        errorMessage: 'is not an http(s) URL',
        summary: "SAML without metadata: the IdP's SSO URL (HTTP-Redirect)",
        description:
          "SAML without metadata: the identity provider's single sign-on URL (HTTP-Redirect binding); needs `SAML_IDP_CERT` and `SAML_IDP_ISSUER`",
      }),
    }),
  ),
  SAML_IDP_CERT: Type.Optional(
    Type.Array(Type.String(), {
      ...about({
        group: 'identity',
        transform: trim,
        parse: parseCertificates,
        summary: "SAML: the IdP's signing certificate(s), PEM or base64",
        description:
          "with `SAML_IDP_ENTRY_POINT`: the identity provider's signing certificate(s): PEM blocks, base64 DER (several separated by commas), or the path of a file holding them",
      }),
    }),
  ),
  SAML_IDP_ISSUER: Type.Optional(
    Type.String({
      maxLength: 1024,
      ...about({
        group: 'identity',
        transform: trim,
        summary: "SAML: the IdP's entity id (Issuer)",
        description:
          "with `SAML_IDP_ENTRY_POINT`: the identity provider's entity id, the `Issuer` its responses must carry",
      }),
    }),
  ),
  SAML_IDP_LOGOUT_URL: Type.Optional(
    Type.String({
      pattern: '^https?://',
      ...about({
        group: 'identity',
        transform: trim,
        errorMessage: 'is not an http(s) URL',
        summary: "SAML: the IdP's single logout URL (HTTP-Redirect)",
        description:
          "with `SAML_IDP_ENTRY_POINT`: the identity provider's single logout URL (HTTP-Redirect binding); unset → no single logout",
      }),
    }),
  ),
  SAML_SP_ORIGIN: Type.Optional(
    Type.String({
      ...about({
        group: 'identity',
        transform: trim,
        parse: (variable, text) => {
          const origins = parseOriginList(variable, text);
          if (origins.length !== 1) throw new ConfigError(variable, 'expected one origin');
          return origins[0];
        },
        summary: 'SAML: public origin of this server (required with SAML)',
        description:
          'required with SAML: the public origin of this server as browsers and the IdP reach it (`https://plugins.example.com`); the assertion consumer service is `<origin>/api/uc/saml/acs`, single logout `<origin>/api/uc/saml/slo`',
      }),
    }),
  ),
  SAML_SP_ENTITY_ID: Type.Optional(
    Type.String({
      maxLength: 1024,
      ...about({
        group: 'identity',
        transform: trim,
        defaultText: '`<SAML_SP_ORIGIN>/api/uc/saml/metadata`',
        summary: "SAML: this service provider's entity id (the audience)",
        description:
          "this service provider's entity id: the `Issuer` of its requests and the `Audience` its assertions must name",
      }),
    }),
  ),
  SAML_SP_PRIVATE_KEY: Type.Optional(
    Type.String({
      ...about({
        group: 'identity',
        transform: trim,
        parse: (variable, text) => inlineOrFile(variable, text, isPem),
        summary: 'SAML: key signing AuthnRequests/LogoutRequests (PEM or path)',
        description:
          'PEM private key (or the path of a file holding it) that signs AuthnRequests and LogoutRequests (RSA-SHA256); needs `SAML_SP_CERT`. Unset → requests are unsigned',
      }),
    }),
  ),
  SAML_SP_CERT: Type.Optional(
    Type.String({
      ...about({
        group: 'identity',
        transform: trim,
        parse: (variable, text) => inlineOrFile(variable, text, isPem),
        summary: "SAML: the signing key's certificate (PEM or path)",
        description:
          "the certificate of `SAML_SP_PRIVATE_KEY` (PEM, or the path of a file holding it), published in the service provider's metadata",
      }),
    }),
  ),
  SAML_NAMEID_FORMAT: Type.Optional(
    Type.String({
      maxLength: 256,
      ...about({
        group: 'identity',
        transform: trim,
        defaultText: '`urn:oasis:names:tc:SAML:2.0:nameid-format:persistent`',
        summary: 'SAML: NameID format asked for (default persistent)',
        description:
          'the NameID format asked for in AuthnRequests and published in the metadata. The NameID (with the IdP entity id) links a person to their account, so it must be stable: a `transient` NameID is refused',
      }),
    }),
  ),
  SAML_ATTRIBUTES: Type.Optional(
    Type.Unsafe<SamlAttributeMap>({
      ...about({
        group: 'identity',
        transform: trim,
        parse: parseSamlAttributes,
        defaultText: 'see [SAML 2.0](sso.md#saml-20)',
        summary: 'SAML: JSON map of account fields to attribute names',
        description:
          'JSON object mapping account fields (`email`, `display_name`, `department`, `employee_id`, `username`, `groups`) to a SAML attribute name or an array of them (the first present wins); unnamed fields keep their defaults',
      }),
    }),
  ),
  SAML_ADMIN_GROUP: Type.Optional(
    Type.String({
      maxLength: 1024,
      ...about({
        group: 'identity',
        transform: trim,
        summary: 'SAML: group value that makes a general administrator',
        description:
          'a value of the groups attribute that makes the person a general administrator (role 2) at each sign-in; without it a general administrator becomes a general user again (a super administrator stays). Unset → SAML leaves roles alone',
      }),
    }),
  ),
  SAML_ALLOW_IDP_INITIATED: Type.Boolean({
    default: false,
    ...about({
      group: 'identity',
      transform: trim,
      summary: 'SAML: accept IdP-initiated (unsolicited) responses',
      description:
        "accept responses the service provider did not ask for (IdP-initiated sign-in from the IdP's portal); their `RelayState` may name an allowed redirect_uri, else the browser lands on `/plugins/`. Off: only answers to this server's own requests",
    }),
  }),
  SAML_CLOCK_SKEW_MS: Type.Integer({
    minimum: 0,
    maximum: 600_000,
    default: SAML_DEFAULT_CLOCK_SKEW_MS,
    ...about({
      group: 'identity',
      transform: trim,
      summary: 'SAML: clock skew tolerated by the time checks, ms',
      description:
        'clock difference with the IdP tolerated by the NotBefore / NotOnOrAfter checks, ms (0–600000)',
    }),
  }),
};

/** The `SAML_*` values of the environment as `readEnvironment` answers them. */
export interface SamlEnvironment {
  SAML_IDP_METADATA?: string | undefined;
  SAML_IDP_ENTRY_POINT?: string | undefined;
  SAML_IDP_CERT?: string[] | undefined;
  SAML_IDP_ISSUER?: string | undefined;
  SAML_IDP_LOGOUT_URL?: string | undefined;
  SAML_SP_ORIGIN?: string | undefined;
  SAML_SP_ENTITY_ID?: string | undefined;
  SAML_SP_PRIVATE_KEY?: string | undefined;
  SAML_SP_CERT?: string | undefined;
  SAML_NAMEID_FORMAT?: string | undefined;
  SAML_ATTRIBUTES?: SamlAttributeMap | undefined;
  SAML_ADMIN_GROUP?: string | undefined;
  SAML_ALLOW_IDP_INITIATED: boolean;
  SAML_CLOCK_SKEW_MS: number;
}

/**
 * {@link SamlConfig} of the environment, or undefined when neither `SAML_IDP_METADATA` nor
 * `SAML_IDP_ENTRY_POINT` is set.
 * @throws ConfigError when both are set, when `SAML_IDP_ENTRY_POINT` lacks `SAML_IDP_CERT` or
 *   `SAML_IDP_ISSUER`, when `SAML_SP_ORIGIN` is missing, or when only one of `SAML_SP_PRIVATE_KEY` /
 *   `SAML_SP_CERT` is set.
 */
export function resolveSamlConfig(v: SamlEnvironment): SamlConfig | undefined {
  if (v.SAML_IDP_METADATA === undefined && v.SAML_IDP_ENTRY_POINT === undefined) return undefined;
  if (v.SAML_IDP_METADATA !== undefined && v.SAML_IDP_ENTRY_POINT !== undefined) {
    throw new ConfigError(
      'SAML_IDP_ENTRY_POINT',
      'set either SAML_IDP_METADATA or SAML_IDP_ENTRY_POINT, not both',
    );
  }
  let idp: SamlIdpSource;
  if (v.SAML_IDP_METADATA !== undefined) {
    idp = { metadata: v.SAML_IDP_METADATA };
  } else {
    if (!v.SAML_IDP_CERT?.length) {
      throw new ConfigError('SAML_IDP_CERT', "SAML_IDP_ENTRY_POINT needs the IdP's signing certificate");
    }
    if (!v.SAML_IDP_ISSUER)
      throw new ConfigError('SAML_IDP_ISSUER', "SAML_IDP_ENTRY_POINT needs the IdP's entity id");
    idp = {
      entryPoint: v.SAML_IDP_ENTRY_POINT!,
      certs: v.SAML_IDP_CERT,
      issuer: v.SAML_IDP_ISSUER,
      ...(v.SAML_IDP_LOGOUT_URL ? { logoutUrl: v.SAML_IDP_LOGOUT_URL } : {}),
    };
  }
  if (!v.SAML_SP_ORIGIN) {
    throw new ConfigError(
      'SAML_SP_ORIGIN',
      'SAML needs the public origin of this server (https://plugins.example.com)',
    );
  }
  if ((v.SAML_SP_PRIVATE_KEY === undefined) !== (v.SAML_SP_CERT === undefined)) {
    throw new ConfigError('SAML_SP_CERT', 'set SAML_SP_PRIVATE_KEY and SAML_SP_CERT together');
  }
  const nameIdFormat = v.SAML_NAMEID_FORMAT ?? NAMEID_PERSISTENT;
  if (nameIdFormat.endsWith(':transient')) {
    throw new ConfigError(
      'SAML_NAMEID_FORMAT',
      'a transient NameID changes at every sign-in and cannot link an account',
    );
  }
  return {
    idp,
    spOrigin: v.SAML_SP_ORIGIN,
    spEntityId: v.SAML_SP_ENTITY_ID || `${v.SAML_SP_ORIGIN}/api/uc/saml/metadata`,
    ...(v.SAML_SP_PRIVATE_KEY !== undefined
      ? { spPrivateKey: v.SAML_SP_PRIVATE_KEY, spCert: v.SAML_SP_CERT! }
      : {}),
    nameIdFormat,
    attributes: v.SAML_ATTRIBUTES ?? structuredClone(SAML_DEFAULT_ATTRIBUTES),
    ...(v.SAML_ADMIN_GROUP ? { adminGroup: v.SAML_ADMIN_GROUP } : {}),
    allowIdpInitiated: v.SAML_ALLOW_IDP_INITIATED,
    clockSkewMs: v.SAML_CLOCK_SKEW_MS,
  };
}
