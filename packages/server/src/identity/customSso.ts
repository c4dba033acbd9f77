/**
 * Custom SSO (SPEC §1 private-deployment SSO `custom_sso`; settings `CUSTOM_SSO_*`,
 * `config/customSso.ts`): the documented protocol of docs/sso.md "Custom SSO" for a company's own
 * sign-in system, in the manner of CAS (a ticket through the browser, validated server to server):
 * 1. `GET custom-sso/login?redirect_uri` stores a one-time request (`sso_request`, 10 minutes) and
 *    sends the browser to `CUSTOM_SSO_LOGIN_URL?service=<CUSTOM_SSO_SERVICE_URL>&state=<request id>`;
 * 2. the company signs the person in and sends the browser to `<service>?ticket=<ticket>&state=<id>`;
 * 3. this server POSTs `{ ticket, service }` (JSON) to `CUSTOM_SSO_VALIDATE_URL`, signed with
 *    `X-SSO-Timestamp` (Unix seconds) and `X-SSO-Signature: sha256=<hex HMAC-SHA256(CUSTOM_SSO_SECRET,
 *    timestamp + "." + body)>`; the company answers `{ "token": "<JWT>" }`;
 * 4. the JWT (RFC 7519) is verified with jose: HS256 with `CUSTOM_SSO_SECRET` (or RS256/ES256/EdDSA
 *    with `CUSTOM_SSO_JWKS_URL`), `iss`, `aud` = the service, `exp` and `iat` (30 s skew, at most
 *    300 s apart), `sub`, and `jti` never seen before (replay, `sso_assertion`); `status: "disabled"`
 *    refuses the person and disables their account;
 * 5. `identity.directorySignIn` finds or creates the account linked to `sub`;
 * 6. with `CUSTOM_SSO_STATUS_URL`, refreshing a session asks the company about the person (the
 *    `dir:custom_sso` directory check): this server POSTs `{ sub, service }`, signed as in step 3, and
 *    the company answers `{ "sub": "<sub>", "status": "active" | "disabled" | "deleted" }`;
 *    `disabled` or `deleted` ends every session of the account, any other answer leaves it be.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { ApiErrorCode, type SignInResult } from '@plugin-center/contract/schemas';
import { createRemoteJWKSet, errors, type JWTPayload, type JWTVerifyGetKey, jwtVerify } from 'jose';
import type { CustomSsoConfig } from '../config/customSso';
import { ApiError } from '../errors';
import { boundUserId } from './data/accounts';
import { consumeSsoRequest, insertSsoRequest, recordSsoAssertion } from './data/sso';
import {
  accountDisabled,
  type DirectoryProfile,
  directorySource,
  disableDirectoryAccount,
} from './directoryAccounts';
import type { DirectoryCheck } from './identityCore';
import { checkRedirectUri } from './redirect';
import type { IdentityService } from './service';
import type { SsoStepContext } from './ssoAnswer';

/** The `sso_request.method` and link method of this sign-in. */
const METHOD = 'custom_sso';

/** Lifetime of a started sign-in, ms. */
export const CUSTOM_SSO_REQUEST_TTL_MS = 10 * 60 * 1000;
/** Longest an assertion may live (`exp` − `iat`), seconds. */
export const MAX_ASSERTION_LIFETIME_S = 300;
/** Clock difference tolerated on `exp` and `iat`, seconds. */
export const CLOCK_SKEW_S = 30;
/** Time allowed for the validate call, ms. */
export const VALIDATE_TIMEOUT_MS = 10_000;
/** Time allowed for the status call, ms (a refresh waits for it; past it the session goes on). */
export const STATUS_TIMEOUT_MS = 5_000;
/** Longest answer of the company's system quoted in an error message, characters. */
const MAX_BODY_IN_MESSAGE = 2000;
/** Where the browser returns after logout when the caller names no redirect_uri. */
const DEFAULT_LOGOUT_REDIRECT = '/plugins/';

/** Header of the validate request's Unix time, seconds. */
export const TIMESTAMP_HEADER = 'x-sso-timestamp';
/** Header of the validate request's signature, `sha256=<hex>`. */
export const SIGNATURE_HEADER = 'x-sso-signature';

