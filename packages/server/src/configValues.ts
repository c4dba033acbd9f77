/**
 * The error of the configuration and the parsers of its structured values (comma lists, JSON), which
 * {@link CONFIG_SCHEMA} names as the `parse` of their variables. Simple values (integers, booleans,
 * enums, patterns) need no parser here: `readEnvironment` checks them against the schema.
 */
import { isIP } from 'node:net';
import { type Locale, localeFromCookieValue } from '@plugin-center/contract';
import { LoginStorage } from '@plugin-center/contract/schemas';
import type { IdentityConfig, OAuthProviderConfig } from './config';

/** Thrown by `loadConfig` for an environment value it cannot use; `variable` names it. */
export class ConfigError extends Error {
  override readonly name = 'ConfigError';
  constructor(
    readonly variable: string,
    message: string,
  ) {
    super(`${variable}: ${message}`);
  }
}

/** Defaults of the identity settings (`ACCESS_TOKEN_TTL` … in seconds, rate limits per minute). */
export const IDENTITY_DEFAULTS = {
  accessTokenTtl: 900,
  refreshTokenTtl: 30 * 24 * 3600,
  loginCodeTtl: 60,
  rateLimits: { signIn: 10, signUp: 10, codeExchange: 30 },
  privateLoginConfig: { password: { enable: true, logout_mode: 'default', logout_url: null } },
  loginStorage: LoginStorage.LOCAL,
} as const satisfies Partial<IdentityConfig>;

/** Project names `POST /sa` accepts: `[A-Za-z0-9_-]{1,64}`. */
export const PROJECT_NAME = /^[A-Za-z0-9_-]{1,64}$/;

/** Names of OAuth providers (`source`): `[A-Za-z0-9_-]{1,64}`. */
export const SOURCE_NAME = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * `JSON.parse` of a variable's text.
 *
 * @throws ConfigError `<variable>: is not valid JSON`.
 */
export function parseJson(variable: string, value: string): unknown {
  try {
    return JSON.parse(value);
  } catch {
    throw new ConfigError(variable, 'is not valid JSON');
  }
}

/**
 * `TRUST_PROXY` (issue 11 defect 4), Fastify's `trustProxy`: `true`/`false`, or a comma-separated
 * list of the proxies' addresses and CIDR ranges (`127.0.0.1,10.0.0.0/8`): `X-Forwarded-For` is
 * read from the right, skipping the trusted addresses, and the first untrusted one is the client.
 * A hop count is refused: Fastify 5 ignores it (it cannot tell whether the peer is a proxy, so it
 * trusts nothing), which would silently leave every visitor in one bucket.
 *
 * @throws ConfigError for a number, or an entry that is neither an IP address nor a CIDR range.
 */
export function parseTrustProxy(variable: string, value: string): boolean | string[] {
  const text = value.trim();
  if (/^(true|false)$/i.test(text)) return text.toLowerCase() === 'true';
  if (/^\d+$/.test(text)) {
    throw new ConfigError(
      variable,
      "a hop count is not supported: list the proxies' addresses (e.g. 127.0.0.1)",
    );
  }
  const entries = text
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean);
  for (const entry of entries) {
    const [address, bits, extra] = entry.split('/');
    const ip = isIP(address ?? '');
    const max = ip === 6 ? 128 : 32;
    if (
      !ip ||
      extra !== undefined ||
      (bits !== undefined && !(/^\d{1,3}$/.test(bits) && Number(bits) <= max))
    ) {
      throw new ConfigError(
        variable,
        `${JSON.stringify(entry)} is not true, false, an IP address or a CIDR range`,
      );
    }
  }
  return entries;
}

/** `REDIRECT_ALLOWLIST`: comma-separated http(s) origins, each normalised to `URL.origin`. */
export function parseRedirectAllowlist(value: string): string[] {
  return parseOriginList('REDIRECT_ALLOWLIST', value);
}

/**
 * A comma-separated list of http(s) origins (`https://example.com[:port]`), each normalised to
 * `URL.origin`; empty entries are skipped.
 *
 * @throws ConfigError naming `variable` for an entry that is not an origin.
 */
export function parseOriginList(variable: string, value: string): string[] {
  const out: string[] = [];
  for (const part of value.split(',')) {
    const entry = part.trim();
    if (!entry) continue;
    let url: URL;
    try {
      url = new URL(entry);
    } catch {
      throw new ConfigError(variable, `${JSON.stringify(entry)} is not a URL`);
    }
    if (
      (url.protocol !== 'http:' && url.protocol !== 'https:') ||
      url.username ||
      url.password ||
      (url.pathname !== '/' && url.pathname !== '') ||
      url.search ||
      url.hash ||
      entry.includes('\\')
    ) {
      throw new ConfigError(
        variable,
        `${JSON.stringify(entry)} is not an origin (expected http(s)://host[:port])`,
      );
    }
    out.push(url.origin);
  }
  return out;
}

/**
 * `OAUTH_PROVIDERS`: a JSON array of {@link OAuthProviderConfig}; sources unique, issuers URLs.
 *
 * @throws ConfigError `OAUTH_PROVIDERS: entry <i>: …` naming the first field that does not fit.
 */
