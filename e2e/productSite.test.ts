/**
 * Browser test of the second product site (`examples/product-site`, "Acme Docs") in real Chromium
 * against the real server, which serves the built site under `/acme/` (same origin as the login page,
 * the user API and the collector): a visitor's page view is stored under an anonymous distinct_id;
 * sign-up on Plugin Center's real login page returns to the site with `?code=`, signed in with the
 * user's name shown; the collector stored a `$SignUp` from the anonymous id to the user's id, the
 * profile, and the later events under the user's id; a reload keeps the session; sign-out revokes
 * the refresh tokens and the next page view is anonymous again, under a new distinct_id.
 */
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ARTIFACTS_DIR,
  type E2eEnvironment,
  serveBuiltExample,
  startE2eEnvironment,
  submitLoginPage,
} from './support';

const SITE = '/acme/';
const USER = { email: 'ada@example.com', password: 'ada-password-1', nick: 'Ada Lovelace' };

let env: E2eEnvironment;
let page: Page;
/** Every record the page posted to the collector, decoded from the wire (`data` / `data_list`). */
const posted: Record<string, unknown>[] = [];

/** A stored row of the collector's table. */
interface StoredEvent {
  id: number;
  type: string;
  event: string | null;
  distinct_id: string;
  login_id: string | null;
  anonymous_id: string | null;
  url: string | null;
  properties: string;
}

/** The collector's rows, in the order stored. */
async function stored(): Promise<StoredEvent[]> {
  const rows = await env.server.db.kysely
    .selectFrom('analytics_event')
    .select(['id', 'type', 'event', 'distinct_id', 'login_id', 'anonymous_id', 'url', 'properties'])
    .orderBy('id')
    .execute();
  return rows.map((r) => ({ ...r, id: Number(r.id) }));
}

/** The stored `$pageview`s of `url`. */
async function pageviews(url: string): Promise<StoredEvent[]> {
  return (await stored()).filter((e) => e.event === '$pageview' && e.url === url);
}

/** Decodes a collector request body: `data=<base64 JSON>` or `data_list=<base64 JSON array>`. */
function decodeBody(body: string): Record<string, unknown>[] {
  const form = new URLSearchParams(body);
  const one = form.get('data');
  const list = form.get('data_list');
  const json = (b64: string) => JSON.parse(Buffer.from(b64, 'base64').toString('utf8'));
  if (one) return [json(one)];
  return list ? json(list) : [];
}

/** The session area of the site's header. */
const session = (p: Page) => p.locator('#session');

beforeAll(async () => {
  env = await startE2eEnvironment({}, [
    // The built site (examples/product-site/dist) on the server's own origin, as a static folder.
    serveBuiltExample('product-site', SITE),
  ]);
  ({ page } = await env.newPage());
  page.on('request', (r) => {
    if (new URL(r.url()).pathname === '/sa' && r.method() === 'POST')
      posted.push(...decodeBody(r.postData() ?? ''));
  });
});

afterAll(async () => {
  await env?.close();
});

