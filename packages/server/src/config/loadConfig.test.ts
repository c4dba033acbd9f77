import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseRedirectAllowlist } from './identity';
import { loadConfig } from './loadConfig';
import { defaultCatalogueDir } from './paths';
import { resolveCollectorConfig, resolveIdentityConfig, resolvePublishLimits } from './serverConfig';
import { ConfigError } from './values';

const S3_KEYS = { S3_ACCESS_KEY_ID: 'AKIAEXAMPLE', S3_SECRET_ACCESS_KEY: 'secret/key+' };

describe('loadConfig', () => {
  it('has the documented defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      dataDir: resolve('./data'),
      catalogueDir: defaultCatalogueDir(),
      importCatalogueOnEmpty: true,
      readCache: true,
      host: '0.0.0.0',
      port: 3000,
      production: false,
    });
    expect(config.databaseUrl).toBeUndefined();
    expect(config.s3).toBeUndefined();
    expect(config.metricsToken).toBeUndefined();
    expect(defaultCatalogueDir()).toMatch(/packages[\\/]server[\\/]catalogue$/);
  });

  it('reads the environment', () => {
    const config = loadConfig({
      PORT: '8080',
      HOST: '127.0.0.1',
      DATA_DIR: '/tmp/pc',
      DATABASE_URL: 'postgres://u@h:5432/db',
      APP_DIR: '/srv/app',
      IMPORT_CATALOGUE_ON_EMPTY: 'false',
      NODE_ENV: 'production',
      METRICS_TOKEN: ' 0123456789abcdef/+=._~- ',
    });
    expect(config).toMatchObject({
      metricsToken: '0123456789abcdef/+=._~-',
      port: 8080,
      host: '127.0.0.1',
      dataDir: '/tmp/pc',
      databaseUrl: 'postgres://u@h:5432/db',
      appDir: '/srv/app',
      importCatalogueOnEmpty: false,
      production: true,
      logger: { level: 'warn' },
    });
  });

  it('reads a read replica of the PostgreSQL primary, with the dashboards’ default lag', () => {
    const primary = 'postgres://u@primary:5432/db';
    const replica = 'postgres://u@replica:5432/db';
    expect(loadConfig({ DATABASE_URL: primary, DATABASE_REPLICA_URL: ` ${replica} ` })).toMatchObject({
      databaseUrl: primary,
      databaseReplicaUrl: replica,
      databaseReplicaMaxLagMs: 5000,
    });
    expect(
      loadConfig({ DATABASE_URL: primary, DATABASE_REPLICA_URL: replica, DATABASE_REPLICA_LAG_MS: '250' })
        .databaseReplicaMaxLagMs,
    ).toBe(250);
    expect(loadConfig({ DATABASE_URL: primary }).databaseReplicaUrl).toBeUndefined();
  });

  it('stores uploads in S3 when S3_BUCKET is set, with the documented defaults', () => {
    expect(loadConfig({ S3_BUCKET: 'plugin-center', ...S3_KEYS }).s3).toEqual({
      bucket: 'plugin-center',
      region: 'us-east-1',
      accessKeyId: 'AKIAEXAMPLE',
      secretAccessKey: 'secret/key+',
      prefix: '',
      forcePathStyle: false,
    });
    expect(
      loadConfig({
        S3_BUCKET: ' uploads ',
        S3_ENDPOINT: ' http://127.0.0.1:9000 ',
        S3_REGION: 'eu-central-1',
        S3_PREFIX: '/plugin-center/prod',
        S3_FORCE_PATH_STYLE: 'yes',
        ...S3_KEYS,
      }).s3,
    ).toEqual({
      bucket: 'uploads',
      endpoint: 'http://127.0.0.1:9000',
      region: 'eu-central-1',
      accessKeyId: 'AKIAEXAMPLE',
      secretAccessKey: 'secret/key+',
      prefix: 'plugin-center/prod/',
      forcePathStyle: true,
    });
    for (const [prefix, expected] of [
      ['plugin-center', 'plugin-center/'],
      ['plugin-center/', 'plugin-center/'],
      ['/', ''],
      ['', ''],
    ])
      expect(loadConfig({ S3_BUCKET: 'b', S3_PREFIX: prefix, ...S3_KEYS }).s3?.prefix).toBe(expected);
    // Path style and region alone do not ask for S3.
    expect(loadConfig({ S3_FORCE_PATH_STYLE: 'true', S3_REGION: 'eu-west-1' }).s3).toBeUndefined();
  });

  it('reads the notification e-mail settings: none without SMTP_URL', () => {
    expect(loadConfig({}).smtpUrl).toBeUndefined();
    const config = loadConfig({
      SMTP_URL: ' smtp://user:pass@mail.example.com:587 ',
      MAIL_FROM: 'Plugins <notify@example.com>',
      PUBLIC_URL: 'https://plugins.example.com/',
    });
    expect(config).toMatchObject({
      smtpUrl: 'smtp://user:pass@mail.example.com:587',
      mailFrom: 'Plugins <notify@example.com>',
      publicUrl: 'https://plugins.example.com',
    });
  });

  it.each([
    [{ PORT: 'abc' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ PORT: '-1' }, 'PORT'],
    [{ PORT: '80.5' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ WEB_CONCURRENCY: '0' }, 'WEB_CONCURRENCY'],
    [{ WEB_CONCURRENCY: '65' }, 'WEB_CONCURRENCY'],
    [{ WEB_CONCURRENCY: '2.5' }, 'WEB_CONCURRENCY'],
    [{ WEB_CONCURRENCY: '2\u0000' }, 'WEB_CONCURRENCY'],
    [{ WEB_CONCURRENCY: '9'.repeat(400) }, 'WEB_CONCURRENCY'],
    [{ PG_POOL_MAX: '0' }, 'PG_POOL_MAX'],
    [{ PG_POOL_MAX: 'ten' }, 'PG_POOL_MAX'],
    [{ PG_PREPARED_STATEMENTS: '-1' }, 'PG_PREPARED_STATEMENTS'],
    [{ PG_PREPARED_STATEMENTS: 'lots' }, 'PG_PREPARED_STATEMENTS'],
    [{ PG_PREPARED_STATEMENTS: '1.5' }, 'PG_PREPARED_STATEMENTS'],
    [{ PG_PREPARED_STATEMENTS: '9'.repeat(400) }, 'PG_PREPARED_STATEMENTS'],
    [{ PG_PARALLEL_WORKERS: '-1' }, 'PG_PARALLEL_WORKERS'],
    [{ PG_PARALLEL_WORKERS: 'two\u0000' }, 'PG_PARALLEL_WORKERS'],
    [{ PG_PARALLEL_WORKERS: '1025' }, 'PG_PARALLEL_WORKERS'],
    [{ DATABASE_URL: 'postgres://h/pc', DATABASE_REPLICA_URL: 'mysql://replica/pc' }, 'DATABASE_REPLICA_URL'],
    [
      { DATABASE_URL: 'postgres://h/pc', DATABASE_REPLICA_URL: 'postgres://r/pc\u0000' },
      'DATABASE_REPLICA_URL',
    ],
    // A replica without its primary: SQLite has none.
    [{ DATABASE_REPLICA_URL: 'postgres://replica/pc' }, 'DATABASE_REPLICA_URL'],
    [{ DATABASE_URL: 'postgres://h/pc', DATABASE_REPLICA_LAG_MS: '-1' }, 'DATABASE_REPLICA_LAG_MS'],
    [
      { DATABASE_URL: 'postgres://h/pc', DATABASE_REPLICA_LAG_MS: '9'.repeat(400) },
      'DATABASE_REPLICA_LAG_MS',
    ],
    [{ REDIS_URL: 'http://127.0.0.1:6379' }, 'REDIS_URL'],
    [{ REDIS_URL: 'redis://' }, 'REDIS_URL'],
    [{ REDIS_URL: 'redis://127.0.0.1:6379\u0000' }, 'REDIS_URL'],
    [{ REDIS_URL: 'redis://host name:6379' }, 'REDIS_URL'],
    [{ REDIS_KEY_PREFIX: 'p'.repeat(101) }, 'REDIS_KEY_PREFIX'],
    [{ ANALYTICS_RETENTION_DAYS: '-1' }, 'ANALYTICS_RETENTION_DAYS'],
    [{ ANALYTICS_RETENTION_DAYS: '1.5' }, 'ANALYTICS_RETENTION_DAYS'],
    [{ ANALYTICS_RETENTION_DAYS: '36501' }, 'ANALYTICS_RETENTION_DAYS'],
    [{ ANALYTICS_RETENTION_DAYS: '30\u0000' }, 'ANALYTICS_RETENTION_DAYS'],
    [{ WEBHOOK_RETENTION_DAYS: '-1' }, 'WEBHOOK_RETENTION_DAYS'],
    [{ WEBHOOK_RETENTION_DAYS: '2.5' }, 'WEBHOOK_RETENTION_DAYS'],
    [{ WEBHOOK_RETENTION_DAYS: '36501' }, 'WEBHOOK_RETENTION_DAYS'],
    [{ WEBHOOK_RETENTION_DAYS: '9'.repeat(400) }, 'WEBHOOK_RETENTION_DAYS'],
    [{ WEBHOOK_RETENTION_DAYS: '30\u0000' }, 'WEBHOOK_RETENTION_DAYS'],
    [{ WEBHOOK_RETENTION_DAYS: 'thirty' }, 'WEBHOOK_RETENTION_DAYS'],
    // More than one process needs PostgreSQL and Redis.
    [{ WEB_CONCURRENCY: '2' }, 'WEB_CONCURRENCY'],
    [{ WEB_CONCURRENCY: '2', DATABASE_URL: 'postgres://localhost/pc' }, 'WEB_CONCURRENCY'],
    [{ WEB_CONCURRENCY: '2', REDIS_URL: 'redis://127.0.0.1:6379' }, 'WEB_CONCURRENCY'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
    [{ SMTP_URL: 'http://mail.example.com' }, 'SMTP_URL'],
    [{ SMTP_URL: 'smtp://mail.example.com\u0000' }, 'SMTP_URL'],
    [{ SMTP_URL: 'smtp://host name:25' }, 'SMTP_URL'],
    [{ MAIL_FROM: 'x'.repeat(400) }, 'MAIL_FROM'],
    [{ PUBLIC_URL: 'plugins.example.com' }, 'PUBLIC_URL'],
    [{ PUBLIC_URL: 'https://plugins.example.com/path' }, 'PUBLIC_URL'],
    [{ PUBLIC_URL: 'https://a.example,https://b.example' }, 'PUBLIC_URL'],
    [{ IMPORT_CATALOGUE_ON_EMPTY: 'maybe' }, 'IMPORT_CATALOGUE_ON_EMPTY'],
    [{ HOST: ' ' }, 'HOST'],
    [{ JWT_SECRET: 'too short' }, 'JWT_SECRET'],
    [{ ACCESS_TOKEN_TTL: '0' }, 'ACCESS_TOKEN_TTL'],
    [{ ACCESS_TOKEN_TTL: '15m' }, 'ACCESS_TOKEN_TTL'],
    [{ REFRESH_TOKEN_TTL: '-5' }, 'REFRESH_TOKEN_TTL'],
    [{ LOGIN_CODE_TTL: '9999' }, 'LOGIN_CODE_TTL'],
    [{ REFRESH_REUSE_LEEWAY: '-1' }, 'REFRESH_REUSE_LEEWAY'],
    [{ REFRESH_REUSE_LEEWAY: '61' }, 'REFRESH_REUSE_LEEWAY'],
    [{ REFRESH_REUSE_LEEWAY: '1.5' }, 'REFRESH_REUSE_LEEWAY'],
    [{ REFRESH_REUSE_LEEWAY: '10s' }, 'REFRESH_REUSE_LEEWAY'],
    [{ REFRESH_REUSE_LEEWAY: '1e1' }, 'REFRESH_REUSE_LEEWAY'],
    [{ REFRESH_REUSE_LEEWAY: '10\u0000' }, 'REFRESH_REUSE_LEEWAY'],
    [{ REFRESH_REUSE_LEEWAY: '9'.repeat(400) }, 'REFRESH_REUSE_LEEWAY'],
    [{ REFRESH_REUSE_LEEWAY: 'off' }, 'REFRESH_REUSE_LEEWAY'],
    [{ REDIRECT_ALLOWLIST: 'example.com' }, 'REDIRECT_ALLOWLIST'],
    [{ REDIRECT_ALLOWLIST: 'https://example.com/path' }, 'REDIRECT_ALLOWLIST'],
    [{ REDIRECT_ALLOWLIST: 'javascript:alert(1)' }, 'REDIRECT_ALLOWLIST'],
    [{ REDIRECT_ALLOWLIST: 'https://user@example.com' }, 'REDIRECT_ALLOWLIST'],
    [{ PRIVATE_LOGIN_CONFIG: '{' }, 'PRIVATE_LOGIN_CONFIG'],
    [{ PRIVATE_LOGIN_CONFIG: '{"ldap":{"enable":"yes"}}' }, 'PRIVATE_LOGIN_CONFIG'],
    [{ LOGIN_STORAGE: '3' }, 'LOGIN_STORAGE'],
    [{ OAUTH_PROVIDERS: '{}' }, 'OAUTH_PROVIDERS'],
    [{ OAUTH_PROVIDERS: '[{"source":"x"}]' }, 'OAUTH_PROVIDERS'],
    [
      { OAUTH_PROVIDERS: '[{"source":"a b","issuer":"https://i","client_id":"c","client_secret":"s"}]' },
      'OAUTH_PROVIDERS',
    ],
    [{ RATE_LIMIT_SIGNIN: 'lots' }, 'RATE_LIMIT_SIGNIN'],
    [{ ADMIN_EMAIL: 'nobody' }, 'ADMIN_EMAIL'],
    [{ ADMIN_PASSWORD: 'short' }, 'ADMIN_PASSWORD'],
    [{ ANALYTICS_PROJECTS: 'ok,not ok' }, 'ANALYTICS_PROJECTS'],
    [{ ANALYTICS_ALLOWED_ORIGINS: 'docs.example.com' }, 'ANALYTICS_ALLOWED_ORIGINS'],
    [{ ANALYTICS_ALLOWED_ORIGINS: 'https://docs.example.com/path' }, 'ANALYTICS_ALLOWED_ORIGINS'],
    [{ ANALYTICS_VISUAL_CONFIG: '[1]' }, 'ANALYTICS_VISUAL_CONFIG'],
    [{ ANALYTICS_VISUAL_CONFIG: '{"version":{}}' }, 'ANALYTICS_VISUAL_CONFIG'],
    [{ ANALYTICS_VISUAL_CONFIG: '{' }, 'ANALYTICS_VISUAL_CONFIG'],
    [{ ANALYTICS_DEEPLINKS: '{"a":"b"}' }, 'ANALYTICS_DEEPLINKS'],
    [{ ANALYTICS_DEEPLINKS: '[]' }, 'ANALYTICS_DEEPLINKS'],
    [{ S3_BUCKET: 'a/b', S3_ACCESS_KEY_ID: 'k', S3_SECRET_ACCESS_KEY: 's' }, 'S3_BUCKET'],
    [{ S3_BUCKET: 'b', S3_ENDPOINT: 'minio:9000', ...S3_KEYS }, 'S3_ENDPOINT'],
    [{ S3_BUCKET: 'b', S3_ENDPOINT: 'ftp://minio', ...S3_KEYS }, 'S3_ENDPOINT'],
    [{ S3_BUCKET: 'b', S3_REGION: 'us east', ...S3_KEYS }, 'S3_REGION'],
    [{ S3_BUCKET: 'b', S3_PREFIX: 'a b/', ...S3_KEYS }, 'S3_PREFIX'],
    [{ S3_BUCKET: 'b', S3_PREFIX: 'a/../b', ...S3_KEYS }, 'S3_PREFIX'],
    [{ S3_BUCKET: 'b', S3_PREFIX: 'a//b', ...S3_KEYS }, 'S3_PREFIX'],
    [{ S3_BUCKET: 'b', S3_FORCE_PATH_STYLE: 'maybe', ...S3_KEYS }, 'S3_FORCE_PATH_STYLE'],
    [{ S3_BUCKET: 'b' }, 'S3_ACCESS_KEY_ID'],
    [{ S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'k' }, 'S3_SECRET_ACCESS_KEY'],
    [{ S3_BUCKET: 'b', S3_SECRET_ACCESS_KEY: 's' }, 'S3_ACCESS_KEY_ID'],
    [{ S3_BUCKET: 'b', S3_ACCESS_KEY_ID: ' ', S3_SECRET_ACCESS_KEY: 's' }, 'S3_ACCESS_KEY_ID'],
    [{ S3_ENDPOINT: 'http://minio:9000' }, 'S3_ENDPOINT'],
    [{ S3_ACCESS_KEY_ID: 'k', S3_SECRET_ACCESS_KEY: 's' }, 'S3_ACCESS_KEY_ID'],
    [{ S3_PREFIX: 'uploads/' }, 'S3_PREFIX'],
  ])('rejects %j naming %s', (env, variable) => {
    expect(() => loadConfig(env)).toThrowError(ConfigError);
    expect(() => loadConfig(env)).toThrowError(new RegExp(`^${variable}:`));
  });

  it.each([
    [{ PORT: '70000' }, 'PORT: expected an integer between 0 and 65535, got "70000"'],
    [{ PORT: ' ' }, 'PORT: expected an integer between 0 and 65535, got " "'],
    [{ LOGIN_CODE_TTL: '9999' }, 'LOGIN_CODE_TTL: expected an integer between 1 and 600, got "9999"'],
    [
      { REFRESH_REUSE_LEEWAY: '120' },
      'REFRESH_REUSE_LEEWAY: expected an integer between 0 and 60, got "120"',
    ],
    [
      { LOG_LEVEL: 'loud' },
      'LOG_LEVEL: expected one of fatal, error, warn, info, debug, trace, silent, got "loud"',
    ],
    [{ READ_CACHE: ' ' }, 'READ_CACHE: expected true or false, got " "'],
    [{ HOST: ' ' }, 'HOST: must not be empty'],
    ...['short-token', 'has spaces inside 0123456789', `${'t'.repeat(512)}x`].map(
      (token): [Record<string, string>, string] => [
        { METRICS_TOKEN: token },
        'METRICS_TOKEN: expected 16–512 characters of A–Z, a–z, 0–9 and . _ ~ + / = - (e.g. `openssl rand -hex 32`)',
      ],
    ),
    [
      { DATABASE_URL: 'mysql://x' },
      'DATABASE_URL: expected a postgres:// or postgresql:// URL (unset it to use SQLite)',
    ],
    [{ JWT_SECRET: 'x'.repeat(31) }, 'JWT_SECRET: must be at least 32 characters long'],
    [{ ADMIN_PASSWORD: '       ' }, 'ADMIN_PASSWORD: must be at least 8 characters long'],
    [{ PRIVATE_LOGIN_CONFIG: '{' }, 'PRIVATE_LOGIN_CONFIG: is not valid JSON'],
    [{ OAUTH_PROVIDERS: '[{"source":"x"}]' }, 'OAUTH_PROVIDERS: entry 0: issuer must be a non-empty string'],
    [
      { ANALYTICS_PROJECTS: 'ok,not ok' },
      'ANALYTICS_PROJECTS: "not ok" is not a project name ([A-Za-z0-9_-]{1,64})',
    ],
    [{ S3_BUCKET: 'uploads' }, 'S3_ACCESS_KEY_ID: is required when S3_BUCKET is set'],
    [
      { S3_ENDPOINT: 'http://minio:9000' },
      'S3_ENDPOINT: is set but S3_BUCKET is not (set S3_BUCKET to store uploads in S3)',
    ],
  ])('rejects %j with the message %s', (env, message) => {
    expect(() => loadConfig(env)).toThrowError(message);
    try {
      loadConfig(env);
    } catch (error) {
      expect((error as ConfigError).variable).toBe(message.slice(0, message.indexOf(':')));
    }
  });

  it('names the first invalid variable in schema order', () => {
    expect(() => loadConfig({ ANALYTICS_DEEPLINKS: '[]', JWT_SECRET: 'x', PORT: 'y' })).toThrowError(
      /^PORT:/,
    );
  });

  it('treats an empty variable as unset, and spaces as unset where the value is trimmed', () => {
    const empty = Object.fromEntries(
      [
        'PORT',
        'HOST',
        'LOG_LEVEL',
        'READ_CACHE',
        'JWT_SECRET',
        'ADMIN_PASSWORD',
        'DATA_DIR',
        'OAUTH_PROVIDERS',
      ].map((name) => [name, '']),
    );
    expect(loadConfig(empty)).toEqual(loadConfig({}));
    const spaces = { ACCESS_TOKEN_TTL: ' ', DATABASE_URL: '  ', REDIRECT_ALLOWLIST: ' ', ADMIN_EMAIL: ' ' };
    expect(loadConfig(spaces)).toEqual(loadConfig({}));
  });

  it('trims and lower-cases where documented, and keeps secrets and paths as given', () => {
    const config = loadConfig({
      PORT: ' 8080 ',
      LOG_LEVEL: ' DEBUG ',
      READ_CACHE: ' Off ',
      IMPORT_CATALOGUE_ON_EMPTY: 'yes',
      DATABASE_URL: ' POSTGRESQL://db/x ',
      JWT_SECRET: ` ${'é'.repeat(16)}`, // 33 bytes: the key length counts bytes
      ADMIN_PASSWORD: '😀😀😀😀', // 8 UTF-16 code units
      NODE_ENV: ' production',
    });
    expect(config).toMatchObject({
      port: 8080,
      logger: { level: 'debug' },
      readCache: false,
      importCatalogueOnEmpty: true,
      databaseUrl: 'POSTGRESQL://db/x',
      jwtSecret: ` ${'é'.repeat(16)}`,
      adminPassword: '😀😀😀😀',
      production: false,
    });
    expect(loadConfig({ LOG_LEVEL: 'silent' }).logger).toBe(false);
  });
});