export function parseOAuthProviders(value: string): OAuthProviderConfig[] {
  const list = parseJson('OAUTH_PROVIDERS', value);
  if (!Array.isArray(list)) throw new ConfigError('OAUTH_PROVIDERS', 'expected a JSON array');
  const seen = new Set<string>();
  return list.map((item, i) => {
    const p = item as Record<string, unknown>;
    const fail = (message: string): never => {
      throw new ConfigError('OAUTH_PROVIDERS', `entry ${i}: ${message}`);
    };
    if (typeof p !== 'object' || p === null) fail('expected an object');
    for (const key of ['source', 'issuer', 'client_id', 'client_secret'] as const) {
      if (typeof p[key] !== 'string' || p[key] === '') fail(`${key} must be a non-empty string`);
    }
    const source = p.source as string;
    if (!SOURCE_NAME.test(source)) fail('source must match [A-Za-z0-9_-]{1,64}');
    if (seen.has(source)) fail(`source ${JSON.stringify(source)} is listed twice`);
    seen.add(source);
    try {
      new URL(p.issuer as string);
    } catch {
      fail('issuer is not a URL');
    }
    const provider: OAuthProviderConfig = {
      source,
      issuer: p.issuer as string,
      client_id: p.client_id as string,
      client_secret: p.client_secret as string,
    };
    if (p.redirect_uri !== undefined) {
      if (typeof p.redirect_uri !== 'string') fail('redirect_uri must be a string');
      provider.redirect_uri = p.redirect_uri as string;
    }
    if (p.scope !== undefined) {
      if (typeof p.scope !== 'string') fail('scope must be a string');
      provider.scope = p.scope as string;
    }
    if (p.allow_http !== undefined) {
      if (typeof p.allow_http !== 'boolean') fail('allow_http must be true or false');
      provider.allow_http = p.allow_http as boolean;
    }
    return provider;
  });
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * `ANALYTICS_PROJECTS`: comma-separated project names, duplicates and empty entries dropped.
 *
 * @throws ConfigError for a name outside {@link PROJECT_NAME}.
 */
export function parseProjects(value: string): string[] {
  const out: string[] = [];
  for (const part of value.split(',')) {
    const name = part.trim();
    if (!name) continue;
    if (!PROJECT_NAME.test(name)) {
      throw new ConfigError(
        'ANALYTICS_PROJECTS',
        `${JSON.stringify(name)} is not a project name ([A-Za-z0-9_-]{1,64})`,
      );
    }
    if (!out.includes(name)) out.push(name);
  }
  return out;
}

/**
 * `ANALYTICS_VISUAL_CONFIG`: a JSON object whose `version`, when present, is a string or a number.
 *
 * @throws ConfigError for invalid JSON, a non-object or another `version`.
 */
export function parseVisualConfig(value: string): Record<string, unknown> {
  const config = parseJson('ANALYTICS_VISUAL_CONFIG', value);
  if (!isPlainObject(config)) throw new ConfigError('ANALYTICS_VISUAL_CONFIG', 'expected a JSON object');
  if (
    config.version !== undefined &&
    typeof config.version !== 'string' &&
    typeof config.version !== 'number'
  ) {
    throw new ConfigError('ANALYTICS_VISUAL_CONFIG', 'version must be a string or a number');
  }
  return config;
}

/**
 * `ANALYTICS_DEEPLINKS`: a JSON object of objects (`{ "<key>": { …params } }`).
 *
 * @throws ConfigError for invalid JSON, a non-object, or a key whose value is not an object.
 */
export function parseDeeplinks(value: string): Record<string, Record<string, unknown>> {
  const links = parseJson('ANALYTICS_DEEPLINKS', value);
  if (!isPlainObject(links)) throw new ConfigError('ANALYTICS_DEEPLINKS', 'expected a JSON object');
  for (const [key, params] of Object.entries(links)) {
    if (!isPlainObject(params)) {
      throw new ConfigError(
        'ANALYTICS_DEEPLINKS',
        `${JSON.stringify(key)}: expected an object of parameters`,
      );
    }
  }
  return links as Record<string, Record<string, unknown>>;
}

/**
 * `SITE_LOCALES` (issue 15): comma-separated locales, each a full name (`ja-JP`) or a `lang` cookie
 * value (`jp`, SPEC §9), case-insensitive; repeats dropped, order kept (the first is the default).
 *
 * @throws ConfigError for an entry that names no locale, or an empty list.
 */
export function parseSiteLocales(variable: string, value: string): Locale[] {
  const out: Locale[] = [];
  for (const part of value.split(',')) {
    const entry = part.trim();
    if (!entry) continue;
    const locale = localeFromCookieValue(entry);
    if (!locale) {
      throw new ConfigError(
        variable,
        `${JSON.stringify(entry)} is not a locale (zh-CN, en-US, ja-JP, ko-KR, ru-RU, es-ES or en, jp, kr, ru, es)`,
      );
    }
    if (!out.includes(locale)) out.push(locale);
  }
  if (out.length === 0) throw new ConfigError(variable, 'names no locale');
  return out;
}