/** What a started sign-in keeps until the company answers. */
interface CustomSsoRequest {
  redirect_uri: string;
}

function failed(message: string): ApiError {
  return new ApiError(ApiErrorCode.THIRD_PARTY_FAILED, message.slice(0, MAX_BODY_IN_MESSAGE));
}

function rejected(message: string): ApiError {
  return new ApiError(ApiErrorCode.SSO_REJECTED, message.slice(0, MAX_BODY_IN_MESSAGE));
}

/** The signature of a validate request: `sha256=` + hex HMAC-SHA256 of `<timestamp>.<body>`. */
export function validateSignature(secret: string, timestamp: string, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

/** A claim's text (trimmed), or null. */
function text(value: unknown): string | null {
  return typeof value === 'string' && value.trim() ? value.trim() : null;
}

/** Custom SSO with the company's system of {@link CustomSsoConfig}; one per server. */
export class CustomSsoSignIn {
  private readonly key: Uint8Array | JWTVerifyGetKey;
  /** The `dir:custom_sso` directory check of refresh; undefined without `CUSTOM_SSO_STATUS_URL`. */
  readonly check: DirectoryCheck | undefined;

  constructor(
    private readonly identity: IdentityService,
    readonly config: CustomSsoConfig,
  ) {
    this.key = config.jwksUrl
      ? createRemoteJWKSet(new URL(config.jwksUrl), { timeoutDuration: VALIDATE_TIMEOUT_MS })
      : new TextEncoder().encode(config.secret);
    const statusUrl = config.statusUrl;
    if (statusUrl) this.check = (subject) => this.status(statusUrl, subject);
  }

  /**
   * POSTs `payload` as JSON to `url`, signed with `X-SSO-Timestamp` and `X-SSO-Signature` (step 3),
   * within `timeout` ms, following no redirect.
   * @throws the fetch error (unreachable, timeout, a redirect)
   */
  private post(url: string, payload: Record<string, string>, timeout: number): Promise<Response> {
    const body = JSON.stringify(payload);
    const timestamp = String(Math.floor(this.identity.clock() / 1000));
    return fetch(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json',
        [TIMESTAMP_HEADER]: timestamp,
        [SIGNATURE_HEADER]: validateSignature(this.config.secret, timestamp, body),
      },
      body,
      redirect: 'error',
      signal: AbortSignal.timeout(timeout),
    });
  }

  /**
   * Asks `CUSTOM_SSO_STATUS_URL` about the person `subject` (step 6): `'active'` for
   * `{ sub, status: "active" }`, `'gone'` for `disabled` or `deleted`; `'unknown'` (the session goes
   * on) when the company cannot be reached within {@link STATUS_TIMEOUT_MS} ms, answers another
   * HTTP status, or a body that is not about this `sub`.
   */
  private async status(url: string, subject: string): Promise<'active' | 'gone' | 'unknown'> {
    let answer: unknown;
    try {
      const response = await this.post(
        url,
        { sub: subject, service: this.config.serviceUrl },
        STATUS_TIMEOUT_MS,
      );
      if (response.status !== 200) return 'unknown';
      answer = await response.json();
    } catch {
      return 'unknown';
    }
    const { sub, status } = (answer ?? {}) as { sub?: unknown; status?: unknown };
    if (sub !== subject) return 'unknown';
    if (status === 'active') return 'active';
    return status === 'disabled' || status === 'deleted' ? 'gone' : 'unknown';
  }

  /**
   * Starts a sign-in: stores the one-time request (10 minutes) and answers the company's login URL
   * with `service` and `state`, and the state (which the route binds to the browser with a cookie).
   * @throws ApiError REDIRECT_NOT_ALLOWED (400).
   */
  async start(redirectUri: string, context: SsoStepContext): Promise<{ url: string; state: string }> {
    const redirect = checkRedirectUri(redirectUri, this.identity.settings.redirectAllowlist);
    context.redirectUri = redirect.uri;
    const state = randomBytes(32).toString('base64url');
    const request: CustomSsoRequest = { redirect_uri: redirect.uri };
    await insertSsoRequest(
      this.identity.db.kysely,
      METHOD,
      state,
      request,
      this.identity.clock() + CUSTOM_SSO_REQUEST_TTL_MS,
    );
    const url = new URL(this.config.loginUrl);
    url.searchParams.set('service', this.config.serviceUrl);
    url.searchParams.set('state', state);
    return { url: url.href, state };
  }

  /**
   * Finishes a sign-in from the company's answer: checks that `state` is this browser's
   * (`browserState`) and spends its request, exchanges the ticket, verifies the assertion, and
   * signs the person in.
   *
   * @returns where to send the browser: the original redirect_uri with a one-time login code.
   * @throws ApiError SSO_REJECTED (401): state mismatch (not this browser's, unknown, used or
   *   expired), no ticket, the company refused the ticket (4xx, its body), the assertion forged,
   *   expired, too long-lived, for another issuer or audience, or replayed (`jti`);
   *   ACCOUNT_DISABLED (403) for `status: "disabled"`; THIRD_PARTY_FAILED (502) when the validate
   *   endpoint cannot be reached, fails (5xx, its body) or answers no token.
   */
  async finish(
    query: { ticket?: string | undefined; state?: string | undefined },
    browserState: string,
    context: SsoStepContext,
  ): Promise<SignInResult> {
    const state = query.state ?? '';
    if (!state || state !== browserState) {
      throw rejected(
        'state mismatch: this browser did not start this sign-in (or its cookie expired); start again',
      );
    }
    const stored = (await consumeSsoRequest(
      this.identity.db.kysely,
      METHOD,
      state,
      this.identity.clock(),
    )) as CustomSsoRequest | null;
    if (!stored) {
      throw rejected(
        'state mismatch: this answer belongs to no pending sign-in (unknown, already used or expired); start again',
      );
    }
    context.redirectUri = stored.redirect_uri;
    if (!query.ticket) throw rejected("the company's system answered no ticket");
    const claims = await this.verify(await this.validate(query.ticket));
    const subject = claims.sub!;
    if (claims.status === 'disabled') {
      const userId = await boundUserId(this.identity.db.kysely, directorySource(METHOD), subject);
      if (userId !== undefined) await disableDirectoryAccount(this.identity, userId);
      throw accountDisabled();
    }
    return this.identity.directorySignIn(this.profile(subject, claims), stored.redirect_uri);
  }

  /**
   * Exchanges `ticket` at `CUSTOM_SSO_VALIDATE_URL` (step 3) and answers the assertion (a JWT).
   * @throws ApiError SSO_REJECTED (4xx answer), THIRD_PARTY_FAILED (unreachable, timeout after
   *   {@link VALIDATE_TIMEOUT_MS} ms, another status, no `token` in the answer).
   */
  private async validate(ticket: string): Promise<string> {
    let response: Response;
    try {
      response = await this.post(
        this.config.validateUrl,
        { ticket, service: this.config.serviceUrl },
        VALIDATE_TIMEOUT_MS,
      );
    } catch (error) {
      const cause = (error as { cause?: unknown }).cause;
      const reason = cause instanceof Error ? cause.message : (error as Error).message;
      throw failed(`custom SSO: the validate endpoint cannot be reached: ${reason}`);
    }
    const answer = (await response.text().catch(() => '')).slice(0, MAX_BODY_IN_MESSAGE);
    if (response.status >= 400 && response.status < 500) {
      throw rejected(`the company's system refused the ticket: HTTP ${response.status} ${answer}`.trim());
    }
    if (response.status !== 200) {
      throw failed(`custom SSO: the validate endpoint answered HTTP ${response.status} ${answer}`.trim());
    }
    let token: unknown;
    try {
      token = (JSON.parse(answer) as { token?: unknown } | null)?.token;
    } catch {
      token = undefined;
    }
    if (typeof token !== 'string' || token === '') {
      throw failed(`custom SSO: the validate endpoint answered no token: ${answer}`);
    }
    return token;
  }

  /**
   * Verifies the assertion (step 4) and records its `jti`.
   * @throws ApiError SSO_REJECTED naming what failed; THIRD_PARTY_FAILED when the JWKS cannot be read.
   */
  private async verify(token: string): Promise<JWTPayload> {
    const now = this.identity.clock();
    let payload: JWTPayload;
    try {
      const options = {
        algorithms: this.config.jwksUrl ? ['RS256', 'ES256', 'EdDSA'] : ['HS256'],
        issuer: this.config.issuer,
        audience: this.config.serviceUrl,
        clockTolerance: CLOCK_SKEW_S,
        maxTokenAge: MAX_ASSERTION_LIFETIME_S + CLOCK_SKEW_S,
        requiredClaims: ['iss', 'aud', 'sub', 'exp', 'iat', 'jti'],
        currentDate: new Date(now),
      };
      payload =
        this.key instanceof Uint8Array
          ? (await jwtVerify(token, this.key, options)).payload
          : (await jwtVerify(token, this.key, options)).payload;
    } catch (error) {
      throw this.verifyError(error);
    }
    if (payload.exp! - payload.iat! > MAX_ASSERTION_LIFETIME_S) {
      throw rejected(`the assertion lives longer than ${MAX_ASSERTION_LIFETIME_S} s (exp − iat)`);
    }
    if (typeof payload.sub !== 'string' || payload.sub === '' || payload.sub.length > 512) {
      throw rejected('the assertion has no usable sub (1–512 characters)');
    }
    if (typeof payload.jti !== 'string' || payload.jti === '' || payload.jti.length > 256) {
      throw rejected('the assertion has no usable jti (1–256 characters)');
    }
    const fresh = await recordSsoAssertion(
      this.identity.db.kysely,
      METHOD,
      payload.jti,
      (payload.exp! + CLOCK_SKEW_S) * 1000,
      now,
    );
    if (!fresh) throw rejected('replayed assertion: its jti was already used');
    return payload;
  }

  private verifyError(error: unknown): ApiError {
    if (error instanceof errors.JWSSignatureVerificationFailed) {
      return rejected("forged assertion: its signature does not verify with the company's key");
    }
    if (error instanceof errors.JWTExpired) return rejected(`expired assertion: ${error.message}`);
    if (error instanceof errors.JWTClaimValidationFailed) {
      return rejected(`the assertion's ${error.claim} claim is refused: ${error.message}`);
    }
    if (error instanceof errors.JWKSTimeout || error instanceof errors.JWKSInvalid) {
      return failed(`custom SSO: the JWKS cannot be read: ${error.message}`);
    }
    if (error instanceof errors.JOSEError) return rejected(`the assertion is refused: ${error.message}`);
    const reason = error instanceof Error ? error.message : String(error);
    return failed(`custom SSO: the JWKS cannot be read: ${reason}`);
  }

  /** The directory profile of a verified assertion. */
  private profile(subject: string, claims: JWTPayload): DirectoryProfile {
    const email = text(claims.email);
    const profile: DirectoryProfile = {
      method: METHOD,
      subject,
      username: text(claims.username) ?? email ?? subject,
      email: email && /^[^\s@]+@[^\s@]+$/.test(email) ? email : null,
      displayName: text(claims.name),
      department: text(claims.department),
      employeeId: text(claims.e_id),
    };
    if (this.config.adminGroup !== undefined) {
      const groups = Array.isArray(claims.groups) ? claims.groups : [];
      profile.administrator = groups.includes(this.config.adminGroup);
    }
    return profile;
  }

  /**
   * The company's logout URL: `CUSTOM_SSO_LOGOUT_URL?service=<redirect_uri made absolute on the
   * service URL's origin>`, or redirect_uri itself without a logout URL.
   * @throws ApiError REDIRECT_NOT_ALLOWED (400).
   */
  logoutUrl(redirectUri: string | undefined): string {
    const allowlist = this.identity.settings.redirectAllowlist;
    const redirect = checkRedirectUri(redirectUri ?? DEFAULT_LOGOUT_REDIRECT, allowlist);
    if (!this.config.logoutUrl) return redirect.uri;
    const back = redirect.relative ? new URL(redirect.uri, this.config.serviceUrl).href : redirect.uri;
    const url = new URL(this.config.logoutUrl);
    url.searchParams.set('service', back);
    return url.href;
  }
}
