import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  AnalyticsProject,
  LoginStorage,
  type PrivateStandardConfig,
  PrivateStandardConfig as PrivateStandardConfigSchema,
} from '@plugin-center/contract/schemas';
import { Compile } from 'typebox/compile';

/** Pino logger options Fastify accepts (a subset: the level is what we set). */
export interface LoggerOptions {
  level: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  [option: string]: unknown;
}

/** Everything the server needs to start; build it with {@link loadConfig} or by hand (tests). */
export interface ServerConfig {
  /** `DATABASE_URL`: a `postgres://` / `postgresql://` URL selects PostgreSQL; absent → SQLite. */
  databaseUrl?: string;
  /** `DATA_DIR` (default `./data`, resolved against the working directory); SQLite file `<dataDir>/plugin-center.db`. */
  dataDir: string;
  /** `APP_DIR`: the built marketplace served under `/plugins/`; default `<repo>/app/dist` when it exists. */
  appDir?: string;
  /**
   * `TRACKER_SCRIPT`: the script-tag build of the tracker served at `/sdk/analytics.js`; default
   * `<repo>/packages/analytics/dist/analytics.iife.js` when it exists.
   */
  trackerScript?: string;
  /** `CATALOGUE_DIR`: folder with `plugins.json` and `zh.json`; default the catalogue shipped in this package. */
  catalogueDir: string;
  /** `IMPORT_CATALOGUE_ON_EMPTY` (default true): import the catalogue when the database has no plugin. */
  importCatalogueOnEmpty: boolean;
  /**
   * `READ_CACHE` (default true): keep counts for 5 s and whole list/search/detail answers for 1 s in
   * this process (dropped at once by this process's own writes; other processes' writes show after
   * the TTL). Off, every request reads the database.
   */
  readCache: boolean;
  /** `HOST` (default `0.0.0.0`). */
  host: string;
  /** `PORT` (default 3000), 0–65535. */
  port: number;
  /** Fastify logger: `false`, `true`, or pino options; `LOG_LEVEL` sets the level. */
  logger: boolean | LoggerOptions;
  /** `NODE_ENV === 'production'`: quiet logger, no request logging. */
  production: boolean;

  // Identity (issue 3). Optional so hand-built configs (tests) get the defaults of
  // `resolveIdentityConfig`; `loadConfig` sets every one of them.
  /**
   * `JWT_SECRET`: HS256 key of the access tokens (at least 32 characters). Unset: a random 32-byte
   * key generated on first start and stored in the database (`server_secret`), shared by every
   * process on that database.
   */
  jwtSecret?: string | undefined;
  /** `ACCESS_TOKEN_TTL`: access token lifetime, seconds (default 900). */
  accessTokenTtl?: number;
  /** `REFRESH_TOKEN_TTL`: refresh token lifetime, seconds (default 2,592,000 = 30 days). */
  refreshTokenTtl?: number;
  /** `LOGIN_CODE_TTL`: lifetime of a one-time login code, seconds (default 60). */
  loginCodeTtl?: number;
  /**
   * `REDIRECT_ALLOWLIST`: comma-separated origins (`https://example.com`) a redirect_uri may point
   * to; relative paths (`/plugins/`) are always allowed. Default `http://localhost:<PORT>` and
   * `http://127.0.0.1:<PORT>`.
   */
  redirectAllowlist?: string[];
  /**
   * `PRIVATE_LOGIN_CONFIG`: JSON of `GET /api/uc/config/private/standard/{product}` (per login
   * method `{ enable, logout_mode: 'default' | 'redirect', logout_url }`). Default
   * `{"password":{"enable":true,"logout_mode":"default","logout_url":null}}`.
   */
  privateLoginConfig?: PrivateStandardConfig;
  /** `LOGIN_STORAGE`: 0 local, 1 session, 2 cookie (default 0), answered by `GET /api/pix/spaces/setting`. */
  loginStorage?: LoginStorage;
  /** `OAUTH_PROVIDERS`: JSON array of OAuth2/OIDC providers for third-party sign-in (default none). */
  oauthProviders?: OAuthProviderConfig[];
  /**
   * Requests per minute: `RATE_LIMIT_SIGNIN` (per client IP and email, default 10),
   * `RATE_LIMIT_SIGNUP` (per IP, default 10), `RATE_LIMIT_CODE` (code exchange per IP, default 30).
   * 0 turns a limit off.
   */
  rateLimits?: RateLimits;
  /** `ADMIN_EMAIL`: the administrator created on first start when none exists (default `admin@localhost`). */
  adminEmail?: string | undefined;
  /** `ADMIN_PASSWORD` (at least 8 characters): its password; unset → a random one, printed once. */
  adminPassword?: string | undefined;

