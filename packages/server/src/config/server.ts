/**
 * The server's own variables (group `server`): where it listens, what it serves from disk, the
 * read cache, framing, proxies, logging and metrics.
 */
import { isIP } from 'node:net';
import { Type } from 'typebox';
import { ConfigError, parseOriginList } from './values';
import { about, trim, trimLower } from './variables';

/** Pino levels `LOG_LEVEL` accepts; `silent` turns the logger off. */
export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/** Pino logger options Fastify accepts (a subset: the level is what we set). */
export interface LoggerOptions {
  level: (typeof LOG_LEVELS)[number];
  [option: string]: unknown;
}

/**
 * `TRUST_PROXY`, Fastify's `trustProxy`: `true`/`false`, or a comma-separated
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

/** Where the server listens and what it serves: `PORT` … `FRAME_ANCESTORS`. */
export const SERVER_VARIABLES = {
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
  WEB_CONCURRENCY: Type.Integer({
    minimum: 1,
    maximum: 64,
    default: 1,
    ...about({
      group: 'server',
      transform: trim,
      blank: 'invalid',
      summary: 'server processes sharing PORT (>1: PostgreSQL and Redis)',
      description:
        "server processes `plugin-center start` runs on this machine, sharing `PORT` (Node's `cluster`; the primary prepares the database once, then starts them and restarts one that dies). More than 1 needs `DATABASE_URL` (PostgreSQL) and `REDIS_URL`, which the processes share",
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
        "per-process read cache: counts 5 s, whole list/search/detail answers 1 s, dropped at once by this process's writes (other processes' writes: within milliseconds with `REDIS_URL`, else after the TTL); `false` reads the database every time",
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
};

/** Which proxies the server believes, how it logs and who may read its metrics: `TRUST_PROXY` … `METRICS_TOKEN`. */
export const PROXY_AND_LOG_VARIABLES = {
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
  METRICS_TOKEN: Type.Optional(
    Type.String({
      pattern: '^[A-Za-z0-9._~+/=-]{16,512}$',
      ...about({
        group: 'server',
        transform: trim,
        errorMessage:
          'expected 16–512 characters of A–Z, a–z, 0–9 and . _ ~ + / = - (e.g. `openssl rand -hex 32`)',
        defaultText: 'unset (`/metrics` not served)',
        summary: 'bearer token of GET /metrics (unset: not served)',
        description:
          'bearer token a Prometheus scraper sends to `GET /metrics` (`Authorization: Bearer <token>`, compared in constant time; another or none: 401): 16–512 characters of `A–Z a–z 0–9 . _ ~ + / = -`, e.g. `openssl rand -hex 32`. Unset: `/metrics` answers 404 and no metric is kept (see [Monitoring](#monitoring))',
      }),
    }),
  ),
};
