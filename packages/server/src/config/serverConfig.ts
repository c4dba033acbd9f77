/**
 * {@link ServerConfig}, everything the server needs to start, and the views of it that the
 * domains take with every default applied ({@link resolveIdentityConfig},
 * {@link resolveCollectorConfig}). `loadConfig` (`loadConfig.ts`) builds it from the environment;
 * tests build it by hand.
 */
import type { SiteConfig } from '@plugin-center/contract';
import {
  AnalyticsProject,
  type ContactQr,
  type LoginStorage,
  type PrivateStandardConfig,
} from '@plugin-center/contract/schemas';
import type { CollectorConfig } from './analytics';
import type { ActivityConfig } from './curation';
import type { CustomSsoConfig } from './customSso';
import {
  defaultRedirectAllowlist,
  IDENTITY_DEFAULTS,
  type IdentityConfig,
  type OAuthProviderConfig,
  type RateLimits,
} from './identity';
import type { LdapConfig } from './ldap';
import { DEFAULT_MAIL_FROM, type MailConfig } from './mail';
import type { MirrorConfig } from './mirror';
import type { OidcConfig } from './oidc';
import { PUBLISH_DEFAULTS, type PublishLimits } from './publishing';
import type { SamlConfig } from './saml';
import type { LoggerOptions } from './server';
import type { S3StorageConfig } from './storage';

/**
 * Everything the server needs to start; build it with `loadConfig` or by hand (tests). Each
 * field names the environment variable it comes from; what the variable means, its default and its
 * constraints are in `CONFIG_SCHEMA` (`schema.ts` and the area modules), which also renders `--help` and the
 * tables of `docs/deployment.md`.
 */
export interface ServerConfig {
  /** `DATABASE_URL`: a `postgres://` / `postgresql://` URL selects PostgreSQL; absent → SQLite. */
  databaseUrl?: string;
  /** `DATABASE_REPLICA_URL`: a streaming replica of `databaseUrl` for public reads (`db/readReplica.ts`). */
  databaseReplicaUrl?: string;
  /** `DATABASE_REPLICA_LAG_MS`: the replica's staleness the dashboards accept, ms (default 5000). */
  databaseReplicaMaxLagMs?: number;
  /**
   * `DATA_DIR`, resolved against the working directory; SQLite file `<dataDir>/plugin-center.db`,
   * uploaded files in `<dataDir>/uploads` unless {@link s3} is set.
   */
  dataDir: string;
  /** `S3_*`: uploaded files go to this S3-compatible bucket instead of `<dataDir>/uploads`. */
  s3?: S3StorageConfig;
  /**
   * `SECRETS_KEY`: the key(s) sealing the settings' secrets, comma-separated (the first
   * seals); unset → `<dataDir>/secrets.key`, generated on first start (`settings/secrets.ts`).
   */
  secretsKey?: string | undefined;
  /** `APP_DIR`, resolved: the built marketplace served under `/plugins/` (`defaultAppDir`, `paths.ts`). */
  appDir?: string;
  /** `TRACKER_SCRIPT`, resolved: the tracker's script-tag build (`defaultTrackerScript`). */
  trackerScript?: string;
  /** `CATALOGUE_DIR`, resolved: folder with `plugins.json` and `zh.json` (`defaultCatalogueDir`). */
  catalogueDir: string;
  /** `IMPORT_CATALOGUE_ON_EMPTY`: import the catalogue when the database has no plugin. */
  importCatalogueOnEmpty: boolean;
  /** `READ_CACHE`: counts cached 5 s and whole answers 1 s in this process; off, every request reads the database. */
  readCache: boolean;
  /** `FRAME_ANCESTORS`: origins that may frame `/plugins/` besides this one (default none). */
  frameAncestors?: string[];
  /**
   * `REDIS_URL`: the Redis several processes on one database share (invalidation, rate limits;
   * `shared/coordination.ts`); unset → every process keeps its own.
   */
  redisUrl?: string | undefined;
  /** `REDIS_KEY_PREFIX`: prefix of the Redis keys and channels (default `plugin-center:`). */
  redisKeyPrefix?: string;
  /** `TRUST_PROXY`: Fastify's `trustProxy` (which proxies' `X-Forwarded-*` to believe; default false). */
  trustProxy?: boolean | string[];
  /** `HOST`. */
  host: string;
  /** `PORT`, 0–65535. */
  port: number;
  /** `WEB_CONCURRENCY`: server processes `plugin-center start` runs (`cluster.ts`; default 1). */
  webConcurrency?: number;
  /** Fastify logger: `false`, `true`, or pino options; `LOG_LEVEL` sets the level (`silent` → false). */
  logger: boolean | LoggerOptions;
  /** `NODE_ENV === 'production'`: quiet logger, no request logging. */
  production: boolean;
  /**
   * `METRICS_TOKEN`: the bearer token of `GET /metrics` (`metrics.ts`); unset → the route answers
   * 404 and no metric is kept.
   */
  metricsToken?: string | undefined;
  /**
   * Mirroring (docs/mirroring.md): the upstream this deployment pulls from (`UPSTREAM_URL` …);
   * undefined when it is not a mirror.
   */
  mirror?: MirrorConfig | undefined;
  /** `MIRROR_FEED_TOKEN`: the bearer token the mirroring feed asks for; undefined: the feed is public. */
  mirrorFeedToken?: string | undefined;

