/**
 * The webhooks' worker on the real database (SQLite and PostgreSQL projects), with a real HTTP
 * receiver on 127.0.0.1 (`allow_private`): the delivery log's retention (finished deliveries older
 * than the setting deleted in batches by a pass, pending ones kept, at most one sweep an hour, 0
 * keeping everything, expired rotation secrets forgotten), and when passes run (at once on a
 * delivery this process records, when a retry is due, and within the idle interval for a delivery
 * another process recorded and left behind).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSecretBox, type SecretBox } from '../settings/secrets';
import type { AuthUser } from '../shared/auth';
import { createTestApp, signInTestUser, type TestApp } from '../testing/testApp';
import {
  type ReceivedRequest,
  startWebhookReceiver,
  type TestWebhookReceiver,
} from '../testing/testWebhookReceiver';
import {
  IDLE_POLL_MS,
  RETENTION_BATCH,
  RETENTION_SWEEP_MS,
  type WebhookEndpoint,
  WebhooksService,
} from './service';

const DAY = 86_400_000;
let t: TestApp;
let hooks: WebhooksService;
let box: SecretBox;
let now = Date.UTC(2026, 0, 10, 12);
let receiver: TestWebhookReceiver;
let base = '';
/** The requests received, in order. */
const received: ReceivedRequest[] = [];
/** Statuses the receiver answers with next (then 200). */
const answers: number[] = [];
let admin: AuthUser;
let endpoint: WebhookEndpoint;

/** Inserts `count` deliveries of `endpoint` as they would be after their last attempt at `at`. */
async function insertDeliveries(count: number, status: string, at: number, next = at): Promise<void> {
  const rows = Array.from({ length: count }, (_, i) => ({
    endpoint_id: endpoint.id,
    event_type: 'plugin.approved',
    msg_id: `msg_old${i}`,
    payload: '{}',
    attempts: 1,
    next_attempt_at: next,
    status,
    create_time: at,
    update_time: at,
  }));
  for (let i = 0; i < rows.length; i += 500)
    await t.app.db.kysely
      .insertInto('webhook_delivery')
      .values(rows.slice(i, i + 500))
      .execute();
}

async function countByStatus(): Promise<Record<string, number>> {
  const rows = await t.app.db.kysely
    .selectFrom('webhook_delivery')
    .select(['status', (eb) => eb.fn.countAll<number>().as('n')])
    .where('endpoint_id', '=', endpoint.id)
    .groupBy('status')
    .execute();
  return Object.fromEntries(rows.map((r) => [r.status, Number(r.n)]));
}

