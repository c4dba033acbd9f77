/**
 * Webhooks (docs/webhooks.md): administrators register endpoints for events; each event is sent to
 * every enabled endpoint that asked for it, signed the Standard Webhooks way (`delivery.ts`),
 * retried with exponential backoff for a day ({@link RETRY_DELAYS_MS}), and logged with its last
 * response; the back office lists the log and sends a delivery again.
 *
 * {@link WebhooksService} is the one object the app holds: the endpoints' administration
 * (`endpoints.ts`), the delivery log, redelivery and test events (here), and the worker that sends
 * (`worker.ts`). Events are recorded by {@link WebhooksService.emit} after the change they tell of is
 * committed (the review, ratings and publishing domains call it through `emitWebhook`). It never
 * throws: a webhook that cannot be recorded is logged and the change stands.
 *
 * SSRF: `ssrf.ts`, checked on save and before every attempt.
 */
import { PAGE_SIZE } from '@plugin-center/contract';
import { WEBHOOK_RETENTION_DAYS_DEFAULT } from '../config/webhooks';
import type { Database } from '../db/database';
import type { SecretBox } from '../settings/secrets';
import type { AuthUser } from '../shared/auth';
import { decodeCursor, encodeCursor } from '../shared/cursor';
import { type DeliveryRow, deliveryPage, deliveryRow, endpointRow, listEndpointRows } from './data';
import { DELIVERY_TIMEOUT_MS, httpPoster, newMessageId, type Poster } from './delivery';
import {
  type EndpointInput,
  notFound,
  type WebhookEndpoint,
  WebhookEndpoints,
  type WebhookEvent,
} from './endpoints';
import { dnsResolver, type HostResolver } from './ssrf';
import { DeliveryWorker, IDLE_POLL_MS, RETRY_DELAYS_MS, TEST_EVENT, type WebhookLog } from './worker';

export {
  type EndpointInput,
  parseEndpointUrl,
  parseEvents,
  ROTATION_GRACE_MS,
  URL_MAX,
  WEBHOOK_AUDIT_ACTIONS,
  WEBHOOK_EVENTS,
  type WebhookEndpoint,
  type WebhookEvent,
} from './endpoints';
export {
  CLAIM_LEASE_MS,
  IDLE_POLL_MS,
  RETENTION_BATCH,
  RETENTION_SWEEP_MS,
  RETRY_DELAYS_MS,
  TEST_EVENT,
  type WebhookLog,
} from './worker';

/** One delivery in the log. */
export interface WebhookDelivery {
  id: number;
  endpoint_id: number;
  event_type: string;
  /** `msg_…`, the `webhook-id` header. */
  msg_id: string;
  /** The JSON body sent. */
  payload: string;
  attempts: number;
  /** `pending` | `delivered` | `failed` */
  status: string;
  /** ms; when it is pending, the next attempt. */
  next_attempt_at: number;
  response_status: number | null;
  /** First 2 KB of the last response's body. */
  response_body: string | null;
  last_error: string | null;
  /** ms */
  create_time: number;
  /** ms */
  update_time: number;
}

/** Options of {@link WebhooksService}. */
export interface WebhooksOptions {
  /** Current time, ms (default `Date.now`). */
  clock?: () => number;
  /** The waits between attempts, ms (default {@link RETRY_DELAYS_MS}). */
  retryDelaysMs?: readonly number[];
  /** Host name resolution (default `node:dns` lookup, all addresses). */
  resolve?: HostResolver;
  /** Sends one attempt (default {@link httpPoster}). */
  post?: Poster;
  /** The time one attempt may take, ms (default {@link DELIVERY_TIMEOUT_MS}, 10 s). */
  timeoutMs?: number;
  /**
   * The longest wait between the worker's passes, ms (default {@link IDLE_POLL_MS}, 1 minute; a pass
   * also runs when this process records a delivery and when the next pending one is due); 0: no
   * timer, passes only when this process records a delivery (tests call `runDue`).
   */
  pollMs?: number;
  /**
   * Days a delivered or failed delivery stays in the log (`WEBHOOK_RETENTION_DAYS`, default
   * 30); 0: forever.
   */
  retentionDays?: number;
  log?: WebhookLog;
}

