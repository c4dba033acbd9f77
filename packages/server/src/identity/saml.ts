/**
 * SAML 2.0 service provider sign-in (SPEC §1 private-deployment SSO `saml`) with
 * `@node-saml/node-saml`: SP metadata, SP-initiated Web Browser SSO (SAML 2.0 profiles §4.1: an
 * AuthnRequest by HTTP-Redirect, the Response by HTTP-POST), optionally IdP-initiated (unsolicited)
 * responses, and single logout (profiles §4.4) both ways.
 *
 * Every accepted Response passes these checks (each failure is 401 SSO_REJECTED naming it):
 * - the assertion is signed by one of the IdP's certificates (`wantAssertionsSigned`; a signature
 *   over the whole Response alone is not enough, so a response cannot carry unsigned assertions);
 * - the assertion's `Issuer` is the IdP's entity id;
 * - `Audience` is this SP's entity id (core §2.5.1.4);
 * - a bearer `SubjectConfirmation` whose `Recipient` is our ACS URL and whose `NotOnOrAfter` has not
 *   passed (profiles §4.1.4.3), and the Response's `Destination`, when present, is our ACS URL
 *   (bindings §3.5.5.2);
 * - `NotBefore` / `NotOnOrAfter` of the conditions (± `SAML_CLOCK_SKEW_MS`) and at most
 *   {@link MAX_ASSERTION_AGE_MS} since `IssueInstant`;
 * - `InResponseTo` names an AuthnRequest of this server, unexpired and unanswered (one-time rows of
 *   `sso_request`, so every server process sees them), and the one of the `RelayState`; a response
 *   without `InResponseTo` is refused unless `SAML_ALLOW_IDP_INITIATED`;
 * - the assertion `ID` was never accepted before (`sso_assertion`, kept until its `NotOnOrAfter`);
 * - a non-transient NameID (the account's link: `<IdP entity id> <NameID>`, never the e-mail).
 */
import { type CacheProvider, type Profile, SAML } from '@node-saml/node-saml';
import { parseDomFromString, xpath } from '@node-saml/node-saml/lib/xml.js';
import type { SignInResult } from '@plugin-center/contract/schemas';
import type { SamlConfig } from '../config/saml';
import { ApiError } from '../errors';
import { consumeSsoRequest, insertSsoRequest, recordSsoAssertion, ssoAssertionUsed } from './data/sso';
import type { DirectoryProfile } from './directoryAccounts';
import { checkRedirectUri } from './redirect';
import { BINDING_REDIRECT, resolveSamlIdp, type SamlIdp } from './samlIdp';
import { type SloMessage, samlLogoutUrl, samlSingleLogout } from './samlLogout';
import { decodeBase64Xml, explain, malformed, messageId, opaqueId, parseXml, rejected } from './samlMessages';
import {
  METHOD,
  RELAY,
  REQUEST,
  type RelayPayload,
  RequestIdCache,
  SAML_DEFAULT_REDIRECT,
  SAML_REQUEST_TTL_MS,
  SamlFailure,
  type SamlSession,
  SESSION,
  samlSubject,
} from './samlState';
import type { IdentityService } from './service';

export { SAML_DEFAULT_REDIRECT, SAML_REQUEST_TTL_MS, SamlFailure, samlSubject } from './samlState';

/** Path of the assertion consumer service (HTTP-POST). */
export const SAML_ACS_PATH = '/api/uc/saml/acs';
/** Path of the single logout service (HTTP-Redirect and HTTP-POST). */
export const SAML_SLO_PATH = '/api/uc/saml/slo';
/** Path of the SP metadata. */
export const SAML_METADATA_PATH = '/api/uc/saml/metadata';
/** Longest time after its `IssueInstant` an assertion is accepted, ms (node-saml `maxAssertionAgeMs`). */
export const MAX_ASSERTION_AGE_MS = 10 * 60_000;
/** Longest NameID accepted, characters. */
const MAX_NAME_ID = 256;

const NAMEID_TRANSIENT = 'urn:oasis:names:tc:SAML:2.0:nameid-format:transient';
const CM_BEARER = 'urn:oasis:names:tc:SAML:2.0:cm:bearer';

/** The outcome of a successful assertion: where the browser goes, and the SAML session to remember. */
export interface SamlSignInResult extends SignInResult {
  /** The id of the `pc_saml` cookie (the SAML session kept for single logout). */
  session: string;
}

/**
 * The SAML service provider of one server. Build it with {@link SamlSignIn.create}; the routes
 * (`samlRoutes.ts`) call its methods.
 */
