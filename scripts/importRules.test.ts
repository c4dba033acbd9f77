/**
 * The import rules of the repository (`.dependency-cruiser.mjs`): dependency-cruiser cruises every
 * package's sources, the app, the benchmarks, the browser tests and the examples, and the test
 * fails listing each violation, one line per import (a cycle as its whole path). It also fails on
 * any two server domains that import each other, which dependency-cruiser cannot state as a rule:
 * the domains are the top-level folders of `packages/server/src` outside `SERVER_NON_DOMAINS`.
 */
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { cruise, type ICruiseResult, type IViolation } from 'dependency-cruiser';
import { beforeAll, describe, expect, it } from 'vitest';
import config, { CRUISE_ROOTS, SERVER_NON_DOMAINS } from '../.dependency-cruiser.mjs';

const root = join(import.meta.dirname, '..');
const SERVER_SRC = 'packages/server/src/';
const TEST_FILE = /\.test\.[cm]?[jt]sx?$/;

/** The cruise roots with `*` expanded to the folders that exist (a package without `src/` is skipped). */
function cruiseRoots(): string[] {
  return CRUISE_ROOTS.flatMap((pattern) => {
    const [head, rest] = pattern.split('/*/');
    if (rest === undefined) return [pattern];
    return readdirSync(join(root, head!), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => `${head}/${entry.name}/${rest}`)
      .filter((path) => existsSync(join(root, path)));
  });
}

/** One violation as a line: the rule, then the import, or the cycle's path. */
function describeViolation(violation: IViolation): string {
  const path = violation.cycle?.length
    ? [violation.from, ...violation.cycle.map((step) => step.name)].join(' → ')
    : `${violation.from} → ${violation.to}`;
  return `${violation.rule.name}: ${path}`;
}

/** The server's domain folders: every top-level folder of `packages/server/src` not listed as a non-domain. */
function serverDomains(): string[] {
  return readdirSync(join(root, SERVER_SRC), { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && !SERVER_NON_DOMAINS.includes(entry.name))
    .map((entry) => entry.name)
    .sort();
}

/**
 * Pairs of server domains that import each other, each as `a ↔ b` with one import of each
 * direction; imports from test files do not count.
 */
function mutualDomainPairs(result: ICruiseResult, domains: string[]): string[] {
  const domainOf = (path: string): string | undefined => {
    if (!path.startsWith(SERVER_SRC)) return undefined;
    const [folder, ...rest] = path.slice(SERVER_SRC.length).split('/');
    return rest.length > 0 && domains.includes(folder!) ? folder : undefined;
  };
  /** `from>to` → one import that makes the edge. */
  const edges = new Map<string, string>();
  for (const module of result.modules) {
    const from = domainOf(module.source);
    if (!from || TEST_FILE.test(module.source)) continue;
    for (const dependency of module.dependencies) {
      const to = domainOf(dependency.resolved);
      const key = `${from}>${to}`;
      if (to && to !== from && !edges.has(key)) edges.set(key, `${module.source} → ${dependency.resolved}`);
    }
  }
  const pairs: string[] = [];
  for (const [key, example] of edges) {
    const [from, to] = key.split('>') as [string, string];
    const back = edges.get(`${to}>${from}`);
    if (back && from < to) pairs.push(`mutual-domains: ${from} ↔ ${to} (${example}; ${back})`);
  }
  return pairs.sort();
}

describe('import rules (.dependency-cruiser.mjs)', () => {
  let result: ICruiseResult;

  beforeAll(async () => {
    const { options, ...ruleSet } = config;
    const output = await cruise(cruiseRoots(), { ...options, baseDir: root, ruleSet, validate: true });
    result = output.output as ICruiseResult;
  }, 120_000);

  it('cruises the whole repository', () => {
    const sources = result.modules.map((module) => module.source);
    for (const prefix of ['packages/server/src/', 'packages/contract/src/', 'app/src/', 'bench/', 'e2e/']) {
      expect(
        sources.some((source) => source.startsWith(prefix)),
        prefix,
      ).toBe(true);
    }
    expect(result.modules.filter((module) => module.couldNotResolve && !module.coreModule)).toEqual([]);
  });

  it('finds no forbidden import and no import cycle', () => {
    const violations = result.summary.violations.map(describeViolation);
    expect(violations, `${violations.length} violations:\n${violations.join('\n')}`).toEqual([]);
  });

  it('finds no two server domains that import each other', () => {
    const domains = serverDomains();
    expect(domains.length).toBeGreaterThan(0);
    const pairs = mutualDomainPairs(result, domains);
    expect(pairs, `${pairs.length} mutual domain pairs:\n${pairs.join('\n')}`).toEqual([]);
  });
});
