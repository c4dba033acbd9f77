import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { designDictionaryPath, segmentChinese } from './segment';

describe('segmentChinese', () => {
  it('splits design phrases into the words a designer searches for', () => {
    expect(segmentChinese('圆角工具')).toEqual(['圆角', '工具']);
    expect(segmentChinese('批量重命名图层')).toEqual(expect.arrayContaining(['批量', '重命名', '图层']));
    expect(segmentChinese('切图标注')).toEqual(['切图', '标注']);
    expect(segmentChinese('一键切图标注工具')).toEqual(['一键', '切图', '标注', '工具']);
  });

  it('keeps design terms whole (search mode adds their parts before them)', () => {
    expect(segmentChinese('自动布局')).toContain('自动布局');
    expect(segmentChinese('暗黑模式')).toContain('暗黑模式');
    expect(segmentChinese('取色器插件')).toEqual(['取色', '取色器', '插件']);
    expect(segmentChinese('设计系统组件库')).toEqual(['设计', '系统', '设计系统', '组件', '组件库']);
    expect(segmentChinese('占位图片')).toEqual(['占位', '图片']);
  });

  it('keeps the order of the text', () => {
    const words = segmentChinese('批量重命名图层');
    expect(words.indexOf('批量')).toBeLessThan(words.indexOf('重命名'));
    expect(words.indexOf('重命名')).toBeLessThan(words.indexOf('图层'));
  });

  it('does not break ordinary sentences', () => {
    expect(segmentChinese('图标注释')).toEqual(['图标', '注释']);
    expect(segmentChinese('他在地图上标注了位置')).toEqual(['他', '在', '地图', '上', '标注', '了', '位置']);
  });

  it('returns a one-character text as itself and an empty text as nothing', () => {
    expect(segmentChinese('图')).toEqual(['图']);
    expect(segmentChinese('')).toEqual([]);
  });

  it('drops punctuation and whitespace and does not throw on mixed input', () => {
    expect(segmentChinese('图标，插件！')).toEqual(['图标', '插件']);
    expect(() => segmentChinese('Hello 世界 ⚓️ 😀 \u0000 a-b')).not.toThrow();
    expect(segmentChinese('Hello 世界')).toEqual(['Hello', '世界']);
    expect(segmentChinese(' ，。 ')).toEqual([]);
  });

  it('is deterministic', () => {
    const text = '随机头像生成器和配色方案推荐，导出多倍图';
    expect(segmentChinese(text)).toEqual(segmentChinese(text));
  });
});

describe('design.zh.txt', () => {
  const lines = readFileSync(designDictionaryPath(), 'utf8').split('\n').filter(Boolean);

  it('is in jieba format (word freq tag), one distinct word a line', () => {
    expect(lines.length).toBeGreaterThanOrEqual(150);
    expect(lines.length).toBeLessThanOrEqual(250);
    const words = new Set<string>();
    for (const line of lines) {
      expect(line).toMatch(/^\S+ [1-9]\d* [a-z]+$/);
      const word = line.split(' ')[0]!;
      expect(words.has(word), word).toBe(false);
      words.add(word);
    }
  });

  it('has the terms the brief names', () => {
    const words = new Set(lines.map((line) => line.split(' ')[0]));
    for (const word of ['圆角', '切图', '标注', '取色器', '自动布局', '暗黑模式', '设计令牌', '插件管理']) {
      expect(words.has(word), word).toBe(true);
    }
  });
});
