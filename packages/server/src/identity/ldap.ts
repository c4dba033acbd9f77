/**
 * LDAP sign-in (SPEC §1 login method `ldap`): the login page posts the login name and password,
 * the server binds as the service account (`LDAP_BIND_DN`, or anonymously), finds the person with
 * `LDAP_SEARCH_FILTER` (RFC 4515; `{username}` escaped as its §3 says), binds as the entry's DN
 * with the password (RFC 4511 §4.2 simple bind) and maps the entry's attributes (`LDAP_ATTRIBUTES`)
 * into a {@link DirectoryProfile} whose subject is the entry's stable id (`entryUUID`, RFC 4530; or
 * `objectGUID` in Active Directory). The account is then created or updated by
 * `directoryAccounts.ts` and the answer is the password login's: `redirect_to` with a one-time code.
 *
 * Refresh asks the directory again ({@link LdapSignIn.check}, registered as the `dir:ldap`
 * directory check): a person removed from the directory, or no longer matching the filter (a
 * disabled account excluded by it), loses their sessions.
 */
import { readFileSync } from 'node:fs';
import { isIP } from 'node:net';
import type { ConnectionOptions } from 'node:tls';
import { ApiErrorCode, type LdapSignInBody, type SignInResult } from '@plugin-center/contract/schemas';
import {
  AndFilter,
  Client,
  type Entry,
  EqualityFilter,
  type Filter,
  FilterParser,
  InappropriateAuthError,
  InvalidCredentialsError,
  NoSuchObjectError,
  type ResultCodeError,
  SizeLimitExceededError,
  UnwillingToPerformError,
} from 'ldapts';
import { type LdapAttributes, type LdapConfig, USERNAME_PLACEHOLDER } from '../config/ldap';
import { ConfigError } from '../config/values';
import { ApiError } from '../errors';
import type { DirectoryProfile } from './directoryAccounts';
import type { DirectoryCheck } from './identityCore';
import type { IdentityService } from './service';

/** Message of INVALID_CREDENTIALS for an unknown login name and a wrong password alike. */
export const LDAP_INVALID_CREDENTIALS_MESSAGE = 'wrong user name or password';

/** Longest LDAP server message carried in a THIRD_PARTY_FAILED message, characters. */
const MAX_DETAIL = 300;

/** Prefix of a subject kept as hex digits (a binary id such as objectGUID). */
const SUBJECT_PREFIX_HEX = 'hex:';

/**
 * RFC 4515 §3 escaping of an assertion value: `*`, `(`, `)`, `\` and NUL become `\2a`, `\28`,
 * `\29`, `\5c`, `\00`; other characters (UTF-8 included) stay as they are.
 */
export function escapeFilterValue(value: string): string {
  return value.replace(/[*()\\\0]/g, (c) => `\\${c.charCodeAt(0).toString(16).padStart(2, '0')}`);
}

/** `LDAP_SEARCH_FILTER` with `{username}` replaced by the escaped `username`. */
export function userFilter(template: string, username: string): string {
  return template.replaceAll(USERNAME_PLACEHOLDER, escapeFilterValue(username));
}

/**
 * The text of a directory failure: for an LDAP result (RFC 4511 §4.1.9) its name, code and the
 * server's diagnostic message (`invalid credentials (result 49): …`); else the socket's or TLS
 * library's message.
 */
export function ldapErrorText(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const code = (error as Partial<ResultCodeError>).code;
  if (typeof code !== 'number') return error.message;
  const name = error.name
    .replace(/Error$/, '')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase();
  const diagnostic = error.message.replace(/\s*Code: 0x[0-9a-f]+$/i, '').trim();
  return `${name} (result ${code})${diagnostic ? `: ${diagnostic}` : ''}`;
}

/** The 502 THIRD_PARTY_FAILED of a directory failure, with the LDAP server's (or socket's) message. */
export function directoryFailed(what: string, error: unknown): ApiError {
  return new ApiError(
    ApiErrorCode.THIRD_PARTY_FAILED,
    `LDAP: ${what}: ${ldapErrorText(error)}`.slice(0, MAX_DETAIL + 64),
  );
}

function invalidCredentials(): ApiError {
  return new ApiError(ApiErrorCode.INVALID_CREDENTIALS, LDAP_INVALID_CREDENTIALS_MESSAGE);
}

/** A DN compared loosely: case and the spaces around separators ignored. */
function dnKey(dn: string): string {
  return dn.replace(/\s*([,=+])\s*/g, '$1').toLowerCase();
}

/** The values of `attribute` of `entry` (attribute names compared without case), as text. */
function textValues(entry: Entry, attribute: string): string[] {
  const key = Object.keys(entry).find((name) => name.toLowerCase() === attribute.toLowerCase());
  if (key === undefined || key === 'dn') return [];
  const value = entry[key]!;
  const list = Array.isArray(value) ? value : [value];
  return list.map((item) => (Buffer.isBuffer(item) ? item.toString('utf8') : item));
}