export class SamlSignIn {
  /** The SP metadata XML, built once (see {@link metadata}). */
  private metadataXml = '';

  private constructor(
    readonly identity: IdentityService,
    readonly config: SamlConfig,
    readonly idp: SamlIdp,
  ) {}

  /**
   * Resolves the IdP (its metadata is parsed here) and answers the service provider.
   * @throws ConfigError for IdP metadata that does not describe an IdP.
   */
  static async create(identity: IdentityService, config: SamlConfig): Promise<SamlSignIn> {
    const sp = new SamlSignIn(identity, config, await resolveSamlIdp(config));
    sp.metadataXml = await sp.buildMetadata();
    return sp;
  }

  /** The absolute URL of the assertion consumer service. */
  get acsUrl(): string {
    return `${this.config.spOrigin}${SAML_ACS_PATH}`;
  }

  /** The absolute URL of the single logout service. */
  get sloUrl(): string {
    return `${this.config.spOrigin}${SAML_SLO_PATH}`;
  }

  /** A node-saml client with this SP's options and `cache` for request ids. */
  client(cache: CacheProvider, generateUniqueId: () => string = messageId): SAML {
    const { config, idp } = this;
    return new SAML({
      entryPoint: idp.ssoUrl,
      ...(idp.sloUrl ? { logoutUrl: idp.sloUrl } : {}),
      idpCert: idp.certs,
      idpIssuer: idp.entityId,
      issuer: config.spEntityId,
      audience: config.spEntityId,
      callbackUrl: this.acsUrl,
      logoutCallbackUrl: this.sloUrl,
      identifierFormat: config.nameIdFormat,
      wantAssertionsSigned: true,
      // The assertion's own signature is required; a Response signature is optional on top.
      wantAuthnResponseSigned: false,
      validateInResponseTo: (config.allowIdpInitiated
        ? 'ifPresent'
        : 'always') as SAML['options']['validateInResponseTo'],
      requestIdExpirationPeriodMs: SAML_REQUEST_TTL_MS,
      cacheProvider: cache,
      acceptedClockSkewMs: config.clockSkewMs,
      maxAssertionAgeMs: MAX_ASSERTION_AGE_MS,
      // No RequestedAuthnContext: the IdP chooses how people authenticate (password, Kerberos, MFA).
      disableRequestedAuthnContext: true,
      generateUniqueId,
      signatureAlgorithm: 'sha256',
      ...(config.spPrivateKey ? { privateKey: config.spPrivateKey, publicCert: config.spCert } : {}),
    });
  }

  /**
   * The SP metadata XML (SAML 2.0 metadata §2.4.4 SPSSODescriptor): entity id, the ACS (HTTP-POST),
   * the SLO service (HTTP-Redirect and HTTP-POST), NameID format, `WantAssertionsSigned`, and the
   * signing certificate when requests are signed.
   */
  metadata(): string {
    return this.metadataXml;
  }

  /** node-saml's metadata with the HTTP-Redirect SingleLogoutService added before its HTTP-POST one. */
  private async buildMetadata(): Promise<string> {
    const client = this.client(new RequestIdCache(this.identity, REQUEST));
    const xml = client.generateServiceProviderMetadata(null, this.config.spCert ?? null);
    const doc = await parseDomFromString(xml);
    const post = xpath.selectElements(doc, "//*[local-name()='SingleLogoutService']")[0];
    if (post) {
      const redirect = doc.createElementNS(post.namespaceURI, post.tagName);
      redirect.setAttribute('Binding', BINDING_REDIRECT);
      redirect.setAttribute('Location', this.sloUrl);
      post.parentNode?.insertBefore(redirect, post);
    }
    return `<?xml version="1.0" encoding="UTF-8"?>\n${doc.documentElement.toString()}`;
  }

  /**
   * `GET /api/uc/saml/login`: the IdP's SSO URL with a (signed, when configured) AuthnRequest
   * (bindings §3.4.4) and a one-time RelayState that keeps `redirectUri` and `browser`, the id of
   * the browser that asks (the answer is accepted only from that browser: no login CSRF).
   * @throws ApiError REDIRECT_NOT_ALLOWED (400).
   */
  async loginUrl(redirectUri: string | undefined, browser?: string): Promise<string> {
    const redirect = checkRedirectUri(
      redirectUri ?? SAML_DEFAULT_REDIRECT,
      this.identity.settings.redirectAllowlist,
    );
    const requestId = messageId();
    const relayState = opaqueId();
    const url = await this.client(
      new RequestIdCache(this.identity, REQUEST),
      () => requestId,
    ).getAuthorizeUrlAsync(relayState, undefined, {});
    const payload: RelayPayload = {
      redirect_uri: redirect.uri,
      request_id: requestId,
      ...(browser ? { browser } : {}),
    };
    await insertSsoRequest(
      this.identity.db.kysely,
      RELAY,
      relayState,
      payload,
      this.identity.clock() + SAML_REQUEST_TTL_MS,
    );
    return url;
  }

