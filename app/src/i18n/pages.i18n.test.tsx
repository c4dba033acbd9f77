/**
 * The pages in every locale: the square, the publish form and a back-office page (with
 * its navigation) rendered in each locale whose files exist show no key name and, outside en-US, no
 * en-US sentence — so a missing text can neither fall back to English nor show as `section.key`.
 */
import { fakeFetch, ok, summary } from '@plugin-center/test-fakes/fetch';
import { act, cleanup, screen } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { BackstageHeader } from '../backoffice/BackstageHeader';
import { IconfontView } from '../backoffice/settings/AccountSettingsPages';
import { PublishForm } from '../pages/publish/PublishPage';
import { SquarePage } from '../pages/SquarePage';
import { renderWithClient } from '../testing/render';
import { NAMESPACES, pluralBase, readCatalog } from './catalog';
import { setLanguage } from './i18n';

const catalog = readCatalog();
const locales = (['zh-CN', 'en-US', 'ja-JP', 'ko-KR', 'ru-RU', 'es-ES'] as const).filter(
  (l) => catalog.translation[l],
);

/** Every key of every namespace, as it would show when missing (`square.title`, plural suffix dropped). */
const KEYS = new Set(
  NAMESPACES.flatMap((ns) =>
    Object.keys(catalog[ns]['en-US'] ?? {}).map((k) => pluralBase(k)?.base ?? k),
  ).filter((k) => k.includes('.')),
);
/** The back-office navigation's keys (one level, no dot): a missing label shows as the bare key. */
const NAV_KEYS = new Set(Object.keys(catalog.backofficeNav['en-US'] ?? {}));

/** The en-US sentences (fragments between placeholders of three or more words) of every namespace. */
function englishSentences(locale: string): string[] {
  const out = new Set<string>();
  for (const ns of NAMESPACES) {
    const en = catalog[ns]['en-US'] ?? {};
    const own = catalog[ns][locale as 'en-US'] ?? {};
    for (const [key, value] of Object.entries(en)) {
      if (typeof value !== 'string' || own[key] === value) continue; // the same text on purpose (see locales.test)
      for (const fragment of value.split(/\{\{[^}]*\}\}/)) {
        const f = fragment.trim();
        if ((f.match(/[A-Za-z]+/g) ?? []).length >= 3) out.add(f);
      }
    }
  }
  return [...out];
}

/** What a person (or a screen reader) gets from the page: its text and its accessible attributes. */
function pageText(): string {
  const attrs = [...document.body.querySelectorAll('[aria-label],[placeholder],[title],[alt]')].flatMap(
    (el) => ['aria-label', 'placeholder', 'title', 'alt'].map((a) => el.getAttribute(a) ?? ''),
  );
  return [document.body.textContent ?? '', ...attrs].join('\n');
}

async function renderPages() {
  const net = fakeFetch((req) => {
    const path = req.url.pathname;
    if (path === '/api/cmt/plugin/tag/list') return ok({ tag_list: [] });
    if (path === '/api/cmt/plugin/list')
      return ok({ plugin_list: [summary('alpha'), summary('beta')], total: 2, next_cursor: null });
    if (path.includes('iconfont'))
      return ok({ client_id: 'cid', client_secret: '••••wxyz', secret_status: 'set', update_time: 1 });
    return ok({ plugin_list: [] });
  });
  renderWithClient(
    net.fetch,
    <Routes>
      <Route path="/" element={<SquarePage />} />
    </Routes>,
  );
  renderWithClient(
    net.fetch,
    <PublishForm isAdmin pluginKey={undefined} send={vi.fn()} />,
    '/publish-plugin/new',
  );
  renderWithClient(
    net.fetch,
    <>
      <BackstageHeader title="—" />
      <IconfontView />
    </>,
    '/backstage-index/iconfont',
  );
  await screen.findAllByText(/alpha/i);
  await screen.findByDisplayValue('cid');
}

afterEach(cleanup);
afterAll(() => setLanguage('zh-CN', { persist: false }));

describe.each(locales)('the pages in %s', (locale) => {
  it('show no key name and, outside en-US, no en-US sentence', async () => {
    await act(() => setLanguage(locale, { persist: false }));
    await renderPages();
    expect(document.documentElement.lang).toBe(locale);
    const text = pageText();
    expect([...KEYS].filter((k) => text.includes(k))).toEqual([]);
    const links = screen.getAllByRole('link').map((a) => a.textContent?.trim() ?? '');
    expect(links.filter((l) => NAV_KEYS.has(l))).toEqual([]);
    if (locale !== 'en-US') expect(englishSentences(locale).filter((s) => text.includes(s))).toEqual([]);
    else expect(text).toContain('Publish a plugin'); // the check above has something to find
  });
});