/** The first non-empty value of the first of `attributes` that has one. */
function firstValue(entry: Entry, attributes: string[]): string | null {
  for (const attribute of attributes) {
    const value = textValues(entry, attribute).find((text) => text.trim() !== '');
    if (value !== undefined) return value;
  }
  return null;
}

/**
 * The subject kept for an entry's id: the text itself when printable (entryUUID), else
 * `hex:<hex digits>` (Active Directory's binary objectGUID).
 */
function subjectText(raw: Buffer): string {
  const text = raw.toString('latin1');
  return /^[\x20-\x7e]+$/.test(text) ? text : `${SUBJECT_PREFIX_HEX}${raw.toString('hex')}`;
}

/** The bytes of a subject kept by {@link subjectText}. */
function subjectBytes(subject: string): Buffer {
  return subject.startsWith(SUBJECT_PREFIX_HEX) &&
    /^[0-9a-f]+$/.test(subject.slice(SUBJECT_PREFIX_HEX.length))
    ? Buffer.from(subject.slice(SUBJECT_PREFIX_HEX.length), 'hex')
    : Buffer.from(subject, 'latin1');
}

/** A bind refused for the credentials themselves (not for the connection). */
function refusedCredentials(error: unknown): error is ResultCodeError {
  return (
    error instanceof InvalidCredentialsError ||
    error instanceof InappropriateAuthError ||
    error instanceof UnwillingToPerformError
  );
}

/** The LDAP sign-in of one configured directory. */
export class LdapSignIn {
  private readonly tls: ConnectionOptions;
  /** `LDAP_SEARCH_FILTER` with `{username}` as `*`: everyone who may sign in (the refresh check). */
  private readonly everyone: Filter;

  /**
   * Reads the CA file.
   * @throws ConfigError `LDAP_TLS_CA_FILE` when the file cannot be read.
   */
  constructor(
    private readonly identity: IdentityService,
    readonly config: LdapConfig,
  ) {
    const host = new URL(config.url).hostname.replace(/^\[|\]$/g, '');
    this.tls = { host, ...(isIP(host) ? {} : { servername: host }) };
    if (config.tlsCaFile) {
      try {
        this.tls.ca = readFileSync(config.tlsCaFile, 'utf8');
      } catch (error) {
        throw new ConfigError('LDAP_TLS_CA_FILE', `cannot be read: ${(error as Error).message}`);
      }
    }
    this.everyone = FilterParser.parseString(config.searchFilter.replaceAll(USERNAME_PLACEHOLDER, '*'));
  }

  /** Whether the method may be used: configured, and not `enable: false` in `PRIVATE_LOGIN_CONFIG.ldap`. */
  get enabled(): boolean {
    return this.identity.settings.privateLoginConfig.ldap?.enable !== false;
  }

  /** The attributes asked for in the search. */
  private attributeList(): string[] {
    const map: LdapAttributes = this.config.attributes;
    const names = new Set([
      ...map.subject,
      ...map.username,
      ...map.email,
      ...map.display_name,
      ...map.department,
      ...map.employee_id,
    ]);
    if (this.config.adminGroup) names.add('memberOf');
    return [...names];
  }

  /**
   * A connection bound as the service account (anonymous without `LDAP_BIND_DN`), after StartTLS
   * when `LDAP_START_TLS` is on.
   * @throws ApiError THIRD_PARTY_FAILED (502) when the directory cannot be reached, TLS fails, or
   *   the service bind is refused; the message carries the LDAP server's (or the socket's).
   */
  private async serviceConnection(): Promise<Client> {
    const { url, timeoutMs, startTls, bindDn, bindPassword } = this.config;
    const client = new Client({
      url,
      timeout: timeoutMs,
      connectTimeout: timeoutMs,
      strictDN: false,
      ...(url.startsWith('ldaps:') ? { tlsOptions: this.tls } : {}),
    });
    try {
      if (startTls) {
        try {
          await client.startTLS({ ...this.tls });
        } catch (error) {
          throw directoryFailed('StartTLS failed', error);
        }
      }
      if (bindDn !== undefined) {
        try {
          await client.bind(bindDn, bindPassword ?? '');
        } catch (error) {
          throw directoryFailed(
            refusedCredentials(error) ? 'the service account was refused' : 'the directory cannot be reached',
            error,
          );
        }
      }
      return client;
    } catch (error) {
      await close(client);
      throw error;
    }
  }

