/**
 * Rotating an endpoint's signing secret through the real routes (SQLite and PostgreSQL projects),
 * with a real HTTP receiver on 127.0.0.1 (`allow_private`) and a fake clock: the new secret is shown
 * once; for 24 hours each delivery carries `v1,<new> v1,<old>`, verified here independently of the
 * server's code; afterwards only the new one; a second rotation drops the first secret at once; two
 * rotations at once; the audit entry; hostile bodies and callers.
 */
import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dataOf, injectAs, signInTestUser, type TestApp } from '../testing/testApp';
import {
  type ReceivedRequest,
  startWebhookReceiver,
  type TestWebhookReceiver,
} from '../testing/testWebhookReceiver';
import { ROTATION_GRACE_MS, type WebhookEndpoint, type WebhooksService } from './service';

const ROOT = '/api/cmt/manager/webhooks';
let t: TestApp;
let hooks: WebhooksService;
let now = Date.UTC(2026, 11, 7, 12);
let receiver: TestWebhookReceiver;
let base = '';
const received: ReceivedRequest[] = [];
let admin = '';
let user = '';

/** The `v1,` signature of the last request received with `whsec`, computed here. */
function expected(whsec: string, request: ReceivedRequest = received.at(-1)!): string {
  const key = Buffer.from(whsec.replace(/^whsec_/, ''), 'base64');
  const id = request.headers['webhook-id'] as string;
  const timestamp = request.headers['webhook-timestamp'] as string;
  return `v1,${createHmac('sha256', key).update(`${id}.${timestamp}.${request.body}`).digest('base64')}`;
}

/** Sends a test event to `id` and returns the `webhook-signature` header it arrived with. */
async function signatureOfTest(id: number): Promise<string> {
  const before = received.length;
  expect((await injectAs(t.app, 'POST', `${ROOT}/test`, admin, { id })).statusCode).toBe(200);
  await hooks.idle();
  await hooks.runDue();
  expect(received.length).toBe(before + 1);
  return received.at(-1)!.headers['webhook-signature'] as string;
}

async function rotate(id: number): Promise<{ endpoint: WebhookEndpoint; secret: string }> {
  const response = await injectAs(t.app, 'POST', `${ROOT}/rotate`, admin, { id });
  expect(response.statusCode, response.body).toBe(200);
  return dataOf(response);
}

beforeAll(async () => {
  receiver = await startWebhookReceiver({ received });
  base = receiver.origin;
  t = await createTestApp({}, { clock: () => now, webhooks: { pollMs: 0, timeoutMs: 2_000 } });
  hooks = t.app.webhooks;
  admin = (await signInTestUser(t.app, { role: 2 })).access_token;
  user = (await signInTestUser(t.app)).access_token;
}, 60_000);

afterAll(async () => {
  await t?.close();
  await receiver?.close();
});