  /**
   * Per-account publishing limits: `PUBLISH_RATE_LIMIT` (per hour), `PUBLISH_PENDING_MAX`,
   * `PUBLISH_STORAGE_QUOTA_MB` (here in bytes); 0 turns a limit off. Unset fields take
   * `PUBLISH_DEFAULTS` (`resolvePublishLimits`).
   */
  publishLimits?: Partial<PublishLimits>;

  // Identity. Optional so hand-built configs (tests) get the defaults of
  // `resolveIdentityConfig`; `loadConfig` sets every one of them.
  /** `JWT_SECRET`: HS256 key (≥ 32 bytes); unset → random keys kept sealed in the database (`identity/signingKeys.ts`). */
  jwtSecret?: string | undefined;
  /** `JWT_SECRET_PREVIOUS`: the former `JWT_SECRET`, still verifying while it is replaced. */
  jwtSecretPrevious?: string | undefined;
  /** `ACCESS_TOKEN_TTL`: access token lifetime, seconds. */
  accessTokenTtl?: number;
  /** `REFRESH_TOKEN_TTL`: refresh token lifetime, seconds. */
  refreshTokenTtl?: number;
  /** `REFRESH_REUSE_LEEWAY`: seconds after its rotation a rotated refresh token still refreshes; 0 = off. */
  refreshReuseLeeway?: number;
  /** `LOGIN_CODE_TTL`: lifetime of a one-time login code, seconds. */
  loginCodeTtl?: number;
  /** `REDIRECT_ALLOWLIST`: origins a redirect_uri may point to (`defaultRedirectAllowlist`). */
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
  /** `SAML_*`: SAML 2.0 sign-in; absent when SAML is not configured (`config/saml.ts`). */
  saml?: SamlConfig;

  // Analytics collector. Optional like the identity settings; see `resolveCollectorConfig`.
  /** `ANALYTICS_PROJECTS`: project names `POST /sa?project=` accepts besides the `AnalyticsProject` values. */
  analyticsProjects?: string[];
  /** `ANALYTICS_ALLOWED_ORIGINS`: origins whose trackers may send; empty → any origin (`*`, no credentials). */
  analyticsAllowedOrigins?: string[];
  /** `ANALYTICS_VISUAL_CONFIG`: answer of `GET /config/visualized/Web.conf`; unset → 205 "clear". */
  analyticsVisualConfig?: Record<string, unknown> | undefined;
  /** `ANALYTICS_DEEPLINKS`: `{ "<key>": { …params } }` answered by `GET /sdk/deeplink/param?key=`. */
  analyticsDeeplinks?: Record<string, Record<string, unknown>>;
  /** `ANALYTICS_RETENTION_DAYS`: days of analytics events kept; 0 or unset → forever. */
  analyticsRetentionDays?: number;
  /**
   * `WEBHOOK_RETENTION_DAYS`: days a delivered or failed webhook delivery stays in the log;
   * 0 → forever; unset → 30 (`config/webhooks.ts`).
   */
  webhookRetentionDays?: number;

