import { describe, expect, it } from 'vitest';
import { normalizeText, splitRuns } from './tokenize';

const words = (text: string) => splitRuns(text).map((r) => `${r.kind}:${r.chars.join('')}`);

describe('tokenize', () => {
  it('normalises: NFKC, lower case, Latin diacritics stripped', () => {
    expect(normalizeText('Café ＡＢＣ')).toBe('cafe abc');
    expect(words('Crème Brûlée')).toEqual(['word:creme', 'word:brulee']);
  });

  it('splits Latin/digit runs on punctuation, symbols and emoji', () => {
    expect(words('Color-Picker_2 ⚓️ Sketch - SelectPlus!')).toEqual([
      'word:color',
      'word:picker',
      'word:2',
      'word:sketch',
      'word:selectplus',
    ]);
  });

  it('keeps a CJK run whole and apart from the Latin around it', () => {
    expect(words('MIX图标库x')).toEqual(['word:mix', 'cjk:图标库', 'word:x']);
    expect(words('한국어')).toEqual(['cjk:한국어']);
  });

  it('keeps other scripts as words (Cyrillic, Devanagari with its combining marks)', () => {
    expect(words('Привет Мир')).toEqual(['word:привет', 'word:мир']);
    expect(words('हिन्दी शब्द')).toEqual(['word:हिन्दी', 'word:शब्द']);
  });

  it('leaves no query syntax: punctuation-only input has no run', () => {
    for (const keyword of ['"', '*', ':', '&', '|', '!', '()', "'", '\\', '...', '\u0000']) {
      expect(splitRuns(keyword)).toEqual([]);
    }
  });
});
