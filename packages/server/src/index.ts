/**
 * `@plugin-center/server`: the Plugin Center backend (Fastify + Kysely over SQLite or PostgreSQL).
 *
 * The public API is what an embedder or a test harness outside this package needs to run the
 * server in its own process (`e2e/support.ts` does): build the configuration from the
 * environment with {@link loadConfig} (throws {@link ConfigError} naming the variable), then
 * {@link buildApp} it and `listen()` or `inject()`. Failures of the HTTP API are {@link ApiError}s
 * (stable `code`, see docs/api.md). {@link seededRandom} is the PRNG of the recommendation sample,
 * which `pnpm bench` uses to scale the catalogue the same way. Everything else is internal to the
 * package; its own tests import the modules directly. The command line is `plugin-center`
 * (`src/cli.ts`).
 *
 * @packageDocumentation
 */

export { type BuildAppOptions, buildApp } from './app';
export { loadConfig } from './config/loadConfig';
export type { ServerConfig } from './config/serverConfig';
export { ConfigError } from './config/values';
export { ApiError } from './errors';
export { seededRandom } from './random';
