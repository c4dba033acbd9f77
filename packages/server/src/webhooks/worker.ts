/**
 * The webhooks' delivery worker (docs/webhooks.md, "Delivery and retries"): the passes that claim
 * each due delivery (`claimDelivery`: of several processes on one database, one claims each due
 * row), attempt it once, signed the Standard Webhooks way (`delivery.ts`) after the SSRF check
 * (`ssrf.ts`), and record the result with the next attempt of the retry schedule
 * ({@link RETRY_DELAYS_MS}); every hour a pass also deletes the finished deliveries older than the
 * retention, in batches.
 *
 * When passes run: at once when this process records a delivery ({@link DeliveryWorker.kick}), and
 * otherwise on one unref'd timer set after each pass for the next pending delivery's due time, but
 * never later than {@link IDLE_POLL_MS} (1 minute). So an idle server (no endpoint, nothing pending)
 * reads the database once a minute, a retry is attempted when it is due, and a delivery that another
 * process recorded but did not send (it stopped) is sent within a minute of being due.
 */
import type { Database } from '../db/database';
import type { SecretBox } from '../settings/secrets';
import {
  claimDelivery,
  clearExpiredPreviousSecrets,
  deleteFinishedBefore,
  deliveryRow,
  dueDeliveryIds,
  endpointRow,
  nextPendingAt,
} from './data';
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
/**
 * The longest the worker waits between passes, ms (1 minute): how late, at most, it notices a
 * delivery another process recorded or left due.
 */
export const IDLE_POLL_MS = 60_000;
/** The first pass after start, ms (at most; sooner with a shorter `pollMs`). */
const START_DELAY_MS = 5_000;
/** The shortest wait between passes, ms, so a row due again at once cannot spin the timer. */
const MIN_WAIT_MS = 100;
/** Due deliveries one pass of the worker takes at most. */
const BATCH = 20;
/** How often a pass deletes the deliveries older than the retention, ms (1 hour). */
export const RETENTION_SWEEP_MS = 3_600_000;
/** Rows one DELETE of the retention sweep removes at most. */
export const RETENTION_BATCH = 500;

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
  /** The longest wait between passes, ms ({@link IDLE_POLL_MS}); 0: no timer (passes on `kick` only). */
  pollMs: number;
  /** How long a finished delivery stays in the log, ms; 0: forever. */
  retentionMs: number;
  log: WebhookLog | undefined;
}

/** The delivery worker of one database. */
export class DeliveryWorker {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<number> | undefined;
  private closed = false;
  private again = false;
  /** When the last retention sweep ran (the injected clock, ms). */
  private lastSweep = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly db: Database,
    private readonly box: SecretBox,
    private readonly settings: WorkerSettings,
  ) {
    if (settings.pollMs > 0) this.wakeIn(Math.min(settings.pollMs, START_DELAY_MS));
  }

  /** Sets the one timer to start a pass in `ms` (replacing the one set before). */
  private wakeIn(ms: number): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => this.kick(), ms);
    this.timer.unref();
  }

  /**
   * After a pass: the timer for the next pending delivery's due time, at most `pollMs` away (at
   * least {@link MIN_WAIT_MS}); `pollMs` when the database cannot say.
   */
  private async schedule(): Promise<void> {
    const { pollMs, clock } = this.settings;
    if (this.closed || pollMs <= 0) return;
    let wait = pollMs;
    try {
      const next = await nextPendingAt(this.db.kysely);
      if (next !== null) wait = Math.min(pollMs, Math.max(MIN_WAIT_MS, next - clock()));
    } catch (error) {
      this.settings.log?.warn({ err: error }, 'webhook worker could not read its next due time');
    }
    if (!this.closed) this.wakeIn(wait);
  }

  /**
   * Stops the worker: no new pass or attempt starts; resolves once the attempt under way (at most
   * the 10 s timeout) has recorded its result, so the database can close after it.
   */
  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    await this.idle();
  }

  /**
   * Starts a pass of the worker unless one runs (then one more follows it); called when this
   * process records a delivery, and by the timer.
   */
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
      .then(async (attempts) => {
        if (!this.again) await this.schedule();
        return attempts;
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
   * One pass of the worker: the retention sweep when an hour has passed since the last one
   * ({@link sweep}), then claims the due deliveries and attempts each once.
   * @returns the number of attempts made
   */
  async runDue(): Promise<number> {
    const now = this.settings.clock();
    if (now - this.lastSweep >= RETENTION_SWEEP_MS) {
      this.lastSweep = now;
      await this.sweep(now);
    }
    let attempts = 0;
    for (const id of await dueDeliveryIds(this.db.kysely, now, BATCH)) {
      if (this.closed) break;
      if (!(await claimDelivery(this.db.kysely, id, now, now + CLAIM_LEASE_MS))) continue;
      await this.attempt(id);
      attempts++;
    }
    return attempts;
  }

  /**
   * Deletes the finished (`delivered`, `failed`) deliveries whose last attempt is older than the
   * retention, {@link RETENTION_BATCH} rows a statement until none is left (pending ones never);
   * forgets the previous secrets whose rotation grace period has ended.
   * @returns the number of deliveries deleted
   */
  async sweep(now: number): Promise<number> {
    await clearExpiredPreviousSecrets(this.db.kysely, now);
    const { retentionMs } = this.settings;
    if (retentionMs <= 0) return 0;
    let deleted = 0;
    for (;;) {
      const batch = await deleteFinishedBefore(this.db.kysely, now - retentionMs, RETENTION_BATCH);
      deleted += batch;
      if (batch < RETENTION_BATCH || this.closed) return deleted;
    }
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
