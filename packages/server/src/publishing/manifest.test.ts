// @vitest-environment node
/**
 * The manifest check against the real manifests of the catalogue
 * (`../shared/data/catalogue/manifests/`, copied byte for byte from their repositories) and against
 * hostile and malformed files: every real one is accepted as its platform's shape, every bad one is
 * refused with the JSON path and what was expected.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { defaultCatalogueDir } from '../config/paths';
import { MANIFEST_LIMITS, validateManifest } from './manifest';

const dir = join(defaultCatalogueDir(), 'manifests');
const files = readdirSync(dir).filter((f) => f.endsWith('.json'));
const platformOf = new Map(
  readFileSync(join(dir, 'SOURCES.tsv'), 'utf8')
    .split('\n')
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => {
      const [file, platform] = line.split('\t') as [string, string];
      return [file, platform.split(' ')[0]!] as [string, string];
    }),
);
const EXPECTED_KIND: Record<string, string> = {
  figma: 'figma',
  jsdesign: 'figma',
  mastergo: 'mastergo',
  penpot: 'penpot',
};
const check = (value: unknown) =>
  validateManifest(new TextEncoder().encode(typeof value === 'string' ? value : JSON.stringify(value)));

describe('plugin manifests', () => {
  it.each(files)('accepts the real manifest %s as its platform', (file) => {
    const result = validateManifest(readFileSync(join(dir, file)));
    expect(result, JSON.stringify(result)).toMatchObject({
      ok: true,
      kind: EXPECTED_KIND[platformOf.get(file)!],
    });
  });

  it('has every platform of the catalogue in the test set', () => {
    expect(new Set(files.map((f) => platformOf.get(f)))).toEqual(
      new Set(['figma', 'jsdesign', 'mastergo', 'penpot']),
    );
  });

  const figma = {
    name: 'Tidy',
    id: '123',
    api: '1.0.0',
    main: 'code.js',
    ui: 'ui.html',
    editorType: ['figma'],
  };
  it.each([
    ['not JSON', '{"name":', '', /JSON file/],
    ['an array', '[]', '', /JSON object/],
    ['not UTF-8', new Uint8Array([0x7b, 0xff, 0x7d]), '', /JSON file/],
    ['too large', `{"name":"${'a'.repeat(MANIFEST_LIMITS.BYTES)}"}`, '', /at most 65536 bytes/],
    ['no main', { ...figma, main: undefined }, '', /main/],
    ['a numeric name', { ...figma, name: 7 }, '/name', /string/],
    ['an unknown editor', { ...figma, editorType: ['photoshop'] }, '/editorType/0', /./],
    [
      'domains not a list',
      { ...figma, networkAccess: { allowedDomains: 'all' } },
      '/networkAccess/allowedDomains',
      /array/,
    ],
    ['a NUL in a path', { ...figma, main: 'co\u0000de.js' }, '/main', /pattern/],
    ['a bad api version', { ...figma, api: 'latest' }, '/api', /pattern/],
    [
      'a Penpot manifest without code',
      { name: 'P', code: '', permissions: ['content:read'] },
      '/code',
      /fewer than 1 characters/,
    ],
  ])('refuses %s, naming where', (_name, input, path, message) => {
    const result = input instanceof Uint8Array ? validateManifest(input) : check(input);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    const problem = result.problems.find((p) => p.path === path) ?? result.problems[0]!;
    expect(problem.path).toBe(path);
    expect(problem.message).toMatch(message);
  });

  it('keeps fields it does not know (platforms add fields)', () => {
    expect(check({ ...figma, containsWidget: true, parameters: [] })).toMatchObject({
      ok: true,
      kind: 'figma',
    });
  });
});
