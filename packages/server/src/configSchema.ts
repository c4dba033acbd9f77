/**
 * Every environment variable the server reads, described once as a TypeBox (JSON Schema) object:
 * type, default, constraints, and the keywords of {@link VariableKeywords} (group, one-line
 * summary for `plugin-center --help`, the docs table's text, how the text is read).
 * `readEnvironment` turns an environment into typed values with it, `loadConfig` maps those onto
 * `ServerConfig`, and `configDocs.ts` renders `--help` and `docs/deployment.md`'s table from it.
 *
 * Validation is TypeBox's own (`typebox/compile`), not env-schema: env-schema's ajv coerces only
 * `true`/`false` booleans and numerals loosely, merges `process.env` in, and its errors are one
 * ajv text for all variables; the server's rules (blank means unset, `1/yes/on`, strict whole
 * numbers, one `ConfigError` naming the variable) would have to be rebuilt around it anyway.
 */
import {
  DEFAULT_SITE_PRODUCT,
  LOCALES,
  PRIVATE_DEPLOYMENT_TYPES,
  SITE_PRODUCT_PATTERN,
  SITE_VARIANTS,
} from '@plugin-center/contract';
import { PrivateStandardConfig } from '@plugin-center/contract/schemas';
import { type Static, type TSchema, Type } from 'typebox';
import { Compile } from 'typebox/compile';
import {
  ConfigError,
  IDENTITY_DEFAULTS,
  PROJECT_NAME,
  parseDeeplinks,
  parseJson,
  parseOAuthProviders,
  parseOriginList,
  parseProjects,
  parseSiteLocales,
  parseTrustProxy,
  parseVisualConfig,
  SOURCE_NAME,
} from './configValues';
import { parseActivities } from './curation/activityConfig';
import { parseContactQrCodes } from './curation/qrCodes';
// Settings (issue 14).
import { parseSecretsKeys } from './settings/secrets';

/**
 * Sections of `--help` and of the docs table, in order: `title` for `--help`, `intro` (Markdown)
 * above the group's table in `docs/deployment.md`.
 */
export const CONFIG_GROUPS = {
  server: { title: 'Server', intro: 'Server:' },
  database: { title: 'Database', intro: 'Database (see [PostgreSQL](#postgresql)):' },
  uploads: {
    title: 'Uploaded files',
    intro: 'Uploaded files (see [Uploaded files](#uploaded-files)):',
  },
  identity: {
    title: 'Accounts and sign-in',
    intro: 'Accounts and sign-in (see the User API in [api.md](api.md)):',
  },
  analytics: {
    title: 'Analytics collector',
    intro: 'Analytics collector (`/sa`, see [Collector](api.md#collector-sa)):',
  },
  // issue 15: the site variant
  site: {
    title: 'Site variant',
    intro:
      'The site variant, its languages, workbench link and cookie consent (issue 15, see [Site variants](#site-variants)):',
  },
  // issue 14 (helper "banners")
  curation: {
    title: 'Contact codes and activities',
    intro:
      'Contact QR codes and activities (issue 14, see [api.md](api.md#banners-contact-qr-codes-and-activities)):',
  },
} as const;

/** A key of {@link CONFIG_GROUPS}. */
export type ConfigGroup = keyof typeof CONFIG_GROUPS;

/** Pino levels `LOG_LEVEL` accepts; `silent` turns the logger off. */
export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/**
 * What each variable's schema carries besides JSON Schema. How a value is read
 * (`readEnvironment`): an absent or empty variable (`VAR=`) is unset, so the schema's `default`
 * applies; otherwise `transform` runs, and a text that trimming left empty is unset too unless
 * `blank` is `'invalid'`.
 * The text then becomes a value by `parse`, or by the schema's type (integer: digits only;
 * boolean: `1/true/yes/on` or `0/false/no/off`; string and enum: the text), and must pass the
 * schema; a value that does not throws {@link ConfigError} with `errorMessage` or a message built
 * from the constraints (`expected an integer between 1 and 600, got "9999"`).
 */
