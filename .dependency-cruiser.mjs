/**
 * The import rules of the repository, checked by dependency-cruiser: `scripts/importRules.test.ts`
 * (part of `pnpm test`) cruises {@link CRUISE_ROOTS} with this configuration and fails listing every
 * violation; `pnpm imports` prints the same report from the command line. The one rule
 * dependency-cruiser cannot state, "no two server domains import each other", is computed by the
 * test from the cruise result.
 *
 * Paths are relative to the repository root. Workspace packages resolve to their TypeScript sources
 * (the `@plugin-center/source` condition), so an import by package name and one by relative path
 * land on the same module.
 */

/** What is cruised: every package's sources, the app, the benchmarks, the browser tests, the examples. */
export const CRUISE_ROOTS = ['packages/*/src', 'app/src', 'bench', 'e2e', 'examples'];

/** Top-level folders of `packages/server/src` that are not domains; every other folder is one. */
export const SERVER_NON_DOMAINS = ['shared', 'db', 'config', 'testing', 'attack'];

/**
 * Top-level files of `packages/server/src` that put the domains together (the app and its upkeep
 * at start and on timers, the command line, the package's entry point); every other top-level file
 * is a shared concern and imports no domain.
 */
export const SERVER_COMPOSITION_FILES = ['app.ts', 'appUpkeep.ts', 'cli.ts', 'index.ts', 'bench.ts'];

const SERVER = '^packages/server/src/';
const nonDomains = SERVER_NON_DOMAINS.join('|');
/** A module in a server domain folder. */
const SERVER_DOMAIN = `${SERVER}(?!(?:${nonDomains})/)[^/]+/`;
/** Test files: they may reach wherever they need, but take part in cycles like any module. */
const TEST_FILE = '\\.test\\.[cm]?[jt]sx?$';
/**
 * Browser code on npm: React (and its types) and its router, Radix, i18next; resolved into
 * node_modules, or left unresolved where the importing package does not depend on it.
 */
const BROWSER_MODULES =
  '(?:^|node_modules/)(?:@types/)?(?:react|react-dom|react-router|react-router-dom|@radix-ui/[^/]+|i18next|react-i18next)(?:/|$)';

/** @type {import('dependency-cruiser').IConfiguration} */
export default {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'No import cycle, type-only imports and tests included.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'server-shared-imports-no-domain',
      severity: 'error',
      comment:
        'shared/, db/, config/ and the top-level shared files of the server import no domain folder (the composition files of SERVER_COMPOSITION_FILES excepted).',
      from: {
        path: [`${SERVER}(?:shared|db|config)/`, `${SERVER}[^/]+$`],
        pathNot: [TEST_FILE, `${SERVER}(?:${SERVER_COMPOSITION_FILES.join('|').replace(/\./g, '\\.')})$`],
      },
      to: { path: SERVER_DOMAIN },
    },
    {
      name: 'sdk-imports-no-react-or-app',
      severity: 'error',
      comment:
        'The SDK packages (contract, api, sso, analytics) never import React, the React package or the app.',
      from: { path: '^packages/(?:contract|api|sso|analytics)/' },
      to: { path: ['^app/', '^packages/react/', BROWSER_MODULES] },
    },
    {
      name: 'react-imports-no-app',
      severity: 'error',
      comment: '@plugin-center/react never imports the app.',
      from: { path: '^packages/react/' },
      to: { path: '^app/' },
    },
    {
      name: 'server-imports-no-browser-code',
      severity: 'error',
      comment: 'The server never imports the app, the browser SDKs or browser packages.',
      from: { path: '^packages/server/' },
      to: { path: ['^app/', '^packages/(?:react|api|sso|analytics)/', BROWSER_MODULES] },
    },
    {
      name: 'no-relative-import-across-packages',
      severity: 'error',
      comment:
        'Another workspace package is imported by its name (its entry point), never by a relative path into its src/.',
      from: { path: '^(packages/[^/]+|app|bench|e2e|examples/[^/]+)/' },
      to: {
        dependencyTypes: ['local'],
        path: '^(?:packages/[^/]+|app|examples/[^/]+)/src/',
        pathNot: '^$1/',
      },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['(^|/)dist/', '^bench/\\.cache/', '^e2e/\\.artifacts/'] },
    // Type-only imports count: a cycle of types is a cycle for the reader.
    tsPreCompilationDeps: true,
    enhancedResolveOptions: {
      conditionNames: ['@plugin-center/source', 'import', 'require', 'node', 'default', 'types'],
      exportsFields: ['exports'],
      mainFields: ['module', 'main', 'types', 'typings'],
      extensions: ['.ts', '.tsx', '.mts', '.d.ts', '.js', '.mjs', '.cjs', '.jsx', '.json'],
    },
    moduleSystems: ['es6', 'cjs'],
  },
};
