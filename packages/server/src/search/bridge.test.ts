import { readFileSync } from 'node:fs';
import { describe, expect, it, vi } from 'vitest';
import { parseQuery } from './analyze';
import { glossAlternatives } from './bridge';
import {
  cedictEntries,
  cedictHas,
  cedictLoadStats,
  indexCedictText,
  preloadCedict,
  readCedictFile,
} from './cedict';

/** The alternatives of a keyword as "covers:terms" strings. */
function alternatives(keyword: string): string[] {
  return glossAlternatives(parseQuery(keyword)).map((a) => `${a.covers.join(',')}:${a.terms.join('+')}`);
}

describe('CC-CEDICT', () => {
  it('is read from the hanzi package with its licence, once, and says what the load cost', () => {
    const stats = cedictLoadStats();
    expect(stats.path).toMatch(/hanzi[\\/]lib[\\/]data[\\/]cedict_ts\.u8\.js$/);
    expect(stats.bytes).toBeGreaterThan(5_000_000);
    expect(readFileSync(stats.path, 'utf8').slice(0, 600)).toContain(
      'Creative Commons Attribution-ShareAlike 4.0 International License',
    );
    expect(stats.headwords).toBeGreaterThan(100_000);
    expect(stats.loadMs).toBeGreaterThan(0);
    expect(stats.cpuMs).toBeGreaterThan(0);
    expect(cedictLoadStats()).toBe(stats);
  });

  it('gives the entries of a simplified headword, senses split', () => {
    expect(cedictEntries('饼图')).toEqual([{ pinyin: 'bing3 tu2', senses: ['pie chart'] }]);
    expect(cedictEntries('投票')[0]?.senses).toEqual(['to vote', 'to cast a vote']);
    expect(cedictHas('阿拉伯语')).toBe(true);
    expect(cedictEntries('不是一个词语吧')).toEqual([]);
    expect(cedictHas('3C')).toBe(false);
  });
});

describe('loading CC-CEDICT', () => {
  it('indexes in slices with turns of the event loop between them, to the same headwords as at once', async () => {
    await preloadCedict();
    const stats = cedictLoadStats();
    const text = readFileSync(stats.path, 'utf8');
    let turns = 0;
    let counting = true;
    const count = () => {
      turns++;
      if (counting) setImmediate(count);
    };
    setImmediate(count);
    const lines = await indexCedictText(text);
    counting = false;
    expect(lines.size).toBe(stats.headwords);
    expect(lines.has('折线图')).toBe(true);
    // Over 120,000 lines in slices of 4,000: other work ran between the slices.
    expect(turns).toBeGreaterThanOrEqual(25);
  });

  it('goes on without the dictionary when its file cannot be read, with one warning', () => {
    const warn = vi.spyOn(process, 'emitWarning').mockImplementation(() => {});
    try {
      expect(readCedictFile('/nonexistent/cedict_ts.u8.js')).toBeNull();
      expect(warn).toHaveBeenCalledTimes(1);
      expect(String(warn.mock.calls[0]![0])).toMatch(/^CC-CEDICT could not be read \(ENOENT/);
    } finally {
      warn.mockRestore();
    }
  });
});

describe('glossAlternatives', () => {
  it('bridges a dictionary word to its glosses, all words of a gloss required', () => {
    expect(alternatives('折线图')).toContain('0:line+chart');
    expect(alternatives('阿拉伯语')).toContain('0:arab');
    expect(alternatives('电子表格')).toContain('0:spreadsheet');
  });

  it('joins a short gloss and drops notes, placeholders and non-glosses', () => {
    // "(attributive) to-do" → todo; "CL:面[mian4]" is not a gloss.
    expect(alternatives('待办')).toContain('0:todo');
    expect(alternatives('国旗')).toEqual(['0:flag']);
  });

  it('splits a word the dictionary lacks into dictionary words and requires one gloss of each', () => {
    const alts = glossAlternatives(parseQuery('字数统计'));
    expect(alts.some((a) => a.share === 1 && a.terms.includes('word') && a.terms.includes('count'))).toBe(
      true,
    );
  });

  it('tries adjacent words together as one dictionary word', () => {
    // jieba: 便利 + 贴; CC-CEDICT: 便利贴 "sticky note".
    expect(alternatives('便利贴')).toContain('0,1:sticki+note');
  });

  it('weighs the glosses of a word the curated synonym list bridges at half', () => {
    const alts = glossAlternatives(parseQuery('表情包'));
    expect(alts.find((a) => a.terms.join('+') === 'visual+meme')?.share).toBe(0.5);
  });

  it('gives a single character only its first glosses', () => {
    // 长: chang2 "long", "(bound form) length", … and zhang3 "chief", "to grow", …
    expect(alternatives('长')).toEqual(['0:long', '0:length']);
  });

  it('bridges design-tool terms CC-CEDICT lacks through the project glossary', () => {
    expect(cedictHas('热力图')).toBe(false);
    // jieba: 热力 + 图, together a glossary word.
    expect(alternatives('热力图')).toEqual(expect.arrayContaining(['0,1:heatmap', '0,1:heat+map']));
    expect(alternatives('不透明度')).toContain('0:opac');
  });

  it('reads a headword that starts with Latin letters (K线图) across the query words', () => {
    expect(cedictEntries('k线图')[0]?.senses).toEqual(['candlestick chart']);
    expect(alternatives('K线图')).toContain('0,1:candlestick+chart');
  });

  it("brings a gloss's English synonyms (transparency → opacity)", () => {
    expect(alternatives('透明度')).toEqual(expect.arrayContaining(['0:transpar', '0:opac']));
  });

  it('keeps the glossary small, sourced and to senses CC-CEDICT lacks', () => {
    const glossary = JSON.parse(readFileSync(new URL('./glossary.json', import.meta.url), 'utf8')) as {
      sources: Record<string, string>;
      entries: { zh: string; en: string[]; source: string }[];
    };
    expect(glossary.entries.length).toBeLessThanOrEqual(120);
    expect(new Set(glossary.entries.map((e) => e.zh)).size).toBe(glossary.entries.length);
    for (const e of glossary.entries) {
      expect(glossary.sources[e.source], e.zh).toBeDefined();
      expect(e.en.length, e.zh).toBeGreaterThan(0);
      // A word CC-CEDICT has is there for a design-tool sense it lacks (行距 "row spacing": line height).
      const senses = new Set(
        cedictEntries(e.zh).flatMap((entry) => entry.senses.map((s) => s.toLowerCase())),
      );
      expect(
        e.en.filter((name) => !senses.has(name) && !senses.has(`to ${name}`)),
        e.zh,
      ).not.toEqual([]);
    }
  });

  it('bridges the Chinese UI names of design tools to their English names (去色, 宽高比, 行距, 九宫格)', () => {
    expect(alternatives('去色')).toContain('0:desatur');
    expect(alternatives('宽高比')).toContain('0:aspect+ratio');
    // CC-CEDICT's "row spacing" stays, after the tools' name.
    expect(alternatives('行距').slice(0, 2)).toEqual(['0:line+height', '0:lineheight']);
    expect(alternatives('行距')).toContain('0:row+space');
    expect(alternatives('更新日志')).toContain('0,1:changelog');
  });

  it('gives nothing for English words', () => {
    expect(glossAlternatives(parseQuery('line chart'))).toEqual([]);
  });
});
