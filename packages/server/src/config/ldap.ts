/**
 * LDAP sign-in of private deployments (group `identity`, SPEC §1 login method `ldap`): where the
 * directory is, how the server finds a person in it (`LDAP_SEARCH_FILTER`), which attributes fill
 * the account (`LDAP_ATTRIBUTES`), the optional administrators' group and the transport security.
 * {@link resolveLdapConfig} turns the variables into {@link LdapConfig}, present exactly when
 * `LDAP_URL` is set. The sign-in itself is `identity/ldap.ts`.
 */
import { FilterParser } from 'ldapts';
import { type Static, Type } from 'typebox';
import { ConfigError, parseJson } from './values';
import { about, trim, trimLower } from './variables';

/**
 * Which directory attributes fill which account fields (SPEC §3 User). Each field names one
 * attribute or a list tried in order (the first with a value wins).
 */
export interface LdapAttributes {
  /**
   * The entry's stable id, the account's link (exactly one attribute): `entryUUID` (RFC 4530);
   * Active Directory: `objectGUID`.
   */
  subject: string[];
  /** `user_name`; when the entry has none, the login name as typed. */
  username: string[];
  /** `email`. */
  email: string[];
  /** `nick_name` (display name); the username when none. */
  display_name: string[];
  /** `department`. */
  department: string[];
  /** `e_id` (employee id). */
  employee_id: string[];
}

/** The resolved LDAP settings ({@link resolveLdapConfig}). */
export interface LdapConfig {
  /** `LDAP_URL`: `ldap://host[:port]` or `ldaps://host[:port]`. */
  url: string;
  /** `LDAP_BIND_DN`: the service account; unset → anonymous search. */
  bindDn: string | undefined;
  /** `LDAP_BIND_PASSWORD`: the service account's password. */
  bindPassword: string | undefined;
  /** `LDAP_SEARCH_BASE`: the subtree searched for people. */
  searchBase: string;
  /** `LDAP_SEARCH_FILTER`: RFC 4515 filter with `{username}`, replaced by the escaped login name. */
  searchFilter: string;
  /** `LDAP_ATTRIBUTES` over {@link LDAP_DEFAULT_ATTRIBUTES}. */
  attributes: LdapAttributes;
  /** `LDAP_ADMIN_GROUP`: DN of the group whose members are general administrators. */
  adminGroup: string | undefined;
  /** `LDAP_START_TLS`: upgrade an `ldap://` connection with StartTLS (RFC 4511 §4.14) before binding. */
  startTls: boolean;
  /** `LDAP_TLS_CA_FILE`: PEM file of the certificate authorities trusted for ldaps:// and StartTLS. */
  tlsCaFile: string | undefined;
  /** `LDAP_TIMEOUT_MS`: limit of connecting and of each LDAP operation, ms. */
  timeoutMs: number;
}

/** The placeholder of `LDAP_SEARCH_FILTER`. */
export const USERNAME_PLACEHOLDER = '{username}';

/** `LDAP_SEARCH_FILTER` when unset. */
export const LDAP_DEFAULT_FILTER = '(uid={username})';

/** `LDAP_ATTRIBUTES` when unset: the attributes of inetOrgPerson (RFC 2798). */
export const LDAP_DEFAULT_ATTRIBUTES: LdapAttributes = {
  subject: ['entryUUID'],
  username: ['uid'],
  email: ['mail'],
  display_name: ['displayName', 'cn'],
  department: ['departmentNumber'],
  employee_id: ['employeeNumber'],
};

/** `LDAP_TIMEOUT_MS` when unset. */
export const LDAP_DEFAULT_TIMEOUT_MS = 10_000;

/** An attribute description (RFC 4512 §2.5: a name or an OID, options after `;`). */
const ATTRIBUTE_NAME = /^(?:[A-Za-z][A-Za-z0-9-]*|\d+(?:\.\d+)+)(?:;[A-Za-z0-9-]+)*$/;

/**
 * `LDAP_ATTRIBUTES`: a JSON object whose fields (`username`, `email`, `display_name`,
 * `department`, `employee_id`) name an attribute or a list of attributes; fields left out keep
 * their defaults ({@link LDAP_DEFAULT_ATTRIBUTES}).
 *
 * @throws ConfigError `LDAP_ATTRIBUTES: …` naming the field that does not fit.
 */