describe('publishing limits', () => {
  it('have the documented defaults, also for a hand-built config', () => {
    const limits = { perHour: 10, pendingMax: 5, storageBytes: 200 * 1024 * 1024 };
    const config = loadConfig({});
    expect(config.publishLimits).toEqual(limits);
    expect(resolvePublishLimits({ ...config, publishLimits: undefined } as never)).toEqual(limits);
    expect(resolvePublishLimits({ ...config, publishLimits: { perHour: 0 } })).toEqual({
      ...limits,
      perHour: 0,
    });
  });

  it('read the environment (the quota in MiB), and refuse what is not a whole number', () => {
    const config = loadConfig({
      PUBLISH_RATE_LIMIT: '3',
      PUBLISH_PENDING_MAX: '0',
      PUBLISH_STORAGE_QUOTA_MB: '1',
    });
    expect(config.publishLimits).toEqual({ perHour: 3, pendingMax: 0, storageBytes: 1024 * 1024 });
    expect(() => loadConfig({ PUBLISH_STORAGE_QUOTA_MB: '1.5' })).toThrow(/PUBLISH_STORAGE_QUOTA_MB/);
    expect(() => loadConfig({ PUBLISH_RATE_LIMIT: '-1' })).toThrow(/PUBLISH_RATE_LIMIT/);
  });
});