describe('Acme Docs, a second product site on the SSO client and the tracker', () => {
  const home = () => `${env.origin}${SITE}`;
  const guides = () => `${env.origin}${SITE}guides.html`;
  let anonymousId = '';
  let userId = '';
  let signUpId = 0;

  it('a visitor sees Sign in and is counted under an anonymous distinct_id', async () => {
    await page.goto(home());
    await expect.poll(() => session(page).getByRole('button', { name: 'Sign in' }).count()).toBe(1);
    expect(await session(page).getAttribute('data-state')).toBe('signed-out');
    await expect.poll(async () => (await pageviews(home())).length, { timeout: 10_000 }).toBe(1);
    const [view] = await pageviews(home());
    expect(view!.login_id).toBeNull();
    expect(view!.distinct_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(JSON.parse(view!.properties)).toMatchObject({ product: 'acme-docs', $title: 'Acme Docs' });
    anonymousId = view!.distinct_id;
  });

  it('signs up on the Plugin Center login page and comes back signed in, the name shown and the code gone', async () => {
    await session(page).getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL(/\/user\/login\/\?.*page=sign_up/);
    const login = new URL(page.url());
    expect(login.origin).toBe(env.origin);
    expect(login.searchParams.get('redirect_uri')).toBe(SITE);
    expect(login.searchParams.get('product')).toBe('acme-docs');
    await submitLoginPage(page, USER, (url) => url.pathname === SITE);

    await expect.poll(() => session(page).locator('.session-name').textContent()).toBe(USER.nick);
    expect(await session(page).getByRole('button', { name: 'Sign out' }).count()).toBe(1);
    expect(new URL(page.url()).searchParams.get('code')).toBeNull();
    const record = await page.evaluate(() => localStorage.getItem('plugin_center_login'));
    expect(JSON.parse(record ?? 'null')).toMatchObject({ user_info: { nick_name: USER.nick } });
    await page.screenshot({ path: join(ARTIFACTS_DIR, 'product-site-signed-in.png') });

    const user = await env.server.db.kysely
      .selectFrom('user_account')
      .select(['id', 'account_id', 'user_name'])
      .where('email', '=', USER.email)
      .executeTakeFirstOrThrow();
    userId = String(user.id);

    // The collector stored the conversion from the anonymous id to the user's id…
    await expect
      .poll(async () => (await stored()).filter((e) => e.event === '$SignUp').length, { timeout: 10_000 })
      .toBe(1);
    const signUp = (await stored()).find((e) => e.event === '$SignUp')!;
    expect(signUp).toMatchObject({
      type: 'track_signup',
      distinct_id: userId,
      login_id: userId,
      anonymous_id: anonymousId,
    });
    signUpId = signUp.id;
    // …sent as Sensors' track_signup record, original_id the anonymous id.
    expect(posted.find((r) => r.event === '$SignUp')).toMatchObject({
      type: 'track_signup',
      distinct_id: userId,
      original_id: anonymousId,
    });
    // …and the profile of SPEC §3.
    await expect
      .poll(async () => (await stored()).filter((e) => e.type === 'profile_set').length, { timeout: 10_000 })
      .toBe(1);
    const profile = (await stored()).find((e) => e.type === 'profile_set')!;
    expect(profile.distinct_id).toBe(userId);
    expect(JSON.parse(profile.properties)).toMatchObject({
      yt_uid: user.account_id,
      user_name: user.user_name,
      nick_name: USER.nick,
      email: USER.email,
    });
    // The one-time code never reached the collector (the client removes it before the page view).
    expect((await stored()).filter((e) => e.url?.includes('code='))).toEqual([]);
  });

  it('tracks the next page and the custom event under the user id', async () => {
    await page.getByRole('navigation', { name: 'Site' }).getByRole('link', { name: 'Guides' }).click();
    await page.waitForURL(guides());
    await expect.poll(() => session(page).locator('.session-name').textContent()).toBe(USER.nick);
    await page.getByRole('button', { name: 'Yes' }).click();
    await expect.poll(() => page.getByText('Thank you for your feedback.').isVisible()).toBe(true);
    await expect
      .poll(async () => (await stored()).filter((e) => e.event === 'DocFeedback').length, { timeout: 10_000 })
      .toBe(1);
    const feedback = (await stored()).find((e) => e.event === 'DocFeedback')!;
    expect(feedback).toMatchObject({ distinct_id: userId, login_id: userId, anonymous_id: anonymousId });
    expect(JSON.parse(feedback.properties)).toMatchObject({ doc: 'getting-started', helpful: true });
    const [guidesView] = await pageviews(guides());
    expect(guidesView).toMatchObject({ distinct_id: userId, login_id: userId });
    // Every event stored since the $SignUp is the user's.
    const since = (await stored()).filter((e) => e.id > signUpId);
    expect(since.length).toBeGreaterThanOrEqual(3);
    expect(since.filter((e) => e.distinct_id !== userId)).toEqual([]);
  });

  it('stays signed in after a reload, without a second $SignUp or profile', async () => {
    const before = (await pageviews(guides())).length;
    await page.reload();
    await expect.poll(() => session(page).locator('.session-name').textContent()).toBe(USER.nick);
    await expect.poll(async () => (await pageviews(guides())).length, { timeout: 10_000 }).toBe(before + 1);
    expect((await pageviews(guides())).at(-1)).toMatchObject({ distinct_id: userId, login_id: userId });
    const all = await stored();
    expect(all.filter((e) => e.event === '$SignUp')).toHaveLength(1);
    expect(all.filter((e) => e.type === 'profile_set')).toHaveLength(1);
  });

  it('signs out: tokens revoked, and the next page view is anonymous under a new distinct_id', async () => {
    await session(page).getByRole('button', { name: 'Sign out' }).click();
    await expect.poll(() => session(page).getByRole('button', { name: 'Sign in' }).count()).toBe(1);
    expect(await page.evaluate(() => localStorage.getItem('plugin_center_login'))).toBeNull();
    const tokens = await env.server.db.kysely
      .selectFrom('refresh_token')
      .select(['revoked_at'])
      .where('user_id', '=', Number(userId))
      .execute();
    expect(tokens.length).toBeGreaterThan(0);
    expect(tokens.filter((t) => t.revoked_at === null)).toEqual([]);

    const before = (await pageviews(home())).length;
    await page.getByRole('navigation', { name: 'Site' }).getByRole('link', { name: 'Home' }).click();
    await page.waitForURL(home());
    expect(await session(page).getByRole('button', { name: 'Sign in' }).count()).toBe(1);
    await expect.poll(async () => (await pageviews(home())).length, { timeout: 10_000 }).toBe(before + 1);
    const next = (await pageviews(home())).at(-1)!;
    expect(next.login_id).toBeNull();
    expect(next.distinct_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(next.distinct_id).not.toBe(anonymousId);
    expect(next.distinct_id).not.toBe(userId);
  });
});