describe('secret rotation', () => {
  let endpoint: WebhookEndpoint;
  let first = '';

  beforeAll(async () => {
    const created = await injectAs(t.app, 'POST', ROOT, admin, {
      url: `${base}/rotate`,
      events: ['plugin.approved'],
      allow_private: true,
    });
    ({ endpoint, secret: first } = dataOf<{ endpoint: WebhookEndpoint; secret: string }>(created));
    expect(endpoint.previous_secret_expires_at).toBeNull();
  });

  it('signs with the new and the old secret for 24 hours, then with the new one only', async () => {
    expect(await signatureOfTest(endpoint.id)).toBe(expected(first));

    const rotated = await rotate(endpoint.id);
    expect(rotated.secret).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);
    expect(Buffer.from(rotated.secret.slice(6), 'base64').length).toBe(32);
    expect(rotated.secret).not.toBe(first);
    expect(rotated.endpoint).toMatchObject({
      id: endpoint.id,
      previous_secret_expires_at: now + ROTATION_GRACE_MS,
    });
    expect(ROTATION_GRACE_MS).toBe(86_400_000);
    // Shown once: the list carries neither secret, and says until when the old one signs.
    const listed = await injectAs(t.app, 'GET', ROOT, admin);
    expect(listed.body).not.toContain(rotated.secret.slice(6));
    expect(listed.body).not.toContain(first.slice(6));
    expect(dataOf<{ list: WebhookEndpoint[] }>(listed).list.find((e) => e.id === endpoint.id)).toMatchObject({
      previous_secret_expires_at: now + ROTATION_GRACE_MS,
    });

    expect(await signatureOfTest(endpoint.id)).toBe(`${expected(rotated.secret)} ${expected(first)}`);
    now += ROTATION_GRACE_MS - 1;
    admin = (await signInTestUser(t.app, { role: 2 })).access_token; // the fake clock's day passed
    expect(await signatureOfTest(endpoint.id)).toBe(`${expected(rotated.secret)} ${expected(first)}`);
    now += 1;
    admin = (await signInTestUser(t.app, { role: 2 })).access_token;
    user = (await signInTestUser(t.app)).access_token;
    expect(await signatureOfTest(endpoint.id)).toBe(expected(rotated.secret));
    const after = dataOf<{ list: WebhookEndpoint[] }>(await injectAs(t.app, 'GET', ROOT, admin));
    expect(after.list.find((e) => e.id === endpoint.id)!.previous_secret_expires_at).toBeNull();
    first = rotated.secret;
  });

  it('a second rotation within the grace period drops the first secret at once', async () => {
    const second = await rotate(endpoint.id);
    const third = await rotate(endpoint.id);
    expect(await signatureOfTest(endpoint.id)).toBe(`${expected(third.secret)} ${expected(second.secret)}`);
    expect(received.at(-1)!.headers['webhook-signature']).not.toContain(expected(first));
    first = third.secret;
  });

  it('of two rotations at once, one secret is current and the other the previous one', async () => {
    const [a, b] = await Promise.all([rotate(endpoint.id), rotate(endpoint.id)]);
    const header = await signatureOfTest(endpoint.id);
    expect([
      `${expected(a.secret)} ${expected(b.secret)}`,
      `${expected(b.secret)} ${expected(a.secret)}`,
    ]).toContain(header);
    expect(header).not.toContain(expected(first));
    first = header.startsWith(expected(a.secret)) ? a.secret : b.secret;
  });

  it('retries after a rotation are signed with the secrets of their attempt', async () => {
    const rotated = await rotate(endpoint.id);
    const log = await hooks.listDeliveries(endpoint.id);
    const again = await injectAs(t.app, 'POST', `${ROOT}/redeliver`, admin, {
      delivery_id: log.list.at(-1)!.id,
    });
    expect(again.statusCode).toBe(200);
    await hooks.idle();
    const [current, previous] = (received.at(-1)!.headers['webhook-signature'] as string).split(' ');
    expect(current).toBe(expected(rotated.secret));
    expect(previous).toBe(expected(first));
  });

  it('is audit-logged', async () => {
    const audit = await injectAs(t.app, 'GET', '/api/cmt/manager/audit-log', admin);
    expect(audit.statusCode).toBe(200);
    expect(audit.body).toContain('webhook_rotate');
    expect(audit.body).not.toContain(first.slice(6));
  });

  it('answers 404 for an unknown endpoint and refuses non-administrators', async () => {
    const missing = await injectAs(t.app, 'POST', `${ROOT}/rotate`, admin, { id: 424_242 });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ code: 40460 });
    expect((await injectAs(t.app, 'POST', `${ROOT}/rotate`, user, { id: endpoint.id })).statusCode).toBe(403);
    expect((await injectAs(t.app, 'POST', `${ROOT}/rotate`, undefined, { id: endpoint.id })).statusCode).toBe(
      401,
    );
  });

  it.each([
    [{}],
    [{ id: '1' }],
    [{ id: 0 }],
    [{ id: -1 }],
    [{ id: 1.5 }],
    [{ id: 99_999_999_999 }],
    [{ id: 'a\u0000b' }],
    [{ id: 'x'.repeat(100_000) }],
    [{ id: [1] }],
    [{ id: null }],
    [{ id: 1, secret: 'whsec_AAAA' }],
  ])('answers 400 to %#', async (payload) => {
    const response = await injectAs(t.app, 'POST', `${ROOT}/rotate`, admin, payload);
    expect(response.statusCode).toBe(400);
  });
});
