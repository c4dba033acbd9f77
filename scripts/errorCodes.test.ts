/**
 * The error codes of docs/api.md are the ones the server answers: the table under "Envelope" lists
 * every entry of the contract's `ApiErrorCode` (the only codes the server's error envelope carries:
 * `ApiError` and `errorEnvelope` take an entry of it) with its numeric code and the HTTP status of
 * the server's `ERROR_STATUS`, lists nothing else, and every entry is answered somewhere in the
 * server's sources.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ApiErrorCode } from '../packages/contract/src/constants';
import { ERROR_STATUS } from '../packages/server/src/errors';

const root = join(import.meta.dirname, '..');

/** One row of the error table: identifier, numeric code, the HTTP column's text. */
interface DocumentedCode {
  error: string;
  code: number;
  http: string;
}

/** The rows of the `| error | code | HTTP | when |` table of docs/api.md. */
function documentedCodes(): DocumentedCode[] {
  const lines = readFileSync(join(root, 'docs', 'api.md'), 'utf8').split('\n');
  const head = lines.findIndex((line) => /^\| error \| code \| HTTP \| when \|$/.test(line));
  if (head < 0) throw new Error('docs/api.md: the error table (| error | code | HTTP | when |) is missing');
  const rows: DocumentedCode[] = [];
  for (const line of lines.slice(head + 2)) {
    if (!line.startsWith('|')) break;
    const [error, code, http] = line
      .split('|')
      .map((cell) => cell.trim())
      .slice(1);
    rows.push({ error: error!.replace(/`/g, ''), code: Number(code), http: http! });
  }
  return rows;
}

/** The server's source files, tests and test support left out. */
function serverSources(dir = join(root, 'packages', 'server', 'src')): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return serverSources(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

const entries = Object.values(ApiErrorCode);

describe('error codes in docs/api.md', () => {
  it('lists every error code of the contract once, with its code and HTTP status', () => {
    const rows = documentedCodes();
    const listed = rows.map((row) => row.error);
    expect(new Set(listed).size, 'an error listed twice').toBe(listed.length);
    expect([...listed].sort()).toEqual(entries.map((entry) => entry.error).sort());
    for (const row of rows) {
      const entry = entries.find((e) => e.error === row.error)!;
      expect(row.code, row.error).toBe(entry.code);
      expect(row.http, row.error).toMatch(new RegExp(`^${ERROR_STATUS[entry.error]}\\b`));
    }
  });

  it('lists only codes the server answers: each one is used in its sources', () => {
    const text = serverSources()
      .map((file) => readFileSync(file, 'utf8'))
      .join('\n');
    const unused = entries
      .map((entry) => entry.error)
      .filter((error) => !text.includes(`ApiErrorCode.${error}`));
    expect(unused).toEqual([]);
  });
});