  /**
   * `POST /api/uc/saml/acs`: checks the IdP's Response (see the module's list), then signs the
   * person in (`identity.directorySignIn`).
   * @param browser the `pc_saml_browser` cookie: must be the one the sign-in started with, when bound
   * @throws SamlFailure carrying 401 SSO_REJECTED naming the failed check, 400 INVALID_PARAMETER
   *   (not base64 XML of a Response), 400 REDIRECT_NOT_ALLOWED (IdP-initiated RelayState).
   */
  async acs(
    samlResponse: string | undefined,
    relayState: string | undefined,
    browser?: string,
  ): Promise<SamlSignInResult> {
    let redirectUri: string | undefined;
    try {
      if (!samlResponse) throw malformed('body.SAMLResponse: is required');
      const xml = decodeBase64Xml(samlResponse, 'SAMLResponse');
      const doc = await parseXml(xml, 'SAMLResponse');
      const root = doc.documentElement;
      if (root?.localName !== 'Response') throw malformed('SAMLResponse: is not a SAML Response');
      const kysely = this.identity.db.kysely;
      const now = this.identity.clock();
      const assertionId = xpath.selectAttributes(
        doc,
        "/*[local-name()='Response']/*[local-name()='Assertion']/@ID",
      )[0]?.nodeValue;
      if (assertionId && (await ssoAssertionUsed(kysely, METHOD, assertionId, now))) {
        throw rejected('the assertion was already used');
      }
      const inResponseTo = root.getAttribute('InResponseTo') || null;
      const relay = relayState
        ? ((await consumeSsoRequest(kysely, RELAY, relayState, now)) as RelayPayload | null)
        : null;
      if (relay) {
        redirectUri = relay.redirect_uri;
        if (inResponseTo !== relay.request_id) {
          throw rejected('InResponseTo does not name the AuthnRequest of this RelayState');
        }
        if (relay.browser !== undefined && relay.browser !== browser) {
          throw rejected('this browser did not start this sign-in (its pc_saml_browser cookie differs)');
        }
      } else if (inResponseTo) {
        throw rejected('unknown or expired RelayState: start the sign-in again');
      } else if (!this.config.allowIdpInitiated) {
        throw rejected('unsolicited response: IdP-initiated sign-in is off (SAML_ALLOW_IDP_INITIATED)');
      } else {
        redirectUri = checkRedirectUri(
          relayState || SAML_DEFAULT_REDIRECT,
          this.identity.settings.redirectAllowlist,
        ).uri;
      }
      let profile: Profile | null;
      try {
        ({ profile } = await this.client(
          new RequestIdCache(this.identity, REQUEST),
        ).validatePostResponseAsync({
          SAMLResponse: samlResponse,
        }));
      } catch (error) {
        throw explain(error);
      }
      if (!profile) throw rejected('the IdP answered without an assertion (no passive sign-in)');
      const { expiresAt, id } = this.checkProfile(profile, root);
      if (!(await recordSsoAssertion(kysely, METHOD, id, expiresAt, now))) {
        throw rejected('the assertion was already used');
      }
      const person = this.directoryProfile(profile);
      const result = await this.identity.directorySignIn(person, redirectUri);
      const session = opaqueId();
      const saml: SamlSession = {
        name_id: profile.nameID,
        name_id_format: profile.nameIDFormat ?? null,
        name_qualifier: profile.nameQualifier ?? null,
        sp_name_qualifier: profile.spNameQualifier ?? null,
        session_index: profile.sessionIndex ?? null,
      };
      await insertSsoRequest(
        kysely,
        SESSION,
        session,
        saml,
        now + this.identity.settings.refreshTokenTtl * 1000,
      );
      return { redirect_to: result.redirect_to, session };
    } catch (error) {
      if (error instanceof ApiError) throw new SamlFailure(error, redirectUri);
      throw error;
    }
  }

