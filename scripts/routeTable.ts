/**
 * Regenerates the route table of `docs/api.md` from the contract's `ROUTES` (between the
 * `route-table` markers): `pnpm docs:routes`. With `--check` it writes nothing and exits 1 when the
 * file is out of date.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { updateRouteDocs } from '../packages/contract/src/routeDocs';

const file = new URL('../docs/api.md', import.meta.url);
const before = readFileSync(file, 'utf8');
const after = updateRouteDocs(before);
if (after === before) {
  process.stdout.write('docs/api.md: route table up to date\n');
} else if (process.argv.includes('--check')) {
  process.stderr.write('docs/api.md: route table out of date; run pnpm docs:routes\n');
  process.exitCode = 1;
} else {
  writeFileSync(file, after);
  process.stdout.write('docs/api.md: route table regenerated\n');
}
