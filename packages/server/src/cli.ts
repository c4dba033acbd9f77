#!/usr/bin/env node
/**
 * The `plugin-center` command (SPEC-free operations entry point; configuration from the
 * environment, see `loadConfig`):
 * - `plugin-center start`: migrate, import the catalogue on an empty database, listen on HOST:PORT
 *   and print the marketplace URL; SIGINT/SIGTERM close gracefully (in-flight requests finish);
 * - `plugin-center migrate`: apply pending migrations and exit;
 * - `plugin-center import <file>`: import a plugins.json-shaped array, print the report; exit code 1
 *   when any record was rejected;
 * - `plugin-center admin <email> [--role 1|2] [--password <pw>]`: create an administrator or set an
 *   account's role (see `identity/adminCommand.ts`);
 * - `plugin-center keys rotate [--retire-previous]`: rotate the access-token signing keys (see
 *   `identity/keysCommand.ts`);
 * - `plugin-center publish <dir|file> [--server <url>] [--token <pcpat_…>] [--plugin-key <key>]`:
 *   publish a plugin from a terminal or CI with a personal access token (`publishing/publishCommand.ts`);
 * - `plugin-center audit verify [--head <hash>]`: check the audit log's hash chain; exit code 1 at
 *   the first broken entry, or without the recorded head (`review/auditCommand.ts`);
 * - `plugin-center verify <plugin_key> [version] [--jwks <file>]`: check an approved version's
 *   signature and its files' SHA-256; exit code 1 when they do not match
 *   (`signatures/verifyCommand.ts`);
 * - `plugin-center version-keys rotate [--start-over]`: rotate the version-signing key (same file);
 * - `plugin-center mirror pull [--from-start]`, `export --since <time> --origin <url> <file>`,
 *   `import-bundle <file> [--jwks <file>]`: mirroring (`mirror/command.ts`, `mirror/bundle.ts`, `mirror/bundleExport.ts`);
 * - `--help`: these commands and the environment variables (from `CONFIG_SCHEMA`).
 */
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { buildApp } from './app';
import { CatalogueFileError, importEntries, readCatalogueFile } from './catalogue/import';
import { isClusterWorker, runPrimary } from './cluster';
import { renderConfigHelp } from './config/docs';
import { loadConfig } from './config/loadConfig';
import type { ServerConfig } from './config/serverConfig';
import { ConfigError } from './config/values';
import { createDatabase } from './db/database';
import { migrate } from './db/migrate';
import { runAdminCommand } from './identity/adminCommand';
import { runKeysCommand } from './identity/keysCommand';
import { runImportBundleCommand } from './mirror/bundle';
import { runExportCommand } from './mirror/bundleExport';
import { runMirrorCommand } from './mirror/command';
import { runPublishCommand } from './publishing/publishCommand';
import { runAuditCommand } from './review/auditCommand';
import { preloadCedict } from './search/cedict';
import { ensureSearchIndex } from './search/indexer';
import { runVerifyCommand, runVersionKeysCommand } from './signatures/verifyCommand';

/** The usage text: the commands, then the environment variables as `CONFIG_SCHEMA` describes them. */
const HELP = `Usage: plugin-center <command> [options]

Commands:
  start            Start the server (migrates, imports the catalogue into an empty database)
  migrate          Apply pending database migrations and exit
  import <file>    Import a JSON array of catalogue records (plugins.json shape); exit 1 if any failed
  admin <email> [--role 1|2] [--password <pw>]
                   Create an administrator (role 1 super admin by default, 2 general admin) or
                   change an account's role; prints a generated password for a new account
  keys rotate [--retire-previous]
                   Rotate the access-token signing keys kept in the database: a new key signs,
                   the previous one still verifies for ACCESS_TOKEN_TTL (nobody is signed out);
                   --retire-previous drops the earlier keys at once (a leaked key)
  publish <dir|plugin-center.json> [--server <url>] [--token <pcpat_…>] [--plugin-key <key>]
                   Publish a plugin (or, with a plugin key, a new version) to a running server
                   with a personal access token; PLUGIN_CENTER_SERVER and PLUGIN_CENTER_TOKEN
                   are read when the options are absent (docs/publishing.md)
  verify <plugin_key> [version] [--jwks <file>]
                   Check an approved version's signature (the current version by default) and the
                   SHA-256 of each of its stored files: prints OK, or FAILED and why (exit 1);
                   --jwks: check against a copy of the instance's JWKS saved earlier
  version-keys rotate [--start-over]
                   Rotate the version-signing key: versions approved from now on are signed with
                   a new key; earlier keys stay published, so older versions keep verifying;
                   --start-over replaces keys the secrets key cannot open (a lost secrets key)
  mirror pull [--from-start]
                   Pull from UPSTREAM_URL now (docs/mirroring.md) and print what changed;
                   --from-start walks the upstream's feed from its beginning again
  export --since <time> --origin <url> <file>
                   Write a signed bundle of the approved versions changed since <time> (ms or
                   ISO 8601) for an air-gapped mirror; <url> is the origin mirrors know us by
  import-bundle <file> [--jwks <file>]
                   Check a bundle (its signature, every version's signature and file digests)
                   and load it; --jwks: the upstream's JWKS to trust instead of the bundle's
  audit verify [--head <hash>]
                   Check the audit log's hash chain: prints "audit log intact: N entries" and the
                   head, or the first broken entry and why (exit 1); --head: a head printed
                   earlier, which must still be in the chain

Options:
  -h, --help       Show this help

${renderConfigHelp()}`;

function describeDatabase(config: ServerConfig): string {
  if (!config.databaseUrl) return `SQLite in ${config.dataDir}`;
  try {
    const url = new URL(config.databaseUrl);
    return `PostgreSQL at ${url.hostname}:${url.port || 5432}${url.pathname}`;
  } catch {
    return 'PostgreSQL';
  }
}

