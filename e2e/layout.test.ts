/**
 * Layout at every width in real Chromium against the real server and the built app (overseas site,
 * all six interface languages offered, cookie consent asked):
 *
 * - the site header fits: for 6 languages × {visitor, user, administrator} × {320, 390, 768, 1024,
 *   1280, 1600, 1920} px, every item the bar shows (brand, menus, language picker, session links, avatar, menu
 *   toggle) lies inside the viewport and overlaps no other, and the bar does not scroll sideways;
 * - no page is wider than a phone: at 320 and 390 px the document's `scrollWidth` equals the
 *   viewport width on the main pages (the square with its featured and recommended strips, both
 *   sideways scrollers there, a
 *   plugin's detail, the protocol, 403, not found, and signed in: publish, my plugins, access tokens,
 *   my analytics), and the cookie notice lies inside the first screen;
 * - axe-core's `region` rule (all content inside landmarks, the skip link first) passes on the
 *   square and the protocol page while the cookie notice shows.
 *
 * One server, one browser, one context per role; languages change through the header's language
 * picker (the phone pages: the `lang` cookie) and widths through `setViewportSize`, in loops inside
 * one page.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type E2eEnvironment, prepareAxe, startE2eEnvironment, submitLoginPage } from './support';

const ADMIN = { email: 'layout-admin@example.com', password: 'layout-admin-password-1' };
const USER = {
  email: 'layout-user@example.com',
  password: 'layout-user-password-1',
  nick: 'Alexandra Petrova',
};
/** The six interface languages, as the `lang` cookie spells them. */
const LANGUAGES = ['zh-CN', 'en', 'jp', 'kr', 'ru', 'es'] as const;
/** The locale each `lang` cookie value stands for (`<html lang>`, the picker's values). */
const LOCALE_OF = {
  'zh-CN': 'zh-CN',
  en: 'en-US',
  jp: 'ja-JP',
  kr: 'ko-KR',
  ru: 'ru-RU',
  es: 'es-ES',
} as const;
const ROLES = ['visitor', 'user', 'admin'] as const;
type Role = (typeof ROLES)[number];
const HEADER_WIDTHS = [320, 390, 768, 1024, 1280, 1600, 1920] as const;
const PHONE_WIDTHS = [320, 390] as const;

let env: E2eEnvironment;
const pages = {} as Record<Role, Page>;
let pluginKey = '';

/** Waits until the header has its menus and a settled session (no `aria-busy`). */
async function headerReady(page: Page): Promise<void> {
  await page.locator('.site-header .site-nav-list').waitFor({ state: 'attached' });
  await page.waitForFunction(
    () => !document.querySelector('.site-header [aria-busy="true"]') && document.fonts.status === 'loaded',
  );
}

/**
 * How far the header spills, in px (0 when it fits): the largest of each shown item's right edge
 * past the viewport, each overlap of an item with the one before it, and the bar's sideways scroll.
 */
function headerSpill(page: Page): Promise<{ spill: number; worst: string }> {
  return page.evaluate(
    () =>
      // Two frames: a resize is laid out (and the header re-fitted, ResizeObserver) after the first.
      new Promise<{ spill: number; worst: string }>((done) =>
        requestAnimationFrame(() =>
          requestAnimationFrame(() => {
            const bar = document.querySelector('.site-header-inner') as HTMLElement;
            const width = document.documentElement.clientWidth;
            const items = [
              ...bar.querySelectorAll<HTMLElement>(
                '.brand, .site-nav-list > li, .header-end > :not(.session), .header-end > .session > *',
              ),
            ].filter((el) => el.getClientRects().length > 0 && el.getBoundingClientRect().width > 0);
            let spill = bar.scrollWidth - bar.clientWidth;
            let worst = spill > 0 ? 'bar scrolls' : '';
            let previous: DOMRect | null = null;
            for (const el of items) {
              const box = el.getBoundingClientRect();
              const name = `${el.className || el.tagName} "${el.textContent?.trim().slice(0, 20)}"`;
              if (box.right - width > spill) [spill, worst] = [box.right - width, `${name} past the edge`];
              if (previous && previous.right - box.left > spill) {
                [spill, worst] = [previous.right - box.left, `${name} overlaps`];
              }
              previous = box;
            }
            done({ spill: Math.max(0, Math.round(spill)), worst });
          }),
        ),
      ),
  );
}

