import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { SiteConfig } from '@plugin-center/contract';
import {
  AnalyticsProject,
  type ContactQr,
  type LoginStorage,
  type PrivateStandardConfig,
} from '@plugin-center/contract/schemas';
import { type ConfigEnvironment, type LOG_LEVELS, readEnvironment } from './configSchema';
import { ConfigError, IDENTITY_DEFAULTS } from './configValues';
import type { ActivityConfig } from './curation/activityConfig';
import { resolveSiteConfig } from './site';

export {
  ConfigError,
  IDENTITY_DEFAULTS,
  PROJECT_NAME,
  parseOriginList,
  parseRedirectAllowlist,
} from './configValues';

/** Pino logger options Fastify accepts (a subset: the level is what we set). */
export interface LoggerOptions {
  level: (typeof LOG_LEVELS)[number];
  [option: string]: unknown;
}

/**
 * Everything the server needs to start; build it with {@link loadConfig} or by hand (tests). Each
 * field names the environment variable it comes from; what the variable means, its default and its
 * constraints are in `CONFIG_SCHEMA` (`configSchema.ts`), which also renders `--help` and the
 * tables of `docs/deployment.md`.
 */
export interface ServerConfig {
  /** `DATABASE_URL`: a `postgres://` / `postgresql://` URL selects PostgreSQL; absent → SQLite. */
  databaseUrl?: string;
  /**
   * `DATA_DIR`, resolved against the working directory; SQLite file `<dataDir>/plugin-center.db`,
   * uploaded files in `<dataDir>/uploads` unless {@link s3} is set.
   */
  dataDir: string;
  /** `S3_*`: uploaded files go to this S3-compatible bucket instead of `<dataDir>/uploads`. */
  s3?: S3StorageConfig;
  /**
   * `SECRETS_KEY` (issue 14): the key(s) sealing the settings' secrets, comma-separated (the first
   * seals); unset → `<dataDir>/secrets.key`, generated on first start (`settings/secrets.ts`).
   */
  secretsKey?: string | undefined;
  /** `APP_DIR`, resolved: the built marketplace served under `/plugins/` ({@link defaultAppDir}). */
  appDir?: string;
  /** `TRACKER_SCRIPT`, resolved: the tracker's script-tag build ({@link defaultTrackerScript}). */
  trackerScript?: string;
  /** `CATALOGUE_DIR`, resolved: folder with `plugins.json` and `zh.json` ({@link defaultCatalogueDir}). */
  catalogueDir: string;
  /** `IMPORT_CATALOGUE_ON_EMPTY`: import the catalogue when the database has no plugin. */
  importCatalogueOnEmpty: boolean;
  /** `READ_CACHE`: counts cached 5 s and whole answers 1 s in this process; off, every request reads the database. */
  readCache: boolean;
  /** `FRAME_ANCESTORS`: origins that may frame `/plugins/` besides this one (default none). */
  frameAncestors?: string[];
  /** `TRUST_PROXY`: Fastify's `trustProxy` (which proxies' `X-Forwarded-*` to believe; default false). */
  trustProxy?: boolean | string[];
  /** `HOST`. */
  host: string;
  /** `PORT`, 0–65535. */
  port: number;
  /** Fastify logger: `false`, `true`, or pino options; `LOG_LEVEL` sets the level (`silent` → false). */
  logger: boolean | LoggerOptions;
  /** `NODE_ENV === 'production'`: quiet logger, no request logging. */
  production: boolean;