export interface VariableKeywords {
  /** Section in `--help` and the docs. */
  group: ConfigGroup;
  /** One line of plain text for `plugin-center --help` (at most about 65 characters). */
  summary: string;
  /** The docs table's meaning (Markdown); the schema's standard `description` keyword. */
  description: string;
  /** The docs table's default (Markdown) when it is computed or better said in words. */
  defaultText?: string;
  /** As ajv-keywords' `transform`: string methods applied to the text first, in order. */
  transform?: readonly ('trim' | 'toLowerCase')[];
  /** `invalid`: a value of only spaces is checked (and fails) instead of meaning unset. */
  blank?: 'invalid';
  /** As ajv-errors' `errorMessage`: the message when the value does not pass the schema. */
  errorMessage?: string;
  /** Reads a structured value (JSON, comma list) from the text; throws its own `ConfigError`. */
  parse?: (variable: string, text: string) => unknown;
  /** Read by another module, not by `loadConfig` (listed so `--help` and the docs show it). */
  readBy?: string;
}

/** Types {@link VariableKeywords} where they are spread into a TypeBox options object. */
function about(keywords: VariableKeywords): VariableKeywords {
  return keywords;
}

const trim = ['trim'] as const;
const trimLower = ['trim', 'toLowerCase'] as const;
const DAY = 24 * 3600;
const RATE_LIMIT_MAX = 1_000_000;
const limits = IDENTITY_DEFAULTS.rateLimits;

/** One `OAUTH_PROVIDERS` entry (the shape `parseOAuthProviders` returns). */
const OAuthProvider = Type.Object({
  source: Type.String({ pattern: SOURCE_NAME.source }),
  issuer: Type.String({ minLength: 1 }),
  client_id: Type.String({ minLength: 1 }),
  client_secret: Type.String({ minLength: 1 }),
  redirect_uri: Type.Optional(Type.String()),
  scope: Type.Optional(Type.String()),
  allow_http: Type.Optional(Type.Boolean()),
});

