import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { normalizeTagCode } from '../shared/tags';
import { tagNameZh } from './tagNames';
import names from './tagNames.zh.json' with { type: 'json' };

/** Every tag code of a catalogue file of the package, normalised as the server stores it. */
function catalogueTagCodes(file: string): Set<string> {
  const url = new URL(`../../catalogue/${file}`, import.meta.url);
  const entries = JSON.parse(readFileSync(url, 'utf8')) as { tags?: string[] }[];
  return new Set(entries.flatMap((entry) => (entry.tags ?? []).map(normalizeTagCode)).filter(Boolean));
}

describe('tagNameZh', () => {
  it('names every tag code of the shipped catalogue in Chinese', () => {
    const codes = catalogueTagCodes('plugins.json');
    expect(codes.size).toBeGreaterThanOrEqual(58);
    for (const code of [...codes, ...catalogueTagCodes('zh.json')]) {
      expect(tagNameZh(code), code).toBeTruthy();
    }
  });

  it('names only codes in their stored form, each with a distinct, trimmed name', () => {
    for (const [code, name] of Object.entries(names)) {
      expect(normalizeTagCode(code)).toBe(code);
      expect(name).toBe(name.trim());
      expect(name.normalize('NFKC')).toBe(name);
    }
    expect(new Set(Object.values(names)).size).toBe(Object.keys(names).length);
  });

  it('answers with the name, normalising the code, and undefined when unknown', () => {
    expect(tagNameZh('icons')).toBe('图标');
    expect(tagNameZh('artboards')).toBe('画板');
    expect(tagNameZh(' UI_Kits ')).toBe('UI 套件');
    expect(tagNameZh('no-such-tag')).toBeUndefined();
    expect(tagNameZh('constructor')).toBeUndefined();
    expect(tagNameZh('')).toBeUndefined();
  });
});
