/**
 * OpenID Connect sign-in with the deployment's own provider (SPEC §1 private-deployment SSO `oidc`;
 * settings `OIDC_*`, `config/oidc.ts`), with openid-client:
 * - the provider's metadata is discovered on first use (OpenID Connect Discovery 1.0 §4), cached,
 *   and discovered again after a failure;
 * - the authorization code flow (OpenID Connect Core §3.1) with PKCE S256 (RFC 7636), `state`
 *   (RFC 6749 §10.12) and `nonce` (Core §3.1.2.1), the three kept server-side as a one-time request
 *   (`sso_request`, 10 minutes) whose id is the state;
 * - the code is redeemed at the token endpoint (RFC 6749 §4.1.3; HTTP Basic with the client secret,
 *   or no client authentication for a public client) and the ID token validated by openid-client
 *   (Core §3.1.3.7: signature, issuer, audience, expiry, nonce);
 * - the person is described by the ID token's claims, completed from the UserInfo endpoint (Core
 *   §5.3) when a mapped claim is missing, and signed in with `identity.directorySignIn`, linked by
 *   `<issuer>|<sub>` (never by e-mail);
 * - logout is RP-Initiated Logout 1.0 §2 at the provider's `end_session_endpoint`;
 * - with `offline_access` in `OIDC_SCOPE` (Core §11, asked with `prompt=consent`), the provider's
 *   refresh token is kept sealed on the person's link and redeemed when Plugin Center's own session
 *   is refreshed (RFC 6749 §6; at most once per {@link OIDC_CHECK_INTERVAL_MS} per person): a
 *   provider that answers `invalid_grant` has disabled or removed the person, or ended their
 *   provider session, and the account's sessions end with it (the `dir:oidc` directory check).
 */
import { ApiErrorCode, type SignInResult } from '@plugin-center/contract/schemas';
import * as client from 'openid-client';
import type { OidcConfig } from '../config/oidc';
import { ApiError } from '../errors';
import {
  claimLinkCheck,
  consumeSsoRequest,
  insertSsoRequest,
  linkCredential,
  setLinkCredential,
} from './data/sso';
import { credentialContext, type DirectoryProfile, directorySource, linkSubject } from './directoryAccounts';
import type { DirectoryCheck } from './identityCore';
import { checkRedirectUri } from './redirect';
import type { IdentityService } from './service';
import type { SsoStepContext } from './ssoAnswer';

/** The `sso_request.method` and link method of this sign-in. */
const METHOD = 'oidc';

/** Lifetime of a started sign-in (state, nonce, PKCE verifier), ms. */
export const OIDC_REQUEST_TTL_MS = 10 * 60 * 1000;

/**
 * Shortest time between two redemptions of one person's provider refresh token, ms: refreshes in
 * between (another device, another tab) go on without asking, and two never redeem one rotating
 * token concurrently (which a provider with reuse detection answers by revoking the grant).
 */
export const OIDC_CHECK_INTERVAL_MS = 60_000;

/** Longest provider answer quoted in an error message, characters. */
const MAX_BODY_IN_MESSAGE = 2000;

/** Where the provider sends the browser after logout when the caller names no redirect_uri. */
export const DEFAULT_LOGOUT_REDIRECT = '/plugins/';

/** What a started sign-in keeps until the provider answers. */
interface OidcRequest {
  redirect_uri: string;
  nonce: string;
  code_verifier: string;
}

function failed(message: string): ApiError {
  return new ApiError(ApiErrorCode.THIRD_PARTY_FAILED, message.slice(0, MAX_BODY_IN_MESSAGE));
}

function rejected(message: string): ApiError {
  return new ApiError(ApiErrorCode.SSO_REJECTED, message);
}

/** The error codes of openid-client whose failure is the ID token's, not the provider's service. */
const TOKEN_REFUSED = new Set([
  'OAUTH_JWT_CLAIM_COMPARISON_FAILED',
  'OAUTH_JWT_TIMESTAMP_CHECK_FAILED',
  'OAUTH_KEY_SELECTION_FAILED',
]);