  // Notification e-mail (`config/mail.ts`).
  /** `SMTP_URL`: where notification e-mail is sent through; unset → no e-mail, notifications only in the app. */
  smtpUrl?: string | undefined;
  /** `MAIL_FROM`: the sender of notification e-mail (default `DEFAULT_MAIL_FROM`). */
  mailFrom?: string;
  /** `PUBLIC_URL`: the origin of the e-mails' links (default `http://localhost:<port>`). */
  publicUrl?: string | undefined;

  // Contact QR codes and activities; unset → none.
  /** `CONTACT_QR_CODES`: answered by `GET /api/cmt/manager/qr-code/list` (see `curation.ts`). */
  contactQrCodes?: ContactQr[];
  /** `ACTIVITIES`: the activities of `GET /api/cmt/activity/activity/info` (see `curation.ts`). */
  activities?: ActivityConfig[];

  // The site variant.
  /**
   * `SITE_VARIANT`, `PRIVATE_DEPLOYMENT_TYPE`, `SITE_LOCALES`, `WORKBENCH_URL`, `COOKIE_CONSENT`
   * resolved by `resolveSiteConfig` (`src/site.ts`); unset → the domestic site.
   */
  site?: SiteConfig;

  // Directory sign-in methods (SPEC §1 private deployments); each present exactly when configured.
  /** `LDAP_*`: LDAP sign-in (`config/ldap.ts`). */
  ldap?: LdapConfig;
  // Directory sign-in methods: each present exactly when configured.
  /** `OIDC_*`: OpenID Connect with the deployment's provider (`config/oidc.ts`); unset without `OIDC_ISSUER`. */
  oidc?: OidcConfig;
  /** `CUSTOM_SSO_*`: the company's own sign-in system (`config/customSso.ts`); unset without `CUSTOM_SSO_LOGIN_URL`. */
  customSso?: CustomSsoConfig;
}

/** {@link IdentityConfig} of `config`, defaults filled in. */
export function resolveIdentityConfig(config: ServerConfig): IdentityConfig {
  return {
    jwtSecret: config.jwtSecret,
    jwtSecretPrevious: config.jwtSecretPrevious,
    accessTokenTtl: config.accessTokenTtl ?? IDENTITY_DEFAULTS.accessTokenTtl,
    refreshTokenTtl: config.refreshTokenTtl ?? IDENTITY_DEFAULTS.refreshTokenTtl,
    refreshReuseLeeway: config.refreshReuseLeeway ?? IDENTITY_DEFAULTS.refreshReuseLeeway,
    loginCodeTtl: config.loginCodeTtl ?? IDENTITY_DEFAULTS.loginCodeTtl,
    redirectAllowlist: config.redirectAllowlist ?? defaultRedirectAllowlist(config.port),
    privateLoginConfig: config.privateLoginConfig ?? structuredClone(IDENTITY_DEFAULTS.privateLoginConfig),
    loginStorage: config.loginStorage ?? IDENTITY_DEFAULTS.loginStorage,
    oauthProviders: config.oauthProviders ?? [],
    rateLimits: { ...IDENTITY_DEFAULTS.rateLimits, ...config.rateLimits },
    adminEmail: config.adminEmail,
    adminPassword: config.adminPassword,
    ...(config.ldap ? { ldap: config.ldap } : {}),
    ...(config.saml ? { saml: config.saml } : {}),
    ...(config.oidc ? { oidc: config.oidc } : {}),
    ...(config.customSso ? { customSso: config.customSso } : {}),
  };
}

/** The per-account publishing limits of `config`, defaults filled in. */
export function resolvePublishLimits(config: ServerConfig): PublishLimits {
  return { ...PUBLISH_DEFAULTS, ...config.publishLimits };
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
    retentionDays: config.analyticsRetentionDays ?? 0,
  };
}

/** The notification e-mail settings of `config`, or undefined without `SMTP_URL` (no e-mail). */
export function resolveMailConfig(config: ServerConfig): MailConfig | undefined {
  if (!config.smtpUrl) return undefined;
  return {
    smtpUrl: config.smtpUrl,
    from: config.mailFrom ?? DEFAULT_MAIL_FROM,
    publicUrl: config.publicUrl ?? `http://localhost:${config.port || 3000}`,
  };
}