  // Identity (issue 3). Optional so hand-built configs (tests) get the defaults of
  // `resolveIdentityConfig`; `loadConfig` sets every one of them.
  /** `JWT_SECRET`: HS256 key (≥ 32 bytes); unset → a random key kept in the database (`server_secret`). */
  jwtSecret?: string | undefined;
  /** `ACCESS_TOKEN_TTL`: access token lifetime, seconds. */
  accessTokenTtl?: number;
  /** `REFRESH_TOKEN_TTL`: refresh token lifetime, seconds. */
  refreshTokenTtl?: number;
  /** `LOGIN_CODE_TTL`: lifetime of a one-time login code, seconds. */
  loginCodeTtl?: number;
  /** `REDIRECT_ALLOWLIST`: origins a redirect_uri may point to ({@link defaultRedirectAllowlist}). */
  redirectAllowlist?: string[];
  /** `PRIVATE_LOGIN_CONFIG`: data of `GET /api/uc/config/private/standard/{product}`. */
  privateLoginConfig?: PrivateStandardConfig;
  /** `LOGIN_STORAGE`: 0 local, 1 session, 2 cookie, answered by `GET /api/pix/spaces/setting`. */
  loginStorage?: LoginStorage;
  /** `OAUTH_PROVIDERS`: OAuth2/OIDC providers for third-party sign-in. */
  oauthProviders?: OAuthProviderConfig[];
  /** Requests per minute: `RATE_LIMIT_SIGNIN`, `RATE_LIMIT_SIGNUP`, `RATE_LIMIT_CODE`; 0 turns a limit off. */
  rateLimits?: RateLimits;
  /** `ADMIN_EMAIL` (lower case): the administrator created on first start (unset: `admin@localhost`). */
  adminEmail?: string | undefined;
  /** `ADMIN_PASSWORD`: its password; unset → a random one, printed once. */
  adminPassword?: string | undefined;

  // Analytics collector (issue 4). Optional like the identity settings; see `resolveCollectorConfig`.
  /** `ANALYTICS_PROJECTS`: project names `POST /sa?project=` accepts besides the `AnalyticsProject` values. */
  analyticsProjects?: string[];
  /** `ANALYTICS_ALLOWED_ORIGINS`: origins whose trackers may send; empty → any origin (`*`, no credentials). */
  analyticsAllowedOrigins?: string[];
  /** `ANALYTICS_VISUAL_CONFIG`: answer of `GET /config/visualized/Web.conf`; unset → 205 "clear". */
  analyticsVisualConfig?: Record<string, unknown> | undefined;
  /** `ANALYTICS_DEEPLINKS`: `{ "<key>": { …params } }` answered by `GET /sdk/deeplink/param?key=`. */
  analyticsDeeplinks?: Record<string, Record<string, unknown>>;

  // Issue 14 (helper "banners"): contact QR codes and activities; unset → none.
  /** `CONTACT_QR_CODES`: answered by `GET /api/cmt/manager/qr-code/list` (see `curation/qrCodes.ts`). */
  contactQrCodes?: ContactQr[];
  /** `ACTIVITIES`: the activities of `GET /api/cmt/activity/activity/info` (see `curation/activityConfig.ts`). */
  activities?: ActivityConfig[];

  // Issue 15: the site variant.
  /**
   * `SITE_VARIANT`, `PRIVATE_DEPLOYMENT_TYPE`, `SITE_LOCALES`, `WORKBENCH_URL`, `COOKIE_CONSENT`
   * resolved by `resolveSiteConfig` (`site.ts`); unset → the domestic site.
   */
  site?: SiteConfig;
}

/**
 * Where uploaded files go when `S3_BUCKET` is set (`S3FileStorage`, `publishing/s3Storage.ts`):
 * an S3-compatible bucket, optionally under a key prefix.
 */