export function parseLdapAttributes(variable: string, text: string): LdapAttributes {
  const value = parseJson(variable, text);
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new ConfigError(variable, 'expected a JSON object');
  }
  const out: LdapAttributes = structuredClone(LDAP_DEFAULT_ATTRIBUTES);
  for (const [key, field] of Object.entries(value)) {
    if (!Object.hasOwn(LDAP_DEFAULT_ATTRIBUTES, key)) {
      throw new ConfigError(
        variable,
        `unknown field ${JSON.stringify(key)} (expected ${Object.keys(LDAP_DEFAULT_ATTRIBUTES).join(', ')})`,
      );
    }
    const names = typeof field === 'string' ? [field] : field;
    if (
      !Array.isArray(names) ||
      names.length === 0 ||
      names.length > 8 ||
      !names.every((name) => typeof name === 'string' && name.length <= 128 && ATTRIBUTE_NAME.test(name))
    ) {
      throw new ConfigError(variable, `${key}: expected an attribute name or a list of 1 to 8 of them`);
    }
    if (key === 'subject' && names.length !== 1) {
      throw new ConfigError(variable, 'subject: expected one attribute name');
    }
    out[key as keyof LdapAttributes] = names as string[];
  }
  return out;
}

/**
 * `LDAP_SEARCH_FILTER`: an RFC 4515 filter holding `{username}` at least once.
 *
 * @throws ConfigError when `{username}` is missing or the filter does not parse.
 */
export function parseLdapFilter(variable: string, text: string): string {
  if (!text.includes(USERNAME_PLACEHOLDER)) {
    throw new ConfigError(variable, `must contain ${USERNAME_PLACEHOLDER}`);
  }
  try {
    // As a sign-in searches, and as the refresh check does (`{username}` as `*`).
    FilterParser.parseString(text.replaceAll(USERNAME_PLACEHOLDER, 'probe'));
    FilterParser.parseString(text.replaceAll(USERNAME_PLACEHOLDER, '*'));
  } catch (error) {
    throw new ConfigError(variable, `is not an LDAP filter (RFC 4515): ${(error as Error).message}`);
  }
  return text;
}

/** `LDAP_URL` … `LDAP_TIMEOUT_MS`. */
export const LDAP_VARIABLES = {
  LDAP_URL: Type.Optional(
    Type.String({
      pattern: '^ldaps?://[^/?#\\s]+/?$',
      ...about({
        group: 'identity',
        transform: trim,
        errorMessage: 'expected ldap://host[:port] or ldaps://host[:port]',
        summary: 'LDAP sign-in: ldap://host[:port] or ldaps://host[:port]',
        description:
          'the directory of LDAP sign-in (`POST /api/uc/user/login/ldap`, see [LDAP](sso.md#ldap)): `ldap://host[:port]` or `ldaps://host[:port]`; unset → LDAP sign-in is off (404 LOGIN_METHOD_DISABLED)',
      }),
    }),
  ),
  LDAP_BIND_DN: Type.Optional(
    Type.String({
      maxLength: 1024,
      ...about({
        group: 'identity',
        transform: trim,
        summary: 'DN of the LDAP service account (unset: anonymous search)',
        description:
          'DN of the service account that searches the directory (`cn=plugin-center,ou=services,dc=example,dc=org`); unset → anonymous search',
      }),
    }),
  ),
  LDAP_BIND_PASSWORD: Type.Optional(
    Type.String({
      maxLength: 1024,
      ...about({
        group: 'identity',
        summary: 'password of the LDAP service account',
        description: 'password of `LDAP_BIND_DN`',
      }),
    }),
  ),
  LDAP_SEARCH_BASE: Type.Optional(
    Type.String({
      maxLength: 1024,
      ...about({
        group: 'identity',
        transform: trim,
        summary: 'LDAP subtree searched for people (required with LDAP_URL)',
        description:
          'the subtree searched for people (`ou=people,dc=example,dc=org`); required with `LDAP_URL`',
      }),
    }),
  ),
  // No schema default: `--help` would show it in the name column and widen every line.
  LDAP_SEARCH_FILTER: Type.Optional(
    Type.String({
      maxLength: 1024,
      ...about({
        group: 'identity',
        transform: trim,
        parse: parseLdapFilter,
        defaultText: `\`${LDAP_DEFAULT_FILTER}\``,
        summary: 'LDAP filter finding a person by {username} (default: by uid)',
        description:
          'RFC 4515 filter finding the person signing in; `{username}` is replaced by the login name, escaped (RFC 4515 §3). Exclude disabled people here, e.g. `(&(uid={username})(!(employeeType=disabled)))`; Active Directory: `(&(sAMAccountName={username})(objectCategory=person)(!(userAccountControl:1.2.840.113556.1.4.803:=2)))`',
      }),
    }),
  ),
  LDAP_ATTRIBUTES: Type.Object(
    {
      subject: Type.Array(Type.String()),
      username: Type.Array(Type.String()),
      email: Type.Array(Type.String()),
      display_name: Type.Array(Type.String()),
      department: Type.Array(Type.String()),
      employee_id: Type.Array(Type.String()),
    },
    {
      default: LDAP_DEFAULT_ATTRIBUTES,
      ...about({
        group: 'identity',
        transform: trim,
        parse: parseLdapAttributes,
        defaultText:
          '`{"subject":"entryUUID","username":"uid","email":"mail","display_name":["displayName","cn"],"department":"departmentNumber","employee_id":"employeeNumber"}`',
        summary: 'JSON: LDAP attributes of username, email, display name …',
        description:
          'JSON object: the attribute (or list of attributes, the first with a value wins) of each account field: `subject` (the stable id the account is linked by, one attribute: `entryUUID`; Active Directory `objectGUID`), `username`, `email`, `display_name`, `department`, `employee_id`; fields left out keep the default (inetOrgPerson)',
      }),
    },
  ),
  LDAP_ADMIN_GROUP: Type.Optional(
    Type.String({
      maxLength: 1024,
      ...about({
        group: 'identity',
        transform: trim,
        summary: 'DN of the LDAP group of general administrators',
        description:
          'DN of a group (groupOfNames, groupOfUniqueNames, or any group the entry names in `memberOf`) whose members become general administrators (role 2) at sign-in; a general administrator who is no longer a member becomes a general user (a super administrator stays). Unset → roles are left alone',
      }),
    }),
  ),
  LDAP_START_TLS: Type.Boolean({
    default: false,
    ...about({
      group: 'identity',
      transform: trimLower,
      blank: 'invalid',
      summary: 'upgrade ldap:// with StartTLS before binding',
      description: 'upgrade the `ldap://` connection with StartTLS (RFC 4511 §4.14) before any bind',
    }),
  }),
  LDAP_TLS_CA_FILE: Type.Optional(
    Type.String({
      maxLength: 4096,
      ...about({
        group: 'identity',
        transform: trim,
        summary: 'PEM file of the CAs trusted for ldaps:// and StartTLS',
        description:
          "PEM file of the certificate authorities trusted for `ldaps://` and StartTLS (default: Node.js's bundled list)",
      }),
    }),
  ),
  LDAP_TIMEOUT_MS: Type.Integer({
    minimum: 100,
    maximum: 120_000,
    default: LDAP_DEFAULT_TIMEOUT_MS,
    ...about({
      group: 'identity',
      transform: trim,
      summary: 'LDAP connect and operation timeout, ms (100–120000)',
      description: 'limit of connecting to the directory and of each LDAP operation, ms (100–120000)',
    }),
  }),
};

