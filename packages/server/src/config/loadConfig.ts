/**
 * {@link loadConfig}: the server configuration from environment variables, read by the schema
 * (`readEnvironment`) and mapped onto {@link ServerConfig}.
 */
import { resolve } from 'node:path';
import type { CustomHeaderMenus, HeaderPart } from '@plugin-center/contract';
import { AnalyticsProject } from '@plugin-center/contract';
import type { LoginStorage } from '@plugin-center/contract/schemas';
import { resolveSiteConfig } from '../site';
import { resolveCustomSsoConfig } from './customSso';
import { defaultRedirectAllowlist } from './identity';
import { resolveLdapConfig } from './ldap';
import { resolveOidcConfig } from './oidc';
import { defaultAppDir, defaultCatalogueDir, defaultTrackerScript } from './paths';
import { MIB } from './publishing';
import { resolveSamlConfig } from './saml';
import { type ConfigEnvironment, readEnvironment } from './schema';
import type { LoggerOptions } from './server';
import type { ServerConfig } from './serverConfig';
import type { S3StorageConfig } from './storage';
import { ConfigError } from './values';

/**
 * `ANALYTICS_PROJECT` when set: the marketplace's tracker posts there, so it must be a project the
 * collector accepts (an `AnalyticsProject` value or one of `ANALYTICS_PROJECTS`).
 *
 * @throws ConfigError `ANALYTICS_PROJECT` naming another project (every post would be refused with 400).
 */