/** Where uploaded files go, for the start line: `s3://bucket/prefix (endpoint)` or the folder. */
function describeUploads(config: ServerConfig): string {
  if (!config.s3) return `uploads in ${join(config.dataDir, 'uploads')}`;
  const { bucket, prefix, endpoint } = config.s3;
  // The origin only: nothing of a URL's user info reaches the log.
  const at = endpoint ? ` at ${URL.canParse(endpoint) ? new URL(endpoint).origin : 'S3_ENDPOINT'}` : '';
  return `uploads in s3://${bucket}/${prefix}${at}`;
}

async function start(config: ServerConfig): Promise<void> {
  const workers = config.webConcurrency ?? 1;
  if (workers > 1 && !isClusterWorker()) {
    await runPrimary({
      workers,
      // Everything buildApp does once for a database (migrations, index, keys, first import).
      prepare: async () => {
        const app = await buildApp({ ...config, logger: false });
        await app.close();
      },
      write: (line) => process.stdout.write(`${line}\n`),
    });
    process.stdout.write(
      `Plugin Center is running in ${workers} processes (${describeDatabase(config)}; ${describeUploads(config)})\n`,
    );
    process.stdout.write(`  http://localhost:${config.port}/plugins/\n`);
    return;
  }
  const app = await buildApp(config);
  await app.listen({ host: config.host, port: config.port });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  if (!isClusterWorker()) {
    process.stdout.write(
      `Plugin Center is running (${describeDatabase(config)}; ${describeUploads(config)})\n`,
    );
    process.stdout.write(`  http://localhost:${port}/plugins/\n`);
  }
  // The zh→en dictionary of the search, indexed between requests, so no query waits for it.
  void preloadCedict();
  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    process.stdout.write(`\n${signal}: shutting down…\n`);
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        process.stderr.write(`error while closing: ${String(error)}\n`);
        process.exit(1);
      },
    );
  };
  process.once('SIGINT', () => shutdown('SIGINT'));
  process.once('SIGTERM', () => shutdown('SIGTERM'));
}

async function runMigrate(config: ServerConfig): Promise<void> {
  const db = createDatabase(config);
  try {
    const applied = await migrate(db);
    process.stdout.write(
      applied.length ? `Applied migrations: ${applied.join(', ')}\n` : 'The database is up to date.\n',
    );
    const indexed = await ensureSearchIndex(db);
    if (indexed > 0) process.stdout.write(`Rebuilt the search index: ${indexed} plugins.\n`);
  } finally {
    await db.close();
  }
}

async function runImport(config: ServerConfig, file: string): Promise<number> {
  const path = resolve(file);
  const entries = await readCatalogueFile(path);
  const db = createDatabase(config);
  try {
    await migrate(db);
    await ensureSearchIndex(db);
    const started = performance.now();
    const report = await importEntries(db, [{ file, entries }]);
    const ms = Math.round(performance.now() - started);
    process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
    process.stdout.write(
      `Imported ${report.added} plugins, ${report.translations} translations; skipped ${report.skipped}; ${report.errors.length} rejected (${ms} ms).\n`,
    );
    return report.errors.length > 0 ? 1 : 0;
  } finally {
    await db.close();
  }
}

/** Runs the CLI with `argv` (without node and script); resolves to the exit code (start never resolves it until shutdown). */
export async function main(argv: string[]): Promise<number> {
  // `admin` has options of its own: hand its arguments over unparsed.
  if (argv[0] === 'admin') return runAdminCommand(loadConfig(), argv.slice(1));
  if (argv[0] === 'keys') return runKeysCommand(loadConfig(), argv.slice(1));
  if (argv[0] === 'publish') return runPublishCommand(argv.slice(1));
  if (argv[0] === 'audit') return runAuditCommand(loadConfig(), argv.slice(1));
  if (argv[0] === 'verify') return runVerifyCommand(loadConfig(), argv.slice(1));
  if (argv[0] === 'version-keys') return runVersionKeysCommand(loadConfig(), argv.slice(1));
  if (argv[0] === 'export') return runExportCommand(loadConfig(), argv.slice(1));
  if (argv[0] === 'import-bundle') return runImportBundleCommand(loadConfig(), argv.slice(1));
  if (argv[0] === 'mirror') return runMirrorCommand(loadConfig(), argv.slice(1));
  const { values, positionals } = parseArgs({
    args: argv,
    options: { help: { type: 'boolean', short: 'h' } },
    allowPositionals: true,
    strict: true,
  });
  const [command, ...rest] = positionals;
  if (values.help || !command) {
    process.stdout.write(HELP);
    return command || values.help ? 0 : 1;
  }
  const config = loadConfig();
  switch (command) {
    case 'start':
      await start(config);
      return 0;
    case 'migrate':
      await runMigrate(config);
      return 0;
    case 'import':
      if (rest.length !== 1) {
        process.stderr.write('Usage: plugin-center import <file>\n');
        return 2;
      }
      return runImport(config, rest[0]!);
    default:
      process.stderr.write(`Unknown command: ${command}\n\n${HELP}`);
      return 2;
  }
}

main(process.argv.slice(2)).then(
  (code) => {
    if (code !== 0) process.exitCode = code;
  },
  (error: unknown) => {
    if (error instanceof ConfigError || error instanceof CatalogueFileError) {
      process.stderr.write(`plugin-center: ${error.message}\n`);
    } else if (
      error instanceof Error &&
      (error as { code?: string }).code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION'
    ) {
      process.stderr.write(`plugin-center: ${error.message}\n\n${HELP}`);
    } else {
      process.stderr.write(
        `plugin-center: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
      );
    }
    process.exitCode = 1;
  },
);