/** Ids are int32 on PostgreSQL. */
const ID_MAX = 2_147_483_647;

function toDelivery(row: DeliveryRow): WebhookDelivery {
  return {
    id: row.id,
    endpoint_id: row.endpoint_id,
    event_type: row.event_type,
    msg_id: row.msg_id,
    payload: row.payload,
    attempts: row.attempts,
    status: row.status,
    next_attempt_at: Number(row.next_attempt_at),
    response_status: row.response_status,
    response_body: row.response_body,
    last_error: row.last_error,
    create_time: Number(row.create_time),
    update_time: Number(row.update_time),
  };
}

/** Webhook endpoints, deliveries and the worker of one database. */
export class WebhooksService {
  private readonly clock: () => number;
  private readonly log: WebhookLog | undefined;
  private readonly endpoints: WebhookEndpoints;
  private readonly worker: DeliveryWorker;

  constructor(
    private readonly db: Database,
    box: SecretBox,
    options: WebhooksOptions = {},
  ) {
    this.clock = options.clock ?? Date.now;
    this.log = options.log;
    const resolve = options.resolve ?? dnsResolver;
    this.endpoints = new WebhookEndpoints(db, box, this.clock, resolve);
    this.worker = new DeliveryWorker(db, box, {
      clock: this.clock,
      delays: options.retryDelaysMs ?? RETRY_DELAYS_MS,
      resolve,
      post: options.post ?? httpPoster,
      timeoutMs: options.timeoutMs ?? DELIVERY_TIMEOUT_MS,
      pollMs: options.pollMs ?? IDLE_POLL_MS,
      retentionMs: (options.retentionDays ?? WEBHOOK_RETENTION_DAYS_DEFAULT) * 86_400_000,
      log: this.log,
    });
  }

  /** Logs a failure to record `type` (never throws). */
  warn(error: unknown, type: string): void {
    this.log?.warn({ err: error, type }, 'recording a webhook failed');
  }

  /**
   * Stops the worker: no new pass or attempt starts; resolves once the attempt under way (at most
   * the 10 s timeout) has recorded its result, so the database can close after it.
   */
  close(): Promise<void> {
    return this.worker.close();
  }

  /** Every endpoint, oldest first. */
  listEndpoints(): Promise<WebhookEndpoint[]> {
    return this.endpoints.list();
  }

  /**
   * Registers an endpoint; its secret (`whsec_…`) is returned here only.
   * @throws ApiError 400 INVALID_PARAMETER (field `url` or `events`; `url` also for the SSRF rule)
   */
  createEndpoint(
    admin: AuthUser,
    input: EndpointInput,
  ): Promise<{ endpoint: WebhookEndpoint; secret: string }> {
    return this.endpoints.create(admin, input);
  }

  /**
   * Changes an endpoint (the fields given).
   * @throws ApiError 404 WEBHOOK_NOT_FOUND, 400 INVALID_PARAMETER as {@link createEndpoint}
   */
  updateEndpoint(admin: AuthUser, id: number, input: Partial<EndpointInput>): Promise<WebhookEndpoint> {
    return this.endpoints.update(admin, id, input);
  }

  /**
   * Gives the endpoint a new signing secret (`whsec_…`, returned here only); the one it replaces
   * still signs beside it for 24 h (`ROTATION_GRACE_MS`). Audit-logged. @throws ApiError 404 WEBHOOK_NOT_FOUND
   */
  rotateSecret(admin: AuthUser, id: number): Promise<{ endpoint: WebhookEndpoint; secret: string }> {
    return this.endpoints.rotate(admin, id);
  }

  /** Deletes an endpoint and its log. @throws ApiError 404 WEBHOOK_NOT_FOUND */
  deleteEndpoint(admin: AuthUser, id: number): Promise<{ id: number }> {
    return this.endpoints.delete(admin, id);
  }