describe('identity settings', () => {
  it('have the documented defaults', () => {
    const config = loadConfig({ PORT: '8080' });
    expect(config).toMatchObject({
      accessTokenTtl: 900,
      refreshTokenTtl: 2_592_000,
      refreshReuseLeeway: 10,
      loginCodeTtl: 60,
      redirectAllowlist: ['http://localhost:8080', 'http://127.0.0.1:8080'],
      privateLoginConfig: { password: { enable: true, logout_mode: 'default', logout_url: null } },
      loginStorage: 0,
      oauthProviders: [],
      rateLimits: { signIn: 10, signUp: 10, codeExchange: 30 },
    });
    expect(config.jwtSecret).toBeUndefined();
    expect(config.adminEmail).toBeUndefined();
    expect(config.adminPassword).toBeUndefined();
    // A hand-built config (tests) gets the same defaults.
    const { jwtSecret, adminEmail, adminPassword, ...defaults } = resolveIdentityConfig({
      ...config,
      accessTokenTtl: undefined,
      refreshReuseLeeway: undefined,
      redirectAllowlist: undefined,
      rateLimits: undefined,
    } as never);
    expect(defaults).toMatchObject({
      accessTokenTtl: 900,
      refreshReuseLeeway: 10,
      redirectAllowlist: ['http://localhost:8080', 'http://127.0.0.1:8080'],
      rateLimits: { signIn: 10, signUp: 10, codeExchange: 30 },
    });
  });

  it('read the environment', () => {
    const config = loadConfig({
      JWT_SECRET: 'x'.repeat(32),
      ACCESS_TOKEN_TTL: '60',
      REFRESH_TOKEN_TTL: '3600',
      REFRESH_REUSE_LEEWAY: '0',
      LOGIN_CODE_TTL: '30',
      REDIRECT_ALLOWLIST: 'https://Example.com, http://localhost:5173/',
      PRIVATE_LOGIN_CONFIG:
        '{"ldap":{"enable":true,"logout_mode":"redirect","logout_url":"https://sso/logout"}}',
      LOGIN_STORAGE: '2',
      OAUTH_PROVIDERS:
        '[{"source":"docs","issuer":"https://id.example","client_id":"c","client_secret":"s","allow_http":false}]',
      RATE_LIMIT_SIGNIN: '5',
      RATE_LIMIT_SIGNUP: '0',
      RATE_LIMIT_CODE: '100',
      ADMIN_EMAIL: 'Boss@Example.com',
      ADMIN_PASSWORD: 'long enough',
    });
    expect(config).toMatchObject({
      jwtSecret: 'x'.repeat(32),
      accessTokenTtl: 60,
      refreshTokenTtl: 3600,
      refreshReuseLeeway: 0,
      loginCodeTtl: 30,
      redirectAllowlist: ['https://example.com', 'http://localhost:5173'],
      privateLoginConfig: {
        ldap: { enable: true, logout_mode: 'redirect', logout_url: 'https://sso/logout' },
      },
      loginStorage: 2,
      oauthProviders: [
        {
          source: 'docs',
          issuer: 'https://id.example',
          client_id: 'c',
          client_secret: 's',
          allow_http: false,
        },
      ],
      rateLimits: { signIn: 5, signUp: 0, codeExchange: 100 },
      adminEmail: 'boss@example.com',
      adminPassword: 'long enough',
    });
  });

  it('normalise allowlist origins', () => {
    expect(parseRedirectAllowlist('https://a.example:443, http://b.example:80,,')).toEqual([
      'https://a.example',
      'http://b.example',
    ]);
  });
});

