/**
 * Accessibility of every page ("Accessibility and speed"), in real Chromium against the
 * real server and the built app:
 *
 * - axe-core (WCAG 2.x A/AA and best-practice rules, all of axe's defaults) on every page — the
 *   square, a plugin's detail dialog, the login and sign-up page, protocol, 403, not found, and,
 *   signed in as an administrator, publish, my plugins, my analytics and each back-office page — in
 *   zh-CN and en-US (the `lang` cookie, SPEC §9). A page passes with zero violations of impact
 *   `serious` or `critical`; a failure lists each one as page, rule, impact and target.
 * - The keyboard alone on the square: Tab reaches the search box and a plugin card, Enter opens the
 *   detail dialog with focus inside it, Tab and Shift+Tab stay inside (the WAI-ARIA dialog pattern's
 *   focus trap), Escape closes it and focus returns to the card; every element focused on the way
 *   shows a focus indicator (a computed outline or box-shadow).
 *
 * One server, one browser, one administrator session for the whole file; pages are visited in a
 * loop, each test waiting for its page to settle (no skeletons, spinners or `aria-busy`).
 */
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type E2eEnvironment,
  firstApprovedPluginKey,
  prepareAxe,
  startE2eEnvironment,
  submitLoginPage,
} from './support';

const ADMIN = { email: 'a11y-admin@example.com', password: 'a11y-admin-password-1' };
/** The impacts that fail a page (zero serious or critical). */
const FAILING_IMPACTS = ['serious', 'critical'];

/** The two languages checked, as the `lang` cookie spells them (SPEC §9). */
const LANGUAGES = [
  { cookie: 'zh-CN', name: 'zh-CN' },
  { cookie: 'en', name: 'en-US' },
] as const;

/** Who opens a page: a visitor (not signed in) or the signed-in administrator. */
type Who = 'visitor' | 'admin';

/** A page to check: its path on the server and what shows it has rendered its content. */
interface PageCheck {
  name: string;
  who: Who;
  /** Path from the origin; `{plugin}` is replaced by a catalogue plugin's key. */
  path: string;
  /** A selector that is visible once the page's content has rendered. */
  ready: string;
}

const BACK_OFFICE = [
  'audit-list',
  'audit-log',
  'batch-upload',
  'owners',
  'analytics',
  'resource-state-list',
  'banner-config',
  'recommendation',
  'people',
  'space-setting',
  'iconfont',
  'pexels',
  'mirroring',
  'webhooks',
] as const;

/** Every page of the site (SPEC §2). */
const PAGES: readonly PageCheck[] = [
  { name: 'square', who: 'visitor', path: '/plugins/', ready: 'ul.card-grid a.card' },
  { name: 'detail', who: 'visitor', path: '/plugins/detail/{plugin}', ready: 'article.detail-page h1' },
  { name: 'login', who: 'visitor', path: '/user/login/', ready: '#login-email' },
  { name: 'sign-up', who: 'visitor', path: '/user/login/?page=sign_up', ready: '#login-email' },
  { name: 'protocol', who: 'visitor', path: '/plugins/protocol', ready: 'main h1' },
  { name: '403', who: 'visitor', path: '/plugins/403', ready: 'main h1' },
  { name: 'not-found', who: 'visitor', path: '/plugins/no-such-page', ready: 'main h1' },
  { name: 'publish', who: 'admin', path: '/plugins/publish-plugin/new', ready: 'main h1' },
  { name: 'my-plugins', who: 'admin', path: '/plugins/my-plugins', ready: 'main h1' },
  { name: 'my-analytics', who: 'admin', path: '/plugins/my-analytics', ready: 'main h1' },
  ...BACK_OFFICE.map(
    (name): PageCheck => ({ name, who: 'admin', path: `/plugins/backstage-index/${name}`, ready: 'h1' }),
  ),
];

/** One axe violation, flattened for the report. */
interface Finding {
  rule: string;
  impact: string;
  help: string;
  targets: string[];
}

let env: E2eEnvironment;
const contexts: Record<Who, { context: BrowserContext; page: Page }> = {} as never;
let pluginKey = '';
const pageErrors: string[] = [];

/**
 * Waits until the page has settled: `ready` is visible and no skeleton, spinner or busy region is
 * left (the loading states of `components/States.tsx` and the lists' `aria-busy`).
 */
async function settle(page: Page, ready: string): Promise<void> {
  await page.locator(ready).first().waitFor({ state: 'visible', timeout: 15_000 });
  await page.waitForFunction(
    () => !document.querySelector('.page-loading, .skeleton, .card-skeleton, [aria-busy="true"]'),
    undefined,
    { timeout: 15_000 },
  );
}