  /**
   * A page of an endpoint's deliveries, newest first ({@link PAGE_SIZE} DEFAULT, 20); `cursor` from the page before.
   * @throws ApiError 404 WEBHOOK_NOT_FOUND, 400 INVALID_CURSOR
   */
  async listDeliveries(
    endpointId: number,
    cursor?: string,
  ): Promise<{ list: WebhookDelivery[]; next_cursor: string | null }> {
    if (!(await endpointRow(this.db.kysely, endpointId))) throw notFound('endpoint', endpointId);
    const fingerprint = `webhook-delivery:${endpointId}`;
    const before = cursor ? Math.min(decodeCursor(cursor, fingerprint, 1)[0]!, ID_MAX) : ID_MAX;
    const rows = await deliveryPage(this.db.kysely, endpointId, before, PAGE_SIZE.DEFAULT + 1);
    const list = rows.slice(0, PAGE_SIZE.DEFAULT).map(toDelivery);
    const last = list.at(-1);
    return {
      list,
      next_cursor: rows.length > PAGE_SIZE.DEFAULT && last ? encodeCursor(fingerprint, [last.id]) : null,
    };
  }

  /**
   * Sends a delivery again: a new delivery of the same message (same `webhook-id`, so a receiver
   * that has it can tell), due now. @throws ApiError 404 WEBHOOK_NOT_FOUND
   */
  async redeliver(id: number): Promise<WebhookDelivery> {
    const row = await deliveryRow(this.db.kysely, id);
    if (!row) throw notFound('delivery', id);
    const copy = await this.insertDelivery(row.endpoint_id, row.event_type, row.payload, row.msg_id);
    this.worker.kick();
    return copy;
  }

  /** Sends the event `webhook.test` to one endpoint (whatever its events). @throws ApiError 404 WEBHOOK_NOT_FOUND */
  async sendTest(endpointId: number): Promise<WebhookDelivery> {
    if (!(await endpointRow(this.db.kysely, endpointId))) throw notFound('endpoint', endpointId);
    const body = this.body(TEST_EVENT, { message: 'A test event from Plugin Center.' });
    const delivery = await this.insertDelivery(endpointId, TEST_EVENT, body, newMessageId());
    this.worker.kick();
    return delivery;
  }

  private body(type: string, data: Record<string, unknown>): string {
    return JSON.stringify({ type, timestamp: new Date(this.clock()).toISOString(), data });
  }

  private async insertDelivery(
    endpointId: number,
    type: string,
    payload: string,
    msgId: string,
  ): Promise<WebhookDelivery> {
    const now = this.clock();
    const row = await this.db.kysely
      .insertInto('webhook_delivery')
      .values({
        endpoint_id: endpointId,
        event_type: type,
        msg_id: msgId,
        payload,
        next_attempt_at: now,
        status: 'pending',
        create_time: now,
        update_time: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return toDelivery(row);
  }

  /**
   * Records `type` for every enabled endpoint that asked for it, and starts sending. Never throws
   * (a failure is logged).
   * @param data - the payload's `data` (plugin_key, plugin_name, version, …)
   */
  async emit(type: WebhookEvent, data: Record<string, unknown>): Promise<void> {
    try {
      const endpoints = (await listEndpointRows(this.db.kysely)).filter(
        (e) => e.enabled === 1 && (JSON.parse(e.events) as string[]).includes(type),
      );
      if (endpoints.length === 0) return;
      const body = this.body(type, data);
      for (const endpoint of endpoints) await this.insertDelivery(endpoint.id, type, body, newMessageId());
      this.worker.kick();
    } catch (error) {
      this.warn(error, type);
    }
  }

  /**
   * One pass of the worker: claims the due deliveries and attempts each once.
   * @returns the number of attempts made
   */
  runDue(): Promise<number> {
    return this.worker.runDue();
  }

  /** Waits for the worker's pass under way, if any (tests). */
  idle(): Promise<void> {
    return this.worker.idle();
  }
}
