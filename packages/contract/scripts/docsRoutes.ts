/**
 * `pnpm docs:routes`: rewrites the route-table section of docs/api.md from the contract's route table.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { updateRouteDocs } from '../src/routeDocs';

const file = fileURLToPath(new URL('../../../docs/api.md', import.meta.url));
writeFileSync(file, updateRouteDocs(readFileSync(file, 'utf8')));
process.stdout.write(`updated ${file}\n`);
