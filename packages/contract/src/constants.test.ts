import { describe, expect, it } from 'vitest';
import {
  LOCALE_ALIASES,
  LOCALES,
  localeFromCookieValue,
  localeFromLanguageTag,
  matchLocale,
  PluginSort,
  pluginListSort,
} from './index';

describe('the locale table (SPEC §9)', () => {
  it('names every locale once, with the lang cookie values of SPEC §9', () => {
    expect(Object.keys(LOCALE_ALIASES)).toEqual([...LOCALES]);
    expect(LOCALES.map((l) => LOCALE_ALIASES[l].cookie)).toEqual(['zh-CN', 'en', 'jp', 'kr', 'ru', 'es']);
    expect(LOCALES.map((l) => LOCALE_ALIASES[l].language)).toEqual(['zh', 'en', 'ja', 'ko', 'ru', 'es']);
  });

  it('localeFromCookieValue: cookie values and full names, case-insensitive, nothing else', () => {
    expect(['zh-CN', 'en', 'jp', 'kr', 'ru', 'es'].map(localeFromCookieValue)).toEqual([...LOCALES]);
    expect(LOCALES.map(localeFromCookieValue)).toEqual([...LOCALES]);
    expect(localeFromCookieValue(' EN-us ')).toBe('en-US');
    expect(localeFromCookieValue('ZH-cn')).toBe('zh-CN');
    expect(localeFromCookieValue('KR')).toBe('ko-KR');
    for (const other of ['zh', 'ja', 'ko', 'en-GB', 'fr', '', '  ', null, undefined]) {
      expect(localeFromCookieValue(other)).toBeUndefined();
    }
  });

  it('localeFromLanguageTag: by primary language subtag, as Accept-Language entries are', () => {
    expect(['zh', 'en', 'ja', 'ko', 'ru', 'es'].map(localeFromLanguageTag)).toEqual([...LOCALES]);
    expect(LOCALES.map(localeFromLanguageTag)).toEqual([...LOCALES]);
    expect(localeFromLanguageTag('en-GB')).toBe('en-US');
    expect(localeFromLanguageTag('zh-Hant-TW')).toBe('zh-CN');
    expect(localeFromLanguageTag('ES-419')).toBe('es-ES');
    for (const other of ['jp', 'kr', 'fr-FR', 'de', '*', '', null, undefined]) {
      expect(localeFromLanguageTag(other)).toBeUndefined();
    }
  });

  it('matchLocale: exactly one of the names of a locale (catalogue lang codes)', () => {
    const names = { zh: 'zh-CN', 'zh-cn': 'zh-CN', EN: 'en-US', 'en-US': 'en-US', ja: 'ja-JP', jp: 'ja-JP' };
    for (const [code, locale] of Object.entries(names)) expect(matchLocale(code)).toBe(locale);
    for (const locale of LOCALES) {
      const { cookie, language } = LOCALE_ALIASES[locale];
      expect([locale, cookie, language].map(matchLocale)).toEqual([locale, locale, locale]);
    }
    for (const other of ['zh-TW', 'en-GB', 'ja-XX', 'fr', '*', '', null, undefined]) {
      expect(matchLocale(other)).toBeUndefined();
    }
  });
});

describe('pluginListSort (the default sort of a plugin list)', () => {
  it('defaults to relevance with a keyword and latest without; relevance needs a keyword', () => {
    expect(pluginListSort(undefined, 'grid')).toBe(PluginSort.RELEVANCE);
    expect(pluginListSort(undefined, '')).toBe(PluginSort.LATEST);
    expect(pluginListSort(undefined, '  ')).toBe(PluginSort.LATEST);
    expect(pluginListSort(undefined)).toBe(PluginSort.LATEST);
    expect(pluginListSort(PluginSort.RELEVANCE, null)).toBe(PluginSort.LATEST);
    expect(pluginListSort(PluginSort.RELEVANCE, 'grid')).toBe(PluginSort.RELEVANCE);
    expect(pluginListSort(PluginSort.MOST_POPULAR, 'grid')).toBe(PluginSort.MOST_POPULAR);
    expect(pluginListSort(PluginSort.LATEST, 'grid')).toBe(PluginSort.LATEST);
  });
});