  /**
   * `POST /api/uc/user/login/ldap`: signs the person in and answers where the login page sends the
   * browser (see `directoryAccounts.ts` directorySignIn).
   * @throws ApiError LOGIN_METHOD_DISABLED (404) when LDAP sign-in is turned off;
   *   INVALID_CREDENTIALS (401) with one message for an empty password, a login name with control
   *   characters, no matching entry (or more than one) and a wrong password;
   *   REDIRECT_NOT_ALLOWED (400); THIRD_PARTY_FAILED (502) when the directory cannot be reached or
   *   refuses the service account.
   */
  async signIn(body: LdapSignInBody): Promise<SignInResult> {
    if (!this.enabled) throw ldapDisabled();
    const username = body.username.trim();
    // A simple bind with an empty password is an unauthenticated bind (RFC 4513 §5.1.2), which
    // succeeds: it must never reach the directory.
    if (username === '' || body.password === '' || /\p{Cc}/u.test(username)) throw invalidCredentials();
    const client = await this.serviceConnection();
    try {
      let entries: Entry[];
      try {
        ({ searchEntries: entries } = await client.search(this.config.searchBase, {
          scope: 'sub',
          filter: userFilter(this.config.searchFilter, username),
          attributes: this.attributeList(),
          explicitBufferAttributes: this.config.attributes.subject,
          sizeLimit: 2,
        }));
      } catch (error) {
        if (error instanceof SizeLimitExceededError || error instanceof NoSuchObjectError) {
          throw invalidCredentials();
        }
        throw directoryFailed('the search failed', error);
      }
      if (entries.length !== 1) throw invalidCredentials();
      const entry = entries[0]!;
      const rawSubject = this.subjectOf(entry);
      if (!rawSubject) {
        throw new ApiError(
          ApiErrorCode.THIRD_PARTY_FAILED,
          `LDAP: the entry has no ${this.config.attributes.subject.join(' or ')} (LDAP_ATTRIBUTES.subject)`,
        );
      }
      const administrator = await this.administrator(client, entry);
      try {
        await client.bind(entry.dn, body.password);
      } catch (error) {
        if (refusedCredentials(error)) throw invalidCredentials();
        throw directoryFailed('the directory cannot be reached', error);
      }
      const map = this.config.attributes;
      const profile: DirectoryProfile = {
        method: 'ldap',
        subject: subjectText(rawSubject),
        username: firstValue(entry, map.username) ?? username,
        email: firstValue(entry, map.email),
        displayName: firstValue(entry, map.display_name),
        department: firstValue(entry, map.department),
        employeeId: firstValue(entry, map.employee_id),
        administrator,
      };
      return await this.identity.directorySignIn(profile, body.redirect_uri);
    } finally {
      await close(client);
    }
  }

  /** The raw id of `entry` (the first of `LDAP_ATTRIBUTES.subject` it has). */
  private subjectOf(entry: Entry): Buffer | undefined {
    for (const attribute of this.config.attributes.subject) {
      const key = Object.keys(entry).find((name) => name.toLowerCase() === attribute.toLowerCase());
      const value = key === undefined ? undefined : entry[key];
      const first = Array.isArray(value) ? value[0] : value;
      if (first !== undefined && first.length > 0) return Buffer.isBuffer(first) ? first : Buffer.from(first);
    }
    return undefined;
  }

  /**
   * Membership of `LDAP_ADMIN_GROUP`: the entry's `memberOf` names it, or the group (groupOfNames,
   * groupOfUniqueNames) lists the entry's DN as `member` / `uniqueMember`. Undefined without
   * `LDAP_ADMIN_GROUP` (roles left alone).
   * @throws ApiError THIRD_PARTY_FAILED (502) when the group does not exist or cannot be read.
   */
  private async administrator(client: Client, entry: Entry): Promise<boolean | undefined> {
    const group = this.config.adminGroup;
    if (!group) return undefined;
    if (textValues(entry, 'memberOf').some((dn) => dnKey(dn) === dnKey(group))) return true;
    const dn = escapeFilterValue(entry.dn);
    try {
      const { searchEntries } = await client.search(group, {
        scope: 'base',
        filter: `(|(member=${dn})(uniqueMember=${dn}))`,
        attributes: ['1.1'],
        sizeLimit: 1,
      });
      return searchEntries.length > 0;
    } catch (error) {
      throw directoryFailed(`reading LDAP_ADMIN_GROUP ${group} failed`, error);
    }
  }

  /**
   * The `dir:ldap` directory check of refresh: is the entry of `subject` still in the directory
   * and matched by `LDAP_SEARCH_FILTER` (with `{username}` as `*`)? `'active'` when found,
   * `'gone'` when not, `'unknown'` when the directory cannot be asked (the session goes on).
   */
  readonly check: DirectoryCheck = async (subject) => {
    let client: Client;
    try {
      client = await this.serviceConnection();
    } catch {
      return 'unknown';
    }
    try {
      const filter = new AndFilter({
        filters: [
          new EqualityFilter({ attribute: this.config.attributes.subject[0]!, value: subjectBytes(subject) }),
          this.everyone,
        ],
      });
      const { searchEntries } = await client.search(this.config.searchBase, {
        scope: 'sub',
        filter,
        attributes: ['1.1'],
        sizeLimit: 2,
      });
      return searchEntries.length > 0 ? 'active' : 'gone';
    } catch (error) {
      if (error instanceof SizeLimitExceededError) return 'active';
      return 'unknown';
    } finally {
      await close(client);
    }
  };
}

/** 404 LOGIN_METHOD_DISABLED of the LDAP routes. */
export function ldapDisabled(): ApiError {
  return new ApiError(ApiErrorCode.LOGIN_METHOD_DISABLED, 'LDAP sign-in is not enabled on this server');
}

/** Unbinds and closes, ignoring a connection that is already gone. */
async function close(client: Client): Promise<void> {
  try {
    await client.unbind();
  } catch {
    // Already closed.
  }
}
