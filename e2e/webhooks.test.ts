/**
 * The back office's Webhooks page in real Chromium against the real server and the built app, with a
 * real HTTP receiver on 127.0.0.1 started here: the administrator signs in and, through the page only
 * (no API shortcut), adds an endpoint pointing at the receiver ("allow private addresses": it is on
 * loopback), sees its secret once; sends a test event → the receiver gets a `webhook.test` whose
 * Standard Webhooks signature this file verifies with that secret, independently of the server's
 * code; the delivery log shows it delivered with the receiver's answer; "Redeliver" sends the same
 * message again (same `webhook-id`, signed again); "Rotate secret", after its confirmation, shows a
 * new secret, and the next delivery carries `v1,<new> v1,<old>`. No page errors.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { join } from 'node:path';
import {
  type ReceivedRequest,
  startWebhookReceiver,
  type TestWebhookReceiver,
} from '@plugin-center/server/testing';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ARTIFACTS_DIR, type E2eEnvironment, startE2eEnvironment, submitLoginPage } from './support';

const ADMIN = { email: 'hooks-admin@example.com', password: 'hooks-admin-password-1' };

let env: E2eEnvironment;
let page: Page;
let receiver: TestWebhookReceiver;
let hookUrl = '';
const received: ReceivedRequest[] = [];
const pageErrors: string[] = [];

/**
 * The signatures of `request`'s `webhook-signature` header that verify with `whsec`, the Standard
 * Webhooks way (HMAC-SHA256 over `id.timestamp.body`, the key being the bytes of the base64 part),
 * in header order; a timestamp more than five minutes away verifies nothing.
 */
function verifiedBy(request: ReceivedRequest, whsec: string): number[] {
  const id = request.headers['webhook-id'] as string;
  const timestamp = request.headers['webhook-timestamp'] as string;
  if (Math.abs(Date.now() / 1000 - Number(timestamp)) > 300) return [];
  const key = Buffer.from(whsec.replace(/^whsec_/, ''), 'base64');
  const expected = Buffer.from(
    createHmac('sha256', key).update(`${id}.${timestamp}.${request.body}`).digest('base64'),
  );
  return (request.headers['webhook-signature'] as string).split(' ').flatMap((part, index) => {
    const given = Buffer.from(part.replace(/^v1,/, ''));
    return part.startsWith('v1,') && given.length === expected.length && timingSafeEqual(given, expected)
      ? [index]
      : [];
  });
}

/** The endpoint row of the page (there is one). */
const row = () => page.getByTestId('webhook-endpoint');
/** The secret the page shows once. */
const shownSecret = async () =>
  (await page.getByTestId('webhook-secret').locator('code').textContent()) ?? '';

/** Resolves once the receiver has `count` requests. */
const receivedCount = (count: number) => expect.poll(() => received.length, { timeout: 10_000 }).toBe(count);

/** Opens (or reopens) the endpoint's delivery log and waits for `rows` rows, every one delivered. */
async function logShowsDelivered(rows: number): Promise<void> {
  await env.server.webhooks.idle();
  const log = row().getByTestId('webhook-log');
  await expect
    .poll(
      async () => {
        // Closing and opening the log reads it again.
        if (await log.isVisible()) await row().getByRole('button', { name: '投递日志' }).click();
        await row().getByRole('button', { name: '投递日志' }).click();
        await log.waitFor();
        return log.locator('tbody tr').allTextContents();
      },
      { timeout: 10_000 },
    )
    .toEqual(Array.from({ length: rows }, () => expect.stringMatching(/^webhook\.test已送达1200 ok/)));
}

beforeAll(async () => {
  receiver = await startWebhookReceiver({ received });
  hookUrl = `${receiver.origin}/hook`;
  env = await startE2eEnvironment({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });
  ({ page } = await env.newPage());
  page.on('pageerror', (error) => pageErrors.push(error.message));
  await page.goto(`${env.appUrl}backstage-index/webhooks`);
  await submitLoginPage(page, ADMIN);
  await page.getByRole('heading', { name: '网络钩子（Webhooks）', exact: true }).waitFor();
}, 120_000);

afterAll(async () => {
  await env?.close();
  await receiver?.close();
});

describe('the Webhooks page', () => {
  let secret = '';

  it('adds an endpoint and shows its secret once', async () => {
    await expect.poll(() => page.getByText('还没有端点').count()).toBe(1);
    await page.getByLabel('端点 URL').fill(hookUrl);
    await page.getByLabel('plugin.approved', { exact: true }).check();
    await page.getByRole('checkbox', { name: '允许内网地址' }).check();
    await page.getByRole('button', { name: '添加端点' }).click();
    await page.getByTestId('webhook-secret').waitFor();
    secret = await shownSecret();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);
    await expect.poll(() => row().locator('code').first().textContent()).toBe(hookUrl);
    // Shown once: a reload lists the endpoint without it.
    await page.reload();
    await row().waitFor();
    expect(await page.getByTestId('webhook-secret').count()).toBe(0);
    expect(await page.content()).not.toContain(secret.slice(6));
  });

  it('sends a test event the receiver verifies with that secret, and logs it delivered', async () => {
    await row().getByRole('button', { name: '发送测试事件' }).click();
    await receivedCount(1);
    const [request] = received;
    expect(verifiedBy(request!, secret)).toEqual([0]);
    expect(JSON.parse(request!.body)).toMatchObject({
      type: 'webhook.test',
      data: { message: expect.any(String) },
    });
    expect(request!.headers['content-type']).toBe('application/json');
    await expect
      .poll(() => page.locator('.toast').allTextContents())
      .toContain('测试事件已发送：请查看投递日志');
    await logShowsDelivered(1);
  });

  it('redelivers the same message, signed again', async () => {
    await row().getByTestId('webhook-log').getByRole('button', { name: '重新投递' }).click();
    await receivedCount(2);
    expect(received[1]!.headers['webhook-id']).toBe(received[0]!.headers['webhook-id']);
    expect(received[1]!.body).toBe(received[0]!.body);
    expect(verifiedBy(received[1]!, secret)).toEqual([0]);
    await logShowsDelivered(2);
  });

  it('rotates the secret after a confirmation: the new one shown, deliveries signed with both', async () => {
    await row().getByRole('button', { name: '轮换密钥' }).click();
    const dialog = page.getByRole('alertdialog');
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain(hookUrl);
    await dialog.getByRole('button', { name: '轮换', exact: true }).click();
    await expect.poll(shownSecret).not.toBe('');
    const rotated = await shownSecret();
    expect(rotated).toMatch(/^whsec_/);
    expect(rotated).not.toBe(secret);
    expect(await page.getByTestId('webhook-secret').textContent()).toContain('新的签名密钥');
    await expect.poll(() => row().getByTestId('webhook-old-secret').count()).toBe(1);

    await row().getByRole('button', { name: '发送测试事件' }).click();
    await receivedCount(3);
    expect(verifiedBy(received[2]!, rotated)).toEqual([0]);
    expect(verifiedBy(received[2]!, secret)).toEqual([1]);
    await page.screenshot({ path: join(ARTIFACTS_DIR, 'webhooks-rotated.png'), fullPage: true });
    expect(pageErrors).toEqual([]);
  });
});