/** Resolves once `done()` holds (checked every 20 ms), with the ms it took; rejects after `limitMs`. */
async function within(limitMs: number, done: () => boolean): Promise<number> {
  const start = Date.now();
  while (!done()) {
    if (Date.now() - start > limitMs) throw new Error(`not within ${limitMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return Date.now() - start;
}

beforeAll(async () => {
  receiver = await startWebhookReceiver({ received, answers });
  base = receiver.origin;
  t = await createTestApp({ webhookRetentionDays: 30 }, { clock: () => now, webhooks: { pollMs: 0 } });
  hooks = t.app.webhooks;
  ({ box } = await loadSecretBox({ dataDir: t.config.dataDir, environmentKey: t.config.secretsKey }));
  const session = await signInTestUser(t.app, { role: 2 });
  admin = { user_id: session.user_info.user_id, role: 2, sid: 'test' } as AuthUser;
  ({ endpoint } = await hooks.createEndpoint(admin, {
    url: `${base}/hook`,
    events: ['plugin.approved'],
    allow_private: true,
  }));
}, 60_000);

afterAll(async () => {
  await t?.close();
  await receiver?.close();
});

describe('retention', () => {
  it('deletes the finished deliveries older than the retention in batches, never a pending one', async () => {
    const old = now - 31 * DAY;
    await insertDeliveries(RETENTION_BATCH * 2 + 7, 'delivered', old);
    await insertDeliveries(5, 'failed', old);
    // Pending since long ago (a retry not yet due, or claimed): kept whatever its age.
    await insertDeliveries(4, 'pending', old, now + 100 * DAY);
    await insertDeliveries(3, 'delivered', now - 29 * DAY);
    await insertDeliveries(2, 'failed', now - 30 * DAY + 1);
    expect(await countByStatus()).toEqual({ delivered: RETENTION_BATCH * 2 + 10, failed: 7, pending: 4 });

    expect(await hooks.runDue()).toBe(0);
    expect(await countByStatus()).toEqual({ delivered: 3, failed: 2, pending: 4 });
  });

  it('sweeps at most once an hour', async () => {
    await insertDeliveries(2, 'delivered', now - 40 * DAY);
    now += RETENTION_SWEEP_MS - 1;
    await hooks.runDue();
    expect((await countByStatus()).delivered).toBe(5);
    now += 1;
    await hooks.runDue();
    expect((await countByStatus()).delivered).toBe(3);
  });

  it('keeps everything with a retention of 0 days', async () => {
    const keeper = new WebhooksService(t.app.db, box, { clock: () => now, pollMs: 0, retentionDays: 0 });
    await insertDeliveries(3, 'failed', now - 400 * DAY);
    const before = await countByStatus();
    now += RETENTION_SWEEP_MS;
    await keeper.runDue();
    expect(await countByStatus()).toEqual(before);
    await keeper.close();
  });

  it('forgets a rotated-out secret once its grace period is over', async () => {
    await hooks.rotateSecret(admin, endpoint.id);
    const stored = () =>
      t.app.db.kysely
        .selectFrom('webhook_endpoint')
        .select(['previous_secret', 'previous_secret_until'])
        .where('id', '=', endpoint.id)
        .executeTakeFirstOrThrow();
    expect((await stored()).previous_secret).not.toBeNull();
    now += DAY;
    await hooks.runDue();
    expect(await stored()).toEqual({ previous_secret: null, previous_secret_until: null });
  });
});

describe('when the worker runs (real clock and timers)', () => {
  const workers: WebhooksService[] = [];
  const worker = (options: ConstructorParameters<typeof WebhooksService>[2]) => {
    const made = new WebhooksService(t.app.db, box, { retentionDays: 0, ...options });
    workers.push(made);
    return made;
  };

  beforeAll(async () => {
    // The rows above carry the fake clock's times; these workers read the real one.
    await t.app.db.kysely.deleteFrom('webhook_delivery').execute();
  });

  afterAll(async () => {
    for (const w of workers) await w.close();
  });

  it('waits at most one minute by default', () => {
    expect(IDLE_POLL_MS).toBe(60_000);
  });

  it('sends at once what this process records, without waiting for its timer', async () => {
    const w = worker({});
    received.length = 0;
    await w.sendTest(endpoint.id);
    expect(await within(2_000, () => received.length === 1)).toBeLessThan(2_000);
    await w.emit('plugin.approved', { plugin_key: 'k' });
    await within(2_000, () => received.length === 2);
    await w.close();
  });

  it('wakes when a retry is due, well before its idle interval', async () => {
    const w = worker({ pollMs: 20_000, retryDelaysMs: [300] });
    received.length = 0;
    answers.push(500);
    await w.sendTest(endpoint.id);
    await within(2_000, () => received.length === 1);
    const took = await within(5_000, () => received.length === 2);
    expect(took).toBeGreaterThanOrEqual(150);
    await w.idle();
    const [last] = (await w.listDeliveries(endpoint.id)).list;
    expect(last).toMatchObject({ status: 'delivered', attempts: 2 });
    await w.close();
  });

  it("sends another process's delivery left behind within the idle interval", async () => {
    const idleMs = 600;
    const w = worker({ pollMs: idleMs });
    // The other process records a delivery and stops before sending it.
    const gone = new WebhooksService(t.app.db, box, { pollMs: 0, retentionDays: 0 });
    await gone.close();
    await new Promise((resolve) => setTimeout(resolve, idleMs)); // w is between two idle passes
    received.length = 0;
    const left = await gone.sendTest(endpoint.id);
    const took = await within(idleMs + 1_500, () => received.length === 1);
    expect(took).toBeLessThanOrEqual(idleMs + 1_500);
    await w.idle();
    expect((await w.listDeliveries(endpoint.id)).list.find((d) => d.id === left.id)).toMatchObject({
      status: 'delivered',
    });
    await w.close();
  });

  it('a closed worker sends nothing more', async () => {
    const w = worker({ pollMs: 200 });
    await w.close();
    received.length = 0;
    await w.sendTest(endpoint.id);
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(received).toEqual([]);
    // Left pending for another process; the next test files start from their own databases.
    await t.app.db.kysely.deleteFrom('webhook_delivery').where('status', '=', 'pending').execute();
  });
});
