/**
 * Single logout of the SAML service provider (SAML 2.0 profiles §4.4) both ways: the LogoutRequest
 * for a browser's SAML session (SP-initiated), and the IdP's LogoutResponse or LogoutRequest at the
 * single logout service. `saml.ts` SamlSignIn calls these with itself as the {@link SamlParty}.
 */
import type { CacheProvider, Profile, SAML } from '@node-saml/node-saml';
import { ApiError } from '../errors';
import { boundUserId } from './data/accounts';
import { revokeUserTokens } from './data/sessions';
import { consumeSsoRequest, insertSsoRequest, recordSsoAssertion } from './data/sso';
import { directorySource } from './directoryAccounts';
import { checkRedirectUri } from './redirect';
import type { SamlIdp } from './samlIdp';
import {
  decodeBase64Xml,
  explain,
  inflateBase64,
  malformed,
  messageId,
  opaqueId,
  parseXml,
  rejected,
} from './samlMessages';
import {
  LOGOUT,
  LOGOUT_REQUEST,
  METHOD,
  NAMEID_UNSPECIFIED,
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

/** What single logout needs of the service provider. */
export interface SamlParty {
  readonly identity: IdentityService;
  readonly idp: SamlIdp;
  /** A node-saml client with the SP's options and `cache` for request ids. */
  client(cache: CacheProvider, generateUniqueId?: () => string): SAML;
}

/**
 * A message at the single logout service: the query (HTTP-Redirect) or the form (HTTP-POST). A type
 * alias, not an interface, so it stays assignable to node-saml's query type.
 */
export type SloMessage = {
  SAMLRequest?: string;
  SAMLResponse?: string;
  RelayState?: string;
  Signature?: string;
  SigAlg?: string;
};

/**
 * `GET /api/uc/saml/logout`: the IdP's SLO URL with a LogoutRequest for the SAML session `session`
 * (the `pc_saml` cookie; core §3.7.1), which comes back to `redirectUri`; the session is spent.
 * Without a known session or an IdP logout service: `redirectUri` itself.
 * @throws ApiError REDIRECT_NOT_ALLOWED (400).
 */
export async function samlLogoutUrl(
  sp: SamlParty,
  session: string | undefined,
  redirectUri: string | undefined,
): Promise<string> {
  const redirect = checkRedirectUri(
    redirectUri ?? SAML_DEFAULT_REDIRECT,
    sp.identity.settings.redirectAllowlist,
  );
  const kysely = sp.identity.db.kysely;
  const now = sp.identity.clock();
  const saml = session
    ? ((await consumeSsoRequest(kysely, SESSION, session, now)) as SamlSession | null)
    : null;
  if (!saml || !sp.idp.sloUrl) return redirect.uri;
  const requestId = messageId();
  const relayState = opaqueId();
  const user: Profile = {
    issuer: sp.idp.entityId,
    nameID: saml.name_id,
    nameIDFormat: saml.name_id_format ?? NAMEID_UNSPECIFIED,
    ...(saml.name_qualifier ? { nameQualifier: saml.name_qualifier } : {}),
    ...(saml.sp_name_qualifier ? { spNameQualifier: saml.sp_name_qualifier } : {}),
    ...(saml.session_index ? { sessionIndex: saml.session_index } : {}),
  };
  const url = await sp
    .client(new RequestIdCache(sp.identity, REQUEST), () => requestId)
    .getLogoutUrlAsync(user, relayState, {});
  const payload: RelayPayload = { redirect_uri: redirect.uri, request_id: requestId };
  await insertSsoRequest(kysely, LOGOUT, relayState, payload, now + SAML_REQUEST_TTL_MS);
  return url;
}

/**
 * `GET|POST /api/uc/saml/slo`: the IdP's LogoutResponse (to our LogoutRequest: → its
 * redirect_uri) or its LogoutRequest (IdP-initiated, core §3.7.3: the person's sessions are
 * revoked, → the IdP's SLO URL with our LogoutResponse). A LogoutRequest must be signed (the query
 * signature of bindings §3.4.4.1, or an XML signature by POST); a LogoutResponse must answer a
 * pending LogoutRequest of this server (InResponseTo, once), and its signature, required by POST
 * and optional by redirect, must verify.
 * @param message the query (`originalQuery` set: HTTP-Redirect) or the form (HTTP-POST)
 * @throws SamlFailure with 401 SSO_REJECTED (signature, issuer, unknown request), 400 INVALID_PARAMETER.
 */
export async function samlSingleLogout(
  sp: SamlParty,
  message: SloMessage,
  originalQuery: string | undefined,
): Promise<string> {
  let redirectUri: string | undefined;
  try {
    const kysely = sp.identity.db.kysely;
    const now = sp.identity.clock();
    const redirectBinding = originalQuery !== undefined;
    const kind = message.SAMLRequest ? 'SAMLRequest' : message.SAMLResponse ? 'SAMLResponse' : undefined;
    if (!kind) throw malformed('SAMLRequest or SAMLResponse is required');
    const encoded = message[kind]!;
    const xml = redirectBinding ? inflateBase64(encoded, kind) : decodeBase64Xml(encoded, kind);
    const doc = await parseXml(xml, kind);
    const client = sp.client(new RequestIdCache(sp.identity, REQUEST));
    if (kind === 'SAMLResponse') {
      // node-saml checks InResponseTo only when present: a LogoutResponse must answer our request.
      if (!doc.documentElement?.getAttribute('InResponseTo')) {
        throw rejected('the LogoutResponse names no LogoutRequest of this server (InResponseTo)');
      }
      const relay = message.RelayState
        ? ((await consumeSsoRequest(kysely, LOGOUT, message.RelayState, now)) as RelayPayload | null)
        : null;
      redirectUri = relay?.redirect_uri;
      try {
        if (redirectBinding) await client.validateRedirectAsync(message, originalQuery);
        else {
          const { loggedOut } = await client.validatePostResponseAsync({ SAMLResponse: encoded });
          if (!loggedOut) throw new Error('not a LogoutResponse');
        }
      } catch (error) {
        throw explain(error);
      }
      return redirectUri ?? SAML_DEFAULT_REDIRECT;
    }
    if (redirectBinding && !message.Signature) throw rejected('the LogoutRequest is not signed');
    let profile: Profile | null;
    try {
      ({ profile } = redirectBinding
        ? await client.validateRedirectAsync(message, originalQuery)
        : await client.validatePostRequestAsync({ SAMLRequest: encoded }));
    } catch (error) {
      throw explain(error);
    }
    if (!profile?.ID || !profile.nameID) throw rejected('the LogoutRequest has no ID or NameID');
    if (profile.issuer !== sp.idp.entityId) throw rejected('the LogoutRequest is not from the IdP');
    if (!(await recordSsoAssertion(kysely, LOGOUT_REQUEST, profile.ID, now + SAML_REQUEST_TTL_MS, now))) {
      throw rejected('the LogoutRequest was already used');
    }
    const userId = await boundUserId(
      kysely,
      directorySource(METHOD),
      samlSubject(sp.idp.entityId, profile.nameID),
    );
    if (userId !== undefined) {
      await revokeUserTokens(kysely, userId, now);
      sp.identity.forgetSessions();
    }
    if (!sp.idp.sloUrl) return SAML_DEFAULT_REDIRECT;
    return await client.getLogoutResponseUrlAsync(
      profile,
      message.RelayState ?? '',
      {},
      userId !== undefined,
    );
  } catch (error) {
    if (error instanceof ApiError) throw new SamlFailure(error, redirectUri);
    throw error;
  }
}
