/**
 * The webhooks' delivery worker (docs/webhooks.md, "Delivery and retries"): an in-process timer
 * (unref'd, stopped by {@link DeliveryWorker.close}) and the passes it runs, which claim each due
 * delivery (`claimDelivery`: of several processes on one database, one claims each due row), attempt
 * it once, signed the Standard Webhooks way (`delivery.ts`) after the SSRF check (`ssrf.ts`), and
 * record the result with the next attempt of the retry schedule ({@link RETRY_DELAYS_MS}).
 */
import type { Database } from '../db/database';
import type { SecretBox } from '../settings/secrets';
import { claimDelivery, deliveryRow, dueDeliveryIds, endpointRow } from './data';
import { type Poster, RESPONSE_BODY_MAX, signatures } from './delivery';
import { SECRET_CONTEXT } from './endpoints';
import { type HostResolver, vetHost } from './ssrf';

/** The event of a test sent from the back office (to one endpoint, whatever its events). */
export const TEST_EVENT = 'webhook.test';

/**
 * The waits after each failed attempt, ms: 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, then what is left of
 * 24 h — eight attempts, the last one 24 h after the first; after it the delivery is `failed`.
 */
export const RETRY_DELAYS_MS: readonly number[] = (() => {
  const delays = [5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000];
  return [...delays, 86_400_000 - delays.reduce((a, b) => a + b, 0)];
})();

/** How long a claimed attempt holds its row before another process may try it, ms. */
export const CLAIM_LEASE_MS = 60_000;
/** How often the worker looks for due deliveries, ms. */
export const POLL_INTERVAL_MS = 5_000;
/** Due deliveries one pass of the worker takes at most. */
const BATCH = 20;

/** What the service logs (Fastify's logger fits). */
export interface WebhookLog {
  warn(object: object, message: string): void;
}

/** What the worker needs from the service's options, defaults applied. */
export interface WorkerSettings {
  clock: () => number;
  delays: readonly number[];
  resolve: HostResolver;
  post: Poster;
  timeoutMs: number;
  /** The timer's interval, ms; 0: no timer. */
  pollMs: number;
  log: WebhookLog | undefined;
}

/** The delivery worker of one database. */
export class DeliveryWorker {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<number> | undefined;
  private closed = false;
  private again = false;

  constructor(
    private readonly db: Database,
    private readonly box: SecretBox,
    private readonly settings: WorkerSettings,
  ) {
    if (settings.pollMs > 0) {
      this.timer = setInterval(() => this.kick(), settings.pollMs);
      this.timer.unref();
    }
  }

  /**
   * Stops the worker: no new pass or attempt starts; resolves once the attempt under way (at most
   * the 10 s timeout) has recorded its result, so the database can close after it.
   */
  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await this.idle();
  }

  /** Starts a pass of the worker unless one runs. */
  kick(): void {
    if (this.closed) return;
    if (this.running) {
      // Something became due during the pass: one more pass after it.
      this.again = true;
      return;
    }
    this.running = this.runDue()
      .catch((error: unknown) => {
        this.settings.log?.warn({ err: error }, 'webhook worker pass failed');
        return 0;
      })
      .finally(() => {
        this.running = undefined;
        if (this.again) {
          this.again = false;
          this.kick();
        }
      });
  }

  /**
   * One pass of the worker: claims the due deliveries and attempts each once.
   * @returns the number of attempts made
   */
  async runDue(): Promise<number> {
    const now = this.settings.clock();
    let attempts = 0;
    for (const id of await dueDeliveryIds(this.db.kysely, now, BATCH)) {
      if (this.closed) break;
      if (!(await claimDelivery(this.db.kysely, id, now, now + CLAIM_LEASE_MS))) continue;
      await this.attempt(id);
      attempts++;
    }
    return attempts;
  }

  /** Waits for the worker's pass under way, if any (tests). */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  /** One attempt of a claimed delivery, and its result recorded. */
  private async attempt(id: number): Promise<void> {
    const { clock, delays } = this.settings;
    const row = await deliveryRow(this.db.kysely, id);
    if (!row) return; // its endpoint was deleted (with its log) since the claim
    const endpoint = await endpointRow(this.db.kysely, row.endpoint_id);
    let result: { ok: boolean; status: number | null; body: string | null; error: string | null };
    // No endpoint, or a disabled one: the delivery ends here (failed), without retries.
    let stop = false;
    if (!endpoint) {
      result = { ok: false, status: null, body: null, error: 'the endpoint was deleted' };
      stop = true;
    } else if (endpoint.enabled !== 1 && row.event_type !== TEST_EVENT) {
      result = { ok: false, status: null, body: null, error: 'the endpoint is disabled' };
      stop = true;
    } else {
      try {
        const url = new URL(endpoint.url);
        const address = await vetHost(url, endpoint.allow_private === 1, this.settings.resolve);
        const timestamp = Math.floor(clock() / 1000);
        const secrets = [endpoint.secret];
        // The secret a rotation replaced signs too during its grace period (docs/webhooks.md).
        if (endpoint.previous_secret !== null && Number(endpoint.previous_secret_until) > clock())
          secrets.push(endpoint.previous_secret);
        const keys = secrets.map((sealed) => Buffer.from(this.box.open(sealed, SECRET_CONTEXT), 'base64'));
        result = await this.settings.post(
          url,
          address,
          {
            'content-type': 'application/json',
            'user-agent': 'Plugin-Center-Webhooks/1',
            'webhook-id': row.msg_id,
            'webhook-timestamp': String(timestamp),
            'webhook-signature': signatures(keys, row.msg_id, timestamp, row.payload),
          },
          row.payload,
          this.settings.timeoutMs,
        );
      } catch (error) {
        result = { ok: false, status: null, body: null, error: (error as Error).message };
      }
    }
    const attempts = row.attempts + 1;
    const now = clock();
    const final = result.ok || stop || attempts > delays.length;
    await this.db.kysely
      .updateTable('webhook_delivery')
      .set({
        attempts,
        status: result.ok ? 'delivered' : final ? 'failed' : 'pending',
        next_attempt_at: final ? now : now + delays[attempts - 1]!,
        response_status: result.status,
        response_body: result.body === null ? null : result.body.slice(0, RESPONSE_BODY_MAX),
        last_error: result.error === null ? null : result.error.slice(0, 500),
        update_time: now,
      })
      .where('id', '=', id)
      .execute();
  }
}