/** The environment of the server: one property per variable, in `--help` and docs order. */
export const CONFIG_SCHEMA = Type.Object({
  // server
  PORT: Type.Integer({
    minimum: 0,
    maximum: 65535,
    default: 3000,
    ...about({
      group: 'server',
      transform: trim,
      blank: 'invalid',
      summary: 'TCP port to listen on, 0–65535',
      description: 'TCP port, 0–65535 (a bad value stops the start with a message naming the variable)',
    }),
  }),
  HOST: Type.String({
    minLength: 1,
    default: '0.0.0.0',
    ...about({
      group: 'server',
      transform: trim,
      blank: 'invalid',
      errorMessage: 'must not be empty',
      summary: 'interface to listen on',
      description: 'interface to listen on',
    }),
  }),
  APP_DIR: Type.Optional(
    Type.String({
      ...about({
        group: 'server',
        defaultText: '`app/dist` of this checkout, if built',
        summary: 'built marketplace served under /plugins/ (default app/dist)',
        description: 'the built marketplace served under `/plugins/`',
      }),
    }),
  ),
  TRACKER_SCRIPT: Type.Optional(
    Type.String({
      ...about({
        group: 'server',
        defaultText: '`packages/analytics/dist/analytics.iife.js` of this checkout, if built',
        summary: "tracker's script-tag build served at /sdk/analytics.iife.js",
        description:
          "the tracker's script-tag build served at `/sdk/analytics.iife.js` for other sites' `<script>` tags",
      }),
    }),
  ),
  CATALOGUE_DIR: Type.Optional(
    Type.String({
      ...about({
        group: 'server',
        defaultText: 'the shipped catalogue',
        summary: 'folder with plugins.json and zh.json (default: shipped)',
        description: 'folder holding `plugins.json` and `zh.json` for the first import',
      }),
    }),
  ),
  IMPORT_CATALOGUE_ON_EMPTY: Type.Boolean({
    default: true,
    ...about({
      group: 'server',
      transform: trimLower,
      blank: 'invalid',
      summary: 'import the catalogue when the database has no plugin',
      description: 'import the catalogue when the database has no plugin',
    }),
  }),
  READ_CACHE: Type.Boolean({
    default: true,
    ...about({
      group: 'server',
      transform: trimLower,
      blank: 'invalid',
      summary: 'per-process read cache (counts 5 s, answers 1 s)',
      description:
        "per-process read cache: counts 5 s, whole list/search/detail answers 1 s, dropped at once by this process's writes (other processes' writes show after the TTL); `false` reads the database every time",
    }),
  }),
  FRAME_ANCESTORS: Type.Array(Type.String(), {
    default: [],
    ...about({
      group: 'server',
      transform: trim,
      parse: parseOriginList,
      defaultText: 'unset (this origin only)',
      summary: 'origins that may show the marketplace in a frame',
      description:
        "comma-separated `http(s)://host[:port]` origins whose pages may show `/plugins/` in an `<iframe>` (CSP `frame-ancestors 'self' <origins>`). Unset: only this origin (plus `X-Frame-Options: SAMEORIGIN`). The desktop client shows the site as a top-level page and needs no entry",
    }),
  }),
  // issue 15: the site variant (SPEC §1, §2), handed to the app in index.html (`site.ts`)
  SITE_VARIANT: Type.Enum(SITE_VARIANTS, {
    default: 'domestic',
    ...about({
      group: 'site',
      transform: trimLower,
      blank: 'invalid',
      summary: 'domestic, overseas, private or desktop (default domestic)',
      description:
        "`domestic` (Chinese and English), `overseas` (English, Japanese, Korean, Russian, Spanish; cookie consent on), `private` (a private deployment, see `PRIVATE_DEPLOYMENT_TYPE`) or `desktop` (the desktop client's header)",
    }),
  }),
  PRIVATE_DEPLOYMENT_TYPE: Type.Optional(
    Type.Enum(PRIVATE_DEPLOYMENT_TYPES, {
      ...about({
        group: 'site',
        transform: trimLower,
        blank: 'invalid',
        defaultText: '`pri` when `SITE_VARIANT=private`',
        summary: 'pri, hwdc, hk, nh, gfkd, kdxf or cluster (private only)',
        description:
          'the private deployment type (SPEC §9): `pri`, `hwdc`, `hk`, `nh`, `gfkd`, `kdxf`, `cluster`; `hwdc` hides login, sign-up and the workbench. Only with `SITE_VARIANT=private`',
      }),
    }),
  ),
  SITE_LOCALES: Type.Optional(
    Type.Array(Type.Enum(LOCALES), {
      minItems: 1,
      ...about({
        group: 'site',
        transform: trim,
        parse: parseSiteLocales,
        defaultText:
          "the variant's (domestic, private, desktop: `zh-CN,en-US`; overseas: `en-US,ja-JP,ko-KR,ru-RU,es-ES`)",
        summary: 'locales offered, comma-separated, the first the default',
        description:
          'the interface locales offered, comma-separated (`zh-CN`, `en-US`, `ja-JP`, `ko-KR`, `ru-RU`, `es-ES`, or the `lang` cookie values `en`, `jp`, `kr`, `ru`, `es`), the first the default; the language picker shows only when there are two or more',
      }),
    }),
  ),
  WORKBENCH_URL: Type.Optional(
    Type.String({
      pattern: '^(https?://[^\\s]+|/(?!/)[^\\s]*)$',
      ...about({
        group: 'site',
        transform: trim,
        errorMessage: 'must be an http(s) URL or a path starting with / (not //)',
        defaultText: 'unset (no workbench link)',
        summary: "the header's workbench link for signed-in people",
        description:
          "where the header's workbench link (SPEC §2 `/app`) goes: an http(s) URL or a path on this host. Unset: the link is not shown",
      }),
    }),
  ),
  COOKIE_CONSENT: Type.Optional(
    Type.Boolean({
      ...about({
        group: 'site',
        transform: trimLower,
        defaultText: '`true` on `overseas`, else `false`',
        summary: 'show the cookie consent notice (default: overseas only)',
        description:
          'show the cookie consent notice (SPEC §1) and keep the analytics tracker from storing or sending anything before consent',
      }),
    }),
  ),
  SITE_PRODUCT: Type.Optional(
    Type.String({
      pattern: SITE_PRODUCT_PATTERN.source,
      ...about({
        group: 'site',
        transform: trimLower,
        errorMessage: 'must be 1–40 lower-case letters, digits and inner hyphens',
        defaultText: `\`${DEFAULT_SITE_PRODUCT}\``,
        summary: "the product slug of the header's enterprise link",
        description:
          "the product's slug in the header's enterprise-edition link `/{product}-enterprise/` (SPEC §2): 1–40 lower-case letters, digits and inner hyphens",
      }),
    }),
  ),
  TRUST_PROXY: Type.Union([Type.Boolean(), Type.Array(Type.String())], {
    default: false,
    ...about({
      group: 'server',
      parse: parseTrustProxy,
      defaultText: '`false`',
      summary: 'proxies whose X-Forwarded-For to trust',
      description:
        "which reverse proxies' `X-Forwarded-For` / `X-Forwarded-Proto` / `X-Forwarded-Host` to believe (Fastify's `trustProxy`): comma-separated proxy addresses / CIDR ranges (`127.0.0.1,10.0.0.0/8`: the client is the first address from the right of `X-Forwarded-For` that is not one of them), or `true` (any peer; only when nothing but the proxy can reach the server); a hop count is refused (Fastify 5 would trust nobody). `false`: the socket's address is the client, so behind a proxy every visitor shares one rate-limit bucket",
    }),
  }),
  LOG_LEVEL: Type.Optional(
    Type.Enum(LOG_LEVELS, {
      ...about({
        group: 'server',
        transform: trimLower,
        blank: 'invalid',
        defaultText: '`info` (`warn` in production)',
        summary: 'fatal … trace, silent (default info, warn in production)',
        description: 'fatal, error, warn, info, debug, trace, silent',
      }),
    }),
  ),
  NODE_ENV: Type.Optional(
    Type.String({
      ...about({
        group: 'server',
        summary: 'production: quiet logger, no per-request logs',
        description: '`production`: quiet logger, no per-request logs',
      }),
    }),
  ),

  // database
  DATABASE_URL: Type.Optional(
    Type.String({
      // postgres:// or postgresql://, in any case
      pattern: '^[Pp][Oo][Ss][Tt][Gg][Rr][Ee][Ss]([Qq][Ll])?://',
      ...about({
        group: 'database',
        transform: trim,
        errorMessage: 'expected a postgres:// or postgresql:// URL (unset it to use SQLite)',
        summary: 'postgres://… selects PostgreSQL (unset: SQLite in DATA_DIR)',
        description: '`postgres://…` selects PostgreSQL instead of SQLite',
      }),
    }),
  ),
  DATA_DIR: Type.String({
    default: './data',
    ...about({
      group: 'database',
      summary: 'folder of plugin-center.db (SQLite) and uploads/',
      description:
        'folder of the SQLite file `plugin-center.db` and of the uploaded files (`uploads/`, unless `S3_BUCKET` sends them to object storage)',
    }),
  }),
  // Settings (issue 14): the key of the settings' secrets.
  SECRETS_KEY: Type.Optional(
    Type.String({
      ...about({
        group: 'database',
        transform: trim,
        parse: (variable, text) => {
          try {
            parseSecretsKeys(text);
          } catch (error) {
            throw new ConfigError(variable, (error as Error).message);
          }
          return text;
        },
        defaultText: 'unset (a key generated into `DATA_DIR/secrets.key`)',
        summary: 'key of the stored secrets: 32 bytes, base64 or hex',
        description:
          'AES-256-GCM key that seals the secrets administrators save (icon-font client secret, stock-photo API key): 32 bytes as base64 (`openssl rand -base64 32`) or 64 hex digits; several comma-separated keys rotate (the first seals, all open). Unset: a key generated on the first start into `DATA_DIR/secrets.key` (mode 0600). Set it when several processes share a PostgreSQL database. Back it up apart from the database: without it the stored secrets are lost (see [Secrets key](#secrets-key))',
      }),
    }),
  ),
  PG_POOL_MAX: Type.Integer({
    minimum: 1,
    default: 10,
    ...about({
      group: 'database',
      readBy: 'createDatabase (db/database.ts)',
      summary: 'PostgreSQL connections per process',
      description: 'PostgreSQL connections per process',
    }),
  }),

  // uploads
  S3_BUCKET: Type.Optional(
    Type.String({
      pattern: '^[A-Za-z0-9][A-Za-z0-9._-]*$',
      ...about({
        group: 'uploads',
        transform: trim,
        errorMessage: 'expected a bucket name (letters, digits, ".", "_", "-")',
        defaultText: 'unset (uploads in `DATA_DIR/uploads`)',
        summary: 'S3-compatible bucket for uploads (unset: DATA_DIR/uploads)',
        description:
          'bucket of an S3-compatible object storage (AWS S3, MinIO, …) that receives the uploaded files instead of `DATA_DIR/uploads`; it must exist. Set, it requires `S3_ACCESS_KEY_ID` and `S3_SECRET_ACCESS_KEY`, whose key needs `s3:GetObject`, `s3:PutObject`, `s3:DeleteObject` and `s3:ListBucket` on it',
      }),
    }),
  ),
  S3_ENDPOINT: Type.Optional(
    Type.String({
      pattern: '^[Hh][Tt][Tt][Pp][Ss]?://[^\\s/]+(/\\S*)?$',
      ...about({
        group: 'uploads',
        transform: trim,
        errorMessage: 'expected an http:// or https:// URL',
        defaultText: 'unset (AWS S3 in `S3_REGION`)',
        summary: 'service URL, e.g. http://minio:9000 (unset: AWS S3)',
        description:
          'URL of the S3-compatible service (`https://minio.example.com`, `http://127.0.0.1:9000`); unset: AWS S3 of `S3_REGION`',
      }),
    }),
  ),
  S3_REGION: Type.String({
    pattern: '^[A-Za-z0-9_-]+$',
    default: 'us-east-1',
    ...about({
      group: 'uploads',
      transform: trim,
      errorMessage: 'expected a region name such as us-east-1',
      summary: 'signing region of the bucket',
      description:
        "region the requests are signed for (the bucket's region on AWS; most other services accept any)",
    }),
  }),
  S3_ACCESS_KEY_ID: Type.Optional(
    Type.String({
      ...about({
        group: 'uploads',
        transform: trim,
        summary: 'access key id (required with S3_BUCKET)',
        description: 'access key id; required when `S3_BUCKET` is set',
      }),
    }),
  ),
  S3_SECRET_ACCESS_KEY: Type.Optional(
    Type.String({
      ...about({
        group: 'uploads',
        summary: 'secret access key (required with S3_BUCKET)',
        description: 'secret access key (used as given, spaces included); required when `S3_BUCKET` is set',
      }),
    }),
  ),
  S3_PREFIX: Type.String({
    pattern: "^[A-Za-z0-9!_.*'()/-]*$",
    default: '',
    ...about({
      group: 'uploads',
      transform: trim,
      errorMessage: "expected letters, digits and !_.*'()/- only",
      defaultText: 'unset (keys at the bucket root)',
      summary: 'key prefix in the bucket, e.g. plugin-center/',
      description:
        'key prefix, a folder of the bucket: `plugin-center` and `plugin-center/` both store `plugin-center/<sha256>.<ext>`. Only keys of this shape under the prefix are ever listed or collected, so the bucket may hold other data',
    }),
  }),
  S3_FORCE_PATH_STYLE: Type.Boolean({
    default: false,
    ...about({
      group: 'uploads',
      transform: trimLower,
      blank: 'invalid',
      summary: 'path-style URLs host/bucket/key (MinIO and most self-hosted)',
      description:
        'address the bucket in the path (`http://host/bucket/key`) instead of the host name (`http://bucket.host/key`); needed by MinIO and most self-hosted services',
    }),
  }),

  // identity
  JWT_SECRET: Type.Optional(
    Type.Refine(
      Type.String({
        ...about({
          group: 'identity',
          errorMessage: 'must be at least 32 characters long',
          summary: 'HS256 key, ≥ 32 characters (default: generated, in the database)',
          description:
            'HS256 key of the access tokens, at least 32 characters. Unset: a random 32-byte key is generated on the first start and stored in the database (table `server_secret`), so every process on the database shares it. Changing it signs everyone out within `ACCESS_TOKEN_TTL` (refresh tokens stay valid)',
        }),
      }),
      // Bytes, as the HS256 key is.
      (value) => Buffer.byteLength(value) >= 32,
    ),
  ),
  ACCESS_TOKEN_TTL: Type.Integer({
    minimum: 1,
    maximum: DAY,
    default: IDENTITY_DEFAULTS.accessTokenTtl,
    ...about({
      group: 'identity',
      transform: trim,
      summary: 'access token lifetime, seconds (1–86400)',
      description: 'access token lifetime, seconds (1–86400)',
    }),
  }),
  REFRESH_TOKEN_TTL: Type.Integer({
    minimum: 60,
    maximum: 365 * DAY,
    default: IDENTITY_DEFAULTS.refreshTokenTtl,
    ...about({
      group: 'identity',
      transform: trim,
      defaultText: '`2592000` (30 days)',
      summary: 'refresh token lifetime, seconds (60 s – 365 days)',
      description: 'refresh token lifetime, seconds (60 s – 365 days); each rotation starts a new lifetime',
    }),
  }),
  LOGIN_CODE_TTL: Type.Integer({
    minimum: 1,
    maximum: 600,
    default: IDENTITY_DEFAULTS.loginCodeTtl,
    ...about({
      group: 'identity',
      transform: trim,
      summary: 'one-time login code lifetime, seconds (1–600)',
      description: 'lifetime of the one-time login code of the login redirect, seconds (1–600)',
    }),
  }),
  REDIRECT_ALLOWLIST: Type.Optional(
    Type.Array(Type.String(), {
      ...about({
        group: 'identity',
        transform: trim,
        parse: parseOriginList,
        defaultText: '`http://localhost:<PORT>,http://127.0.0.1:<PORT>`',
        summary: 'origins a redirect_uri may point to (default this server)',
        description:
          'comma-separated origins (`https://plugins.example.com`) that a `redirect_uri` may point to; relative paths are always allowed. Set it to the public origin(s) of the deployment',
      }),
    }),
  ),
  PRIVATE_LOGIN_CONFIG: {
    ...PrivateStandardConfig,
    default: IDENTITY_DEFAULTS.privateLoginConfig,
    ...about({
      group: 'identity',
      transform: trim,
      parse: parseJson,
      errorMessage:
        'expected {"<method>": {"enable": boolean, "logout_mode": "default"|"redirect", "logout_url": string|null}}',
      summary: 'JSON: login methods, their logout (default password only)',
      description:
        'JSON answered by `GET /api/uc/config/private/standard/{product}`: per login method (`ldap`, `oauth2`, `oidc`, `saml`, `custom_sso`, `password`) `enable`, `logout_mode` (`default` or `redirect`) and `logout_url`',
    }),
  },
  LOGIN_STORAGE: Type.Integer({
    minimum: 0,
    maximum: 2,
    default: IDENTITY_DEFAULTS.loginStorage,
    ...about({
      group: 'identity',
      transform: trim,
      summary: "SDK's login record: 0 local, 1 session storage, 2 cookie",
      description:
        'where the SDK keeps the login record: 0 local storage, 1 session storage, 2 cookie (`GET /api/pix/spaces/setting`)',
    }),
  }),
  OAUTH_PROVIDERS: Type.Array(OAuthProvider, {
    default: [],
    ...about({
      group: 'identity',
      transform: trim,
      parse: (_, text) => parseOAuthProviders(text),
      summary: 'JSON array of OAuth2/OpenID Connect providers',
      description:
        'JSON array of OAuth2/OpenID Connect providers: `{ "source", "issuer", "client_id", "client_secret", "redirect_uri"?, "scope"? (default `openid email profile`), "allow_http"? }`. `source` (`[A-Za-z0-9_-]{1,64}`) names the provider in `/api/uc/3rd-party/oauth2/{source}/…` and in `app` of `user/oauth2/login`; the issuer\'s `/.well-known/openid-configuration` is discovered on first use; `allow_http` permits an `http:` issuer (development only). Register the login page\'s callback URL (without query) as a redirect URI at the provider',
    }),
  }),
  RATE_LIMIT_SIGNIN: Type.Integer({
    minimum: 0,
    maximum: RATE_LIMIT_MAX,
    default: limits.signIn,
    ...about({
      group: 'identity',
      transform: trim,
      summary: 'sign-ins per minute per client IP and email (0: no limit)',
      description: 'sign-in attempts per minute per client IP and email (0 = no limit)',
    }),
  }),
  RATE_LIMIT_SIGNUP: Type.Integer({
    minimum: 0,
    maximum: RATE_LIMIT_MAX,
    default: limits.signUp,
    ...about({
      group: 'identity',
      transform: trim,
      summary: 'sign-ups per minute per client IP (0: no limit)',
      description: 'sign-ups per minute per client IP',
    }),
  }),
  RATE_LIMIT_CODE: Type.Integer({
    minimum: 0,
    maximum: RATE_LIMIT_MAX,
    default: limits.codeExchange,
    ...about({
      group: 'identity',
      transform: trim,
      summary: 'code exchanges per minute per client IP (0: no limit)',
      description: 'code exchanges and third-party sign-ins per minute per client IP',
    }),
  }),
  ADMIN_EMAIL: Type.Optional(
    Type.String({
      pattern: '^[^\\s@]+@[^\\s@]+$',
      ...about({
        group: 'identity',
        transform: trimLower,
        errorMessage: 'is not an email address',
        defaultText: '`admin@localhost`',
        summary: 'administrator created when there is none (admin@localhost)',
        description: 'the administrator created on a start that finds no administrator (role 1 or 2)',
      }),
    }),
  ),
  ADMIN_PASSWORD: Type.Optional(
    Type.Refine(
      Type.String({
        ...about({
          group: 'identity',
          errorMessage: 'must be at least 8 characters long',
          summary: 'its password, ≥ 8 characters (default: random, printed once)',
          description:
            'its password (at least 8 characters); unset → a random one-time password is printed once',
        }),
      }),
      // UTF-16 code units, as before (JSON Schema's minLength counts code points).
      (value) => value.length >= 8,
    ),
  ),

  // analytics
  ANALYTICS_PROJECTS: Type.Array(Type.String({ pattern: PROJECT_NAME.source }), {
    default: [],
    ...about({
      group: 'analytics',
      transform: trim,
      parse: (_, text) => parseProjects(text),
      defaultText: 'unset',
      summary: 'more project names POST /sa?project= accepts',
      description:
        'comma-separated project names `POST /sa?project=` accepts besides `production` (www), `oversea_production` (overseas) and `default` (test), each `[A-Za-z0-9_-]{1,64}`; other projects are refused with 400',
    }),
  }),
  ANALYTICS_ALLOWED_ORIGINS: Type.Array(Type.String(), {
    default: [],
    ...about({
      group: 'analytics',
      transform: trim,
      parse: parseOriginList,
      defaultText: 'unset (any origin)',
      summary: 'origins whose trackers may send (default any)',
      description:
        'comma-separated `http(s)://host[:port]` origins of the sites whose trackers may send. Unset: `Access-Control-Allow-Origin: *` without credentials. Set: listed origins are echoed (credentials allowed), requests from any other `Origin` get 403; requests without `Origin` (image pixel, server-side senders) are accepted',
    }),
  }),
  ANALYTICS_VISUAL_CONFIG: Type.Optional(
    Type.Object(
      { version: Type.Optional(Type.Union([Type.String(), Type.Number()])) },
      {
        ...about({
          group: 'analytics',
          transform: trim,
          parse: (_, text) => parseVisualConfig(text),
          defaultText: 'unset (none: 205 "clear")',
          summary: 'JSON object answered by GET /config/visualized/Web.conf',
          description:
            'JSON object answered by `GET /config/visualized/Web.conf`; its `version` (string or number; a content hash when absent) is compared with the SDK\'s `v` (same → 304). The Sensors web SDK only uses a config with `"os": "Web"`',
        }),
      },
    ),
  ),
  ANALYTICS_DEEPLINKS: Type.Record(Type.String(), Type.Record(Type.String(), Type.Unknown()), {
    default: {},
    ...about({
      group: 'analytics',
      transform: trim,
      parse: (_, text) => parseDeeplinks(text),
      defaultText: 'unset (none)',
      summary: 'JSON { "<key>": { …params } } for GET /sdk/deeplink/param',
      description: 'JSON object `{ "<key>": { …params } }` answered by `GET /sdk/deeplink/param?key=`',
    }),
  }),
  // --- issue 14, contact QR codes and activities (helper "banners") ---
  CONTACT_QR_CODES: Type.Array(Type.Object({ name: Type.String(), img_url: Type.String() }), {
    default: [],
    ...about({
      group: 'curation',
      transform: trim,
      parse: (_, text) => parseContactQrCodes(text),
      defaultText: 'unset (none)',
      summary: 'JSON array of {"name", "img_url"}: contact QR codes',
      description:
        'JSON array (at most 50) of `{ "name", "img_url" }` answered by `GET /api/cmt/manager/qr-code/list`: `name` 1–100 characters, `img_url` an absolute http(s) URL or a path on this site starting with `/`',
    }),
  }),
  ACTIVITIES: Type.Array(
    Type.Object({
      id: Type.String(),
      cover: Type.String(),
      tutorial_url: Type.String(),
      tag: Type.Optional(Type.String()),
    }),
    {
      default: [],
      ...about({
        group: 'curation',
        transform: trim,
        parse: (_, text) => parseActivities(text),
        defaultText: 'unset (none)',
        summary: 'JSON array of {"id", "cover", "tutorial_url", "tag"?}',
        description:
          'JSON array (at most 200) of the activities `GET /api/cmt/activity/activity/info?activity_id=` answers: `id` (`[A-Za-z0-9_-]{1,64}`, unique), `cover` and `tutorial_url` (absolute http(s) URLs or paths starting with `/`), optional `tag`: the tag code whose approved plugins are counted in `participate_num` (0 without a tag). `view_num` is counted in the database',
      }),
    },
  ),
  // --- end of issue 14, contact QR codes and activities ---
});

