import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { formatCount, formatDate, formatNumber } from '../format';
import { i18n, localeFromCookieValue, readLangCookie, setLanguage, useTranslation } from './i18n';

function Probe() {
  const { t, locale } = useTranslation();
  return (
    <p data-locale={locale}>
      {t('square.sortPopular')} | {t('square.results', { count: 2, n: '2' })} | {t('detail.linkCopied')}
    </p>
  );
}

afterEach(async () => {
  cleanup();
  await act(() => setLanguage('zh-CN'));
});

describe('useTranslation', () => {
  it('renders zh-CN by default and re-renders on a language change, with the lang cookie and <html lang>', async () => {
    render(<Probe />);
    expect(screen.getByText(/最热/).textContent).toBe('最热 | 共 2 个结果 | 链接已复制');
    await act(() => setLanguage('en-US'));
    expect(screen.getByText(/Most popular/).textContent).toBe('Most popular | 2 results | link copied');
    expect(document.documentElement.lang).toBe('en-US');
    expect(readLangCookie(document.cookie)).toBe('en-US');
    expect(document.cookie).toContain('lang=en');
  });

  it('loads a partial locale on demand and falls back to en-US for its missing keys', async () => {
    render(<Probe />);
    await act(() => setLanguage('ja-JP'));
    expect(i18n.language).toBe('ja-JP');
    expect(screen.getByText(/人気順/).textContent).toBe('人気順 | 2 results | link copied');
    expect(document.cookie).toContain('lang=jp');
  });
});

describe('lang cookie values (SPEC §9)', () => {
  it('maps zh-CN, en, jp, kr, ru, es to the locales, and ignores unknown values', () => {
    expect(['zh-CN', 'en', 'jp', 'kr', 'ru', 'es'].map(localeFromCookieValue)).toEqual([
      'zh-CN',
      'en-US',
      'ja-JP',
      'ko-KR',
      'ru-RU',
      'es-ES',
    ]);
    expect(localeFromCookieValue('fr')).toBeUndefined();
    expect(readLangCookie('a=1; lang=kr; b=2')).toBe('ko-KR');
    expect(readLangCookie('a=1')).toBeUndefined();
  });
});

describe('number and date formatting', () => {
  it('formats counts in the locale: full with grouping, compact on cards', () => {
    expect(formatNumber(1448, 'en-US')).toBe('1,448');
    expect(formatCount(999, 'en-US')).toBe('999');
    expect(formatCount(12_345, 'en-US')).toBe('12.3K');
    expect(formatCount(12_345, 'zh-CN')).toBe('1.2万');
  });

  it('formats times in the locale and shows the fallback for null', () => {
    const ms = Date.UTC(2020, 2, 15, 12);
    expect(formatDate(ms, 'en-US', '—')).toBe('Mar 15, 2020');
    expect(formatDate(ms, 'zh-CN', '—')).toBe('2020年3月15日');
    expect(formatDate(null, 'zh-CN', '—')).toBe('—');
  });
});
