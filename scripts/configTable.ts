/**
 * Regenerates the configuration tables of `docs/deployment.md` from the server's `CONFIG_SCHEMA`
 * (between `<!-- config-table:start -->` and `<!-- config-table:end -->`): `pnpm docs:config`.
 * With `--check` it writes nothing and exits 1 when the file is out of date.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { replaceConfigTable } from '../packages/server/src/configDocs';

const file = new URL('../docs/deployment.md', import.meta.url);
const before = readFileSync(file, 'utf8');
const after = replaceConfigTable(before);
if (after === before) {
  process.stdout.write('docs/deployment.md: configuration tables up to date\n');
} else if (process.argv.includes('--check')) {
  process.stderr.write('docs/deployment.md: configuration tables out of date; run pnpm docs:config\n');
  process.exitCode = 1;
} else {
  writeFileSync(file, after);
  process.stdout.write('docs/deployment.md: configuration tables regenerated\n');
}