export interface S3StorageConfig {
  /** `S3_ENDPOINT`: the service URL (`http(s)://host[:port]`); unset → AWS S3 of {@link region}. */
  endpoint?: string;
  /** `S3_BUCKET`: the bucket, which must exist. */
  bucket: string;
  /** `S3_REGION` (default `us-east-1`): the signing region. */
  region: string;
  /** `S3_ACCESS_KEY_ID`. */
  accessKeyId: string;
  /** `S3_SECRET_ACCESS_KEY`. */
  secretAccessKey: string;
  /**
   * `S3_PREFIX`: prepended to every key; `''` (default) or a folder-like prefix ending in `/`
   * (`loadConfig` strips slashes around the value and appends one).
   */
  prefix: string;
  /** `S3_FORCE_PATH_STYLE`: `http://host/bucket/key` instead of `http://bucket.host/key` (MinIO, s3rver). */
  forcePathStyle: boolean;
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

/**
 * The S3 storage settings of an environment read by `readEnvironment`: undefined (local disk)
 * when `S3_BUCKET` is unset; else the bucket, endpoint, region, credentials, the prefix normalised
 * (slashes around it stripped, one `/` appended unless empty) and path style.
 *
 * @param v - the typed values of `readEnvironment`.
 * @throws ConfigError `S3_ACCESS_KEY_ID` / `S3_SECRET_ACCESS_KEY` when `S3_BUCKET` is set without
 *   it (uploads would otherwise fail at the first publish, not at start); `S3_PREFIX` with an
 *   empty, `.` or `..` segment (`a//b`, `a/../b`); `S3_ENDPOINT`,
 *   `S3_ACCESS_KEY_ID`, `S3_SECRET_ACCESS_KEY` or `S3_PREFIX` when set without `S3_BUCKET` (the
 *   files would silently stay on the local disk).
 */
export function resolveS3Config(v: ConfigEnvironment): S3StorageConfig | undefined {
  if (v.S3_BUCKET === undefined) {
    const stray = (['S3_ENDPOINT', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const).find(
      (name) => v[name] !== undefined,
    );
    const name = stray ?? (v.S3_PREFIX !== '' ? 'S3_PREFIX' : undefined);
    if (name)
      throw new ConfigError(name, 'is set but S3_BUCKET is not (set S3_BUCKET to store uploads in S3)');
    return undefined;
  }
  for (const name of ['S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const) {
    if (!v[name]) throw new ConfigError(name, 'is required when S3_BUCKET is set');
  }
  const trimmed = v.S3_PREFIX.replace(/^\/+|\/+$/g, '');
  if (trimmed !== '' && trimmed.split('/').some((part) => part === '' || part === '.' || part === '..'))
    throw new ConfigError('S3_PREFIX', 'must not contain empty, "." or ".." segments');
  const s3: S3StorageConfig = {
    bucket: v.S3_BUCKET,
    region: v.S3_REGION,
    accessKeyId: v.S3_ACCESS_KEY_ID!,
    secretAccessKey: v.S3_SECRET_ACCESS_KEY!,
    prefix: trimmed ? `${trimmed}/` : '',
    forcePathStyle: v.S3_FORCE_PATH_STYLE,
  };
  if (v.S3_ENDPOINT !== undefined) s3.endpoint = v.S3_ENDPOINT;
  return s3;
}

/**
 * Reads the server configuration from environment variables (12-factor style): every variable of
 * `CONFIG_SCHEMA` is read by its type, constraints and default (`readEnvironment`), then mapped
 * onto {@link ServerConfig}; paths are resolved against the working directory, and `LOG_LEVEL`,
 * `REDIRECT_ALLOWLIST`, `APP_DIR`, `TRACKER_SCRIPT` and `CATALOGUE_DIR` get their computed defaults.
 *
 * @param env - the environment, `process.env` by default.
 * @throws ConfigError naming the first variable (in schema order) whose value does not fit its
 *   schema: `PORT` not an integer in 0–65535, `DATABASE_URL` not a postgres URL, `LOG_LEVEL` not a
 *   pino level, a boolean flag that is not true/false, a blank `HOST`; identity: `JWT_SECRET`
 *   shorter than 32 bytes, a TTL or rate limit that is not a whole number in range,
 *   `REDIRECT_ALLOWLIST` entries that are not http(s) origins, `PRIVATE_LOGIN_CONFIG` /
 *   `OAUTH_PROVIDERS` not of their documented shape, `LOGIN_STORAGE` not 0–2, `ADMIN_EMAIL` not an
 *   email, `ADMIN_PASSWORD` shorter than 8; analytics: `ANALYTICS_PROJECTS` names outside
 *   `[A-Za-z0-9_-]{1,64}`, `ANALYTICS_ALLOWED_ORIGINS` entries that are not http(s) origins,
 *   `ANALYTICS_VISUAL_CONFIG` / `ANALYTICS_DEEPLINKS` not JSON objects of their documented shape;
 *   uploads: `S3_BUCKET` / `S3_ENDPOINT` / `S3_REGION` / `S3_PREFIX` of the wrong shape,
 *   `S3_FORCE_PATH_STYLE` not true/false; issue 14: `CONTACT_QR_CODES` / `ACTIVITIES` not JSON arrays
 *   of their documented shape (`curation/qrCodes.ts`, `curation/activityConfig.ts`), `SECRETS_KEY` not
 *   32-byte keys (base64 or 64 hex digits, comma-separated; the message never shows the value); then
 *   (see {@link resolveS3Config}) `S3_BUCKET` set without
 *   `S3_ACCESS_KEY_ID` or `S3_SECRET_ACCESS_KEY`, or other `S3_*` variables set without `S3_BUCKET`.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const v = readEnvironment(env);
  const production = v.NODE_ENV === 'production';
  const level: LoggerOptions['level'] = v.LOG_LEVEL ?? (production ? 'warn' : 'info');
  const appDir = v.APP_DIR ? resolve(v.APP_DIR) : defaultAppDir();
  const trackerScript = v.TRACKER_SCRIPT ? resolve(v.TRACKER_SCRIPT) : defaultTrackerScript();
  const config: ServerConfig = {
    dataDir: resolve(v.DATA_DIR),
    catalogueDir: resolve(v.CATALOGUE_DIR || defaultCatalogueDir()),
    importCatalogueOnEmpty: v.IMPORT_CATALOGUE_ON_EMPTY,
    readCache: v.READ_CACHE,
    frameAncestors: v.FRAME_ANCESTORS,
    trustProxy: v.TRUST_PROXY,
    host: v.HOST,
    port: v.PORT,
    logger: level === 'silent' ? false : { level },
    production,
    jwtSecret: v.JWT_SECRET,
    accessTokenTtl: v.ACCESS_TOKEN_TTL,
    refreshTokenTtl: v.REFRESH_TOKEN_TTL,
    loginCodeTtl: v.LOGIN_CODE_TTL,
    redirectAllowlist: v.REDIRECT_ALLOWLIST ?? defaultRedirectAllowlist(v.PORT),
    privateLoginConfig: v.PRIVATE_LOGIN_CONFIG,
    loginStorage: v.LOGIN_STORAGE as LoginStorage,
    oauthProviders: v.OAUTH_PROVIDERS,
    rateLimits: {
      signIn: v.RATE_LIMIT_SIGNIN,
      signUp: v.RATE_LIMIT_SIGNUP,
      codeExchange: v.RATE_LIMIT_CODE,
    },
    adminEmail: v.ADMIN_EMAIL,
    adminPassword: v.ADMIN_PASSWORD,
    analyticsProjects: v.ANALYTICS_PROJECTS,
    analyticsAllowedOrigins: v.ANALYTICS_ALLOWED_ORIGINS,
    analyticsVisualConfig: v.ANALYTICS_VISUAL_CONFIG,
    analyticsDeeplinks: v.ANALYTICS_DEEPLINKS,
    contactQrCodes: v.CONTACT_QR_CODES,
    activities: v.ACTIVITIES,
    site: resolveSiteConfig({
      variant: v.SITE_VARIANT,
      deploymentType: v.PRIVATE_DEPLOYMENT_TYPE,
      locales: v.SITE_LOCALES,
      workbenchUrl: v.WORKBENCH_URL,
      cookieConsent: v.COOKIE_CONSENT,
      product: v.SITE_PRODUCT,
    }),
  };
  if (v.DATABASE_URL !== undefined) config.databaseUrl = v.DATABASE_URL;
  if (v.SECRETS_KEY !== undefined) config.secretsKey = v.SECRETS_KEY;
  const s3 = resolveS3Config(v);
  if (s3) config.s3 = s3;
  if (appDir !== undefined) config.appDir = appDir;
  if (trackerScript !== undefined) config.trackerScript = trackerScript;
  return config;
}