  // Analytics collector (issue 4). Optional like the identity settings; see `resolveCollectorConfig`.
  /**
   * `ANALYTICS_PROJECTS`: comma-separated project names `POST /sa?project=` accepts besides the
   * `AnalyticsProject` values (`production`, `oversea_production`, `default`); each
   * `[A-Za-z0-9_-]{1,64}`.
   */
  analyticsProjects?: string[];
  /**
   * `ANALYTICS_ALLOWED_ORIGINS`: comma-separated http(s) origins of the sites whose trackers may send
   * to the collector. Unset/empty: every origin (`Access-Control-Allow-Origin: *`, no credentials).
   * Set: those origins are echoed (with credentials allowed) and requests from any other `Origin`
   * are refused with 403.
   */
  analyticsAllowedOrigins?: string[];
  /**
   * `ANALYTICS_VISUAL_CONFIG`: JSON object answered by `GET /config/visualized/Web.conf`; its
   * `version` (string or number; a content hash when absent) is what `v` is compared with. Unset:
   * no visual config (the endpoint answers 205, "clear").
   */
  analyticsVisualConfig?: Record<string, unknown> | undefined;
  /**
   * `ANALYTICS_DEEPLINKS`: JSON object `{ "<key>": { …params } }` answered by
   * `GET /sdk/deeplink/param?key=` (default none).
   */
  analyticsDeeplinks?: Record<string, Record<string, unknown>>;
}

/** Requests per minute of the rate-limited identity routes; 0 = no limit. */
export interface RateLimits {
  signIn: number;
  signUp: number;
  codeExchange: number;
}

/** One OAuth2 / OpenID Connect provider of `OAUTH_PROVIDERS`. */
export interface OAuthProviderConfig {
  /** Name in the URLs (`3rd-party/oauth2/{source}/auth`) and in `app` of `user/oauth2/login`: `[A-Za-z0-9_-]{1,64}`. */
  source: string;
  /** Issuer URL; its `/.well-known/openid-configuration` is discovered on first use. */
  issuer: string;
  client_id: string;
  client_secret: string;
  /** Default redirect_uri for `user/oauth2/login` calls that send none. */
  redirect_uri?: string;
  /** Scopes asked for (default `openid email profile`). */
  scope?: string;
  /** Allow an `http:` issuer (local development and tests only). */
  allow_http?: boolean;
}

/** The identity settings with every default applied (see the fields of {@link ServerConfig}). */
export interface IdentityConfig {
  jwtSecret: string | undefined;
  accessTokenTtl: number;
  refreshTokenTtl: number;
  loginCodeTtl: number;
  redirectAllowlist: string[];
  privateLoginConfig: PrivateStandardConfig;
  loginStorage: LoginStorage;
  oauthProviders: OAuthProviderConfig[];
  rateLimits: RateLimits;
  adminEmail: string | undefined;
  adminPassword: string | undefined;
}

/** Defaults of the identity settings. */
export const IDENTITY_DEFAULTS = {
  accessTokenTtl: 900,
  refreshTokenTtl: 30 * 24 * 3600,
  loginCodeTtl: 60,
  rateLimits: { signIn: 10, signUp: 10, codeExchange: 30 },
  privateLoginConfig: { password: { enable: true, logout_mode: 'default', logout_url: null } },
  loginStorage: LoginStorage.LOCAL,
} as const satisfies Partial<IdentityConfig>;

/** Default redirect allowlist: the server itself on `port`. */
export function defaultRedirectAllowlist(port: number): string[] {
  return [`http://localhost:${port}`, `http://127.0.0.1:${port}`];
}

/** {@link IdentityConfig} of `config`, defaults filled in. */
export function resolveIdentityConfig(config: ServerConfig): IdentityConfig {
  return {
    jwtSecret: config.jwtSecret,
    accessTokenTtl: config.accessTokenTtl ?? IDENTITY_DEFAULTS.accessTokenTtl,
    refreshTokenTtl: config.refreshTokenTtl ?? IDENTITY_DEFAULTS.refreshTokenTtl,
    loginCodeTtl: config.loginCodeTtl ?? IDENTITY_DEFAULTS.loginCodeTtl,
    redirectAllowlist: config.redirectAllowlist ?? defaultRedirectAllowlist(config.port),
    privateLoginConfig: config.privateLoginConfig ?? structuredClone(IDENTITY_DEFAULTS.privateLoginConfig),
    loginStorage: config.loginStorage ?? IDENTITY_DEFAULTS.loginStorage,
    oauthProviders: config.oauthProviders ?? [],
    rateLimits: { ...IDENTITY_DEFAULTS.rateLimits, ...config.rateLimits },
    adminEmail: config.adminEmail,
    adminPassword: config.adminPassword,
  };
}