const LDAP_SCHEMA = Type.Object(LDAP_VARIABLES);
/** The LDAP variables as `readEnvironment` answers them. */
export type LdapEnvironment = Static<typeof LDAP_SCHEMA>;

/**
 * {@link LdapConfig} of the environment: undefined when `LDAP_URL` is unset.
 *
 * @throws ConfigError `LDAP_SEARCH_BASE` when `LDAP_URL` is set without it; `LDAP_BIND_PASSWORD`
 *   when the bind DN is set without a password (or the reverse); `LDAP_START_TLS` with an
 *   `ldaps://` URL; any other `LDAP_*` variable set without `LDAP_URL`.
 */
export function resolveLdapConfig(v: LdapEnvironment): LdapConfig | undefined {
  if (v.LDAP_URL === undefined) {
    const stray = (
      [
        'LDAP_BIND_DN',
        'LDAP_BIND_PASSWORD',
        'LDAP_SEARCH_BASE',
        'LDAP_ADMIN_GROUP',
        'LDAP_TLS_CA_FILE',
      ] as const
    ).find((name) => v[name] !== undefined);
    if (stray) throw new ConfigError(stray, 'is set without LDAP_URL');
    return undefined;
  }
  if (!v.LDAP_SEARCH_BASE) throw new ConfigError('LDAP_SEARCH_BASE', 'is required when LDAP_URL is set');
  if ((v.LDAP_BIND_DN === undefined) !== (v.LDAP_BIND_PASSWORD === undefined)) {
    throw new ConfigError(
      v.LDAP_BIND_DN === undefined ? 'LDAP_BIND_DN' : 'LDAP_BIND_PASSWORD',
      'LDAP_BIND_DN and LDAP_BIND_PASSWORD go together (both unset: anonymous search)',
    );
  }
  if (v.LDAP_START_TLS && v.LDAP_URL.startsWith('ldaps:')) {
    throw new ConfigError('LDAP_START_TLS', 'applies to ldap:// only (ldaps:// is TLS from the start)');
  }
  return {
    url: v.LDAP_URL,
    bindDn: v.LDAP_BIND_DN,
    bindPassword: v.LDAP_BIND_PASSWORD,
    searchBase: v.LDAP_SEARCH_BASE,
    searchFilter: v.LDAP_SEARCH_FILTER ?? LDAP_DEFAULT_FILTER,
    attributes: v.LDAP_ATTRIBUTES,
    adminGroup: v.LDAP_ADMIN_GROUP,
    startTls: v.LDAP_START_TLS,
    tlsCaFile: v.LDAP_TLS_CA_FILE,
    timeoutMs: v.LDAP_TIMEOUT_MS,
  };
}
