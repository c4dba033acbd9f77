import { act, cleanup, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  formatCount,
  formatDate,
  formatDateTime,
  formatNumber,
  formatPercent,
  formatUtcDay,
} from '../format';
import {
  chooseLocale,
  i18n,
  lazyWithTexts,
  localeFromCookieValue,
  readLangCookie,
  registerNamespace,
  setLanguage,
  useTranslation,
} from './i18n';

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
    expect(screen.getByText(/Most popular/).textContent).toBe('Most popular | 2 results | Link copied');
    expect(document.documentElement.lang).toBe('en-US');
    expect(readLangCookie(document.cookie)).toBe('en-US');
    expect(document.cookie).toContain('lang=en');
  });

  it('loads a locale on demand, complete: nothing falls back to en-US', async () => {
    // Another file in this worker's window may have loaded Japanese: start without it.
    i18n.removeResourceBundle('ja-JP', 'translation');
    render(<Probe />);
    expect(i18n.hasResourceBundle('ja-JP', 'translation')).toBe(false);
    await act(() => setLanguage('ja-JP'));
    expect(i18n.language).toBe('ja-JP');
    expect(screen.getByText(/人気順/).textContent).toBe('人気順 | 2 件の結果 | リンクをコピーしました');
    expect(document.documentElement.lang).toBe('ja-JP');
    expect(document.cookie).toContain('lang=jp');
    expect(i18n.hasResourceBundle('en-US', 'translation')).toBe(true); // from the test before, not needed
    await act(() => setLanguage('ko-KR'));
    expect(screen.getByText(/인기순/).textContent).toBe('인기순 | 검색 결과 2개 | 링크를 복사했습니다');
    expect(document.cookie).toContain('lang=kr');
  });
});

describe('registerNamespace', () => {
  const demo = (locale: string) => `./locales/${locale}.ts`;
  it('adds the bundled zh-CN texts at once and loads the current locale before resolving', async () => {
    const loads: string[] = [];
    const modules = Object.fromEntries(
      ['en-US', 'ja-JP'].map((l) => [
        demo(l),
        async () => {
          loads.push(l);
          return { texts: { hello: `${l} hello` } };
        },
      ]),
    );
    await registerNamespace(
      'demo1',
      { hello: '你好' },
      { ...modules, './locales/notes.ts': async () => ({}) },
    );
    expect(i18n.t('hello', { ns: 'demo1' })).toBe('你好');
    expect(loads).toEqual([]);
    await act(() => setLanguage('ja-JP'));
    expect(i18n.t('hello', { ns: 'demo1' })).toBe('ja-JP hello');
    expect(loads).toEqual(['ja-JP']);
    // a namespace registered while ja-JP is current loads ja-JP before its promise resolves
    await registerNamespace(
      'demo2',
      { hello: '你好' },
      {
        [demo('ja-JP')]: async () => ({ texts: { hello: 'こんにちは' } }),
      },
    );
    expect(i18n.t('hello', { ns: 'demo2' })).toBe('こんにちは');
  });

  it('resolves (with a warning) when a locale chunk fails, and setLanguage then rejects without switching', async () => {
    await act(() => setLanguage('zh-CN'));
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    let fail = true;
    await registerNamespace(
      'demo3',
      { hello: '你好' },
      {
        [demo('ko-KR')]: async () => {
          if (fail) throw new Error('chunk failed');
          return { texts: { hello: '안녕하세요' } };
        },
      },
    );
    await expect(setLanguage('ko-KR')).rejects.toThrow('chunk failed');
    expect(i18n.language).toBe('zh-CN');
    fail = false;
    await act(() => setLanguage('ko-KR'));
    expect(i18n.t('hello', { ns: 'demo3' })).toBe('안녕하세요');
    warn.mockRestore();
  });
});

describe('lazyWithTexts', () => {
  it("renders a lazily loaded page only once the namespaces its module registers have the current locale's texts", async () => {
    await act(() => setLanguage('ja-JP', { persist: false }));
    let arrive: () => void = () => {};
    const Page = lazyWithTexts(async () => {
      // what importing a page's module does: register its namespace (ja-JP still on its way)
      void registerNamespace(
        'demo4',
        { title: '标题' },
        {
          './locales/ja-JP.ts': () =>
            new Promise((resolve) => {
              arrive = () => resolve({ texts: { title: 'タイトル' } });
            }),
        },
      );
      return { default: () => <h1>{i18n.t('title', { ns: 'demo4' })}</h1> };
    });
    render(
      <Suspense fallback={<p>loading</p>}>
        <Page />
      </Suspense>,
    );
    await act(async () => {
      await new Promise((r) => setTimeout(r, 20));
    });
    expect(screen.getByText('loading')).toBeTruthy();
    expect(screen.queryByRole('heading')).toBeNull();
    await act(async () => arrive());
    expect((await screen.findByRole('heading')).textContent).toBe('タイトル');
  });
});

