/**
 * The contract's text rules: hidden characters in names, their removal from longer texts (joiners
 * of emoji and joined scripts kept), the one link rule and the contact rule.
 */
import { describe, expect, it } from 'vitest';
import { contactProblem, hiddenCharacters, hiddenCharactersProblem, httpUrl, stripHidden } from './text';

describe('hidden characters', () => {
  it('finds bidirectional controls, zero-width and control characters in a name', () => {
    expect(hiddenCharacters('Contrast\u202eChecker')).toEqual(['\u202e']);
    expect(hiddenCharacters('a\u200bb\u200bc\u2066')).toEqual(['\u200b', '\u2066']);
    expect(hiddenCharacters('a\u200db')).toEqual(['\u200d']);
    expect(hiddenCharacters('a\tb')).toEqual(['\t']);
    expect(hiddenCharacters('x\u{e0041}')).toEqual(['\u{e0041}']);
    expect(hiddenCharactersProblem('a\u202eb')).toBe(
      'must not contain invisible or bidirectional control characters (U+202E)',
    );
  });

  it('keeps joiners that join something visible', () => {
    for (const name of ['👩‍💻 Dev', '🕵🏻‍ Find', 'می‌خواهم', '🏴󠁧󠁢󠁳󠁣󠁴󠁿', '🏳️‍🌈', '插件名称', 'Zürich'])
      expect(hiddenCharacters(name), name).toEqual([]);
  });

  it('strips them from longer texts, keeping line breaks and tabs', () => {
    expect(stripHidden('hi\u202e there 👩‍💻\nline\u200b\tend')).toEqual({
      text: 'hi there 👩‍💻\nline\tend',
      removed: 2,
    });
    expect(stripHidden('plain')).toEqual({ text: 'plain', removed: 0 });
  });
});

describe('the link rule', () => {
  it('refuses what is not a plain absolute http(s) link', () => {
    for (const bad of [
      '',
      'https://user:pw@host.example/',
      'https:/\\host.example',
      'https://host.example\\@evil.example/',
      'javascript:alert(1)',
      'JaVaScRiPt:alert(1)',
      ' https://example.com/',
      'https://exa\tmple.com/',
      'https://example.com/\u0000',
      'https://example\u200b.com/',
      'data:text/html,x',
      `https://example.com/${'a'.repeat(2048)}`,
    ])
      expect(httpUrl(bad), JSON.stringify(bad)).toBeUndefined();
  });

  it('normalises a good link', () => {
    expect(httpUrl('https://github.com/example/plugin')).toBe('https://github.com/example/plugin');
    expect(httpUrl('HTTP://Example.com')).toBe('http://example.com/');
    expect(httpUrl('https://github.com/a/Ephoto Dam')).toBe('https://github.com/a/Ephoto%20Dam');
  });
});

describe('the contact rule', () => {
  it('takes text, email, phone and links, never an active scheme', () => {
    for (const good of [
      'dev@example.com',
      'QQ:12345',
      'WeChat: pixso_dev',
      '+86 138 0000 0000',
      'mailto:a@b.c',
      'https://a.example/',
    ])
      expect(contactProblem(good), good).toBeUndefined();
    for (const bad of [
      'javascript:alert(1)',
      ' java\tscript:x',
      'DATA:text/html,x',
      'vbscript:x',
      'file:///etc/passwd',
      'ftp://a.example',
      'https://user:pw@a.example/',
      'dev\u202e@example.com',
    ])
      expect(contactProblem(bad), bad).toBeDefined();
  });
});