/**
 * The error of a failed provider call: 401 SSO_REJECTED when the ID token fails validation (nonce,
 * issuer, audience, times, signature), else 502 THIRD_PARTY_FAILED whose message carries the
 * provider's response body (SPEC §8), or what went wrong on the way (network, discovery).
 */
async function providerError(error: unknown): Promise<ApiError> {
  if (error instanceof ApiError) return error;
  if (error instanceof client.ResponseBodyError) return failed(`oidc: ${JSON.stringify(error.cause)}`);
  if (error instanceof client.WWWAuthenticateChallengeError) {
    // A 401 with WWW-Authenticate (RFC 6750 §3, RFC 6749 §5.2 invalid_client): the body, else the challenge.
    const body = error.response.bodyUsed ? '' : await error.response.text().catch(() => '');
    return failed(`oidc: HTTP ${error.status} ${body || JSON.stringify(error.cause)}`);
  }
  const cause = (error as { cause?: unknown } | null)?.cause;
  const code = (error as { code?: unknown } | null)?.code;
  if (error instanceof client.ClientError) {
    const detail = cause instanceof Error ? cause.message : error.message;
    if (
      (typeof code === 'string' && TOKEN_REFUSED.has(code)) ||
      /signature verification failed/i.test(detail)
    ) {
      if (/"nonce"/.test(detail)) {
        return rejected(`nonce mismatch: the ID token answers another sign-in request (${detail})`);
      }
      return rejected(`the ID token was refused: ${detail}`);
    }
  }
  if (cause instanceof Response) {
    const text = cause.bodyUsed ? '' : await cause.text().catch(() => '');
    return failed(`oidc: ${text || `HTTP ${cause.status} ${cause.statusText}`.trim()}`);
  }
  if (error instanceof Error) {
    const detail = cause instanceof Error ? `: ${cause.message}` : '';
    return failed(`oidc: ${error.message}${detail}`);
  }
  return failed(`oidc: ${String(error)}`);
}

/** A claim's text (trimmed; numbers as text), or null. */
function text(value: unknown): string | null {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return typeof value === 'string' && value.trim() ? value.trim() : null;
}

/** The groups claim as names: an array of names, or one name. */
function groupsOf(value: unknown): string[] {
  if (Array.isArray(value)) return value.filter((g): g is string => typeof g === 'string');
  return typeof value === 'string' ? [value] : [];
}

/** OpenID Connect sign-in with the provider of {@link OidcConfig}; one per server. */
export class OidcSignIn {
  private discovered: Promise<client.Configuration> | undefined;

  constructor(
    private readonly identity: IdentityService,
    readonly config: OidcConfig,
  ) {}

  /** The provider's configuration, discovered on first use; a failed discovery is retried by the next call. */
  private async discover(): Promise<client.Configuration> {
    if (!this.discovered) {
      const { issuer, clientId, clientSecret, allowHttp } = this.config;
      const pending = client.discovery(
        new URL(issuer),
        clientId,
        undefined,
        clientSecret ? client.ClientSecretBasic(clientSecret) : client.None(),
        { timeout: 10, ...(allowHttp ? { execute: [client.allowInsecureRequests] } : {}) },
      );
      this.discovered = pending;
      pending.catch(() => {
        if (this.discovered === pending) this.discovered = undefined;
      });
    }
    try {
      return await this.discovered;
    } catch (error) {
      throw await providerError(error);
    }
  }