/** Thrown by {@link loadConfig} for an environment value it cannot use; `variable` names it. */
export class ConfigError extends Error {
  override readonly name = 'ConfigError';
  constructor(
    readonly variable: string,
    message: string,
  ) {
    super(`${variable}: ${message}`);
  }
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/** This package's root (works from `src/` under tsx/vitest and from `dist/` after the build). */
function packageRoot(): string {
  return resolve(dirname(fileURLToPath(import.meta.url)), '..');
}

/** The catalogue shipped with the package (`packages/server/catalogue`). */
export function defaultCatalogueDir(): string {
  return join(packageRoot(), 'catalogue');
}

/** `<repo>/packages/analytics/dist/analytics.iife.js` when it has been built, else undefined. */
export function defaultTrackerScript(): string | undefined {
  const file = resolve(packageRoot(), '..', 'analytics', 'dist', 'analytics.iife.js');
  return existsSync(file) ? file : undefined;
}

/** `<repo>/app/dist` when it has been built, else undefined. */
export function defaultAppDir(): string | undefined {
  const dir = resolve(packageRoot(), '..', '..', 'app', 'dist');
  return existsSync(join(dir, 'index.html')) ? dir : undefined;
}

function parseBoolean(variable: string, value: string | undefined, fallback: boolean): boolean {
  if (value === undefined || value === '') return fallback;
  const v = value.trim().toLowerCase();
  if (['1', 'true', 'yes', 'on'].includes(v)) return true;
  if (['0', 'false', 'no', 'off'].includes(v)) return false;
  throw new ConfigError(variable, `expected true or false, got ${JSON.stringify(value)}`);
}

function parseInteger(
  variable: string,
  value: string | undefined,
  fallback: number,
  min: number,
  max: number,
): number {
  if (value === undefined || value.trim() === '') return fallback;
  const raw = value.trim();
  const n = Number(raw);
  if (!/^\d+$/.test(raw) || !Number.isSafeInteger(n) || n < min || n > max) {
    throw new ConfigError(
      variable,
      `expected an integer between ${min} and ${max}, got ${JSON.stringify(value)}`,
    );
  }
  return n;
}

function parseJson(variable: string, value: string): unknown {
  try {
    return JSON.parse(value);
  } catch {
    throw new ConfigError(variable, 'is not valid JSON');
  }
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

const checkPrivateConfig = Compile(PrivateStandardConfigSchema);
const SOURCE_NAME = /^[A-Za-z0-9_-]{1,64}$/;

function parseOAuthProviders(value: string): OAuthProviderConfig[] {
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

/** Project names `POST /sa` accepts: `[A-Za-z0-9_-]{1,64}`. */
export const PROJECT_NAME = /^[A-Za-z0-9_-]{1,64}$/;

/** The collector settings with every default applied (see the fields of {@link ServerConfig}). */
export interface CollectorConfig {
  /** Every accepted project name: the `AnalyticsProject` values, then `ANALYTICS_PROJECTS`. */
  projects: string[];
  /** Allowed origins; empty: any origin (`*`). */
  allowedOrigins: string[];
  /** The visual config, or null when none is configured. */
  visualConfig: Record<string, unknown> | null;
  /** Deeplink parameters by key. */
  deeplinks: Record<string, Record<string, unknown>>;
}

/** {@link CollectorConfig} of `config`, defaults filled in. */
export function resolveCollectorConfig(config: ServerConfig): CollectorConfig {
  const projects = [...(Object.values(AnalyticsProject) as string[])];
  for (const name of config.analyticsProjects ?? []) if (!projects.includes(name)) projects.push(name);
  return {
    projects,
    allowedOrigins: config.analyticsAllowedOrigins ?? [],
    visualConfig: config.analyticsVisualConfig ?? null,
    deeplinks: config.analyticsDeeplinks ?? {},
  };
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** `ANALYTICS_PROJECTS`: comma-separated project names. */
function parseProjects(value: string): string[] {
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

/** `ANALYTICS_VISUAL_CONFIG`: a JSON object. */
function parseVisualConfig(value: string): Record<string, unknown> {
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

/** `ANALYTICS_DEEPLINKS`: a JSON object of objects. */
function parseDeeplinks(value: string): Record<string, Record<string, unknown>> {
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
 * Reads the server configuration from environment variables (12-factor style), with the defaults
 * listed on {@link ServerConfig}.
 *
 * @param env - the environment, `process.env` by default.
 * @throws ConfigError naming the variable when a value is invalid: `PORT` not an integer in
 *   0–65535, `DATABASE_URL` not a postgres URL, `LOG_LEVEL` not a pino level, a boolean flag that is
 *   not true/false, an empty `HOST`; identity: `JWT_SECRET` shorter than 32 characters, a TTL or
 *   rate limit that is not a whole number in range, `REDIRECT_ALLOWLIST` entries that are not
 *   http(s) origins, `PRIVATE_LOGIN_CONFIG` / `OAUTH_PROVIDERS` not of their documented shape,
 *   `LOGIN_STORAGE` not 0–2, `ADMIN_EMAIL` not an email, `ADMIN_PASSWORD` shorter than 8;
 *   analytics: `ANALYTICS_PROJECTS` names outside `[A-Za-z0-9_-]{1,64}`,
 *   `ANALYTICS_ALLOWED_ORIGINS` entries that are not http(s) origins, `ANALYTICS_VISUAL_CONFIG` /
 *   `ANALYTICS_DEEPLINKS` not JSON objects of their documented shape.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const production = env.NODE_ENV === 'production';

  let port = 3000;
  if (env.PORT !== undefined && env.PORT !== '') {
    const raw = env.PORT.trim();
    port = Number(raw);
    if (!/^\d+$/.test(raw) || !Number.isInteger(port) || port < 0 || port > 65535) {
      throw new ConfigError(
        'PORT',
        `expected an integer between 0 and 65535, got ${JSON.stringify(env.PORT)}`,
      );
    }
  }

  const host = env.HOST === undefined ? '0.0.0.0' : env.HOST.trim();
  if (host === '') throw new ConfigError('HOST', 'must not be empty');

  let databaseUrl: string | undefined;
  if (env.DATABASE_URL !== undefined && env.DATABASE_URL.trim() !== '') {
    databaseUrl = env.DATABASE_URL.trim();
    if (!/^postgres(ql)?:\/\//i.test(databaseUrl)) {
      throw new ConfigError(
        'DATABASE_URL',
        'expected a postgres:// or postgresql:// URL (unset it to use SQLite)',
      );
    }
  }

  let logger: ServerConfig['logger'] = production ? { level: 'warn' } : { level: 'info' };
  if (env.LOG_LEVEL !== undefined && env.LOG_LEVEL !== '') {
    const level = env.LOG_LEVEL.trim().toLowerCase();
    if (!(LOG_LEVELS as readonly string[]).includes(level)) {
      throw new ConfigError(
        'LOG_LEVEL',
        `expected one of ${LOG_LEVELS.join(', ')}, got ${JSON.stringify(env.LOG_LEVEL)}`,
      );
    }
    logger = level === 'silent' ? false : { level: level as LoggerOptions['level'] };
  }

  let jwtSecret: string | undefined;
  if (env.JWT_SECRET !== undefined && env.JWT_SECRET !== '') {
    jwtSecret = env.JWT_SECRET;
    if (Buffer.byteLength(jwtSecret) < 32) {
      throw new ConfigError('JWT_SECRET', 'must be at least 32 characters long');
    }
  }
  const day = 24 * 3600;
  const accessTokenTtl = parseInteger(
    'ACCESS_TOKEN_TTL',
    env.ACCESS_TOKEN_TTL,
    IDENTITY_DEFAULTS.accessTokenTtl,
    1,
    day,
  );
  const refreshTokenTtl = parseInteger(
    'REFRESH_TOKEN_TTL',
    env.REFRESH_TOKEN_TTL,
    IDENTITY_DEFAULTS.refreshTokenTtl,
    60,
    365 * day,
  );
  const loginCodeTtl = parseInteger(
    'LOGIN_CODE_TTL',
    env.LOGIN_CODE_TTL,
    IDENTITY_DEFAULTS.loginCodeTtl,
    1,
    600,
  );
  const redirectAllowlist =
    env.REDIRECT_ALLOWLIST !== undefined && env.REDIRECT_ALLOWLIST.trim() !== ''
      ? parseRedirectAllowlist(env.REDIRECT_ALLOWLIST)
      : defaultRedirectAllowlist(port);
  let privateLoginConfig: PrivateStandardConfig = structuredClone(IDENTITY_DEFAULTS.privateLoginConfig);
  if (env.PRIVATE_LOGIN_CONFIG !== undefined && env.PRIVATE_LOGIN_CONFIG.trim() !== '') {
    const value = parseJson('PRIVATE_LOGIN_CONFIG', env.PRIVATE_LOGIN_CONFIG);
    if (!checkPrivateConfig.Check(value)) {
      throw new ConfigError(
        'PRIVATE_LOGIN_CONFIG',
        'expected {"<method>": {"enable": boolean, "logout_mode": "default"|"redirect", "logout_url": string|null}}',
      );
    }
    privateLoginConfig = value;
  }
  const loginStorage = parseInteger(
    'LOGIN_STORAGE',
    env.LOGIN_STORAGE,
    IDENTITY_DEFAULTS.loginStorage,
    0,
    2,
  ) as LoginStorage;
  const oauthProviders =
    env.OAUTH_PROVIDERS !== undefined && env.OAUTH_PROVIDERS.trim() !== ''
      ? parseOAuthProviders(env.OAUTH_PROVIDERS)
      : [];
  const limits = IDENTITY_DEFAULTS.rateLimits;
  const rateLimits: RateLimits = {
    signIn: parseInteger('RATE_LIMIT_SIGNIN', env.RATE_LIMIT_SIGNIN, limits.signIn, 0, 1_000_000),
    signUp: parseInteger('RATE_LIMIT_SIGNUP', env.RATE_LIMIT_SIGNUP, limits.signUp, 0, 1_000_000),
    codeExchange: parseInteger('RATE_LIMIT_CODE', env.RATE_LIMIT_CODE, limits.codeExchange, 0, 1_000_000),
  };
  let adminEmail: string | undefined;
  if (env.ADMIN_EMAIL !== undefined && env.ADMIN_EMAIL.trim() !== '') {
    adminEmail = env.ADMIN_EMAIL.trim().toLowerCase();
    if (!/^[^\s@]+@[^\s@]+$/.test(adminEmail))
      throw new ConfigError('ADMIN_EMAIL', 'is not an email address');
  }
  let adminPassword: string | undefined;
  if (env.ADMIN_PASSWORD !== undefined && env.ADMIN_PASSWORD !== '') {
    adminPassword = env.ADMIN_PASSWORD;
    if (adminPassword.length < 8)
      throw new ConfigError('ADMIN_PASSWORD', 'must be at least 8 characters long');
  }

  const set = (value: string | undefined): value is string => value !== undefined && value.trim() !== '';
  const analyticsProjects = set(env.ANALYTICS_PROJECTS) ? parseProjects(env.ANALYTICS_PROJECTS) : [];
  const analyticsAllowedOrigins = set(env.ANALYTICS_ALLOWED_ORIGINS)
    ? parseOriginList('ANALYTICS_ALLOWED_ORIGINS', env.ANALYTICS_ALLOWED_ORIGINS)
    : [];
  const analyticsVisualConfig = set(env.ANALYTICS_VISUAL_CONFIG)
    ? parseVisualConfig(env.ANALYTICS_VISUAL_CONFIG)
    : undefined;
  const analyticsDeeplinks = set(env.ANALYTICS_DEEPLINKS) ? parseDeeplinks(env.ANALYTICS_DEEPLINKS) : {};

  const appDir = env.APP_DIR ? resolve(env.APP_DIR) : defaultAppDir();
  const trackerScript = env.TRACKER_SCRIPT ? resolve(env.TRACKER_SCRIPT) : defaultTrackerScript();
  const config: ServerConfig = {
    dataDir: resolve(env.DATA_DIR || './data'),
    catalogueDir: resolve(env.CATALOGUE_DIR || defaultCatalogueDir()),
    importCatalogueOnEmpty: parseBoolean('IMPORT_CATALOGUE_ON_EMPTY', env.IMPORT_CATALOGUE_ON_EMPTY, true),
    readCache: parseBoolean('READ_CACHE', env.READ_CACHE, true),
    host,
    port,
    logger,
    production,
    jwtSecret,
    accessTokenTtl,
    refreshTokenTtl,
    loginCodeTtl,
    redirectAllowlist,
    privateLoginConfig,
    loginStorage,
    oauthProviders,
    rateLimits,
    adminEmail,
    adminPassword,
    analyticsProjects,
    analyticsAllowedOrigins,
    analyticsVisualConfig,
    analyticsDeeplinks,
  };
  if (databaseUrl !== undefined) config.databaseUrl = databaseUrl;
  if (appDir !== undefined) config.appDir = appDir;
  if (trackerScript !== undefined) config.trackerScript = trackerScript;
  return config;
}