/**
 * Switches the interface language as a person does, with the header's language picker (in the bar or
 * in the closed menu panel: its `<select>` changed in script), and waits for the page to follow.
 */
async function pickLanguage(page: Page, lang: (typeof LANGUAGES)[number]): Promise<void> {
  const locale = LOCALE_OF[lang];
  await page.evaluate((value) => {
    const select = document.querySelector<HTMLSelectElement>('.site-header .lang-picker select');
    if (!select) throw new Error('the header has no language picker');
    select.value = value;
    select.dispatchEvent(new Event('change', { bubbles: true }));
  }, locale);
  await page.waitForFunction((value) => document.documentElement.lang === value, locale);
  await headerReady(page);
}

/** Sets the `lang` cookie of `page`'s context. */
async function setLanguage(page: Page, lang: string): Promise<void> {
  await page.context().addCookies([{ name: 'lang', value: lang, url: env.origin }]);
}

beforeAll(async () => {
  env = await startE2eEnvironment({
    SITE_VARIANT: 'overseas',
    SITE_LOCALES: LANGUAGES.join(','),
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
  });
  const { kysely } = env.server.db;
  const approved = await kysely
    .selectFrom('plugin')
    .select(['id', 'plugin_key'])
    .where('review_status', '=', 2)
    .orderBy('id')
    .limit(3)
    .execute();
  pluginKey = approved[0]!.plugin_key;
  // Three featured slots (the square's featured strip scrolls sideways on phones).
  const now = Date.now();
  await kysely
    .insertInto('resource_position')
    .values(
      approved.map((p, i) => ({
        plugin_id: p.id,
        start_time: now - 3_600_000,
        end_time: now + 86_400_000,
        is_new: i === 0 ? 1 : 0,
        is_disabled: 0,
        create_time: now,
        update_time: now,
      })),
    )
    .execute();
  for (const role of ROLES) pages[role] = (await env.newPage()).page;
  await Promise.all([
    (async () => {
      const page = pages.user;
      await page.goto(env.appUrl);
      await page.locator('.site-header .session .button-primary').click();
      await submitLoginPage(page, USER);
      await page.locator('.site-header .session[data-state="signed-in"]').waitFor({ state: 'attached' });
    })(),
    (async () => {
      const page = pages.admin;
      await page.goto(`${env.appUrl}my-plugins`);
      await submitLoginPage(page, ADMIN);
      await page.locator('.site-header .session[data-state="signed-in"]').waitFor({ state: 'attached' });
    })(),
  ]);
}, 90_000);

afterAll(async () => {
  await env?.close();
});

describe('the site header', () => {
  it('fits 6 languages × visitor, user, administrator × 320–1920 px without spilling', async () => {
    const spills: string[] = [];
    await Promise.all(
      ROLES.map(async (role) => {
        const page = pages[role];
        await page.goto(`${env.appUrl}protocol`);
        await headerReady(page);
        for (const lang of LANGUAGES) {
          await pickLanguage(page, lang);
          for (const width of HEADER_WIDTHS) {
            await page.setViewportSize({ width, height: 800 });
            const { spill, worst } = await headerSpill(page);
            if (spill > 0) spills.push(`${lang} ${role} ${width}px: ${spill}px (${worst})`);
          }
        }
      }),
    );
    expect(spills).toEqual([]);
  }, 120_000);
});

