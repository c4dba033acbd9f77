/**
 * Regenerates the documentation tables that are rendered from code: `pnpm docs:config` (the
 * configuration tables of `docs/deployment.md`, from the server's `CONFIG_SCHEMA`) and
 * `pnpm docs:routes` (the route table of `docs/api.md`, from the contract's `ROUTES`). With
 * `--check` it writes nothing and exits 1 when a file is out of date. Tests fail on the same drift
 * (`config/docs.test.ts`, `routeDocs.test.ts`).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { updateRouteDocs } from '../packages/contract/src/routeDocs';
import { replaceConfigTable } from '../packages/server/src/config/docs';

const TABLES = {
  config: { file: 'docs/deployment.md', what: 'configuration tables', update: replaceConfigTable },
  routes: { file: 'docs/api.md', what: 'route table', update: updateRouteDocs },
} as const;

const name = process.argv[2] as keyof typeof TABLES;
const table = TABLES[name];
if (!table) {
  process.stderr.write(`usage: docs.ts ${Object.keys(TABLES).join('|')} [--check]\n`);
  process.exit(2);
}
const url = new URL(`../${table.file}`, import.meta.url);
const before = readFileSync(url, 'utf8');
const after = table.update(before);
if (after === before) {
  process.stdout.write(`${table.file}: ${table.what} up to date\n`);
} else if (process.argv.includes('--check')) {
  process.stderr.write(`${table.file}: ${table.what} out of date; run pnpm docs:${name}\n`);
  process.exitCode = 1;
} else {
  writeFileSync(url, after);
  process.stdout.write(`${table.file}: ${table.what} regenerated\n`);
}
