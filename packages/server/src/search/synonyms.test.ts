import { describe, expect, it } from 'vitest';
import { americanSpelling, SYNONYM_PHRASES_MAX_WORDS, synonymGroupsOf, synonymsOf } from './synonyms';
import data from './synonyms.json' with { type: 'json' };

const HAN = /\p{Script=Han}/u;

describe('synonyms.json', () => {
  it('has 80–140 groups of at least two members', () => {
    expect(data.groups.length).toBeGreaterThanOrEqual(80);
    expect(data.groups.length).toBeLessThanOrEqual(140);
    for (const group of data.groups) expect(group.length, JSON.stringify(group)).toBeGreaterThanOrEqual(2);
  });

  it('has normalised members: non-empty, lower case, NFKC, no outer or double spaces, none twice in a group', () => {
    for (const group of data.groups) {
      expect(new Set(group).size, JSON.stringify(group)).toBe(group.length);
      for (const member of group) {
        expect(member, member).not.toBe('');
        expect(member, member).toBe(member.trim());
        expect(member, member).toBe(member.toLowerCase());
        expect(member, member).toBe(member.normalize('NFKC'));
        expect(member, member).not.toMatch(/\s{2}|[^\S ]/);
        // A Chinese member is one word; English members are letters and digits separated by single spaces.
        if (HAN.test(member)) expect(member, member).toMatch(/^\p{Script=Han}+$/u);
        else expect(member, member).toMatch(/^[a-z0-9]+( [a-z0-9]+)*$/);
      }
    }
  });

  it('has no group twice and keeps members in American spelling', () => {
    const keys = data.groups.map((group) => [...group].sort().join('|'));
    expect(new Set(keys).size).toBe(keys.length);
    for (const group of data.groups) {
      for (const word of group.flatMap((member) => member.split(' '))) {
        expect(Object.keys(data.spelling), word).not.toContain(word);
      }
    }
  });

  it('maps British spellings to different American ones, in lower case', () => {
    expect(Object.keys(data.spelling).length).toBeGreaterThan(20);
    for (const [british, american] of Object.entries(data.spelling)) {
      expect(british).toMatch(/^[a-z]+$/);
      expect(american).toMatch(/^[a-z]+$/);
      expect(american).not.toBe(british);
      expect(Object.keys(data.spelling)).not.toContain(american);
    }
  });
});

describe('synonymsOf', () => {
  it('goes from Chinese to English', () => {
    expect(synonymsOf('图表')).toContain('chart');
    expect(synonymsOf('切图')).toContain('slice');
    expect(synonymsOf('切图')).toEqual(['slice', 'slices', 'slicing', '切片']);
    expect(synonymsOf('取色器')).toContain('color picker');
  });

  it('goes from English to Chinese', () => {
    expect(synonymsOf('chart')).toContain('图表');
    expect(synonymsOf('chart')).toEqual(['charts', 'graph', 'graphs', '图表']);
    expect(synonymsOf('dark mode')).toEqual(expect.arrayContaining(['暗黑模式', '深色模式']));
    expect(synonymsOf('a11y')).toContain('accessibility');
  });

  it('merges every group of the phrase, without the phrase itself or duplicates', () => {
    const result = synonymsOf('标注');
    expect(result).toEqual(expect.arrayContaining(['annotation', 'handoff', '交付']));
    expect(result).not.toContain('标注');
    expect(new Set(result).size).toBe(result.length);
    expect(synonymGroupsOf('标注')).toHaveLength(2);
    expect(synonymsOf('i18n')).toEqual(expect.arrayContaining(['翻译', '本地化']));
  });

  it('normalises the phrase: case, NFKC, outer and inner whitespace', () => {
    expect(synonymsOf(' Color  Picker ')).toEqual(synonymsOf('color picker'));
    expect(synonymsOf('ＳＶＧ')).toEqual(synonymsOf('svg'));
    expect(synonymGroupsOf('ICON')[0]).toContain('图标');
  });

  it('knows nothing of other phrases', () => {
    expect(synonymsOf('banana')).toEqual([]);
    expect(synonymsOf('')).toEqual([]);
    expect(synonymGroupsOf('banana')).toEqual([]);
  });
});

describe('americanSpelling', () => {
  it('maps British spellings and leaves other words alone', () => {
    expect(americanSpelling('colour')).toBe('color');
    expect(americanSpelling('Grey')).toBe('gray');
    expect(americanSpelling('centre')).toBe('center');
    expect(americanSpelling('organise')).toBe('organize');
    expect(americanSpelling('color')).toBe('color');
    expect(americanSpelling('Figma')).toBe('Figma');
  });

  it('leads a British phrase to the American group', () => {
    const phrase = 'colour picker'.split(' ').map(americanSpelling).join(' ');
    expect(synonymsOf(phrase)).toContain('取色器');
  });
});

describe('SYNONYM_PHRASES_MAX_WORDS', () => {
  it('is the word count of the longest member', () => {
    expect(SYNONYM_PHRASES_MAX_WORDS).toBe(3);
    const longest = Math.max(...data.groups.flat().map((member) => member.split(' ').length));
    expect(SYNONYM_PHRASES_MAX_WORDS).toBe(longest);
  });
});
