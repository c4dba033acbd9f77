/**
 * Where the data lives (group `database`): the database, the data folder, the key of the stored
 * secrets ({@link parseSecretsKeys}, read here at start and by `settings/secrets.ts` when it seals
 * and opens), the PostgreSQL pool, and the Redis that several processes on one database share.
 */
import { Type } from 'typebox';
import { ConfigError } from './values';
import { about, trim } from './variables';

/** `REDIS_KEY_PREFIX` when unset. */
export const DEFAULT_REDIS_KEY_PREFIX = 'plugin-center:';

/**
 * `DATABASE_REPLICA_LAG_MS` when unset: how far behind the primary (ms) the read replica may be for
 * the analytics dashboards to read it (`db/readReplica.ts`).
 */
export const DEFAULT_REPLICA_LAG_MS = 5000;

/** Bytes of a secrets key (AES-256). */
const KEY_BYTES = 32;

/**
 * The key of a text: 64 hex digits, or base64 / base64url of exactly 32 bytes (surrounding spaces
 * ignored).
 * @throws Error (without the text) when it is neither.
 */
export function parseSecretsKey(text: string): Buffer {
  const value = text.trim();
  if (/^[0-9a-fA-F]{64}$/.test(value)) return Buffer.from(value, 'hex');
  if (/^[A-Za-z0-9+/_-]{43}=?$/.test(value)) {
    const key = Buffer.from(value.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
    if (key.length === KEY_BYTES) return key;
  }
  throw new Error(
    'a key must be 32 bytes written as 64 hex digits or base64 (44 characters); generate one with `openssl rand -base64 32`',
  );
}

/**
 * The keys of `SECRETS_KEY`: one key, or several separated by commas (the first seals, all open).
 * @throws Error naming the position of a malformed key (never its text).
 */
export function parseSecretsKeys(text: string): Buffer[] {
  const parts = text.split(',').map((p) => p.trim());
  return parts.map((part, i) => {
    try {
      return parseSecretsKey(part);
    } catch (error) {
      throw new Error(`key ${i + 1} of ${parts.length}: ${(error as Error).message}`);
    }
  });
}

/**
 * `DATABASE_URL`, `DATABASE_REPLICA_URL`, `DATABASE_REPLICA_LAG_MS`, `DATA_DIR`, `SECRETS_KEY`, `PG_POOL_MAX`, `PG_PREPARED_STATEMENTS`,
 * `PG_PARALLEL_WORKERS`, `REDIS_URL`, `REDIS_KEY_PREFIX`.
 */
export const DATABASE_VARIABLES = {
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
  DATABASE_REPLICA_URL: Type.Optional(
    Type.String({
      // postgres:// or postgresql://, in any case, and no blank or control character
      pattern: '^[Pp][Oo][Ss][Tt][Gg][Rr][Ee][Ss]([Qq][Ll])?://[^\\s\\x00-\\x1f\\x7f]+$',
      ...about({
        group: 'database',
        transform: trim,
        errorMessage: 'expected a postgres:// or postgresql:// URL of a streaming replica of DATABASE_URL',
        defaultText: 'unset (all reads on `DATABASE_URL`)',
        summary: 'postgres://… of a streaming replica for public reads',
        description:
          "a PostgreSQL streaming replica (hot standby) of `DATABASE_URL`: the square's public reads (list, search, suggestions, tags, details, recommendations) and the analytics dashboards go to it whenever it has replayed every change the process has seen (WAL positions probed every 200 ms); everything else, and any read while it lags, is down or is not in recovery, goes to the primary. Needs `DATABASE_URL` (see [Production layout](#production-layout))",
      }),
    }),
  ),
  DATABASE_REPLICA_LAG_MS: Type.Integer({
    minimum: 0,
    maximum: 3_600_000,
    default: DEFAULT_REPLICA_LAG_MS,
    ...about({
      group: 'database',
      summary: 'replica lag the analytics dashboards accept, ms',
      description:
        'how far behind the primary (ms) `DATABASE_REPLICA_URL` may be for the analytics dashboards to read it (events arrive all the time, so the dashboards accept a short lag); the square never reads a replica that has not replayed the changes the process has seen',
    }),
  }),
  DATA_DIR: Type.String({
    default: './data',
    ...about({
      group: 'database',
      summary: 'folder of plugin-center.db (SQLite) and uploads/',
      description:
        'folder of the SQLite file `plugin-center.db` and of the uploaded files (`uploads/`, unless `S3_BUCKET` sends them to object storage)',
    }),
  }),
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
  PG_PREPARED_STATEMENTS: Type.Integer({
    minimum: 0,
    maximum: 10_000,
    default: 200,
    ...about({
      group: 'database',
      readBy: 'createDatabase (db/database.ts)',
      summary: 'statements prepared per PostgreSQL connection (0: off)',
      description:
        'how many distinct statement texts (of at most 64 parameters) run as named prepared statements, parsed and planned once per connection; 0 turns it off, as a pooler in transaction mode (PgBouncer before 1.21) needs',
    }),
  }),
  PG_PARALLEL_WORKERS: Type.Integer({
    minimum: 0,
    maximum: 1024,
    default: 0,
    ...about({
      group: 'database',
      readBy: 'createDatabase (db/database.ts)',
      summary: 'parallel workers per PostgreSQL query (0: none)',
      description:
        "`max_parallel_workers_per_gather` on the server's PostgreSQL connections (set on each new connection). 0, the default, runs every query in its own backend: under concurrent requests a query's parallel workers take the cores other requests are waiting for (on 2 cores, an analytics overview's statements ran 2 to 9 times slower with PostgreSQL's default of 2). Raise it on a machine with many idle cores and few concurrent users",
    }),
  }),
  REDIS_URL: Type.Optional(
    Type.String({
      // redis:// or rediss://, in any case, and no blank or control character.
      pattern: '^[Rr][Ee][Dd][Ii][Ss][Ss]?://[^\\s\\x00-\\x1f\\x7f]+$',
      ...about({
        group: 'database',
        transform: trim,
        errorMessage: 'expected a redis:// or rediss:// URL (unset it to keep the state in each process)',
        defaultText: 'unset (each process keeps its own cache invalidation and rate-limit counts)',
        summary: 'redis://… shares invalidation and rate limits across processes',
        description:
          "`redis://[user:password@]host:port[/db]` (or `rediss://` for TLS): the Redis that several server processes on one database share. Writes on one process reach the cached reads and session checks of the others within milliseconds (pub/sub), and rate limits count the requests of all processes. While Redis is unreachable every request is still answered: each process counts its own rate limits and sees the others' writes when its cache entries expire (at most 5 s), logs one warning, reconnects, and drops its whole cache once Redis is back (see [Production layout](#production-layout))",
      }),
    }),
  ),
  REDIS_KEY_PREFIX: Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: 100,
      ...about({
        group: 'database',
        transform: trim,
        defaultText: `\`${DEFAULT_REDIS_KEY_PREFIX}\``,
        summary: 'prefix of the Redis keys and channels',
        description:
          'prefix of every Redis key (rate-limit counters) and channel (invalidations) the server uses: give each deployment sharing one Redis its own prefix; every process of one deployment must use the same',
      }),
    }),
  ),
};