function acceptedProject(v: ConfigEnvironment): string | undefined {
  const project = v.ANALYTICS_PROJECT;
  if (project === undefined) return undefined;
  const accepted = [...Object.values(AnalyticsProject), ...v.ANALYTICS_PROJECTS] as string[];
  if (!accepted.includes(project)) {
    throw new ConfigError(
      'ANALYTICS_PROJECT',
      `${JSON.stringify(project)} is not a project the collector accepts (${accepted.join(', ')}; add it to ANALYTICS_PROJECTS)`,
    );
  }
  return project;
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
 *   pino level, a boolean flag that is not true/false, a blank `HOST`, a `METRICS_TOKEN` that is
 *   not 16–512 token characters (the message never shows it); identity: `JWT_SECRET` shorter than
 *   32 bytes, a TTL or rate limit that is not a whole number in range,
 *   `REDIRECT_ALLOWLIST` entries that are not http(s) origins, `PRIVATE_LOGIN_CONFIG` /
 *   `OAUTH_PROVIDERS` not of their documented shape, `LOGIN_STORAGE` not 0–2, `ADMIN_EMAIL` not an
 *   email, `ADMIN_PASSWORD` shorter than 8; analytics: `ANALYTICS_PROJECTS` names outside
 *   `[A-Za-z0-9_-]{1,64}`, `ANALYTICS_PROJECT` not one of the accepted projects, `ANALYTICS_ALLOWED_ORIGINS` entries that are
 *   not http(s) origins,
 *   `ANALYTICS_VISUAL_CONFIG` / `ANALYTICS_DEEPLINKS` not JSON objects of their documented shape;
 *   publishing: a `PUBLISH_*` limit that is not a whole number in range;
 *   uploads: `S3_BUCKET` / `S3_ENDPOINT` / `S3_REGION` / `S3_PREFIX` of the wrong shape,
 *   `S3_FORCE_PATH_STYLE` not true/false; `CONTACT_QR_CODES` / `ACTIVITIES` not JSON arrays
 *   of their documented shape (`curation.ts`), `SECRETS_KEY` not
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
    webConcurrency: v.WEB_CONCURRENCY,
    logger: level === 'silent' ? false : { level },
    production,
    jwtSecret: v.JWT_SECRET,
    jwtSecretPrevious: v.JWT_SECRET_PREVIOUS,
    accessTokenTtl: v.ACCESS_TOKEN_TTL,
    refreshTokenTtl: v.REFRESH_TOKEN_TTL,
    refreshReuseLeeway: v.REFRESH_REUSE_LEEWAY,
    loginCodeTtl: v.LOGIN_CODE_TTL,
    redirectAllowlist: v.REDIRECT_ALLOWLIST ?? defaultRedirectAllowlist(v.PORT),
    privateLoginConfig: v.PRIVATE_LOGIN_CONFIG,
    loginStorage: v.LOGIN_STORAGE as LoginStorage,
    oauthProviders: v.OAUTH_PROVIDERS,
    publishLimits: {
      perHour: v.PUBLISH_RATE_LIMIT,
      pendingMax: v.PUBLISH_PENDING_MAX,
      storageBytes: v.PUBLISH_STORAGE_QUOTA_MB * MIB,
    },
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
    analyticsRetentionDays: v.ANALYTICS_RETENTION_DAYS,
    webhookRetentionDays: v.WEBHOOK_RETENTION_DAYS,
    contactQrCodes: v.CONTACT_QR_CODES,
    activities: v.ACTIVITIES,
    site: resolveSiteConfig({
      variant: v.SITE_VARIANT,
      deploymentType: v.PRIVATE_DEPLOYMENT_TYPE,
      locales: v.SITE_LOCALES,
      workbenchUrl: v.WORKBENCH_URL,
      signInUrl: v.SITE_SIGN_IN_URL,
      cookieConsent: v.COOKIE_CONSENT,
      product: v.SITE_PRODUCT,
      hostOrigin: v.SITE_HOST_ORIGIN,
      headerMenus: v.SITE_HEADER_MENUS as HeaderPart[],
      headerMenuFile: v.SITE_HEADER_MENU_FILE as CustomHeaderMenus | undefined,
      analyticsProject: acceptedProject(v),
    }),
  };
  if (v.DATABASE_URL !== undefined) config.databaseUrl = v.DATABASE_URL;
  if (v.DATABASE_REPLICA_URL !== undefined) {
    if (v.DATABASE_URL === undefined) {
      throw new ConfigError(
        'DATABASE_REPLICA_URL',
        'a read replica needs DATABASE_URL (its PostgreSQL primary): SQLite has no replica',
      );
    }
    config.databaseReplicaUrl = v.DATABASE_REPLICA_URL;
    config.databaseReplicaMaxLagMs = v.DATABASE_REPLICA_LAG_MS;
  }
  if (v.SECRETS_KEY !== undefined) config.secretsKey = v.SECRETS_KEY;
  if (v.METRICS_TOKEN !== undefined) config.metricsToken = v.METRICS_TOKEN;
  if (v.SMTP_URL !== undefined) config.smtpUrl = v.SMTP_URL;
  if (v.MAIL_FROM !== undefined) config.mailFrom = v.MAIL_FROM;
  if (v.PUBLIC_URL !== undefined) config.publicUrl = v.PUBLIC_URL as string;
  // Mirroring: an upstream to pull from, and the token of this server's own feed.
  const allowlist =
    v.MIRROR_ALLOW_KEYS.length + v.MIRROR_ALLOW_TAGS.length + v.MIRROR_ALLOW_PUBLISHERS.length > 0;
  if (v.UPSTREAM_TOKEN !== undefined && v.UPSTREAM_URL === undefined)
    throw new ConfigError('UPSTREAM_TOKEN', 'a token of an upstream needs UPSTREAM_URL');
  if (v.UPSTREAM_URL !== undefined || allowlist) {
    config.mirror = {
      upstream: v.UPSTREAM_URL,
      token: v.UPSTREAM_TOKEN,
      allowKeys: v.MIRROR_ALLOW_KEYS,
      allowTags: v.MIRROR_ALLOW_TAGS,
      allowPublishers: v.MIRROR_ALLOW_PUBLISHERS,
      intervalMinutes: v.UPSTREAM_URL === undefined ? 0 : v.MIRROR_PULL_MINUTES,
    };
  }
  if (v.MIRROR_FEED_TOKEN !== undefined) config.mirrorFeedToken = v.MIRROR_FEED_TOKEN;
  if (v.REDIS_URL !== undefined) config.redisUrl = v.REDIS_URL;
  if (v.REDIS_KEY_PREFIX !== undefined) config.redisKeyPrefix = v.REDIS_KEY_PREFIX;
  const s3 = resolveS3Config(v);
  if (s3) config.s3 = s3;
  if (appDir !== undefined) config.appDir = appDir;
  if (trackerScript !== undefined) config.trackerScript = trackerScript;
  // SAML 2.0 sign-in.
  const saml = resolveSamlConfig(v);
  if (saml) config.saml = saml;
  // OpenID Connect (the deployment's provider): present when OIDC_ISSUER is set.
  const oidc = resolveOidcConfig(v);
  if (oidc) config.oidc = oidc;
  // Custom SSO (the company's own system): present when CUSTOM_SSO_LOGIN_URL is set.
  const customSso = resolveCustomSsoConfig(v);
  if (customSso) config.customSso = customSso;
  if (v.WEB_CONCURRENCY > 1 && v.DATABASE_URL === undefined) {
    throw new ConfigError(
      'WEB_CONCURRENCY',
      "more than 1 process needs DATABASE_URL (PostgreSQL): SQLite is one process's database",
    );
  }
  if (v.WEB_CONCURRENCY > 1 && v.REDIS_URL === undefined) {
    throw new ConfigError(
      'WEB_CONCURRENCY',
      'more than 1 process needs REDIS_URL: the processes share rate limits, invalidation and sign-outs through it',
    );
  }
  // Directory sign-in methods
  const ldap = resolveLdapConfig(v);
  if (ldap) config.ldap = ldap;
  return config;
}