describe('analytics collector settings', () => {
  it('have the documented defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      analyticsProjects: [],
      analyticsAllowedOrigins: [],
      analyticsDeeplinks: {},
    });
    expect(config.analyticsVisualConfig).toBeUndefined();
    expect(resolveCollectorConfig(config)).toEqual({
      projects: ['production', 'oversea_production', 'default'],
      allowedOrigins: [],
      visualConfig: null,
      deeplinks: {},
      retentionDays: 0,
    });
    // A hand-built config (tests) gets the same.
    expect(resolveCollectorConfig({ ...config, analyticsProjects: undefined } as never).projects).toEqual([
      'production',
      'oversea_production',
      'default',
    ]);
  });

  it('read the environment', () => {
    const config = loadConfig({
      ANALYTICS_PROJECTS: 'staging, default ,,docs_site',
      ANALYTICS_ALLOWED_ORIGINS: 'https://Docs.Example.com, http://localhost:5173/',
      ANALYTICS_VISUAL_CONFIG: '{"version":3,"os":"Web","events":[]}',
      ANALYTICS_DEEPLINKS: '{"summer":{"utm_source":"mail"}}',
      ANALYTICS_RETENTION_DAYS: '400',
      WEBHOOK_RETENTION_DAYS: '7',
    });
    expect(config.webhookRetentionDays).toBe(7);
    expect(loadConfig({}).webhookRetentionDays).toBe(30);
    expect(loadConfig({ WEBHOOK_RETENTION_DAYS: ' 0 ' }).webhookRetentionDays).toBe(0);
    expect(config).toMatchObject({
      analyticsProjects: ['staging', 'default', 'docs_site'],
      analyticsAllowedOrigins: ['https://docs.example.com', 'http://localhost:5173'],
      analyticsVisualConfig: { version: 3, os: 'Web', events: [] },
      analyticsDeeplinks: { summer: { utm_source: 'mail' } },
      analyticsRetentionDays: 400,
    });
    expect(resolveCollectorConfig(config).retentionDays).toBe(400);
    expect(resolveCollectorConfig(config).projects).toEqual([
      'production',
      'oversea_production',
      'default',
      'staging',
      'docs_site',
    ]);
  });
});