/**
 * The environment read with {@link CONFIG_SCHEMA}: typed values, defaults applied; without
 * `PG_POOL_MAX`, which `createDatabase` reads itself (`readBy`).
 */
export type ConfigEnvironment = Omit<Static<typeof CONFIG_SCHEMA>, 'PG_POOL_MAX'>;

/** The name of a variable of {@link CONFIG_SCHEMA}. */
export type ConfigVariable = keyof typeof CONFIG_SCHEMA.properties;

/** One variable's schema as `readEnvironment` and the renderers see it. */
export type VariableSchema = TSchema &
  VariableKeywords & {
    type?: string;
    default?: unknown;
    enum?: readonly unknown[];
    minimum?: number;
    maximum?: number;
  };

/** The variables of {@link CONFIG_SCHEMA} with their schemas, in order. */
export function configVariables(): [ConfigVariable, VariableSchema][] {
  return Object.entries(CONFIG_SCHEMA.properties) as [ConfigVariable, VariableSchema][];
}

const TRUE = ['1', 'true', 'yes', 'on'];
const FALSE = ['0', 'false', 'no', 'off'];
const checks = new Map<ConfigVariable, ReturnType<typeof Compile>>(
  configVariables().map(([name, schema]) => [name, Compile(schema)]),
);

/** The value of a text by the schema's type (checked afterwards; a mismatch stays text and fails). */
function convert(schema: VariableSchema, text: string): unknown {
  if (schema.type === 'integer') return /^\d+$/.test(text) ? Number(text) : text;
  if (schema.type === 'boolean') return TRUE.includes(text) ? true : FALSE.includes(text) ? false : text;
  return text;
}

