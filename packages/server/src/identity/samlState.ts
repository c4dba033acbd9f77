/**
 * What the SAML service provider keeps between a request and its answer (`saml.ts`,
 * `samlLogout.ts`): the kinds of its one-time `sso_request` rows, the SAML session a browser keeps
 * for single logout, node-saml's request-id cache over those rows, the link subject of a person, and
 * the failure a SAML callback answers.
 */
import type { CacheItem, CacheProvider } from '@node-saml/node-saml';
import type { ApiError } from '../errors';
import { consumeSsoRequest, insertSsoRequest } from './data/sso';
import type { IdentityService } from './service';

/** How long an AuthnRequest or LogoutRequest waits for its answer, ms. */
export const SAML_REQUEST_TTL_MS = 10 * 60_000;
/** Where the browser goes when no redirect_uri is given. */
export const SAML_DEFAULT_REDIRECT = '/plugins/';
/** The directory method. */
export const METHOD = 'saml' as const;
/** `sso_request` method of a sign-in's RelayState. */
export const RELAY = 'saml';
/** `sso_request` method of node-saml's request ids (InResponseTo). */
export const REQUEST = 'saml:request';
/** `sso_request` method of a logout's RelayState. */
export const LOGOUT = 'saml:logout';
/** `sso_request` method of a browser's SAML session (the `pc_saml` cookie). */
export const SESSION = 'saml:session';
/** `sso_assertion` method of IdP LogoutRequest ids (replay of a logout). */
export const LOGOUT_REQUEST = 'saml:logout-request';

/** NameID format when the IdP gave none. */
export const NAMEID_UNSPECIFIED = 'urn:oasis:names:tc:SAML:1.1:nameid-format:unspecified';

/** The SAML session of a browser (kept for SP-initiated logout, LogoutRequest of core §3.7.1). */
export interface SamlSession {
  name_id: string;
  name_id_format: string | null;
  name_qualifier: string | null;
  sp_name_qualifier: string | null;
  session_index: string | null;
}

/** What a sign-in or logout request keeps under its RelayState. */
export interface RelayPayload {
  redirect_uri: string;
  request_id: string;
  /** The browser that started the sign-in (its `pc_saml_browser` cookie), when bound. */
  browser?: string;
}

/**
 * node-saml's {@link CacheProvider} over `sso_request` for one request of this server: saved ids
 * are rows every server process sees; reading an id spends it (atomically, so of two answers to one
 * request only one gets it), and later reads within the same validation answer the spent value.
 */
export class RequestIdCache implements CacheProvider {
  private readonly spent = new Map<string, string>();

  constructor(
    private readonly identity: IdentityService,
    private readonly method: string,
  ) {}

  async saveAsync(key: string, value: string): Promise<CacheItem> {
    const now = this.identity.clock();
    await insertSsoRequest(this.identity.db.kysely, this.method, key, value, now + SAML_REQUEST_TTL_MS);
    return { value, createdAt: now };
  }

  async getAsync(key: string): Promise<string | null> {
    const known = this.spent.get(key);
    if (known !== undefined) return known;
    const value = await consumeSsoRequest(this.identity.db.kysely, this.method, key, this.identity.clock());
    if (typeof value !== 'string') return null;
    this.spent.set(key, value);
    return value;
  }

  async removeAsync(key: string | null): Promise<string | null> {
    if (key === null) return null;
    return this.getAsync(key);
  }
}

/** What a failed SAML callback knows: the error, and the redirect_uri of its request when known. */
export class SamlFailure extends Error {
  constructor(
    readonly error: ApiError,
    readonly redirectUri: string | undefined,
  ) {
    super(error.message);
  }
}

/** The link subject of a SAML person: the IdP's entity id and the NameID (entity ids hold no spaces). */
export function samlSubject(idpEntityId: string, nameId: string): string {
  return `${idpEntityId} ${nameId}`;
}