  /**
   * The checks node-saml leaves to its caller: issuer, recipient and time of the bearer
   * confirmation, destination, NameID.
   * @returns the signed assertion's ID, and until when it could be replayed (ms), for the replay record
   */
  private checkProfile(profile: Profile, response: Element): { id: string; expiresAt: number } {
    const skew = this.config.clockSkewMs;
    const now = Date.now();
    if (profile.issuer !== this.idp.entityId) {
      throw rejected(
        `the assertion's issuer ${JSON.stringify(profile.issuer ?? '')} is not the IdP ${this.idp.entityId}`,
      );
    }
    const destination = response.getAttribute('Destination');
    if (destination && destination !== this.acsUrl) {
      throw rejected(`wrong destination: the response is for ${destination}, not ${this.acsUrl}`);
    }
    const assertion = profile.getAssertion?.() as AssertionJs | undefined;
    const confirmations = assertion?.Assertion?.Subject?.[0]?.SubjectConfirmation ?? [];
    const bearer = confirmations.filter((c) => c.$?.Method === CM_BEARER);
    if (bearer.length === 0) throw rejected('the assertion has no bearer SubjectConfirmation');
    const data = bearer.map((c) => c.SubjectConfirmationData?.[0]?.$ ?? {});
    const forUs = data.filter((d) => d.Recipient === this.acsUrl);
    if (forUs.length === 0) {
      throw rejected(
        `wrong recipient: the assertion is for ${data.map((d) => d.Recipient ?? '(none)').join(', ')}, not ${this.acsUrl}`,
      );
    }
    const live = forUs.filter((d) => d.NotOnOrAfter && now - skew < Date.parse(d.NotOnOrAfter));
    if (live.length === 0) throw rejected('the assertion expired (SubjectConfirmationData NotOnOrAfter)');
    const id = assertion?.Assertion?.$?.ID;
    if (!id) throw rejected('the assertion has no ID');
    if (!profile.nameID) throw rejected('the assertion has no NameID');
    if (profile.nameIDFormat === NAMEID_TRANSIENT) {
      throw rejected(
        'the NameID is transient (it changes at every sign-in): configure a persistent NameID at the IdP',
      );
    }
    if (profile.nameID.length > MAX_NAME_ID)
      throw rejected(`the NameID is longer than ${MAX_NAME_ID} characters`);
    const conditions = assertion?.Assertion?.Conditions?.[0]?.$?.NotOnOrAfter;
    const until = Math.max(
      ...live.map((d) => Date.parse(d.NotOnOrAfter!)),
      conditions ? Date.parse(conditions) : 0,
    );
    return { id, expiresAt: (Number.isFinite(until) ? until : now + MAX_ASSERTION_AGE_MS) + skew };
  }

  /** The account fields of a validated assertion (`SAML_ATTRIBUTES`), linked by `<IdP entity id> <NameID>`. */
  private directoryProfile(profile: Profile): DirectoryProfile {
    const map = this.config.attributes;
    const attributes = (profile.attributes ?? {}) as Record<string, unknown>;
    const first = (names: string[]): string | null => {
      for (const name of names) {
        const value = attributes[name];
        const text = Array.isArray(value) ? value.find((v) => typeof v === 'string') : value;
        if (typeof text === 'string' && text.trim()) return text.trim();
      }
      return null;
    };
    const email = first(map.email);
    const groups = map.groups.flatMap((name) => {
      const value = attributes[name];
      return (Array.isArray(value) ? value : [value]).filter((v): v is string => typeof v === 'string');
    });
    return {
      method: METHOD,
      subject: samlSubject(this.idp.entityId, profile.nameID),
      username: first(map.username) ?? email ?? profile.nameID,
      email: email && /^[^\s@]+@[^\s@]+$/.test(email) && email.length <= 254 ? email : null,
      displayName: first(map.displayName),
      department: first(map.department),
      employeeId: first(map.employeeId),
      ...(this.config.adminGroup !== undefined
        ? { administrator: groups.includes(this.config.adminGroup) }
        : {}),
    };
  }

  /** `GET /api/uc/saml/logout` (see `samlLogout.ts` {@link samlLogoutUrl}). */
  logoutUrl(session: string | undefined, redirectUri: string | undefined): Promise<string> {
    return samlLogoutUrl(this, session, redirectUri);
  }

  /** `GET|POST /api/uc/saml/slo` (see `samlLogout.ts` {@link samlSingleLogout}). */
  slo(message: SloMessage, originalQuery: string | undefined): Promise<string> {
    return samlSingleLogout(this, message, originalQuery);
  }
}

/** The parts of node-saml's xml2js assertion read here. */
interface AssertionJs {
  Assertion?: {
    $?: { ID?: string };
    Subject?: {
      SubjectConfirmation?: {
        $?: { Method?: string };
        SubjectConfirmationData?: { $?: { Recipient?: string; NotOnOrAfter?: string } }[];
      }[];
    }[];
    Conditions?: { $?: { NotOnOrAfter?: string } }[];
  };
}
