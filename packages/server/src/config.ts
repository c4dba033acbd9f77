import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

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

/**
 * Reads the server configuration from environment variables (12-factor style), with the defaults
 * listed on {@link ServerConfig}.
 *
 * @param env - the environment, `process.env` by default.
 * @throws ConfigError naming the variable when a value is invalid: `PORT` not an integer in
 *   0–65535, `DATABASE_URL` not a postgres URL, `LOG_LEVEL` not a pino level, a boolean flag that is
 *   not true/false, an empty `HOST`.
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

  const appDir = env.APP_DIR ? resolve(env.APP_DIR) : defaultAppDir();
  const config: ServerConfig = {
    dataDir: resolve(env.DATA_DIR || './data'),
    catalogueDir: resolve(env.CATALOGUE_DIR || defaultCatalogueDir()),
    importCatalogueOnEmpty: parseBoolean('IMPORT_CATALOGUE_ON_EMPTY', env.IMPORT_CATALOGUE_ON_EMPTY, true),
    readCache: parseBoolean('READ_CACHE', env.READ_CACHE, true),
    host,
    port,
    logger,
    production,
  };
  if (databaseUrl !== undefined) config.databaseUrl = databaseUrl;
  if (appDir !== undefined) config.appDir = appDir;
  return config;
}