describe('pages on phones', () => {
  /** The pages checked, by who opens them, with what shows they have rendered. */
  const PAGES: { who: Role; path: string; ready: string }[] = [
    { who: 'visitor', path: '', ready: 'section.featured a.featured-card' },
    { who: 'visitor', path: 'detail/{plugin}', ready: 'article.detail-page h1' },
    { who: 'visitor', path: 'protocol', ready: 'main h1' },
    { who: 'visitor', path: '403', ready: 'main h1' },
    { who: 'visitor', path: 'no-such-page', ready: 'main h1' },
    { who: 'admin', path: '', ready: 'section.featured a.featured-card' },
    { who: 'admin', path: 'publish-plugin/new', ready: 'main h1' },
    { who: 'admin', path: 'my-plugins', ready: 'main h1' },
    { who: 'admin', path: 'my-plugins/tokens', ready: 'main h1' },
    { who: 'admin', path: 'my-analytics', ready: 'main h1' },
  ];

  it('are exactly as wide as the viewport at 320 and 390 px, the cookie notice inside the first screen', async () => {
    const wide: string[] = [];
    const visit = async (check: (typeof PAGES)[number]) => {
      const page = pages[check.who];
      await page.setViewportSize({ width: PHONE_WIDTHS[0], height: 700 });
      await page.goto(`${env.appUrl}${check.path.replace('{plugin}', encodeURIComponent(pluginKey))}`);
      await page.locator(check.ready).first().waitFor();
      await page.waitForFunction(
        () => !document.querySelector('.skeleton, .card-skeleton, [aria-busy="true"]'),
      );
      for (const width of PHONE_WIDTHS) {
        await page.setViewportSize({ width, height: 700 });
        const seen = await page.evaluate(() => {
          const notice = document.querySelector('.consent-notice')?.getBoundingClientRect();
          return {
            scrollWidth: document.documentElement.scrollWidth,
            notice: notice && {
              inside:
                notice.left >= 0 &&
                notice.top >= 0 &&
                notice.right <= innerWidth &&
                notice.bottom <= innerHeight,
            },
          };
        });
        const name = `/${check.path} (${check.who}) at ${width}px`;
        if (seen.scrollWidth !== width) wide.push(`${name}: ${seen.scrollWidth}px wide`);
        if (seen.notice && !seen.notice.inside) wide.push(`${name}: cookie notice off-screen`);
        if (check.who === 'visitor' && !seen.notice) wide.push(`${name}: no cookie notice`);
      }
    };
    // The visitor's and the administrator's pages side by side, each in turn in its own page.
    await Promise.all(
      (['visitor', 'admin'] as const).map(async (role) => {
        await setLanguage(pages[role], 'ru');
        for (const check of PAGES.filter((p) => p.who === role)) await visit(check);
      }),
    );
    expect(wide).toEqual([]);
  });
});

describe('accessibility while the cookie notice shows', () => {
  it("passes axe-core's region rule on the square and the protocol page", async () => {
    const page = pages.visitor;
    await page.setViewportSize({ width: 1280, height: 800 });
    const findings: string[] = [];
    for (const path of ['', 'protocol']) {
      await setLanguage(page, 'en');
      await page.goto(`${env.appUrl}${path}`);
      await page.locator('.consent-notice').waitFor();
      await page.locator('main h1').waitFor();
      await prepareAxe(page);
      const violations = await page.evaluate(async () => {
        const { axe } = window as unknown as {
          axe: {
            run: (
              context: Document,
              options: object,
            ) => Promise<{ violations: { id: string; nodes: { target: unknown[] }[] }[] }>;
          };
        };
        const result = await axe.run(document, { runOnly: ['region'], resultTypes: ['violations'] });
        return result.violations.flatMap((v) =>
          v.nodes.map((n) => `${v.id} at ${n.target.map(String).join(' ')}`),
        );
      });
      findings.push(...violations.map((v) => `/${path}: ${v}`));
    }
    expect(findings).toEqual([]);
  });
});
