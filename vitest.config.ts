import { configDefaults, defineConfig } from 'vitest/config';

/**
 * One vitest run, several projects:
 * - `sdk`: the framework-free SDKs and the React hooks, in happy-dom;
 * - `server-sqlite` / `server-postgres`: the same server integration tests on each dialect
 *   (PostgreSQL at `TEST_DATABASE_URL`, default postgres://postgres@127.0.0.1:5432/test), their
 *   test apps started from a template database with the catalogue (packages/server/src/testing/testTemplate.ts);
 * - `app`: component tests of the marketplace in happy-dom;
 * - `e2e`: real Chromium against the built app served by the real server;
 * - `repo`: checks over the whole repository: the import rules (dependency-cruiser,
 *   `.dependency-cruiser.mjs`) and the error codes listed in docs/api.md.
 * Workspace packages resolve to their TypeScript sources through the `@plugin-center/source` export condition.
 *
 * The server projects share one module graph per worker across files (`isolate: false`): each file
 * builds its own app with `createTestApp`, so no state lives in modules between files, and loading
 * the server's graph again for every file cost about 270 s of a two-core run. The `sdk` and `app`
 * projects share one happy-dom window per worker the same way, emptied before each file
 * (test-fakes/src/freshDom.ts; app/src/testing/freshApp.ts resets the app's language, toasts and
 * markup): the `app` project took 85 s isolated and 20–27 s shared on a busy machine.
 */
const sourceFirst = {
  resolve: { conditions: ['@plugin-center/source', 'module', 'browser', 'development|production'] },
  ssr: { resolve: { conditions: ['@plugin-center/source', 'module', 'node', 'development|production'] } },
};
/**
 * The server runs on Node, which resolves packages without the bundlers' `module` condition; the
 * server projects do the same, so a dependency whose `module` build is only for bundlers (the AWS
 * SDK's `dist-es`, with extensionless imports) loads its Node build as in production.
 */
const serverSourceFirst = {
  resolve: sourceFirst.resolve,
  ssr: { resolve: { conditions: ['@plugin-center/source', 'node', 'development|production'] } },
};
const pgUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

export default defineConfig({
  test: {
    // Two files at a time, whatever the core count: most of a server or browser test is spent waiting
    // on PostgreSQL, Chromium or a child server, so vitest's default of one worker on a two-core
    // machine left a core idle for most of the run.
    maxWorkers: 2,
    projects: [
      {
        ...sourceFirst,
        test: {
          name: 'sdk',
          include: ['packages/{contract,api,react,sso,analytics}/src/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
          // one window per worker across files, emptied before each file (freshDom.ts): setting up
          // happy-dom and the SDKs again for each of 44 files was most of the project's time
          isolate: false,
          setupFiles: ['packages/test-fakes/src/freshDom.ts'],
        },
      },
      {
        ...serverSourceFirst,
        test: {
          name: 'server-sqlite',
          include: ['packages/server/src/**/*.test.ts'],
          // Several server processes on one database, and a read replica, need PostgreSQL (SQLite
          // is one process's database; WEB_CONCURRENCY and DATABASE_REPLICA_URL refuse it); the
          // plans PostgreSQL keeps per connection are its own, and so is the commit order of the mirror
          // feed's change numbers: those tests run in server-postgres only.
          exclude: [
            ...configDefaults.exclude,
            'packages/server/src/multiProcess.test.ts',
            'packages/server/src/db/readReplica.test.ts',
            'packages/server/src/collector/ingestPlans.test.ts',
            'packages/server/src/mirror/changeOrder.test.ts',
          ],
          environment: 'node',
          isolate: false,
          globalSetup: ['packages/server/src/testing/testTemplate.ts'],
          env: { TEST_DIALECT: 'sqlite' },
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        ...serverSourceFirst,
        test: {
          name: 'server-postgres',
          include: ['packages/server/src/**/*.test.ts'],
          environment: 'node',
          isolate: false,
          globalSetup: ['packages/server/src/testing/testTemplate.ts'],
          env: { TEST_DIALECT: 'postgres', TEST_DATABASE_URL: pgUrl },
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        ...sourceFirst,
        test: {
          name: 'app',
          include: ['app/src/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
          // as `sdk`: one window per worker across files, emptied before each file (freshDom.ts)
          // and the app's own state reset (freshApp.ts: language, toasts, rendered markup)
          isolate: false,
          setupFiles: ['packages/test-fakes/src/freshDom.ts', 'app/src/testing/freshApp.ts'],
          // Longer than Testing Library's 5 s waits (freshApp.ts): a wait that gives up then reports
          // what it waited for, instead of the test's own 5 s timeout hiding it.
          testTimeout: 15_000,
        },
      },
      {
        ...sourceFirst,
        test: {
          name: 'e2e',
          include: ['e2e/**/*.test.ts'],
          environment: 'node',
          // the catalogue imported once per run (SQLite), copied into each environment (support.ts)
          globalSetup: ['packages/server/src/testing/testTemplate.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // a page's first render in Chromium can take seconds while the server projects load
          // both cores; vitest's 1 s default made the first assertion after a navigation flaky
          expect: { poll: { timeout: 10_000 } },
          fileParallelism: false,
        },
      },
      {
        ...serverSourceFirst,
        test: {
          name: 'repo',
          include: ['scripts/**/*.test.ts'],
          environment: 'node',
          testTimeout: 120_000,
        },
      },
    ],
  },
});