describe('site variant', () => {
  it('defaults to the domestic site', () => {
    expect(loadConfig({}).site).toEqual({
      variant: 'domestic',
      deploymentType: null,
      locales: ['zh-CN', 'en-US'],
      workbenchUrl: null,
      cookieConsent: false,
      showLogin: true,
      signInUrl: null,
      product: 'pixso',
      links: {
        hostOrigin: null,
        menus: ['products', 'resources', 'hotPicks', 'pricing', 'help'],
        custom: null,
      },
      analyticsProject: 'production',
    });
  });

  it("picks the marketplace's collector project by deployment (SPEC §9), ANALYTICS_PROJECT overriding", () => {
    const project = (env: Record<string, string>) => loadConfig(env).site?.analyticsProject;
    expect(project({})).toBe('production');
    expect(project({ SITE_VARIANT: 'desktop' })).toBe('production');
    expect(project({ SITE_VARIANT: 'overseas' })).toBe('oversea_production');
    expect(project({ SITE_VARIANT: 'private' })).toBe('default');
    expect(project({ ANALYTICS_PROJECT: ' default ' })).toBe('default');
    expect(project({ SITE_VARIANT: 'overseas', ANALYTICS_PROJECT: 'production' })).toBe('production');
    expect(project({ ANALYTICS_PROJECTS: 'staging', ANALYTICS_PROJECT: 'staging' })).toBe('staging');
    // a project the collector would refuse (400) is refused at start
    for (const env of [
      { ANALYTICS_PROJECT: 'staging' },
      { ANALYTICS_PROJECT: 'pro duction' },
      { ANALYTICS_PROJECT: 'x'.repeat(65) },
      { ANALYTICS_PROJECT: 'a\u0000b' },
    ]) {
      expect(() => loadConfig(env), JSON.stringify(env)).toThrowError(/^ANALYTICS_PROJECT:/);
    }
  });

  it('reads SITE_VARIANT, PRIVATE_DEPLOYMENT_TYPE, SITE_LOCALES (cookie values too), WORKBENCH_URL, COOKIE_CONSENT', () => {
    expect(loadConfig({ SITE_VARIANT: ' Overseas ' }).site).toMatchObject({
      variant: 'overseas',
      locales: ['en-US', 'ja-JP', 'ko-KR', 'ru-RU', 'es-ES'],
      cookieConsent: true,
    });
    expect(
      loadConfig({
        SITE_VARIANT: 'private',
        PRIVATE_DEPLOYMENT_TYPE: 'kdxf',
        SITE_LOCALES: 'jp, ja-JP,en',
        WORKBENCH_URL: 'https://design.example.com/app',
        COOKIE_CONSENT: 'yes',
        SITE_PRODUCT: ' Acme-Design ',
      }).site,
    ).toEqual({
      variant: 'private',
      deploymentType: 'kdxf',
      locales: ['ja-JP', 'en-US'],
      workbenchUrl: 'https://design.example.com/app',
      cookieConsent: true,
      showLogin: true,
      signInUrl: null,
      product: 'acme-design',
      links: {
        hostOrigin: null,
        menus: ['products', 'resources', 'hotPicks', 'pricing', 'help'],
        custom: null,
      },
      analyticsProject: 'default',
    });
    expect(
      loadConfig({ SITE_VARIANT: 'private', PRIVATE_DEPLOYMENT_TYPE: 'hwdc', WORKBENCH_URL: '/app' }).site,
    ).toMatchObject({
      showLogin: false,
      workbenchUrl: null,
    });
    // the host's sign-in page: an http(s) URL as given, a path on the host origin
    expect(
      loadConfig({
        SITE_VARIANT: 'private',
        PRIVATE_DEPLOYMENT_TYPE: 'hwdc',
        SITE_SIGN_IN_URL: ' https://design.example.com/sign-in?x=1 ',
      }).site,
    ).toMatchObject({ showLogin: false, signInUrl: 'https://design.example.com/sign-in?x=1' });
    expect(
      loadConfig({
        SITE_VARIANT: 'private',
        PRIVATE_DEPLOYMENT_TYPE: 'hwdc',
        SITE_HOST_ORIGIN: 'https://design.example.com',
        SITE_SIGN_IN_URL: '/sign-in',
      }).site?.signInUrl,
    ).toBe('https://design.example.com/sign-in');
    expect(
      loadConfig({ SITE_VARIANT: 'private', PRIVATE_DEPLOYMENT_TYPE: 'hwdc' }).site?.signInUrl,
    ).toBeNull();
    // a deployment type outside a private deployment means nothing
    expect(loadConfig({ PRIVATE_DEPLOYMENT_TYPE: 'hwdc' }).site).toMatchObject({
      deploymentType: null,
      showLogin: true,
    });
  });

  it.each([
    ['SITE_VARIANT', 'intranet'],
    ['SITE_VARIANT', '  '],
    ['PRIVATE_DEPLOYMENT_TYPE', 'aws'],
    ['SITE_LOCALES', 'fr'],
    ['SITE_LOCALES', ', ,'],
    ['WORKBENCH_URL', 'javascript:alert(1)'],
    ['WORKBENCH_URL', 'app'],
    ['WORKBENCH_URL', '//evil.example/app'],
    ['SITE_SIGN_IN_URL', 'javascript:alert(1)'],
    ['SITE_SIGN_IN_URL', '//evil.example/sign-in'],
    ['SITE_SIGN_IN_URL', 'sign\u0000in'],
    ['SITE_SIGN_IN_URL', '/sign-in'],
    ['COOKIE_CONSENT', 'maybe'],
    ['SITE_PRODUCT', '../admin'],
    ['SITE_PRODUCT', 'a'.repeat(41)],
    ['SITE_PRODUCT', '-pixso'],
  ])('refuses %s=%j naming the variable', (variable, value) => {
    expect(() => loadConfig({ [variable]: value })).toThrow(new RegExp(variable));
  });
});
