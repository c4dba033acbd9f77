import { describe, expect, it } from 'vitest';
import {
  analyzeText,
  buildSearchTerms,
  exactNameTerm,
  joinedTerms,
  parseQuery,
  SCORE_SCALE,
} from './analyze';

const texts = (names: string[], descriptions: string[] = []) => ({
  names,
  tags: [],
  intros: [],
  descriptions,
  developer: null,
});

describe('analyzer', () => {
  it('stems English words after American spelling, so word forms meet', () => {
    expect(analyzeText('Shadows resizing Colours')).toEqual(['shadow', 'resiz', 'color']);
    expect(analyzeText('shadow resize colors')).toEqual(['shadow', 'resiz', 'color']);
  });

  it('indexes a CJK run as characters, bigrams and dictionary words', () => {
    const terms = new Set(analyzeText('圆角工具'));
    for (const t of ['圆', '角', '圆角', '角工', '工具', '具']) expect(terms).toContain(t);
  });

  it('makes the exact-name term and the joins of a name', () => {
    expect(exactNameTerm('Rename It')).toBe('=renam it');
    expect(exactNameTerm('!!!')).toBeNull();
    expect(joinedTerms('Auto Layout Pro')).toEqual(['autolayout', 'layoutpro']);
  });

  it('scores a name word above the same word in the description, saturating repeats', () => {
    const { terms, words } = buildSearchTerms(
      texts(['Grid Maker'], ['grid grid grid grid grid other words here']),
    );
    const onlyDescription = buildSearchTerms(texts(['Maker'], ['grid'])).terms;
    expect(terms.get('grid')!).toBeGreaterThan(onlyDescription.get('grid')!);
    expect(terms.get('grid')!).toBeLessThan(20 * SCORE_SCALE);
    expect(terms.get('=grid maker')).toBeGreaterThan(0);
    expect(words.get('grid')).toBe('grid');
  });

  it('parses a query: stop words out unless alone, the last word a prefix unless a space follows', () => {
    expect(parseQuery('export frames as png').map((w) => w.term)).toEqual(['export', 'frame', 'png']);
    expect(parseQuery('the').map((w) => w.term)).toEqual(['the']);
    expect(parseQuery('colo').at(-1)?.prefix).toBe(true);
    expect(parseQuery('colo ').at(-1)?.prefix).toBe(false);
    expect(parseQuery('colour').map((w) => w.raw)).toEqual(['color']);
    expect(parseQuery('圆角工具').map((w) => w.term)).toEqual(['圆角', '工具']);
  });
});