/** Runs axe-core on the whole document and returns its violations of a failing impact. */
async function axe(page: Page): Promise<Finding[]> {
  await prepareAxe(page);
  const violations = await page.evaluate(async () => {
    const { axe } = window as unknown as {
      axe: {
        run: (
          context: Document,
          options: { resultTypes: string[] },
        ) => Promise<{
          violations: {
            id: string;
            impact: string | null;
            help: string;
            nodes: { target: unknown[] }[];
          }[];
        }>;
      };
    };
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations.map((v) => ({
      rule: v.id,
      impact: v.impact ?? 'unknown',
      help: v.help,
      targets: v.nodes.map((n) => n.target.map(String).join(' >> ')),
    }));
  });
  return violations.filter((v) => FAILING_IMPACTS.includes(v.impact));
}

/** A readable list of findings: one line per rule and target. */
function report(page: string, findings: Finding[]): string {
  return findings
    .flatMap((f) => f.targets.map((target) => `${page}: ${f.rule} (${f.impact}, ${f.help}) at ${target}`))
    .join('\n');
}

beforeAll(async () => {
  env = await startE2eEnvironment({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });
  pluginKey = await firstApprovedPluginKey(env);
  for (const who of ['visitor', 'admin'] as const) {
    contexts[who] = await env.newPage();
    contexts[who].page.on('pageerror', (error) => pageErrors.push(`${who}: ${error.message}`));
  }
  const { page } = contexts.admin;
  await page.goto(`${env.appUrl}backstage-index/audit-list`);
  await submitLoginPage(page, ADMIN);
  // The login's last step (the code exchange) runs in the page: wait for the signed-in page, or the
  // next navigation may cut it short.
  await page.getByRole('heading', { name: '插件审核', exact: true }).waitFor();
}, 60_000);

afterAll(async () => {
  await env?.close();
});

describe.each(LANGUAGES)('axe-core, no serious or critical violation ($name)', (language) => {
  beforeAll(async () => {
    const url = new URL(env.origin);
    for (const { context } of Object.values(contexts)) {
      await context.addCookies([
        { name: 'lang', value: language.cookie, domain: url.hostname, path: '/', sameSite: 'Lax' },
      ]);
    }
  });

  it.each(PAGES)('$name', async (check) => {
    const { page } = contexts[check.who];
    await page.goto(`${env.origin}${check.path.replace('{plugin}', encodeURIComponent(pluginKey))}`);
    await settle(page, check.ready);
    expect(await page.locator('html').getAttribute('lang')).toBe(language.name);
    const findings = await axe(page);
    expect(report(`${check.name} (${language.name})`, findings)).toBe('');
  });
});

describe('the keyboard alone on the square', () => {
  /** What the focused element is, and whether it shows a focus indicator. */
  const focused = (page: Page) =>
    page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      if (!el || el === document.body) return null;
      const style = getComputedStyle(el);
      const outline = style.outlineStyle !== 'none' && Number.parseFloat(style.outlineWidth) > 0;
      const shadow = style.boxShadow !== 'none' && style.boxShadow !== '';
      return {
        tag: el.tagName.toLowerCase(),
        role: el.getAttribute('role'),
        name: el.getAttribute('aria-label') ?? el.textContent?.trim().slice(0, 40) ?? '',
        card: el.matches('a.card') ? el.getAttribute('data-plugin-key') : null,
        search: el.matches('input[type="search"], [role="combobox"]'),
        inDialog: Boolean(el.closest('[role="dialog"]')),
        indicator: outline || shadow,
      };
    });

  it('reaches the search box and a card, opens the dialog, traps focus, and returns it', async () => {
    const { page } = contexts.visitor;
    await page
      .context()
      .addCookies([
        { name: 'lang', value: 'zh-CN', domain: new URL(env.origin).hostname, path: '/', sameSite: 'Lax' },
      ]);
    await page.goto(env.appUrl);
    await settle(page, 'ul.card-grid a.card');
    const noIndicator: string[] = [];
    let reachedSearch = false;
    let card: string | null = null;
    for (let step = 0; step < 120 && !card; step++) {
      await page.keyboard.press('Tab');
      const now = await focused(page);
      if (!now) continue;
      if (!now.indicator) noIndicator.push(`${now.tag}[role=${now.role}] "${now.name}"`);
      reachedSearch ||= now.search;
      card = now.card;
    }
    expect(reachedSearch).toBe(true);
    expect(card).not.toBeNull();

    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog');
    await dialog.locator('h2').waitFor();
    await settle(page, '[role="dialog"] h2');
    expect((await focused(page))?.inDialog).toBe(true);
    const focusable = await dialog
      .locator('a[href], button:not([disabled]), input, select, textarea, [tabindex]:not([tabindex="-1"])')
      .count();
    for (let step = 0; step < focusable + 2; step++) {
      await page.keyboard.press('Tab');
      const now = await focused(page);
      expect(now?.inDialog).toBe(true);
      if (now && !now.indicator) noIndicator.push(`dialog ${now.tag}[role=${now.role}] "${now.name}"`);
    }
    for (let step = 0; step < 3; step++) {
      await page.keyboard.press('Shift+Tab');
      expect((await focused(page))?.inDialog).toBe(true);
    }

    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(async () => (await focused(page))?.card).toBe(card);
    expect(noIndicator).toEqual([]);
    expect(pageErrors).toEqual([]);
  });
});
