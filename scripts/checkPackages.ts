// What publint and attw do not know about our packages, checked after `pnpm build` by `pnpm publint`:
// - the React entry is a client boundary: `packages/react/dist/index.js` starts with `'use client'`
//   (esbuild drops module-level directives when it bundles; the tsup banner puts it back);
// - the React back-office entry shares the root entry's `ApiClientContext` (a chunk of both): were
//   `packages/react/dist/backoffice.js` to create its own context, its hooks would not see the
//   client of the root entry's `ApiClientProvider`;
// - no export condition but the scoped `@plugin-center/source` points into `src/`, so a consumer of
//   the published packages never resolves TypeScript sources by accident (a bare `source` condition
//   is one that other tools, Parcel's for one, already use).
// Fails (exit 1) on anything missing, a missing build included: it never skips.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The packages published to npm: every one under packages/ but the private test-fakes. */
const PUBLISHED = ['contract', 'api', 'react', 'sso', 'analytics', 'server'] as const;

/** The export condition under which workspace packages resolve to their TypeScript sources. */
const SOURCE_CONDITION = '@plugin-center/source';

type Exports = string | null | { [key: string]: Exports };

/**
 * Lists the problems of one export target tree: each `[conditions, target]` pair where a target
 * inside `src/` is reached through any condition other than {@link SOURCE_CONDITION}.
 * @param exports - the `exports` field (or one subtree of it)
 * @param path - the conditions (and subpath) leading to `exports`, for the messages
 */
function sourceLeaks(exports: Exports, path: string[] = []): string[] {
  if (exports === null) return [];
  if (typeof exports === 'string') {
    const leaks = exports.startsWith('./src/') && path.at(-1) !== SOURCE_CONDITION;
    return leaks ? [`${path.join(' > ')} -> ${exports}`] : [];
  }
  return Object.entries(exports).flatMap(([key, value]) => sourceLeaks(value, [...path, key]));
}

/**
 * Checks every published package; returns the problems found (empty when all is well).
 * @param root - the repository root
 */
function checkPackages(root: string): string[] {
  const problems: string[] = [];
  for (const name of PUBLISHED) {
    const dir = join(root, 'packages', name);
    const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { exports?: Exports };
    for (const leak of sourceLeaks(manifest.exports ?? null)) {
      problems.push(`packages/${name}/package.json: exports ${leak} (only "${SOURCE_CONDITION}" may)`);
    }
  }
  const reactEntry = join(root, 'packages/react/dist/index.js');
  if (!existsSync(reactEntry)) {
    problems.push('packages/react/dist/index.js is missing: run `pnpm build` first');
  } else if (!/^(['"])use client\1;?\r?\n/.test(readFileSync(reactEntry, 'utf8'))) {
    problems.push("packages/react/dist/index.js does not start with 'use client'");
  }
  const backofficeEntry = join(root, 'packages/react/dist/backoffice.js');
  if (!existsSync(backofficeEntry)) {
    problems.push('packages/react/dist/backoffice.js is missing: run `pnpm build` first');
  } else if (readFileSync(backofficeEntry, 'utf8').includes('createContext(')) {
    problems.push('packages/react/dist/backoffice.js creates its own React context (build with splitting)');
  }
  return problems;
}

const problems = checkPackages(process.cwd());
for (const p of problems) console.error(`checkPackages: ${p}`);
if (problems.length > 0) process.exit(1);
console.log(
  `checkPackages: ${PUBLISHED.length} packages, exports, the React client directive and the shared context are fine`,
);
