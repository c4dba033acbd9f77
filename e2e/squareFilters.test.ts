/**
 * The square's filters and sorts in Chromium against the real server on the real catalogue: filter
 * by design tool and by minimum rating (the count follows), sort by highest rated, reload keeps all
 * three (they live in the URL), clearing the filters brings the whole catalogue back; the trending
 * and new-and-notable rows show without a filter; axe reports nothing serious or critical.
 */

import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type E2eEnvironment, prepareAxe, startE2eEnvironment } from './support';

let env: E2eEnvironment;
let page: Page;
const pageErrors: string[] = [];
/** Figma plugins given ratings: [name, rating_count, rating_sum] (averages 4.5, 4.0, 3.0). */
let rated: { name: string; count: number; sum: number }[] = [];

const listCards = (p: Page): Locator => p.getByRole('list', { name: '插件', exact: true }).locator('a.card');
const countOf = async (p: Page): Promise<number> =>
  Number(((await p.getByTestId('result-count').textContent()) ?? '').replace(/[^\d]/g, ''));
/** Waits until the list has answered for the current URL and its skeletons are gone. */
const settled = async (p: Page) => {
  await expect.poll(() => p.locator('.card-skeleton').count()).toBe(0);
  await expect.poll(() => p.getByTestId('result-count').textContent()).toMatch(/\d/);
};

beforeAll(async () => {
  env = await startE2eEnvironment();
  ({ page } = await env.newPage());
  page.on('pageerror', (error) => pageErrors.push(error.message));
  // Three Figma-only plugins get ratings (the counters the ratings' triggers keep, set directly).
  const figma = await env.server.db.kysely
    .selectFrom('plugin')
    .select(['id', 'name'])
    .where('platforms', '=', '["figma"]')
    .where('review_status', '=', 2)
    .orderBy('id')
    .limit(3)
    .execute();
  rated = figma.map((p, i) => ({ name: p.name, count: 2, sum: [9, 8, 6][i]! }));
  for (const [i, p] of figma.entries())
    await env.server.db.kysely
      .updateTable('plugin')
      .set({ rating_count: rated[i]!.count, rating_sum: rated[i]!.sum })
      .where('id', '=', p.id)
      .execute();
});

afterAll(async () => {
  await env?.close();
});

describe('square filters and sorts', () => {
  it('filters by design tool and rating, sorts by highest rated, and keeps all of it over a reload', async () => {
    await page.goto(env.appUrl);
    await settled(page);
    const all = await countOf(page);
    expect(all).toBeGreaterThan(1400);
    // Without a filter the new-and-notable row shows (nobody installed anything: no trending row).
    await expect.poll(() => page.getByRole('region', { name: '新品推荐' }).locator('a.card').count()).toBe(4);

    await page.getByLabel('设计工具').selectOption('figma');
    await page.waitForURL(/platform=figma/);
    await expect
      .poll(async () => {
        const n = await countOf(page);
        return n > 0 && n !== all;
      })
      .toBe(true);
    const figma = await countOf(page);
    expect(figma).toBeGreaterThan(300);
    expect(figma).toBeLessThan(all);
    expect(await page.getByRole('region', { name: '新品推荐' }).count()).toBe(0);

    await page.getByLabel('评分').selectOption('4');
    await page.waitForURL(/rating=4/);
    await expect.poll(() => countOf(page)).toBe(2);
    await page.getByRole('button', { name: '评分最高' }).click();
    await page.waitForURL(/sort=3/);
    await expect
      .poll(() => listCards(page).locator('.card-name').allTextContents())
      .toEqual([rated[0]!.name, rated[1]!.name]);

    await page.reload();
    await settled(page);
    expect(new URL(page.url()).search).toBe('?sort=3&platform=figma&rating=4');
    expect(await page.getByLabel('设计工具').inputValue()).toBe('figma');
    expect(await page.getByLabel('评分').inputValue()).toBe('4');
    expect(await page.getByRole('button', { name: '评分最高' }).getAttribute('aria-pressed')).toBe('true');
    await expect.poll(() => countOf(page)).toBe(2);

    await page.getByLabel('评分').selectOption('3');
    await expect.poll(() => countOf(page)).toBe(3);
    await page.getByRole('button', { name: '清除筛选' }).first().click();
    await expect.poll(() => countOf(page)).toBe(all);
    expect(new URL(page.url()).search).toBe('?sort=3');
  });

  it('has no serious or critical axe finding with the filters set', async () => {
    await page.goto(`${env.appUrl}?platform=sketch&rating=3&sort=4`);
    await settled(page);
    await prepareAxe(page);
    const findings = await page.evaluate(async () => {
      const { axe } = window as unknown as {
        axe: { run: (d: Document) => Promise<{ violations: { id: string; impact: string | null }[] }> };
      };
      const result = await axe.run(document);
      return result.violations.map((v) => `${v.impact}: ${v.id}`);
    });
    expect(findings.filter((f) => f.startsWith('serious') || f.startsWith('critical'))).toEqual([]);
    await page.goto(env.appUrl);
    await settled(page);
    await prepareAxe(page);
    const again = await page.evaluate(async () => {
      const { axe } = window as unknown as {
        axe: { run: (d: Document) => Promise<{ violations: { id: string; impact: string | null }[] }> };
      };
      return (await axe.run(document)).violations.map((v) => `${v.impact}: ${v.id}`);
    });
    expect(again.filter((f) => f.startsWith('serious') || f.startsWith('critical'))).toEqual([]);
    expect(pageErrors).toEqual([]);
  });
});
