/**
 * Third-party sign-in (SPEC §1 "OAuth2, third-party accounts", §7 `3rd-party/oauth2/{source}/auth`,
 * `3rd-party/bind`, `user/oauth2/login`) against the OAuth 2.0 / OpenID Connect providers of
 * `OAUTH_PROVIDERS`, with openid-client: the provider's metadata is discovered on first use
 * (OpenID Connect Discovery 1.0), the authorization code is redeemed at its token endpoint (RFC
 * 6749 §4.1.3, confidential client) and the account is described by the ID token's claims, or by the
 * UserInfo response when the ID token lacks an email.
 *
 * Any refusal or failure of the provider becomes 502 THIRD_PARTY_FAILED whose message carries the
 * provider's response body (SPEC §8 "Third-party bind/auth errors return the server response body").
 */
import { ApiErrorCode } from '@plugin-center/contract/schemas';
import * as client from 'openid-client';
import type { OAuthProviderConfig } from '../config/identity';
import { ApiError } from '../errors';
import type { ThirdPartyProfile } from './thirdPartyAccounts';

/** Scopes asked for when a provider configures none. */
export const DEFAULT_SCOPE = 'openid email profile';

/** Longest provider response body quoted in an error message, characters. */
const MAX_BODY_IN_MESSAGE = 2000;

function failed(message: string): ApiError {
  return new ApiError(ApiErrorCode.THIRD_PARTY_FAILED, message.slice(0, MAX_BODY_IN_MESSAGE));
}

/**
 * The provider's response body (or the failure) as text for the error message: the JSON error
 * body of an OAuth-style refusal (`{"error":"invalid_grant",...}`), else the body of an unexpected
 * response, else what went wrong on the way (network, discovery).
 */
async function describeFailure(source: string, error: unknown): Promise<string> {
  if (error instanceof client.ResponseBodyError) return JSON.stringify(error.cause);
  const cause = (error as { cause?: unknown } | null)?.cause;
  if (cause instanceof Response) {
    const text = cause.bodyUsed ? '' : await cause.text().catch(() => '');
    return text || `${source}: HTTP ${cause.status} ${cause.statusText}`.trim();
  }
  if (error instanceof Error) {
    const detail = cause instanceof Error ? `: ${cause.message}` : '';
    return `${source}: ${error.message}${detail}`;
  }
  return `${source}: ${String(error)}`;
}

/** The configured providers, each discovered lazily and cached. */
export class ThirdPartyProviders {
  private readonly configs: Map<string, OAuthProviderConfig>;
  private readonly discovered = new Map<string, Promise<client.Configuration>>();

  constructor(configs: readonly OAuthProviderConfig[]) {
    this.configs = new Map(configs.map((c) => [c.source, c]));
  }

  /** Names of the configured providers. */
  sources(): string[] {
    return [...this.configs.keys()];
  }

  /** @throws ApiError INVALID_PARAMETER (400) when no provider has this name. */
  config(source: string): OAuthProviderConfig {
    const config = this.configs.get(source);
    if (!config) {
      throw new ApiError(
        ApiErrorCode.INVALID_PARAMETER,
        `no third-party provider named ${JSON.stringify(source)}`,
      );
    }
    return config;
  }

  private async discover(source: string): Promise<client.Configuration> {
    const config = this.config(source);
    let pending = this.discovered.get(source);
    if (!pending) {
      pending = client.discovery(
        new URL(config.issuer),
        config.client_id,
        undefined,
        client.ClientSecretPost(config.client_secret),
        { timeout: 10, ...(config.allow_http ? { execute: [client.allowInsecureRequests] } : {}) },
      );
      this.discovered.set(source, pending);
      // A failed discovery is retried by the next call.
      pending.catch(() => this.discovered.delete(source));
    }
    try {
      return await pending;
    } catch (error) {
      throw failed(await describeFailure(source, error));
    }
  }

  /**
   * The provider's authorization URL for `redirectUri` (where the provider sends the browser back
   * with `code`), with `state` passed through when given.
   * @throws ApiError INVALID_PARAMETER (unknown source), THIRD_PARTY_FAILED (discovery failed).
   */
  async authorizationUrl(source: string, redirectUri: string, state?: string): Promise<string> {
    const configuration = await this.discover(source);
    const parameters: Record<string, string> = {
      response_type: 'code',
      redirect_uri: redirectUri,
      scope: this.config(source).scope ?? DEFAULT_SCOPE,
    };
    if (state) parameters.state = state;
    return client.buildAuthorizationUrl(configuration, parameters).href;
  }

  /**
   * Redeems an authorization code and describes the provider account.
   * @param redirectUri - the redirect_uri of the authorization request (compared by the provider).
   * @throws ApiError INVALID_PARAMETER (unknown source), THIRD_PARTY_FAILED (502) with the
   *   provider's response body when it refuses the code or fails.
   */
  async profile(source: string, code: string, redirectUri: string): Promise<ThirdPartyProfile> {
    const configuration = await this.discover(source);
    try {
      const tokens = await client.genericGrantRequest(configuration, 'authorization_code', {
        code,
        redirect_uri: redirectUri,
      });
      let claims: Record<string, unknown> = { ...(tokens.claims() ?? {}) };
      if (typeof claims.sub !== 'string' || typeof claims.email !== 'string') {
        const info = await client.fetchUserInfo(
          configuration,
          tokens.access_token,
          typeof claims.sub === 'string' ? claims.sub : client.skipSubjectCheck,
        );
        claims = { ...claims, ...info };
      }
      const subject = claims.sub;
      if (typeof subject !== 'string' || subject === '') {
        throw failed(`${source}: the provider named no subject (sub)`);
      }
      const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : null);
      return {
        source,
        subject,
        email: text(claims.email),
        email_verified: claims.email_verified === true,
        name: text(claims.name) ?? text(claims.preferred_username) ?? text(claims.nickname),
        picture: text(claims.picture),
      };
    } catch (error) {
      if (error instanceof ApiError) throw error;
      throw failed(await describeFailure(source, error));
    }
  }
}