  /**
   * Starts a sign-in: stores state, nonce and PKCE verifier (10 minutes, one use) and answers the
   * provider's authorization URL (OpenID Connect Core §3.1.2.1) for the browser, and the state
   * (which the route also binds to the browser with a cookie).
   *
   * @param redirectUri - where the browser goes once signed in; checked first.
   * @throws ApiError REDIRECT_NOT_ALLOWED (400); THIRD_PARTY_FAILED (502) when discovery fails.
   */
  async start(redirectUri: string, context: SsoStepContext): Promise<{ url: string; state: string }> {
    const redirect = checkRedirectUri(redirectUri, this.identity.settings.redirectAllowlist);
    context.redirectUri = redirect.uri;
    const configuration = await this.discover();
    const state = client.randomState();
    const nonce = client.randomNonce();
    const verifier = client.randomPKCECodeVerifier();
    const request: OidcRequest = { redirect_uri: redirect.uri, nonce, code_verifier: verifier };
    await insertSsoRequest(
      this.identity.db.kysely,
      METHOD,
      state,
      request,
      this.identity.clock() + OIDC_REQUEST_TTL_MS,
    );
    const url = client.buildAuthorizationUrl(configuration, {
      response_type: 'code',
      redirect_uri: this.config.redirectUri,
      scope: this.config.scope,
      state,
      nonce,
      code_challenge: await client.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
      // A refresh token for offline use is only issued with consent asked (OpenID Connect Core §11).
      ...(this.config.scope.split(' ').includes('offline_access') ? { prompt: 'consent' } : {}),
    }).href;
    return { url, state };
  }

  /**
   * Finishes a sign-in from the provider's authorization response (the callback's query): checks
   * that `state` is the one bound to this browser (`browserState`, its cookie), spends the request
   * named by `state`, redeems `code` with its PKCE verifier, validates the ID token
   * (with the request's nonce), and signs the person in.
   *
   * @returns where to send the browser: the original redirect_uri with a one-time login code.
   * @throws ApiError SSO_REJECTED (401) "state mismatch" for a state not bound to this browser or
   *   unknown, used or expired, and
   *   for an ID token that fails validation (nonce mismatch among others); THIRD_PARTY_FAILED (502)
   *   for an `error` answer of the provider (its `error` and `error_description`) or a refused code
   *   exchange (the provider's body); REDIRECT_NOT_ALLOWED (400).
   */
  async finish(
    query: Record<string, unknown>,
    browserState: string,
    context: SsoStepContext,
  ): Promise<SignInResult> {
    const state = typeof query.state === 'string' ? query.state : '';
    if (!state || state !== browserState) {
      throw rejected(
        'state mismatch: this browser did not start this sign-in (or its cookie expired); start again',
      );
    }
    const stored = state
      ? ((await consumeSsoRequest(
          this.identity.db.kysely,
          METHOD,
          state,
          this.identity.clock(),
        )) as OidcRequest | null)
      : null;
    if (!stored) {
      throw rejected(
        'state mismatch: this answer belongs to no pending sign-in (unknown, already used or expired); start again',
      );
    }
    context.redirectUri = stored.redirect_uri;
    if (typeof query.error === 'string') {
      const description = typeof query.error_description === 'string' ? `: ${query.error_description}` : '';
      throw failed(`the provider refused the sign-in: ${query.error}${description}`);
    }
    if (typeof query.code !== 'string' || query.code === '') {
      throw rejected('the provider answered neither code nor error');
    }
    const configuration = await this.discover();
    // The authorization response as received on the registered callback (its query only).
    const current = new URL(this.config.redirectUri);
    current.search = '';
    for (const [key, value] of Object.entries(query)) {
      if (typeof value === 'string') current.searchParams.set(key, value);
    }
    let claims: Record<string, unknown>;
    let refreshToken: string | undefined;
    try {
      const tokens = await client.authorizationCodeGrant(configuration, current, {
        pkceCodeVerifier: stored.code_verifier,
        expectedState: state,
        expectedNonce: stored.nonce,
        idTokenExpected: true,
      });
      claims = { ...tokens.claims() };
      refreshToken = tokens.refresh_token;
      const wanted = Object.values(this.config.claims);
      const userinfo = configuration.serverMetadata().userinfo_endpoint;
      if (userinfo && wanted.some((name) => claims[name] === undefined)) {
        const info = await client.fetchUserInfo(configuration, tokens.access_token, claims.sub as string);
        claims = { ...info, ...claims };
      }
    } catch (error) {
      throw await providerError(error);
    }
    const profile = this.profile(configuration.serverMetadata().issuer, claims);
    profile.credential = refreshToken
      ? this.identity.secrets.seal(refreshToken, credentialContext(METHOD, profile.subject))
      : null;
    return this.identity.directorySignIn(profile, stored.redirect_uri);
  }