describe('the start-up locale', () => {
  const overseas = ['en-US', 'ja-JP', 'ko-KR', 'ru-RU', 'es-ES'] as const;
  it('takes the lang cookie when the site offers its locale', () => {
    expect(chooseLocale({ cookie: 'a=1; lang=kr', languages: ['en-US'], locales: overseas })).toBe('ko-KR');
    expect(chooseLocale({ cookie: 'lang=zh-CN', languages: [], locales: ['zh-CN', 'en-US'] })).toBe('zh-CN');
  });
  it('else the first browser language the site offers, by primary subtag', () => {
    expect(chooseLocale({ cookie: 'lang=zh-CN', languages: ['fr', 'es-419', 'ja'], locales: overseas })).toBe(
      'es-ES',
    );
    expect(chooseLocale({ cookie: '', languages: ['de-DE', 'en-GB'], locales: ['zh-CN', 'en-US'] })).toBe(
      'en-US',
    );
  });
  it('else en-US (SPEC §1 fallback) when the browser asks only for languages the site does not offer', () => {
    expect(chooseLocale({ cookie: '', languages: ['fr-FR', 'de'], locales: ['zh-CN', 'en-US'] })).toBe(
      'en-US',
    );
    expect(chooseLocale({ cookie: 'lang=jp', languages: ['de'], locales: ['zh-CN', 'en-US'] })).toBe('en-US');
    // a site without en-US keeps its first locale; nothing asked (or only `*`) keeps the default
    expect(chooseLocale({ cookie: '', languages: ['fr'], locales: ['ru-RU', 'ja-JP'] })).toBe('ru-RU');
    expect(chooseLocale({ cookie: '', languages: ['*'], locales: ['zh-CN', 'en-US'] })).toBe('zh-CN');
  });
  it("else the site's first locale; hostile input never throws", () => {
    expect(chooseLocale({ cookie: 'lang=fr', languages: ['de'], locales: overseas })).toBe('en-US');
    expect(
      chooseLocale({
        cookie: 'lang=%E0%A4%A',
        languages: [null, 42, 'x'.repeat(100_000), '\0'],
        locales: ['zh-CN'],
      }),
    ).toBe('zh-CN');
    expect(chooseLocale({ cookie: '', languages: [] })).toBe('zh-CN'); // the domestic default site
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
    expect(formatDate(ms, 'ja-JP', '—')).toBe('2020/03/15');
    expect(formatDate(ms, 'ko-KR', '—')).toBe('2020. 3. 15.');
    expect(formatDateTime(Number.NaN, 'ko-KR')).toBe('—');
    expect(formatDateTime(ms, 'en-US')).toMatch(/^Mar 15, 2020, \d{1,2}:\d{2}\s?[AP]M$/);
    expect(formatUtcDay('2024-03-05', 'ja-JP')).toBe('3月5日');
    expect(formatUtcDay('2024-03-05', 'en-US', true)).toBe('Mar 5, 2024');
    expect(formatUtcDay('not a day', 'en-US')).toBe('not a day');
  });

  it("formats counts and shares in each language's own way", () => {
    expect(formatNumber(1448, 'ru-RU')).toBe('1\u00a0448');
    expect(formatNumber(1448, 'es-ES')).toBe('1448'); // Spanish groups from five digits
    expect(formatNumber(12_448, 'es-ES')).toBe('12.448');
    expect(formatCount(12_345, 'ja-JP')).toBe('1.2万');
    expect(formatCount(12_345, 'ko-KR')).toBe('1.2만');
    expect(formatPercent(0.125, 'en-US')).toBe('12.5%');
    expect(formatPercent(0.125, 'es-ES')).toBe('12,5\u00a0%');
  });

  it('picks plural forms by Intl.PluralRules through i18next (count) with the number formatted (n)', async () => {
    await act(() => setLanguage('en-US', { persist: false }));
    const n = formatNumber(1448, 'en-US');
    expect(i18n.getFixedT('en-US')('square.results', { count: 1, n: '1' })).toBe('1 result');
    expect(i18n.getFixedT('en-US')('square.results', { count: 1448, n })).toBe('1,448 results');
  });
});
