import { describe, expect, it } from 'vitest';
import { normalizeText, parseSearchQuery, toFts5Query, tokenDocument, tokenize, toTsQuery } from './tokenize';

describe('tokenize', () => {
  it('normalises: NFKC, lower case, Latin diacritics stripped', () => {
    expect(normalizeText('Café ＡＢＣ')).toBe('cafe abc');
    expect(tokenize('Crème Brûlée')).toEqual(['creme', 'brulee']);
  });

  it('makes Latin/digit runs word tokens, splitting on punctuation, symbols and emoji', () => {
    expect(tokenize('Color-Picker_2 ⚓️ Sketch - SelectPlus!')).toEqual([
      'color',
      'picker',
      '2',
      'sketch',
      'selectplus',
    ]);
  });

  it('makes every unigram and bigram of a CJK run', () => {
    expect(tokenize('图标库')).toEqual(['图', '图标', '标', '标库', '库']);
    expect(tokenize('MIX图标x')).toEqual(['mix', '图', '图标', '标', 'x']);
    expect(tokenize('한국어')).toEqual(['한', '한국', '국', '국어', '어']);
  });

  it('keeps other scripts as words (Cyrillic, Devanagari with its combining marks)', () => {
    expect(tokenize('Привет Мир')).toEqual(['привет', 'мир']);
    expect(tokenize('हिन्दी शब्द')).toEqual(['हिन्दी', 'शब्द']);
  });

  it('builds a deduplicated, space-separated token document', () => {
    expect(tokenDocument(['Color color', null, '颜色'])).toBe('color 颜 颜色 色');
    expect(tokenDocument(['!!!'])).toBe('');
  });
});

describe('parseSearchQuery', () => {
  it('word terms match as prefixes, all terms ANDed', () => {
    expect(parseSearchQuery('  Colo  Picker ')).toEqual([
      { token: 'colo', prefix: true },
      { token: 'picker', prefix: true },
    ]);
  });

  it('a 1-character CJK term is its unigram, a longer one all its bigrams', () => {
    expect(parseSearchQuery('图')).toEqual([{ token: '图', prefix: false }]);
    expect(parseSearchQuery('插件')).toEqual([{ token: '插件', prefix: false }]);
    expect(parseSearchQuery('颜色选择').map((t) => t.token)).toEqual(['颜色', '色选', '选择']);
  });

  it('drops punctuation, so query syntax cannot reach the engines', () => {
    for (const keyword of ['"', '*', ':', '&', '|', '!', '()', "'", '\\', '...']) {
      expect(parseSearchQuery(keyword)).toEqual([]);
    }
    const tokens = parseSearchQuery('"a" NEAR(b c) AND d:* | !e');
    expect(tokens.map((t) => t.token)).toEqual(['a', 'near', 'b', 'c', 'and', 'd', 'e']);
    expect(toFts5Query(tokens.slice(0, 2), 'search_all')).toBe('search_all : "a"* AND search_all : "near"*');
    expect(toTsQuery(tokens.slice(0, 2))).toBe("'a':* & 'near':*");
  });

  it('quotes tokens defensively in both query languages', () => {
    expect(toFts5Query([{ token: 'a"b', prefix: false }], 'c')).toBe('c : "a""b"');
    expect(toTsQuery([{ token: "a'b\\", prefix: true }])).toBe("'a''b\\\\':*");
  });
});