  /**
   * The `dir:oidc` directory check of refresh: redeems the person's kept provider refresh token
   * (RFC 6749 §6) and keeps the one the provider rotates it into. `'gone'` when the provider answers
   * `invalid_grant` (the person disabled or removed, the grant revoked or expired) to the token
   * still kept; `'active'` when it issues tokens; `'unknown'` (the session goes on) when no token is
   * kept, the person was asked about less than {@link OIDC_CHECK_INTERVAL_MS} ago, a sign-in
   * replaced the token meanwhile, the token cannot be opened, or the provider cannot be reached.
   */
  readonly check: DirectoryCheck = async (subject) => {
    const db = this.identity.db.kysely;
    const source = directorySource(METHOD);
    const now = this.identity.clock();
    const kept = (await linkCredential(db, source, subject))?.credential;
    if (!kept) return 'unknown';
    if (!(await claimLinkCheck(db, source, subject, now, OIDC_CHECK_INTERVAL_MS))) return 'unknown';
    let refreshToken: string;
    try {
      refreshToken = this.identity.secrets.open(kept, credentialContext(METHOD, subject));
    } catch {
      return 'unknown';
    }
    try {
      const configuration = await this.discover();
      const tokens = await client.refreshTokenGrant(configuration, refreshToken);
      if (tokens.refresh_token && tokens.refresh_token !== refreshToken) {
        const sealed = this.identity.secrets.seal(tokens.refresh_token, credentialContext(METHOD, subject));
        await setLinkCredential(db, source, subject, sealed, now, kept);
      }
      return 'active';
    } catch (error) {
      if (!(error instanceof client.ResponseBodyError) || error.error !== 'invalid_grant') return 'unknown';
      // Spent: forget it, unless a sign-in kept a newer token meanwhile (the person is back).
      const forgotten = await setLinkCredential(db, source, subject, null, now, kept);
      return forgotten ? 'gone' : 'unknown';
    }
  };

  /** The directory profile of the validated claims (mapped by `OIDC_CLAIMS`). */
  private profile(issuer: string, claims: Record<string, unknown>): DirectoryProfile {
    const map = this.config.claims;
    const sub = claims.sub as string;
    const email = text(claims[map.email]);
    const profile: DirectoryProfile = {
      method: METHOD,
      subject: linkSubject(`${issuer}|${sub}`),
      username: text(claims[map.username]) ?? email ?? sub,
      email: email && /^[^\s@]+@[^\s@]+$/.test(email) ? email : null,
      displayName: text(claims[map.name]),
      department: text(claims[map.department]),
      employeeId: text(claims[map.employee_id]),
    };
    if (this.config.adminGroup !== undefined) {
      profile.administrator = groupsOf(claims[map.groups]).includes(this.config.adminGroup);
    }
    return profile;
  }

  /**
   * The provider's logout URL (RP-Initiated Logout 1.0 §2): its `end_session_endpoint` with
   * `client_id` and `post_logout_redirect_uri` (`redirectUri` made absolute on the origin of
   * `OIDC_REDIRECT_URI`, then checked against the allowlist); `redirectUri` itself when the provider
   * has no end_session_endpoint. Register the absolute address as a post-logout redirect URI.
   *
   * @throws ApiError REDIRECT_NOT_ALLOWED (400); THIRD_PARTY_FAILED (502) when discovery fails.
   */
  async logoutUrl(redirectUri: string | undefined): Promise<string> {
    const allowlist = this.identity.settings.redirectAllowlist;
    const redirect = checkRedirectUri(redirectUri ?? DEFAULT_LOGOUT_REDIRECT, allowlist);
    const configuration = await this.discover();
    if (!configuration.serverMetadata().end_session_endpoint) return redirect.uri;
    const back = redirect.relative ? new URL(redirect.uri, this.config.redirectUri).href : redirect.uri;
    return client.buildEndSessionUrl(configuration, {
      client_id: this.config.clientId,
      post_logout_redirect_uri: back,
    }).href;
  }
}