/** The message of a value that does not pass `schema`. */
function expected(schema: VariableSchema, raw: string): string {
  if (schema.errorMessage) return schema.errorMessage;
  const got = `got ${JSON.stringify(raw)}`;
  if (schema.type === 'integer') {
    return `expected an integer between ${schema.minimum} and ${schema.maximum ?? Number.MAX_SAFE_INTEGER}, ${got}`;
  }
  if (schema.type === 'boolean') return `expected true or false, ${got}`;
  if (schema.enum) return `expected one of ${schema.enum.join(', ')}, ${got}`;
  return `invalid value, ${got}`;
}

/**
 * Reads every variable of {@link CONFIG_SCHEMA} that the server reads itself (not those with
 * `readBy`) from `env`, by the rules of {@link VariableKeywords}. Unset variables get the schema's
 * `default` (a fresh copy) or stay undefined.
 *
 * @throws ConfigError naming the first variable (in schema order) whose value does not fit.
 */
export function readEnvironment(env: NodeJS.ProcessEnv): ConfigEnvironment {
  const out: Record<string, unknown> = {};
  for (const [name, schema] of configVariables()) {
    if (schema.readBy) continue;
    const raw = env[name];
    let text = raw ?? '';
    for (const method of schema.transform ?? []) text = text[method]();
    if (raw === undefined || raw === '' || (text === '' && schema.blank !== 'invalid')) {
      if (schema.default !== undefined) out[name] = structuredClone(schema.default);
      continue;
    }
    const value = schema.parse ? schema.parse(name, text) : convert(schema, text);
    if (!checks.get(name)!.Check(value)) throw new ConfigError(name, expected(schema, raw));
    out[name] = value;
  }
  return out as ConfigEnvironment;
}
